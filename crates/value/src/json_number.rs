//! JSON numbers for the tree reader: integers kept whole as `u64`/`i64`, everything else a
//! correctly rounded `f64` (Clinger's fast path, then an exact 128-bit path for significands of up
//! to 19 digits, then structio-num for the rest).

use structio_json::{Error, ErrorKind};

#[cold]
fn err(kind: ErrorKind, pos: usize) -> Error {
    Error::new(kind, pos)
}

/// Powers of ten exactly representable as `f64`.
static POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

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
    float(input, start, pos, neg, m, int_digits)
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
    Ok((K_F64, slow_float(input, start, end)?.to_bits(), end))
}

#[inline(always)]
fn float(
    input: &[u8],
    start: usize,
    mut pos: usize,
    neg: bool,
    mut m: u64,
    int_digits: usize,
) -> Result<Num, Error> {
    let mut exp: i64 = 0;
    let mut nd = int_digits;
    if input.get(pos) == Some(&b'.') {
        pos += 1;
        let frac_start = pos;
        pos = digits(input, pos, &mut m);
        let frac = pos - frac_start;
        if frac == 0 {
            return Err(err(
                if pos == input.len() {
                    ErrorKind::UnexpectedEnd
                } else {
                    ErrorKind::InvalidNumber
                },
                pos,
            ));
        }
        nd += frac;
        exp -= frac as i64;
    }
    if matches!(input.get(pos), Some(b'e' | b'E')) {
        pos += 1;
        let eneg = match input.get(pos) {
            Some(b'-') => {
                pos += 1;
                true
            }
            Some(b'+') => {
                pos += 1;
                false
            }
            _ => false,
        };
        let e_start = pos;
        let mut e = 0i64;
        while let Some(&d) = input.get(pos) {
            if !d.is_ascii_digit() {
                break;
            }
            e = (e * 10 + i64::from(d - b'0')).min(1 << 40);
            pos += 1;
        }
        if pos == e_start {
            return Err(err(
                if pos == input.len() {
                    ErrorKind::UnexpectedEnd
                } else {
                    ErrorKind::InvalidNumber
                },
                pos,
            ));
        }
        exp += if eneg { -e } else { e };
    }
    // Clinger's fast path: an exact significand and an exact power of ten give a correctly
    // rounded product or quotient.
    if nd <= 19 && m <= 1 << 53 && (-22..=22).contains(&exp) {
        let f = m as f64;
        let f = if exp < 0 {
            f / POW10[(-exp) as usize]
        } else {
            f * POW10[exp as usize]
        };
        return Ok((K_F64, (if neg { -f } else { f }).to_bits(), pos));
    }
    if nd <= 19 && (-19..=19).contains(&exp) {
        let f = wide_float(m, exp);
        return Ok((K_F64, (if neg { -f } else { f }).to_bits(), pos));
    }
    Ok((K_F64, slow_float(input, start, pos)?.to_bits(), pos))
}

/// `2^k` for `k` in the normal exponent range, from its bits.
#[inline(always)]
fn pow2(k: i32) -> f64 {
    f64::from_bits(((1023 + k) as u64) << 52)
}

/// `m × 10^exp` correctly rounded, for any `m: u64` and `exp` in `-19..=19` (every power of ten
/// there fits a `u64`): the exact product, or a quotient of at least 64 bits with the remainder
/// as a sticky bit, in 128-bit integers. Sixty-four bits with the sticky bit jammed into the
/// lowest leave the rounding of the final `u64 -> f64` conversion exact, and the scaling by a
/// power of two after it is exact because the result is a normal number (between `1e-19` and
/// `2^64 × 1e19`).
#[inline]
fn wide_float(m: u64, exp: i64) -> f64 {
    if m == 0 {
        return 0.0;
    }
    let p10 = POW10_U64[exp.unsigned_abs() as usize];
    let (q, shift) = if exp >= 0 {
        (u128::from(m) * u128::from(p10), 0)
    } else {
        let shift = 64 + m.leading_zeros();
        let n = u128::from(m) << shift;
        let q = n / u128::from(p10);
        // A remainder below the quotient's bits: jam it into the lowest bit.
        (q | u128::from(n % u128::from(p10) != 0), shift as i32)
    };
    let bits = 128 - q.leading_zeros() as i32;
    let drop = (bits - 64).max(0);
    let sticky = drop > 0 && q & ((1u128 << drop) - 1) != 0;
    let t = (q >> drop) as u64 | u64::from(sticky);
    t as f64 * pow2(drop - shift)
}

/// Powers of ten that fit a `u64`.
static POW10_U64: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// The correctly rounded value of the number text `input[start..end]` (grammar checked by the
/// caller); a magnitude past `f64` is an error, as in serde_json.
#[cold]
fn slow_float(input: &[u8], start: usize, end: usize) -> Result<f64, Error> {
    match structio_num::parse_f64(&input[..end], start) {
        Ok((f, _)) if f.is_finite() => Ok(f),
        _ => Err(err(ErrorKind::NumberOutOfRange, start)),
    }
}
