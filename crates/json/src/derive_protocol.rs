//! The derive protocol as JSON implements it: what `structio-derive`'s generated code calls,
//! under the uniform names every format crate gives them (docs/derive-contract.md). The macro
//! knows no wire format; this module says how JSON walks an object, an array and a string, how
//! a key is encoded (at compile time), and which of its traits the derive implements.
//!
//! Everything here is a thin `#[inline(always)]` wrapper of the reader's and writer's own
//! methods, so the generated code compiles to what calling them directly would.
//!
//! ```
//! use structio_json::__derive as p;
//!
//! // {"a":1} member by member, as a derived struct reads it.
//! let mut r = structio_json::Reader::new(br#"{"a":1}"#);
//! let mut st = p::begin_object(&mut r)?.expect("one member");
//! let mut buf = p::KeyBuf::new();
//! assert_eq!(p::member_key(&mut r, &mut buf)?, b"a");
//! assert_eq!(p::read::<u8>(&mut r)?, 1);
//! assert!(!p::next_member(&mut r, &mut st)?);
//!
//! // And back.
//! const K: [u8; p::key_len(b"a")] = p::encode_key(b"a");
//! let mut w = structio_json::Writer::new(Vec::new());
//! p::open_object(&mut w, 1)?;
//! p::member(&mut w, true, &K)?;
//! p::write(&1u8, &mut w)?;
//! p::close_object(&mut w, false)?;
//! assert_eq!(w.into_inner(), br#"{"a":1}"#);
//! # Ok::<(), structio_json::Error>(())
//! ```

pub use crate::{Error, ErrorKind, KeyBuf, Reader, Result, Sink, Writer};

/// The read trait the derive implements and bounds type parameters by: [`JsonRead`](crate::JsonRead).
///
/// ```
/// fn takes<'de, T: structio_json::__derive::Read<'de>>() {}
/// takes::<u8>();
/// ```
pub use crate::JsonRead as Read;

/// The write trait the derive implements and bounds type parameters by: [`JsonWrite`](crate::JsonWrite).
///
/// ```
/// fn takes<T: structio_json::__derive::Write>() {}
/// takes::<u8>();
/// ```
pub use crate::JsonWrite as Write;

/// Gives a method of a derived impl its name in [`Read`] / [`Write`]: `read` is `read_json`,
/// `read_into` is `read_json_into`, `write` is `write_json`, `missing_field` keeps its name.
///
/// ```
/// use structio_json::__derive as p;
///
/// struct Seven;
/// impl p::Write for Seven {
///     p::method! {
///         fn write<S: p::Sink>(&self, w: &mut p::Writer<S>) -> p::Result<()> {
///             w.write_int(7u8)
///         }
///     }
/// }
/// assert_eq!(structio_json::to_string(&Seven).unwrap(), "7");
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_json_derive_method {
    ($(#[$m:meta])* fn read $($t:tt)*) => { $(#[$m])* fn read_json $($t)* };
    ($(#[$m:meta])* fn read_into $($t:tt)*) => { $(#[$m])* fn read_json_into $($t)* };
    ($(#[$m:meta])* fn missing_field $($t:tt)*) => { $(#[$m])* fn missing_field $($t)* };
    ($(#[$m:meta])* fn write $($t:tt)*) => { $(#[$m])* fn write_json $($t)* };
}
pub use crate::__structio_json_derive_method as method;

/// Implements the format's map-key traits for a unit-only enum, given the derive's two
/// functions: `read(r) -> Result<T>` (the variant named by a key, read with
/// [`read_key_str`]) and `write(&T, w, first) -> Result<()>` (its name as a member key, written
/// with [`member`]). The derive invokes it as `__p::key_impls!(Mode, read_fn, write_fn);`.
///
/// JSON: [`JsonKey`](crate::JsonKey) and [`JsonWriteKey`](crate::JsonWriteKey).
///
/// ```
/// use structio_json::__derive as p;
///
/// #[derive(Debug, PartialEq, PartialOrd, Eq, Ord)]
/// struct Only;
/// impl<'de> p::Read<'de> for Only {
///     p::method! {
///         fn read(r: &mut p::Reader<'de>) -> p::Result<Self> {
///             read(r)
///         }
///     }
/// }
/// impl p::Write for Only {
///     p::method! {
///         fn write<S: p::Sink>(&self, w: &mut p::Writer<S>) -> p::Result<()> {
///             w.write_str("only")
///         }
///     }
/// }
/// fn read(r: &mut p::Reader<'_>) -> p::Result<Only> {
///     let mut s = p::KeyBuf::new();
///     let at = r.offset();
///     match p::read_key_str(r, &mut s)? {
///         b"only" => Ok(Only),
///         _ => Err(r.error_at(at, p::ErrorKind::UnknownVariant)),
///     }
/// }
/// fn write<S: p::Sink>(_: &Only, w: &mut p::Writer<S>, first: bool) -> p::Result<()> {
///     const K: [u8; p::key_len(b"only")] = p::encode_key(b"only");
///     p::member(w, first, &K)
/// }
/// p::key_impls!(Only, read, write);
///
/// let m = std::collections::BTreeMap::from([(Only, 1u8)]);
/// let bytes = structio_json::to_vec(&m).unwrap();
/// let back: std::collections::BTreeMap<Only, u8> = structio_json::from_slice(&bytes).unwrap();
/// assert_eq!(back, m);
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_json_derive_key_impls {
    ($ty:ty, $read:ident, $write:ident) => {
        #[automatically_derived]
        impl<'de> $crate::JsonKey<'de> for $ty {
            #[inline]
            fn read_key(r: &mut $crate::Reader<'de>) -> $crate::Result<Self> {
                $read(r)
            }
        }
        #[automatically_derived]
        impl $crate::JsonWriteKey for $ty {
            #[inline]
            fn write_key<S: $crate::Sink>(
                &self,
                w: &mut $crate::Writer<S>,
                first: bool,
            ) -> $crate::Result<()> {
                $write(self, w, first)
            }
        }
    };
}
pub use crate::__structio_json_derive_key_impls as key_impls;

/// Reading a struct's members one key at a time, so that its fields can sit inside another
/// object (`#[structio(flatten)]`).
///
/// The derive implements this; you do not call it yourself. `Builder` holds the fields seen
/// so far, `accept` reads the member if the key is one of the struct's, `finish` builds the
/// value (or names the first missing field).
///
/// ```
/// use structio_json::__derive::Fields;
///
/// struct Empty;
/// impl<'de> Fields<'de> for Empty {
///     type Builder = ();
///     fn builder() {}
///     fn accept(_: &mut (), _: &[u8], _: usize, _: &mut structio_json::Reader<'de>) -> structio_json::Result<bool> {
///         Ok(false)
///     }
///     fn finish(_: (), _: &structio_json::Reader<'de>) -> structio_json::Result<Self> {
///         Ok(Empty)
///     }
/// }
/// ```
pub trait Fields<'de>: Sized {
    /// The fields read so far.
    type Builder;
    /// Whether `accept` takes every key (a map flattened as a catch-all, or a struct with one
    /// flattened in it): such a field is offered a key only after every other flattened field
    /// has declined it, whatever the declaration order.
    const CATCH_ALL: bool = false;
    /// An empty builder.
    fn builder() -> Self::Builder;
    /// Reads the member's value if `key` is one of ours (`Ok(true)`); leaves the reader alone
    /// otherwise. `key_offset` is where the key starts, for errors.
    fn accept(
        b: &mut Self::Builder,
        key: &[u8],
        key_offset: usize,
        r: &mut Reader<'de>,
    ) -> Result<bool>;
    /// The value, once the object has ended.
    fn finish(b: Self::Builder, r: &Reader<'de>) -> Result<Self>;
}

/// Writing a struct's members without the braces around them (`#[structio(flatten)]`).
///
/// ```
/// use structio_json::__derive::WriteFields;
///
/// struct Empty;
/// impl WriteFields for Empty {
///     fn field_count(&self) -> usize {
///         0
///     }
///     fn write_fields<S: structio_json::Sink>(&self, _: &mut structio_json::Writer<S>, first: bool) -> structio_json::Result<bool> {
///         Ok(first)
///     }
/// }
/// ```
pub trait WriteFields {
    /// How many members [`write_fields`](Self::write_fields) writes (JSON does not ask: see
    /// [`NEEDS_COUNT`]).
    fn field_count(&self) -> usize;
    /// Writes the members, the first with no comma before it if `first`; returns whether
    /// nothing has been written yet (the next member's `first`).
    fn write_fields<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<bool>;
}

/// Reads a `T`.
///
/// ```
/// let mut r = structio_json::Reader::new(b"5");
/// assert_eq!(structio_json::__derive::read::<u8>(&mut r).unwrap(), 5);
/// ```
#[inline(always)]
pub fn read<'de, T: Read<'de>>(r: &mut Reader<'de>) -> Result<T> {
    T::read_json(r)
}

/// Reads into an existing `T`, reusing what it owns.
///
/// ```
/// let mut r = structio_json::Reader::new(br#""ab""#);
/// let mut s = String::new();
/// structio_json::__derive::read_into(&mut s, &mut r).unwrap();
/// assert_eq!(s, "ab");
/// ```
#[inline(always)]
pub fn read_into<'de, T: Read<'de>>(v: &mut T, r: &mut Reader<'de>) -> Result<()> {
    v.read_json_into(r)
}

/// What a struct field of type `T` takes when its key is absent (`None`: it is required).
///
/// ```
/// use structio_json::__derive::missing;
/// assert_eq!(missing::<Option<u8>>(), Some(None));
/// assert_eq!(missing::<u8>(), None);
/// ```
#[inline(always)]
pub fn missing<'de, T: Read<'de>>() -> Option<T> {
    T::missing_field()
}

/// A field's value at the end of an object: the value read, else what the type takes when
/// absent (`None` for `Option`), else [`ErrorKind::MissingField`].
///
/// ```
/// let r = structio_json::Reader::new(b"{}");
/// assert_eq!(structio_json::__derive::field(Some(1u8), &r, "a").unwrap(), 1);
/// assert_eq!(structio_json::__derive::field::<Option<u8>>(None, &r, "a").unwrap(), None);
/// assert!(structio_json::__derive::field::<u8>(None, &r, "a").is_err());
/// ```
#[inline(always)]
pub fn field<'de, T: Read<'de>>(
    value: Option<T>,
    r: &Reader<'de>,
    name: &'static str,
) -> Result<T> {
    match value {
        Some(v) => Ok(v),
        None => match T::missing_field() {
            Some(v) => Ok(v),
            None => Err(r.missing_field(name)),
        },
    }
}

/// Writes a `T`.
///
/// ```
/// let mut w = structio_json::Writer::new(Vec::new());
/// structio_json::__derive::write(&true, &mut w).unwrap();
/// assert_eq!(w.into_inner(), b"true");
/// ```
#[inline(always)]
pub fn write<T: Write + ?Sized, S: Sink>(v: &T, w: &mut Writer<S>) -> Result<()> {
    v.write_json(w)
}

#[cfg(feature = "alloc")]
mod catch_all;
mod keys;
mod reader;
mod serde_field;
mod writer;

pub use keys::{encode_key, key_len};
pub use reader::*;
pub use serde_field::*;
pub use writer::*;
