//! Writing floats as their shortest round-trip text, laid out as Glaze's JSON writer does.
//!
//! The layout (Glaze 8.1, `glaze/util/zmij.hpp`): with the shortest digits `d1 d2 ... dn` and
//! the value `d1.d2...dn * 10^e`,
//! - `e` in `-4..=15` for `f64` (`-4..=6` for `f32`) is written in fixed notation with no
//!   trailing `.0`: `1`, `100`, `1234.5`, `0.0001`;
//! - anything else in exponent notation with `E`, no `+`, no leading zeros in the exponent, and no
//!   `.` for a single digit: `1E16`, `1.5E-5`, `5E-324`, `1E7` (an `f32`);
//! - zero is `0` or `-0`; NaN and infinities are `nan`, `inf`, `-inf`.
//!
//! The digits: for `f64` with fraction bits and a normal exponent, zmij's one-product method
//! (`scaled`, credited there); for powers of two, subnormals and `f32`, Schubfach
//! (`schubfach`). Both halves of the 16 digits after the first are split in one register on
//! x86-64 and laid out by `layout`: with SSE4.1 last first and put in order by the layout's
//! byte shuffle, else in order by SSE2 (`bcd16`). Under the `size` feature the public writers
//! are `compact`'s instead: the same bytes from exact decimal arithmetic, with no tables.

#[cfg(any(feature = "size", test))]
mod compact;
mod layout;
mod scaled;
mod schubfach;

/// The largest scientific exponent written in fixed notation for `f64`
/// (Glaze's `max_fixed_dec_exp`: one less than the decimal exponent of 2^54).
pub(crate) const F64_MAX_FIXED: i32 = 15;
/// The same for `f32` (from 2^25).
pub(crate) const F32_MAX_FIXED: i32 = 6;
/// The smallest scientific exponent written in fixed notation, for both widths.
pub(crate) const MIN_FIXED: i32 = -4;

/// Writes the shortest text that reads back as `value` into `out[0..n]` and returns `n`, in
/// Glaze's JSON layout (see the crate source for the exact rules): `1.0` is `1`, exponents
/// use `E` with no `+` from `1E16` up and from `1E-5` down. NaN and the infinities are written
/// `nan`, `inf` and `-inf`; a JSON writer decides what to do with those.
///
/// ```
/// let mut out = [0u8; 32];
/// let mut w = |v: f64| {
///     let n = structio_num::write_f64(v, &mut out);
///     std::str::from_utf8(&out[..n]).unwrap().to_owned()
/// };
/// assert_eq!(w(1.0), "1");
/// assert_eq!(w(0.1), "0.1");
/// assert_eq!(w(1e15), "1000000000000000");
/// assert_eq!(w(1e16), "1E16");
/// assert_eq!(w(0.0001), "0.0001");
/// assert_eq!(w(1.5e-5), "1.5E-5");
/// assert_eq!(w(5e-324), "5E-324");
/// assert_eq!(w(-0.0), "-0");
/// ```
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub fn write_f64(value: f64, out: &mut [u8; 32]) -> usize {
    #[cfg(feature = "size")]
    {
        compact::write_f64(value, out)
    }
    #[cfg(not(feature = "size"))]
    {
        write_f64_fast(value, out)
    }
}

/// [`write_f64`] of the speed configuration (the `size` feature's is in [`compact`]).
#[inline(always)]
#[cfg_attr(feature = "size", allow(dead_code))]
fn write_f64_fast(value: f64, out: &mut [u8; 32]) -> usize {
    let bits = value.to_bits();
    let neg = bits >> 63 != 0;
    let t = bits & ((1 << 52) - 1);
    let bq = ((bits >> 52) & 0x7ff) as i32;
    // One test for everything but the common case: zero, subnormals, infinities and NaN
    // (biased exponent 0 or 0x7ff) and powers of two (no fraction bits).
    if t == 0 || (bq - 1) as u32 >= 0x7fe {
        return rare_f64(value, out);
    }
    let (d17, e) = scaled::f64_regular(t | 1 << 52, bq - 1075);
    write_digits(d17, e, neg, F64_MAX_FIXED, out)
}

/// [`write_f64`] for zero, NaN, the infinities, subnormals and powers of two (Schubfach: the
/// interval below a power of two is half as wide).
#[cold]
#[inline(never)]
fn rare_f64(value: f64, out: &mut [u8; 32]) -> usize {
    let bits = value.to_bits();
    let neg = bits >> 63 != 0;
    if bits << 1 == 0 || (bits >> 52) & 0x7ff == 0x7ff {
        return special(bits << 1 == 0, value.is_nan(), neg, out);
    }
    let (sig, exp) = schubfach::f64_decimal(bits);
    let (d17, e) = align17(sig, exp);
    write_digits(d17, e, neg, F64_MAX_FIXED, out)
}

/// [`write_f64`] for `f32`: the shortest digits that read back as the same `f32`, fixed
/// notation for scientific exponents `-4..=6` (so `1E7` and `1.5E-5`).
///
/// ```
/// let mut out = [0u8; 32];
/// let n = structio_num::write_f32(0.1f32, &mut out);
/// assert_eq!(&out[..n], b"0.1");
/// let n = structio_num::write_f32(1e7f32, &mut out);
/// assert_eq!(&out[..n], b"1E7");
/// ```
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub fn write_f32(value: f32, out: &mut [u8; 32]) -> usize {
    #[cfg(feature = "size")]
    {
        compact::write_f32(value, out)
    }
    #[cfg(not(feature = "size"))]
    {
        write_f32_fast(value, out)
    }
}

/// [`write_f32`] of the speed configuration (the `size` feature's is in [`compact`]).
#[inline(always)]
#[cfg_attr(feature = "size", allow(dead_code))]
fn write_f32_fast(value: f32, out: &mut [u8; 32]) -> usize {
    let bits = value.to_bits();
    let neg = bits >> 31 != 0;
    if bits << 1 == 0 || (bits >> 23) & 0xff == 0xff {
        return special(bits << 1 == 0, value.is_nan(), neg, out);
    }
    let (sig, exp) = schubfach::f32_decimal(bits);
    let (d17, e) = align17(sig, exp);
    write_digits(d17, e, neg, F32_MAX_FIXED, out)
}

/// `sig * 10^exp` (`0 < sig < 10^17`) as 17 left-aligned digits and a scientific exponent.
#[inline(always)]
fn align17(sig: u64, exp: i32) -> (u64, i32) {
    let len = dec_len(sig);
    (
        sig * POW10_U64[17usize.saturating_sub(len).min(16)],
        exp + len as i32 - 1,
    )
}

/// Zero, NaN and the infinities: rare, so out of line.
#[cold]
#[inline(never)]
fn special(zero: bool, nan: bool, neg: bool, out: &mut [u8; 32]) -> usize {
    let text: &[u8] = match (zero, nan, neg) {
        (true, _, false) => b"0",
        (true, _, true) => b"-0",
        (false, true, _) => b"nan",
        (false, false, false) => b"inf",
        (false, false, true) => b"-inf",
    };
    // A zip, not a range index: no length check that could link a panic path.
    for (dst, &b) in out.iter_mut().zip(text) {
        *dst = b;
    }
    text.len()
}

const POW10_U64: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// Number of decimal digits of `x` (1 for 0).
#[inline(always)]
pub(crate) fn dec_len(x: u64) -> usize {
    let bits = 64 - (x | 1).leading_zeros();
    // bits * log10(2), then one compare fixes the guess.
    let guess = ((bits * 1233) >> 12) as usize;
    guess + ((x | 1) >= POW10_U64[guess.min(19)]) as usize
}

/// Eight decimal digits of `x < 10^8` as values 0-9 in the bytes of a little-endian word, the
/// first digit in the lowest byte; three multiplies for all eight, no loop.
#[inline(always)]
pub(crate) fn bcd8(x: u32) -> u64 {
    #[cfg(structio_plain_swar)]
    return bcd8_plain(x);
    #[cfg(not(structio_plain_swar))]
    bcd8_swar(x)
}

/// [`bcd8`] one digit at a time, a division by ten each: the plain alternative of the
/// multiplies (the `structio_plain_swar` switch, which measures what they are worth).
#[cfg(any(structio_plain_swar, test))]
#[inline(always)]
fn bcd8_plain(mut x: u32) -> u64 {
    let mut w = 0u64;
    for lane in (0..8).rev() {
        w |= u64::from(x % 10) << (8 * lane);
        x /= 10;
    }
    w
}

/// [`bcd8`] by three multiplies.
#[inline(always)]
#[cfg_attr(structio_plain_swar, allow(dead_code))]
fn bcd8_swar(x: u32) -> u64 {
    let v = (x / 10000) as u64 | (((x % 10000) as u64) << 32);
    // Each 32-bit lane (< 10^4) split by 100: 10486 / 2^20 is 1/100 exactly enough below 10^4.
    let h = ((v * 10486) >> 20) & 0x0000_007f_0000_007f;
    let v = h | ((v - h * 100) << 16);
    // Each 16-bit lane (< 100) split by 10: 103 / 2^10 is 1/10 exactly enough below 179.
    let h = ((v * 103) >> 10) & 0x000f_000f_000f_000f;
    h | ((v - h * 10) << 8)
}

/// [`bcd8`] of two values `< 10^8` at once: on x86-64 in the lanes of one SSE2 register
/// (baseline there, so no runtime check), elsewhere one after the other.
#[inline(always)]
pub(crate) fn bcd16(a: u32, b: u32) -> (u64, u64) {
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "sse2",
        not(structio_plain_swar)
    ))]
    {
        use core::arch::x86_64::*;
        // SAFETY: these intrinsics need SSE2, which this block is compiled only with (the cfg
        // above; it is part of the x86-64 baseline); they work on registers only, no memory.
        unsafe {
            // One value per 64-bit lane, `a` in the low one.
            let x = lanes_of_u32(a, b);
            // Split by 10^4 into 32-bit lanes, quotient first: 109951163 / 2^40 is 1/10^4 exactly
            // enough below 10^8.
            let q = _mm_srli_epi64::<40>(_mm_mul_epu32(x, _mm_set1_epi64x(109_951_163)));
            let r = _mm_sub_epi64(x, _mm_mul_epu32(q, _mm_set1_epi64x(10_000)));
            let v = _mm_or_si128(q, _mm_slli_epi64::<32>(r));
            // Each 32-bit lane (< 10^4) split by 100 into 16-bit lanes: 5243 / 2^19 is 1/100 exactly
            // enough below 10^4.
            let h = _mm_srli_epi16::<3>(_mm_mulhi_epu16(v, _mm_set1_epi32(5243)));
            let r = _mm_sub_epi16(v, _mm_mullo_epi16(h, _mm_set1_epi32(100)));
            let v = _mm_or_si128(h, _mm_slli_epi32::<16>(r));
            // Each 16-bit lane (< 100) split by 10 into bytes: 6554 / 2^16 is 1/10 exactly enough
            // below 100.
            let h = _mm_mulhi_epu16(v, _mm_set1_epi16(6554));
            let r = _mm_sub_epi16(v, _mm_mullo_epi16(h, _mm_set1_epi16(10)));
            let v = _mm_or_si128(h, _mm_slli_epi16::<8>(r));
            (
                _mm_cvtsi128_si64(v) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64,
            )
        }
    }
    #[cfg(any(
        not(all(target_arch = "x86_64", target_feature = "sse2")),
        structio_plain_swar
    ))]
    {
        (bcd8(a), bcd8(b))
    }
}

/// `lo` and `hi` in the low and high 64-bit lanes of an SSE2 register, hiding from the
/// optimiser that each lane's upper half is zero. Knowing it, LLVM turns a `_mm_mul_epu32` of
/// the lanes into a full 64-bit multiply, and where AVX-512 is enabled selects `vpmullq` for
/// it: three uops and about 15 cycles on Intel cores, against one uop and 5 cycles for
/// `vpmuludq`. Miri does not run inline assembly; without the barrier the result is the same.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "sse2",
    not(structio_plain_swar)
))]
#[inline(always)]
pub(crate) fn lanes_of_u32(lo: u32, hi: u32) -> core::arch::x86_64::__m128i {
    // SAFETY: `_mm_set_epi64x` needs SSE2, which the `cfg` above guarantees; it works on
    // registers only.
    let x = unsafe { core::arch::x86_64::_mm_set_epi64x(i64::from(hi), i64::from(lo)) };
    // SAFETY: the template is empty (a comment): no instruction is emitted, no memory or flag
    // is touched, and `x` leaves the register it came in unchanged.
    #[cfg(not(miri))]
    let x = unsafe {
        let mut x = x;
        core::arch::asm!(
            "/* {0} */",
            inout(xmm_reg) x,
            options(pure, nomem, nostack, preserves_flags)
        );
        x
    };
    x
}

/// Lays out `d.dddddddddddddddd * 10^e` in Glaze's form, from the 17 digits `d17` (in
/// `10^16..10^17`, trailing zeros dropped by `layout`): with exactly 17 digits the layout
/// works at fixed offsets.
#[inline(always)]
fn write_digits(d17: u64, e: i32, neg: bool, max_fixed: i32, out: &mut [u8; 32]) -> usize {
    // One 64-bit division by a constant, then 32-bit ones: the first nine digits are below
    // 10^9, so the first digit and the next eight come apart in 32 bits, beside the last eight.
    let high = (d17 / 100_000_000) as u32;
    let low = (d17 % 100_000_000) as u32;
    let split = layout::Split {
        first: b'0' + (high / 100_000_000) as u8,
        high8: high % 100_000_000,
        low8: low,
    };
    // Everything is stored as whole words straight into `out`, each store in bounds by
    // construction (offsets are masked or clamped so the compiler sees it too); bytes past the
    // returned length are scratch.
    out[0] = b'-';
    let w = neg as usize;
    let scientific = e > max_fixed || e < MIN_FIXED;
    layout::write_laid_out(split, e, scientific, w, out)
}

const ASCII0: u64 = u64::from_le_bytes([b'0'; 8]);

// The stores go through `get_mut` and `first_chunk_mut` rather than a range index: with `at`
// clamped the optimiser folds both checks away where it inlines the store (as it did the range
// index's), and where it does not (opt-level "z" shares code between call sites) a failed check
// skips the store instead of linking a panic path (examples/firmware/no-panic.sh).
#[inline(always)]
fn store8(out: &mut [u8; 32], at: usize, word: u64) {
    let at = at.min(24);
    if let Some(dst) = out.get_mut(at..).and_then(|s| s.first_chunk_mut::<8>()) {
        *dst = word.to_le_bytes();
    }
}

#[inline(always)]
fn store16(out: &mut [u8; 32], at: usize, word: u128) {
    let at = at.min(16);
    if let Some(dst) = out.get_mut(at..).and_then(|s| s.first_chunk_mut::<16>()) {
        *dst = word.to_le_bytes();
    }
}

/// The smallest and largest scientific exponents of a nonzero finite `f64` (`5E-324`,
/// `1.7976931348623157E308`); `f32`'s are inside.
const EXP_MIN: i32 = -324;
const EXP_MAX: i32 = 308;

/// `E`, a `-` if negative, and one to three digits, in the low bytes of a little-endian word,
/// the length in the top byte; one entry per exponent, built at compile time.
static EXP_WORDS: [u64; (EXP_MAX - EXP_MIN + 1) as usize] = {
    let mut t = [0u64; (EXP_MAX - EXP_MIN + 1) as usize];
    let mut i = 0;
    while i < t.len() {
        let e = i as i32 + EXP_MIN;
        let a = e.unsigned_abs() as u64;
        let neg = (e < 0) as u64;
        let (h, d, u) = (a / 100 % 10, a / 10 % 10, a % 10);
        let n = 1 + (a >= 10) as u64 + (a >= 100) as u64;
        // Digits most significant first, with leading zeros dropped by the shift.
        let digits = (h | d << 8 | u << 16 | 0x30_3030) >> (8 * (3 - n));
        let word = b'E' as u64 | (b'-' as u64 * neg) << 8 | digits << (8 + 8 * neg);
        t[i] = word | (1 + neg + n) << 56;
        i += 1;
    }
    t
};

/// `E`, a `-` if negative, and one to three digits, as a little-endian word (bytes past the
/// length are scratch) and its length.
#[inline(always)]
fn exponent(e: i32) -> (u64, usize) {
    // Callers pass exponents of finite nonzero values, all in the table; the clamp keeps the
    // index provably in bounds.
    let i = ((e - EXP_MIN) as usize).min(EXP_WORDS.len() - 1);
    let w = EXP_WORDS[i];
    (w, (w >> 56) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bcd16_is_two_bcd8() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let check = |a: u32, b: u32| {
            assert_eq!(bcd16(a, b), (bcd8(a), bcd8(b)), "{a} {b}");
            assert_eq!(bcd8_plain(a), bcd8_swar(a), "{a}");
        };
        for v in [0, 1, 9, 10, 99, 100, 9999, 10_000, 99_999_999] {
            check(v, 99_999_999 - v);
        }
        for _ in 0..1_000_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            check((x % 100_000_000) as u32, ((x >> 32) % 100_000_000) as u32);
        }
    }
}
