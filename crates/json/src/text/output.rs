//! Where the copying tools write: a caller's `&mut [u8]` (a full buffer is an error, never a
//! truncated success) or a `Vec<u8>` whose allocation is reused.
//!
//! The tools write into `&mut [MaybeUninit<u8>]` so a `Vec` can lend its spare capacity
//! without zero-filling it first, and every copy is a block of compile-time size whose extra
//! bytes are simply overwritten by the next one.

use core::mem::MaybeUninit;

use crate::{Error, ErrorKind, Result};

mod sealed {
    pub trait Sealed {}
}

/// An output for [`prettify`](crate::prettify) and [`minify`](crate::minify): `[u8]` and
/// `[u8; N]` (no allocation; the result must fit) or, with the `alloc` feature, `Vec<u8>`
/// (cleared, then filled, its allocation reused from call to call).
///
/// ```
/// let mut buf = [0u8; 16];
/// let n = structio_json::minify(b"[ 1, 2 ]", &mut buf).unwrap();
/// assert_eq!(&buf[..n], b"[1,2]");
/// ```
pub trait TextOut: sealed::Sealed {
    /// Runs `write` over this output's writable bytes and returns how many it wrote; `hint` is
    /// how many it will probably need.
    #[doc(hidden)]
    fn run_text<F>(&mut self, hint: usize, input_len: usize, write: F) -> Result<usize>
    where
        F: FnMut(&mut [MaybeUninit<u8>]) -> Result<usize>;
}

impl sealed::Sealed for [u8] {}

impl TextOut for [u8] {
    fn run_text<F>(&mut self, _hint: usize, _input_len: usize, mut write: F) -> Result<usize>
    where
        F: FnMut(&mut [MaybeUninit<u8>]) -> Result<usize>,
    {
        // SAFETY: `MaybeUninit<u8>` has the layout of `u8`, and the tools only ever store
        // initialized bytes through the view, so the slice stays initialized for the caller.
        let view = unsafe { &mut *(self as *mut [u8] as *mut [MaybeUninit<u8>]) };
        write(view)
    }
}

impl<const N: usize> sealed::Sealed for [u8; N] {}

impl<const N: usize> TextOut for [u8; N] {
    fn run_text<F>(&mut self, hint: usize, input_len: usize, write: F) -> Result<usize>
    where
        F: FnMut(&mut [MaybeUninit<u8>]) -> Result<usize>,
    {
        self[..].run_text(hint, input_len, write)
    }
}

#[cfg(feature = "alloc")]
impl sealed::Sealed for alloc::vec::Vec<u8> {}

#[cfg(feature = "alloc")]
impl TextOut for alloc::vec::Vec<u8> {
    fn run_text<F>(&mut self, hint: usize, input_len: usize, mut write: F) -> Result<usize>
    where
        F: FnMut(&mut [MaybeUninit<u8>]) -> Result<usize>,
    {
        self.clear();
        // `try_reserve`: an output too large to allocate is an error, never an abort.
        if self.try_reserve(hint).is_err() {
            return Err(full(0));
        }
        loop {
            match write(self.spare_capacity_mut()) {
                Ok(n) => {
                    // SAFETY: the tool returned `n` after storing every byte of `0..n` (each
                    // write lands at the running length, which only moves forward over stored
                    // bytes), and `n` is within the spare capacity it was given.
                    unsafe { self.set_len(n) };
                    return Ok(n);
                }
                Err(e) if e.kind() == ErrorKind::BufferFull => {
                    // Grow to what the share of the input read so far predicts, at least double:
                    // a retry is rare (the hint is generous) and geometric growth bounds it.
                    let cap = self.capacity().max(64);
                    let reached = e.offset().max(1);
                    let predicted = cap.saturating_mul(input_len.max(1)) / reached + cap / 4;
                    if self
                        .try_reserve(predicted.max(cap.saturating_mul(2)))
                        .is_err()
                    {
                        return Err(e);
                    }
                }
                Err(e) => return Err(e),
            }
        }
    }
}

/// The error for an output that is full while the input was read up to `at`.
#[cold]
#[inline(never)]
pub(crate) fn full(at: usize) -> Error {
    Error::new(ErrorKind::BufferFull, at)
}

/// Stores `src` at `o`: a compile-time-constant block when the room is there, else byte by byte.
/// `block` is the bytes starting with `src` that may be stored past its end (so the store can be
/// a fixed `N`); `at` is the input position for the error.
#[inline(always)]
pub(crate) fn put_block<const N: usize>(
    out: &mut [MaybeUninit<u8>],
    o: usize,
    block: &[u8; N],
    len: usize,
    at: usize,
) -> Result<usize> {
    if let Some(dst) = out.get_mut(o..).and_then(|d| d.first_chunk_mut::<N>()) {
        for k in 0..N {
            dst[k].write(block[k]);
        }
        return Ok(o + len);
    }
    put_slice(out, o, &block[..len.min(N)], at)
}

/// Stores `src` at `o` with its exact length; the rare path of the block copies.
#[inline(never)]
pub(crate) fn put_slice(
    out: &mut [MaybeUninit<u8>],
    o: usize,
    src: &[u8],
    at: usize,
) -> Result<usize> {
    let Some(dst) = out.get_mut(o..o + src.len()) else {
        return Err(full(at));
    };
    for (d, s) in dst.iter_mut().zip(src) {
        d.write(*s);
    }
    Ok(o + src.len())
}

/// Stores one byte at `o`.
#[inline(always)]
pub(crate) fn put_byte(out: &mut [MaybeUninit<u8>], o: usize, b: u8, at: usize) -> Result<usize> {
    match out.get_mut(o) {
        Some(d) => {
            d.write(b);
            Ok(o + 1)
        }
        None => Err(full(at)),
    }
}

/// Copies `input[i..j]` to `o` as a 32- or 64-byte block when both sides have the room, so the
/// common short token costs one fixed-size move and no call. One block size for every token up
/// to 32 bytes: with a 16-byte block, strings of 12 to 24 bytes (the common ones) took either
/// side of the test at random, a mispredicted branch on every other string.
#[inline(always)]
pub(crate) fn copy_span(
    input: &[u8],
    i: usize,
    j: usize,
    out: &mut [MaybeUninit<u8>],
    o: usize,
) -> Result<usize> {
    let n = j - i;
    if n <= 32 {
        if let Some(src) = input.get(i..).and_then(|s| s.first_chunk::<32>()) {
            return put_block(out, o, src, n, i);
        }
    } else if n <= 64
        && let Some(src) = input.get(i..).and_then(|s| s.first_chunk::<64>())
    {
        return put_block(out, o, src, n, i);
    }
    put_slice(out, o, &input[i..j], i)
}
