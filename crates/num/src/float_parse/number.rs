//! One read of a JSON number whose type is not known in advance (a dynamic tree's): integers kept
//! whole, everything else a correctly rounded `f64`, the digits scanned once.

use super::{decimal, slow, to_f64};
use crate::{NumError, NumErrorKind};

/// A JSON number as [`parse_number`] read it.
///
/// ```
/// use structio_num::{parse_number, Number};
/// assert_eq!(parse_number(b"-12", 0), Ok((Number::Int { negative: true, magnitude: 12 }, 3)));
/// assert_eq!(parse_number(b"1.5", 0), Ok((Number::Float(1.5), 3)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Number {
    /// Digits with neither a fraction nor an exponent whose magnitude fits `u64`, of any length
    /// (`18446744073709551615` included; `-0` is a negative zero magnitude). The caller decides
    /// what a negative magnitude above `i64::MAX + 1`, or `-0`, becomes.
    Int {
        /// A leading `-` was present (also for `-0`).
        negative: bool,
        /// The absolute value.
        magnitude: u64,
    },
    /// A number with a fraction or an exponent, or an integer whose magnitude is past `u64`:
    /// the correctly rounded `f64`, an infinity for a magnitude past `f64::MAX` and a zero of the
    /// number's sign for one below the smallest subnormal (as `str::parse` gives).
    Float(f64),
}

/// Reads a JSON number (strict RFC 8259 grammar, as [`parse_f64`](crate::parse_f64)) at
/// `input[pos..]` in one pass, as serde_json's reader does: an integer without fraction or
/// exponent whose magnitude fits `u64` stays an integer ([`Number::Int`], the sign apart),
/// anything else becomes the correctly rounded `f64` ([`Number::Float`]). Returns it with the
/// position after the number.
///
/// The errors are [`parse_f64`](crate::parse_f64)'s: `01`, `1.`, `.5`, `+1`, `-` and `1e` are
/// [`Invalid`](crate::NumErrorKind::Invalid) at the first byte that breaks the grammar
/// (`input.len()` when the input ends too early). No number is out of range here: a magnitude
/// past `f64` is an infinite [`Number::Float`] and the caller decides.
///
/// ```
/// use structio_num::{parse_number, Number, NumErrorKind};
/// assert_eq!(parse_number(b"[7,", 1), Ok((Number::Int { negative: false, magnitude: 7 }, 2)));
/// assert_eq!(parse_number(b"-65.613616999999977]", 0), Ok((Number::Float(-65.613616999999977), 19)));
/// assert_eq!(parse_number(b"1e2", 0), Ok((Number::Float(100.0), 3)));
/// assert_eq!(parse_number(b"18446744073709551616", 0), Ok((Number::Float(18446744073709551616.0), 20)));
/// assert_eq!(parse_number(b"1e400", 0), Ok((Number::Float(f64::INFINITY), 5)));
/// let e = parse_number(b"01", 0).unwrap_err();
/// assert_eq!((e.kind, e.offset), (NumErrorKind::Invalid, 1));
/// ```
#[inline(always)]
pub fn parse_number(input: &[u8], pos: usize) -> Result<(Number, usize), NumError> {
    if let Some((negative, m, e10, integer, end)) = decimal::<true>(input, pos) {
        if integer {
            return Ok((
                Number::Int {
                    negative,
                    magnitude: m,
                },
                end,
            ));
        }
        if let Some(v) = to_f64(negative, m, e10) {
            return Ok((Number::Float(v), end));
        }
    }
    // The out-of-line answer comes back in two registers and is unpacked here, so that the
    // caller's copy of the result never goes through memory (a `Result` this size would be
    // returned through the stack, and the inline path's values stored there to meet it).
    let (bits, tagged) = slow_number(input, pos);
    let end = (tagged & !(3 << 62)) as usize;
    match tagged >> 62 {
        INT => Ok((
            Number::Int {
                negative: false,
                magnitude: bits,
            },
            end,
        )),
        NEG_INT => Ok((
            Number::Int {
                negative: true,
                magnitude: bits,
            },
            end,
        )),
        FLOAT => Ok((Number::Float(f64::from_bits(bits)), end)),
        _ => Err(NumError {
            kind: NumErrorKind::Invalid,
            offset: bits as usize,
        }),
    }
}

/// The kinds of [`slow_number`]'s answer, in the top two bits of its second word.
const INT: u64 = 0;
const NEG_INT: u64 = 1;
const FLOAT: u64 = 2;
const ERROR: u64 = 3;

/// Everything the inline path declines: the last bytes of the input (read again inline from a
/// zero-padded copy, the zeros ending the number as the end of the input does), more than
/// nineteen digits, long exponents, undecided roundings, and every error (all `Invalid`).
/// Returns the magnitude, the bits of the `f64` or the error's offset, then the end with the
/// kind in its top two bits (a slice is never longer than `isize::MAX`, and an error's offset
/// is at most the `pos` given, kept whole in the first word).
#[cold]
#[inline(never)]
fn slow_number(input: &[u8], pos: usize) -> (u64, u64) {
    let int = |negative: bool, m: u64, end: usize| (m, end as u64 | (INT + negative as u64) << 62);
    let float = |v: f64, end: usize| (v.to_bits(), end as u64 | FLOAT << 62);
    // The inline reader again, on a zero-padded copy of the input's last bytes.
    if let Some((negative, m, e10, integer, end)) = super::tail_decimal(input, pos) {
        if integer {
            return int(negative, m, end);
        }
        if let Some(v) = to_f64(negative, m, e10) {
            return float(v, end);
        }
    }
    let end = match slow::scan_strict(input, pos) {
        Ok(end) => end,
        Err(e) => return (e.offset as u64, ERROR << 62),
    };
    let t = slow::text(input, pos, end);
    let negative = t.first() == Some(&b'-');
    let digits = &t[negative as usize..];
    if digits.iter().all(u8::is_ascii_digit) {
        let mut m = 0u64;
        let mut fits = true;
        for &d in digits {
            match m
                .checked_mul(10)
                .and_then(|m| m.checked_add(u64::from(d - b'0')))
            {
                Some(n) => m = n,
                None => fits = false,
            }
        }
        if fits {
            return int(negative, m, end);
        }
    }
    match slow::f64_strict(input, pos) {
        Ok((v, end)) => float(v, end),
        Err(e) => (e.offset as u64, ERROR << 62),
    }
}
