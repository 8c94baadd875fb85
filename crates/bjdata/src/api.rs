//! Entry points: read a whole document, write one into a `Vec`, a slice or any sink.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use crate::error::Result;
use crate::read::{describe_error, BjdataRead, Reader};
use crate::write::{BjdataWrite, Mode, Sink, SliceSink, Writer};

/// Reads a `T` from a whole BJData document (bytes left over, other than no-ops, are
/// [`ErrorKind::TrailingBytes`](crate::ErrorKind::TrailingBytes)).
///
/// ```
/// let v: Vec<u32> = structio_bjdata::from_slice(b"[U\x01U\x02U\x03]").unwrap();
/// assert_eq!(v, [1, 2, 3]);
/// ```
#[inline]
pub fn from_slice<'de, T: BjdataRead<'de>>(input: &'de [u8]) -> Result<T> {
    let mut r = Reader::new(input);
    match T::read_bjdata(&mut r).and_then(|v| r.finish().map(|()| v)) {
        Ok(v) => Ok(v),
        Err(e) => Err(describe_error(input, false, e)),
    }
}

/// Reads a `T` from a whole UBJSON Draft 12 document (big-endian numbers).
///
/// ```
/// let v: i32 = structio_bjdata::from_slice_ubjson(b"l\x00\x00\x01\x00").unwrap();
/// assert_eq!(v, 256);
/// ```
#[inline]
pub fn from_slice_ubjson<'de, T: BjdataRead<'de>>(input: &'de [u8]) -> Result<T> {
    let mut r = Reader::ubjson(input);
    match T::read_bjdata(&mut r).and_then(|v| r.finish().map(|()| v)) {
        Ok(v) => Ok(v),
        Err(e) => Err(describe_error(input, true, e)),
    }
}

/// Reads a whole document into an existing value, reusing what it owns (a loop over documents
/// of one shape settles into no allocation).
///
/// **After an error** the value is still a valid `T` (safe to use, write, drop, or read into
/// again) but its contents are unspecified. Do not take it as a result.
///
/// ```
/// let mut v: Vec<String> = vec!["old".into(); 3];
/// structio_bjdata::read_into(&mut v, b"[SU\x01x]")?;
/// assert_eq!(v, ["x"]);
/// # Ok::<(), structio_bjdata::Error>(())
/// ```
#[inline]
pub fn read_into<'de, T: BjdataRead<'de>>(value: &mut T, input: &'de [u8]) -> Result<()> {
    let mut r = Reader::new(input);
    match value.read_bjdata_into(&mut r).and_then(|()| r.finish()) {
        Ok(()) => Ok(()),
        Err(e) => Err(describe_error(input, false, e)),
    }
}

/// Checks that `input` is exactly one well-formed BJData value whose strings are UTF-8,
/// without building anything.
///
/// ```
/// assert!(structio_bjdata::validate(b"[U\x01]").is_ok());
/// assert!(structio_bjdata::validate(b"[U\x01").is_err());
/// ```
#[inline]
pub fn validate(input: &[u8]) -> Result<()> {
    let mut r = Reader::new(input);
    match r.skip_value().and_then(|()| r.finish()) {
        Ok(()) => Ok(()),
        Err(e) => Err(describe_error(input, false, e)),
    }
}

/// Writes `value` into a new `Vec` in [`Mode::Speed`].
///
/// ```
/// assert_eq!(structio_bjdata::to_vec(&-5i8).unwrap(), b"i\xfb");
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn to_vec<T: BjdataWrite + ?Sized>(value: &T) -> Result<Vec<u8>> {
    to_vec_with(value, Mode::Speed)
}

/// Writes `value` into a new `Vec` in `mode`.
///
/// ```
/// use structio_bjdata::Mode;
/// assert_eq!(structio_bjdata::to_vec_with(&[1u64, 2], Mode::Size).unwrap(), b"[U\x01U\x02]");
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn to_vec_with<T: BjdataWrite + ?Sized>(value: &T, mode: Mode) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    value.write_bjdata(&mut Writer::with_mode(&mut out, mode))?;
    Ok(out)
}

/// Writes `value` into `out` in [`Mode::Speed`], replacing its contents and reusing its
/// capacity.
///
/// ```
/// let mut out = vec![0xff; 16];
/// structio_bjdata::write_into(&true, &mut out).unwrap();
/// assert_eq!(out, b"T");
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn write_into<T: BjdataWrite + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<()> {
    out.clear();
    value.write_bjdata(&mut Writer::new(out))
}

/// Writes `value` into `buf` from its start in `mode` and returns the length written; a
/// document that does not fit is [`ErrorKind::BufferFull`](crate::ErrorKind::BufferFull).
///
/// ```
/// let mut buf = [0u8; 8];
/// let n = structio_bjdata::to_slice(&"hi", &mut buf, structio_bjdata::Mode::Size).unwrap();
/// assert_eq!(&buf[..n], b"SU\x02hi");
/// ```
#[inline]
pub fn to_slice<T: BjdataWrite + ?Sized>(value: &T, buf: &mut [u8], mode: Mode) -> Result<usize> {
    let mut w = Writer::with_mode(SliceSink::new(buf), mode);
    value.write_bjdata(&mut w)?;
    Ok(w.position())
}

/// Writes `value` into any [`Sink`] (a `heapless::Vec<u8, N>`, `&mut Vec<u8>`, ...) in
/// `mode`, appending.
///
/// ```
/// let mut out = vec![b'N'];
/// structio_bjdata::to_sink(&2u8, &mut out, structio_bjdata::Mode::Speed).unwrap();
/// assert_eq!(out, b"NU\x02");
/// ```
#[inline]
pub fn to_sink<T: BjdataWrite + ?Sized, S: Sink>(value: &T, sink: S, mode: Mode) -> Result<S> {
    let mut w = Writer::with_mode(sink, mode);
    value.write_bjdata(&mut w)?;
    Ok(w.into_inner())
}
