//! The reading half of the derive protocol, over the CBOR [`Reader`]'s own methods.

use crate::header::{self, major};
use crate::{ErrorKind, Items, KeyBuf, Reader, Result};

/// What [`begin_object`] hands to [`next_member`]: the map's entries, a count or "until the
/// break".
pub type ObjectState = Items;

/// What [`begin_tuple`] hands to [`tuple_next`] and [`end_tuple`]: the array's items, a count
/// or "until the break".
pub type TupleState = Items;

/// Enters a map (tags before it passed over): `Some` if an entry follows, `None` if it has
/// none (and has been left). [`ErrorKind::WrongType`] if no map starts here.
///
/// ```
/// let mut r = structio_cbor::Reader::new(&[0xbf, 0xff]); // {_ }
/// assert_eq!(structio_cbor::__derive::begin_object(&mut r).unwrap(), None);
/// assert_eq!(r.offset(), 2);
/// ```
#[inline(always)]
pub fn begin_object(r: &mut Reader<'_>) -> Result<Option<ObjectState>> {
    let mut entries = r.begin_map()?;
    Ok(if r.next(&mut entries)? {
        Some(entries)
    } else {
        None
    })
}

/// Whether a text string starts here (a unit variant's name); tags before it are passed over.
///
/// ```
/// let mut r = structio_cbor::Reader::new(&[0x62, b'O', b'n']);
/// assert!(structio_cbor::__derive::is_string(&mut r).unwrap());
/// ```
#[inline(always)]
pub fn is_string(r: &mut Reader<'_>) -> Result<bool> {
    let mut b = r.peek()?;
    if major(b) == header::TAG {
        r.skip_tags()?;
        b = r.peek()?;
    }
    Ok(major(b) == header::TEXT)
}

/// A text string value's bytes (a tag, a unit variant), checked UTF-8, with the key-buffer
/// rule of [`member_key`].
///
/// ```
/// use structio_cbor::__derive as p;
/// let mut r = structio_cbor::Reader::new(&[0x62, b'O', b'n']);
/// assert_eq!(p::read_str_key(&mut r, &mut p::KeyBuf::new()).unwrap(), b"On");
/// ```
#[inline(always)]
pub fn read_str_key<'de: 'k, 'k>(r: &mut Reader<'de>, scratch: &'k mut KeyBuf) -> Result<&'k [u8]> {
    r.read_key(scratch)
}

structio_core::__derive_counted_items! {
    krate: structio_cbor,
    next_member(&[0xa1, 0x61, b'a', 0xf6]): {
        /// After a member's value: `true` if another entry follows, `false` once the map has ended
        /// (and been left: an indefinite length's break consumed).
    },
    member_key(&[0x7f, 0x61, b'i', 0x61, b'd', 0xff]): {
        /// A member's key: a text string, borrowed from the input, or assembled in `scratch` when it
        /// comes in indefinite-length chunks ([`ErrorKind::KeyTooLong`] past its capacity). A key
        /// that is not text is [`ErrorKind::WrongType`].
    },
    variant_index(&[0x00]): {
        /// A variant named by its index rather than its name: CBOR has no such convention, so
        /// `None` (nothing consumed).
    },
    begin(&[0x80]): {
        /// Enters an array (tags before it passed over) that must hold exactly `n` items: a definite
        /// length is checked here ([`ErrorKind::TooFewElements`] / [`ErrorKind::TooManyElements`] at
        /// the head); an indefinite one as the items come (at the break, or at the item past `n`).
        /// With `n > 0`, the first item is known to be there on return.
    },
    next: {
        /// Between two items of a tuple: the next must be there ([`ErrorKind::TooFewElements`] at an
        /// indefinite length's break).
        ///
        /// ```
        /// use structio_cbor::__derive as p;
        /// let mut r = structio_cbor::Reader::new(&[0x9f, 0x01, 0xff]); // [_ 1]
        /// let mut st = p::begin_tuple(&mut r, 2).unwrap();
        /// r.skip_value().unwrap();
        /// assert_eq!(p::tuple_next(&mut r, &mut st).unwrap_err().kind(), structio_cbor::ErrorKind::TooFewElements);
        /// ```
    },
    end: {
        /// After the last of the items: the array must end here ([`ErrorKind::TooManyElements`]
        /// at its head otherwise); leaves it.
        ///
        /// ```
        /// use structio_cbor::__derive as p;
        /// let mut r = structio_cbor::Reader::new(&[0x9f, 0x01, 0x02, 0xff]); // [_ 1, 2]
        /// let st = p::begin_tuple(&mut r, 1).unwrap();
        /// r.skip_value().unwrap();
        /// assert_eq!(p::end_tuple(&mut r, st, 1).unwrap_err().kind(), structio_cbor::ErrorKind::TooManyElements);
        /// ```
    },
    key_str: {
        /// A map key naming a unit variant (an enum as a map key), a text string (chunks decoded into `scratch`).
    },
}

