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

#[doc = structio_core::__derive_method_doc!(structio_beve, read_beve, read_beve_into, write_beve)]
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_beve_derive_method {
    ($($item:tt)*) => {
        $crate::__derive::__rename_method! { [read_beve, read_beve_into, write_beve] $($item)* }
    };
}
pub use crate::__structio_beve_derive_method as method;
#[doc(hidden)]
pub use structio_core::__derive_rename_method as __rename_method;

#[doc = structio_core::__key_impls_doc!(
    structio_beve,
    "BEVE: [`KeyRead`](crate::KeyRead) and [`KeyWrite`](crate::KeyWrite), in a string-keyed object."
)]
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
