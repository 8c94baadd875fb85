//! The layout of the 17 digits that [`super::write_digits`] has split: exponent notation
//! (`1.5E-5`) or fixed notation (`123.45`, `0.00123`, `100`), the latter with no branch on the
//! sign of the exponent.
//!
//! Whether a value's exponent is negative depends on its magnitude, which a document of
//! arbitrary doubles does not repeat in any order a predictor learns: chosen by a branch, the
//! two fixed layouts cost a mispredicted branch on about one value in four (Glaze's
//! `numbers-100x2000`). With SSSE3 both are one byte shuffle of the digits from a table row
//! per exponent instead, as Glaze's writer picks its offsets from a table per exponent.
//! Without SSSE3 they are chosen by a branch, each built with word shifts. Exponent notation
//! stays behind a branch of its own: laid out by the same shuffle and stored with its
//! exponent whatever the notation, every value ran the work of both notations, 19 more
//! instructions a value, and the documents of doubles wrote 10-15% slower.

use super::{exponent, store16, store8};

/// Writes `first` and the 16 ASCII digits `rest` (the second in the lowest byte), which make
/// 17 digits of which the first `n` are significant, as `d.ddd * 10^e` at `out[w..]`: in
/// exponent notation if `scientific`, else in fixed notation (`e` in `MIN_FIXED..=15`); `w` is
/// 0 or 1. Returns the end of the text; bytes past it are scratch.
#[inline(always)]
pub(super) fn write_laid_out(
    first: u8,
    rest: u128,
    n: usize,
    e: i32,
    scientific: bool,
    w: usize,
    out: &mut [u8; 32],
) -> usize {
    if scientific {
        out[w] = first;
        out[w + 1] = b'.';
        store16(out, w + 2, rest);
        // No point after a single digit: the exponent overwrites it.
        let p = (w + scientific_len(n)) & 31;
        let (word, len) = exponent(e);
        store8(out, p.min(24), word);
        return p + len;
    }
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "ssse3",
        not(structio_plain_swar)
    ))]
    {
        shuffled(first, rest, n, e, w, out)
    }
    #[cfg(not(all(
        target_arch = "x86_64",
        target_feature = "ssse3",
        not(structio_plain_swar)
    )))]
    {
        branched(first, rest, n, e, w, out)
    }
}

/// The length of the mantissa's text in exponent notation: the digits and, past one digit,
/// the point.
#[inline(always)]
fn scientific_len(n: usize) -> usize {
    n + usize::from(n > 1)
}

/// The fixed layout's table and its length, used by [`shuffled`] (and by the tests on every
/// target).
#[cfg(any(
    test,
    all(
        target_arch = "x86_64",
        target_feature = "ssse3",
        not(structio_plain_swar)
    )
))]
mod shuffles {
    /// The length of the fixed text of `n` significant digits at scientific exponent `e`, as
    /// selects: `e + 1` digits of integer part with a point and the rest after it if any remain,
    /// or `0.`, `-e - 1` zeros and the digits.
    #[inline(always)]
    pub(super) fn fixed_len(n: usize, e: i32) -> usize {
        // Both lengths, then selects the optimiser keeps as `cmov`s: written as `max(0)` and
        // `if`, each became a branch on the sign of `e`, mispredicted as often as the layouts'
        // branch was.
        let int_len = (e + 1) as usize;
        let positive = core::hint::select_unpredictable(n > int_len, n + 1, int_len);
        // `0.`, `-e - 1` zeros and the digits.
        let negative = (n as i32 + 1 - e) as usize;
        core::hint::select_unpredictable(e >= 0, positive, negative)
    }

    /// One row of [`SHUFFLES`]: for each of the first 32 output bytes, where it comes from. The
    /// first two controls pick from the digits `rest` (output bytes 0-15, then 16-31), the last two
    /// from `[first, '0', '.']`; a control byte with its high bit set gives zero, so the two picks
    /// of each half are or-ed together.
    #[derive(Clone, Copy)]
    #[repr(C, align(64))]
    pub(super) struct ShuffleRow(pub(super) [[u8; 16]; 4]);

    /// The shuffle of each fixed exponent `MIN_FIXED..=15`, built at compile time. Output byte `j`
    /// for `e >= 0` is the first digit, then `rest[j - 1]` up to the integer part's end, the
    /// point, then `rest[j - 2]`; for `e < 0` it is `0.`, `-e - 1` zeros, the first digit, then
    /// `rest[j + e - 2]`. Bytes past the 16 digits of `rest` are zero (scratch).
    pub(super) static SHUFFLES: [ShuffleRow; 20] = {
        const NONE: u8 = 0x80;
        // The lanes of `[first, '0', '.']`.
        const FIRST: i32 = 0;
        const ZERO: i32 = 1;
        const POINT: i32 = 2;
        let mut rows = [ShuffleRow([[NONE; 16]; 4]); 20];
        let mut r = 0;
        while r < 20 {
            let e = r as i32 + crate::float_write::MIN_FIXED;
            let mut j = 0;
            while j < 32 {
                // (from `rest`, its lane) or (from the three bytes, its lane).
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
                        rows[r].0[half][at] = lane as u8;
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

/// Fixed notation by one table row: four byte shuffles and two ors, no branch.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    not(structio_plain_swar)
))]
#[inline(always)]
fn shuffled(first: u8, rest: u128, n: usize, e: i32, w: usize, out: &mut [u8; 32]) -> usize {
    use core::arch::x86_64::*;
    // Callers pass `e` in `MIN_FIXED..=15`; the clamp keeps the index provably in bounds.
    let row = &shuffles::SHUFFLES
        [((e - crate::float_write::MIN_FIXED) as usize).min(shuffles::SHUFFLES.len() - 1)]
    .0;
    let three = u32::from(first) | u32::from(b'0') << 8 | u32::from(b'.') << 16;
    // SAFETY: the intrinsics need SSE2 and SSSE3, which the `cfg` above guarantees on every CPU
    // this code is compiled for. The four loads read 16 bytes each from `row`, a
    // `[[u8; 16]; 4]`, one whole inner array each (`loadu`: no alignment needed).
    let (lo, hi) = unsafe {
        let digits = _mm_set_epi64x((rest >> 64) as i64, rest as i64);
        let three = _mm_cvtsi32_si128(three as i32);
        let pick = |from_rest: &[u8; 16], from_three: &[u8; 16]| {
            _mm_or_si128(
                _mm_shuffle_epi8(digits, _mm_loadu_si128(from_rest.as_ptr().cast())),
                _mm_shuffle_epi8(three, _mm_loadu_si128(from_three.as_ptr().cast())),
            )
        };
        let lo = pick(&row[0], &row[2]);
        let hi = pick(&row[1], &row[3]);
        (
            (_mm_cvtsi128_si64(lo) as u64 as u128)
                | (_mm_cvtsi128_si64(_mm_unpackhi_epi64(lo, lo)) as u64 as u128) << 64,
            _mm_cvtsi128_si64(hi) as u64,
        )
    };
    // The longest text, `-0.0000` and 17 digits, is 24 bytes: the first 16 and 8 more.
    store16(out, w, lo);
    store8(out, w + 16, hi);
    w + shuffles::fixed_len(n, e)
}

/// Fixed notation by a branch on the sign of `e`, each layout built with word shifts.
#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    not(structio_plain_swar)
)))]
#[inline(always)]
fn branched(first: u8, rest: u128, n: usize, e: i32, w: usize, out: &mut [u8; 32]) -> usize {
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
        // Each arm its own length: `fixed_len`'s selects cost this path 4% more instructions
        // on the doubles documents, and the branch is already paid for here.
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
    use super::shuffles::{fixed_len, SHUFFLES};
    use super::*;
    use std::{format, string::String};

    /// The text each row of the table lays out, from its controls applied one byte at a time,
    /// and the text [`write_laid_out`] writes, against the layout spelled out by `format!`, at
    /// every exponent and digit count. Under Miri with SSSE3 (`.ci/run`) this checks the
    /// shuffles' loads and stores.
    #[test]
    fn every_row_lays_out_the_fixed_text() {
        let first = b'7';
        for (r, row) in SHUFFLES.iter().enumerate() {
            let e = r as i32 + crate::float_write::MIN_FIXED;
            let three = [first, b'0', b'.'];
            for n in 1..=17 {
                // Digits past the significant ones are zeros, as the writer gives them.
                let mut rest = *b"1234567890123456";
                for d in rest.iter_mut().skip(n - 1) {
                    *d = b'0';
                }
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
                    *byte = pick(row.0[half][at], &rest) | pick(row.0[2 + half][at], &three);
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
                assert_eq!(&text[..want.len()], want.as_bytes(), "e {e} n {n}");
                // The writer of this build (the shuffles with SSSE3, else the branch), after a
                // sign and without.
                for w in 0..2 {
                    let mut out = [b'-'; 32];
                    let end =
                        write_laid_out(first, u128::from_le_bytes(rest), n, e, false, w, &mut out);
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
                let mut rest = *b"1234567890123456";
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
                    let end =
                        write_laid_out(b'7', u128::from_le_bytes(rest), n, e, true, w, &mut out);
                    assert_eq!(&out[w..end], want.as_bytes(), "e {e} n {n} w {w}");
                    assert_eq!(&out[..w], &b"-"[..w]);
                }
            }
        }
    }
}
