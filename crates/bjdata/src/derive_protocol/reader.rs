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

/// After a member's value: `true` if another member follows, `false` once the object has
/// ended (and been left).
///
/// ```
/// use structio_bjdata::__derive as p;
/// let mut r = structio_bjdata::Reader::new(b"{U\x01aZ}");
/// let mut st = p::begin_object(&mut r).unwrap().unwrap();
/// p::member_key(&mut r, &mut p::KeyBuf::new()).unwrap();
/// r.skip_value().unwrap();
/// assert!(!p::next_member(&mut r, &mut st).unwrap());
/// ```
#[inline(always)]
pub fn next_member(r: &mut Reader<'_>, st: &mut ObjectState) -> Result<bool> {
    r.next(st)
}

/// A member's key (a length and bytes), a slice of the input.
///
/// ```
/// use structio_bjdata::__derive as p;
/// let mut r = structio_bjdata::Reader::new(b"U\x02id");
/// assert_eq!(p::member_key(&mut r, &mut p::KeyBuf::new()).unwrap(), b"id");
/// ```
#[inline(always)]
pub fn member_key<'de: 'k, 'k>(r: &mut Reader<'de>, scratch: &'k mut KeyBuf) -> Result<&'k [u8]> {
    r.read_key(scratch)
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

/// A string value's bytes (a tag, a unit variant), checked UTF-8.
///
/// ```
/// use structio_bjdata::__derive as p;
/// let mut r = structio_bjdata::Reader::new(b"SU\x02On");
/// assert_eq!(p::read_str_key(&mut r, &mut p::KeyBuf::new()).unwrap(), b"On");
/// ```
#[inline(always)]
pub fn read_str_key<'de: 'k, 'k>(
    r: &mut Reader<'de>,
    _scratch: &'k mut KeyBuf,
) -> Result<&'k [u8]> {
    Ok(r.read_str()?.as_bytes())
}

/// A variant named by its index: BJData has none, so always `None`.
///
/// ```
/// let mut r = structio_bjdata::Reader::new(b"U\x01");
/// assert_eq!(structio_bjdata::__derive::variant_index(&mut r).unwrap(), None);
/// ```
#[inline(always)]
pub fn variant_index(_r: &mut Reader<'_>) -> Result<Option<usize>> {
    Ok(None)
}

/// What [`begin_tuple`] hands to [`tuple_next`] and [`end_tuple`]: the array's children (a
/// count, or "until `]`"), and its element type.
pub type TupleState = Items;

/// Enters an array that must hold exactly `n` elements ([`ErrorKind::TooFewElements`],
/// [`ErrorKind::TooManyElements`]; a count is checked at once, an end marker when it comes)
/// and steps to the first.
///
/// ```
/// use structio_bjdata::__derive as p;
/// let mut r = structio_bjdata::Reader::new(b"[#U\x00");
/// assert_eq!(p::begin_tuple(&mut r, 1).unwrap_err().kind(), structio_bjdata::ErrorKind::TooFewElements);
/// ```
#[inline(always)]
pub fn begin_tuple(r: &mut Reader<'_>, n: usize) -> Result<TupleState> {
    let mut items = r.begin_array()?;
    match items.len() {
        Some(len) if len < n => return Err(r.error_at(items.offset(), ErrorKind::TooFewElements)),
        Some(len) if len > n => return Err(r.error_at(items.offset(), ErrorKind::TooManyElements)),
        _ => {}
    }
    if n > 0 && !r.next(&mut items)? {
        // `next` consumed the `]`; the error names it.
        return Err(r.error_at(r.offset() - 1, ErrorKind::TooFewElements));
    }
    Ok(items)
}

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
#[inline(always)]
pub fn tuple_next(r: &mut Reader<'_>, st: &mut TupleState) -> Result<()> {
    if !r.next(st)? {
        return Err(r.error_at(r.offset() - 1, ErrorKind::TooFewElements));
    }
    Ok(())
}

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
#[inline(always)]
pub fn end_tuple(r: &mut Reader<'_>, mut st: TupleState, _n: usize) -> Result<()> {
    r.end(&mut st)
}

/// A map key naming a unit variant (an enum as a map key), its length and bytes, no marker.
#[inline(always)]
pub fn read_key_str<'de: 'k, 'k>(r: &mut Reader<'de>, scratch: &'k mut KeyBuf) -> Result<&'k [u8]> {
    r.read_key(scratch)
}
