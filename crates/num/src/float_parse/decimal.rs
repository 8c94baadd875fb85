//! The exact fallback: the decimal digits themselves (up to 768 of them, which decide the
//! rounding of any `f64`), shifted by powers of two until the binary exponent is known, then
//! rounded once. Nigel Tao's "simple decimal conversion". Slow, and only reached for inputs of
//! more than nineteen digits that Eisel-Lemire cannot decide.

use super::lemire::Format;
use super::slow::scale;

/// Enough digits to decide the rounding of any `f64` (the longest exact halfway point has 767
/// significant digits); later nonzero digits only set `truncated`.
const MAX_DIGITS: usize = 768;
/// Room for a left shift's new digits past `MAX_DIGITS` before they are cut.
const SLACK: usize = 32;
const DECIMAL_POINT_RANGE: i32 = 2047;
const MAX_SHIFT: usize = 60;

pub(crate) struct Decimal {
    num_digits: usize,
    /// The value is 0.d1d2d3... * 10^decimal_point.
    decimal_point: i32,
    /// A nonzero digit was dropped past `MAX_DIGITS`.
    truncated: bool,
    digits: [u8; MAX_DIGITS + SLACK],
}

impl Decimal {
    /// Zero: no digits.
    const EMPTY: Decimal = Decimal {
        num_digits: 0,
        decimal_point: 0,
        truncated: false,
        digits: [0; MAX_DIGITS + SLACK],
    };

    /// Reads `mantissa` (digits with at most one `.`, no sign) and an exponent already parsed
    /// (its magnitude saturated at `u64::MAX`, as [`scale`] takes it).
    pub(crate) fn new(mantissa: &[u8], exp: i128) -> Self {
        let mut d = Decimal::EMPTY;
        let mut point = false;
        let mut dp: i64 = 0;
        for &b in mantissa {
            if b == b'.' {
                point = true;
                continue;
            }
            let digit = b.wrapping_sub(b'0');
            if d.num_digits == 0 && digit == 0 {
                // Leading zeros after the point move it; before it they mean nothing.
                dp -= point as i64;
                continue;
            }
            dp += !point as i64;
            if d.num_digits < MAX_DIGITS {
                d.digits[d.num_digits] = digit;
                d.num_digits += 1;
            } else if digit != 0 {
                d.truncated = true;
            }
        }
        d.decimal_point = scale(exp, dp);
        d.trim();
        d
    }

    /// Reads number text a scanner accepted (sign, digits with at most one `.`, then any
    /// exponent) in one pass: the magnitude (the sign is the caller's). The exponent's magnitude
    /// stops growing once past 2^59, beyond any shift the digits can make (the point moves once
    /// per byte of text, and no address space holds 2^59 bytes), so the sum below keeps the sign
    /// and the size of the true one before the clamp (see [`scale`]).
    #[cfg(any(feature = "size", test))]
    pub(crate) fn from_text(text: &[u8]) -> Self {
        let mut d = Decimal::EMPTY;
        let mut point = false;
        let mut in_exp = false;
        let mut exp_neg = false;
        let mut dp: i64 = 0;
        let mut exp: i64 = 0;
        for &b in text {
            let digit = b.wrapping_sub(b'0');
            if digit < 10 {
                if in_exp {
                    if exp < 1 << 59 {
                        exp = exp * 10 + i64::from(digit);
                    }
                } else if d.num_digits == 0 && digit == 0 {
                    // Leading zeros after the point move it; before it they mean nothing.
                    dp -= point as i64;
                } else {
                    dp += !point as i64;
                    if d.num_digits < MAX_DIGITS {
                        d.set_digit(d.num_digits, digit);
                        d.num_digits += 1;
                    } else if digit != 0 {
                        d.truncated = true;
                    }
                }
            } else if b == b'.' {
                point = true;
            } else if b | 0x20 == b'e' {
                in_exp = true;
            } else if b == b'-' {
                // The number's sign (before the exponent) is the caller's.
                exp_neg |= in_exp;
            }
        }
        let exp = if exp_neg { -exp } else { exp };
        d.decimal_point = dp.saturating_add(exp).clamp(-100_000, 100_000) as i32;
        d.trim();
        d
    }

    fn trim(&mut self) {
        while self.num_digits != 0 && self.digits.get(self.num_digits - 1) == Some(&0) {
            self.num_digits -= 1;
        }
    }

    /// Multiplies by 2^shift (shift <= 60).
    ///
    /// Indexing is checked (`get`, `get_mut`) throughout: the bounds hold by the invariant
    /// `num_digits <= MAX_DIGITS`, which the optimiser cannot see, and a firmware image must
    /// link no panic path (examples/firmware/no-panic.sh). This is the rare exact fallback, so
    /// the checks cost nothing that is measured.
    fn left_shift(&mut self, shift: usize) {
        if self.num_digits == 0 {
            return;
        }
        // An upper bound of the new digits (ceil(shift * log10 2)); the first may turn out to be
        // a zero, removed below.
        let extra = ((shift * 1233) >> 12) + 1;
        let mut read = self.num_digits;
        let mut write = self.num_digits + extra;
        let mut n: u64 = 0;
        while read != 0 {
            read -= 1;
            write -= 1;
            n += u64::from(self.digit(read)) << shift;
            self.set_digit(write, (n % 10) as u8);
            n /= 10;
        }
        while n > 0 && write > 0 {
            write -= 1;
            self.set_digit(write, (n % 10) as u8);
            n /= 10;
        }
        // `write` leading slots were never reached: drop them (a forward copy, the source
        // being at or after the destination).
        let new_digits = extra - write;
        let total = self.num_digits + new_digits;
        for i in 0..total {
            self.set_digit(i, self.digit(write + i));
        }
        self.num_digits = total;
        if self.num_digits > MAX_DIGITS {
            self.truncated |= self
                .digits
                .get(MAX_DIGITS..self.num_digits)
                .is_some_and(|cut| cut.iter().any(|&x| x != 0));
            self.num_digits = MAX_DIGITS;
        }
        self.decimal_point += new_digits as i32;
        self.trim();
    }

    /// The digit at `i` (zero past the array: never reached, see [`Self::left_shift`]).
    #[inline(always)]
    fn digit(&self, i: usize) -> u8 {
        self.digits.get(i).copied().unwrap_or(0)
    }

    /// Sets the digit at `i` (nothing past the array: never reached).
    #[inline(always)]
    fn set_digit(&mut self, i: usize, digit: u8) {
        if let Some(slot) = self.digits.get_mut(i) {
            *slot = digit;
        }
    }

    /// Divides by 2^shift (shift <= 60), dropping digits past `MAX_DIGITS` into `truncated`.
    /// Indexing is checked, as in [`Self::left_shift`].
    fn right_shift(&mut self, shift: usize) {
        let mut read = 0;
        let mut write = 0;
        let mut n: u64 = 0;
        while (n >> shift) == 0 {
            if read < self.num_digits {
                n = 10 * n + u64::from(self.digit(read));
                read += 1;
            } else if n == 0 {
                return;
            } else {
                while (n >> shift) == 0 {
                    n *= 10;
                    read += 1;
                }
                break;
            }
        }
        self.decimal_point -= read as i32 - 1;
        if self.decimal_point < -DECIMAL_POINT_RANGE {
            self.num_digits = 0;
            self.decimal_point = 0;
            self.truncated = false;
            return;
        }
        let mask = (1u64 << shift) - 1;
        while read < self.num_digits {
            let digit = (n >> shift) as u8;
            n = 10 * (n & mask) + u64::from(self.digit(read));
            read += 1;
            self.set_digit(write, digit);
            write += 1;
        }
        while n > 0 {
            let digit = (n >> shift) as u8;
            n = 10 * (n & mask);
            if write < MAX_DIGITS {
                self.set_digit(write, digit);
                write += 1;
            } else if digit > 0 {
                self.truncated = true;
            }
        }
        self.num_digits = write;
        self.trim();
    }

    /// The number of significant digits kept (`0.d1d2...dn`, no trailing zeros).
    #[cfg(any(feature = "size", test))]
    pub(crate) fn num_digits(&self) -> usize {
        self.num_digits
    }

    /// The power of ten of `0.d1d2...`.
    #[cfg(any(feature = "size", test))]
    pub(crate) fn decimal_point(&self) -> i32 {
        self.decimal_point
    }

    /// The digit at `i`, or zero at and past [`Self::num_digits`] (the slots there are stale).
    #[cfg(any(feature = "size", test))]
    pub(crate) fn digit_or_zero(&self, i: usize) -> u8 {
        if i < self.num_digits {
            self.digit(i)
        } else {
            0
        }
    }

    /// Multiplies by 2^k (divides for a negative `k`), sixty bits a step.
    #[cfg(any(feature = "size", test))]
    pub(crate) fn shift(&mut self, mut k: i32) {
        while k != 0 {
            let step = k.unsigned_abs().min(MAX_SHIFT as u32);
            if k > 0 {
                self.left_shift(step as usize);
                k -= step as i32;
            } else {
                self.right_shift(step as usize);
                k += step as i32;
            }
        }
    }

    /// Keeps the first `nd` digits, rounded to nearest, ties to even (nothing for `nd` at or
    /// past the digits kept).
    #[cfg(any(feature = "size", test))]
    pub(crate) fn round_nearest(&mut self, nd: usize) {
        if nd >= self.num_digits {
            return;
        }
        let next = self.digit(nd);
        let up = if next == 5 && nd + 1 == self.num_digits {
            // Exactly half: up if a dropped digit was nonzero, else to even.
            self.truncated || (nd > 0 && self.digit(nd - 1) & 1 != 0)
        } else {
            next >= 5
        };
        if up {
            self.round_up(nd);
        } else {
            self.round_down(nd);
        }
    }

    /// Keeps the first `nd` digits, the rest dropped.
    #[cfg(any(feature = "size", test))]
    pub(crate) fn round_down(&mut self, nd: usize) {
        if nd < self.num_digits {
            self.num_digits = nd;
            self.trim();
        }
    }

    /// Keeps the first `nd` digits, plus one unit in the last of them if anything was dropped
    /// (a carry past the first digit makes the value `0.1 * 10^(point + 1)`).
    #[cfg(any(feature = "size", test))]
    pub(crate) fn round_up(&mut self, nd: usize) {
        if nd >= self.num_digits {
            return;
        }
        let mut i = nd;
        while i > 0 {
            i -= 1;
            let d = self.digit(i);
            if d < 9 {
                self.set_digit(i, d + 1);
                self.num_digits = i + 1;
                return;
            }
        }
        self.set_digit(0, 1);
        self.num_digits = 1;
        self.decimal_point += 1;
    }

    /// The integer part, rounded half to even (saturating above 18 digits).
    fn round(&self) -> u64 {
        if self.num_digits == 0 || self.decimal_point < 0 {
            return 0;
        }
        if self.decimal_point > 18 {
            return u64::MAX;
        }
        let dp = self.decimal_point as usize;
        let mut n: u64 = 0;
        for i in 0..dp {
            n = 10 * n
                + if i < self.num_digits {
                    self.digits[i] as u64
                } else {
                    0
                };
        }
        let mut up = false;
        if dp < self.num_digits {
            up = self.digits[dp] >= 5;
            if self.digits[dp] == 5 && dp + 1 == self.num_digits {
                up = self.truncated || (dp != 0 && self.digits[dp - 1] & 1 != 0);
            }
        }
        n + up as u64
    }

    /// The biased bits of the nearest float of format `f`.
    pub(crate) fn into_bits(mut self, f: &Format) -> u64 {
        const POWERS: [u8; 19] = [
            0, 3, 6, 9, 13, 16, 19, 23, 26, 29, 33, 36, 39, 43, 46, 49, 53, 56, 59,
        ];
        let get_shift = |n: usize| POWERS.get(n).map_or(MAX_SHIFT, |&s| s as usize);
        let inf = (f.infinite_power as u64) << f.mantissa_bits;
        if self.num_digits == 0 || self.decimal_point < -324 {
            return 0;
        }
        if self.decimal_point >= 310 {
            return inf;
        }
        let mut exp2: i32 = 0;
        while self.decimal_point > 0 {
            let shift = get_shift(self.decimal_point as usize);
            self.right_shift(shift);
            if self.decimal_point < -DECIMAL_POINT_RANGE {
                return 0;
            }
            exp2 += shift as i32;
        }
        while self.decimal_point <= 0 {
            let shift = if self.decimal_point == 0 {
                match self.digits[0] {
                    d if d >= 5 => break,
                    0 | 1 => 2,
                    _ => 1,
                }
            } else {
                get_shift((-self.decimal_point) as usize)
            };
            self.left_shift(shift);
            if self.decimal_point > DECIMAL_POINT_RANGE {
                return inf;
            }
            exp2 -= shift as i32;
        }
        // Now in [1/2, 1); the binary format wants [1, 2).
        exp2 -= 1;
        while f.minimum_exponent + 1 > exp2 {
            let n = ((f.minimum_exponent + 1 - exp2) as usize).min(MAX_SHIFT);
            self.right_shift(n);
            exp2 += n as i32;
        }
        if exp2 - f.minimum_exponent >= f.infinite_power {
            return inf;
        }
        self.left_shift(f.mantissa_bits as usize + 1);
        let mut mantissa = self.round();
        if mantissa >= 1u64 << (f.mantissa_bits + 1) {
            // Rounding carried into a new bit.
            self.right_shift(1);
            exp2 += 1;
            mantissa = self.round();
            if exp2 - f.minimum_exponent >= f.infinite_power {
                return inf;
            }
        }
        let mut power2 = exp2 - f.minimum_exponent;
        if mantissa < 1u64 << f.mantissa_bits {
            power2 -= 1;
        }
        mantissa &= (1u64 << f.mantissa_bits) - 1;
        ((power2 as u64) << f.mantissa_bits) | mantissa
    }
}
