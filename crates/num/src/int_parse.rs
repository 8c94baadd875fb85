//! Reading JSON integers: up to fifteen digits folded a word at a time with no loop and no
//! branch on the sign or the digit count; anything else (longer numbers, the last bytes of the
//! input, every error) out of line, the position passed by value.

use crate::{Integer, NumError};

/// Reads a JSON integer at `input[pos..]` into `T`.
///
/// Grammar: an optional `-`, then `0` or a digit `1-9` followed by digits; reading stops at the
/// first byte that is not a digit. If that byte is `.`, `e` or `E` the result is
/// [`Invalid`](crate::NumErrorKind::Invalid) at that byte, since an integer destination was
/// given a fraction. A leading zero followed by a digit (`01`) is `Invalid` at the second digit.
/// Unsigned destinations reject any `-`, `-0` included, with `Invalid` at the `-`. A value that
/// does not fit `T` is [`Overflow`](crate::NumErrorKind::Overflow) at the number's first byte,
/// never a wrap. Returns the value and the position after its last digit.
///
/// ```
/// use structio_num::{parse_int, NumErrorKind};
/// assert_eq!(parse_int::<i8>(b"-128]", 0), Ok((-128, 4)));
/// assert_eq!(parse_int::<i8>(b"128", 0).unwrap_err().kind, NumErrorKind::Overflow);
/// assert_eq!(parse_int::<u64>(b"1.5", 0).unwrap_err().offset, 1);
/// ```
#[inline(always)]
pub fn parse_int<T: Integer>(input: &[u8], pos: usize) -> Result<(T, usize), NumError> {
    T::parse_at(input, pos)
}

/// Lanes of `w` (little-endian bytes) that are not ASCII digits get their high bit set. Only
/// the lowest such lane is exact: a carry may also light lanes above it, which no caller reads.
#[inline(always)]
#[cfg_attr(
    any(
        all(target_arch = "x86_64", target_feature = "ssse3", not(test)),
        structio_plain_swar
    ),
    allow(dead_code)
)]
pub(crate) fn non_digits(w: u128) -> u128 {
    const L30: u128 = u128::from_le_bytes([0x30; 16]);
    const L76: u128 = u128::from_le_bytes([0x76; 16]);
    const L80: u128 = u128::from_le_bytes([0x80; 16]);
    let t = w ^ L30;
    (t.wrapping_add(L76) | t) & L80
}

/// The value of eight digits 0-9 in the bytes of `v`, the first in the lowest byte. (Other
/// bytes give a meaningless value, without overflow traps, for callers that discard it.)
#[inline(always)]
#[cfg_attr(structio_plain_swar, allow(dead_code))]
pub(crate) fn fold8(v: u64) -> u64 {
    let v = (v.wrapping_mul(10).wrapping_add(v >> 8)) & 0x00ff_00ff_00ff_00ff;
    let v = (v.wrapping_mul(100).wrapping_add(v >> 16)) & 0x0000_ffff_0000_ffff;
    (v.wrapping_mul(10_000).wrapping_add(v >> 32)) & 0xffff_ffff
}

/// The number of leading digits of `w` (0..=16, little-endian bytes) and their value (0 for
/// none). With SSSE3 (any x86-64-v2 or later target CPU) one byte shuffle and three
/// multiply-adds do what the word folds do; the two give the same answer on every input (a
/// test compares them).
#[inline(always)]
pub(crate) fn digits16(w: u128) -> (usize, u64) {
    #[cfg(structio_plain_swar)]
    {
        digits16_plain(w)
    }
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "ssse3",
        not(structio_plain_swar)
    ))]
    {
        digits16_ssse3(w)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "ssse3"),
        structio_plain_swar
    )))]
    {
        digits16_swar(w)
    }
}

/// [`digits16`] one digit at a time: the plain alternative of the folds (the
/// `structio_plain_swar` switch, which measures what they are worth).
#[cfg(any(structio_plain_swar, test))]
#[inline(always)]
pub(crate) fn digits16_plain(w: u128) -> (usize, u64) {
    let b = w.to_le_bytes();
    let mut n = 0;
    let mut v = 0u64;
    while let Some(&d) = b.get(n) {
        if !d.is_ascii_digit() {
            break;
        }
        v = v * 10 + u64::from(d - b'0');
        n += 1;
    }
    (n, v)
}

/// [`value16`] one digit at a time (the `structio_plain_swar` switch).
#[cfg(any(structio_plain_swar, test))]
#[inline(always)]
pub(crate) fn value16_plain(w: u128, n: usize) -> u64 {
    let b = w.to_le_bytes();
    let mut v = 0u64;
    for &d in b.iter().take(n) {
        v = v
            .wrapping_mul(10)
            .wrapping_add(u64::from(d.wrapping_sub(b'0')));
    }
    v
}

/// [`digits16`] a word at a time, for any target.
#[inline(always)]
#[cfg_attr(
    any(
        all(target_arch = "x86_64", target_feature = "ssse3", not(test)),
        structio_plain_swar
    ),
    allow(dead_code)
)]
pub(crate) fn digits16_swar(w: u128) -> (usize, u64) {
    let n = (non_digits(w).trailing_zeros() / 8) as usize;
    (n, value16_swar(w, n))
}

/// [`value16`] a word at a time, for any target.
#[inline(always)]
#[cfg_attr(
    any(
        all(target_arch = "x86_64", target_feature = "ssse3", not(test)),
        structio_plain_swar
    ),
    allow(dead_code)
)]
fn value16_swar(w: u128, n: usize) -> u64 {
    // Move the digits to the top lanes; the zeros shifted in below are leading zeros. No digits
    // shift everything out, giving zero.
    let d = (w ^ u128::from_le_bytes([0x30; 16]))
        .checked_shl(128 - 8 * n as u32)
        .unwrap_or(0);
    fold8(d as u64)
        .wrapping_mul(100_000_000)
        .wrapping_add(fold8((d >> 64) as u64))
}

/// `pshufb` controls, sixteen bytes read at offset `n`: lanes below `16 - n` cleared (high bit
/// set), the lanes above taking source lanes `0..n`, so that `n` leading digits end up in the
/// last lanes behind leading zeros. Offsets up to 31 stay inside the table.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    not(structio_plain_swar)
))]
pub(crate) const RIGHT_ALIGN: [u8; 48] = {
    let mut t = [0x80u8; 48];
    let mut i = 0;
    while i < 16 {
        t[16 + i] = i as u8;
        i += 1;
    }
    t
};

/// [`non_digits`] of one 64-bit word: lanes of `w` that are not ASCII digits get their high bit
/// set, exact for the lowest such lane.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    not(structio_plain_swar)
))]
#[inline(always)]
fn non_digits64(w: u64) -> u64 {
    const L30: u64 = u64::from_le_bytes([0x30; 8]);
    const L76: u64 = u64::from_le_bytes([0x76; 8]);
    const L80: u64 = u64::from_le_bytes([0x80; 8]);
    let t = w ^ L30;
    (t.wrapping_add(L76) | t) & L80
}

/// [`digits16`] with SSSE3: the digit count from the two 64-bit halves in general registers,
/// then [`value16`]'s shuffle. The count is on the chain a reader's position waits on from
/// one number to the next; word arithmetic gets it sooner than a vector compare and a mask
/// moved back to a general register (on Zen 5, 250 integers of one to seven digits: 1.39 ->
/// 1.03 µs).
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "ssse3",
    not(structio_plain_swar)
))]
#[inline(always)]
fn digits16_ssse3(w: u128) -> (usize, u64) {
    let lo = non_digits64(w as u64);
    let hi = non_digits64((w >> 64) as u64);
    // A half with no digit lane cleared is all digits: 64 trailing zeros, eight lanes. The
    // halves apart, not `non_digits(w).trailing_zeros()`: the 128-bit add's carry and the
    // select of the two counts lengthen the chain (Zen 5, the same 250 integers: 1.25 µs
    // against 1.02), and the branch is predicted when most numbers are short.
    let n = if lo != 0 {
        lo.trailing_zeros() / 8
    } else {
        8 + hi.trailing_zeros() / 8
    } as usize;
    (n, value16(w, n))
}

/// The value of the first `n` (at most 16) lanes of `w`, which are ASCII digits (little-endian
/// bytes; 0 for `n == 0`). With SSSE3 the `n` digits move to the last lanes by one shuffle and
/// are folded pairwise by multiply-adds (10, 100, 10^4) into two eight-digit halves; elsewhere
/// by word folds.
#[inline(always)]
pub(crate) fn value16(w: u128, n: usize) -> u64 {
    #[cfg(structio_plain_swar)]
    {
        value16_plain(w, n)
    }
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "ssse3",
        not(structio_plain_swar)
    ))]
    {
        use core::arch::x86_64::*;
        // SAFETY: the intrinsics need SSE2 and SSSE3, which the `cfg` above guarantees on every
        // CPU this code is compiled for; none of them reads or writes memory.
        let q = unsafe {
            let v = _mm_set_epi64x((w >> 64) as i64, w as i64);
            let t = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
            let k = n & 31;
            let mut c = [0u8; 16];
            c.copy_from_slice(&RIGHT_ALIGN[k..k + 16]);
            let c = u128::from_le_bytes(c);
            let d = _mm_shuffle_epi8(t, _mm_set_epi64x((c >> 64) as i64, c as i64));
            // Lanes (2i, 2i + 1) -> 10 * a + b, then pairs of those -> 100 * a + b: four values
            // of four digits each, the most significant first.
            let d = _mm_maddubs_epi16(d, _mm_set1_epi16(0x010a));
            let d = _mm_madd_epi16(d, _mm_set1_epi32(0x0001_0064));
            // Below 10^4, so the signed saturating pack is exact; then 10^4 * a + b.
            let d = _mm_packs_epi32(d, d);
            let d = _mm_madd_epi16(d, _mm_set1_epi32(0x0001_2710));
            _mm_cvtsi128_si64(d) as u64
        };
        (q & 0xffff_ffff) * 100_000_000 + (q >> 32)
    }
    #[cfg(not(any(
        all(target_arch = "x86_64", target_feature = "ssse3"),
        structio_plain_swar
    )))]
    {
        value16_swar(w, n)
    }
}

/// The value of the `n` (at most 16) ASCII digits that start `digits`, for readers that
/// found where a number ends by other means (structio-json's compact integer arrays). Bytes
/// past the `n`th are ignored; other bytes within them give a meaningless value.
///
/// ```
/// assert_eq!(structio_num::digits_value(b"1234567890123456", 4), 1234);
/// assert_eq!(structio_num::digits_value(b"9876543210987654", 16), 9_876_543_210_987_654);
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn digits_value(digits: &[u8; 16], n: usize) -> u64 {
    value16(u128::from_le_bytes(*digits), n.min(16))
}

/// The common case: at least 17 bytes from `pos`, at most 15 digits, no error. `None` sends the
/// caller to [`slow`], which also finds the error.
#[inline(always)]
fn fast(input: &[u8], pos: usize, signed: bool) -> Option<(u64, bool, usize)> {
    let head: &[u8; 17] = input.get(pos..)?.get(..17)?.try_into().ok()?;
    let neg = signed & (head[0] == b'-');
    let w = digits_after_sign(head, neg);
    let (n, v) = digits16(w);
    let term = (w >> (8 * (n as u32 & 15))) as u8;
    let lead_zero = (w as u8 == b'0') & (n > 1);
    let fraction = (term == b'.') | (term | 0x20 == b'e');
    if (n == 0) | (n > 15) | lead_zero | fraction {
        return None;
    }
    Some((v, neg, pos + neg as usize + n))
}

/// The sixteen bytes after the sign (`neg`) or from the start of `head`, little-endian.
///
/// On 64-bit targets by a shift in registers: a load from `1 + neg` would wait on the load
/// that found the sign, a second load on the chain the reader's position follows from one
/// number to the next. Selected without a branch, which a document's signs would mispredict
/// (LLVM turns a mask select into one). Elsewhere, where a 128-bit shift is several
/// instructions of flash, by the load.
#[inline(always)]
fn digits_after_sign(head: &[u8; 17], neg: bool) -> u128 {
    let mut w = [0u8; 16];
    #[cfg(target_pointer_width = "64")]
    {
        w.copy_from_slice(&head[..16]);
        let at_start = u128::from_le_bytes(w);
        let after_sign = (at_start >> 8) | (u128::from(head[16]) << 120);
        core::hint::select_unpredictable(neg, after_sign, at_start)
    }
    #[cfg(not(target_pointer_width = "64"))]
    {
        w.copy_from_slice(&head[usize::from(neg)..usize::from(neg) + 16]);
        u128::from_le_bytes(w)
    }
}

#[inline(always)]
fn byte(input: &[u8], i: usize) -> u8 {
    match input.get(i) {
        Some(&b) => b,
        None => 0,
    }
}

/// Everything the fast path declines: digits one at a time in `u128` with exact overflow
/// checks, and every error with its offset. Returns the magnitude, the sign and the end.
#[cold]
#[inline(never)]
fn slow(
    input: &[u8],
    pos: usize,
    signed: bool,
    max_pos: u128,
) -> Result<(u128, bool, usize), NumError> {
    if pos > input.len() {
        return Err(NumError::invalid(pos));
    }
    let neg = byte(input, pos) == b'-';
    if neg && !signed {
        return Err(NumError::invalid(pos));
    }
    let start = pos + neg as usize;
    let mut i = start;
    let mut v: u128 = 0;
    let mut overflow = false;
    while byte(input, i).is_ascii_digit() {
        let d = (byte(input, i) - b'0') as u128;
        match v.checked_mul(10).and_then(|x| x.checked_add(d)) {
            Some(x) => v = x,
            None => overflow = true,
        }
        i += 1;
    }
    if i == start {
        return Err(NumError::invalid(start));
    }
    if byte(input, start) == b'0' && i > start + 1 {
        return Err(NumError::invalid(start + 1));
    }
    if matches!(byte(input, i), b'.' | b'e' | b'E') {
        return Err(NumError::invalid(i));
    }
    if overflow || v > max_pos + neg as u128 {
        return Err(NumError::overflow(pos));
    }
    Ok((v, neg, i))
}

/// An unsigned value no greater than `max`.
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub(crate) fn parse_u64(input: &[u8], pos: usize, max: u64) -> Result<(u64, usize), NumError> {
    // The size configuration reads every integer through the exact digit loop alone: the
    // same results without a second, word-at-a-time copy of the grammar.
    #[cfg(feature = "size")]
    let quick: Option<(u64, bool, usize)> = None;
    #[cfg(not(feature = "size"))]
    let quick = fast(input, pos, false);
    match quick {
        Some((v, _, end)) if v <= max => Ok((v, end)),
        _ => match slow(input, pos, false, max as u128) {
            Ok((v, _, end)) => Ok((v as u64, end)),
            Err(e) => Err(e),
        },
    }
}

/// A signed magnitude no greater than `max_pos`, or `max_pos + 1` when negative.
#[cfg_attr(not(feature = "size"), inline(always))]
#[cfg_attr(feature = "size", inline(never))]
pub(crate) fn parse_i64(
    input: &[u8],
    pos: usize,
    max_pos: u64,
) -> Result<(u64, bool, usize), NumError> {
    // As in `parse_u64`: the exact digit loop alone in the size configuration.
    #[cfg(feature = "size")]
    let quick: Option<(u64, bool, usize)> = None;
    #[cfg(not(feature = "size"))]
    let quick = fast(input, pos, true);
    match quick {
        // `v <= max + neg` without a branch on the sign.
        Some((v, neg, end)) if v <= max_pos + neg as u64 => Ok((v, neg, end)),
        _ => match slow(input, pos, true, max_pos as u128) {
            Ok((v, neg, end)) => Ok((v as u64, neg, end)),
            Err(e) => Err(e),
        },
    }
}

#[inline(always)]
pub(crate) fn parse_u128(input: &[u8], pos: usize, max: u128) -> Result<(u128, usize), NumError> {
    match fast(input, pos, false) {
        Some((v, _, end)) => Ok((v as u128, end)),
        None => match slow(input, pos, false, max) {
            Ok((v, _, end)) => Ok((v, end)),
            Err(e) => Err(e),
        },
    }
}

#[inline(always)]
pub(crate) fn parse_i128(
    input: &[u8],
    pos: usize,
    max_pos: u128,
) -> Result<(u128, bool, usize), NumError> {
    match fast(input, pos, true) {
        Some((v, neg, end)) => Ok((v as u128, neg, end)),
        None => slow(input, pos, true, max_pos),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shuffle and the word folds agree on every digit count, with digits, the bytes around
    /// them (`/`, `:`, `.`, `e`, `-`, 0x00, 0xff, 0xb0) and random bytes after the run.
    #[test]
    fn digits16_forms_agree() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        let odd = [
            b'/',
            b':',
            b'.',
            b'e',
            b'-',
            0,
            0xff,
            0xb0,
            0x30 + 0x80,
            b' ',
        ];
        for _ in 0..200_000 {
            let mut b = [0u8; 16];
            let n = (next() % 17) as usize;
            for (i, v) in b.iter_mut().enumerate() {
                let r = next();
                *v = if i < n {
                    b'0' + (r % 10) as u8
                } else if i == n || r & 1 == 0 {
                    odd[(r >> 8) as usize % odd.len()]
                } else {
                    (r >> 16) as u8
                };
            }
            let w = u128::from_le_bytes(b);
            let want = digits16_swar(w);
            assert_eq!(digits16(w), want, "{b:?}");
            assert_eq!(digits16_plain(w), want, "{b:?}");
            assert_eq!(want.0, b.iter().take_while(|c| c.is_ascii_digit()).count());
            // The value of any digit prefix, as the predicted-length reader asks for it.
            for k in 0..=n {
                let reference = b[..k]
                    .iter()
                    .fold(0u64, |v, d| v * 10 + u64::from(d - b'0'));
                assert_eq!(value16(w, k), reference, "{b:?} {k}");
                assert_eq!(value16_plain(w, k), reference, "{b:?} {k}");
            }
        }
    }
}
