//! structio-beve: the BEVE binary format (Version 2) straight into your types and back, with
//! numeric arrays moved as one bulk copy and, for aligned documents, not copied at all.
//!
//! ```
//! let doc = structio_beve::to_vec(&(7i32, "x", vec![1.5f64])).unwrap();
//! let back: (i32, String, Vec<f64>) = structio_beve::from_slice(&doc).unwrap();
//! assert_eq!(back, (7, "x".to_string(), vec![1.5]));
//! ```
//!
//! Choices where the specification is silent (all as Glaze does them unless said):
//! - numbers are written in the width of their Rust type; a reader converts another numeric
//!   header when the value fits (never float to integer);
//! - `Vec`/arrays of numbers are typed arrays, of `bool` bit-packed arrays, of strings string
//!   arrays, of anything else generic arrays; empty ones keep their typed header;
//! - `char` is a one-character string (Rust's `char` is a code point); `()` and `None` are null;
//! - a map's keys decide the object header (strings `0x03`, integers their class and width);
//! - non-shortest SIZEs are accepted; set padding bits of a boolean array are rejected;
//! - unknown struct fields are skipped unless the reader denies them;
//! - the Version 1 type tag is read ([`Reader::type_tag`]) and never written;
//! - unlike Glaze's default `skip_null_members`, a map entry whose value is `None` is written
//!   (as null), not left out.
//! - sets (`BTreeSet`, `HashSet`) and `VecDeque` are written as a `Vec` of the same elements
//!   is (typed, bit-packed, string or generic array), as Glaze writes `std::set` and
//!   `std::deque`; `Arc`, `Rc` and `Box` write their contents;
//! - `NonZero*` integers are numbers of their width (zero is an error when read);
//! - `Duration` is an object `{"secs": u64, "nanos": u32}`, the fields serde gives it (Glaze
//!   has no `Duration`; this is what `structio_beve::serde` writes too);
//! - IP and socket addresses and paths are strings of their `Display` text (serde's binary
//!   form of an address, bytes in an enum, is not used: the string reads the same in JSON and
//!   BEVE); `PhantomData` is null.
//!
//! Numeric arrays are one bulk copy in each direction when the stored element type is the
//! destination's (through [`BeveRead::read_beve_seq`] and [`BeveWrite::write_beve_slice`], which
//! the number impls override).
//!
//! # Zero-copy numeric arrays
//!
//! A `Cow<'de, [f64]>` field borrows from the document when the array's payload sits at an
//! address aligned for `f64`, and copies otherwise; a `&'de [f64]` field borrows or fails with
//! [`ErrorKind::Misaligned`]. Two things make the payload aligned:
//!
//! - the writer: [`to_vec`] writes the compact form, payloads right after their headers at
//!   whatever offset that is (what Glaze writes by default); [`to_beve_aligned`] (and
//!   [`write_into_aligned`], [`to_slice_aligned`]) pads each numeric array to a multiple of its
//!   element width from the document start (Glaze's `aligned_arrays`). Both read everywhere;
//!   only the aligned form can be borrowed.
//! - the buffer: the document's first byte must be aligned too. A `Vec<u8>` does not promise
//!   it; [`AlignedBuf`] does (`AlignedBuf::read_file`, `from_reader`, `from_bytes`).
//!
//! ```
//! use std::borrow::Cow;
//! let doc = structio_beve::to_beve_aligned(&vec![0.5f64; 4]).unwrap();
//! let buf = structio_beve::AlignedBuf::from_bytes(&doc);
//! let v: Cow<[f64]> = structio_beve::from_slice(&buf).unwrap();
//! assert!(matches!(v, Cow::Borrowed(_)));
//! ```
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "alloc")]
mod aligned;
mod api;
mod derive_protocol;
mod error;
mod ext;
pub mod header;
mod key;
mod number;
mod read;
#[cfg(feature = "serde")]
pub mod serde;
mod write;

#[cfg(feature = "alloc")]
pub use aligned::AlignedBuf;
pub use api::{from_slice, read_into, to_sink, to_slice, to_slice_aligned};
#[cfg(feature = "alloc")]
pub use api::{to_beve_aligned, to_vec, write_into, write_into_aligned};
pub use error::{Error, ErrorKind, ErrorPath, Found, Result, DUPLICATE_KEY};
pub use ext::{documents, Complex, Documents};
#[cfg(feature = "alloc")]
pub use ext::{Layout, Matrix};
pub use key::{KeyRead, KeyWrite};
pub use number::{Bf16, Number, F128, F16};
pub use read::{describe_error, BeveRead, Checkpoint, Reader, Seq, DEFAULT_DEPTH_LIMIT};
pub use write::{BeveWrite, Sink, SliceSink, Writer};

/// The derive protocol: what `structio-derive`'s generated code calls (docs/derive-contract.md);
/// not part of the public API.
#[doc(hidden)]
pub mod __derive {
    pub use crate::derive_protocol::*;
}
