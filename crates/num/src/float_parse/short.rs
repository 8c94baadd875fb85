//! The typed readers' common number, `-?(0|[1-9][0-9]*)(\.[0-9]+)?` within sixteen bytes
//! (`-1234.56`, `7.5`, `0.25`), read from one sixteen-byte load without a branch on its shape;
//! and, out of line, the same shape of up to nineteen digits within 32 bytes
//! ([`long_decimal`]: coordinates, random doubles), then, apart, zero integer parts with long
//! fractions and short exponents from the same 32 bytes ([`wide_decimal`]).
//!
//! [`decimal_in`](super::decimal_in) finds the end in steps that wait on each other: the sign's
//! load, a digit scan, a load to test for `.`, a second digit scan. A typed reader's next
//! position waits on that end, so on an array of short decimals those steps were the loop.
//! Here the end is one range test (`-` to `9`) and one trailing-zero count; whether the bytes
//! before it are such a number, and their value with the `.` taken out, are worked out beside
//! it and decide one branch. [`parse_f64`](crate::parse_f64) takes it inline and sends
//! everything else to the general reading out of line: inlined beside the general reading
//! into every typed reader's loop, the short path had cost arbitrary doubles a quarter of
//! their speed.

#[cfg(all(target_feature = "ssse3", not(structio_plain_swar)))]
use crate::int_parse::RIGHT_ALIGN;
use crate::number_masks::{number_masks, number_masks32, NumberMasks};

/// `(negative, digits, fraction digits, end)` of the short decimal at the start of `block`
/// (at most fifteen bytes, a byte after it that ends it), or `None` for anything else (a
/// longer number, an exponent, `/` or a second `.` or `-` in the run, an error), which the
/// caller then reads the usual way.
#[inline(always)]
pub(super) fn short_decimal(block: &[u8; 16]) -> Option<(bool, u64, usize, usize)> {
    let NumberMasks {
        number,
        digits,
        minus,
    } = number_masks(block);
    // At most sixteen: the bits of `!number` from 16 on are set.
    let end = (!number).trailing_zeros() as usize;
    // A run as long as the block may go on past it: the usual reading, before the shape's work.
    let next = *block.get(end)?;
    // From a mask rather than a byte of the block: the byte would be taken from the vector
    // register before the branch above, and the usual reading, which also tests for the `-`,
    // would then wait on that move.
    let sign = (minus & 1) as usize;
    let within = (1u64 << end) - 1;
    let digits = u64::from(digits);
    // The bytes of the run that are neither digits nor the leading `-`: at most one, a `.`.
    let others = within & !digits & !(sign as u64);
    let dot = others != 0;
    let at = others.trailing_zeros() as usize;
    // `&`, not `&&`: one branch on the verdict, none on its parts. A `+` after the number ends
    // it as the usual reading does; an `e` would start an exponent.
    let ok = plain_decimal(digits, within, others, sign, block[sign], block[at & 15])
        & (next | 0x20 != b'e');
    if !ok {
        return None;
    }
    // Fraction digits; sixteen (none of the block's lanes) when there is no `.`.
    let frac = if dot { end - 1 - at } else { 16 };
    let m = short_value(block, sign, end, frac);
    Some((sign == 1, m, if dot { frac } else { 0 }, end))
}

/// Whether the run of number bytes before a number's end is `-?(0|[1-9][0-9]*)(\.[0-9]+)?`,
/// from its masks (bit `k` for byte `k`): `within` has a bit for each byte of the run, `others`
/// for each that is neither a digit nor the leading `-` (`sign` is 1 after one), `first` is the
/// run's first byte after the sign and `dot_byte` the byte at the first of `others`. `&`, not
/// `&&`: the callers add their own tests and branch once on the verdict.
#[inline(always)]
fn plain_decimal(
    digits: u64,
    within: u64,
    others: u64,
    sign: usize,
    first: u8,
    dot_byte: u8,
) -> bool {
    let dot = others != 0;
    let first_digit = (digits >> sign) & 1 != 0;
    // `0` may only be a whole integer part.
    let lead_zero = (first == b'0') & ((digits >> (sign + 1)) & 1 != 0);
    // At most one other byte, a `.`, with a digit on either side.
    first_digit
        & !lead_zero
        & (others & others.wrapping_sub(1) == 0)
        & (!dot | (dot_byte == b'.'))
        & (others & (within >> 1) == others)
}

/// A run of number bytes at the start of a window, as the 32-byte paths see it: where it ends,
/// the byte after it, its sign, its digits' mask and where its `.` is.
#[derive(Clone, Copy)]
struct Run32 {
    /// The run's length (at most 32).
    end: usize,
    /// The byte after the run.
    next: u8,
    /// 1 after a leading `-`, else 0.
    sign: usize,
    /// The offset of the `.`, or `end` when there is none.
    at: usize,
    /// Integer digits (with a `-`, the run's bytes before `at` less one).
    whole: usize,
    /// Fraction digits (0 without a `.`).
    frac: usize,
    /// Whether the run is `-?(0|[1-9][0-9]*)(\.[0-9]+)?` ([`plain_decimal`]).
    plain: bool,
}

impl Run32 {
    /// Whether the digits make one `u64` the plain way: at most sixteen on either side of the
    /// `.` (one [`value16_at`](super::value16_at) each) and nineteen in all.
    #[inline(always)]
    fn fits_word(&self) -> bool {
        (self.whole <= 16) & (self.frac <= 16) & (self.whole + self.frac <= 19)
    }

    /// The digits of the run in `win` as one integer, the `.` left out; only when
    /// [`fits_word`](Self::fits_word) holds. Without a `.` the fraction's word is of no digits
    /// (0, times 1): no branch on whether there is one.
    #[inline(always)]
    fn value(&self, win: &[u8; super::WINDOW]) -> u64 {
        let int = super::value16_at(win, self.sign, self.whole);
        int * super::U64_POW10[self.frac % 20] + super::value16_at(win, self.at + 1, self.frac)
    }
}

/// [`Run32`] of the first 32 bytes of `win`, from one set of masks and a trailing-zero count.
#[inline(always)]
fn run32(win: &[u8; super::WINDOW]) -> Option<Run32> {
    let masks = number_masks32(win.first_chunk::<32>()?);
    let number = u64::from(masks.number);
    let digits = u64::from(masks.digits);
    // At most 32: the bits of `!number` from 32 on are set.
    let end = (!number).trailing_zeros() as usize;
    let next = *win.get(end)?;
    let sign = (masks.minus & 1) as usize;
    let within = (1u64 << end) - 1;
    let others = within & !digits & !(sign as u64);
    let dot = others != 0;
    let at = if dot {
        others.trailing_zeros() as usize
    } else {
        end
    };
    Some(Run32 {
        end,
        next,
        sign,
        at,
        whole: at - sign,
        frac: if dot { end - 1 - at } else { 0 },
        plain: plain_decimal(digits, within, others, sign, win[sign], win[at & 31]),
    })
}

/// `(negative, digits, power of ten, end)` of a decimal of up to nineteen digits at the start
/// of `win` (`-?(0|[1-9][0-9]*)(\.[0-9]+)?` within 31 bytes, at most sixteen digits on either
/// side of the `.`), or `None` for anything else, which the caller gives to [`wide_decimal`]
/// and then reads the usual way.
///
/// The sixteen-byte [`short_decimal`] does not hold canada.json's coordinates
/// (`-65.613616999999977`: seventeen digits, nineteen bytes). The usual reading finds their end
/// in two digit scans, the second loaded where the first ended; here it is one range test over
/// 32 bytes and one trailing-zero count, and the digits' value, worked out beside it, is off
/// the path the next token's load waits on.
#[inline(always)]
pub(super) fn long_decimal(win: &[u8; super::WINDOW]) -> Option<(bool, u64, i32, usize)> {
    let run = run32(win)?;
    // `&`, not `&&`: one branch on the verdict.
    let ok = run.plain & run.fits_word() & (run.next | 0x20 != b'e');
    if !ok {
        return None;
    }
    Some((run.sign == 1, run.value(win), -(run.frac as i32), run.end))
}

/// [`long_decimal`] for what its common case declines: `(negative, digits, power of ten, end)`
/// of a zero integer part with 17-28 places of which at most nineteen follow the leading
/// zeros (`0.00123456789012345678`), or of a decimal either takes followed by an exponent of
/// one to three digits (`1.5e-7`, `-2.25E+300`). Apart, and after the common case has
/// declined, so that the common case's code stays as it measured fastest (canada.json's
/// coordinates): folded into it, the sum of those measured up to 9% slower.
#[inline(never)]
pub(super) fn wide_decimal(win: &[u8; super::WINDOW]) -> Option<(bool, u64, i32, usize)> {
    let run = run32(win)?;
    let Run32 {
        end,
        next,
        sign,
        at,
        whole,
        frac,
        plain,
        ..
    } = run;
    if !plain {
        return None;
    }
    let m = if run.fits_word() {
        run.value(win)
    } else if (whole == 1) & (win[sign] == b'0') & (frac <= 28) {
        // A zero integer part and 17-28 places (the run then ends by byte 31, so a number
        // going on past the 32 bytes is never taken): the first sixteen places as a word, then
        // the rest; more than nineteen digits after the leading zeros would not fit.
        let high = super::value16_at(win, at + 1, 16);
        if high >= super::U64_POW10[(35 - frac) % 20] {
            return None;
        }
        high * super::U64_POW10[(frac - 16) % 20] + super::value16_at(win, at + 17, frac - 16)
    } else {
        return None;
    };
    let e10 = -(frac as i32);
    if next | 0x20 != b'e' {
        return Some((sign == 1, m, e10, end));
    }
    let (exp, end) = short_exponent(win, end + 1)?;
    Some((sign == 1, m, e10 + exp, end))
}

/// The exponent's value and end from `win[i..]`, after the `e`: `[+-]?[0-9]{1,3}` followed by a
/// byte that is not a digit, or `None` (a longer exponent, or none: the usual reading's).
#[inline(always)]
fn short_exponent(win: &[u8; super::WINDOW], i: usize) -> Option<(i32, usize)> {
    let sign_byte = *win.get(i)?;
    let negative = sign_byte == b'-';
    let mut j = i + usize::from(negative | (sign_byte == b'+'));
    let first = j;
    let mut exp = 0i32;
    // At most four bytes: three digits and the byte that must end them.
    while j < first + 4 {
        let d = win.get(j)?.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        exp = exp * 10 + i32::from(d);
        j += 1;
    }
    if j == first || j == first + 4 {
        return None;
    }
    Some((if negative { -exp } else { exp }, j))
}

/// Added (saturating, as `i8`) to [`RIGHT_ALIGN`](crate::int_parse::RIGHT_ALIGN)'s control read at offset `end` (which moves
/// the run's last byte to lane 15 and clears the lanes below the run), read at offset `frac`:
/// -1 in the lanes below the last `frac` ones, so that the integer part's lanes take the byte
/// before, stepping over the `.`.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    not(structio_plain_swar)
))]
const SKIP_DOT: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut i = 0;
    while i < 16 {
        t[i] = 0xff;
        i += 1;
    }
    t
};

/// The value of the digits of `block[..end]` (at most fifteen, one `.` among them `frac` lanes
/// before `end`, or `frac == 16` for none, after `sign` lanes of `-`). With SSSE3: the digits
/// gathered to the last lanes by one shuffle whose control is the sum of two table rows, then
/// the multiply-adds of [`value16`](crate::int_parse::value16).
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    not(structio_plain_swar)
))]
#[inline(always)]
fn short_value(block: &[u8; 16], _sign: usize, end: usize, frac: usize) -> u64 {
    use core::arch::x86_64::*;
    let row = |t: &[u8], k: usize| -> [u8; 16] {
        // `k` is at most 16; the clamp and `get` keep the read inside the table with no panic
        // path.
        *t.get(k.min(16)..)
            .and_then(|s| s.first_chunk())
            .unwrap_or(&[0; 16])
    };
    let (align, skip) = (row(&RIGHT_ALIGN, end), row(&SKIP_DOT, frac));
    // SAFETY: the loads read the 16 bytes of `block` and of the two rows (unaligned loads, so
    // any address will do); the other intrinsics need SSE2 and SSSE3, which the `cfg` above
    // guarantees on every CPU this code is compiled for, and work on registers.
    let q = unsafe {
        let x = _mm_loadu_si128(block.as_ptr().cast());
        // Digit lanes only: the `-` and the `.` become zeros, which the shuffle may take as
        // leading zeros.
        let is_digit = _mm_and_si128(
            _mm_cmplt_epi8(x, _mm_set1_epi8(b':' as i8)),
            _mm_cmpgt_epi8(x, _mm_set1_epi8(b'/' as i8)),
        );
        let t = _mm_and_si128(_mm_sub_epi8(x, _mm_set1_epi8(b'0' as i8)), is_digit);
        // Saturating: a cleared lane (-128) stays cleared; lane 0 minus one is -1, cleared.
        let c = _mm_adds_epi8(
            _mm_loadu_si128(align.as_ptr().cast()),
            _mm_loadu_si128(skip.as_ptr().cast()),
        );
        let d = _mm_shuffle_epi8(t, c);
        let d = _mm_maddubs_epi16(d, _mm_set1_epi16(0x010a));
        let d = _mm_madd_epi16(d, _mm_set1_epi32(0x0001_0064));
        let d = _mm_packs_epi32(d, d);
        let d = _mm_madd_epi16(d, _mm_set1_epi32(0x0001_2710));
        _mm_cvtsi128_si64(d) as u64
    };
    (q & 0xffff_ffff) * 100_000_000 + (q >> 32)
}

/// [`short_value`] a word at a time, without SSSE3 (the x86-64 baseline): the integer part moved up one lane over
/// the `.`, the lanes below the first digit cleared, the last digit moved to lane 15, then
/// folded as [`value16`](crate::int_parse::value16) folds.
#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    not(structio_plain_swar)
)))]
#[inline(always)]
fn short_value(block: &[u8; 16], sign: usize, end: usize, frac: usize) -> u64 {
    use crate::int_parse::fold8;
    let t = u128::from_le_bytes(*block) ^ u128::from_le_bytes([0x30; 16]);
    let dot = frac < 16;
    // Lanes of the integer part (with any `-`): below the `.`, or all of them.
    let at = if dot { end - 1 - frac } else { 16 };
    let int_lanes = u128::MAX >> ((128 - 8 * at as u32) & 127);
    let shift = 8 * dot as u32;
    // The lanes after the `.` (at most lane 14 is the `.`).
    let frac_lanes = !(u128::MAX >> (120u32.wrapping_sub(8 * at as u32) & 127));
    let frac_part = if dot { t & frac_lanes } else { 0 };
    let int_part = (t & int_lanes) << shift;
    let first = sign as u32 + dot as u32;
    let d =
        ((int_part | frac_part) & (u128::MAX << (8 * first))) << ((8 * (16 - end as u32)) & 127);
    fold8(d as u64)
        .wrapping_mul(100_000_000)
        .wrapping_add(fold8((d >> 64) as u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate alloc;
    use alloc::vec::Vec;

    /// `short_decimal` against the digits read one by one, on short decimals of every shape and
    /// length and on blocks that must be refused. CI also runs it under Miri with SSSE3 on, for
    /// the shuffle's `unsafe`.
    #[test]
    fn short_decimals_read_their_digits() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let rounds = if cfg!(miri) { 300 } else { 200_000 };
        let mut answered = 0;
        for _ in 0..rounds {
            let mut block = [b' '; 16];
            let mut text = Vec::new();
            if next(2) == 0 {
                text.push(b'-');
            }
            let int_digits = 1 + next(8) as usize;
            for k in 0..int_digits {
                text.push(
                    b'0' + if k == 0 {
                        1 + next(9) as u8
                    } else {
                        next(10) as u8
                    },
                );
            }
            if next(3) != 0 {
                text.push(b'.');
                for _ in 0..1 + next(6) {
                    text.push(b'0' + next(10) as u8);
                }
            }
            if next(8) == 0 {
                // Something the short path must refuse or end before.
                let at = next(text.len() as u64) as usize;
                text[at] = *b"-./+eE0,".get(next(8) as usize).unwrap_or(&b'x');
            }
            let n = text.len().min(15);
            block[..n].copy_from_slice(&text[..n]);
            block[n] = *b",]} eE+.0".get(next(9) as usize).unwrap_or(&b' ');
            let Some((neg, m, frac, end)) = short_decimal(&block) else {
                continue;
            };
            answered += 1;
            // The reference: the strict grammar, digit by digit.
            let s = &block[..end];
            let body = s.strip_prefix(b"-").unwrap_or(s);
            assert_eq!(neg, s[0] == b'-', "{block:?}");
            let (int, fraction) = match body.iter().position(|&b| b == b'.') {
                Some(p) => (&body[..p], &body[p + 1..]),
                None => (body, &b""[..]),
            };
            assert!(
                !int.is_empty() && int.iter().all(u8::is_ascii_digit),
                "{block:?}"
            );
            assert!(int[0] != b'0' || int.len() == 1, "{block:?}");
            assert!(fraction.iter().all(u8::is_ascii_digit), "{block:?}");
            assert!(!body.ends_with(b"."), "{block:?}");
            let after = block[end];
            assert!(
                !after.is_ascii_digit() && !b".eE".contains(&after),
                "{block:?}"
            );
            let value = int
                .iter()
                .chain(fraction)
                .fold(0u64, |v, &d| v * 10 + u64::from(d - b'0'));
            assert_eq!((m, frac), (value, fraction.len()), "{block:?}");
        }
        assert!(answered > rounds / 2, "{answered} of {rounds}");
    }
}
