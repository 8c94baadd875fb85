//! The reading half of the derive protocol, over the BEVE [`Reader`]'s own methods.

use crate::{ErrorKind, Reader, Result};

/// Where [`member_key`] may decode a key: BEVE keys are slices of the input, so it holds
/// nothing.
///
/// ```
/// let _ = structio_beve::__derive::KeyBuf::new();
/// ```
#[derive(Debug, Default)]
pub struct KeyBuf;

impl KeyBuf {
    /// The (empty) buffer.
    ///
    /// ```
    /// let _ = structio_beve::__derive::KeyBuf::new();
    /// ```
    #[inline(always)]
    pub const fn new() -> Self {
        KeyBuf
    }
}

/// What [`begin_object`] hands to [`next_member`]: the members not yet read, counting the one
/// being read.
pub type ObjectState = usize;

/// Enters an object (header `0x03`): `Some` if a member follows, `None` if it has none (and has
/// been left).
///
/// ```
/// let mut r = structio_beve::Reader::new(&[0x03, 0x00]);
/// assert_eq!(structio_beve::__derive::begin_object(&mut r).unwrap(), None);
/// ```
#[inline(always)]
pub fn begin_object(r: &mut Reader<'_>) -> Result<Option<ObjectState>> {
    let n = r.begin_object()?;
    if n == 0 {
        r.end_object();
        return Ok(None);
    }
    Ok(Some(n))
}

/// After a member's value: `true` if another member follows, `false` once the count is done
/// (and the object left).
///
/// ```
/// use structio_beve::__derive as p;
/// let mut r = structio_beve::Reader::new(&[0x03, 0x04, 0x04, b'a', 0x00]);
/// let mut st = p::begin_object(&mut r).unwrap().unwrap();
/// p::member_key(&mut r, &mut p::KeyBuf::new()).unwrap();
/// r.skip_value().unwrap();
/// assert!(!p::next_member(&mut r, &mut st).unwrap());
/// ```
#[inline(always)]
pub fn next_member(r: &mut Reader<'_>, st: &mut ObjectState) -> Result<bool> {
    *st -= 1;
    if *st == 0 {
        r.end_object();
        return Ok(false);
    }
    Ok(true)
}

/// A member's key (`SIZE | bytes`), a slice of the input.
///
/// ```
/// use structio_beve::__derive as p;
/// let mut r = structio_beve::Reader::new(&[0x08, b'i', b'd']);
/// assert_eq!(p::member_key(&mut r, &mut p::KeyBuf::new()).unwrap(), b"id");
/// ```
#[inline(always)]
pub fn member_key<'de: 'k, 'k>(r: &mut Reader<'de>, _scratch: &'k mut KeyBuf) -> Result<&'k [u8]> {
    r.object_key()
}

/// Steps over the next member's key if it is exactly `key`, the writer's encoding of a name
/// (from [`encode_key`](super::encode_key)), and says whether it did; nothing is consumed
/// otherwise. A key written any other way (a wider SIZE) is left for [`member_key`].
///
/// ```
/// use structio_beve::__derive as p;
/// let mut r = structio_beve::Reader::new(&[0x08, b'i', b'd']);
/// assert!(!p::member_key_is(&mut r, &[0x08, b'i', b'c']));
/// assert!(p::member_key_is(&mut r, &[0x08, b'i', b'd']));
/// assert_eq!(r.remaining(), 0);
/// ```
#[inline(always)]
pub fn member_key_is(r: &mut Reader<'_>, key: &[u8]) -> bool {
    r.skip_literal(key)
}

/// Whether a string starts here (a unit variant's name).
///
/// ```
/// let mut r = structio_beve::Reader::new(&[0x02, 0x00]);
/// assert!(structio_beve::__derive::is_string(&mut r).unwrap());
/// ```
#[inline(always)]
pub fn is_string(r: &mut Reader<'_>) -> Result<bool> {
    Ok(r.peek_header()? & 7 == 2)
}

structio_core::__derive_read_str_key!(structio_beve, &[0x02, 0x08, b'O', b'n']);

/// A variant named by its index: the deprecated Version 1 type tag (header `0x0e`, then a
/// SIZE), still accepted on read. `None` (nothing consumed) for anything else.
///
/// ```
/// let mut r = structio_beve::Reader::new(&[0x0e, 0x04, 0x00]);
/// assert_eq!(structio_beve::__derive::variant_index(&mut r).unwrap(), Some(1));
/// ```
#[inline(always)]
pub fn variant_index(r: &mut Reader<'_>) -> Result<Option<usize>> {
    r.type_tag()
}

/// What [`begin_tuple`] hands to [`tuple_next`] and [`end_tuple`]: BEVE needs nothing (the
/// count is checked up front).
pub type TupleState = ();

/// Enters a generic array (`0x05`) that must hold exactly `n` elements
/// ([`ErrorKind::TooFewElements`], [`ErrorKind::TooManyElements`]).
///
/// ```
/// use structio_beve::__derive as p;
/// let mut r = structio_beve::Reader::new(&[0x05, 0x00]);
/// assert_eq!(p::begin_tuple(&mut r, 1).unwrap_err().kind(), structio_beve::ErrorKind::TooFewElements);
/// ```
#[inline(always)]
pub fn begin_tuple(r: &mut Reader<'_>, n: usize) -> Result<TupleState> {
    let len = r.begin_array()?;
    if len < n {
        return Err(r.error(ErrorKind::TooFewElements));
    }
    if len > n {
        return Err(r.error(ErrorKind::TooManyElements));
    }
    Ok(())
}

/// Between two elements of a tuple: nothing (the count was checked up front).
///
/// ```
/// let mut r = structio_beve::Reader::new(&[]);
/// structio_beve::__derive::tuple_next(&mut r, &mut ()).unwrap();
/// ```
#[inline(always)]
pub fn tuple_next(_r: &mut Reader<'_>, _st: &mut TupleState) -> Result<()> {
    Ok(())
}

/// After the last element: leaves the array.
///
/// ```
/// use structio_beve::__derive as p;
/// let mut r = structio_beve::Reader::new(&[0x05, 0x00]);
/// let st = p::begin_tuple(&mut r, 0).unwrap();
/// p::end_tuple(&mut r, st, 0).unwrap();
/// ```
#[inline(always)]
pub fn end_tuple(r: &mut Reader<'_>, _st: TupleState, _n: usize) -> Result<()> {
    r.end_array();
    Ok(())
}

/// A map key naming a unit variant (an enum as a map key), in a string-keyed object: `SIZE | bytes`, no header.
#[inline(always)]
pub fn read_key_str<'de: 'k, 'k>(
    r: &mut Reader<'de>,
    _scratch: &'k mut KeyBuf,
) -> Result<&'k [u8]> {
    r.object_key()
}
