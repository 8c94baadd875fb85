//! The readers of the `size` feature: the grammar checked byte by byte ([`scan_strict`]), then
//! the digits themselves shifted by powers of two until the binary exponent is known and rounded
//! once ([`Decimal`], Nigel Tao's simple decimal conversion). Exact for every input, as the
//! speed readers are, with no power-of-ten table and no fast path: one routine for `f64` and
//! `f32`, parameterised by the format, so that a firmware image carries little code for them.

use super::decimal::Decimal;
use super::lemire::{Format, F32, F64};
use super::slow::{scan_lenient, scan_strict, text};
use crate::NumError;

/// The number at `input[pos..]` checked by `scan` (the strict or the lenient grammar), then
/// correctly rounded to format `f`: its biased bits with the sign in bit 63, and its end.
#[inline(never)]
fn read(
    input: &[u8],
    pos: usize,
    scan: fn(&[u8], usize) -> Result<usize, NumError>,
    f: &Format,
) -> Result<(u64, usize), NumError> {
    let end = scan(input, pos)?;
    let t = text(input, pos, end);
    let neg = t.first() == Some(&b'-');
    Ok((Decimal::from_text(t).into_bits(f) | (neg as u64) << 63, end))
}

/// [`read`] into an `f64`.
fn read_f64(
    input: &[u8],
    pos: usize,
    scan: fn(&[u8], usize) -> Result<usize, NumError>,
) -> Result<(f64, usize), NumError> {
    read(input, pos, scan, &F64).map(|(b, end)| (f64::from_bits(b), end))
}

/// [`read`] into an `f32`: the sign moved from bit 63 to bit 31.
fn read_f32(
    input: &[u8],
    pos: usize,
    scan: fn(&[u8], usize) -> Result<usize, NumError>,
) -> Result<(f32, usize), NumError> {
    read(input, pos, scan, &F32)
        .map(|(b, end)| (f32::from_bits(b as u32 | ((b >> 63) as u32) << 31), end))
}

/// [`crate::parse_f64`] under the `size` feature.
pub(crate) fn parse_f64(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    read_f64(input, pos, scan_strict)
}

/// [`crate::parse_f32`] under the `size` feature.
pub(crate) fn parse_f32(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    read_f32(input, pos, scan_strict)
}

/// [`crate::parse_f64_lenient`] under the `size` feature.
pub(crate) fn parse_f64_lenient(input: &[u8], pos: usize) -> Result<(f64, usize), NumError> {
    read_f64(input, pos, scan_lenient)
}

/// [`crate::parse_f32_lenient`] under the `size` feature.
pub(crate) fn parse_f32_lenient(input: &[u8], pos: usize) -> Result<(f32, usize), NumError> {
    read_f32(input, pos, scan_lenient)
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::super::decimal::Decimal;
    use super::super::{
        parse_f32_fast, parse_f32_lenient_fast, parse_f64_fast, parse_f64_lenient_fast,
    };
    use std::vec::Vec;
    use structio_testkit::Rng;

    /// `release` under an optimised build, `debug` otherwise (the exact decimal arithmetic is
    /// some hundred times slower there).
    const fn count(release: u64, debug: u64) -> u64 {
        if cfg!(debug_assertions) {
            debug
        } else {
            release
        }
    }

    /// Both algorithms, all four readers, at `pos`: the same bits, end and error.
    fn same(input: &[u8], pos: usize) {
        let bits64 = |r: Result<(f64, usize), crate::NumError>| r.map(|(v, e)| (v.to_bits(), e));
        let bits32 = |r: Result<(f32, usize), crate::NumError>| r.map(|(v, e)| (v.to_bits(), e));
        let text = std::string::String::from_utf8_lossy(input);
        assert_eq!(
            bits64(super::parse_f64(input, pos)),
            bits64(parse_f64_fast(input, pos)),
            "f64 {text:?} at {pos}"
        );
        assert_eq!(
            bits32(super::parse_f32(input, pos)),
            bits32(parse_f32_fast(input, pos)),
            "f32 {text:?} at {pos}"
        );
        assert_eq!(
            bits64(super::parse_f64_lenient(input, pos)),
            bits64(parse_f64_lenient_fast(input, pos)),
            "f64 lenient {text:?} at {pos}"
        );
        assert_eq!(
            bits32(super::parse_f32_lenient(input, pos)),
            bits32(parse_f32_lenient_fast(input, pos)),
            "f32 lenient {text:?} at {pos}"
        );
    }

    fn push_digits(r: &mut Rng, out: &mut Vec<u8>, n: usize, nonzero_first: bool) {
        for i in 0..n {
            let d = if i == 0 && nonzero_first {
                1 + r.below(9)
            } else {
                r.below(10)
            };
            out.push(b'0' + d as u8);
        }
    }

    /// A number of the JSON grammar: any sign, 1-25 integer digits (sometimes hundreds), an
    /// optional fraction and exponent of any length, then a byte that ends it (or nothing).
    fn valid(r: &mut Rng, out: &mut Vec<u8>) {
        let long = |r: &mut Rng, short: u64| {
            if r.below(50) == 0 {
                1 + r.below(800) as usize
            } else {
                1 + r.below(short) as usize
            }
        };
        if r.below(2) == 0 {
            out.push(b'-');
        }
        if r.below(5) == 0 {
            out.push(b'0');
        } else {
            let n = long(r, 25);
            push_digits(r, out, n, true);
        }
        if r.below(2) == 0 {
            out.push(b'.');
            let n = long(r, 25);
            push_digits(r, out, n, false);
        }
        if r.below(2) == 0 {
            out.push(*r.pick(b"eE"));
            match r.below(3) {
                0 => out.push(b'-'),
                1 => out.push(b'+'),
                _ => {}
            }
            let e = match r.below(10) {
                0 => r.below(100_000),
                1 => r.below(10),
                _ => r.below(400),
            };
            for _ in 0..r.below(3) * r.below(3) {
                out.push(b'0');
            }
            out.extend_from_slice(std::format!("{e}").as_bytes());
        }
        match r.below(4) {
            0 => {}
            1 => out.push(b','),
            2 => out.push(b']'),
            _ => out.push(*r.pick(b"0123456789.eE+-x ")),
        }
    }

    #[test]
    fn random_numbers_read_alike() {
        let mut r = Rng::new(0x5eed_9a25e);
        let mut buf = Vec::new();
        for _ in 0..count(500_000, 10_000) {
            buf.clear();
            let pos = r.below(3) as usize;
            buf.extend(core::iter::repeat_n(b'[', pos));
            valid(&mut r, &mut buf);
            same(&buf, pos);
        }
    }

    #[test]
    fn malformed_numbers_fail_alike() {
        let mut r = Rng::new(0xbad_9a25e);
        let mut buf = Vec::new();
        for _ in 0..count(1_000_000, 10_000) {
            buf.clear();
            for _ in 0..r.below(12) {
                buf.push(*r.pick(b"0123456789.eE+-x"));
            }
            let pos = r.below(buf.len() as u64 + 2) as usize;
            same(&buf, pos);
        }
    }

    /// `d`'s exact digits as JSON text (`0.d1d2...Edp`).
    fn text(d: &Decimal) -> Vec<u8> {
        let mut t = Vec::from(&b"0."[..]);
        for i in 0..d.num_digits() {
            t.push(b'0' + d.digit_or_zero(i));
        }
        t.extend_from_slice(std::format!("E{}", d.decimal_point()).as_bytes());
        t
    }

    /// The point halfway between a float and the next one up, and the text just below and just
    /// above it: the hardest roundings, across every exponent of both formats.
    #[test]
    fn halfway_points_round_alike() {
        let mut r = Rng::new(0x4a1f);
        for _ in 0..count(50_000, 300) {
            for (mant_bits, exp_bits) in [(52u32, 11u32), (23, 8)] {
                let biased = r.below((1 << exp_bits) - 1) as i32;
                let t = r.next_u64() & ((1 << mant_bits) - 1);
                let bias = (1 << (exp_bits - 1)) - 1;
                let (m, e) = if biased == 0 {
                    (t, 1 - bias)
                } else {
                    (t | 1 << mant_bits, biased - bias)
                };
                let digits = std::format!("{}", 2 * m + 1);
                let mut d = Decimal::new(digits.as_bytes(), 0);
                d.shift(e - mant_bits as i32 - 1);
                let half = text(&d);
                same(&half, 0);
                // Just above: one more digit.
                let mut above = half.clone();
                let at = above.iter().position(|&b| b == b'E').unwrap_or(0);
                above.insert(at, b'1');
                same(&above, 0);
                // Just below: the last digit one less, then nines.
                let mut below = half;
                if let Some(last) = below.get_mut(at - 1).filter(|b| **b > b'0') {
                    *last -= 1;
                    below.insert(at, b'9');
                    same(&below, 0);
                }
            }
        }
    }

    #[test]
    fn edges_read_alike() {
        for t in [
            &b"0"[..],
            b"-0",
            b"-0.0e-5",
            b"1.7976931348623157e308",
            b"1.7976931348623158e308",
            b"1.7976931348623159e308",
            b"1e309",
            b"-1e400",
            b"2.2250738585072014e-308",
            b"2.2250738585072011e-308",
            b"4.9406564584124654e-324",
            b"2.4703282292062327e-324",
            b"2.4703282292062328e-324",
            b"1e-400",
            b"3.4028235e38",
            b"3.4028236e38",
            b"1.4e-45",
            b"7e-46",
            b"7.1e-46",
            b"9007199254740993",
            b"18446744073709551616",
            b"1234567890123456789012345",
            b"0.000000000000000000000000000000001",
            b"1e1000001",
            b"01",
            b"1.",
            b".5",
            b"+1",
            b"-",
            b"1e",
            b"1e+",
            b"-x",
            b"",
        ] {
            for pos in 0..=t.len() + 1 {
                same(t, pos);
            }
        }
    }
}
