//! Writing: the [`CborWrite`] trait and the [`Writer`]; bytes go to a [`Sink`] from
//! structio-core.

mod impls;
mod writer;

pub use structio_core::{Sink, SliceSink};
pub use writer::{MapOrder, Writer};

use crate::error::Result;

/// A type that can be written as a CBOR item.
///
/// [`write_cbor_slice`](Self::write_cbor_slice) is how `Vec<T>`, `[T]`, `[T; N]` and
/// `heapless::Vec<T, N>` ask their element type to write a whole sequence: the default writes
/// an array of items; numbers override it with an RFC 8746 typed array copied in one piece
/// (`u8` with a byte string).
///
/// ```
/// use structio_cbor::{CborWrite, Writer};
/// let mut w = Writer::new(Vec::new());
/// vec![1.5f32].write_cbor(&mut w).unwrap();
/// assert_eq!(w.into_inner(), [0xd8, 0x55, 0x44, 0, 0, 0xc0, 0x3f]);
/// ```
pub trait CborWrite {
    /// Writes `self`.
    ///
    /// ```
    /// use structio_cbor::{CborWrite, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// true.write_cbor(&mut w).unwrap();
    /// "hi".write_cbor(&mut w).unwrap();
    /// assert_eq!(w.into_inner(), [0xf5, 0x62, b'h', b'i']);
    /// ```
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()>;

    /// Writes a sequence of `Self`.
    ///
    /// ```
    /// use structio_cbor::{CborWrite, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// u16::write_cbor_slice(&[1, 2], &mut w).unwrap(); // 69(h'01000200')
    /// char::write_cbor_slice(&['a'], &mut w).unwrap(); // ["a"]
    /// assert_eq!(w.into_inner(), [0xd8, 0x45, 0x44, 1, 0, 2, 0, 0x81, 0x61, b'a']);
    /// ```
    fn write_cbor_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()>
    where
        Self: Sized,
    {
        w.begin_array(items.len())?;
        for x in items {
            x.write_cbor(w)?;
        }
        Ok(())
    }
}

#[cfg(feature = "alloc")]
pub use impls::write_map;
