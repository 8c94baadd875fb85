//! structio-cbor: CBOR (RFC 8949) straight into your types and back, with numeric arrays
//! moved as RFC 8746 typed arrays in one bulk copy and, when the input allows, not copied at
//! all.
//!
//! ```
//! let doc = structio_cbor::to_vec(&(7i32, "x", vec![1.5f64])).unwrap();
//! let back: (i32, String, Vec<f64>) = structio_cbor::from_slice(&doc).unwrap();
//! assert_eq!(back, (7, "x".to_string(), vec![1.5]));
//! ```
//!
//! Choices where the specification leaves room:
//! - writing always uses preferred serialization (RFC 8949 §4.2.2): the shortest head for
//!   every integer and length, and each float in the shortest of half, single and double that
//!   holds it exactly (a NaN's payload kept where it fits); lengths are always definite.
//!   [`Writer::deterministic`] and [`to_vec_deterministic`] add §4.2.1's sorted map keys (by
//!   the encoded key's bytes); [`to_vec_canonical`] sorts them length first (§4.2.3, RFC
//!   7049's canonical order, byte-identical to Python `cbor2`'s `canonical=True`); the two
//!   orders agree whenever all keys are text strings, or all are integers of one sign (a
//!   struct's keys always);
//! - reading accepts any well-formed encoding: non-shortest heads, all three float widths,
//!   indefinite-length strings, arrays and maps (a chunked string cannot be borrowed:
//!   [`ErrorKind::ChunkedInBorrowed`]); unsorted and repeated map keys are not rejected (a
//!   repeated key keeps its last value);
//! - tags a destination does not interpret are passed through (skipped, each a level of the
//!   depth limit); integers read bignums (tags 2 and 3) up to 128 bits, `i128`/`u128` write
//!   them when the value needs more than 64 bits; numeric sequences read RFC 8746 typed
//!   arrays (tags 64 to 87) of either byte order and any element type, converting when it is
//!   not theirs; [`Tagged`] keeps a tag, [`Embedded`] reads and writes tag 24, [`Simple`]
//!   any simple value;
//! - `Vec<T>`, `[T]`, `[T; N]` and `heapless::Vec<T, N>` of `u16`..`u64`, `i8`..`i64`,
//!   `usize`, `isize`, `f32`, `f64` are written as the little-endian typed-array tag (`f64`
//!   86, `f32` 85, ...) around a byte string; of `u8`, as a plain byte string (the RFC 8746
//!   `uint8` array is read too); of anything else, as an array;
//! - a number read into another numeric type converts when the value fits (integer to
//!   integer in range, integer to float and double to single rounding like `as`; never float
//!   to integer: [`ErrorKind::InvalidType`] naming the destination type);
//! - `char` is a one-character text string; `()` and `None` are `null` (`undefined` is read
//!   as `null`); a struct is a map with text keys (unknown keys skipped unless the reader
//!   denies them);
//! - `&'de [T]` and `Cow<'de, [T]>` point into the input when it holds a little-endian typed
//!   array of `T` at an address aligned for `T`; CBOR has no padding, so whether a payload
//!   is aligned depends on what precedes it: `&[T]` then fails with
//!   [`ErrorKind::Misaligned`], `Cow` copies.
//!
//! `#[derive(Structio)]` with `#[structio(format = "structio_cbor")]` (from `structio-derive`)
//! implements [`CborRead`] and [`CborWrite`] for structs and enums, beside JSON and BEVE from
//! the same definition. The shapes are structio's BEVE ones (and Glaze's): a struct is a map
//! from its field names (text keys, encoded at compile time) to values, in declaration order;
//! a tuple struct is an array, a unit struct `null`; an enum is externally tagged as in JSON (a
//! unit variant is its name, any other variant a map of one entry from its name to its
//! payload), or internally, adjacently or un-tagged as its attributes say. Maps and arrays of
//! either length form are read, keys in any order. A deterministic writer does not reorder a
//! derived struct's members (that would need them encoded apart): declare the fields in the
//! order of their names' length, then bytes, and the document is deterministic in both
//! [`MapOrder`]s.
//!
//! ```
//! use structio_derive::Structio;
//!
//! #[derive(Structio, Debug, PartialEq)]
//! #[structio(format = "structio_cbor", format = "structio_json")]
//! enum Reading {
//!     Idle,
//!     Sample { id: u8, values: Vec<f64> },
//! }
//!
//! let r = Reading::Sample { id: 3, values: vec![0.5] };
//! let doc = structio_cbor::to_vec(&r)?;
//! // {"Sample": {"id": 3, "values": 86(h'000000000000e03f')}}
//! assert_eq!(&doc[..10], [0xa1, 0x66, b'S', b'a', b'm', b'p', b'l', b'e', 0xa2, 0x62]);
//! assert_eq!(structio_cbor::from_slice::<Reading>(&doc)?, r);
//! assert_eq!(structio_cbor::to_vec(&Reading::Idle)?, [0x64, b'I', b'd', b'l', b'e']);
//! # Ok::<(), structio_cbor::Error>(())
//! ```
//!
//! By hand, a struct is written as a map from field names (text keys) to values, in a fixed
//! field order (for a deterministic writer, the keys' length, then bytes, which both
//! [`MapOrder`]s agree on for text keys); reading takes the keys in any order, through
//! [`Reader::begin_map`], [`Reader::next`], [`Reader::read_key`] (borrowed, or assembled in a
//! [`KeyBuf`] when chunked) and [`Reader::unknown_field`]:
//!
//! ```
//! use structio_cbor::{CborRead, CborWrite, KeyBuf, Reader, Result, Sink, Writer};
//!
//! #[derive(Debug, PartialEq)]
//! struct Point { x: i32, y: i32 }
//!
//! impl CborWrite for Point {
//!     fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
//!         w.begin_map(2)?;
//!         w.raw(b"\x61x")?; // the key, encoded once
//!         self.x.write_cbor(w)?;
//!         w.raw(b"\x61y")?;
//!         self.y.write_cbor(w)
//!     }
//! }
//!
//! impl<'de> CborRead<'de> for Point {
//!     fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
//!         let (mut x, mut y) = (None, None);
//!         let mut entries = r.begin_map()?;
//!         let mut buf = KeyBuf::new();
//!         while r.next(&mut entries)? {
//!             let at = r.offset();
//!             match r.read_key(&mut buf)? {
//!                 b"x" => x = Some(i32::read_cbor(r)?),
//!                 b"y" => y = Some(i32::read_cbor(r)?),
//!                 _ => r.unknown_field(at)?,
//!             }
//!         }
//!         Ok(Point {
//!             x: x.ok_or_else(|| r.missing_field("x"))?,
//!             y: y.ok_or_else(|| r.missing_field("y"))?,
//!         })
//!     }
//! }
//!
//! let doc = structio_cbor::to_vec(&Point { x: 1, y: -2 })?;
//! assert_eq!(doc, [0xa2, 0x61, b'x', 0x01, 0x61, b'y', 0x21]);
//! assert_eq!(structio_cbor::from_slice::<Point>(&doc)?, Point { x: 1, y: -2 });
//! # Ok::<(), structio_cbor::Error>(())
//! ```
//!
//! Hostile input: every length and count is checked against the bytes left before anything is
//! reserved, and what a document's sequences reserve before their elements arrive is at most one
//! element per input byte in all, however deep the counts nest; arrays, maps and tags nest at most
//! [`DEFAULT_DEPTH_LIMIT`] deep ([`Reader::with_depth_limit`]), text is checked UTF-8 (the error
//! names the first bad byte), reserved additional information (28 to 30), a break where an item is
//! due and a two-byte simple value below 32 are [`ErrorKind::InvalidHeader`]; no input panics.
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod api;
mod derive_protocol;
mod error;
mod ext;
mod float;
pub mod header;
mod number;
mod read;
mod write;

pub use api::{from_slice, read_into, to_sink, to_slice, validate};
#[cfg(feature = "alloc")]
pub use api::{to_vec, to_vec_canonical, to_vec_deterministic, write_into};
pub use error::{Error, ErrorKind, ErrorPath, Found, Result};
pub use ext::{Embedded, Simple, Tagged};
pub use number::{Integer, Number};
pub use read::{
    describe_error, CborRead, Checkpoint, Items, Reader, Seq, DEFAULT_DEPTH_LIMIT, DUPLICATE_KEY,
};
pub use structio_core::KeyBuf;
#[cfg(feature = "alloc")]
pub use write::write_map;
pub use write::{CborWrite, MapOrder, Sink, SliceSink, Writer};

/// The derive protocol: what `structio-derive`'s generated code calls (docs/derive-contract.md);
/// not part of the public API.
#[doc(hidden)]
pub mod __derive {
    pub use crate::derive_protocol::*;
}
