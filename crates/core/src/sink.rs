//! Where written bytes go: a growable `Vec<u8>`, or fixed buffers (a caller's `&mut [u8]`, a
//! `heapless::Vec<u8, N>`) that report [`ErrorKind::BufferFull`](crate::ErrorKind::BufferFull)
//! rather than a truncated success. Every format's writer writes through this one contract.

use core::mem::MaybeUninit;

use crate::{Error, ErrorKind, Result};

/// A byte destination for a format's writer.
///
/// The writer asks for room with [`reserve`](Sink::reserve), writes into the spare slice it gets
/// (often a fixed-size block, of which only a prefix counts), then commits what counts with
/// [`advance`](Sink::advance). A fixed-capacity sink that cannot give the room fails with
/// `BufferFull`, and the entry point returns that error: a truncated output is never reported
/// as a success.
///
/// ```
/// use structio_core::{Sink, SliceSink};
/// let mut buf = [0u8; 4];
/// let mut sink = SliceSink::new(&mut buf);
/// sink.write_bytes(b"ab")?;
/// assert_eq!(sink.len(), 2);
/// assert!(sink.write_bytes(b"cde").is_err());
/// # Ok::<(), structio_core::Error>(())
/// ```
pub trait Sink {
    /// The spare room after the bytes written so far, at least `n` bytes long, growing the
    /// sink if it can; [`ErrorKind::BufferFull`] (at the count written so far) if it cannot.
    ///
    /// ```
    /// use structio_core::{ErrorKind, Sink, SliceSink};
    /// let mut buf = [0u8; 4];
    /// let mut sink = SliceSink::new(&mut buf);
    /// assert_eq!(sink.reserve(4)?.len(), 4);
    /// assert_eq!(sink.reserve(5).unwrap_err().kind(), ErrorKind::BufferFull);
    /// # Ok::<(), structio_core::Error>(())
    /// ```
    fn reserve(&mut self, n: usize) -> Result<&mut [MaybeUninit<u8>]>;

    /// Counts `n` more bytes as written.
    ///
    /// ```
    /// use structio_core::{Sink, SliceSink};
    /// let mut buf = [0u8; 4];
    /// let mut sink = SliceSink::new(&mut buf);
    /// let spare = sink.reserve(2)?;
    /// spare[0].write(b'o');
    /// spare[1].write(b'k');
    /// // SAFETY: the first two bytes of the reserved room were just written.
    /// unsafe { sink.advance(2) };
    /// assert_eq!(sink.written(), b"ok");
    /// # Ok::<(), structio_core::Error>(())
    /// ```
    ///
    /// # Safety
    ///
    /// The caller initialized the first `n` bytes of the slice the last call to
    /// [`reserve`](Sink::reserve) returned, and `n` is at most that slice's length.
    unsafe fn advance(&mut self, n: usize);

    /// Counts the bytes written as `end`: [`advance`](Sink::advance) by `end - len()`, for a
    /// writer that read the count before storing into the room. A sink that keeps its count in
    /// one field stores `end` without reading the count again; a writer whose store might be to
    /// the sink's own fields (as far as the compiler knows) then does not wait on that reload.
    ///
    /// ```
    /// use structio_core::{Sink, SliceSink};
    /// let mut buf = [0u8; 4];
    /// let mut sink = SliceSink::new(&mut buf);
    /// let start = sink.len();
    /// sink.reserve(2)?[0].write(b'a');
    /// // SAFETY: the byte at `start` was just written, in the room `reserve` gave.
    /// unsafe { sink.commit(start + 1) };
    /// assert_eq!(sink.written(), b"a");
    /// # Ok::<(), structio_core::Error>(())
    /// ```
    ///
    /// # Safety
    ///
    /// `end` is at least [`len`](Sink::len), and the bytes from `len()` to `end` are initialized
    /// bytes of the room the last [`reserve`](Sink::reserve) gave.
    #[inline(always)]
    unsafe fn commit(&mut self, end: usize) {
        // SAFETY: the caller's promise, as `advance` states it.
        unsafe { self.advance(end - self.len()) }
    }

    /// How many bytes have been written.
    ///
    /// ```
    /// use structio_core::{Sink, SliceSink};
    /// let mut buf = [0u8; 4];
    /// let mut sink = SliceSink::new(&mut buf);
    /// sink.write_bytes(b"abc")?;
    /// assert_eq!(sink.len(), 3);
    /// # Ok::<(), structio_core::Error>(())
    /// ```
    fn len(&self) -> usize;

    /// Whether nothing has been written.
    ///
    /// ```
    /// use structio_core::{Sink, SliceSink};
    /// let mut buf = [0u8; 4];
    /// let mut sink = SliceSink::new(&mut buf);
    /// assert!(sink.is_empty());
    /// sink.write_byte(b'1')?;
    /// assert!(!sink.is_empty());
    /// # Ok::<(), structio_core::Error>(())
    /// ```
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends `bytes` (all of them, or fails with nothing counted). Inlined always: a key or
    /// header of constant length then becomes a few stores, not a call to `memcpy`.
    ///
    /// ```
    /// use structio_core::{Sink, SliceSink};
    /// let mut buf = [0u8; 4];
    /// let mut sink = SliceSink::new(&mut buf);
    /// sink.write_bytes(b"abc")?;
    /// assert!(sink.write_bytes(b"de").is_err());
    /// assert_eq!(sink.written(), b"abc");
    /// # Ok::<(), structio_core::Error>(())
    /// ```
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        let n = bytes.len();
        let spare = self.reserve(n)?;
        match spare.get_mut(..n) {
            Some(dst) => {
                // SAFETY: `dst` is `n` writable bytes and does not overlap `bytes` (a shared
                // borrow cannot alias the sink's exclusive one).
                unsafe {
                    core::ptr::copy_nonoverlapping(bytes.as_ptr(), dst.as_mut_ptr().cast(), n)
                };
                // SAFETY: the first `n` bytes of the reserved slice were just written.
                unsafe { self.advance(n) };
                Ok(())
            }
            None => Err(Error::new(ErrorKind::BufferFull, self.len())),
        }
    }

    /// Appends one byte.
    ///
    /// ```
    /// use structio_core::{ErrorKind, Sink, SliceSink};
    /// let mut buf = [0u8; 1];
    /// let mut sink = SliceSink::new(&mut buf);
    /// sink.write_byte(b'7')?;
    /// assert_eq!(sink.write_byte(b'8').unwrap_err().kind(), ErrorKind::BufferFull);
    /// assert_eq!(sink.written(), b"7");
    /// # Ok::<(), structio_core::Error>(())
    /// ```
    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<()> {
        let spare = self.reserve(1)?;
        match spare.first_mut() {
            Some(dst) => {
                dst.write(byte);
                // SAFETY: the first byte of the reserved slice was just written.
                unsafe { self.advance(1) };
                Ok(())
            }
            None => Err(Error::new(ErrorKind::BufferFull, self.len())),
        }
    }
}

impl<S: Sink + ?Sized> Sink for &mut S {
    #[inline(always)]
    fn reserve(&mut self, n: usize) -> Result<&mut [MaybeUninit<u8>]> {
        (**self).reserve(n)
    }
    #[inline(always)]
    unsafe fn advance(&mut self, n: usize) {
        // SAFETY: the caller's promise is passed on unchanged.
        unsafe { (**self).advance(n) }
    }
    #[inline(always)]
    unsafe fn commit(&mut self, end: usize) {
        // SAFETY: the caller's promise is passed on unchanged.
        unsafe { (**self).commit(end) }
    }
    #[inline(always)]
    fn len(&self) -> usize {
        (**self).len()
    }
    #[inline(always)]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        (**self).write_bytes(bytes)
    }
    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<()> {
        (**self).write_byte(byte)
    }
}

#[cfg(feature = "alloc")]
impl Sink for alloc::vec::Vec<u8> {
    /// Grows as needed (amortized doubling); never full.
    #[inline(always)]
    fn reserve(&mut self, n: usize) -> Result<&mut [MaybeUninit<u8>]> {
        alloc::vec::Vec::reserve(self, n);
        Ok(self.spare_capacity_mut())
    }
    #[inline(always)]
    unsafe fn advance(&mut self, n: usize) {
        // SAFETY: the caller initialized `n` bytes of the spare capacity (see the trait).
        unsafe { self.set_len(self.len() + n) }
    }
    #[inline(always)]
    unsafe fn commit(&mut self, end: usize) {
        // SAFETY: the caller initialized the spare capacity up to `end` (see the trait).
        unsafe { self.set_len(end) }
    }
    #[inline(always)]
    fn len(&self) -> usize {
        alloc::vec::Vec::len(self)
    }
    #[inline(always)]
    fn write_byte(&mut self, byte: u8) -> Result<()> {
        self.push(byte);
        Ok(())
    }
}

/// A sink over a caller's `&mut [u8]`, for writing with no allocator.
///
/// When the buffer fills, writing fails with [`ErrorKind::BufferFull`]. The buffer then holds
/// a prefix of the output up to the last piece that fit (possibly followed by bytes of a
/// fixed-size block that were not counted); treat it as garbage.
///
/// ```
/// use structio_core::{ErrorKind, Sink, SliceSink};
/// let mut buf = [0u8; 4];
/// let mut sink = SliceSink::new(&mut buf);
/// sink.write_bytes(b"[1]")?;
/// assert_eq!(sink.write_bytes(b",2]").unwrap_err().kind(), ErrorKind::BufferFull);
/// # Ok::<(), structio_core::Error>(())
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
    /// let sink = structio_core::SliceSink::new(&mut buf);
    /// ```
    #[inline]
    pub fn new(buf: &'a mut [u8]) -> Self {
        SliceSink { buf, len: 0 }
    }

    /// The bytes written so far.
    ///
    /// ```
    /// use structio_core::Sink;
    /// let mut buf = [0u8; 8];
    /// let mut sink = structio_core::SliceSink::new(&mut buf);
    /// sink.write_bytes(b"[]")?;
    /// assert_eq!(sink.written(), b"[]");
    /// # Ok::<(), structio_core::Error>(())
    /// ```
    #[inline]
    pub fn written(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }
}

impl Sink for SliceSink<'_> {
    #[inline(always)]
    fn reserve(&mut self, n: usize) -> Result<&mut [MaybeUninit<u8>]> {
        let len = self.len;
        match self.buf.get_mut(len..) {
            Some(spare) if spare.len() >= n => {
                // SAFETY: `u8` and `MaybeUninit<u8>` have the same layout, and this slice only
                // receives initialized bytes.
                Ok(unsafe { &mut *(spare as *mut [u8] as *mut [MaybeUninit<u8>]) })
            }
            _ => Err(Error::new(ErrorKind::BufferFull, len)),
        }
    }
    #[inline(always)]
    unsafe fn advance(&mut self, n: usize) {
        self.len += n;
    }
    #[inline(always)]
    unsafe fn commit(&mut self, end: usize) {
        self.len = end;
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }
}

#[cfg(feature = "heapless")]
impl<const N: usize> Sink for heapless::Vec<u8, N> {
    /// Fails with `BufferFull` past `N` bytes; on that error the vector holds a prefix of the
    /// output.
    #[inline(always)]
    fn reserve(&mut self, n: usize) -> Result<&mut [MaybeUninit<u8>]> {
        let len = self.len();
        if N - len < n {
            return Err(Error::new(ErrorKind::BufferFull, len));
        }
        Ok(self.spare_capacity_mut())
    }
    #[inline(always)]
    unsafe fn advance(&mut self, n: usize) {
        // SAFETY: the caller initialized `n` bytes of the spare capacity (see the trait).
        unsafe { self.set_len(self.len() + n) }
    }
    #[inline(always)]
    unsafe fn commit(&mut self, end: usize) {
        // SAFETY: the caller initialized the spare capacity up to `end` (see the trait).
        unsafe { self.set_len(end) }
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.as_slice().len()
    }
}
