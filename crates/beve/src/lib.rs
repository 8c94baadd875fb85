//! structio-beve: the BEVE binary format, with numeric arrays moved as bulk copies.
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;
