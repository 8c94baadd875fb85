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

#[doc = structio_core::__derive_method_doc!(structio_bjdata, read_bjdata, read_bjdata_into, write_bjdata)]
#[doc(hidden)]
#[macro_export]
macro_rules! __structio_bjdata_derive_method {
    ($($item:tt)*) => {
        $crate::__derive::__rename_method! { [read_bjdata, read_bjdata_into, write_bjdata] $($item)* }
    };
}
pub use crate::__structio_bjdata_derive_method as method;
#[doc(hidden)]
pub use structio_core::__derive_rename_method as __rename_method;

#[doc = structio_core::__key_impls_doc!(
    structio_bjdata,
    "BJData: [`BjdataWriteKey`](crate::BjdataWriteKey); a map reads its keys through [`BjdataRead`](crate::BjdataRead) as strings, which the derived read already does."
)]
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
    binary_modules: [#[cfg(feature = "alloc")] catch_all],
}
