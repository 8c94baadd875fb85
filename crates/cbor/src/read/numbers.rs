//! Numbers: integers (bignums included) and floats of the three widths, with the conversions a
//! destination of another type applies.

use super::Reader;
use crate::error::{ErrorKind, Result};
use crate::float::f32_to_f64;
use crate::header::{self, additional, major};
use crate::number::{Integer, Wide};
use structio_core::f16_to_f32;

/// The bytes of argument after an initial byte's additional information 0 to 27: none below
/// 24 (the value is the additional information), then 1, 2, 4 and 8.
const ARG_WIDTH: [usize; 28] = {
    let mut w = [0; 28];
    w[24] = 1;
    w[25] = 2;
    w[26] = 4;
    w[27] = 8;
    w
};

impl<'de> Reader<'de> {
    /// An integer of type `T`: major type 0 or 1, or a bignum (tag 2 or 3) that fits. A value
    /// out of `T`'s range is [`ErrorKind::NumberOutOfRange`]; a float, or a value that is no
    /// number, is [`ErrorKind::InvalidType`] naming `T` (a float is never truncated).
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x19, 0x03, 0xe8]);
    /// assert_eq!(r.read_int::<u16>().unwrap(), 1000);
    /// let mut r = structio_cbor::Reader::new(&[0x19, 0x03, 0xe8]);
    /// assert!(r.read_int::<u8>().is_err());
    /// ```
    #[inline(always)]
    pub fn read_int<T: Integer>(&mut self) -> Result<T> {
        let at = self.offset();
        let b = self.peek()?;
        if b >= 0x40 || additional(b) >= 28 {
            // Not a head of major type 0 or 1 (a tag, a bignum, another type, reserved).
            return self.read_int_slow();
        }
        // With eight bytes after the initial byte, the argument decodes with no branch on its
        // width (random integers mispredict it): the eight bytes are loaded as one big-endian
        // word and shifted down to the width. Nearer the end, it is read item by item.
        let n = match self
            .input()
            .get(at + 1..)
            .and_then(<[u8]>::first_chunk::<8>)
        {
            Some(word) => {
                let width = ARG_WIDTH[usize::from(additional(b))];
                let long = u64::from_be_bytes(*word) >> ((64 - 8 * width) & 63);
                self.advance(1 + width);
                if width == 0 {
                    u64::from(additional(b))
                } else {
                    long
                }
            }
            None => {
                self.advance(1);
                self.arg(b, at)?
            }
        };
        // No branch on the sign either: `from_head` folds it in.
        T::from_head(n, b >= 0x20).ok_or_else(|| self.error_at(at, ErrorKind::NumberOutOfRange))
    }

    #[inline(never)]
    fn read_int_slow<T: Integer>(&mut self) -> Result<T> {
        let start = self.offset();
        // A value of another kind names the destination's type, not an initial byte.
        let wide = self
            .read_wide(header::UNSIGNED)
            .map_err(|e| match e.kind() {
                ErrorKind::WrongType { found, .. } if super::error_path::is_value(found) => {
                    self.error_at(e.offset(), ErrorKind::InvalidType(T::NAME))
                }
                _ => e,
            })?;
        let kind = match wide {
            Wide::Float(_) => ErrorKind::InvalidType(T::NAME),
            _ => match T::from_wide_int(wide) {
                Some(v) => return Ok(v),
                None => ErrorKind::NumberOutOfRange,
            },
        };
        Err(self.error_at(start, kind))
    }

    /// Any number, widened: an integer, a bignum of up to 128 bits, or a float of any width;
    /// anything else is [`ErrorKind::WrongType`] naming `expected`.
    /// On an error the offset names the item; on success the cursor is past it.
    #[inline(never)]
    pub(crate) fn read_wide(&mut self, expected: u8) -> Result<Wide> {
        let start = self.offset();
        let tag = self.skip_tags()?;
        let at = self.offset();
        let b = self.peek()?;
        self.advance(1);
        match major(b) {
            header::UNSIGNED => Ok(Wide::Unsigned(u128::from(self.arg(b, at)?))),
            header::NEGATIVE => Ok(Wide::Signed(-1 - i128::from(self.arg(b, at)?))),
            header::BYTES
                if matches!(tag, Some(header::TAG_POS_BIGNUM | header::TAG_NEG_BIGNUM)) =>
            {
                self.set_pos(at);
                let mut magnitude = 0u128;
                let mut overflow = false;
                self.read_bytes_chunks(|bytes| {
                    for &byte in bytes {
                        overflow |= magnitude >> 120 != 0;
                        magnitude = magnitude << 8 | u128::from(byte);
                    }
                    Ok(())
                })?;
                if overflow {
                    return Err(self.error_at(start, ErrorKind::NumberOutOfRange));
                }
                if tag == Some(header::TAG_POS_BIGNUM) {
                    return Ok(Wide::Unsigned(magnitude));
                }
                match i128::try_from(magnitude) {
                    Ok(m) => Ok(Wide::Signed(-1 - m)),
                    Err(_) => Err(self.error_at(start, ErrorKind::NumberOutOfRange)),
                }
            }
            header::SIMPLE => match b {
                header::F16 => {
                    let h = self.take(2).map(|x| u16::from_be_bytes([x[0], x[1]]))?;
                    Ok(Wide::Float(f32_to_f64(f16_to_f32(h))))
                }
                header::F32 => {
                    let x = self.take(4)?;
                    let v = f32::from_be_bytes([x[0], x[1], x[2], x[3]]);
                    Ok(Wide::Float(f32_to_f64(v)))
                }
                header::F64 => {
                    let x = self.take(8)?;
                    let mut w = [0u8; 8];
                    w.copy_from_slice(x);
                    Ok(Wide::Float(f64::from_be_bytes(w)))
                }
                _ => {
                    self.set_pos(at);
                    Err(self.wrong_type(expected, b))
                }
            },
            _ => {
                self.set_pos(at);
                Err(self.wrong_type(expected, b))
            }
        }
    }

    /// A float as `f64`: a double as it is, a single or half exactly, an integer or bignum
    /// rounded like `as`.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0xf9, 0x3e, 0x00]);
    /// assert_eq!(r.read_f64().unwrap(), 1.5);
    /// ```
    #[inline(always)]
    pub fn read_f64(&mut self) -> Result<f64> {
        let at = self.offset();
        if let Some(chunk) = self.input().get(at..at + 9)
            && chunk[0] == header::F64
        {
            let mut w = [0u8; 8];
            w.copy_from_slice(&chunk[1..]);
            self.advance(9);
            return Ok(f64::from_be_bytes(w));
        }
        self.read_float_slow(header::F64)
    }

    /// A float as `f32`: a single or half exactly, a double or integer rounded like `as`.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0xfa, 0x47, 0xc3, 0x50, 0x00]);
    /// assert_eq!(r.read_f32().unwrap(), 100000.0);
    /// ```
    #[inline(always)]
    pub fn read_f32(&mut self) -> Result<f32> {
        let at = self.offset();
        if let Some(chunk) = self.input().get(at..at + 5)
            && chunk[0] == header::F32
        {
            self.advance(5);
            return Ok(f32::from_be_bytes([chunk[1], chunk[2], chunk[3], chunk[4]]));
        }
        let b = self.peek()?;
        if b == header::F16 {
            let x = self.input().get(at + 1..at + 3);
            if let Some(x) = x {
                let h = u16::from_be_bytes([x[0], x[1]]);
                self.advance(3);
                return Ok(f16_to_f32(h));
            }
        }
        // NaN payloads of a double are narrowed by hand so that they survive where they fit.
        match self.read_float_slow(header::F32)? {
            v if v.is_nan() => Ok(crate::float::f64_to_f32_exact(v).unwrap_or(f32::NAN)),
            v => Ok(v as f32),
        }
    }

    /// `expected` is the destination's initial byte, which a value of another kind names.
    #[inline(never)]
    fn read_float_slow(&mut self, expected: u8) -> Result<f64> {
        match self.read_wide(expected)? {
            Wide::Float(v) => Ok(v),
            Wide::Unsigned(v) => Ok(v as f64),
            Wide::Signed(v) => Ok(v as f64),
        }
    }

    /// Whether the next item is a float (a half, single or double), not consumed and tags not
    /// looked past.
    ///
    /// ```
    /// assert!(structio_cbor::Reader::new(&[0xf9, 0, 0]).peek_float().unwrap());
    /// ```
    #[inline]
    pub fn peek_float(&self) -> Result<bool> {
        let b = self.peek()?;
        Ok(major(b) == header::SIMPLE && (25..=27).contains(&additional(b)))
    }
}
