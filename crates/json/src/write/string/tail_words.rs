//! A string's last bytes, fewer than a chunk, without AVX-512: 16 bytes at a time, then a pair
//! of overlapping words of the largest width that fits, whose bytes to escape one test finds.

use super::{copy_runs, move_chunks, Room, Sink, ESCAPE};
use crate::Result;

/// The high bit of each byte of `w` that is `"`, `\` or below 0x20. Exact per byte: no lane's
/// arithmetic carries into the next, since each adds 0x7f to a value below 0x80.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
const fn special_mask(w: u64) -> u64 {
    const LO7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HI: u64 = 0x8080_8080_8080_8080;
    const fn repeat(b: u8) -> u64 {
        0x0101_0101_0101_0101 * b as u64
    }
    let lo7 = w & LO7;
    let quote = (lo7 ^ repeat(b'"')).wrapping_add(LO7);
    let backslash = (lo7 ^ repeat(b'\\')).wrapping_add(LO7);
    let control = (w & repeat(0x60)).wrapping_add(LO7);
    !((quote & backslash & control) | w) & HI
}

/// Writes `rest` (shorter than a chunk): 16 bytes at a time, then two overlapping loads of the
/// largest width that fits, rather than a byte loop whose exit lands somewhere different for
/// every string. `false` as [`move_chunks`]'s `None`.
#[inline(always)]
pub(super) fn write_tail<S: Sink>(sink: &mut S, rest: &[u8], out: &mut Room) -> Result<bool> {
    let Some(rest) = move_chunks(sink, rest, out, first_special_16)? else {
        return Ok(false);
    };
    // SAFETY: `copy_tail` needs only room for the run, which the invariant gives.
    unsafe { copy_runs(sink, rest, out, copy_tail) }
}

/// The index of the first byte of `chunk` that needs an escape (`"`, `\\`, below 0x20).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn first_special_16(chunk: &[u8; 16]) -> Option<usize> {
    let (a, b) = chunk.split_at(8);
    let m0 = special_mask(u64::from_le_bytes(a.try_into().unwrap_or_default()));
    let m1 = special_mask(u64::from_le_bytes(b.try_into().unwrap_or_default()));
    // The two words as one 128-bit mask: no branch on which word.
    let m = u128::from(m0) | (u128::from(m1) << 64);
    (m != 0).then(|| m.trailing_zeros() as usize / 8)
}

/// The index of the first byte of `chunk` that needs an escape (`"`, `\\`, below 0x20): three
/// SSE2 compares and a mask, where the word-wise test takes about forty instructions.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn first_special_16(chunk: &[u8; 16]) -> Option<usize> {
    // SAFETY: an unaligned load of the 16 bytes of `chunk` (SSE2, which every x86-64 has).
    let m = special_lanes(unsafe { core::arch::x86_64::_mm_loadu_si128(chunk.as_ptr().cast()) });
    (m != 0).then(|| m.trailing_zeros() as usize)
}

/// Bit `j` set for lane `j` of `x` that needs escaping (`"`, `\\`, below 0x20).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn special_lanes(x: core::arch::x86_64::__m128i) -> u32 {
    use core::arch::x86_64::*;
    // SAFETY: SSE2, which every x86-64 has, on registers.
    unsafe {
        let quote = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'"' as i8));
        let slash = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'\\' as i8));
        // Unsigned `max(x, 0x1f) == 0x1f` is exactly the bytes below 0x20.
        let ctrl = _mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8(0x1f)), _mm_set1_epi8(0x1f));
        _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, slash), ctrl)) as u32
    }
}

/// Copies `rest` (fewer than 16 bytes) to `dst` and returns the index in it of the first byte
/// that needs escaping, or its length when none does.
///
/// # Safety
///
/// `dst` has room for `rest.len()` bytes.
#[inline(always)]
unsafe fn copy_tail(rest: &[u8], dst: *mut u8) -> usize {
    let rem = rest.len();
    // Each case loads the first and the last word of `rest`, which overlap when `rem` is not
    // twice the width, and tests both at once: the second word's flags, moved to its offset,
    // land on the first's where they overlap, and the lowest flag is the first byte to escape.
    let flags = if let (Some(a), Some(b)) = (rest.first_chunk::<8>(), rest.last_chunk::<8>()) {
        // SAFETY: `rem >= 8`; both stores end within `dst + rem`.
        unsafe {
            dst.cast::<[u8; 8]>().write_unaligned(*a);
            dst.add(rem - 8).cast::<[u8; 8]>().write_unaligned(*b);
        }
        let m = special_bits(u64::from_le_bytes(*a), u64::from_le_bytes(*b));
        (m & 0xff) | (m >> 8) << (rem - 8)
    } else if let (Some(a), Some(b)) = (rest.first_chunk::<4>(), rest.last_chunk::<4>()) {
        // SAFETY: `rem >= 4`; both stores end within `dst + rem`.
        unsafe {
            dst.cast::<[u8; 4]>().write_unaligned(*a);
            dst.add(rem - 4).cast::<[u8; 4]>().write_unaligned(*b);
        }
        let a = u64::from(u32::from_le_bytes(*a));
        let b = u64::from(u32::from_le_bytes(*b));
        // Only the low four lanes of each word hold bytes of the string.
        let m = special_bits(a, b);
        (m & 0xf) | (m >> 8 & 0xf) << (rem - 4)
    } else {
        let mut m = 0u32;
        for (j, &b) in rest.iter().enumerate() {
            // SAFETY: `j < rem`.
            unsafe { dst.add(j).write(b) };
            m |= u32::from(ESCAPE[usize::from(b)] != 0) << j;
        }
        m
    };
    (flags | 1 << rem).trailing_zeros() as usize
}

/// Bit `j` set for byte `j` of `a` that needs escaping (`"`, `\\`, below 0x20), and bit
/// `8 + j` for byte `j` of `b`: one SSE2 test of both words.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn special_bits(a: u64, b: u64) -> u32 {
    // SAFETY: SSE2, which every x86-64 has, on registers.
    special_lanes(unsafe { core::arch::x86_64::_mm_set_epi64x(b as i64, a as i64) })
}

/// [`special_bits`] where there is no SSE2.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn special_bits(a: u64, b: u64) -> u32 {
    special_bits_by_words(a, b)
}

/// [`special_bits`] by the word-wise test, its lane flags gathered by a multiply (compiled
/// everywhere under test, to be checked against the SSE2 one).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
fn special_bits_by_words(a: u64, b: u64) -> u32 {
    // Lane flags at bit 0 of each byte; the multiply sums lane `j`'s bit into bit 56 + j, and
    // no two lanes' products meet on one bit, so nothing carries.
    let gather = |w: u64| ((special_mask(w) >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
    gather(a) | gather(b) << 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_finds_each_special_byte_in_every_lane() {
        for lane in 0..8 {
            for b in [b'"', b'\\', 0u8, 0x1f] {
                let mut bytes = *b"abcdefgh";
                bytes[lane] = b;
                let m = special_mask(u64::from_le_bytes(bytes));
                assert_eq!(m.trailing_zeros() as usize / 8, lane);
            }
        }
        assert_eq!(special_mask(u64::from_le_bytes(*b"\xff\x80 ~\x7f!#[")), 0);
    }

    /// Both ways of flagging the bytes of two words against a byte-by-byte reference, on words
    /// mixing plain bytes with every kind that needs escaping.
    #[test]
    fn special_bits_match_a_bytewise_reference() {
        let kinds = [
            b'a', b'"', b'\\', 0x00, 0x1f, 0x20, 0x7f, 0x80, 0xff, b'!', b']',
        ];
        let mut rng = structio_testkit::Rng::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..if cfg!(miri) { 2_000 } else { 200_000 } {
            let mut word = || {
                let mut w = [0u8; 8];
                for b in &mut w {
                    *b = *rng.pick(&kinds);
                }
                w
            };
            let (a, b) = (word(), word());
            let want = (0..16).fold(0u32, |m, j| {
                let byte = if j < 8 { a[j] } else { b[j - 8] };
                m | u32::from(ESCAPE[usize::from(byte)] != 0) << j
            });
            let (a, b) = (u64::from_le_bytes(a), u64::from_le_bytes(b));
            assert_eq!(special_bits_by_words(a, b), want, "{a:#x} {b:#x}");
            assert_eq!(special_bits(a, b), want, "{a:#x} {b:#x}");
        }
    }
}
