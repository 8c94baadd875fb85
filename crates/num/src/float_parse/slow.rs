//! The out-of-line reader: any number the inline path declines (near the end of the input,
//! more than nineteen significant digits, a long exponent, a halfway case Eisel-Lemire cannot
//! decide, and every error). Byte at a time, position by value.

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

pub(crate) fn text(input: &[u8], pos: usize, end: usize) -> &str {
    match input.get(pos..end).map(core::str::from_utf8) {
        Some(Ok(s)) => s,
        _ => "",
    }
}

/// The strict grammar, then the exact value.
#[cold]
#[inline(never)]
pub(crate) fn f64_strict(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    let end = scan_strict(input, pos)?;
    Ok((exact_f64(text(input, pos, end)), end))
}

#[cold]
#[inline(never)]
pub(crate) fn f32_strict(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    let end = scan_strict(input, pos)?;
    Ok((exact_f32(text(input, pos, end)), end))
}

#[cold]
#[inline(never)]
pub(crate) fn f64_lenient(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    let end = scan_lenient(input, pos)?;
    Ok((exact_f64(text(input, pos, end)), end))
}

#[cold]
#[inline(never)]
pub(crate) fn f32_lenient(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    let end = scan_lenient(input, pos)?;
    Ok((exact_f32(text(input, pos, end)), end))
}

/// The correctly rounded value of text the scanners accepted.
fn exact_f64(s: &str) -> f64 {
    s.parse::<f64>().unwrap_or(f64::NAN)
}

fn exact_f32(s: &str) -> f32 {
    s.parse::<f32>().unwrap_or(f32::NAN)
}
