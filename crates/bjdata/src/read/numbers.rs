//! Numbers: every integer and float marker and the high-precision `H`, with the conversions a
//! destination of another type applies.

use super::Reader;
use crate::error::{ErrorKind, Result};
use crate::header;
use crate::number::{Integer, Wide};
use structio_core::f16_to_f32;

impl<'de> Reader<'de> {
    /// An integer of type `T`: any integer marker, `B`, or an `H` holding an integer. A value
    /// out of `T`'s range is [`ErrorKind::NumberOutOfRange`]; a float, or a value that is no
    /// number, is [`ErrorKind::InvalidType`] naming `T` (a float is never truncated).
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"u\xe8\x03");
    /// assert_eq!(r.read_int::<u16>().unwrap(), 1000);
    /// let mut r = structio_bjdata::Reader::new(b"u\xe8\x03");
    /// assert!(r.read_int::<u8>().is_err());
    /// ```
    #[inline(always)]
    pub fn read_int<T: Integer>(&mut self) -> Result<T> {
        let m = self.peek_marker()?;
        let at = self.offset();
        let v = match m {
            header::UINT8 => {
                self.bump();
                i128::from(self.take_le::<1>()?[0])
            }
            header::INT8 => {
                self.bump();
                i128::from(self.take_le::<1>()?[0] as i8)
            }
            header::INT16 => {
                self.bump();
                i128::from(i16::from_le_bytes(self.take_le()?))
            }
            header::INT32 => {
                self.bump();
                i128::from(i32::from_le_bytes(self.take_le()?))
            }
            header::INT64 => {
                self.bump();
                i128::from(i64::from_le_bytes(self.take_le()?))
            }
            // `u m M` are BJData's own (UBJSON has no unsigned wider than a byte), so UBJSON
            // input takes the slow path, which refuses them there.
            header::UINT16 if !self.is_ubjson() => {
                self.bump();
                i128::from(u16::from_le_bytes(self.take_le()?))
            }
            header::UINT32 if !self.is_ubjson() => {
                self.bump();
                i128::from(u32::from_le_bytes(self.take_le()?))
            }
            header::UINT64 if !self.is_ubjson() => {
                self.bump();
                i128::from(u64::from_le_bytes(self.take_le()?))
            }
            _ => return self.read_int_slow(),
        };
        T::from_i128(v).ok_or_else(|| self.error_at(at, ErrorKind::NumberOutOfRange))
    }

    #[inline(never)]
    fn read_int_slow<T: Integer>(&mut self) -> Result<T> {
        let at = self.offset();
        // A value of another kind names the destination's type, not a marker.
        let wide = self.read_wide(header::INT64).map_err(|e| match e.kind() {
            ErrorKind::WrongType { found, .. } if super::error_path::is_value(found) => {
                self.error_at(at, ErrorKind::InvalidType(T::NAME))
            }
            _ => e,
        })?;
        let kind = match wide {
            Wide::Float(_) => ErrorKind::InvalidType(T::NAME),
            Wide::Int(v) => match T::from_i128(v) {
                Some(v) => return Ok(v),
                None => ErrorKind::NumberOutOfRange,
            },
        };
        Err(self.error_at(at, kind))
    }

    /// Any number, widened: an integer marker, `B`, a float of any width, or `H`; anything
    /// else is [`ErrorKind::WrongType`] naming `expected` (nothing consumed).
    #[inline(never)]
    pub(crate) fn read_wide(&mut self, expected: u8) -> Result<Wide> {
        let m = self.peek_marker()?;
        let at = self.offset();
        self.check_dialect(m, at)?;
        if m == header::HIGH_PRECISION {
            let text = self.read_high_precision()?;
            return parse_high_precision(text.as_bytes())
                .ok_or_else(|| self.error_at(at, ErrorKind::InvalidNumber));
        }
        let Some(size) = header::payload_size(m).filter(|_| {
            !matches!(
                m,
                header::NULL | header::TRUE | header::FALSE | header::CHAR
            )
        }) else {
            return Err(self.wrong_type(expected, m));
        };
        self.bump();
        let mut b = [0u8; 8];
        let raw = self.take(size)?;
        b[..size].copy_from_slice(raw);
        if self.is_ubjson() {
            b[..size].reverse();
        }
        crate::number::decode_le(m, &b[..size]).ok_or_else(|| self.wrong_type(expected, m))
    }

    /// A float as `f64`: `D` as it is, `d` and `h` exactly, an integer or `H` rounded like
    /// `as` (or, for `H` text, correctly rounded).
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"h\x00\x3e");
    /// assert_eq!(r.read_f64().unwrap(), 1.5);
    /// ```
    #[inline(always)]
    pub fn read_f64(&mut self) -> Result<f64> {
        if self.peek_marker()? == header::FLOAT64 {
            self.bump();
            return Ok(f64::from_le_bytes(self.take_le()?));
        }
        self.read_float_slow(header::FLOAT64)
    }

    /// A float as `f32`: `d` and `h` exactly, a double or integer rounded like `as`.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"d\x00\x00\xc0\x3f");
    /// assert_eq!(r.read_f32().unwrap(), 1.5);
    /// ```
    #[inline(always)]
    pub fn read_f32(&mut self) -> Result<f32> {
        if self.peek_marker()? == header::FLOAT32 {
            self.bump();
            return Ok(f32::from_le_bytes(self.take_le()?));
        }
        let v = self.read_float_slow(header::FLOAT32)?;
        Ok(v as f32)
    }

    /// `expected` is the destination's marker, which a value of another kind names.
    #[inline(never)]
    fn read_float_slow(&mut self, expected: u8) -> Result<f64> {
        let m = self.peek_marker()?;
        if m == header::HIGH_PRECISION {
            let at = self.offset();
            let text = self.read_high_precision()?;
            return text
                .parse::<f64>()
                .map_err(|_| self.error_at(at, ErrorKind::InvalidNumber));
        }
        if m == header::FLOAT16 && !self.is_ubjson() {
            self.bump();
            let h = u16::from_le_bytes(self.take_le()?);
            return Ok(f64::from(f16_to_f32(h)));
        }
        match self.read_wide(expected)? {
            Wide::Float(v) => Ok(v),
            Wide::Int(v) => Ok(v as f64),
        }
    }

    /// The text of a high-precision number (`H`, a length, then JSON number text), borrowed;
    /// text that is not a JSON number is [`ErrorKind::InvalidNumber`].
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"HU\x031e5");
    /// assert_eq!(r.read_high_precision().unwrap(), "1e5");
    /// ```
    #[inline]
    pub fn read_high_precision(&mut self) -> Result<&'de str> {
        let m = self.peek_marker()?;
        if m != header::HIGH_PRECISION {
            return Err(self.wrong_type(header::HIGH_PRECISION, m));
        }
        let at = self.offset();
        self.bump();
        let n = self.read_length()?;
        let bytes = self.take(n)?;
        if !is_json_number(bytes) {
            return Err(self.error_at(at, ErrorKind::InvalidNumber));
        }
        // JSON number text is ASCII.
        self.utf8(bytes)
    }

    /// Whether the next value is a float (`h`, `d` or `D`), not consumed.
    ///
    /// ```
    /// assert!(structio_bjdata::Reader::new(b"D").peek_float().unwrap());
    /// ```
    #[inline]
    pub fn peek_float(&mut self) -> Result<bool> {
        Ok(matches!(
            self.peek_marker()?,
            header::FLOAT16 | header::FLOAT32 | header::FLOAT64
        ))
    }
}

/// Whether `s` is exactly a JSON number (RFC 8259 grammar).
pub(crate) fn is_json_number(s: &[u8]) -> bool {
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while s.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    if s.first() == Some(&b'-') {
        i += 1;
    }
    match s.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if s.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(s.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(s.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == s.len()
}

/// A high-precision number: an integer that fits 128 bits exactly, else a float (correctly
/// rounded). `None` for an integer beyond 128 bits (no destination holds it exactly).
pub(crate) fn parse_high_precision(s: &[u8]) -> Option<Wide> {
    let text = core::str::from_utf8(s).ok()?;
    if s.iter().all(|&b| b.is_ascii_digit() || b == b'-') {
        return text.parse::<i128>().ok().map(Wide::Int);
    }
    text.parse::<f64>().ok().map(Wide::Float)
}
