//! structio-core: what every structio format shares, so that each format crate (JSON, BEVE,
//! and the ones to come) is only a reader, a writer and its impls.
//!
//! - [`Sink`]: where written bytes go (`Vec<u8>`, a caller's `&mut [u8]` through
//!   [`SliceSink`], a `heapless::Vec<u8, N>`), with one contract for every format's writer.
//! - [`Error`] and [`ErrorKind`]: what went wrong and the byte offset where. Formats add their
//!   own position details on top (JSON adds line, column and an excerpt).
//! - [`DEFAULT_DEPTH_LIMIT`] and [`Depth`]: one nesting limit, one default, for every reader.
//! - [`KeyBuf`]: the fixed buffer an object key with escapes is decoded into, so that reading
//!   a struct needs no allocator.
//! - [`Seq`]: the growable containers (`Vec`, `heapless::Vec`) a reader fills with a sequence.
//! - [`utf8`]: UTF-8 validation, with the vector check where the build enables SSSE3 or AVX2.
//! - `refill_string` (with `alloc`): a short string copied into a reused `String`.
//! - [`Padded`] and [`PaddedBytes`]: a document followed by zero bytes, for the readers'
//!   padded entry points.
//!
//! Users rarely name this crate: the format crates re-export what they use.
//!
//! ```
//! use structio_core::{Sink, SliceSink};
//! let mut buf = [0u8; 8];
//! let mut sink = SliceSink::new(&mut buf);
//! sink.write_bytes(b"{}")?;
//! assert_eq!(sink.written(), b"{}");
//! # Ok::<(), structio_core::Error>(())
//! ```
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;

mod bulk_copy;
mod catch_all;
mod depth;
mod derive_support;
mod error;
mod found_text;
mod half;
mod key_buf;
mod padded;
mod path;
mod reader_support;
#[cfg(feature = "alloc")]
mod refill;
mod seq;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod serde_support;
mod sink;
pub mod utf8;
mod walk;
// Writer items shared by the format crates (macros, exported at the crate root).
mod write_derive;
mod write_display;
mod write_impls;
mod write_sink;
#[doc(hidden)]
pub use write_sink::{write_bulk, write_le_elements};

#[doc(hidden)]
pub use write_display::DisplayBuf;

#[doc(hidden)]
pub use bulk_copy::{copy_bytes, copy_to_uninit};
pub use depth::{Depth, DEFAULT_DEPTH_LIMIT};
#[doc(hidden)]
pub use derive_support::{prefixed_key, KEY_HEAD_MAX};
pub use error::{Error, ErrorKind, EscapedText, Found, Result, What};
pub use found_text::FoundText;
pub use half::f16_to_f32;
pub use key_buf::KeyBuf;
#[cfg(feature = "alloc")]
pub use padded::PaddedBytes;
pub use padded::{Padded, PADDING};
pub use path::{ErrorPath, PathTracker};
#[doc(hidden)]
pub use reader_support::{cautious_reserve, literal_end};
#[cfg(feature = "alloc")]
pub use refill::refill_string;
pub use seq::Seq;
pub use sink::{Sink, SliceSink};
#[doc(hidden)]
pub use walk::{Step, WalkStack};

// What the format readers share beyond the cursor.
mod read_describe;
mod read_impls;
mod read_packed;
mod read_trait;
#[doc(hidden)]
pub use read_describe::describe_walked;
#[doc(hidden)]
pub use read_packed::{borrow_le, check_count, copy_exact_le, fill_seq_le, fix_le, put_at};
