//! The typed readers' common number, `-?(0|[1-9][0-9]*)(\.[0-9]+)?` within sixteen bytes
//! (`-1234.56`, `7.5`, `0.25`), read from one sixteen-byte load without a branch on its shape;
//! and, out of line, the same shape of up to nineteen digits within 32 bytes
//! ([`long_decimal`]: coordinates, random doubles).
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
    let within = (1u32 << end) - 1;
    // The bytes of the run that are neither digits nor the leading `-`: at most one, a `.`
    // with a digit on either side.
    let others = within & !digits & !(sign as u32);
    let dot = others != 0;
    let at = others.trailing_zeros() as usize;
    let first_digit = (digits >> sign) & 1 != 0;
    // `0` may only be a whole integer part.
    let lead_zero = (block[sign] == b'0') & ((digits >> (sign + 1)) & 1 != 0);
    // `&`, not `&&`: one branch on the verdict, none on its parts. A `+` after the number ends
    // it as the usual reading does; an `e` would start an exponent.
    let ok = first_digit
        & !lead_zero
        & (others & others.wrapping_sub(1) == 0)
        & (!dot | (block[at & 15] == b'.'))
        & (others & (within >> 1) == others)
        & (next | 0x20 != b'e');
    if !ok {
        return None;
    }
    // Fraction digits; sixteen (none of the block's lanes) when there is no `.`.
    let frac = if dot { end - 1 - at } else { 16 };
    let m = short_value(block, sign, end, frac);
    Some((sign == 1, m, if dot { frac } else { 0 }, end))
}

/// `(negative, digits, fraction digits, end)` of a decimal of up to nineteen digits at the
/// start of `win` (`-?(0|[1-9][0-9]*)(\.[0-9]+)?` within 31 bytes, at most sixteen digits on
/// either side of the `.`), or `None` for anything else, which the caller reads the usual way.
///
/// The sixteen-byte [`short_decimal`] does not hold canada.json's coordinates
/// (`-65.613616999999977`: seventeen digits, nineteen bytes). The usual reading finds their end
/// in two digit scans, the second loaded where the first ended; here it is one range test over
/// 32 bytes and one trailing-zero count, and the digits' value, worked out beside it, is off
/// the path the next token's load waits on.
#[inline(always)]
pub(super) fn long_decimal(win: &[u8; super::WINDOW]) -> Option<(bool, u64, usize, usize)> {
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
    let first_digit = (digits >> sign) & 1 != 0;
    let lead_zero = (win[sign] == b'0') & ((digits >> (sign + 1)) & 1 != 0);
    let whole = at - sign;
    let frac = if dot { end - 1 - at } else { 0 };
    let ok = first_digit
        & !lead_zero
        & (others & others.wrapping_sub(1) == 0)
        & (!dot | (win[at & 31] == b'.'))
        & (others & (within >> 1) == others)
        & (next | 0x20 != b'e')
        & (whole <= 16)
        & (frac <= 16)
        & (whole + frac <= 19);
    if !ok {
        return None;
    }
    let int = super::value16_at(win, sign, whole);
    let m = if dot {
        int * super::U64_POW10[frac % 20] + super::value16_at(win, at + 1, frac)
    } else {
        int
    };
    Some((sign == 1, m, frac, end))
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
