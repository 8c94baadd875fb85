//! structio-beve as a serde data format (feature `serde`): any `#[derive(serde::Serialize,
//! serde::Deserialize)]` type written to and read from BEVE through structio's writer and
//! reader.
//!
//! The bytes are the ones `#[derive(Beve)]` writes for the same shape (see [`Serializer`] for
//! the few shapes the serde path cannot tell apart), and the reader accepts everything the
//! typed reader accepts for those shapes: numbers of another width when they fit, typed,
//! aligned, boolean and string arrays for any sequence, objects with integer keys for maps.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Sample<'a> {
//!     name: &'a str,
//!     values: Vec<f64>,
//!     flags: Vec<bool>,
//! }
//!
//! let s = Sample { name: "probe", values: vec![0.5, 1.5], flags: vec![true, false] };
//! let doc = structio_beve::serde::to_vec(&s)?;
//! assert_eq!(structio_beve::serde::from_slice::<Sample>(&doc)?, s);
//! # Ok::<(), structio_beve::serde::Error>(())
//! ```
//!
//! Without `std` and `alloc`, [`from_slice`] and [`to_slice`] work with no allocator (a map or
//! sequence without a length, such as `#[serde(flatten)]` writes, then cannot be written);
//! [`to_vec`] needs `alloc`.

mod access;
mod compound;
mod de;
mod element;
mod error;
mod number;
mod ser;

pub use compound::Compound;
pub use de::Deserializer;
pub use error::{Error, Result};
pub use ser::Serializer;

use ::serde::{Deserialize, Serialize};

use crate::SliceSink;

/// Reads a `T` from a BEVE document, which must hold exactly one value.
///
/// ```
/// let doc = structio_beve::to_vec(&(1u8, "x")).unwrap();
/// let (n, s): (u8, &str) = structio_beve::serde::from_slice(&doc)?;
/// assert_eq!((n, s), (1, "x"));
/// # Ok::<(), structio_beve::serde::Error>(())
/// ```
pub fn from_slice<'de, T: Deserialize<'de>>(input: &'de [u8]) -> Result<T> {
    let mut de = Deserializer::from_slice(input);
    match T::deserialize(&mut de).and_then(|v| de.end().map(|()| v)) {
        Ok(v) => Ok(v),
        Err(e) => Err(e.describe(input)),
    }
}

/// Writes `value` into `buf` with no allocator and returns the length written. A value that
/// does not fit is [`ErrorKind::BufferFull`](crate::ErrorKind::BufferFull).
///
/// ```
/// let mut buf = [0u8; 16];
/// let n = structio_beve::serde::to_slice(&[1u16, 2], &mut buf)?;
/// assert_eq!(&buf[..n], [0x05, 0x08, 0x31, 1, 0, 0x31, 2, 0]);
/// # Ok::<(), structio_beve::serde::Error>(())
/// ```
pub fn to_slice<T: Serialize + ?Sized>(value: &T, buf: &mut [u8]) -> Result<usize> {
    let mut ser = Serializer::new(SliceSink::new(buf));
    match value.serialize(&mut ser) {
        Ok(()) => Ok(ser.written()),
        Err(e) => Err(e.place(ser.written())),
    }
}

/// Writes `value` as BEVE.
///
/// ```
/// let doc = structio_beve::serde::to_vec(&vec![1i32, -1])?;
/// assert_eq!(doc, structio_beve::to_vec(&vec![1i32, -1]).unwrap());
/// # Ok::<(), structio_beve::serde::Error>(())
/// ```
#[cfg(feature = "alloc")]
pub fn to_vec<T: Serialize + ?Sized>(value: &T) -> Result<alloc::vec::Vec<u8>> {
    let mut ser = Serializer::new(alloc::vec::Vec::with_capacity(128));
    match value.serialize(&mut ser) {
        Ok(()) => Ok(ser.into_inner()),
        Err(e) => Err(e.place(ser.written())),
    }
}
