//! The digits and the layout of a float whose 17 digits [`super::write_digits`] has split into
//! the first and two groups of eight: exponent notation (`1.5E-5`) or fixed notation
//! (`123.45`, `0.00123`, `100`), the latter with no branch on the sign of the exponent.
//!
//! Whether a value's exponent is negative depends on its magnitude, which a document of
//! arbitrary doubles does not repeat in any order a predictor learns: chosen by a branch, the
//! two fixed layouts cost a mispredicted branch on about one value in four (Glaze's
//! `numbers-100x2000`). With SSE4.1 both are one byte shuffle of the digits from a table row
//! per exponent instead, as Glaze's writer picks its offsets from a table per exponent, and
//! the digits are split as Glaze's writer splits them: each step's quotient and remainder
//! come out of one multiply-add, last digit first, and the table's shuffle puts them in order.
//! Without SSE4.1 the layouts are chosen by a branch, each built with word shifts from the
//! digits in order ([`super::bcd16`]). Exponent notation stays behind a branch of its own:
//! laid out by the same shuffle and stored with its exponent whatever the notation, every
//! value ran the work of both notations, 19 more instructions a value, and the documents of
//! doubles wrote 10-15% slower.

use super::{exponent, store16, store8, ASCII0};

/// A float's 17 digits as [`super::write_digits`] splits them: the first (in ASCII), then the
/// next eight and the last eight as numbers below 10^8.
#[derive(Clone, Copy)]
pub(super) struct Split {
    pub(super) first: u8,
    pub(super) high8: u32,
    pub(super) low8: u32,
}

/// Writes the digits `d` as `d.ddd * 10^e` with trailing zeros dropped at `out[w..]`: in
/// exponent notation if `scientific`, else in fixed notation (`e` in `MIN_FIXED..=15`); `w` is
/// 0 or 1. Returns the end of the text; bytes past it are scratch.
#[inline(always)]
pub(super) fn write_laid_out(
    d: Split,
    e: i32,
    scientific: bool,
    w: usize,
    out: &mut [u8; 32],
) -> usize {
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "sse4.1",
        not(structio_plain_swar)
    ))]
    {
        shuffled(d, e, scientific, w, out)
    }
    #[cfg(not(all(
        target_arch = "x86_64",
        target_feature = "sse4.1",
        not(structio_plain_swar)
    )))]
    {
        branched(d, e, scientific, w, out)
    }
}

/// Exponent notation from the digits in order: `rest` holds digits 2-17 in ASCII, the second
/// in the lowest byte, and `n` of the 17 count.
#[inline(always)]
fn write_scientific(
    first: u8,
    rest: u128,
    n: usize,
    e: i32,
    w: usize,
    out: &mut [u8; 32],
) -> usize {
    out[w] = first;
    out[w + 1] = b'.';
    store16(out, w + 2, rest);
    // No point after a single digit: the exponent overwrites it.
    let p = (w + n + usize::from(n > 1)) & 31;
    let (word, len) = exponent(e);
    store8(out, p.min(24), word);
    p + len
}

/// The fixed layout's table and its length, used by [`shuffled`] (and by the tests on every
/// target).
#[cfg(any(
    test,
    all(
        target_arch = "x86_64",
        target_feature = "sse4.1",
        not(structio_plain_swar)
    )
))]
mod shuffles {
    /// The length of the fixed text of `n` significant digits at scientific exponent `e`:
    /// `e + 1` digits of integer part with a point and the rest after it if any remain, or
    /// `0.`, `-e - 1` zeros and the digits.
    pub(super) const fn fixed_len(n: usize, e: i32) -> usize {
        if e < 0 {
            n + 1 + e.unsigned_abs() as usize
        } else if n > e as usize + 1 {
            n + 1
        } else {
            e as usize + 1
        }
    }

    /// The rows of [`SHUFFLES`] and [`FIXED_LENS`]: one per exponent written in fixed
    /// notation, `MIN_FIXED..=F64_MAX_FIXED` (`f32`'s are inside), so one clamped index is in
    /// bounds for both.
    pub(super) const ROWS: usize =
        (crate::float_write::F64_MAX_FIXED - crate::float_write::MIN_FIXED + 1) as usize;

    /// [`fixed_len`] at every exponent `MIN_FIXED..=15` (the row) and every count of trailing
    /// zeros `17 - n` (0-16, the column), built at compile time. Looked up, the length is one
    /// load after the count of digits; computed by selects (as `cmov`s, since a branch on the
    /// sign of `e` is mispredicted on arbitrary magnitudes), it was eight instructions, each
    /// waiting in the scheduler on the digits' split, and on Intel cores the scheduler's
    /// entries, not the instructions, were what the next values waited for.
    pub(super) static FIXED_LENS: [[u8; 32]; ROWS] = {
        let mut t = [[0u8; 32]; ROWS];
        let mut r = 0;
        while r < ROWS {
            let e = r as i32 + crate::float_write::MIN_FIXED;
            let mut tz = 0;
            while tz <= 16 {
                t[r][tz] = fixed_len(17 - tz, e) as u8;
                tz += 1;
            }
            r += 1;
        }
        t
    };

    /// One row of [`SHUFFLES`]: for each of the first 32 output bytes, where it comes from.
    /// The first two controls pick from the digits 2-17, last first (digit `i + 2` in lane
    /// `15 - i`; output bytes 0-15, then 16-31), the last two from `[first, '0', '.']`; a
    /// control byte with its high bit set gives zero, so the two picks of each half are or-ed
    /// together.
    #[derive(Clone, Copy)]
    #[repr(C, align(64))]
    pub(super) struct ShuffleRow(pub(super) [[u8; 16]; 4]);

    /// The shuffle of each fixed exponent `MIN_FIXED..=15`, built at compile time. With
    /// `rest[i]` the digit `i + 2`, output byte `j` for `e >= 0` is the first digit, then
    /// `rest[j - 1]` up to the integer part's end, the point, then `rest[j - 2]`; for `e < 0`
    /// it is `0.`, `-e - 1` zeros, the first digit, then `rest[j + e - 2]`. Bytes past the 16
    /// digits are zero (scratch).
    pub(super) static SHUFFLES: [ShuffleRow; ROWS] = {
        const NONE: u8 = 0x80;
        // The lanes of `[first, '0', '.']`.
        const FIRST: i32 = 0;
        const ZERO: i32 = 1;
        const POINT: i32 = 2;
        let mut rows = [ShuffleRow([[NONE; 16]; 4]); ROWS];
        let mut r = 0;
        while r < ROWS {
            let e = r as i32 + crate::float_write::MIN_FIXED;
            let mut j = 0;
            while j < 32 {
                // (from the digits, the index in `rest`) or (from the three bytes, its lane).
                let (from_rest, lane) = if e >= 0 {
                    if j == 0 {
                        (false, FIRST)
                    } else if j <= e {
                        (true, j - 1)
                    } else if j == e + 1 {
                        (false, POINT)
                    } else {
                        (true, j - 2)
                    }
                } else if j == 0 {
                    (false, ZERO)
                } else if j == 1 {
                    (false, POINT)
                } else if j <= -e {
                    (false, ZERO)
                } else if j == 1 - e {
                    (false, FIRST)
                } else {
                    (true, j + e - 2)
                };
                let half = (j / 16) as usize;
                let at = (j % 16) as usize;
                if from_rest {
                    if lane < 16 {
                        // The digits come last first.
                        rows[r].0[half][at] = (15 - lane) as u8;
                    }
                } else {
                    rows[r].0[2 + half][at] = lane as u8;
                }
                j += 1;
            }
            r += 1;
        }
        rows
    };
}

/// [`write_laid_out`] with SSE4.1: the two groups of eight split into digits in one register,
/// last first, by three multiply-adds (10^4, 100, 10, as Glaze's writer does), the count of
/// significant digits from one compare; fixed notation by one table row (four byte shuffles
/// and two ors, no branch), exponent notation by one shuffle into order.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "sse4.1",
    not(structio_plain_swar)
))]
#[inline(always)]
fn shuffled(d: Split, e: i32, scientific: bool, w: usize, out: &mut [u8; 32]) -> usize {
    use core::arch::x86_64::*;
    // SAFETY: the intrinsics need SSE2 and SSE4.1, which the `cfg` above guarantees on every
    // CPU this code is compiled for (SSE4.1 implies SSSE3); they work on registers only.
    let (digits, nonzero) = unsafe {
        // `low8` in the low lane: its last digit, the 17th, comes out in the lowest byte.
        let x = super::lanes_of_u32(d.low8, d.high8);
        // Each step: the quotient `q` by a multiply and shift, then `v + q * (2^k - d)` is
        // `v - q * d` in the low half and `q` in the high half of each lane, so the remainder,
        // the later digits, comes first. 109951163 / 2^40, 5243 / 2^19 and 6554 / 2^16 are
        // 1/10^4, 1/100 and 1/10 exactly enough below 10^8, 10^4 and 100.
        let q = _mm_srli_epi64::<40>(_mm_mul_epu32(x, _mm_set1_epi64x(109_951_163)));
        let y = _mm_add_epi64(x, _mm_mul_epu32(q, _mm_set1_epi64x((1 << 32) - 10_000)));
        let q = _mm_srli_epi32::<3>(_mm_mulhi_epu16(y, _mm_set1_epi32(5243)));
        let z = _mm_add_epi32(y, _mm_mullo_epi32(q, _mm_set1_epi32((1 << 16) - 100)));
        let q = _mm_mulhi_epu16(z, _mm_set1_epi16(6554));
        let digits = _mm_add_epi16(z, _mm_mullo_epi16(q, _mm_set1_epi16(256 - 10)));
        let zero = _mm_cmpeq_epi8(digits, _mm_setzero_si128());
        let nonzero = !(_mm_movemask_epi8(zero) as u32) & 0xffff;
        (
            _mm_or_si128(digits, _mm_set1_epi64x(ASCII0 as i64)),
            nonzero,
        )
    };
    // Lane `k` holds digit `17 - k`: the zero lanes below the first nonzero one are the
    // trailing zeros (all 16 for a single digit).
    let tz = (nonzero | 1 << 16).trailing_zeros() as usize;
    if scientific {
        // SAFETY: as above (SSSE3's byte shuffle); registers only.
        let rest = unsafe {
            let ordered = _mm_shuffle_epi8(
                digits,
                _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
            );
            word(ordered)
        };
        return write_scientific(d.first, rest, 17 - tz, e, w, out);
    }
    // Callers pass `e` in `MIN_FIXED..=15`; the clamp keeps the index provably in bounds.
    let row_index = ((e - super::MIN_FIXED) as usize).min(shuffles::ROWS - 1);
    let row = &shuffles::SHUFFLES[row_index].0;
    let three = u32::from(d.first) | u32::from(b'0') << 8 | u32::from(b'.') << 16;
    // SAFETY: as above. The four loads read 16 bytes each from `row`, a `[[u8; 16]; 4]`, one
    // whole inner array each (`loadu`: no alignment needed).
    let (lo, hi) = unsafe {
        let three = _mm_cvtsi32_si128(three as i32);
        let pick = |from_digits: &[u8; 16], from_three: &[u8; 16]| {
            _mm_or_si128(
                _mm_shuffle_epi8(digits, _mm_loadu_si128(from_digits.as_ptr().cast())),
                _mm_shuffle_epi8(three, _mm_loadu_si128(from_three.as_ptr().cast())),
            )
        };
        let lo = pick(&row[0], &row[2]);
        let hi = pick(&row[1], &row[3]);
        (word(lo), _mm_cvtsi128_si64(hi) as u64)
    };
    // The longest text, `-0.0000` and 17 digits, is 24 bytes: the first 16 and 8 more.
    store16(out, w, lo);
    store8(out, w + 16, hi);
    // The length by the count of trailing zeros, looked up (see `FIXED_LENS`).
    w + usize::from(shuffles::FIXED_LENS[row_index][tz & 31])
}

/// The 16 bytes of `x` as a little-endian word, for the stores that keep their offsets in
/// bounds ([`store16`]).
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "sse4.1",
    not(structio_plain_swar)
))]
#[inline(always)]
fn word(x: core::arch::x86_64::__m128i) -> u128 {
    use core::arch::x86_64::*;
    // SAFETY: SSE2, which the `cfg` above guarantees; registers only.
    unsafe {
        (_mm_cvtsi128_si64(x) as u64 as u128)
            | (_mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x)) as u64 as u128) << 64
    }
}

/// [`write_laid_out`] without SSE4.1: the digits in order by [`super::bcd16`], fixed notation
/// by a branch on the sign of `e`, each layout built with word shifts.
#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "sse4.1",
    not(structio_plain_swar)
)))]
#[inline(always)]
fn branched(d: Split, e: i32, scientific: bool, w: usize, out: &mut [u8; 32]) -> usize {
    let Split { first, high8, low8 } = d;
    let (b1, b2) = super::bcd16(high8, low8);
    // The last digit sits in the highest byte, so leading zero bytes are trailing zero digits.
    let tz = if b2 == 0 {
        8 + (b1.leading_zeros() / 8) as usize
    } else {
        (b2.leading_zeros() / 8) as usize
    };
    let n = 17 - tz;
    // Digits 2-17 as one 16-byte word, the second digit in the lowest byte.
    let rest = ((b2 | ASCII0) as u128) << 64 | (b1 | ASCII0) as u128;
    if scientific {
        return write_scientific(first, rest, n, e, w, out);
    }
    if e >= 0 {
        let int_len = (e as usize + 1) & 31;
        out[w] = first;
        store16(out, w + 1, rest);
        // The fraction: the digits after the integer part, moved up one byte for the point.
        let frac = rest >> ((8 * int_len.saturating_sub(1) as u32) & 127);
        let at = w + int_len;
        out[at & 31] = b'.';
        store8(out, (at + 1).min(24), frac as u64);
        // Only reached with digits left when int_len <= 8; otherwise scratch past the end.
        store8(out, (at + 9).min(24), (frac >> 64) as u64);
        // Each arm its own length: both lengths chosen by selects cost this path 4% more
        // instructions on the doubles documents, and the branch is already paid for here.
        if n > int_len {
            w + n + 1
        } else {
            w + int_len
        }
    } else {
        store8(out, w, u64::from_le_bytes(*b"0.000000"));
        let start = (w + 1 + e.unsigned_abs() as usize) & 7;
        out[start] = first;
        store16(out, start + 1, rest);
        start + n
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::shuffles::{fixed_len, FIXED_LENS, SHUFFLES};
    use super::*;
    use std::{format, string::String};

    /// `rest` (digits 2-17 in ASCII) as the two groups of eight [`write_laid_out`] takes.
    fn groups(rest: &[u8; 16]) -> (u32, u32) {
        let value = |d: &[u8]| d.iter().fold(0u32, |v, &b| v * 10 + u32::from(b - b'0'));
        (value(&rest[..8]), value(&rest[8..]))
    }

    /// The text each row of the table lays out, from its controls applied one byte at a time,
    /// and the text [`write_laid_out`] writes, against the layout spelled out by `format!`, at
    /// every exponent and digit count. Under Miri with SSE4.1 (`.ci/run`) this checks the
    /// digit split and the shuffles' loads and stores.
    #[test]
    fn every_row_lays_out_the_fixed_text() {
        let first = b'7';
        for (r, row) in SHUFFLES.iter().enumerate() {
            let e = r as i32 + crate::float_write::MIN_FIXED;
            let three = [first, b'0', b'.'];
            for n in 1..=17 {
                // Digits past the significant ones are zeros, as the writer gives them.
                let mut rest = *b"1234567891234567";
                for d in rest.iter_mut().skip(n - 1) {
                    *d = b'0';
                }
                // The table picks from the digits last first.
                let mut reversed = rest;
                reversed.reverse();
                let mut text = [0u8; 32];
                for (j, byte) in text.iter_mut().enumerate() {
                    let (half, at) = (j / 16, j % 16);
                    let pick = |c: u8, from: &[u8]| {
                        if c & 0x80 != 0 {
                            0
                        } else {
                            from.get(usize::from(c & 15)).copied().unwrap_or(0)
                        }
                    };
                    *byte = pick(row.0[half][at], &reversed) | pick(row.0[2 + half][at], &three);
                }
                let digits: String = core::iter::once(first as char)
                    .chain(rest.iter().map(|&b| b as char))
                    .take(n)
                    .collect();
                let want = if e >= 0 {
                    let int_len = e as usize + 1;
                    if n > int_len {
                        format!("{}.{}", &digits[..int_len], &digits[int_len..])
                    } else {
                        format!("{digits}{}", "0".repeat(int_len - n))
                    }
                } else {
                    format!("0.{}{digits}", "0".repeat((-e - 1) as usize))
                };
                assert_eq!(fixed_len(n, e), want.len(), "e {e} n {n}");
                assert_eq!(
                    usize::from(FIXED_LENS[r][17 - n]),
                    want.len(),
                    "e {e} n {n}"
                );
                assert_eq!(&text[..want.len()], want.as_bytes(), "e {e} n {n}");
                // The writer of this build (the shuffles with SSE4.1, else the branch), after a
                // sign and without.
                for w in 0..2 {
                    let mut out = [b'-'; 32];
                    let (high8, low8) = groups(&rest);
                    let end = write_laid_out(Split { first, high8, low8 }, e, false, w, &mut out);
                    assert_eq!(end, w + want.len(), "e {e} n {n} w {w}");
                    assert_eq!(&out[w..end], want.as_bytes(), "e {e} n {n} w {w}");
                    assert_eq!(&out[..w], &b"-"[..w]);
                }
            }
        }
    }

    /// Exponent notation from [`write_laid_out`], against `format!`, at every digit count and
    /// at exponents of each length and sign.
    #[test]
    fn exponent_notation_is_laid_out() {
        for e in [-324, -100, -99, -10, -9, -5, 16, 99, 100, 308] {
            for n in 1..=17 {
                let mut rest = *b"1234567891234567";
                for d in rest.iter_mut().skip(n - 1) {
                    *d = b'0';
                }
                let digits: String = core::iter::once('7')
                    .chain(rest.iter().map(|&b| b as char))
                    .take(n)
                    .collect();
                let want = if n > 1 {
                    format!("{}.{}E{e}", &digits[..1], &digits[1..])
                } else {
                    format!("{digits}E{e}")
                };
                for w in 0..2 {
                    let mut out = [b'-'; 32];
                    let (high8, low8) = groups(&rest);
                    let split = Split {
                        first: b'7',
                        high8,
                        low8,
                    };
                    let end = write_laid_out(split, e, true, w, &mut out);
                    assert_eq!(&out[w..end], want.as_bytes(), "e {e} n {n} w {w}");
                    assert_eq!(&out[..w], &b"-"[..w]);
                }
            }
        }
    }
}
