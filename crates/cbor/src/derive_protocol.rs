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

#[doc = structio_core::__derive_method_doc!(structio_cbor, read_cbor, read_cbor_into, write_cbor)]
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_cbor_derive_method {
    ($($item:tt)*) => {
        $crate::__derive::__rename_method! { [read_cbor, read_cbor_into, write_cbor] $($item)* }
    };
}
pub use crate::__structio_cbor_derive_method as method;
#[doc(hidden)]
pub use structio_core::__derive_rename_method as __rename_method;

#[doc = structio_core::__key_impls_doc!(
    structio_cbor,
    "CBOR: nothing, since a map's keys are read and written as values ([`CborRead`](crate::CborRead), [`CborWrite`](crate::CborWrite)), which the derive already implements."
)]
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
    binary_modules: [#[cfg(feature = "alloc")] catch_all],
}
