//! The writers of the `size` feature: the shortest digits found exactly, in decimal, as Go's
//! `strconv` finds them (`roundShortest` in `ftoa.go`): the value and the two halfway points
//! around it written out in full by [`Decimal`]'s shifts, then the first digit position where
//! the value can be cut or rounded up and stay between those points. No power-of-ten table and
//! no exponent table: one routine for `f64` and `f32`, parameterised by the format. The digits
//! and the layout are the speed writers' (the closest shortest digits, ties to even; Glaze's
//! layout), so the output bytes are the same.

use super::{special, MIN_FIXED};
use crate::float_parse::decimal::Decimal;

/// `m * 2^k` exactly as a [`Decimal`].
fn exact(m: u64, k: i32) -> Decimal {
    // The digits of `m` as text, for `Decimal::new`, last digit first.
    let mut text = [0u8; 20];
    let mut start = text.len();
    let mut v = m;
    while start > 0 {
        start -= 1;
        if let Some(slot) = text.get_mut(start) {
            *slot = b'0' + (v % 10) as u8;
        }
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let mut d = Decimal::from_text(text.get(start..).unwrap_or(&[]));
    d.shift(k);
    d
}

/// Rounds `d`, the exact value of the finite, nonzero float `mant * 2^(exp - mant_bits)`
/// (`mant` with its implicit bit, `exp` at least `min_exp`, the exponent of the subnormals), to
/// the shortest decimal that reads back as that float, the closest such one, ties to even. In
/// place, so that a caller's frame holds three decimals, not four.
fn shortest(d: &mut Decimal, mant: u64, exp: i32, mant_bits: u32, min_exp: i32) {
    let shift = exp - mant_bits as i32;
    // Already shortest: any other decimal of as few digits is at least 10^(dp - nd) away,
    // farther than the halfway points, which are at most 2^(exp - mant_bits) away.
    let dp = d.decimal_point();
    let nd = d.num_digits() as i32;
    if exp > min_exp && 332 * (dp - nd) >= 100 * shift {
        return;
    }
    // The halfway points; below a power of two (other than the smallest normal) the gap to the
    // next float down is half as wide.
    let upper = exact(2 * mant + 1, shift - 1);
    let lower = if mant > 1 << mant_bits || exp == min_exp {
        exact(2 * mant - 1, shift - 1)
    } else {
        exact(4 * mant - 1, shift - 2)
    };
    // An even significand rounds to itself from its halfway points.
    let inclusive = mant & 1 == 0;
    let (udp, und) = (upper.decimal_point(), upper.num_digits() as i32);
    let (ldp, lnd) = (lower.decimal_point(), lower.num_digits() as i32);
    // 0: the value's digits so far equal the upper point's; 1: the upper point is one unit
    // above in the last digit, with only nines and zeros since; 2: more than that.
    let mut upper_delta = 0u8;
    // Digit positions counted in the upper point's digits; `mi` and `li` the same position in
    // the value's and the lower point's.
    let mut ui: i32 = 0;
    loop {
        let mi = ui - udp + dp;
        if mi >= nd {
            // No shorter decimal: the value's own digits.
            return;
        }
        let li = ui - udp + ldp;
        let at = |x: &Decimal, i: i32| {
            if i >= 0 {
                x.digit_or_zero(i as usize)
            } else {
                0
            }
        };
        let l = at(&lower, li);
        let m = at(d, mi);
        let u = at(&upper, ui);
        // Cutting here stays above the lower point (or meets it, allowed when inclusive).
        let ok_down = l != m || inclusive && li + 1 == lnd;
        upper_delta = match upper_delta {
            0 if m + 1 < u => 2,
            0 if m != u => 1,
            1 if m != 9 || u != 0 => 2,
            x => x,
        };
        // Rounding up here stays below the upper point (or meets it, allowed when inclusive).
        let ok_up = upper_delta > 0 && (inclusive || upper_delta > 1 || ui + 1 < und);
        let cut = (mi + 1) as usize;
        if ok_down && ok_up {
            d.round_nearest(cut);
            return;
        }
        if ok_down {
            d.round_down(cut);
            return;
        }
        if ok_up {
            d.round_up(cut);
            return;
        }
        ui += 1;
    }
}

/// Appends bytes to the output, never past its end (no write there is reachable: the longest
/// text is 24 bytes).
struct Out<'a> {
    buf: &'a mut [u8; 32],
    len: usize,
}

impl Out<'_> {
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }
}

/// Writes the float of format (`mant_bits`, `exp_bits`) whose bits are `bits` as the speed
/// writers lay it out (see [`super`]), `max_fixed` the largest exponent in fixed notation.
#[inline(never)]
fn write(bits: u64, mant_bits: u32, exp_bits: u32, max_fixed: i32, out: &mut [u8; 32]) -> usize {
    let neg = (bits >> (mant_bits + exp_bits)) & 1 != 0;
    let all_ones = (1u64 << exp_bits) - 1;
    let biased = (bits >> mant_bits) & all_ones;
    let mut mant = bits & ((1u64 << mant_bits) - 1);
    if biased == all_ones || biased == 0 && mant == 0 {
        return special(mant == 0 && biased == 0, mant != 0, neg, out);
    }
    let bias = (all_ones >> 1) as i32;
    let min_exp = 1 - bias;
    let exp = if biased == 0 {
        min_exp
    } else {
        mant |= 1 << mant_bits;
        biased as i32 - bias
    };
    let mut d = exact(mant, exp - mant_bits as i32);
    shortest(&mut d, mant, exp, mant_bits, min_exp);
    let nd = d.num_digits() as i32;
    // The scientific exponent: the value is d1.d2... * 10^e.
    let e = d.decimal_point() - 1;
    let scientific = e > max_fixed || e < MIN_FIXED;
    // Digits before the point: one in exponent notation, else e + 1 (zero or less for `0.0...`,
    // where the zeros are digits at negative indexes).
    let point = if scientific { 1 } else { e + 1 };
    let mut o = Out { buf: out, len: 0 };
    if neg {
        o.push(b'-');
    }
    // From the `0` before a fixed `0.` on; to the last digit or, for an integer, the point
    // (zeros past the digits).
    for i in (point - 1).min(0)..nd.max(point) {
        if i == point {
            o.push(b'.');
        }
        let digit = if i >= 0 {
            d.digit_or_zero(i as usize)
        } else {
            0
        };
        o.push(b'0' + digit);
    }
    if scientific {
        o.push(b'E');
        if e < 0 {
            o.push(b'-');
        }
        let a = e.unsigned_abs();
        if a >= 100 {
            o.push(b'0' + (a / 100) as u8);
        }
        if a >= 10 {
            o.push(b'0' + (a / 10 % 10) as u8);
        }
        o.push(b'0' + (a % 10) as u8);
    }
    o.len
}

/// [`crate::write_f64`] under the `size` feature.
pub(crate) fn write_f64(value: f64, out: &mut [u8; 32]) -> usize {
    write(value.to_bits(), 52, 11, super::F64_MAX_FIXED, out)
}

/// [`crate::write_f32`] under the `size` feature.
pub(crate) fn write_f32(value: f32, out: &mut [u8; 32]) -> usize {
    write(u64::from(value.to_bits()), 23, 8, super::F32_MAX_FIXED, out)
}

#[cfg(test)]
mod tests {
    use super::super::{write_f32_fast, write_f64_fast};
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

    fn same_f64(v: f64) {
        let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
        let n = super::write_f64(v, &mut a);
        let m = write_f64_fast(v, &mut b);
        assert_eq!(a[..n], b[..m], "{v:e} ({:#x})", v.to_bits());
    }

    fn same_f32(v: f32) {
        let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
        let n = super::write_f32(v, &mut a);
        let m = write_f32_fast(v, &mut b);
        assert_eq!(a[..n], b[..m], "{v:e} ({:#x})", v.to_bits());
    }

    #[test]
    fn f64_random_bits_match_the_speed_writer() {
        let mut r = Rng::new(0x05ee_df64);
        for _ in 0..count(1_000_000, 5_000) {
            same_f64(f64::from_bits(r.next_u64()));
        }
    }

    #[test]
    fn f64_edges_match_the_speed_writer() {
        for v in [
            0.0,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            f64::EPSILON,
            5e-324,
            1e-323,
            0.1,
            0.3,
            1e15,
            1e16,
            9007199254740993.0,
            1e21,
            1e22,
            1e23,
            123456.789,
            0.0001,
            0.00001,
        ] {
            same_f64(v);
            same_f64(-v);
        }
        let mut r = Rng::new(64);
        // Every exponent: the powers of two (asymmetric interval), their neighbours, the
        // subnormals' bit patterns, and integers and short decimals at every scale.
        for biased in 0..0x7ffu64 {
            for t in [0, 1, (1 << 52) - 1] {
                same_f64(f64::from_bits(biased << 52 | t));
            }
            for _ in 0..count(20, 0) {
                same_f64(f64::from_bits(biased << 52 | r.next_u64() >> 12));
            }
        }
        for _ in 0..count(200_000, 1_000) {
            // Few significant bits: values whose shortest digits are short.
            let m = r.next_u64() >> (11 + r.below(53));
            let e = r.below(200) as i32 - 100;
            same_f64(m as f64 * 10f64.powi(e));
            same_f64(f64::from_bits(r.below(1 << 20)));
        }
    }

    #[test]
    fn f32_bits_match_the_speed_writer() {
        let mut r = Rng::new(0x05ee_df32);
        for _ in 0..count(2_000_000, 20_000) {
            same_f32(f32::from_bits(r.next_u64() as u32));
        }
        for biased in 0..0xffu32 {
            for t in [0, 1, 2, (1 << 23) - 1, (1 << 23) - 2, 1 << 22] {
                same_f32(f32::from_bits(biased << 23 | t));
            }
        }
        for v in [
            0.0f32,
            f32::NAN,
            f32::INFINITY,
            f32::MAX,
            f32::MIN_POSITIVE,
            1e-45,
            1e7,
            0.1,
        ] {
            same_f32(v);
            same_f32(-v);
        }
    }
}
