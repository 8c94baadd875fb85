//! Writing: the [`BeveWrite`] trait, the [`Writer`] and its [`Sink`]s.

mod impls;
mod impls_more;
mod sink;
mod writer;

pub use sink::{Sink, SliceSink};
pub use writer::Writer;

use crate::error::Result;

/// A type that can be written as a BEVE value.
///
/// [`write_beve_slice`](Self::write_beve_slice) is how `Vec<T>`, `[T]`, `[T; N]` and
/// `heapless::Vec<T, N>` ask their element type to write a whole sequence: the default writes a
/// generic array (`0x05`); numbers override it with a typed array copied in one piece, `bool`
/// with the bit-packed array and strings with the string array, as Glaze does.
///
/// ```
/// use structio_beve::{BeveWrite, Writer};
/// let mut w = Writer::new(Vec::new());
/// vec![1.5f32].write_beve(&mut w).unwrap();
/// assert_eq!(w.into_inner(), [0x44, 0x04, 0, 0, 0xc0, 0x3f]);
/// ```
pub trait BeveWrite {
    /// Writes `self`.
    ///
    /// ```
    /// use structio_beve::{BeveWrite, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// Some(true).write_beve(&mut w).unwrap();
    /// assert_eq!(w.into_inner(), [0x18]);
    /// ```
    fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()>;

    /// Writes a sequence of `Self`.
    ///
    /// ```
    /// use structio_beve::{BeveWrite, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// u8::write_beve_slice(&[1, 2], &mut w).unwrap();
    /// assert_eq!(w.into_inner(), [0x14, 0x08, 1, 2]); // a typed array of u8
    /// ```
    fn write_beve_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()>
    where
        Self: Sized,
    {
        w.begin_array(items.len())?;
        for x in items {
            x.write_beve(w)?;
        }
        Ok(())
    }
}
