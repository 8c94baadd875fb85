//! Entry points: read a whole document, write one into a `Vec`, a slice or any sink.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use crate::error::Result;
use crate::read::{describe_error, BeveRead, Reader};
use crate::write::{BeveWrite, Sink, SliceSink, Writer};

/// Reads a `T` from a whole document (bytes left over are [`ErrorKind::TrailingBytes`](crate::ErrorKind::TrailingBytes)).
///
/// ```
/// let v: Vec<f64> = structio_beve::from_slice(&[0x64, 0x04, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]).unwrap();
/// assert_eq!(v, [1.5]);
/// ```
#[inline]
pub fn from_slice<'de, T: BeveRead<'de>>(input: &'de [u8]) -> Result<T> {
    let mut r = Reader::new(input);
    match T::read_beve(&mut r).and_then(|v| r.finish().map(|()| v)) {
        Ok(v) => Ok(v),
        Err(e) => Err(describe_error(input, e)),
    }
}

/// Reads a whole document into an existing value, reusing what it owns (a loop over documents
/// of one shape settles into no allocation).
///
/// **After an error** the value is still a valid `T`: safe to use, write, drop, or read into
/// again (the next successful read replaces it whole). Its contents are unspecified: a mix of
/// what it held before and what was read up to the error (a vector may be shorter, longer or
/// partly refilled; a map may hold some new entries; a document with trailing bytes leaves the
/// value read from its first value). Do not take it as a result; read again or discard it.
///
/// ```
/// let mut v: Vec<String> = vec!["old".into(); 3];
/// let doc = structio_beve::to_vec(&["a", "b", "c"])?;
/// assert!(structio_beve::read_into(&mut v, &doc[..doc.len() - 1]).is_err());
/// // `v` is some mix of old and new strings: valid, but not an answer.
/// structio_beve::read_into(&mut v, &structio_beve::to_vec(&["x"])?)?;
/// assert_eq!(v, ["x"]);
/// # Ok::<(), structio_beve::Error>(())
/// ```
///
/// ```
/// let mut v: Vec<u8> = Vec::with_capacity(8);
/// structio_beve::read_into(&mut v, &[0x14, 0x08, 1, 2]).unwrap();
/// assert_eq!(v, [1, 2]);
/// ```
#[inline]
pub fn read_into<'de, T: BeveRead<'de>>(value: &mut T, input: &'de [u8]) -> Result<()> {
    let mut r = Reader::new(input);
    match value.read_beve_into(&mut r).and_then(|()| r.finish()) {
        Ok(()) => Ok(()),
        Err(e) => Err(describe_error(input, e)),
    }
}

/// Writes `value` into a new `Vec`.
///
/// ```
/// assert_eq!(structio_beve::to_vec(&-5i32).unwrap(), [0x49, 0xfb, 0xff, 0xff, 0xff]);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn to_vec<T: BeveWrite + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    write_into(value, &mut out)?;
    Ok(out)
}

/// Writes `value` into `out`, replacing its contents and reusing its capacity.
///
/// ```
/// let mut out = vec![0xff; 16];
/// structio_beve::write_into(&true, &mut out).unwrap();
/// assert_eq!(out, [0x18]);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn write_into<T: BeveWrite + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<()> {
    out.clear();
    value.write_beve(&mut Writer::new(out))
}

/// Writes `value` with numeric arrays as Version 2 aligned arrays (`0x5c`), each payload at a
/// multiple of its element width from the document start; a reader holding the document in a
/// buffer aligned to 8 (16 for 128-bit elements) can then borrow `Cow<[T]>`/`&[T]` fields in
/// place. Glaze writes the same bytes with its `aligned_arrays` option.
///
/// ```
/// let doc = structio_beve::to_beve_aligned(&vec![1.0f64, 2.0]).unwrap();
/// assert_eq!(doc[..8], [0x5c, 0x64, 0x08, 0x04, 0, 0, 0, 0]);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn to_beve_aligned<T: BeveWrite + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    write_into_aligned(value, &mut out)?;
    Ok(out)
}

/// [`to_beve_aligned`] into an existing `Vec`, replacing its contents.
///
/// ```
/// let mut out = Vec::new();
/// structio_beve::write_into_aligned(&[1u32][..], &mut out).unwrap();
/// assert_eq!(out, [0x5c, 0x54, 0x04, 0x00, 1, 0, 0, 0]);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn write_into_aligned<T: BeveWrite + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<()> {
    out.clear();
    value.write_beve(&mut Writer::aligned(out))
}

/// Writes `value` into `buf` from its start and returns the length written; a document that
/// does not fit is [`ErrorKind::BufferFull`](crate::ErrorKind::BufferFull).
///
/// ```
/// let mut buf = [0u8; 8];
/// let n = structio_beve::to_slice(&"hi", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x02, 0x08, b'h', b'i']);
/// ```
#[inline]
pub fn to_slice<T: BeveWrite + ?Sized>(value: &T, buf: &mut [u8]) -> Result<usize> {
    let mut w = Writer::new(SliceSink::new(buf));
    value.write_beve(&mut w)?;
    Ok(w.position())
}

/// [`to_slice`] with aligned numeric arrays, relative to the start of `buf`.
///
/// ```
/// let mut buf = [0u8; 16];
/// let n = structio_beve::to_slice_aligned(&[1u16, 2], &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x5c, 0x34, 0x08, 0x00, 1, 0, 2, 0]);
/// ```
#[inline]
pub fn to_slice_aligned<T: BeveWrite + ?Sized>(value: &T, buf: &mut [u8]) -> Result<usize> {
    let mut w = Writer::aligned(SliceSink::new(buf));
    value.write_beve(&mut w)?;
    Ok(w.position())
}

/// Writes `value` into any [`Sink`] (a `heapless::Vec<u8, N>`, `&mut Vec<u8>`, ...), appending.
///
/// ```
/// let mut out = vec![0x11, 0x01];
/// structio_beve::to_sink(&2u8, &mut out).unwrap();
/// assert_eq!(out, [0x11, 0x01, 0x11, 0x02]);
/// ```
#[inline]
pub fn to_sink<T: BeveWrite + ?Sized, S: Sink>(value: &T, sink: S) -> Result<S> {
    let mut w = Writer::new(sink);
    value.write_beve(&mut w)?;
    Ok(w.into_inner())
}
