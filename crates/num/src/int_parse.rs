//! Reading JSON integers.

use crate::{Integer, NumError};

/// Reads a JSON integer at `input[pos..]` into `T`.
///
/// Grammar: an optional `-`, then `0` or a digit `1-9` followed by digits; reading stops at the
/// first byte that is not a digit. If that byte is `.`, `e` or `E` the result is
/// [`Invalid`](crate::NumErrorKind::Invalid) at that byte, since an integer destination was
/// given a fraction. A leading zero followed by a digit (`01`) is `Invalid` at the second digit.
/// Unsigned destinations reject any `-`, `-0` included, with `Invalid` at the `-`. A value that
/// does not fit `T` is [`Overflow`](crate::NumErrorKind::Overflow) at the number's first byte,
/// never a wrap. Returns the value and the position after its last digit.
///
/// ```
/// use structio_num::{parse_int, NumErrorKind};
/// assert_eq!(parse_int::<i8>(b"-128]", 0), Ok((-128, 4)));
/// assert_eq!(parse_int::<i8>(b"128", 0).unwrap_err().kind, NumErrorKind::Overflow);
/// assert_eq!(parse_int::<u64>(b"1.5", 0).unwrap_err().offset, 1);
/// ```
#[inline(always)]
pub fn parse_int<T: Integer>(input: &[u8], pos: usize) -> Result<(T, usize), NumError> {
    T::parse_at(input, pos)
}

#[inline(always)]
fn byte(input: &[u8], i: usize) -> u8 {
    match input.get(i) {
        Some(&b) => b,
        None => 0,
    }
}

/// Reads the digits of a magnitude at `input[start..]`, checking the JSON integer grammar, and
/// returns the value (bounded by `max`, else Overflow at `num_start`) and the end.
fn magnitude(
    input: &[u8],
    start: usize,
    num_start: usize,
    max: u128,
) -> Result<(u128, usize), NumError> {
    let mut i = start;
    let mut v: u128 = 0;
    let mut overflow = false;
    while byte(input, i).is_ascii_digit() {
        let d = (byte(input, i) - b'0') as u128;
        match v.checked_mul(10).and_then(|x| x.checked_add(d)) {
            Some(x) => v = x,
            None => overflow = true,
        }
        i += 1;
    }
    if i == start {
        return Err(NumError::invalid(start));
    }
    if byte(input, start) == b'0' && i > start + 1 {
        return Err(NumError::invalid(start + 1));
    }
    if matches!(byte(input, i), b'.' | b'e' | b'E') {
        return Err(NumError::invalid(i));
    }
    if overflow || v > max {
        return Err(NumError::overflow(num_start));
    }
    Ok((v, i))
}

#[inline(always)]
fn unsigned(input: &[u8], pos: usize, max: u128) -> Result<(u128, usize), NumError> {
    if pos > input.len() {
        return Err(NumError::invalid(pos));
    }
    magnitude(input, pos, pos, max)
}

#[inline(always)]
fn signed(input: &[u8], pos: usize, max_pos: u128) -> Result<(u128, bool, usize), NumError> {
    if pos > input.len() {
        return Err(NumError::invalid(pos));
    }
    let neg = byte(input, pos) == b'-';
    let (v, end) = magnitude(input, pos + neg as usize, pos, max_pos + neg as u128)?;
    Ok((v, neg, end))
}

#[inline(always)]
pub(crate) fn parse_u64(input: &[u8], pos: usize, max: u64) -> Result<(u64, usize), NumError> {
    let (v, end) = unsigned(input, pos, max as u128)?;
    Ok((v as u64, end))
}

#[inline(always)]
pub(crate) fn parse_i64(
    input: &[u8],
    pos: usize,
    max_pos: u64,
) -> Result<(u64, bool, usize), NumError> {
    let (v, neg, end) = signed(input, pos, max_pos as u128)?;
    Ok((v as u64, neg, end))
}

#[inline(always)]
pub(crate) fn parse_u128(input: &[u8], pos: usize, max: u128) -> Result<(u128, usize), NumError> {
    unsigned(input, pos, max)
}

#[inline(always)]
pub(crate) fn parse_i128(
    input: &[u8],
    pos: usize,
    max_pos: u128,
) -> Result<(u128, bool, usize), NumError> {
    signed(input, pos, max_pos)
}
