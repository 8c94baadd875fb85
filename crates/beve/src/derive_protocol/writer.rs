//! The writing half of the derive protocol, over the BEVE [`Writer`]'s own methods.

use crate::{Result, Sink, Writer};

/// Whether [`open_object`] uses its member count: BEVE writes it in the object's header.
///
/// ```
/// assert!(structio_beve::__derive::NEEDS_COUNT);
/// ```
pub const NEEDS_COUNT: bool = true;

/// An object with string keys (`0x03`) of `members` members.
///
/// ```
/// use structio_beve::__derive as p;
/// let mut w = structio_beve::Writer::new(Vec::new());
/// p::open_object(&mut w, 0).unwrap();
/// p::close_object(&mut w, true).unwrap();
/// assert_eq!(w.into_inner(), [0x03, 0x00]);
/// ```
#[inline(always)]
pub fn open_object<S: Sink>(w: &mut Writer<S>, members: usize) -> Result<()> {
    w.begin_object(members)
}

/// A member's key, as [`encode_key`](super::encode_key) made it (BEVE has no separator, so
/// `first` does not matter).
///
/// ```
/// use structio_beve::__derive as p;
/// const K: [u8; p::key_len(b"a")] = p::encode_key(b"a");
/// let mut w = structio_beve::Writer::new(Vec::new());
/// p::member(&mut w, false, &K).unwrap();
/// assert_eq!(w.into_inner(), [0x04, b'a']);
/// ```
#[inline(always)]
pub fn member<S: Sink>(w: &mut Writer<S>, _first: bool, key: &'static [u8]) -> Result<()> {
    w.raw(key)
}

/// The end of an object: nothing (the count said where it ends).
///
/// ```
/// let mut w = structio_beve::Writer::new(Vec::new());
/// structio_beve::__derive::close_object(&mut w, true).unwrap();
/// assert!(w.into_inner().is_empty());
/// ```
#[inline(always)]
pub fn close_object<S: Sink>(_w: &mut Writer<S>, _empty: bool) -> Result<()> {
    Ok(())
}

/// A generic array (`0x05`) of `len` elements.
///
/// ```
/// use structio_beve::__derive as p;
/// let mut w = structio_beve::Writer::new(Vec::new());
/// p::open_array(&mut w, 1).unwrap();
/// p::element(&mut w, true).unwrap();
/// w.write_null().unwrap();
/// p::close_array(&mut w, false).unwrap();
/// assert_eq!(w.into_inner(), [0x05, 0x04, 0x00]);
/// ```
#[inline(always)]
pub fn open_array<S: Sink>(w: &mut Writer<S>, len: usize) -> Result<()> {
    w.begin_array(len)
}

/// Before an element: nothing.
///
/// ```
/// let mut w = structio_beve::Writer::new(Vec::new());
/// structio_beve::__derive::element(&mut w, false).unwrap();
/// assert!(w.into_inner().is_empty());
/// ```
#[inline(always)]
pub fn element<S: Sink>(_w: &mut Writer<S>, _first: bool) -> Result<()> {
    Ok(())
}

/// The end of an array: nothing.
///
/// ```
/// let mut w = structio_beve::Writer::new(Vec::new());
/// structio_beve::__derive::close_array(&mut w, true).unwrap();
/// assert!(w.into_inner().is_empty());
/// ```
#[inline(always)]
pub fn close_array<S: Sink>(_w: &mut Writer<S>, _empty: bool) -> Result<()> {
    Ok(())
}

/// A member's key known only at run time (a map flattened into a struct), after a separator
/// unless `first`: what [`member`] writes for a key encoded at compile time.
///
/// ```
/// use structio_beve::__derive as p;
/// const K: [u8; p::key_len(b"id")] = p::encode_key(b"id");
/// let (mut a, mut b) = (structio_beve::Writer::new(Vec::new()), structio_beve::Writer::new(Vec::new()));
/// p::member(&mut a, false, &K)?;
/// p::member_str(&mut b, false, "id")?;
/// assert_eq!(a.into_inner(), b.into_inner());
/// # Ok::<(), structio_beve::Error>(())
/// ```
#[inline]
pub fn member_str<S: Sink>(w: &mut Writer<S>, _first: bool, key: &str) -> Result<()> {
    w.key(key.as_bytes())
}
