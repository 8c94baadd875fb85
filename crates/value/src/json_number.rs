//! JSON numbers for the tree reader: integers kept whole as `u64`/`i64` (read here, where the
//! classification happens), everything else a correctly rounded `f64` from
//! [`structio_num::parse_f64`], the workspace's one float reader.

use structio_json::{Error, ErrorKind};

#[cold]
fn err(kind: ErrorKind, pos: usize) -> Error {
    Error::new(kind, pos)
}

#[inline(always)]
fn digits(input: &[u8], mut pos: usize, m: &mut u64) -> usize {
    while let Some(&d) = input.get(pos) {
        let d = d.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        *m = m.wrapping_mul(10).wrapping_add(u64::from(d));
        pos += 1;
    }
    pos
}

/// A number as a kind and its 64 bits. Numbers travel as these scalars, not as a `Repr`: a node
/// built with a byte store and an 8-byte store, then moved with one 16-byte load, stalls on
/// store forwarding (measured: a quarter of canada's build time).
pub(crate) type Num = (u8, u64, usize);
const K_U64: u8 = 0;
const K_I64: u8 = 1;
const K_F64: u8 = 2;

/// Reads a number at `pos` (its first byte is `-` or a digit).
#[inline(always)]
pub(crate) fn number(input: &[u8], start: usize) -> Result<Num, Error> {
    let neg = input[start] == b'-';
    let mut pos = start + neg as usize;
    let int_start = pos;
    let mut m = 0u64;
    match input.get(pos) {
        Some(b'0') => {
            pos += 1;
            if matches!(input.get(pos), Some(b'0'..=b'9')) {
                return Err(err(ErrorKind::InvalidNumber, pos));
            }
        }
        Some(b'1'..=b'9') => pos = digits(input, pos, &mut m),
        Some(_) => return Err(err(ErrorKind::InvalidNumber, pos)),
        None => return Err(err(ErrorKind::UnexpectedEnd, pos)),
    }
    let int_digits = pos - int_start;
    if !matches!(input.get(pos), Some(b'.' | b'e' | b'E')) {
        if int_digits > 19 {
            return big_integer(input, start, pos);
        }
        let (kind, bits) = if !neg {
            (K_U64, m)
        } else if m == 0 {
            (K_F64, (-0.0f64).to_bits())
        } else if m <= 1 << 63 {
            (K_I64, m.wrapping_neg())
        } else {
            (K_F64, (-(m as f64)).to_bits())
        };
        return Ok((kind, bits, pos));
    }
    float(input, start)
}

/// An integer of 20 digits or more: a `u64`/`i64` if it fits, else an `f64` as serde_json does.
#[cold]
fn big_integer(input: &[u8], start: usize, end: usize) -> Result<Num, Error> {
    let neg = input[start] == b'-';
    let mut m = 0u64;
    let mut fits = true;
    for &d in &input[start + neg as usize..end] {
        match m
            .checked_mul(10)
            .and_then(|m| m.checked_add(u64::from(d - b'0')))
        {
            Some(n) => m = n,
            None => fits = false,
        }
    }
    if fits && !neg {
        return Ok((K_U64, m, end));
    }
    if fits && m <= 1 << 63 {
        return Ok((K_I64, m.wrapping_neg(), end));
    }
    float(input, start)
}

/// A number with a fraction or an exponent, or an integer past `i64`/`u64`: structio-num's
/// correctly rounded `f64`, which also checks the grammar from `start`. An infinite result (a
/// magnitude past `f64`) is out of range, as in structio-json and serde_json.
#[inline(always)]
fn float(input: &[u8], start: usize) -> Result<Num, Error> {
    match structio_num::parse_f64(input, start) {
        Ok((f, end)) if f.is_finite() => Ok((K_F64, f.to_bits(), end)),
        Ok(_) => Err(err(ErrorKind::NumberOutOfRange, start)),
        Err(e) => Err(num_error(input, e)),
    }
}

/// A structio-num error as the JSON reader's: `UnexpectedEnd` for a number cut off by the end.
#[cold]
#[inline(never)]
fn num_error(input: &[u8], e: structio_num::NumError) -> Error {
    let kind = match e.kind {
        structio_num::NumErrorKind::Overflow => ErrorKind::NumberOutOfRange,
        _ if e.offset >= input.len() => ErrorKind::UnexpectedEnd,
        _ => ErrorKind::InvalidNumber,
    };
    err(kind, e.offset)
}
