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

structio_core::__derive_protocol_common! {
    krate: structio_bjdata,
    read: BjdataRead { read_bjdata, read_bjdata_into },
    write: BjdataWrite { write_bjdata },
    other_kind: ErrorKind::WrongType { .. },
    deny_reader: "Reader::new(&[]).deny_duplicate_keys(true)",
}

#[cfg(feature = "alloc")]
mod catch_all;
mod keys;
mod reader;
mod writer;

pub use keys::{encode_key, key_len};
pub use reader::*;
pub use writer::*;
