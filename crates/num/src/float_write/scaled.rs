//! Shortest decimal of a normal `f64` with a symmetric rounding interval: the algorithm of
//! Victor Zverovich's zmij (github.com/vitaut/zmij, MIT; the one Glaze uses), with Xiang
//! JunBo's refinement of scaling to one digit short of the full length.
//!
//! With `v = c * 2^q` and `d = floor(q * log10(2))`, so that `10^d <= 2^q < 10^(d+1)`, one
//! 64x128-bit product gives `v / 10^(d+1)` as a 64-bit integral part (15-16 digits) and a 64-bit
//! fraction. Half an ulp in the same units is the top word of the power of ten shifted, so:
//! - if the upper end of the interval reaches the next integer, that integer (at `10^(d+1)`)
//!   is the shortest decimal; if the lower end reaches the integral part, that is;
//! - otherwise the interval (at least `10^d` wide) holds a multiple of `10^d`, and the nearest
//!   one is `integral * 10 + round(10 * fraction)`.
//!
//! No candidate is built and tested as in Schubfach or Ryu: one product, two compares, and one
//! small multiply for the last digit. Powers of two (asymmetric interval) and subnormals go to
//! Schubfach ([`super::schubfach`]); they are rare.

use crate::pow10_table::{POW10, SMALLEST_POW10};

/// floor(q * log10(2)), exact for |q| <= 5456721.
#[inline(always)]
fn flog10_pow2(q: i32) -> i32 {
    ((q as i64 * 661_971_961_083) >> 41) as i32
}

/// floor(e * log2(10)), exact for |e| <= 1233.
#[inline(always)]
fn flog2_pow10(e: i32) -> i32 {
    ((e as i64 * 913_124_641_741) >> 38) as i32
}

/// 10^k scaled into [2^127, 2^128) and rounded up (zmij's table; ours is rounded down, and
/// 10^k is exact in 128 bits only for 0 <= k <= 55), as (high, low) words.
#[inline(always)]
fn pow10_up(k: i32) -> (u64, u64) {
    // The caller's k is in -293..=323 (see `f64_regular`), inside the table
    // (-342..=324); the clamp keeps the index provably in bounds without a panic path.
    let i = ((k - SMALLEST_POW10) as usize).min(POW10.len() - 1);
    let (hi, lo) = POW10[i];
    // No inexact entry has a low word of all ones (tools/gen_pow10.py), so this cannot carry.
    (hi, lo + (k as u32 > 55) as u64)
}

/// The extra bits kept below the integral part of the scaled value.
const EXTRA: u32 = 6;

/// The shortest decimal of `c * 2^q` for a normal `f64` whose significand `c` (with the
/// implicit bit) is not a power of two, i.e. `q` in -1074..=971, as its digits left-aligned to
/// exactly 17 (trailing zeros after the shortest ones) and its scientific exponent.
#[inline(always)]
pub(crate) fn f64_regular(c: u64, q: i32) -> (u64, i32) {
    let d = flog10_pow2(q);
    // -324 <= d <= 292, so k is in -293..=323.
    let k = -d - 1;
    let (hi, lo) = pow10_up(k);
    // q + floor(log2(10^k)) is in -4..=-1, so the shift is 3..=6 and c << shift fits.
    let shift = (q + flog2_pow10(k) + 1 + EXTRA as i32) as u32 & 63;
    let x = c << shift;
    // The top 128 bits of the 192-bit product (hi:lo) * x; no overflow: hi * x is at most
    // (2^64 - 1)^2, and the carry in is below 2^64.
    let p = (hi as u128 * x as u128) + ((lo as u128 * x as u128) >> 64);
    let integral = (p >> (64 + EXTRA)) as u64;
    let frac = (p >> EXTRA) as u64;
    // Half an ulp in units of 2^-64, plus one when the interval is closed (even significand).
    let even = 1 - (c & 1);
    let half_ulp = (hi >> ((EXTRA + 1 - shift) & 63)) + even;
    let up = frac.overflowing_add(half_ulp).1;
    let down = half_ulp > frac;
    // The digit after `integral`, rounded to nearest (the bias absorbs the table's rounding);
    // an exact half (frac = 1/4 after the scaling of 10) goes to the even 2.
    let mut digit = ((frac as u128 * 10 + (1u128 << 63) + 6) >> 64) as u64;
    if frac == 1 << 62 {
        digit = 2;
    }
    // At 10^d: the shorter candidate with a zero appended, or the digit; 16 or 17 digits
    // either way (integral has 15 or 16), left-aligned to 17 by one select.
    let sig = integral * 10 + if up | down { 10 * up as u64 } else { digit };
    let short = sig < 10_000_000_000_000_000;
    let d17 = if short { sig * 10 } else { sig };
    (d17, d + 16 - short as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_up_never_carries() {
        for k in -293..=323 {
            let i = (k - SMALLEST_POW10) as usize;
            assert!(k as u32 <= 55 || POW10[i].1 != u64::MAX, "{k}");
        }
    }
}
