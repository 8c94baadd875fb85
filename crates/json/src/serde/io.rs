//! A [`Sink`] over a `std::io::Write`, for [`to_writer`](super::to_writer): output is gathered
//! in a buffer and handed to the writer a buffer at a time.

use core::mem::MaybeUninit;
use std::io;
use std::vec::Vec;

use super::error::IO;
use crate::Sink;
use structio_core::{Error, Result};

/// How much is gathered before it goes to the writer.
const CHUNK: usize = 8 * 1024;

pub(super) struct IoSink<W: io::Write> {
    w: W,
    buf: Vec<u8>,
    /// Bytes already handed to `w`.
    flushed: usize,
    /// The writer's error, kept for the entry point (a `Sink` reports structio's errors only).
    pub(super) error: Option<io::Error>,
}

impl<W: io::Write> IoSink<W> {
    pub(super) fn new(w: W) -> Self {
        IoSink {
            w,
            buf: Vec::with_capacity(CHUNK),
            flushed: 0,
            error: None,
        }
    }

    /// Hands what is gathered to the writer.
    pub(super) fn flush(&mut self) -> Result<()> {
        if let Err(e) = self.w.write_all(&self.buf) {
            self.error = Some(e);
            return Err(Error::new(IO, self.len()));
        }
        self.flushed += self.buf.len();
        self.buf.clear();
        Ok(())
    }
}

impl<W: io::Write> Sink for IoSink<W> {
    #[inline]
    fn reserve(&mut self, n: usize) -> Result<&mut [MaybeUninit<u8>]> {
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
