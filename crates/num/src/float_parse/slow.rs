//! The out-of-line reader: any number the inline path declines (near the end of the input,
//! more than nineteen significant digits, a long exponent, a halfway case Eisel-Lemire cannot
//! decide, and every error). Byte at a time, position by value.

use super::decimal::Decimal;
use super::lemire::{self, Format};
use crate::NumError;

#[inline(always)]
pub(crate) fn byte(input: &[u8], i: usize) -> u8 {
    match input.get(i) {
        Some(&b) => b,
        None => 0,
    }
}

#[inline(always)]
fn digits(input: &[u8], mut i: usize) -> usize {
    while byte(input, i).is_ascii_digit() {
        i += 1;
    }
    i
}

/// Checks the strict JSON number grammar at `input[pos..]`; returns the end.
pub(crate) fn scan_strict(input: &[u8], pos: usize) -> Result<usize, NumError> {
    if pos > input.len() {
        return Err(NumError::invalid(pos));
    }
    let mut i = pos + (byte(input, pos) == b'-') as usize;
    let d = digits(input, i);
    if d == i {
        return Err(NumError::invalid(i));
    }
    if byte(input, i) == b'0' && d > i + 1 {
        return Err(NumError::invalid(i + 1));
    }
    i = d;
    if byte(input, i) == b'.' {
        let d = digits(input, i + 1);
        if d == i + 1 {
            return Err(NumError::invalid(d));
        }
        i = d;
    }
    if byte(input, i) | 0x20 == b'e' {
        i += 1;
        i += matches!(byte(input, i), b'+' | b'-') as usize;
        let d = digits(input, i);
        if d == i {
            return Err(NumError::invalid(d));
        }
        i = d;
    }
    Ok(i)
}

/// Checks the lenient grammar at `input[pos..]`; returns the end.
pub(crate) fn scan_lenient(input: &[u8], pos: usize) -> Result<usize, NumError> {
    if pos > input.len() {
        return Err(NumError::invalid(pos));
    }
    let mut i = pos + matches!(byte(input, pos), b'+' | b'-') as usize;
    let int_end = digits(input, i);
    let mut any = int_end > i;
    i = int_end;
    if byte(input, i) == b'.' {
        let d = digits(input, i + 1);
        any |= d > i + 1;
        i = d;
    }
    if !any {
        return Err(NumError::invalid(i));
    }
    if byte(input, i) | 0x20 == b'e' {
        i += 1;
        i += matches!(byte(input, i), b'+' | b'-') as usize;
        let d = digits(input, i);
        if d == i {
            return Err(NumError::invalid(d));
        }
        i = d;
    }
    Ok(i)
}

pub(crate) fn text(input: &[u8], pos: usize, end: usize) -> &[u8] {
    input.get(pos..end).unwrap_or(&[])
}

/// The strict grammar, then the exact value.
#[cold]
#[inline(never)]
pub(crate) fn f64_strict(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    // The inline reader again, on a zero-padded copy of the input's last bytes.
    if let Some((neg, m, e10, _, end)) = super::tail_decimal(input, pos)
        && let Some(v) = super::to_f64(neg, m, e10)
    {
        return Ok((v, end));
    }
    let end = scan_strict(input, pos)?;
    Ok((exact_f64(text(input, pos, end)), end))
}

#[cold]
#[inline(never)]
pub(crate) fn f32_strict(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    // The inline reader again, on a zero-padded copy of the input's last bytes.
    if let Some((neg, m, e10, _, end)) = super::tail_decimal(input, pos)
        && let Some(v) = super::to_f32(neg, m, e10)
    {
        return Ok((v, end));
    }
    let end = scan_strict(input, pos)?;
    Ok((exact_f32(text(input, pos, end)), end))
}

#[cold]
#[inline(never)]
pub(crate) fn f64_lenient(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    // The inline reader again, on a zero-padded copy of the input's last bytes.
    if let Some((neg, m, e10, _, end)) = super::tail_decimal(input, pos)
        && let Some(v) = super::to_f64(neg, m, e10)
    {
        return Ok((v, end));
    }
    let end = scan_lenient(input, pos)?;
    Ok((exact_f64(text(input, pos, end)), end))
}

#[cold]
#[inline(never)]
pub(crate) fn f32_lenient(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    // The inline reader again, on a zero-padded copy of the input's last bytes.
    if let Some((neg, m, e10, _, end)) = super::tail_decimal(input, pos)
        && let Some(v) = super::to_f32(neg, m, e10)
    {
        return Ok((v, end));
    }
    let end = scan_lenient(input, pos)?;
    Ok((exact_f32(text(input, pos, end)), end))
}

/// The parts of text a scanner accepted: sign, mantissa (digits and at most one `.`), and the
/// written exponent with its magnitude saturated at `u64::MAX`. That bound is past any shift the
/// digits can make (see [`scale`]), so a number of any length whose exponent cancels its digits
/// (`0.` then a million zeros then `1e1000001`) keeps its value.
fn split(t: &[u8]) -> (bool, &[u8], i128) {
    let (neg, t) = match t.first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let e = t.iter().position(|&b| b | 0x20 == b'e').unwrap_or(t.len());
    let (mantissa, exp) = t.split_at(e);
    let mut x: u64 = 0;
    let mut eneg = false;
    for &b in exp.iter().skip(1) {
        match b {
            b'-' => eneg = true,
            b'0'..=b'9' => x = x.saturating_mul(10).saturating_add(u64::from(b - b'0')),
            _ => {}
        }
    }
    let x = i128::from(x);
    (neg, mantissa, if eneg { -x } else { x })
}

/// The power of ten of a number whose written exponent is `exp` ([`split`]'s) and whose digits
/// move the point `shift` places, as an `i32`.
///
/// The sum is taken whole: `shift` counts bytes of one slice, so its magnitude is below
/// `isize::MAX`, and an exponent saturated at `u64::MAX` stays further from zero than any shift
/// can bring it back, so the sign and the size of the sum are those of the true one. Only then
/// is it clamped to +-100000: past that every nonzero significand (nineteen digits here, or
/// [`Decimal`]'s 0.d1d2... with d1 nonzero) is zero or infinite in every format.
pub(crate) fn scale(exp: i128, shift: i64) -> i32 {
    (exp + i128::from(shift)).clamp(-100_000, 100_000) as i32
}

/// The first nineteen significant digits of a mantissa, the power of ten that scales them, and
/// whether any nonzero digit was left out.
fn first19(mantissa: &[u8], exp: i128) -> (u64, i32, bool) {
    let mut m: u64 = 0;
    let mut n = 0;
    // Places the point moves: integer digits past the nineteen kept, less the fraction digits
    // read (leading zeros included).
    let mut shift: i64 = 0;
    let mut point = false;
    let mut truncated = false;
    for &b in mantissa {
        if b == b'.' {
            point = true;
            continue;
        }
        let d = b.wrapping_sub(b'0');
        if n < 19 {
            m = m * 10 + d as u64;
            n += (m != 0) as usize;
            shift -= point as i64;
        } else {
            truncated |= d != 0;
            shift += !point as i64;
        }
    }
    (m, scale(exp, shift), truncated)
}

/// The correctly rounded value of text the scanners accepted, as the biased bits of format
/// `f` without the sign: Clinger or Eisel-Lemire when nineteen digits decide it, the exact
/// decimal algorithm otherwise.
fn exact(mantissa: &[u8], exp: i128, f: &Format, fast: impl Fn(u64, i32) -> Option<u64>) -> u64 {
    let (m, e10, truncated) = first19(mantissa, exp);
    if m == 0 {
        return 0;
    }
    if !truncated {
        if let Some(bits) = fast(m, e10) {
            return bits;
        }
    } else {
        // The true digits lie between m and m + 1 (times 10^e10): if both round alike, so does
        // everything between.
        let lo = lemire::compute(e10, m, f);
        if lo.is_some()
            && lo == lemire::compute(e10, m + 1, f)
            && let Some(bits) = lo
        {
            return bits;
        }
    }
    Decimal::new(mantissa, exp).into_bits(f)
}

fn exact_f64(t: &[u8]) -> f64 {
    let (neg, mantissa, exp) = split(t);
    let fast = |m, e10| super::to_f64(false, m, e10).map(f64::to_bits);
    let bits = exact(mantissa, exp, &lemire::F64, fast);
    f64::from_bits(bits | (neg as u64) << 63)
}

fn exact_f32(t: &[u8]) -> f32 {
    let (neg, mantissa, exp) = split(t);
    let fast = |m, e10| super::to_f32(false, m, e10).map(|v| v.to_bits() as u64);
    let bits = exact(mantissa, exp, &lemire::F32, fast) as u32;
    f32::from_bits(bits | (neg as u32) << 31)
}
