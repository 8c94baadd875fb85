//! structio-bjdata: BJData (Binary JData, Draft 4, the NeuroJSON format) straight into your
//! types and back, with numeric arrays moved as packed `[$T#n` containers in one bulk copy
//! and, when the input allows, not copied at all. UBJSON Draft 12 (big-endian) is read too,
//! with [`Reader::ubjson`] / [`from_slice_ubjson`].
//!
//! ```
//! let doc = structio_bjdata::to_vec(&(7i32, "x", vec![1.5f64])).unwrap();
//! let back: (i32, String, Vec<f64>) = structio_bjdata::from_slice(&doc).unwrap();
//! assert_eq!(back, (7, "x".to_string(), vec![1.5]));
//! ```
//!
//! Two ways of writing, both read back by any BJData reader ([`Mode`]):
//! - [`Mode::Speed`] (the default, [`to_vec`]): each integer in its own type's marker
//!   (`i32` is `l` and four bytes), `f64` as `D`, numeric sequences as `[$T#n` with the
//!   elements copied in one piece, arrays and objects (structs too) counted with `#`;
//! - [`Mode::Size`] ([`to_vec_with`]): each integer in the smallest marker that holds it
//!   (unsigned markers for non-negative values, as the reference pybj writes them), floats as
//!   `d` when single precision holds them exactly, containers ended by `]` and `}`, and a
//!   numeric sequence packed (in the narrowest element type holding every value) only where
//!   that is smaller than the plain array.
//!
//! Choices where the specification leaves room:
//! - reading accepts every legal form: counted, typed and plain containers, no-ops (`N`)
//!   wherever a value or key may appear (not counted), N-dimensional counts (`#[...]`, read
//!   flat in the order stored; [`NdArray`] keeps the dimensions and reorders column-major
//!   data), `H` numbers into integers (when they fit) and floats, `C` where a string is due,
//!   `B` where an integer is, `E` extensions ([`Extension`]), structure-of-arrays tables
//!   (`[${...}#` and `{${...}#`, every field type of Draft 4, read as records by [`Soa`]
//!   and validated by [`validate`]; a slice of records of fixed-size numbers and booleans,
//!   such as a derived struct, is written as one by [`write_soa`] or [`to_vec_soa`]) and
//!   trailing no-ops;
//! - a number read into another numeric type converts when the value fits (integer to
//!   integer in range, integer to float and double to single rounding like `as`; never float
//!   to integer: [`ErrorKind::InvalidType`] naming the destination type);
//! - `u128`/`i128` beyond 64 bits are written as `H`; `char` as `C` when ASCII; `()` and
//!   `None` as `Z`; a struct as an object whose keys are the field names;
//! - `&'de [T]` and `Cow<'de, [T]>` point into the input when it holds `[$T#n` of exactly
//!   `T` at an address aligned for `T`; BJData has no padding, so whether it is aligned
//!   depends on what precedes it: `&[T]` then fails with [`ErrorKind::Misaligned`], `Cow`
//!   copies;
//! - object keys are strings: maps are written from `K: AsRef<str>` and read into keys that
//!   read from a string.
//!
//! A struct, by hand (the derive writes the same):
//!
//! ```
//! use structio_bjdata::{BjdataRead, BjdataWrite, KeyBuf, Reader, Result, Sink, Writer};
//!
//! #[derive(Debug, PartialEq)]
//! struct Point { x: i32, y: i32 }
//!
//! impl BjdataWrite for Point {
//!     fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
//!         w.begin_object(2)?;
//!         w.raw(b"U\x01x")?; // the key, encoded once
//!         self.x.write_bjdata(w)?;
//!         w.raw(b"U\x01y")?;
//!         self.y.write_bjdata(w)?;
//!         w.end_object()
//!     }
//! }
//!
//! impl<'de> BjdataRead<'de> for Point {
//!     fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
//!         let (mut x, mut y) = (None, None);
//!         let mut members = r.begin_object()?;
//!         let mut buf = KeyBuf::new();
//!         while r.next(&mut members)? {
//!             let at = r.offset();
//!             match r.read_key(&mut buf)? {
//!                 b"x" => x = Some(i32::read_bjdata(r)?),
//!                 b"y" => y = Some(i32::read_bjdata(r)?),
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
//! let p = Point { x: 1, y: -2 };
//! let small = structio_bjdata::to_vec_with(&p, structio_bjdata::Mode::Size)?;
//! assert_eq!(small, b"{U\x01xU\x01U\x01yi\xfe}");
//! assert_eq!(structio_bjdata::from_slice::<Point>(&small)?, p);
//! let fast = structio_bjdata::to_vec(&p)?;
//! assert_eq!(structio_bjdata::from_slice::<Point>(&fast)?, p);
//! # Ok::<(), structio_bjdata::Error>(())
//! ```
//!
//! Hostile input: every length, count and dimension product is checked against the bytes left
//! before anything is reserved (a `#` count of 2^60 in a ten-byte document is
//! [`ErrorKind::LengthExceedsInput`] at once), what a document's sequences reserve before their
//! elements arrive is at most one element per input byte in all, arrays and objects nest at most
//! [`DEFAULT_DEPTH_LIMIT`] deep ([`Reader::with_depth_limit`]), strings and keys are checked UTF-8
//! (the error names the first bad byte), a marker that is not BJData's, a `$` type that is not
//! fixed-length, `$` without `#`, a negative length and a `C` above 127 are errors with their
//! offset; no input panics.
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod api;
mod derive_protocol;
mod error;
mod ext;
pub mod header;
mod number;
mod read;
#[cfg(feature = "alloc")]
mod soa;
#[cfg(feature = "alloc")]
mod soa_write;
mod write;

/// The derive protocol: what `structio-derive`'s generated code calls (docs/derive-contract.md);
/// not part of the public API.
#[doc(hidden)]
pub mod __derive {
    pub use crate::derive_protocol::*;
}

pub use api::{from_slice, from_slice_ubjson, read_into, to_sink, to_slice, validate};
#[cfg(feature = "alloc")]
pub use api::{to_vec, to_vec_with, write_into};
pub use error::{Error, ErrorKind, ErrorPath, Found, Result};
#[cfg(feature = "alloc")]
pub use ext::NdArray;
pub use ext::{Extension, HighPrecision};
pub use number::{Integer, Number};
pub use read::{
    describe_error, BjdataRead, Checkpoint, Items, Reader, Seq, Shape, DEFAULT_DEPTH_LIMIT,
    DUPLICATE_KEY,
};
#[cfg(feature = "alloc")]
pub use soa::{Soa, SoaType, SoaValue};
#[cfg(feature = "alloc")]
pub use soa_write::{to_vec_soa, write_soa, SoaLayout};
pub use structio_core::KeyBuf;
#[cfg(feature = "alloc")]
pub use write::write_map;
pub use write::{BjdataWrite, BjdataWriteKey, Mode, Sink, SliceSink, Writer};
