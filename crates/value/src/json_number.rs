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

/// The number at `start` (its first byte a digit or `-`): long integers by
/// [`long_integer`], the rest by [`number`]. Both JSON tree readers' number arm.
#[inline(always)]
pub(crate) fn read_number(input: &[u8], start: usize) -> Result<Num, Error> {
    match long_integer(input, start) {
        Some((m, end)) => Ok((K_U64, m, end)),
        None => number(input, start),
    }
}

/// A non-negative integer of eight to nineteen digits at `start`, with [`LONG_WINDOW`] bytes
/// of input from there: `(value, end)`, or `None` for anything else (a sign, a leading zero,
/// fewer digits or more, a fraction or an exponent, or the input's end near), which the
/// general reader then reads.
///
/// The first eight digits are tested and folded as one word and the rest added one at a time
/// (nineteen digits stay below 2^64). Identifiers such as citm_catalog.json's nine-digit ids
/// take about half the instructions here that the general reader spends on them, whose digit
/// loop and vector fold serve every shape of number (`docs/perf/value.md` has the counts). Its
/// first tests are the first and the third byte, so that canada.json's coordinates (a sign, or
/// two digits before the point) leave at once instead of paying for the word test.
#[inline(always)]
pub(crate) fn long_integer(input: &[u8], start: usize) -> Option<(u64, usize)> {
    let w = input.get(start..)?.first_chunk::<LONG_WINDOW>()?;
    if !matches!(w[0], b'1'..=b'9') {
        // A sign, or a leading zero (zero itself or an error): the general reader's.
        return None;
    }
    if !w[2].is_ascii_digit() {
        return None;
    }
    let lo = u64::from_le_bytes(*w.first_chunk::<8>()?);
    let digits = lo.wrapping_sub(u64::from_le_bytes([b'0'; 8]));
    // A byte below `'0'` wraps into its high bit when `'0'`s are subtracted, a byte above
    // `'9'` carries into it when `0x46`s are added, a digit does neither.
    let high = lo.wrapping_add(u64::from_le_bytes([0x46; 8]));
    if (digits | high) & u64::from_le_bytes([0x80; 8]) != 0 {
        return None;
    }
    // Pairs, then quads, then the eight (the first digit in the lowest byte).
    let m = (digits.wrapping_mul(10).wrapping_add(digits >> 8)) & 0x00ff_00ff_00ff_00ff;
    let m = (m.wrapping_mul(100).wrapping_add(m >> 16)) & 0x0000_ffff_0000_ffff;
    let mut m = (m.wrapping_mul(10_000).wrapping_add(m >> 32)) & 0xffff_ffff;
    let mut n = 8;
    while n < LONG_WINDOW {
        let d = w[n].wrapping_sub(b'0');
        if d > 9 {
            // Neither a fraction nor an exponent follows.
            if matches!(w[n], b'.' | b'e' | b'E') {
                return None;
            }
            return Some((m, start + n));
        }
        if n == 19 {
            // A twentieth digit: past what adds up safely here.
            return None;
        }
        m = m * 10 + u64::from(d);
        n += 1;
    }
    None
}

/// Bytes of input [`long_integer`] looks at: nineteen digits and the byte after them.
const LONG_WINDOW: usize = 20;

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

#[cfg(test)]
mod tests {
    use super::{long_integer, number, LONG_WINDOW};
    use crate::push::K_U64;
    use alloc::format;
    use alloc::string::String;

    /// Wherever the fast path answers, its answer is the general reader's; and it answers for
    /// every integer of eight to nineteen digits with a window of input after it.
    #[test]
    fn long_integers_read_as_the_general_reader_reads_them() {
        let mut rng = structio_testkit::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = move || rng.next_u64();
        let enders = [
            "", ",", "]", "}", " ", ".5", "e3", "E-2", "x", "-", "\"", "0",
        ];
        let mut answered = 0;
        for round in 0..20_000 {
            let len = 1 + (next() % 22) as usize;
            let mut digits: String = (0..len)
                .map(|i| (b'0' + (next() % 10) as u8).max(if i == 0 { b'1' } else { b'0' }) as char)
                .collect();
            if round % 7 == 0 {
                // All nines: the largest value of each length.
                digits = "9".repeat(len);
            }
            for ender in enders {
                for pad in [0usize, 4, 30] {
                    let text = format!("{digits}{ender}{}", " ".repeat(pad));
                    let b = text.as_bytes();
                    let fast = long_integer(b, 0);
                    let general = number(b, 0);
                    if let Some((m, end)) = fast {
                        answered += 1;
                        assert_eq!(general.ok(), Some((K_U64, m, end)), "{text:?}");
                    }
                    let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
                    let whole = !matches!(b.get(n), Some(b'.' | b'e' | b'E'));
                    if (8..=19).contains(&n) && whole && b.len() >= LONG_WINDOW {
                        assert!(fast.is_some(), "{text:?} should take the fast path");
                    }
                    if !(8..=19).contains(&n) || !whole {
                        assert!(fast.is_none(), "{text:?}");
                    }
                }
            }
        }
        assert!(answered > 10_000, "{answered}");
        // Signs and leading zeros are the general reader's (`-` and `0` start numbers too).
        let pad = " ".repeat(LONG_WINDOW);
        for text in [
            "-123456789",
            "0123456789",
            "00000000000",
            "-1234567890123456789",
        ] {
            assert_eq!(
                long_integer(format!("{text}{pad}").as_bytes(), 0),
                None,
                "{text}"
            );
        }
    }
}
