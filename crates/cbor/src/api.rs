//! Entry points: read a whole document, write one into a `Vec`, a slice or any sink.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use crate::error::Result;
use crate::read::{describe_error, CborRead, Reader};
use crate::write::{CborWrite, Sink, SliceSink, Writer};

/// Reads a `T` from a whole document (bytes left over are
/// [`ErrorKind::TrailingBytes`](crate::ErrorKind::TrailingBytes)).
///
/// ```
/// let v: Vec<u32> = structio_cbor::from_slice(&[0x83, 0x01, 0x02, 0x03]).unwrap();
/// assert_eq!(v, [1, 2, 3]);
/// ```
#[inline]
pub fn from_slice<'de, T: CborRead<'de>>(input: &'de [u8]) -> Result<T> {
    let mut r = Reader::new(input);
    match T::read_cbor(&mut r).and_then(|v| r.finish().map(|()| v)) {
        Ok(v) => Ok(v),
        Err(e) => Err(describe_error(input, e)),
    }
}

/// Reads a whole document into an existing value, reusing what it owns (a loop over documents
/// of one shape settles into no allocation).
///
/// **After an error** the value is still a valid `T` (safe to use, write, drop, or read into
/// again) but its contents are unspecified: a mix of what it held and what was read up to the
/// error. Do not take it as a result.
///
/// ```
/// let mut v: Vec<String> = vec!["old".into(); 3];
/// structio_cbor::read_into(&mut v, &[0x81, 0x61, b'x'])?;
/// assert_eq!(v, ["x"]);
/// # Ok::<(), structio_cbor::Error>(())
/// ```
#[inline]
pub fn read_into<'de, T: CborRead<'de>>(value: &mut T, input: &'de [u8]) -> Result<()> {
    let mut r = Reader::new(input);
    match value.read_cbor_into(&mut r).and_then(|()| r.finish()) {
        Ok(()) => Ok(()),
        Err(e) => Err(describe_error(input, e)),
    }
}

/// Checks that `input` is exactly one well-formed CBOR item whose text strings are UTF-8,
/// without building anything.
///
/// ```
/// assert!(structio_cbor::validate(&[0x9f, 0x01, 0xff]).is_ok());
/// assert!(structio_cbor::validate(&[0x9f, 0x01]).is_err());
/// ```
#[inline]
pub fn validate(input: &[u8]) -> Result<()> {
    let mut r = Reader::new(input);
    match r.skip_value().and_then(|()| r.finish()) {
        Ok(()) => Ok(()),
        Err(e) => Err(describe_error(input, e)),
    }
}

/// Writes `value` into a new `Vec` (preferred serialization: shortest heads and floats).
///
/// ```
/// assert_eq!(structio_cbor::to_vec(&-5i32).unwrap(), [0x24]);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn to_vec<T: CborWrite + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    write_into(value, &mut out)?;
    Ok(out)
}

/// Writes `value` in RFC 8949 §4.2.1 deterministic encoding: preferred serialization and map
/// entries sorted by their encoded keys.
///
/// ```
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([("aa", 1), ("b", 2)]);
/// assert_eq!(
///     structio_cbor::to_vec_deterministic(&m).unwrap(),
///     [0xa2, 0x61, b'b', 0x02, 0x62, b'a', b'a', 0x01]
/// );
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn to_vec_deterministic<T: CborWrite + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    value.write_cbor(&mut Writer::deterministic(&mut out))?;
    Ok(out)
}

/// Writes `value` in the length-first canonical form (RFC 8949 §4.2.3, RFC 7049's canonical
/// CBOR): preferred serialization and map entries sorted by encoded key length, then bytes.
/// Python's `cbor2` writes the same bytes with `canonical=True`.
///
/// ```
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([(-1, 0), (24, 0)]);
/// assert_eq!(structio_cbor::to_vec_canonical(&m).unwrap(), [0xa2, 0x20, 0, 0x18, 0x18, 0]);
/// assert_eq!(structio_cbor::to_vec_deterministic(&m).unwrap(), [0xa2, 0x18, 0x18, 0, 0x20, 0]);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn to_vec_canonical<T: CborWrite + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    value.write_cbor(&mut Writer::with_map_order(
        &mut out,
        crate::MapOrder::LengthFirst,
    ))?;
    Ok(out)
}

/// Writes `value` into `out`, replacing its contents and reusing its capacity.
///
/// ```
/// let mut out = vec![0xff; 16];
/// structio_cbor::write_into(&true, &mut out).unwrap();
/// assert_eq!(out, [0xf5]);
/// ```
#[cfg(feature = "alloc")]
#[inline]
pub fn write_into<T: CborWrite + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<()> {
    out.clear();
    value.write_cbor(&mut Writer::new(out))
}

/// Writes `value` into `buf` from its start and returns the length written; a document that
/// does not fit is [`ErrorKind::BufferFull`](crate::ErrorKind::BufferFull).
///
/// ```
/// let mut buf = [0u8; 8];
/// let n = structio_cbor::to_slice(&"hi", &mut buf).unwrap();
/// assert_eq!(&buf[..n], &[0x62, b'h', b'i']);
/// ```
#[inline]
pub fn to_slice<T: CborWrite + ?Sized>(value: &T, buf: &mut [u8]) -> Result<usize> {
    let mut w = Writer::new(SliceSink::new(buf));
    value.write_cbor(&mut w)?;
    Ok(w.position())
}

/// Writes `value` into any [`Sink`] (a `heapless::Vec<u8, N>`, `&mut Vec<u8>`, ...),
/// appending.
///
/// ```
/// let mut out = vec![0x01];
/// structio_cbor::to_sink(&2u8, &mut out).unwrap();
/// assert_eq!(out, [0x01, 0x02]);
/// ```
#[inline]
pub fn to_sink<T: CborWrite + ?Sized, S: Sink>(value: &T, sink: S) -> Result<S> {
    let mut w = Writer::new(sink);
    value.write_cbor(&mut w)?;
    Ok(w.into_inner())
}
