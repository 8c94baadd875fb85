//! structio-json: JSON text straight into your types and back, with no intermediate
//! representation.
//!
//! This crate will own the JSON reader (a cursor over `&[u8]`) and writer (a byte sink), the
//! [`JsonRead`]/[`JsonWrite`] traits and their impls for core, alloc and `heapless` types,
//! prettify, minify, validate and on-demand access (JSON pointer over raw text).
#![no_std]
#![forbid(unsafe_op_in_unsafe_fn)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod derive_support;
mod error;
pub mod text;

pub use error::{Error, ErrorKind, Result};
pub use text::*;

/// Items the derive macro's generated code uses; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::derive_support::*;
}
