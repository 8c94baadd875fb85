//! structio-value: a compact dynamic tree read from and written to JSON and BEVE.
#![no_std]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;
