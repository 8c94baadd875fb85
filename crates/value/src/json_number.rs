//! JSON numbers for the tree reader: one pass of [`structio_num::parse_number`] (the digits
//! folded a word at a time, the workspace's one float reader behind it), then the
//! classification: integers kept whole as `u64`/`i64`, everything else a correctly rounded `f64`.

use structio_json::{Error, ErrorKind};
use structio_num::Number;

use crate::push::{K_F64, K_I64, K_U64};

#[cold]
fn err(kind: ErrorKind, pos: usize) -> Error {
    Error::new(kind, pos)
}

/// A number as a kind and its 64 bits. Numbers travel as these scalars, not as a `Repr`: a node
/// built with a byte store and an 8-byte store, then moved with one 16-byte load, stalls on
/// store forwarding (measured: a quarter of canada's build time).
pub(crate) type Num = (u8, u64, usize);

/// Reads a number at `start` (its first byte is `-` or a digit): a non-negative integer is a
/// `u64`; a negative one an `i64` if it fits, else an `f64` (`-0` is `-0.0`); an integer of any
/// length past `u64` and anything with a fraction or an exponent the correctly rounded `f64`,
/// as serde_json does. A magnitude past `f64` is `NumberOutOfRange` at `start`; a grammar error
/// is `InvalidNumber` (`UnexpectedEnd` when the input ends) at the byte that breaks it.
#[inline(always)]
pub(crate) fn number(input: &[u8], start: usize) -> Result<Num, Error> {
    match structio_num::parse_number(input, start) {
        Ok((Number::Float(f), end)) => {
            if f.is_finite() {
                Ok((K_F64, f.to_bits(), end))
            } else {
                Err(err(ErrorKind::NumberOutOfRange, start))
            }
        }
        Ok((
            Number::Int {
                negative,
                magnitude: m,
            },
            end,
        )) => {
            let (kind, bits) = if !negative {
                (K_U64, m)
            } else if m.wrapping_sub(1) < 1 << 63 {
                // 1..=2^63: `-m` is an `i64`.
                (K_I64, m.wrapping_neg())
            } else {
                // `-0`, and magnitudes past `i64`, rounded once (the integer is exact).
                (K_F64, (-(m as f64)).to_bits())
            };
            Ok((kind, bits, end))
        }
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
