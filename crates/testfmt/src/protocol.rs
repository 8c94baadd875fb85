//! The derive protocol for this format: the whole contract of docs/derive-contract.md, written
//! from outside `structio-derive`. Objects carry their member count (so [`NEEDS_COUNT`]) and a
//! closing `}`; keys are `len:bytes`, encoded at compile time.
//!
//! ```
//! use structio_testfmt::__derive as p;
//! const K: [u8; p::key_len(b"ab")] = p::encode_key(b"ab");
//! assert_eq!(&K, b"2:ab");
//! ```

pub use crate::{Error, ErrorKind, Reader, Result, Sink, Writer};

/// The read trait the derive implements.
pub use crate::DebugRead as Read;
/// The write trait the derive implements.
pub use crate::DebugWrite as Write;

/// Renames a derived method to this format's trait method.
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_testfmt_derive_method {
    ($(#[$m:meta])* fn read $($t:tt)*) => { $(#[$m])* fn read_debug $($t)* };
    ($(#[$m:meta])* fn read_into $($t:tt)*) => { $(#[$m])* fn read_debug_into $($t)* };
    ($(#[$m:meta])* fn missing_field $($t:tt)*) => { $(#[$m])* fn missing_field $($t)* };
    ($(#[$m:meta])* fn write $($t:tt)*) => { $(#[$m])* fn write_debug $($t)* };
}
pub use crate::__structio_testfmt_derive_method as method;

/// The format's map-key traits for a unit-only enum: testfmt has no maps, so nothing.
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_testfmt_derive_key_impls {
    ($ty:ty, $read:ident, $write:ident) => {};
}
pub use crate::__structio_testfmt_derive_key_impls as key_impls;

/// The code shape of a derived reader: this format reads every field inline, so the `inline`
/// tokens are kept and the `compact` ones dropped unexpanded.
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_testfmt_derive_shape {
    (compact { $($compact:tt)* } inline { $($inline:tt)* }) => { $($inline)* };
}
pub use crate::__structio_testfmt_derive_shape as shape;

/// A struct's members read one at a time (flatten).
pub trait Fields<'de>: Sized {
    /// The fields read so far.
    type Builder;
    /// Whether `accept` takes every key (a map flattened as a catch-all, or a struct with one
    /// flattened in it): such a field is offered a key only after every other flattened field
    /// has declined it, whatever the declaration order.
    const CATCH_ALL: bool = false;
    /// An empty builder.
    fn builder() -> Self::Builder;
    /// Reads the member if `key` is ours.
    fn accept(
        b: &mut Self::Builder,
        key: &[u8],
        key_offset: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool>;
    /// The value, once the object has ended.
    fn finish(b: Self::Builder, r: &Reader<'de>) -> Result<Self>;
}

/// A struct's members written without the object around them (flatten).
pub trait WriteFields {
    /// How many members `write_fields` writes.
    fn field_count(&self) -> usize;
    /// Writes them; returns whether nothing has been written (`first` and no member).
    fn write_fields<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<bool>;
}

/// Reads a `T`.
#[inline(always)]
pub fn read<'de, T: Read<'de>>(r: &mut Reader<'de>) -> Result<T> {
    T::read_debug(r)
}

/// Reads into an existing `T`.
#[inline(always)]
pub fn read_into<'de, T: Read<'de>>(v: &mut T, r: &mut Reader<'de>) -> Result<()> {
    v.read_debug_into(r)
}

/// What an absent field of type `T` takes.
#[inline(always)]
pub fn missing<'de, T: Read<'de>>() -> Option<T> {
    T::missing_field()
}

/// A field's final value: read, absent-but-optional, or [`ErrorKind::MissingField`].
#[inline(always)]
pub fn field<'de, T: Read<'de>>(v: Option<T>, r: &Reader<'de>, name: &'static str) -> Result<T> {
    match v.or_else(T::missing_field) {
        Some(v) => Ok(v),
        None => Err(r.missing_field(name)),
    }
}

/// Writes a `T`.
#[inline(always)]
pub fn write<T: Write + ?Sized, S: Sink>(v: &T, w: &mut Writer<S>) -> Result<()> {
    v.write_debug(w)
}

/// How many decimal digits `n` takes.
const fn digits(mut n: usize) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

/// The length of `name` as a written key, `len:bytes`.
pub const fn key_len(name: &[u8]) -> usize {
    digits(name.len()) + 1 + name.len()
}

/// `name` as a written key, `len:bytes`; `N` is [`key_len`]`(name)`.
pub const fn encode_key<const N: usize>(name: &[u8]) -> [u8; N] {
    assert!(N == key_len(name));
    let mut out = [0u8; N];
    let d = digits(name.len());
    let mut n = name.len();
    let mut i = d;
    while i > 0 {
        out[i - 1] = b'0' + (n % 10) as u8;
        n /= 10;
        i -= 1;
    }
    out[d] = b':';
    let mut j = 0;
    while j < name.len() {
        out[d + 1 + j] = name[j];
        j += 1;
    }
    out
}

/// A key buffer: keys are slices of the input here, so it holds nothing.
#[derive(Default)]
pub struct KeyBuf;

impl KeyBuf {
    /// The buffer.
    pub fn new() -> Self {
        KeyBuf
    }
}

/// The members left in an object.
pub type ObjectState = usize;

/// Enters an object: `Some` if a member follows, `None` if it is empty (and has been left).
pub fn begin_object(r: &mut Reader<'_>) -> Result<Option<ObjectState>> {
    let n = r.begin(b'{')?;
    if n == 0 {
        r.end(b'}')?;
        return Ok(None);
    }
    Ok(Some(n))
}

/// `e`, the error of [`begin_object`] for an enum's value, as `InvalidType(expected)` when
/// the value is not an object; any other error unchanged.
#[cold]
pub fn invalid_type(r: &Reader<'_>, e: Error, expected: &'static str) -> Error {
    match e.kind() {
        ErrorKind::Expected(b'{') => r.error_at(e.offset(), ErrorKind::InvalidType(expected)),
        _ => e,
    }
}

/// A key repeated in one object (called only on a repeat): the reader's policy.
#[cold]
pub fn duplicate_key(r: &mut Reader<'_>, key_offset: usize) -> Result<()> {
    r.duplicate_key(key_offset)
}

/// After a member: whether another follows (the object is left when not).
pub fn next_member(r: &mut Reader<'_>, st: &mut ObjectState) -> Result<bool> {
    *st -= 1;
    if *st == 0 {
        r.end(b'}')?;
        return Ok(false);
    }
    Ok(true)
}

/// A member's key.
pub fn member_key<'de: 'k, 'k>(r: &mut Reader<'de>, _s: &'k mut KeyBuf) -> Result<&'k [u8]> {
    r.read_bytes()
}

/// Steps over the next key if it is exactly `key` (from [`encode_key`]).
pub fn member_key_is(r: &mut Reader<'_>, key: &[u8]) -> bool {
    r.skip_literal(key)
}

/// Whether a string starts here.
pub fn is_string(r: &mut Reader<'_>) -> Result<bool> {
    Ok(r.peek()? == b's')
}

/// A string value's bytes.
pub fn read_str_key<'de: 'k, 'k>(r: &mut Reader<'de>, _s: &'k mut KeyBuf) -> Result<&'k [u8]> {
    Ok(r.read_str()?.as_bytes())
}

/// `#index:` names a variant by its index.
pub fn variant_index(r: &mut Reader<'_>) -> Result<Option<usize>> {
    if r.peek()? != b'#' {
        return Ok(None);
    }
    r.expect(b'#')?;
    r.parse_until(b':').map(Some)
}

/// What `begin_tuple` hands on: nothing (the count is checked up front).
pub type TupleState = ();

/// Enters an array of exactly `n` elements.
pub fn begin_tuple(r: &mut Reader<'_>, n: usize) -> Result<TupleState> {
    let len = r.begin(b'[')?;
    if len < n {
        return Err(r.error(ErrorKind::TooFewElements));
    }
    if len > n {
        return Err(r.error(ErrorKind::TooManyElements));
    }
    Ok(())
}

/// Between tuple elements: nothing.
pub fn tuple_next(_r: &mut Reader<'_>, _st: &mut TupleState) -> Result<()> {
    Ok(())
}

/// After the last tuple element: `]`.
pub fn end_tuple(r: &mut Reader<'_>, _st: TupleState, _n: usize) -> Result<()> {
    r.end(b']')
}

/// Objects carry their member count.
pub const NEEDS_COUNT: bool = true;

/// `{count:`.
pub fn open_object<S: Sink>(w: &mut Writer<S>, members: usize) -> Result<()> {
    w.begin(b'{', members)
}

/// A pre-encoded key (no separators in this format).
pub fn member<S: Sink>(w: &mut Writer<S>, _first: bool, key: &'static [u8]) -> Result<()> {
    w.raw(key)
}

/// A map key naming a unit variant: a string.
pub fn read_key_str<'de: 'k, 'k>(r: &mut Reader<'de>, _s: &'k mut KeyBuf) -> Result<&'k [u8]> {
    Ok(r.read_str()?.as_bytes())
}

/// A key known only at run time (a flattened map's): as `member` with `encode_key`'s bytes.
pub fn member_str<S: Sink>(w: &mut Writer<S>, _first: bool, key: &str) -> Result<()> {
    w.raw(key.len().to_string().as_bytes())?;
    w.raw(b":")?;
    w.raw(key.as_bytes())
}

/// `}`.
pub fn close_object<S: Sink>(w: &mut Writer<S>, _empty: bool) -> Result<()> {
    w.raw(b"}")
}

/// `[len:`.
pub fn open_array<S: Sink>(w: &mut Writer<S>, len: usize) -> Result<()> {
    w.begin(b'[', len)
}

/// Before an element: nothing.
pub fn element<S: Sink>(_w: &mut Writer<S>, _first: bool) -> Result<()> {
    Ok(())
}

/// `]`.
pub fn close_array<S: Sink>(w: &mut Writer<S>, _empty: bool) -> Result<()> {
    w.raw(b"]")
}

/// A map flattened into a struct takes the members the struct does not name.
impl<'de, V: Read<'de>> Fields<'de> for std::collections::BTreeMap<String, V> {
    type Builder = Self;
    const CATCH_ALL: bool = true;
    fn builder() -> Self {
        Self::new()
    }
    fn accept(b: &mut Self, key: &[u8], key_offset: usize, r: &mut Reader<'de>) -> Result<bool> {
        let Ok(k) = std::str::from_utf8(key) else {
            return Err(r.error_at(key_offset, ErrorKind::BadUtf8));
        };
        let v = V::read_debug(r)?;
        if b.insert(k.to_owned(), v).is_some() {
            r.duplicate_key(key_offset)?;
        }
        Ok(true)
    }
    fn finish(b: Self, _r: &Reader<'de>) -> Result<Self> {
        Ok(b)
    }
}

/// Its entries, written as members of the struct's object.
impl<V: Write> WriteFields for std::collections::BTreeMap<String, V> {
    fn field_count(&self) -> usize {
        self.len()
    }
    fn write_fields<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<bool> {
        let mut first = first;
        for (k, v) in self {
            member_str(w, first, k)?;
            v.write_debug(w)?;
            first = false;
        }
        Ok(first)
    }
}
