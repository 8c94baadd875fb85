//! Writing: the [`BjdataWrite`] trait and the [`Writer`]; bytes go to a [`Sink`] from
//! structio-core.

mod impls;
mod size;
mod writer;

pub use structio_core::{Sink, SliceSink};
pub use writer::{Mode, Writer};

use crate::error::Result;

/// A type that can be written as a BJData value.
///
/// [`write_bjdata_slice`](Self::write_bjdata_slice) is how `Vec<T>`, `[T]`, `[T; N]` and
/// `heapless::Vec<T, N>` ask their element type to write a whole sequence: the default writes
/// an array of values; numbers override it with a packed `[$T#n` container copied in one
/// piece ([`Mode::Speed`]) or the smallest form ([`Mode::Size`]).
///
/// ```
/// use structio_bjdata::{BjdataWrite, Writer};
/// let mut w = Writer::new(Vec::new());
/// vec![1.5f32].write_bjdata(&mut w).unwrap();
/// assert_eq!(w.into_inner(), b"[$d#U\x01\x00\x00\xc0\x3f");
/// ```
pub trait BjdataWrite {
    /// Writes `self`.
    ///
    /// ```
    /// use structio_bjdata::{BjdataWrite, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// true.write_bjdata(&mut w).unwrap();
    /// "hi".write_bjdata(&mut w).unwrap();
    /// assert_eq!(w.into_inner(), b"TSU\x02hi");
    /// ```
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()>;

    /// Writes a sequence of `Self`.
    ///
    /// ```
    /// use structio_bjdata::{BjdataWrite, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// u8::write_bjdata_slice(&[1, 2], &mut w).unwrap(); // packed
    /// bool::write_bjdata_slice(&[true], &mut w).unwrap(); // one value at a time
    /// assert_eq!(w.into_inner(), b"[$U#U\x02\x01\x02[#U\x01T");
    /// ```
    fn write_bjdata_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()>
    where
        Self: Sized,
    {
        w.begin_array(items.len())?;
        for x in items {
            x.write_bjdata(w)?;
        }
        w.end_array()
    }
}

#[cfg(feature = "alloc")]
pub use impls::write_map;
pub use impls::BjdataWriteKey;
