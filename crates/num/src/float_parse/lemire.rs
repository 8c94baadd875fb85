//! Eisel-Lemire: `w * 10^q` to the nearest float with one (rarely two) 64x64-bit products
//! against the 128-bit power table, for any `w` of at most 19 digits. In the rare case where
//! the product is too close to a halfway point to decide, it says so and the caller falls back
//! to the exact algorithm.

use crate::pow10_table::{POW10, SMALLEST_POW10};

/// The parameters of a binary float format.
pub(crate) struct Format {
    /// Explicit significand bits (52 or 23).
    pub mantissa_bits: i32,
    /// The exponent bias plus one, negated (-1023 or -127).
    pub minimum_exponent: i32,
    /// The biased exponent of infinity.
    pub infinite_power: i32,
    /// Below this power of ten every `w` rounds to zero.
    pub smallest_power: i32,
    /// Above this power of ten every nonzero `w` rounds to infinity.
    pub largest_power: i32,
    /// Powers of ten where `w * 10^q` can fall exactly halfway between two floats.
    pub min_round_to_even: i32,
    pub max_round_to_even: i32,
}

pub(crate) const F64: Format = Format {
    mantissa_bits: 52,
    minimum_exponent: -1023,
    infinite_power: 0x7ff,
    smallest_power: -342,
    largest_power: 308,
    min_round_to_even: -4,
    max_round_to_even: 23,
};

pub(crate) const F32: Format = Format {
    mantissa_bits: 23,
    minimum_exponent: -127,
    infinite_power: 0xff,
    smallest_power: -65,
    largest_power: 38,
    min_round_to_even: -17,
    max_round_to_even: 10,
};

/// The fast_float table entry for 5^q: the shared floor table, plus one where fast_float
/// rounds up (-27 <= q <= -1), which the error bound of the algorithm is proved for.
#[inline(always)]
fn pow5(q: i32) -> (u64, u64) {
    // The callers keep q within [-342, 308]; the clamp makes the index provably in bounds.
    let i = ((q - SMALLEST_POW10) as usize).min(POW10.len() - 1);
    let (hi, lo) = POW10[i];
    let bump = ((q as u32).wrapping_add(27) < 27) as u64;
    // The floor entries for -27..=-1 never end in all ones (fast_float's are floor + 1 with
    // no carry out of the low word), so the add cannot carry.
    (hi, lo.wrapping_add(bump))
}

/// floor(log2(10^q)) + 63, exact over the table.
#[inline(always)]
fn power(q: i32) -> i32 {
    (q.wrapping_mul(152_170 + 65536) >> 16) + 63
}

/// The biased bits (`exponent << mantissa_bits | mantissa`) of the float nearest to `w * 10^q`;
/// `None` when the 128-bit product cannot decide the rounding.
///
/// The common case (a normal result, the product decided by its high word) takes one
/// 64x64-bit product and no other branch that is taken; zero, powers of ten outside the
/// table, subnormals and exact halfway points go to out-of-line functions, one unlikely
/// branch each.
#[inline(always)]
pub(crate) fn compute(q: i32, w: u64, f: &Format) -> Option<u64> {
    // One unsigned compare for both ends of the table, and zero with them.
    let span = (f.largest_power - f.smallest_power) as u32;
    if (w == 0) | ((q.wrapping_sub(f.smallest_power) as u32) > span) {
        return Some(out_of_table(q, w, f));
    }
    let lz = w.leading_zeros();
    let w = w << lz;
    let (hi5, lo5) = pow5(q);
    // Mantissa bits + 3 of the product are needed: the significand, the rounding bit, and a
    // possible leading zero. If the bits below them are all ones, the low word may carry in.
    let mask = u64::MAX >> (f.mantissa_bits + 3);
    let p = w as u128 * hi5 as u128;
    let (mut lo, mut hi) = (p as u64, (p >> 64) as u64);
    if hi & mask == mask {
        let second_hi = ((w as u128 * lo5 as u128) >> 64) as u64;
        lo = lo.wrapping_add(second_hi);
        hi += (second_hi > lo) as u64;
    }
    // Still undecided: the true product may be just above a halfway point. Only exact below
    // 5^55 and for the negative powers where 5^-q fits a word.
    if lo == u64::MAX && !(-27..=55).contains(&q) {
        return None;
    }
    let upperbit = (hi >> 63) as i32;
    let shift = upperbit + 64 - f.mantissa_bits - 3;
    // mantissa_bits + 2 bits, the top one set.
    let mut mantissa = hi >> shift;
    let power2 = power(q) + upperbit - lz as i32 - f.minimum_exponent;
    if power2 <= 0 {
        return Some(subnormal(mantissa, power2, f));
    }
    // Exactly halfway (possible only where 5^q is exact in a word): round to even.
    if lo <= 1 {
        mantissa = halfway(mantissa, hi, shift, q, f);
    }
    // Rounded to mantissa_bits + 1 bits, or up to 2^(mantissa_bits + 1). Adding it, implicit
    // bit included, to the exponent less one both drops the implicit bit and carries a
    // rounding past the top into the exponent.
    mantissa += mantissa & 1;
    mantissa >>= 1;
    let bits = ((power2 as u64 - 1) << f.mantissa_bits) + mantissa;
    let inf = (f.infinite_power as u64) << f.mantissa_bits;
    Some(if bits >= inf { inf } else { bits })
}

/// [`compute`] for `w == 0` or a power of ten outside the table: zero below it, infinity above.
#[cold]
#[inline(never)]
fn out_of_table(q: i32, w: u64, f: &Format) -> u64 {
    if (w == 0) | (q < f.smallest_power) {
        0
    } else {
        (f.infinite_power as u64) << f.mantissa_bits
    }
}

/// [`compute`]'s result below the smallest normal exponent (`power2 <= 0`): the subnormal, or
/// zero when more than 64 bits fall below the smallest exponent.
#[cold]
#[inline(never)]
fn subnormal(mut mantissa: u64, power2: i32, f: &Format) -> u64 {
    if -power2 + 1 >= 64 {
        return 0;
    }
    mantissa >>= -power2 + 1;
    mantissa += mantissa & 1;
    mantissa >>= 1;
    // Rounding up into the smallest normal sets the exponent to one.
    let e = (mantissa >= (1u64 << f.mantissa_bits)) as u64;
    (e << f.mantissa_bits) | (mantissa & ((1u64 << f.mantissa_bits) - 1))
}

/// The product's low word is 0 or 1: if the value is exactly halfway between two floats
/// (possible only where 5^q is exact in a word) clear the rounding bit's neighbour so that the
/// rounding goes to even.
#[cold]
#[inline(never)]
fn halfway(mantissa: u64, hi: u64, shift: i32, q: i32, f: &Format) -> u64 {
    if q >= f.min_round_to_even
        && q <= f.max_round_to_even
        && mantissa & 3 == 1
        && (mantissa << shift) == hi
    {
        mantissa & !1u64
    } else {
        mantissa
    }
}
