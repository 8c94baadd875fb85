//! Reading JSON numbers into floats, correctly rounded.

use crate::NumError;

#[inline(always)]
fn byte(input: &[u8], i: usize) -> u8 {
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
fn scan_strict(input: &[u8], pos: usize) -> Result<usize, NumError> {
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
fn scan_lenient(input: &[u8], pos: usize) -> Result<usize, NumError> {
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

fn text(input: &[u8], pos: usize, end: usize) -> &str {
    match input.get(pos..end).map(core::str::from_utf8) {
        Some(Ok(s)) => s,
        _ => "",
    }
}

/// Reads a JSON number (strict RFC 8259 grammar) at `input[pos..]` into the correctly rounded
/// `f64`; returns it with the position after the number.
///
/// Rejects `01`, `1.`, `.5`, `+1`, `-` and `1e` with
/// [`Invalid`](crate::NumErrorKind::Invalid) at the first byte that breaks the grammar. Reading
/// stops at the first byte that cannot continue the number. A magnitude too large for `f64`
/// gives an infinity and one too small gives a zero of the number's sign, as `str::parse` does:
/// the caller decides whether an infinity is acceptable.
///
/// ```
/// assert_eq!(structio_num::parse_f64(b"[-1.5e3,", 1), Ok((-1500.0, 7)));
/// assert!(structio_num::parse_f64(b"01", 0).is_err());
/// ```
pub fn parse_f64(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    let end = scan_strict(input, pos)?;
    match text(input, pos, end).parse::<f64>() {
        Ok(v) => Ok((v, end)),
        Err(_) => Err(NumError::invalid(pos)),
    }
}

/// Reads a JSON number (strict grammar, as [`parse_f64`]) into the correctly rounded `f32`
/// (rounded once, from the decimal text, never through an `f64`).
///
/// ```
/// assert_eq!(structio_num::parse_f32(b"0.1", 0), Ok((0.1f32, 3)));
/// ```
pub fn parse_f32(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    let end = scan_strict(input, pos)?;
    match text(input, pos, end).parse::<f32>() {
        Ok(v) => Ok((v, end)),
        Err(_) => Err(NumError::invalid(pos)),
    }
}

/// Reads a number with a lenient grammar into the correctly rounded `f64`: a leading `+`,
/// leading zeros, and a missing integer or fraction part (`.5`, `1.`) are accepted, so long as
/// there is at least one digit before any exponent. An exponent still needs a digit.
///
/// ```
/// assert_eq!(structio_num::parse_f64_lenient(b"+.5", 0), Ok((0.5, 3)));
/// assert_eq!(structio_num::parse_f64_lenient(b"007.", 0), Ok((7.0, 4)));
/// ```
pub fn parse_f64_lenient(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    let end = scan_lenient(input, pos)?;
    match text(input, pos, end).parse::<f64>() {
        Ok(v) => Ok((v, end)),
        Err(_) => Err(NumError::invalid(pos)),
    }
}

/// [`parse_f64_lenient`]'s grammar into the correctly rounded `f32`.
///
/// ```
/// assert_eq!(structio_num::parse_f32_lenient(b"+1.", 0), Ok((1.0f32, 3)));
/// ```
pub fn parse_f32_lenient(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    let end = scan_lenient(input, pos)?;
    match text(input, pos, end).parse::<f32>() {
        Ok(v) => Ok((v, end)),
        Err(_) => Err(NumError::invalid(pos)),
    }
}
