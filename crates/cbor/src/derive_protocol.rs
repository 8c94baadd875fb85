//! The derive protocol as CBOR implements it: what `structio-derive`'s generated code calls,
//! under the uniform names every format crate gives them (docs/derive-contract.md). The macro
//! knows no wire format; this module says how CBOR walks a map (a count, or items up to the
//! break of an indefinite length), an array and a text string, how a key is encoded (a text
//! string head and its bytes, at compile time), and which of its traits the derive implements.
//!
//! The shapes, as Glaze and structio's BEVE write them: a struct with named fields is a map
//! from its field names (text strings) to values, in declaration order (a deterministic
//! [`Writer`] does not reorder a derived struct's members: declare the fields in the order
//! RFC 8949 §4.2.1 sorts their encoded names if a document must be deterministic); a tuple
//! struct or tuple variant is an array; a unit struct is `null`; enums are externally tagged
//! as in JSON: a unit variant is its name as a text string, any other variant a map of one
//! entry from its name to its payload (and `tag`, `tag` + `content` and `untagged` as in
//! every format). On read, maps and arrays may have definite or indefinite lengths and keys may
//! be chunked text strings (assembled in a [`KeyBuf`]); tags before a map, an array or a
//! string are passed over.
//!
//! Everything here is a thin `#[inline(always)]` wrapper of the reader's and writer's own
//! methods, so the generated code compiles to what calling them directly would.
//!
//! ```
//! use structio_cbor::__derive as p;
//!
//! const K: [u8; p::key_len(b"a")] = p::encode_key(b"a");
//! let mut w = structio_cbor::Writer::new(Vec::new());
//! p::open_object(&mut w, 1)?;
//! p::member(&mut w, true, &K)?;
//! p::write(&1u8, &mut w)?;
//! p::close_object(&mut w, false)?;
//! let bytes = w.into_inner();
//! assert_eq!(bytes, [0xa1, 0x61, b'a', 0x01]);
//!
//! let mut r = structio_cbor::Reader::new(&bytes);
//! let mut st = p::begin_object(&mut r)?.expect("one member");
//! let mut buf = p::KeyBuf::new();
//! assert_eq!(p::member_key(&mut r, &mut buf)?, b"a");
//! assert_eq!(p::read::<u8>(&mut r)?, 1);
//! assert!(!p::next_member(&mut r, &mut st)?);
//! # Ok::<(), structio_cbor::Error>(())
//! ```

pub use crate::{Error, ErrorKind, KeyBuf, Reader, Result, Sink, Writer};

/// Gives a method of a derived impl its name in [`Read`] / [`Write`]: `read` is `read_cbor`,
/// `read_into` is `read_cbor_into`, `write` is `write_cbor`, `missing_field` keeps its name.
///
/// ```
/// use structio_cbor::__derive as p;
///
/// struct Nothing;
/// impl p::Write for Nothing {
///     p::method! {
///         fn write<S: p::Sink>(&self, w: &mut p::Writer<S>) -> p::Result<()> {
///             w.write_null()
///         }
///     }
/// }
/// assert_eq!(structio_cbor::to_vec(&Nothing).unwrap(), [0xf6]);
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_cbor_derive_method {
    ($(#[$m:meta])* fn read $($t:tt)*) => { $(#[$m])* fn read_cbor $($t)* };
    ($(#[$m:meta])* fn read_into $($t:tt)*) => { $(#[$m])* fn read_cbor_into $($t)* };
    ($(#[$m:meta])* fn missing_field $($t:tt)*) => { $(#[$m])* fn missing_field $($t)* };
    ($(#[$m:meta])* fn write $($t:tt)*) => { $(#[$m])* fn write_cbor $($t)* };
}
pub use crate::__structio_cbor_derive_method as method;

/// Implements the format's map-key traits for a unit-only enum, given the derive's two
/// functions: `read(r) -> Result<T>` (the variant named by a key, read with
/// [`read_key_str`]) and `write(&T, w, first) -> Result<()>` (its name as a member key, written
/// with [`member`]). The derive invokes it as `__p::key_impls!(Mode, read_fn, write_fn);`.
///
/// CBOR: nothing, since a map's keys are read and written as values ([`CborRead`](crate::CborRead), [`CborWrite`](crate::CborWrite)), which the derive already implements.
///
/// ```
/// use structio_cbor::__derive as p;
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
/// let bytes = structio_cbor::to_vec(&m).unwrap();
/// let back: std::collections::BTreeMap<Only, u8> = structio_cbor::from_slice(&bytes).unwrap();
/// assert_eq!(back, m);
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_cbor_derive_key_impls {
    ($ty:ty, $read:ident, $write:ident) => {};
}
pub use crate::__structio_cbor_derive_key_impls as key_impls;

structio_core::__derive_protocol_common! {
    krate: structio_cbor,
    read: CborRead { read_cbor, read_cbor_into },
    write: CborWrite { write_cbor },
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
