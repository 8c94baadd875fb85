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

#[doc = structio_core::__derive_method_doc!(structio_json, read_json, read_json_into, write_json)]
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_json_derive_method {
    ($($item:tt)*) => {
        $crate::__derive::__rename_method! { [read_json, read_json_into, write_json] $($item)* }
    };
}
pub use crate::__structio_json_derive_method as method;
#[doc(hidden)]
pub use structio_core::__derive_rename_method as __rename_method;

#[doc = structio_core::__key_impls_doc!(
    structio_json,
    "JSON: [`JsonKey`](crate::JsonKey) and [`JsonWriteKey`](crate::JsonWriteKey)."
)]
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

structio_core::__derive_protocol_common! {
    krate: structio_json,
    read: JsonRead { read_json, read_json_into },
    write: JsonWrite { write_json },
    other_kind: ErrorKind::ExpectedObject,
    deny_reader: "Reader::with_options(b\"{}\", structio_json::ReadOptions::new().deny_duplicate_keys(true))",
    shape: by_format,
}

/// Whether derived structs read in the compact shape: one shared member walk (`FieldWalk`, compiled with `size` only)
/// and a key table per type instead of each field's key match and bookkeeping inlined. True
/// with the `size` feature.
///
/// ```
/// use structio_json::__derive as p;
/// assert_eq!(p::shape! { compact { true } inline { false } }, p::COMPACT);
/// ```
pub const COMPACT: bool = cfg!(feature = "size");

/// Picks the code shape of a derived reader, `compact { .. } inline { .. }`: the compact one
/// with the `size` feature ([`COMPACT`]), the inline one otherwise. Only the tokens picked are
/// compiled.
///
/// ```
/// use structio_json::__derive as p;
/// let shape = p::shape! { compact { "compact" } inline { "inline" } };
/// assert_eq!(shape == "compact", p::COMPACT);
/// ```
#[cfg(feature = "size")]
pub use structio_core::__derive_shape_compact as shape;
/// Picks the code shape of a derived reader, `compact { .. } inline { .. }`: the compact one
/// with the `size` feature ([`COMPACT`]), the inline one otherwise. Only the tokens picked are
/// compiled.
///
/// ```
/// use structio_json::__derive as p;
/// let shape = p::shape! { compact { "compact" } inline { "inline" } };
/// assert_eq!(shape == "compact", p::COMPACT);
/// ```
#[cfg(not(feature = "size"))]
pub use structio_core::__derive_shape_inline as shape;

#[cfg(feature = "alloc")]
mod catch_all;
#[cfg(feature = "size")]
mod compact;
mod keys;
mod reader;
mod serde_field;
mod writer;

#[cfg(feature = "size")]
pub use compact::{FieldKeys, FieldWalk, MAX_FIELDS};
pub use keys::{encode_key, key_len};
pub use reader::*;
pub use serde_field::*;
pub use writer::*;
