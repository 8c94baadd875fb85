//! The reading half of the derive protocol, over the JSON [`Reader`]'s own methods.

use crate::{Checkpoint, Error, ErrorKind, KeyBuf, Reader, Result};

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
/// p::skip_value(&mut r).unwrap();
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

/// Enters an array that must hold exactly `n` elements: [`ErrorKind::TooFewElements`] if it
/// is empty and `n > 0`, [`ErrorKind::TooManyElements`] if it is not and `n == 0`.
///
/// ```
/// use structio_json::__derive as p;
/// let mut r = structio_json::Reader::new(b"[]");
/// assert_eq!(p::begin_tuple(&mut r, 1).unwrap_err().kind(), structio_json::ErrorKind::TooFewElements);
/// ```
#[inline(always)]
pub fn begin_tuple(r: &mut Reader<'_>, n: usize) -> Result<()> {
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
/// p::begin_tuple(&mut r, 2).unwrap();
/// p::skip_value(&mut r).unwrap();
/// assert_eq!(p::tuple_next(&mut r).unwrap_err().kind(), structio_json::ErrorKind::TooFewElements);
/// ```
#[inline(always)]
pub fn tuple_next(r: &mut Reader<'_>) -> Result<()> {
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
/// p::begin_tuple(&mut r, 1).unwrap();
/// p::skip_value(&mut r).unwrap();
/// assert_eq!(p::end_tuple(&mut r, 1).unwrap_err().kind(), structio_json::ErrorKind::TooManyElements);
/// ```
#[inline(always)]
pub fn end_tuple(r: &mut Reader<'_>, n: usize) -> Result<()> {
    if n > 0 && r.array_next()? {
        return Err(r.error(ErrorKind::TooManyElements));
    }
    Ok(())
}

/// `null` (a unit struct or variant).
///
/// ```
/// let mut r = structio_json::Reader::new(b"null");
/// structio_json::__derive::read_null(&mut r).unwrap();
/// ```
#[inline(always)]
pub fn read_null(r: &mut Reader<'_>) -> Result<()> {
    r.read_null()
}

/// Steps over one value (an internal tag already scanned).
///
/// ```
/// let mut r = structio_json::Reader::new(b"[1]");
/// structio_json::__derive::skip_value(&mut r).unwrap();
/// assert_eq!(r.offset(), 3);
/// ```
#[inline(always)]
pub fn skip_value(r: &mut Reader<'_>) -> Result<()> {
    r.skip_value()
}

/// The reader's policy for a key the type does not know (skip its value, or fail with
/// [`ErrorKind::UnknownField`] at `key_offset`).
///
/// ```
/// let mut r = structio_json::Reader::new(b"1");
/// structio_json::__derive::unknown_field(&mut r, 0).unwrap();
/// ```
#[inline(always)]
pub fn unknown_field(r: &mut Reader<'_>, key_offset: usize) -> Result<()> {
    r.unknown_field(key_offset)
}

/// The current byte offset.
///
/// ```
/// assert_eq!(structio_json::__derive::offset(&structio_json::Reader::new(b"1")), 0);
/// ```
#[inline(always)]
pub fn offset(r: &Reader<'_>) -> usize {
    r.offset()
}

/// A position to come back to (scanning ahead for a tag, trying untagged variants).
///
/// ```
/// use structio_json::__derive as p;
/// let mut r = structio_json::Reader::new(b"[1]");
/// let cp = p::checkpoint(&r);
/// p::skip_value(&mut r).unwrap();
/// p::restore(&mut r, cp);
/// assert_eq!(p::offset(&r), 0);
/// ```
#[inline(always)]
pub fn checkpoint(r: &Reader<'_>) -> Checkpoint {
    r.checkpoint()
}

/// Goes back to a [`checkpoint`] (position and nesting level).
///
/// ```
/// use structio_json::__derive as p;
/// let mut r = structio_json::Reader::new(b"1");
/// let cp = p::checkpoint(&r);
/// p::restore(&mut r, cp);
/// ```
#[inline(always)]
pub fn restore(r: &mut Reader<'_>, cp: Checkpoint) {
    r.restore(cp);
}

/// An error of `kind` at the current offset.
///
/// ```
/// use structio_json::{__derive as p, ErrorKind};
/// let r = structio_json::Reader::new(b"1");
/// assert_eq!(p::error(&r, ErrorKind::MissingTag).kind(), ErrorKind::MissingTag);
/// ```
#[inline(always)]
pub fn error(r: &Reader<'_>, kind: ErrorKind) -> Error {
    r.error(kind)
}

/// An error of `kind` at `offset`.
///
/// ```
/// use structio_json::{__derive as p, ErrorKind};
/// let r = structio_json::Reader::new(b"1");
/// assert_eq!(p::error_at(&r, 4, ErrorKind::UnknownField).offset(), 4);
/// ```
#[inline(always)]
pub fn error_at(r: &Reader<'_>, offset: usize, kind: ErrorKind) -> Error {
    r.error_at(offset, kind)
}

/// [`ErrorKind::MissingField`] naming `name`, at the current offset.
///
/// ```
/// use structio_json::{__derive as p, ErrorKind};
/// let r = structio_json::Reader::new(b"{}");
/// assert_eq!(p::missing_field(&r, "id").kind(), ErrorKind::MissingField("id"));
/// ```
#[inline(always)]
pub fn missing_field(r: &Reader<'_>, name: &'static str) -> Error {
    r.missing_field(name)
}
