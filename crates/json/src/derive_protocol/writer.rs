//! The writing half of the derive protocol, over the JSON [`Writer`]'s own methods.
//!
//! With the `size` feature, what every derived struct calls per member and per object
//! ([`member`], [`open_object`], [`close_object`]) is one out-of-line function per sink rather
//! than inlined at each field: a field then costs a call with its key's address and length.

use crate::{Result, Sink, Writer};

/// Whether [`open_object`] uses its member count: JSON does not, so the derive passes 0 and
/// never evaluates a `skip_serializing_if` predicate twice.
///
/// ```
/// assert!(!structio_json::__derive::NEEDS_COUNT);
/// ```
pub const NEEDS_COUNT: bool = false;

/// `{` (the member count is not written).
///
/// ```
/// use structio_json::__derive as p;
/// let mut w = structio_json::Writer::new(Vec::new());
/// p::open_object(&mut w, 0).unwrap();
/// p::close_object(&mut w, true).unwrap();
/// assert_eq!(w.into_inner(), b"{}");
/// ```
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub fn open_object<S: Sink>(w: &mut Writer<S>, _members: usize) -> Result<()> {
    w.begin_object()
}

/// A member's key, as [`encode_key`](super::encode_key) made it, after a `,` unless `first`.
///
/// ```
/// use structio_json::__derive as p;
/// const K: [u8; p::key_len(b"a")] = p::encode_key(b"a");
/// let mut w = structio_json::Writer::new(Vec::new());
/// p::member(&mut w, false, &K).unwrap();
/// assert_eq!(w.into_inner(), br#","a":"#);
/// ```
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub fn member<S: Sink>(w: &mut Writer<S>, first: bool, key: &'static [u8]) -> Result<()> {
    w.field(first, key)
}

/// `}`.
///
/// ```
/// use structio_json::__derive as p;
/// let mut w = structio_json::Writer::new(Vec::new());
/// p::close_object(&mut w, true).unwrap();
/// assert_eq!(w.into_inner(), b"}");
/// ```
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub fn close_object<S: Sink>(w: &mut Writer<S>, empty: bool) -> Result<()> {
    w.end_object(empty)
}

/// `[` (the length is not written).
///
/// ```
/// use structio_json::__derive as p;
/// let mut w = structio_json::Writer::new(Vec::new());
/// p::open_array(&mut w, 1).unwrap();
/// p::element(&mut w, true).unwrap();
/// w.write_null().unwrap();
/// p::close_array(&mut w, false).unwrap();
/// assert_eq!(w.into_inner(), b"[null]");
/// ```
#[inline(always)]
pub fn open_array<S: Sink>(w: &mut Writer<S>, _len: usize) -> Result<()> {
    w.begin_array()
}

/// Before an element: `,` unless `first`.
///
/// ```
/// let mut w = structio_json::Writer::new(Vec::new());
/// structio_json::__derive::element(&mut w, false).unwrap();
/// assert_eq!(w.into_inner(), b",");
/// ```
#[inline(always)]
pub fn element<S: Sink>(w: &mut Writer<S>, first: bool) -> Result<()> {
    w.element(first)
}

/// `]`.
///
/// ```
/// let mut w = structio_json::Writer::new(Vec::new());
/// structio_json::__derive::close_array(&mut w, true).unwrap();
/// assert_eq!(w.into_inner(), b"]");
/// ```
#[inline(always)]
pub fn close_array<S: Sink>(w: &mut Writer<S>, empty: bool) -> Result<()> {
    w.end_array(empty)
}

/// A member's key known only at run time (a map flattened into a struct), after a separator
/// unless `first`: what [`member`] writes for a key encoded at compile time.
///
/// ```
/// use structio_json::__derive as p;
/// const K: [u8; p::key_len(b"id")] = p::encode_key(b"id");
/// let (mut a, mut b) = (structio_json::Writer::new(Vec::new()), structio_json::Writer::new(Vec::new()));
/// p::member(&mut a, false, &K)?;
/// p::member_str(&mut b, false, "id")?;
/// assert_eq!(a.into_inner(), b.into_inner());
/// # Ok::<(), structio_json::Error>(())
/// ```
#[inline]
pub fn member_str<S: Sink>(w: &mut Writer<S>, first: bool, key: &str) -> Result<()> {
    w.key(first, key)
}
