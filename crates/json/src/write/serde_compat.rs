//! Output that matches serde_json's bytes when asked ([`WriteOptions::serde_json`]): floats in
//! serde_json's layout and its two-space indentation. Glaze's layout stays the default.
//!
//! serde_json writes a float's shortest round-trip digits as `100.0` (a whole number keeps a
//! `.0`), `0.00001` (down to four zeros after the point), `1e-6` and `1.5e+16` (an exponent
//! from the seventeenth digit before the point, with its sign); an `f32` takes its exponent
//! from the fourteenth digit, and below five zeros after the point. The digits are the same as
//! Glaze's (both are the shortest that round-trip), so the text is laid out again from the
//! digits `structio_num` writes.

#[cfg(feature = "alloc")]
use super::{Sink, Writer};
#[cfg(feature = "alloc")]
use crate::Result;

/// How a [`Writer`](crate::Writer) lays its output out: compact or indented, and in Glaze's float layout (the
/// default) or serde_json's.
///
/// ```
/// use structio_json::WriteOptions;
/// let v = (100.0f64, [1e300]);
/// assert_eq!(structio_json::to_string(&v)?, "[100,[1E300]]");
/// assert_eq!(structio_json::to_string_with(&v, WriteOptions::serde_json())?, "[100.0,[1e+300]]");
/// # Ok::<(), structio_json::Error>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// Lay the output out, `indent` spaces to a level (Glaze's prettify layout, which for two
    /// spaces is serde_json's `to_string_pretty` layout too). Default `false`.
    pub pretty: bool,
    /// Spaces per level when `pretty`. Default [`DEFAULT_INDENT`](crate::DEFAULT_INDENT).
    pub indent: usize,
    /// Write floats as serde_json writes them (`100.0`, `1e+300`, `1e-7`) rather than as Glaze
    /// does (`100`, `1E300`, `1E-7`). Default `false`. With the `alloc` feature only, so that
    /// firmware images do not carry a second float layout.
    #[cfg(feature = "alloc")]
    pub serde_json_floats: bool,
}

impl WriteOptions {
    /// Compact, Glaze's float layout: what [`to_vec`](crate::to_vec) writes.
    ///
    /// ```
    /// assert!(!structio_json::WriteOptions::new().pretty);
    /// ```
    pub const fn new() -> Self {
        WriteOptions {
            pretty: false,
            indent: super::DEFAULT_INDENT,
            #[cfg(feature = "alloc")]
            serde_json_floats: false,
        }
    }

    #[cfg(feature = "alloc")]
    /// What `serde_json::to_vec` writes: compact, serde_json's float layout.
    ///
    /// ```
    /// let o = structio_json::WriteOptions::serde_json();
    /// assert_eq!(structio_json::to_string_with(&[1.0f64, 0.5], o)?, "[1.0,0.5]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    pub const fn serde_json() -> Self {
        WriteOptions {
            pretty: false,
            indent: 2,
            serde_json_floats: true,
        }
    }

    #[cfg(feature = "alloc")]
    /// What `serde_json::to_vec_pretty` writes: two spaces to a level, serde_json's floats.
    ///
    /// ```
    /// let o = structio_json::WriteOptions::serde_json_pretty();
    /// assert_eq!(structio_json::to_string_with(&[1.0f64], o)?, "[\n  1.0\n]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    pub const fn serde_json_pretty() -> Self {
        WriteOptions {
            pretty: true,
            indent: 2,
            serde_json_floats: true,
        }
    }

    /// Sets whether the output is laid out, and the spaces per level.
    ///
    /// ```
    /// let o = structio_json::WriteOptions::new().pretty(4);
    /// assert_eq!(structio_json::to_string_with(&[true], o)?, "[\n    true\n]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[must_use]
    pub const fn pretty(mut self, indent: usize) -> Self {
        self.pretty = true;
        self.indent = indent;
        self
    }

    #[cfg(feature = "alloc")]
    /// Sets whether floats are written in serde_json's layout.
    ///
    /// ```
    /// let o = structio_json::WriteOptions::new().serde_json_floats(true);
    /// assert_eq!(structio_json::to_string_with(&1e-7f64, o)?, "1e-7");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[must_use]
    pub const fn serde_json_floats(mut self, on: bool) -> Self {
        self.serde_json_floats = on;
        self
    }
}

impl Default for WriteOptions {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(feature = "alloc")]
/// The digits before the point up to which serde_json writes an `f64` without an exponent, and
/// the power of ten below which a small one takes an exponent (`f32`: 13 and -6).
pub(crate) const F64_LIMITS: (i32, i32) = (16, -5);
#[cfg(feature = "alloc")]
/// As [`F64_LIMITS`], for `f32`.
pub(crate) const F32_LIMITS: (i32, i32) = (13, -6);

#[cfg(feature = "alloc")]
/// Lays out Glaze-layout float text (`-1.5E-7`, `100`, `0.25`) as serde_json does, into `out`;
/// returns the length. `out` has room for the longest (a sign, 17 digits, a point, up to 15
/// zeros, `.0`, or an exponent of five bytes).
pub(crate) fn relayout(glaze: &[u8], (most, least): (i32, i32), out: &mut [u8; 48]) -> usize {
    let (neg, body) = match glaze.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, glaze),
    };
    let (mantissa, exp) = match body.iter().position(|&b| b == b'E' || b == b'e') {
        Some(i) => (&body[..i], parse_exp(&body[i + 1..])),
        None => (body, 0),
    };
    // The significant digits, and `kk`: the value is 0.DIGITS × 10^kk.
    let mut digits = [0u8; 24];
    let mut n = 0;
    let mut point = None;
    let mut leading = 0i32;
    for &b in mantissa {
        if b == b'.' {
            point = Some(n as i32 + leading);
        } else if n == 0 && b == b'0' {
            leading += 1;
        } else if n < digits.len() {
            digits[n] = b;
            n += 1;
        }
    }
    let int_len = point.unwrap_or(n as i32 + leading);
    while n > 0 && digits[n - 1] == b'0' {
        n -= 1;
    }
    let mut w = 0;
    let mut put = |out: &mut [u8; 48], b: u8| {
        if let Some(slot) = out.get_mut(w) {
            *slot = b;
        }
        w += 1;
    };
    if neg {
        put(out, b'-');
    }
    if n == 0 {
        for &b in b"0.0" {
            put(out, b);
        }
        return w;
    }
    let kk = int_len - leading + exp;
    let d = &digits[..n];
    let n = n as i32;
    if n <= kk && kk <= most {
        d.iter().for_each(|&b| put(out, b));
        (0..kk - n).for_each(|_| put(out, b'0'));
        put(out, b'.');
        put(out, b'0');
    } else if 0 < kk && kk <= most {
        let (int, frac) = d.split_at(kk as usize);
        int.iter().for_each(|&b| put(out, b));
        put(out, b'.');
        frac.iter().for_each(|&b| put(out, b));
    } else if least < kk && kk <= 0 {
        put(out, b'0');
        put(out, b'.');
        (0..-kk).for_each(|_| put(out, b'0'));
        d.iter().for_each(|&b| put(out, b));
    } else {
        put(out, d[0]);
        if n > 1 {
            put(out, b'.');
            d[1..].iter().for_each(|&b| put(out, b));
        }
        put(out, b'e');
        let e = kk - 1;
        put(out, if e < 0 { b'-' } else { b'+' });
        let mut buf = [0u8; 40];
        let len = structio_num::write_int(e.unsigned_abs(), &mut buf);
        buf[..len].iter().for_each(|&b| put(out, b));
    }
    w.min(out.len())
}

#[cfg(feature = "alloc")]
/// The exponent after `E`: an optional sign and decimal digits.
fn parse_exp(t: &[u8]) -> i32 {
    let (neg, digits) = match t.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, t),
    };
    let v = digits
        .iter()
        .take(6)
        .fold(0i32, |v, &d| v * 10 + i32::from(d.wrapping_sub(b'0') % 10));
    if neg {
        -v
    } else {
        v
    }
}

#[cfg(feature = "alloc")]
impl<S: Sink> Writer<S> {
    /// A float in serde_json's layout; out of line, so that the default layout's inlined float
    /// writer stays as it was.
    #[cold]
    #[inline(never)]
    pub(crate) fn float_serde(&mut self, glaze: &[u8], limits: (i32, i32)) -> Result<()> {
        let mut out = [0u8; 48];
        let n = relayout(glaze, limits, &mut out);
        self.write_raw(out.get(..n).unwrap_or_default())
    }
}

#[cfg(feature = "alloc")]
mod alloc_entry {
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::WriteOptions;
    use crate::write::{JsonWrite, Writer};
    use crate::{Error, ErrorKind, Result};

    /// Writes `value` with `opts` (layout and float style).
    ///
    /// ```
    /// use structio_json::WriteOptions;
    /// let out = structio_json::to_vec_with(&[2.0f64], WriteOptions::serde_json())?;
    /// assert_eq!(out, b"[2.0]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    pub fn to_vec_with<T: JsonWrite + ?Sized>(value: &T, opts: WriteOptions) -> Result<Vec<u8>> {
        let mut w = Writer::with_options(Vec::with_capacity(128), opts);
        value.write_json(&mut w)?;
        Ok(w.into_inner())
    }

    /// Writes `value` as text with `opts`; `WriteOptions::serde_json()` and
    /// `WriteOptions::serde_json_pretty()` give serde_json's `to_string` and
    /// `to_string_pretty` bytes for the same value.
    ///
    /// ```
    /// use structio_json::WriteOptions;
    /// let text = structio_json::to_string_with(&(1.5f64, 3e-9f64), WriteOptions::serde_json_pretty())?;
    /// assert_eq!(text, "[\n  1.5,\n  3e-9\n]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    pub fn to_string_with<T: JsonWrite + ?Sized>(value: &T, opts: WriteOptions) -> Result<String> {
        String::from_utf8(to_vec_with(value, opts)?)
            .map_err(|e| Error::new(ErrorKind::InvalidUtf8, e.utf8_error().valid_up_to()))
    }
}
#[cfg(feature = "alloc")]
pub use alloc_entry::{to_string_with, to_vec_with};
