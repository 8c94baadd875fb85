//! structio-beve: the BEVE binary format, with numeric arrays moved as bulk copies.
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod derive_support;

/// Items the derive macro's generated code uses; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::derive_support::*;
}
