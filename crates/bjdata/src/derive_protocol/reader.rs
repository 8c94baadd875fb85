//! The reading half of the derive protocol, over the BJData [`Reader`]'s own methods.

use crate::read::Items;
use crate::{header, ErrorKind, KeyBuf, Reader, Result};

/// What [`begin_object`] hands to [`next_member`]: the object's children (a count, or "until
/// `}`"), and its element type.
pub type ObjectState = Items;

/// Enters an object: `Some` if a member follows, `None` if it has none (and has been left).
///
/// ```
/// let mut r = structio_bjdata::Reader::new(b"{}");
/// assert!(structio_bjdata::__derive::begin_object(&mut r).unwrap().is_none());
/// ```
#[inline(always)]
pub fn begin_object(r: &mut Reader<'_>) -> Result<Option<ObjectState>> {
    let mut items = r.begin_object()?;
    if !r.next(&mut items)? {
        return Ok(None);
    }
    Ok(Some(items))
}

/// Whether a string starts here (a unit variant's name).
///
/// ```
/// let mut r = structio_bjdata::Reader::new(b"SU\x00");
/// assert!(structio_bjdata::__derive::is_string(&mut r).unwrap());
/// ```
#[inline(always)]
pub fn is_string(r: &mut Reader<'_>) -> Result<bool> {
    Ok(matches!(r.peek_marker()?, header::STRING | header::CHAR))
}

structio_core::__derive_read_str_key!(structio_bjdata, b"SU\x02On");

/// What [`begin_tuple`] hands to [`tuple_next`] and [`end_tuple`]: the array's children (a
/// count, or "until `]`"), and its element type.
pub type TupleState = Items;

structio_core::__derive_counted_items! {
    krate: structio_bjdata,
    next_member(b"{U\x01aZ}"): {
        /// After a member's value: `true` if another member follows, `false` once the object has
        /// ended (and been left).
    },
    member_key(b"U\x02id"): {
        /// A member's key (a length and bytes), a slice of the input.
    },
    variant_index(b"U\x01"): {
        /// A variant named by its index: BJData has none, so always `None`.
    },
    begin(b"[#U\x00"): {
        /// Enters an array that must hold exactly `n` elements ([`ErrorKind::TooFewElements`],
        /// [`ErrorKind::TooManyElements`]; a count is checked at once, an end marker when it comes)
        /// and steps to the first.
    },
    next: {
        /// Between two elements: the next must be there (a typed array's marker is set for it).
        ///
        /// ```
        /// use structio_bjdata::__derive as p;
        /// let mut r = structio_bjdata::Reader::new(b"[ZZ]");
        /// let mut st = p::begin_tuple(&mut r, 2).unwrap();
        /// r.read_null().unwrap();
        /// p::tuple_next(&mut r, &mut st).unwrap();
        /// r.read_null().unwrap();
        /// p::end_tuple(&mut r, st, 2).unwrap();
        /// ```
    },
    end: {
        /// After the last element: the array must end here ([`ErrorKind::TooManyElements`] at its
        /// start otherwise); it is left.
        ///
        /// ```
        /// use structio_bjdata::__derive as p;
        /// let mut r = structio_bjdata::Reader::new(b"[ZZ]");
        /// let st = p::begin_tuple(&mut r, 1).unwrap();
        /// r.read_null().unwrap();
        /// assert!(p::end_tuple(&mut r, st, 1).is_err());
        /// ```
    },
    key_str: {
        /// A map key naming a unit variant (an enum as a map key), its length and bytes, no marker.
    },
}

