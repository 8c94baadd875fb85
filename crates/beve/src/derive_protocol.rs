//! The derive protocol as BEVE implements it: what `structio-derive`'s generated code calls,
//! under the uniform names every format crate gives them (docs/derive-contract.md). The macro
//! knows no wire format; this module says how BEVE walks an object (a member count), an array
//! and a string, how a key is encoded (its SIZE and bytes, at compile time), and which of its
//! traits the derive implements.
//!
//! Everything here is a thin `#[inline(always)]` wrapper of the reader's and writer's own
//! methods, so the generated code compiles to what calling them directly would.
//!
//! ```
//! use structio_beve::__derive as p;
//!
//! const K: [u8; p::key_len(b"a")] = p::encode_key(b"a");
//! let mut w = structio_beve::Writer::new(Vec::new());
//! p::open_object(&mut w, 1)?;
//! p::member(&mut w, true, &K)?;
//! p::write(&1u8, &mut w)?;
//! p::close_object(&mut w, false)?;
//! let bytes = w.into_inner();
//!
//! let mut r = structio_beve::Reader::new(&bytes);
//! let mut st = p::begin_object(&mut r)?.expect("one member");
//! let mut buf = p::KeyBuf::new();
//! assert_eq!(p::member_key(&mut r, &mut buf)?, b"a");
//! assert_eq!(p::read::<u8>(&mut r)?, 1);
//! assert!(!p::next_member(&mut r, &mut st)?);
//! # Ok::<(), structio_beve::Error>(())
//! ```

pub use crate::{Error, ErrorKind, Reader, Result, Sink, Writer};

/// Gives a method of a derived impl its name in [`Read`] / [`Write`]: `read` is `read_beve`,
/// `read_into` is `read_beve_into`, `write` is `write_beve`, `missing_field` keeps its name.
///
/// ```
/// use structio_beve::__derive as p;
///
/// struct Nothing;
/// impl p::Write for Nothing {
///     p::method! {
///         fn write<S: p::Sink>(&self, w: &mut p::Writer<S>) -> p::Result<()> {
///             w.write_null()
///         }
///     }
/// }
/// assert_eq!(structio_beve::to_vec(&Nothing).unwrap(), [0x00]);
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_beve_derive_method {
    ($(#[$m:meta])* fn read $($t:tt)*) => { $(#[$m])* fn read_beve $($t)* };
    ($(#[$m:meta])* fn read_into $($t:tt)*) => { $(#[$m])* fn read_beve_into $($t)* };
    ($(#[$m:meta])* fn missing_field $($t:tt)*) => { $(#[$m])* fn missing_field $($t)* };
    ($(#[$m:meta])* fn write $($t:tt)*) => { $(#[$m])* fn write_beve $($t)* };
}
pub use crate::__structio_beve_derive_method as method;

/// Implements the format's map-key traits for a unit-only enum, given the derive's two
/// functions: `read(r) -> Result<T>` (the variant named by a key, read with
/// [`read_key_str`]) and `write(&T, w, first) -> Result<()>` (its name as a member key, written
/// with [`member`]). The derive invokes it as `__p::key_impls!(Mode, read_fn, write_fn);`.
///
/// BEVE: [`KeyRead`](crate::KeyRead) and [`KeyWrite`](crate::KeyWrite), in a string-keyed object.
///
/// ```
/// use structio_beve::__derive as p;
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
/// let bytes = structio_beve::to_vec(&m).unwrap();
/// let back: std::collections::BTreeMap<Only, u8> = structio_beve::from_slice(&bytes).unwrap();
/// assert_eq!(back, m);
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_beve_derive_key_impls {
    ($ty:ty, $read:ident, $write:ident) => {
        #[automatically_derived]
        impl<'de> $crate::KeyRead<'de> for $ty {
            const OBJECT_HEADER: u8 = $crate::header::OBJECT;
            const MIN_KEY_BYTES: usize = 1;
            #[inline]
            fn read_key(r: &mut $crate::Reader<'de>) -> $crate::Result<Self> {
                $read(r)
            }
        }
        #[automatically_derived]
        impl $crate::KeyWrite for $ty {
            const OBJECT_HEADER: u8 = $crate::header::OBJECT;
            #[inline]
            fn write_key<S: $crate::Sink>(&self, w: &mut $crate::Writer<S>) -> $crate::Result<()> {
                $write(self, w, true)
            }
        }
    };
}
pub use crate::__structio_beve_derive_key_impls as key_impls;

structio_core::__derive_protocol_common! {
    krate: structio_beve,
    read: BeveRead { read_beve, read_beve_into },
    write: BeveWrite { write_beve },
    other_kind: ErrorKind::WrongType { .. },
    deny_reader: "Reader::new(&[]).deny_duplicate_keys(true)",
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
