//! Shortest decimal of a binary float: Giulietti's Schubfach, on the shared power-of-ten table.
//!
//! Constant work per value: one exact 126x64-bit product (two machine multiplies) gives the value
//! scaled by a power of ten, the ends of its rounding interval follow from it by a shift and an
//! add (Giulietti's reference computes three products), then two candidate tests, with no loop removing digits one at a time as Ryu does.
//! The result may carry trailing zeros (the digit writer drops them for free).

use crate::pow10_table::{POW10, SMALLEST_POW10};

const MASK63: u64 = (1 << 63) - 1;

/// floor(q * log10(2)), exact for |q| <= 5456721.
#[inline(always)]
fn flog10_pow2(q: i32) -> i32 {
    ((q as i64 * 661_971_961_083) >> 41) as i32
}

/// floor(q * log10(2) + log10(3/4)), exact over the exponents of `f64`.
#[inline(always)]
fn flog10_three_quarters_pow2(q: i32) -> i32 {
    ((q as i64 * 661_971_961_083 - 274_743_187_321) >> 41) as i32
}

/// floor(e * log2(10)), exact for |e| <= 1233.
#[inline(always)]
fn flog2_pow10(e: i32) -> i32 {
    ((e as i64 * 913_124_641_741) >> 38) as i32
}

/// Schubfach's g(k) = floor(10^-k * 2^-r) + 1, in [2^125, 2^126).
#[inline(always)]
fn g(k: i32) -> u128 {
    // The writers only ask for -324 <= k <= 292, all inside the table (tools/gen_pow10.py checks
    // the identity below for each); the clamp makes the index provably in bounds without a panic
    // path.
    let i = ((-k - SMALLEST_POW10) as usize).min(POW10.len() - 1);
    let (hi, lo) = POW10[i];
    ((((hi as u128) << 64) | lo as u128) >> 2) + 1
}

/// A 192-bit integer, `hi * 2^64 + lo`.
#[derive(Clone, Copy)]
struct U192 {
    hi: u128,
    lo: u64,
}

impl U192 {
    #[inline(always)]
    fn add(self, o: U192) -> U192 {
        let (lo, c) = self.lo.overflowing_add(o.lo);
        U192 {
            hi: self.hi.wrapping_add(o.hi).wrapping_add(c as u128),
            lo,
        }
    }

    #[inline(always)]
    fn sub(self, o: U192) -> U192 {
        let (lo, b) = self.lo.overflowing_sub(o.lo);
        U192 {
            hi: self.hi.wrapping_sub(o.hi).wrapping_sub(b as u128),
            lo,
        }
    }

    /// x * 2^shift, for x < 2^126 and 1 <= shift <= 63 (the callers' shifts are 2..=6), in
    /// 64-bit pieces so that no shift needs a test for crossing a word.
    #[inline(always)]
    fn shifted(x: u128, shift: u32) -> U192 {
        let s = shift & 63;
        let (xh, xl) = ((x >> 64) as u64, x as u64);
        U192 {
            hi: ((xh as u128) << s) | (xl >> ((64 - s) & 63)) as u128,
            lo: xl << s,
        }
    }

    /// Schubfach's rop: floor(self / 2^127), with the lowest bit forced to 1 if anything was
    /// discarded ("round to odd"), which keeps the interval tests exact. The low 64 bits are
    /// left out of the sticky bit, as Giulietti's reference leaves them out: g exceeds 10^-k by
    /// less than one unit, which adds less than 2^59 there, and an exactly halfway value must
    /// still look exact (the ties-to-even case).
    #[inline(always)]
    fn rop(self) -> u64 {
        let sticky = (self.hi as u64 & MASK63) != 0;
        (self.hi >> 63) as u64 | sticky as u64
    }
}

/// The shortest decimal `sig * 10^exp` in the rounding interval of `c * 2^q` (the closest one
/// when several have that length), `c_min` being the smallest normal significand and `q_min`
/// the exponent of subnormals.
#[inline(always)]
pub(crate) fn to_decimal(q: i32, c: u64, c_min: u64, q_min: i32) -> (u64, i32) {
    let out = c & 1;
    let cb = c << 2;
    // At a power of two (other than the smallest normal) the interval below is half as wide.
    let (cbl, k) = if c != c_min || q == q_min {
        (cb - 2, flog10_pow2(q))
    } else {
        (cb - 1, flog10_three_quarters_pow2(q))
    };
    let h = (q + flog2_pow10(-k) + 2) as u32;
    let g = g(k);
    // g * (cb << h) exactly, in two 64x64-bit products; the ends of the interval differ from it
    // by g * 2^(h+1) (or half that), which is a shift, not a product.
    let cp = cb << h;
    let a = (g >> 64) * cp as u128;
    let b = (g as u64 as u128) * cp as u128;
    let p = U192 {
        hi: a + (b >> 64),
        lo: b as u64,
    };
    let half = U192::shifted(g, h + 1);
    let below = if cbl == cb - 2 {
        half
    } else {
        U192::shifted(g, h)
    };
    let vb = p.rop();
    let vbl = p.sub(below).rop();
    let vbr = p.add(half).rop();
    let s = vb >> 2;
    // One digit shorter: the multiples of ten around s. The interval is under ten units of
    // 10^k wide, so at most one of them lies in it. (Schubfach skips this below s = 100, which
    // only subnormals reach, because Java prints two digits; here the shortest is wanted.)
    let sp10 = 10 * (s / 10);
    let tp10 = sp10 + 10;
    let upin = vbl + out <= sp10 << 2;
    let wpin = (tp10 << 2) + out <= vbr;
    if upin != wpin {
        return (if upin { sp10 } else { tp10 }, k);
    }
    let t = s + 1;
    let uin = vbl + out <= s << 2;
    let win = (t << 2) + out <= vbr;
    if uin != win {
        return (if uin { s } else { t }, k);
    }
    // Both in the interval: the closer one, ties to even.
    let cmp = vb as i64 - ((s + t) << 1) as i64;
    let pick_s = cmp < 0 || (cmp == 0 && s & 1 == 0);
    (if pick_s { s } else { t }, k)
}

/// The shortest decimal of a finite, nonzero `f64`'s magnitude, from its bits.
#[inline(always)]
pub(crate) fn f64_decimal(bits: u64) -> (u64, i32) {
    const P: i32 = 53;
    const Q_MIN: i32 = -1074;
    const C_MIN: u64 = 1 << 52;
    let t = bits & (C_MIN - 1);
    let bq = ((bits >> 52) & 0x7ff) as i32;
    if bq != 0 {
        let mq = -Q_MIN + 1 - bq;
        let c = C_MIN | t;
        // Small integers are their own shortest decimal.
        if 0 < mq && mq < P {
            let f = c >> mq;
            if f << mq == c {
                return (f, 0);
            }
        }
        return to_decimal(-mq, c, C_MIN, Q_MIN);
    }
    // Subnormal. (Java scales significands below 3 by ten, only to print two digits.)
    to_decimal(Q_MIN, t, C_MIN, Q_MIN)
}

/// The shortest decimal of a finite, nonzero `f32`'s magnitude, from its bits.
#[inline(always)]
pub(crate) fn f32_decimal(bits: u32) -> (u64, i32) {
    const P: i32 = 24;
    const Q_MIN: i32 = -149;
    const C_MIN: u64 = 1 << 23;
    let t = (bits & ((1 << 23) - 1)) as u64;
    let bq = ((bits >> 23) & 0xff) as i32;
    if bq != 0 {
        let mq = -Q_MIN + 1 - bq;
        let c = C_MIN | t;
        if 0 < mq && mq < P {
            let f = c >> mq;
            if f << mq == c {
                return (f, 0);
            }
        }
        return to_decimal(-mq, c, C_MIN, Q_MIN);
    }
    to_decimal(Q_MIN, t, C_MIN, Q_MIN)
}
