//! structio-json: JSON text straight into your types and back, with no intermediate
//! representation.
//!
//! Reading converts each value once, into its destination: [`from_slice`] / [`from_str`] make
//! a new value, [`read_into`] refills an existing one so that a loop over records of one shape
//! settles into no allocation. Writing goes to a [`Sink`]: a `Vec<u8>` ([`to_vec`],
//! [`to_string`], [`write_into`]), or with no allocator a `&mut [u8]` ([`to_slice`]) or a
//! `heapless::Vec<u8, N>` ([`to_sink`]), which report [`ErrorKind::BufferFull`] rather than a
//! truncated success. Output is byte-identical to Glaze's `write_json`.
//!
//! ```
//! let v: Vec<(String, Option<f64>)> = structio_json::from_str(r#"[["a", 1.5], ["b", null]]"#)?;
//! assert_eq!(v[1], ("b".to_string(), None));
//! assert_eq!(structio_json::to_string(&v)?, r#"[["a",1.5],["b",null]]"#);
//! # Ok::<(), structio_json::Error>(())
//! ```
//!
//! Choices where JSON or Glaze leave room, written down:
//! - NaN and the infinities are written `null`, as Glaze writes them.
//! - Control bytes other than `\b \f \n \r \t` are written `\u00XX` (uppercase hex).
//! - `&str` borrows from the input and so cannot hold a string with escapes
//!   ([`ErrorKind::EscapeInBorrowedStr`]); `Cow<str>` borrows when it can.
//! - A repeated key in an object: the last one wins.
//! - A number past the range of `f64` (`1e400`, a 400-digit integer: its correctly rounded
//!   value is an infinity) is [`ErrorKind::NumberOutOfRange`] at its first byte everywhere:
//!   reads into any type, skipped unknown fields, [`validate`], [`minify`], [`prettify`],
//!   [`pointer()`], streams and structio-value, as serde_json rejects it ("number out of range").
//!   A number too small for `f64` (`1e-400`) reads as zero of its sign. `f32` destinations
//!   reject numbers past `f32`'s range the same way.
//! - The std and core types are written as serde_json writes them: sets and `VecDeque` as
//!   arrays, `Duration` as `{"secs":..,"nanos":..}`, IP and socket addresses, paths and `char`
//!   as strings, `NonZero*` as numbers, `PhantomData` as `null`, tuples (up to 16) and arrays
//!   (any length) as arrays. `Cow<'de, [T]>` reads owned (JSON holds digits, not the
//!   elements), so that one struct with such a field derives both JSON and BEVE.
//! - An object key with escapes longer than 256 bytes decoded is [`ErrorKind::KeyTooLong`]
//!   when read through [`Reader::object_key`] (struct fields, integer map keys).
//!
//! For firmware, the `size` feature trades speed for flash: the scalar readers and writers
//! become shared out-of-line functions instead of being inlined into every field of every
//! derived type; strings, whitespace and skipped values are scanned a byte at a time; floats
//! are read and written exactly by decimal shifts, without the power tables; a derived struct
//! reads its members through one shared walk. Results and errors are the same.
//! docs/perf/firmware.md in the repository has the flash and stack figures, and the link-time
//! check that no panic path is reachable from reading or writing a config.
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod derive_protocol;
mod error;
mod error_path;
mod read;
#[cfg(feature = "serde")]
pub mod serde;
#[cfg(feature = "std")]
mod stream;
pub mod text;
mod write;

pub use error::{Error, ErrorKind, Result, DUPLICATE_KEY};
#[doc(hidden)]
pub use read::read_padded_only;
pub use read::{
    from_padded, from_padded_with, from_slice, from_slice_with, from_str, read_into,
    read_into_padded, read_into_with, Checkpoint, JsonKey, JsonRead, KeyBuf, ReadOptions, Reader,
};
#[cfg(feature = "std")]
pub use stream::*;
#[cfg(feature = "alloc")]
pub use structio_core::PaddedBytes;
pub use structio_core::{Padded, PADDING};
pub use text::*;
pub use write::{
    to_sink, to_slice, JsonWrite, JsonWriteKey, Sink, SliceSink, WriteOptions, Writer,
    DEFAULT_INDENT,
};
#[cfg(feature = "alloc")]
pub use write::{
    to_string, to_string_pretty, to_string_pretty_with, to_string_with, to_vec, to_vec_pretty_with,
    to_vec_with, write_into,
};

/// The vector scans of string runs and whitespace: the typed reader's, the text tools' and
/// structio-value's tree reader's; not part of the public API.
#[doc(hidden)]
pub mod string_scan;

/// The derive protocol: what `structio-derive`'s generated code calls (docs/derive-contract.md);
/// not part of the public API.
#[doc(hidden)]
pub mod __derive {
    pub use crate::derive_protocol::*;
}
