//! The derive protocol as BJData implements it: what `structio-derive`'s generated code calls,
//! under the uniform names every format crate gives them (docs/derive-contract.md). The macro
//! knows no wire format; this module says how BJData walks an object (counted, typed or ended
//! by `}`), a tuple and a string, how a key is encoded (its smallest length marker and bytes,
//! at compile time), and which of its traits the derive implements.
//!
//! Everything here is a thin `#[inline(always)]` wrapper of the reader's and writer's own
//! methods, so the generated code compiles to what calling them directly would.
//!
//! ```
//! use structio_bjdata::__derive as p;
//!
//! const K: [u8; p::key_len(b"a")] = p::encode_key(b"a");
//! let mut w = structio_bjdata::Writer::new(Vec::new());
//! p::open_object(&mut w, 1)?;
//! p::member(&mut w, true, &K)?;
//! p::write(&1u8, &mut w)?;
//! p::close_object(&mut w, false)?;
//! let bytes = w.into_inner();
//!
//! let mut r = structio_bjdata::Reader::new(&bytes);
//! let mut st = p::begin_object(&mut r)?.expect("one member");
//! let mut buf = p::KeyBuf::new();
//! assert_eq!(p::member_key(&mut r, &mut buf)?, b"a");
//! assert_eq!(p::read::<u8>(&mut r)?, 1);
//! assert!(!p::next_member(&mut r, &mut st)?);
//! # Ok::<(), structio_bjdata::Error>(())
//! ```

pub use crate::{Error, ErrorKind, KeyBuf, Reader, Result, Sink, Writer};

/// The read trait the derive implements and bounds type parameters by:
/// [`BjdataRead`](crate::BjdataRead).
///
/// ```
/// fn takes<'de, T: structio_bjdata::__derive::Read<'de>>() {}
/// takes::<u8>();
/// ```
pub use crate::BjdataRead as Read;

/// The write trait the derive implements and bounds type parameters by:
/// [`BjdataWrite`](crate::BjdataWrite).
///
/// ```
/// fn takes<T: structio_bjdata::__derive::Write>() {}
/// takes::<u8>();
/// ```
pub use crate::BjdataWrite as Write;

/// Gives a method of a derived impl its name in [`Read`] / [`Write`]: `read` is
/// `read_bjdata`, `read_into` is `read_bjdata_into`, `write` is `write_bjdata`,
/// `missing_field` keeps its name.
///
/// ```
/// use structio_bjdata::__derive as p;
///
/// struct Nothing;
/// impl p::Write for Nothing {
///     p::method! {
///         fn write<S: p::Sink>(&self, w: &mut p::Writer<S>) -> p::Result<()> {
///             w.write_null()
///         }
///     }
/// }
/// assert_eq!(structio_bjdata::to_vec(&Nothing).unwrap(), b"Z");
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_bjdata_derive_method {
    ($(#[$m:meta])* fn read $($t:tt)*) => { $(#[$m])* fn read_bjdata $($t)* };
    ($(#[$m:meta])* fn read_into $($t:tt)*) => { $(#[$m])* fn read_bjdata_into $($t)* };
    ($(#[$m:meta])* fn missing_field $($t:tt)*) => { $(#[$m])* fn missing_field $($t)* };
    ($(#[$m:meta])* fn write $($t:tt)*) => { $(#[$m])* fn write_bjdata $($t)* };
}
pub use crate::__structio_bjdata_derive_method as method;

/// Implements the format's map-key traits for a unit-only enum, given the derive's two
/// functions: `read(r) -> Result<T>` (the variant named by a key, read with
/// [`read_key_str`]) and `write(&T, w, first) -> Result<()>` (its name as a member key, written
/// with [`member`]). The derive invokes it as `__p::key_impls!(Mode, read_fn, write_fn);`.
///
/// BJData: [`BjdataWriteKey`](crate::BjdataWriteKey); a map reads its keys through [`BjdataRead`](crate::BjdataRead) as strings, which the derived read already does.
///
/// ```
/// use structio_bjdata::__derive as p;
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
/// let bytes = structio_bjdata::to_vec(&m).unwrap();
/// let back: std::collections::BTreeMap<Only, u8> = structio_bjdata::from_slice(&bytes).unwrap();
/// assert_eq!(back, m);
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_bjdata_derive_key_impls {
    ($ty:ty, $read:ident, $write:ident) => {
        #[automatically_derived]
        impl $crate::BjdataWriteKey for $ty {
            #[inline]
            fn write_key<S: $crate::Sink>(&self, w: &mut $crate::Writer<S>) -> $crate::Result<()> {
                $write(self, w, true)
            }
        }
    };
}
pub use crate::__structio_bjdata_derive_key_impls as key_impls;

/// Reading a struct's members one key at a time, so that its fields can sit inside another
/// object (`#[structio(flatten)]`).
///
/// The derive implements this; you do not call it yourself.
///
/// ```
/// use structio_bjdata::__derive::Fields;
///
/// struct Empty;
/// impl<'de> Fields<'de> for Empty {
///     type Builder = ();
///     fn builder() {}
///     fn accept(_: &mut (), _: &[u8], _: usize, _: &mut structio_bjdata::Reader<'de>) -> structio_bjdata::Result<bool> {
///         Ok(false)
///     }
///     fn finish(_: (), _: &structio_bjdata::Reader<'de>) -> structio_bjdata::Result<Self> {
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

/// Writing a struct's members without the object around them (`#[structio(flatten)]`): the
/// outer object's member count includes [`field_count`](Self::field_count).
///
/// ```
/// use structio_bjdata::__derive::WriteFields;
///
/// struct Empty;
/// impl WriteFields for Empty {
///     fn field_count(&self) -> usize {
///         0
///     }
///     fn write_fields<S: structio_bjdata::Sink>(&self, _: &mut structio_bjdata::Writer<S>, first: bool) -> structio_bjdata::Result<bool> {
///         Ok(first)
///     }
/// }
/// ```
pub trait WriteFields {
    /// How many members [`write_fields`](Self::write_fields) writes.
    fn field_count(&self) -> usize;
    /// Writes the members (key and value each); returns whether nothing has been written yet
    /// (`first` and no member).
    fn write_fields<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<bool>;
}

/// Reads a `T`.
///
/// ```
/// let mut r = structio_bjdata::Reader::new(b"U\x05");
/// assert_eq!(structio_bjdata::__derive::read::<u8>(&mut r).unwrap(), 5);
/// ```
#[inline(always)]
pub fn read<'de, T: Read<'de>>(r: &mut Reader<'de>) -> Result<T> {
    T::read_bjdata(r)
}

/// Reads into an existing `T`, reusing what it owns.
///
/// ```
/// let mut r = structio_bjdata::Reader::new(b"SU\x02ab");
/// let mut s = String::new();
/// structio_bjdata::__derive::read_into(&mut s, &mut r).unwrap();
/// assert_eq!(s, "ab");
/// ```
#[inline(always)]
pub fn read_into<'de, T: Read<'de>>(v: &mut T, r: &mut Reader<'de>) -> Result<()> {
    v.read_bjdata_into(r)
}

/// What a struct field of type `T` takes when its key is absent (`None`: it is required).
///
/// ```
/// use structio_bjdata::__derive::missing;
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
/// let r = structio_bjdata::Reader::new(&[]);
/// assert_eq!(structio_bjdata::__derive::field(Some(1u8), &r, "a").unwrap(), 1);
/// assert!(structio_bjdata::__derive::field::<u8>(None, &r, "a").is_err());
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
/// let mut w = structio_bjdata::Writer::new(Vec::new());
/// structio_bjdata::__derive::write(&true, &mut w).unwrap();
/// assert_eq!(w.into_inner(), b"T");
/// ```
#[inline(always)]
pub fn write<T: Write + ?Sized, S: Sink>(v: &T, w: &mut Writer<S>) -> Result<()> {
    v.write_bjdata(w)
}

#[cfg(feature = "alloc")]
mod catch_all;
mod keys;
mod reader;
mod writer;

pub use keys::{encode_key, key_len};
pub use reader::*;
pub use writer::*;
