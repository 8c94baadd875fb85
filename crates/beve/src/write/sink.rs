//! Where written bytes go: a growable `Vec<u8>`, a fixed `&mut [u8]` ([`SliceSink`]) or a
//! `heapless::Vec<u8, N>`. A full fixed sink is an error, never a truncated success.

use crate::error::{Error, ErrorKind, Result};

/// A byte sink for [`Writer`](crate::Writer).
///
/// ```
/// use structio_beve::Sink;
/// let mut v = Vec::new();
/// v.write_bytes(b"ab").unwrap();
/// assert_eq!(v.written(), 2);
/// ```
pub trait Sink {
    /// Appends `bytes`, or fails with [`ErrorKind::BufferFull`] having appended nothing.
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()>;

    /// Appends one byte.
    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<()> {
        self.write_bytes(&[byte])
    }

    /// How many bytes the sink holds.
    fn written(&self) -> usize;

    /// A hint that `additional` more bytes are coming.
    #[inline(always)]
    fn reserve(&mut self, additional: usize) {
        let _ = additional;
    }
}

#[cfg(feature = "alloc")]
impl Sink for alloc::vec::Vec<u8> {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        self.extend_from_slice(bytes);
        Ok(())
    }
    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<()> {
        self.push(byte);
        Ok(())
    }
    #[inline(always)]
    fn written(&self) -> usize {
        self.len()
    }
    #[inline(always)]
    fn reserve(&mut self, additional: usize) {
        alloc::vec::Vec::reserve(self, additional);
    }
}

impl<S: Sink + ?Sized> Sink for &mut S {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        (**self).write_bytes(bytes)
    }
    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<()> {
        (**self).write_byte(byte)
    }
    #[inline(always)]
    fn written(&self) -> usize {
        (**self).written()
    }
    #[inline(always)]
    fn reserve(&mut self, additional: usize) {
        (**self).reserve(additional);
    }
}

/// A sink over a caller's `&mut [u8]`: no allocator needed.
///
/// ```
/// use structio_beve::{Sink, SliceSink};
/// let mut buf = [0u8; 4];
/// let mut s = SliceSink::new(&mut buf);
/// s.write_bytes(&[1, 2]).unwrap();
/// assert_eq!(s.as_written(), &[1, 2]);
/// assert!(s.write_bytes(&[0; 3]).is_err());
/// ```
#[derive(Debug)]
pub struct SliceSink<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl<'a> SliceSink<'a> {
    /// An empty sink writing from the start of `buf`.
    ///
    /// ```
    /// let mut buf = [0u8; 8];
    /// let s = structio_beve::SliceSink::new(&mut buf);
    /// # let _ = s;
    /// ```
    #[inline]
    pub fn new(buf: &'a mut [u8]) -> Self {
        SliceSink { buf, len: 0 }
    }

    /// The bytes written so far.
    ///
    /// ```
    /// let mut buf = [0u8; 8];
    /// assert!(structio_beve::SliceSink::new(&mut buf).as_written().is_empty());
    /// ```
    #[inline]
    pub fn as_written(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl Sink for SliceSink<'_> {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        match self.buf.get_mut(self.len..self.len + bytes.len()) {
            Some(dst) => {
                dst.copy_from_slice(bytes);
                self.len += bytes.len();
                Ok(())
            }
            None => Err(Error::new(ErrorKind::BufferFull, self.len)),
        }
    }
    #[inline(always)]
    fn written(&self) -> usize {
        self.len
    }
}

#[cfg(feature = "heapless")]
impl<const N: usize> Sink for heapless::Vec<u8, N> {
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        self.extend_from_slice(bytes)
            .map_err(|_| Error::new(ErrorKind::BufferFull, self.len()))
    }
    #[inline(always)]
    fn written(&self) -> usize {
        self.len()
    }
}
