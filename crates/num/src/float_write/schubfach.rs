//! Shortest decimal of a binary float: Giulietti's Schubfach, on the shared power-of-ten table.
//!
//! Constant work per value: three 126x64-bit products (the value and both ends of its rounding
//! interval) and two candidate tests, with no loop removing digits one at a time as Ryu does.
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

/// Schubfach's g(k) = floor(10^-k * 2^-r) + 1 in [2^125, 2^126), as two 63-bit halves.
#[inline(always)]
fn g(k: i32) -> (u64, u64) {
    // The writers only ask for -324 <= k <= 292, all inside the table (tools/gen_pow10.py checks
    // the identity below for each); the clamp makes the index provably in bounds without a panic
    // path.
    let i = ((-k - SMALLEST_POW10) as usize).min(POW10.len() - 1);
    let (hi, lo) = POW10[i];
    let f = ((hi as u128) << 64) | lo as u128;
    let g = (f >> 2) + 1;
    ((g >> 63) as u64, g as u64 & MASK63)
}

/// floor(g * cp / 2^127), with the lowest bit forced to 1 if anything was discarded ("round to
/// odd"), which keeps the interval tests exact.
#[inline(always)]
fn rop(g1: u64, g0: u64, cp: u64) -> u64 {
    let x1 = ((g0 as u128 * cp as u128) >> 64) as u64;
    let y = g1 as u128 * cp as u128;
    let (y0, y1) = (y as u64, (y >> 64) as u64);
    let z = (y0 >> 1) + x1;
    let vbp = y1 + (z >> 63);
    vbp | ((z & MASK63) + MASK63) >> 63
}

/// The shortest decimal `sig * 10^exp` in the rounding interval of `c * 2^q` (the closest one
/// when several have that length), `c_min` being the smallest normal significand and `q_min`
/// the exponent of subnormals.
#[inline(always)]
pub(crate) fn to_decimal(q: i32, c: u64, c_min: u64, q_min: i32) -> (u64, i32) {
    let out = c & 1;
    let cb = c << 2;
    let cbr = cb + 2;
    // At a power of two (other than the smallest normal) the interval below is half as wide.
    let (cbl, k) = if c != c_min || q == q_min {
        (cb - 2, flog10_pow2(q))
    } else {
        (cb - 1, flog10_three_quarters_pow2(q))
    };
    let h = q + flog2_pow10(-k) + 2;
    let (g1, g0) = g(k);
    let vb = rop(g1, g0, cb << h);
    let vbl = rop(g1, g0, cbl << h);
    let vbr = rop(g1, g0, cbr << h);
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
