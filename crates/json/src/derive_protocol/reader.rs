//! The reading half of the derive protocol, over the JSON [`Reader`]'s own methods.

use crate::{ErrorKind, KeyBuf, Reader, Result};

/// What [`begin_object`] hands to [`next_member`]: JSON needs nothing (the `,` or `}` says
/// whether a member follows).
pub type ObjectState = ();

/// Enters an object: `Some` if a member follows (its key is next), `None` if it is empty (and
/// already left). [`ErrorKind::ExpectedObject`] if no object starts here.
///
/// ```
/// let mut r = structio_json::Reader::new(b" { } ");
/// assert_eq!(structio_json::__derive::begin_object(&mut r).unwrap(), None);
/// ```
#[inline(always)]
pub fn begin_object(r: &mut Reader<'_>) -> Result<Option<ObjectState>> {
    Ok(if r.begin_object()? { None } else { Some(()) })
}

/// After a member's value: `true` if another member follows, `false` once the object has ended
/// (and been left).
///
/// ```
/// use structio_json::__derive as p;
/// let mut r = structio_json::Reader::new(br#"{"a":1,"b":2}"#);
/// let mut st = p::begin_object(&mut r).unwrap().unwrap();
/// p::member_key(&mut r, &mut p::KeyBuf::new()).unwrap();
/// r.skip_value().unwrap();
/// assert!(p::next_member(&mut r, &mut st).unwrap());
/// ```
#[inline(always)]
pub fn next_member(r: &mut Reader<'_>, _st: &mut ObjectState) -> Result<bool> {
    r.object_next()
}

/// A member's key (and the `:` after it): a slice of the input, or decoded into `scratch` when
/// it has escapes.
///
/// ```
/// use structio_json::__derive as p;
/// let mut r = structio_json::Reader::new(br#"{"k\u0031":1}"#);
/// p::begin_object(&mut r).unwrap();
/// assert_eq!(p::member_key(&mut r, &mut p::KeyBuf::new()).unwrap(), b"k1");
/// ```
#[inline(always)]
pub fn member_key<'de: 'k, 'k>(r: &mut Reader<'de>, scratch: &'k mut KeyBuf) -> Result<&'k [u8]> {
    r.object_key(scratch)
}

/// Whether a string starts here (a unit variant's name).
///
/// ```
/// let mut r = structio_json::Reader::new(br#" "On""#);
/// assert!(structio_json::__derive::is_string(&mut r).unwrap());
/// ```
#[inline(always)]
pub fn is_string(r: &mut Reader<'_>) -> Result<bool> {
    Ok(r.peek()? == b'"')
}

/// A string value's bytes (a tag, a unit variant), with the key-buffer rule of [`member_key`].
///
/// ```
/// use structio_json::__derive as p;
/// let mut r = structio_json::Reader::new(br#""On""#);
/// assert_eq!(p::read_str_key(&mut r, &mut p::KeyBuf::new()).unwrap(), b"On");
/// ```
#[inline(always)]
pub fn read_str_key<'de: 'k, 'k>(r: &mut Reader<'de>, scratch: &'k mut KeyBuf) -> Result<&'k [u8]> {
    r.read_str_raw(scratch)
}

/// A variant named by its index rather than its name: JSON has no such thing.
///
/// ```
/// let mut r = structio_json::Reader::new(b"0");
/// assert_eq!(structio_json::__derive::variant_index(&mut r).unwrap(), None);
/// ```
#[inline(always)]
pub fn variant_index(_r: &mut Reader<'_>) -> Result<Option<usize>> {
    Ok(None)
}

/// What [`begin_tuple`] hands to [`tuple_next`] and [`end_tuple`]: JSON needs nothing (the
/// `,` or `]` says whether an element follows).
pub type TupleState = ();

/// Enters an array that must hold exactly `n` elements: [`ErrorKind::TooFewElements`] if it
/// is empty and `n > 0`, [`ErrorKind::TooManyElements`] if it is not and `n == 0`.
///
/// ```
/// use structio_json::__derive as p;
/// let mut r = structio_json::Reader::new(b"[]");
/// assert_eq!(p::begin_tuple(&mut r, 1).unwrap_err().kind(), structio_json::ErrorKind::TooFewElements);
/// ```
#[inline(always)]
pub fn begin_tuple(r: &mut Reader<'_>, n: usize) -> Result<TupleState> {
    let empty = r.begin_array()?;
    if empty != (n == 0) {
        return Err(r.error(if empty {
            ErrorKind::TooFewElements
        } else {
            ErrorKind::TooManyElements
        }));
    }
    Ok(())
}

/// Between two elements of a tuple: the array must go on ([`ErrorKind::TooFewElements`]).
///
/// ```
/// use structio_json::__derive as p;
/// let mut r = structio_json::Reader::new(b"[1]");
/// let mut st = p::begin_tuple(&mut r, 2).unwrap();
/// r.skip_value().unwrap();
/// assert_eq!(p::tuple_next(&mut r, &mut st).unwrap_err().kind(), structio_json::ErrorKind::TooFewElements);
/// ```
#[inline(always)]
pub fn tuple_next(r: &mut Reader<'_>, _st: &mut TupleState) -> Result<()> {
    if !r.array_next()? {
        return Err(r.error(ErrorKind::TooFewElements));
    }
    Ok(())
}

/// After the last of `n` elements: the array must end ([`ErrorKind::TooManyElements`]).
///
/// ```
/// use structio_json::__derive as p;
/// let mut r = structio_json::Reader::new(b"[1,2]");
/// let st = p::begin_tuple(&mut r, 1).unwrap();
/// r.skip_value().unwrap();
/// assert_eq!(p::end_tuple(&mut r, st, 1).unwrap_err().kind(), structio_json::ErrorKind::TooManyElements);
/// ```
#[inline(always)]
pub fn end_tuple(r: &mut Reader<'_>, _st: TupleState, n: usize) -> Result<()> {
    if n > 0 && r.array_next()? {
        return Err(r.error(ErrorKind::TooManyElements));
    }
    Ok(())
}

/// A map key naming a unit variant (an enum as a map key), at its opening quote: the string's bytes, decoded (the `:` after it is not read).
#[inline(always)]
pub fn read_key_str<'de: 'k, 'k>(r: &mut Reader<'de>, scratch: &'k mut KeyBuf) -> Result<&'k [u8]> {
    r.read_str_raw(scratch)
}

/// Steps over the next member's key if it is exactly `key`, the writer's encoding of a name
/// (`"name":`, from [`encode_key`](super::encode_key)), and says whether it did. The cursor
/// is where [`begin_object`] and [`next_member`] leave it, past any whitespace; whitespace
/// after a matched key is skipped too (the value's offset is where it starts, as after
/// [`member_key`]). A key written any other way (escaped, with whitespace before its colon)
/// is left for [`member_key`], which reads it whatever its form.
///
/// ```
/// use structio_json::__derive as p;
/// let mut r = structio_json::Reader::new(br#"{ "id": true}"#);
/// p::begin_object(&mut r).unwrap();
/// assert!(!p::member_key_is(&mut r, br#""ic":"#));
/// assert!(p::member_key_is(&mut r, br#""id":"#));
/// assert_eq!(r.offset(), 8);
/// assert!(r.read_bool().unwrap());
/// ```
#[inline(always)]
pub fn member_key_is(r: &mut Reader<'_>, key: &[u8]) -> bool {
    let hit = r.skip_literal(key);
    if hit {
        r.skip_ws_if_any();
    }
    hit
}
