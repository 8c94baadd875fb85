//! The writing half of the derive protocol, over the BJData [`Writer`]'s own methods.

use crate::{Result, Sink, Writer};

/// Whether [`open_object`] uses its member count: [`Mode::Speed`](crate::Mode::Speed)
/// writes it (`{#n`).
///
/// ```
/// assert!(structio_bjdata::__derive::NEEDS_COUNT);
/// ```
pub const NEEDS_COUNT: bool = true;

/// An object of `members` members (`{#n` in speed mode, `{` in size mode or when empty).
///
/// ```
/// use structio_bjdata::__derive as p;
/// let mut w = structio_bjdata::Writer::new(Vec::new());
/// p::open_object(&mut w, 0).unwrap();
/// p::close_object(&mut w, true).unwrap();
/// assert_eq!(w.into_inner(), b"{}");
/// ```
#[inline(always)]
pub fn open_object<S: Sink>(w: &mut Writer<S>, members: usize) -> Result<()> {
    w.begin_object(members)
}

/// A member's key, as [`encode_key`](super::encode_key) made it (BJData has no separator).
///
/// ```
/// use structio_bjdata::__derive as p;
/// const K: [u8; p::key_len(b"a")] = p::encode_key(b"a");
/// let mut w = structio_bjdata::Writer::new(Vec::new());
/// p::member(&mut w, false, &K).unwrap();
/// assert_eq!(w.into_inner(), b"U\x01a");
/// ```
#[inline(always)]
pub fn member<S: Sink>(w: &mut Writer<S>, _first: bool, key: &'static [u8]) -> Result<()> {
    w.raw(key)
}

/// The end of an object (`}` in size mode or when empty, nothing when counted).
///
/// ```
/// let mut w = structio_bjdata::Writer::new(Vec::new());
/// structio_bjdata::__derive::close_object(&mut w, false).unwrap();
/// assert!(w.into_inner().is_empty());
/// ```
#[inline(always)]
pub fn close_object<S: Sink>(w: &mut Writer<S>, _empty: bool) -> Result<()> {
    w.end_object()
}

/// An array of `len` elements (`[#n` in speed mode, `[` in size mode).
///
/// ```
/// use structio_bjdata::__derive as p;
/// let mut w = structio_bjdata::Writer::new(Vec::new());
/// p::open_array(&mut w, 1).unwrap();
/// p::element(&mut w, true).unwrap();
/// w.write_null().unwrap();
/// p::close_array(&mut w, false).unwrap();
/// assert_eq!(w.into_inner(), b"[#U\x01Z");
/// ```
#[inline(always)]
pub fn open_array<S: Sink>(w: &mut Writer<S>, len: usize) -> Result<()> {
    w.begin_array(len)
}

/// Before an element: nothing.
///
/// ```
/// let mut w = structio_bjdata::Writer::new(Vec::new());
/// structio_bjdata::__derive::element(&mut w, false).unwrap();
/// assert!(w.into_inner().is_empty());
/// ```
#[inline(always)]
pub fn element<S: Sink>(_w: &mut Writer<S>, _first: bool) -> Result<()> {
    Ok(())
}

/// The end of an array (`]` in size mode, nothing when counted).
///
/// ```
/// let mut w = structio_bjdata::Writer::new(Vec::new());
/// structio_bjdata::__derive::close_array(&mut w, false).unwrap();
/// assert!(w.into_inner().is_empty());
/// ```
#[inline(always)]
pub fn close_array<S: Sink>(w: &mut Writer<S>, _empty: bool) -> Result<()> {
    w.end_array()
}

/// A member's key known only at run time (a map flattened into a struct), after a separator
/// unless `first`: what [`member`] writes for a key encoded at compile time.
///
/// ```
/// use structio_bjdata::__derive as p;
/// const K: [u8; p::key_len(b"id")] = p::encode_key(b"id");
/// let (mut a, mut b) = (structio_bjdata::Writer::new(Vec::new()), structio_bjdata::Writer::new(Vec::new()));
/// p::member(&mut a, false, &K)?;
/// p::member_str(&mut b, false, "id")?;
/// assert_eq!(a.into_inner(), b.into_inner());
/// # Ok::<(), structio_bjdata::Error>(())
/// ```
#[inline]
pub fn member_str<S: Sink>(w: &mut Writer<S>, _first: bool, key: &str) -> Result<()> {
    w.write_key(key)
}
