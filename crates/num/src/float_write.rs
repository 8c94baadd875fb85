//! Writing floats as their shortest round-trip text, laid out as Glaze's JSON writer does.
//!
//! The layout (Glaze 8.1, `glaze/util/zmij.hpp`): with the shortest digits `d1 d2 ... dn` and
//! the value `d1.d2...dn * 10^e`,
//! - `e` in `-4..=15` for `f64` (`-4..=6` for `f32`) is written in fixed notation with no
//!   trailing `.0`: `1`, `100`, `1234.5`, `0.0001`;
//! - anything else in exponent notation with `E`, no `+`, no leading zeros in the exponent, and no
//!   `.` for a single digit: `1E16`, `1.5E-5`, `5E-324`, `1E7` (an `f32`);
//! - zero is `0` or `-0`; NaN and infinities are `nan`, `inf`, `-inf`.

use core::fmt::Write;

/// The largest scientific exponent written in fixed notation for `f64`
/// (Glaze's `max_fixed_dec_exp`: one less than the decimal exponent of 2^54).
pub(crate) const F64_MAX_FIXED: i32 = 15;
/// The same for `f32` (from 2^25).
pub(crate) const F32_MAX_FIXED: i32 = 6;
/// The smallest scientific exponent written in fixed notation, for both widths.
pub(crate) const MIN_FIXED: i32 = -4;

/// Writes the shortest text that reads back as `value` into `out[0..n]` and returns `n`, in
/// Glaze's JSON layout (see the crate source for the exact rules): `1.0` is `1`, exponents
/// use `E` with no `+` from `1E16` up and from `1E-5` down. NaN and the infinities are written
/// `nan`, `inf` and `-inf`; a JSON writer decides what to do with those.
///
/// ```
/// let mut out = [0u8; 32];
/// let mut w = |v: f64| {
///     let n = structio_num::write_f64(v, &mut out);
///     std::str::from_utf8(&out[..n]).unwrap().to_owned()
/// };
/// assert_eq!(w(1.0), "1");
/// assert_eq!(w(0.1), "0.1");
/// assert_eq!(w(1e15), "1000000000000000");
/// assert_eq!(w(1e16), "1E16");
/// assert_eq!(w(0.0001), "0.0001");
/// assert_eq!(w(1.5e-5), "1.5E-5");
/// assert_eq!(w(5e-324), "5E-324");
/// assert_eq!(w(-0.0), "-0");
/// ```
pub fn write_f64(value: f64, out: &mut [u8; 32]) -> usize {
    if !value.is_finite() {
        return non_finite(value.is_nan(), value.is_sign_negative(), out);
    }
    let mut s = Sink {
        buf: [0; 40],
        len: 0,
    };
    let _ = write!(s, "{:e}", value.abs());
    layout(
        &s.buf[..s.len],
        value.is_sign_negative(),
        F64_MAX_FIXED,
        out,
    )
}

/// [`write_f64`] for `f32`: the shortest digits that read back as the same `f32`, fixed
/// notation for scientific exponents `-4..=6` (so `1E7` and `1.5E-5`).
///
/// ```
/// let mut out = [0u8; 32];
/// let n = structio_num::write_f32(0.1f32, &mut out);
/// assert_eq!(&out[..n], b"0.1");
/// let n = structio_num::write_f32(1e7f32, &mut out);
/// assert_eq!(&out[..n], b"1E7");
/// ```
pub fn write_f32(value: f32, out: &mut [u8; 32]) -> usize {
    if !value.is_finite() {
        return non_finite(value.is_nan(), value.is_sign_negative(), out);
    }
    let mut s = Sink {
        buf: [0; 40],
        len: 0,
    };
    let _ = write!(s, "{:e}", value.abs());
    layout(
        &s.buf[..s.len],
        value.is_sign_negative(),
        F32_MAX_FIXED,
        out,
    )
}

fn non_finite(nan: bool, neg: bool, out: &mut [u8; 32]) -> usize {
    let text: &[u8] = match (nan, neg) {
        (true, _) => b"nan",
        (false, false) => b"inf",
        (false, true) => b"-inf",
    };
    out[..text.len()].copy_from_slice(text);
    text.len()
}

struct Sink {
    buf: [u8; 40],
    len: usize,
}

impl Write for Sink {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        let b = s.as_bytes();
        let dst = self
            .buf
            .get_mut(self.len..self.len + b.len())
            .ok_or(core::fmt::Error)?;
        dst.copy_from_slice(b);
        self.len += b.len();
        Ok(())
    }
}

/// Lays out core's `{:e}` text (`d.ddde-N`) in Glaze's form.
fn layout(sci: &[u8], neg: bool, max_fixed: i32, out: &mut [u8; 32]) -> usize {
    let mut digits = [0u8; 20];
    let mut n = 0;
    let mut i = 0;
    while i < sci.len() && sci[i] != b'e' {
        if sci[i] != b'.' && n < digits.len() {
            digits[n] = sci[i];
            n += 1;
        }
        i += 1;
    }
    let mut e: i32 = 0;
    let mut eneg = false;
    i += 1;
    while i < sci.len() {
        match sci[i] {
            b'-' => eneg = true,
            d => e = e * 10 + (d - b'0') as i32,
        }
        i += 1;
    }
    if eneg {
        e = -e;
    }
    place(&digits[..n], e, neg, max_fixed, out)
}

/// Writes `digits` (no leading or trailing zeros, at most 17) with scientific exponent `e`.
pub(crate) fn place(digits: &[u8], e: i32, neg: bool, max_fixed: i32, out: &mut [u8; 32]) -> usize {
    let mut w = neg as usize;
    out[0] = b'-';
    let n = digits.len();
    if digits == b"0" {
        out[w] = b'0';
        return w + 1;
    }
    if (0..=max_fixed).contains(&e) {
        let int_len = e as usize + 1;
        if n <= int_len {
            out[w..w + n].copy_from_slice(digits);
            out[w + n..w + int_len].fill(b'0');
            w + int_len
        } else {
            out[w..w + int_len].copy_from_slice(&digits[..int_len]);
            out[w + int_len] = b'.';
            out[w + int_len + 1..w + n + 1].copy_from_slice(&digits[int_len..]);
            w + n + 1
        }
    } else if (MIN_FIXED..0).contains(&e) {
        let zeros = (-e) as usize;
        out[w..w + 2].copy_from_slice(b"0.");
        out[w + 2..w + 1 + zeros].fill(b'0');
        w += 1 + zeros;
        out[w..w + n].copy_from_slice(digits);
        w + n
    } else {
        out[w] = digits[0];
        w += 1;
        if n > 1 {
            out[w] = b'.';
            out[w + 1..w + n].copy_from_slice(&digits[1..]);
            w += n;
        }
        out[w] = b'E';
        w += 1;
        if e < 0 {
            out[w] = b'-';
            w += 1;
        }
        let a = e.unsigned_abs();
        if a >= 100 {
            out[w] = b'0' + (a / 100) as u8;
            w += 1;
        }
        if a >= 10 {
            out[w] = b'0' + (a / 10 % 10) as u8;
            w += 1;
        }
        out[w] = b'0' + (a % 10) as u8;
        w + 1
    }
}
