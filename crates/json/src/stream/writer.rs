//! [`to_writer`]: typed values written into a `std::io::Write`.

use core::mem::MaybeUninit;
use std::io;
use std::vec::Vec;

use crate::{JsonWrite, Sink, Writer};

/// How much output is gathered before it goes to the writer.
const CHUNK: usize = 8 * 1024;

/// A sink that hands its output to a writer a chunk at a time and keeps the writer's error.
struct IoSink<W: io::Write> {
    w: W,
    buf: Vec<u8>,
    flushed: usize,
    error: Option<io::Error>,
}

impl<W: io::Write> IoSink<W> {
    fn flush(&mut self) -> structio_core::Result<()> {
        if let Err(e) = self.w.write_all(&self.buf) {
            self.error = Some(e);
            return Err(structio_core::Error::new(super::IO_ERROR, self.len()));
        }
        self.flushed += self.buf.len();
        self.buf.clear();
        Ok(())
    }
}

impl<W: io::Write> Sink for IoSink<W> {
    #[inline]
    fn reserve(&mut self, n: usize) -> structio_core::Result<&mut [MaybeUninit<u8>]> {
        if self.buf.capacity() - self.buf.len() < n {
            self.flush()?;
            self.buf.reserve(n);
        }
        Ok(self.buf.spare_capacity_mut())
    }

    #[inline]
    unsafe fn advance(&mut self, n: usize) {
        // SAFETY: the caller initialized `n` bytes of the spare capacity `reserve` returned.
        unsafe { self.buf.set_len(self.buf.len() + n) }
    }

    #[inline]
    fn len(&self) -> usize {
        self.flushed + self.buf.len()
    }
}

/// Writes `value` as compact JSON into `writer`, handing it the output 8 KiB at a time (wrap
/// a slow writer in a `BufWriter` all the same; nothing here flushes it).
///
/// The result is an `std::io::Result`, as for other writers: the writer's own error comes
/// back as it is, and an error of the value's `write_json` (a user type refusing to be
/// written) is an `io::ErrorKind::InvalidData` whose source is the [`Error`](crate::Error).
///
/// ```
/// let mut out = Vec::new();
/// structio_json::to_writer(&mut out, &("a", [1.5, 2.0]))?;
/// assert_eq!(out, br#"["a",[1.5,2]]"#);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn to_writer<W: io::Write, T: JsonWrite + ?Sized>(writer: W, value: &T) -> io::Result<()> {
    let sink = IoSink {
        w: writer,
        buf: Vec::with_capacity(CHUNK),
        flushed: 0,
        error: None,
    };
    let mut w = Writer::new(sink);
    let result = value.write_json(&mut w);
    let mut sink = w.into_inner();
    let result = result.and_then(|()| sink.flush().map_err(crate::Error::from));
    match (result, sink.error.take()) {
        (Ok(()), _) => Ok(()),
        (Err(_), Some(io)) => Err(io),
        (Err(e), None) => Err(io::Error::new(io::ErrorKind::InvalidData, e)),
    }
}
