//! The masks of a 64-byte block that the compact-array readers ([`super::bool_blocks`],
//! [`super::int_blocks`]) find elements from: bit `k` of a mask for byte `k`.
//!
//! AVX2 compares the block in two 32-byte halves, SSE2 (every x86-64) in four quarters; with
//! AVX-512BW in the target LLVM makes the same code one 64-byte compare per class.

/// Bytes per block.
pub(super) const BLOCK: usize = 64;

#[cfg(target_feature = "avx2")]
pub(super) use avx2::{digit_mask, eq_masks};
#[cfg(not(target_feature = "avx2"))]
pub(super) use sse2::{digit_mask, eq_masks};

#[cfg(target_feature = "avx2")]
mod avx2 {
    use super::BLOCK;
    use core::arch::x86_64::*;

    /// The two halves of `block`.
    #[inline(always)]
    fn halves(block: &[u8; BLOCK]) -> [__m256i; 2] {
        // SAFETY: the two loads read bytes 0..32 and 32..64 of `block` (unaligned loads);
        // AVX, which this module is compiled only with (the cfg above).
        unsafe {
            [
                _mm256_loadu_si256(block.as_ptr().cast()),
                _mm256_loadu_si256(block.as_ptr().add(32).cast()),
            ]
        }
    }

    /// The high bits of `f`'s lanes on both halves, as one mask.
    #[inline(always)]
    fn bits(block: &[u8; BLOCK], f: impl Fn(__m256i) -> __m256i) -> u64 {
        let [lo, hi] = halves(block);
        // SAFETY: AVX2 on registers.
        let (lo, hi) = unsafe { (_mm256_movemask_epi8(f(lo)), _mm256_movemask_epi8(f(hi))) };
        u64::from(lo as u32) | u64::from(hi as u32) << 32
    }

    /// For each of `bytes`, the mask of the block's bytes equal to it.
    #[inline(always)]
    pub(in crate::read) fn eq_masks<const N: usize>(
        block: &[u8; BLOCK],
        bytes: [u8; N],
    ) -> [u64; N] {
        bytes.map(|b| {
            // SAFETY: AVX2 on registers.
            let eq = |x| unsafe { _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b as i8)) };
            bits(block, eq)
        })
    }

    /// The mask of the block's ASCII digits.
    #[inline(always)]
    pub(in crate::read) fn digit_mask(block: &[u8; BLOCK]) -> u64 {
        // Signed compares: bytes past ASCII are negative, below the range.
        // SAFETY: AVX2 on registers.
        bits(block, |x| unsafe {
            _mm256_and_si256(
                _mm256_cmpgt_epi8(x, _mm256_set1_epi8(b'/' as i8)),
                _mm256_cmpgt_epi8(_mm256_set1_epi8(b':' as i8), x),
            )
        })
    }
}

#[cfg(not(target_feature = "avx2"))]
mod sse2 {
    use super::BLOCK;
    use core::arch::x86_64::*;

    /// The high bits of `f`'s lanes on the four quarters of `block`, as one mask.
    #[inline(always)]
    fn bits(block: &[u8; BLOCK], f: impl Fn(__m128i) -> __m128i) -> u64 {
        (0..4).fold(0u64, |m, k| {
            // SAFETY: load `k` reads bytes 16k..16k+16 of `block`, k < 4 (an unaligned load);
            // SSE2, which every x86-64 has.
            let bits = unsafe {
                let x = _mm_loadu_si128(block.as_ptr().add(16 * k).cast());
                _mm_movemask_epi8(f(x)) as u32 & 0xffff
            };
            m | u64::from(bits) << (16 * k)
        })
    }

    /// For each of `bytes`, the mask of the block's bytes equal to it.
    #[inline(always)]
    pub(in crate::read) fn eq_masks<const N: usize>(
        block: &[u8; BLOCK],
        bytes: [u8; N],
    ) -> [u64; N] {
        bytes.map(|b| {
            // SAFETY: SSE2 on registers.
            bits(block, |x| unsafe {
                _mm_cmpeq_epi8(x, _mm_set1_epi8(b as i8))
            })
        })
    }

    /// The mask of the block's ASCII digits.
    #[inline(always)]
    pub(in crate::read) fn digit_mask(block: &[u8; BLOCK]) -> u64 {
        // Signed compares: bytes past ASCII are negative, below the range.
        // SAFETY: SSE2 on registers.
        bits(block, |x| unsafe {
            _mm_and_si128(
                _mm_cmpgt_epi8(x, _mm_set1_epi8(b'/' as i8)),
                _mm_cmplt_epi8(x, _mm_set1_epi8(b':' as i8)),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both masks against a byte-by-byte look, on random bytes with the classes common.
    #[test]
    fn masks_agree_with_each_byte() {
        let mut rng = structio_testkit::Rng::new(0x6a5c);
        let common = *b",-0159tfx/:]\x80\xff";
        for _ in 0..if cfg!(miri) { 20 } else { 20_000 } {
            let block: [u8; BLOCK] = core::array::from_fn(|_| match rng.below(3) {
                0 => rng.below(256) as u8,
                _ => *rng.pick(&common),
            });
            let each = |f: &dyn Fn(u8) -> bool| {
                (0..BLOCK).fold(0u64, |m, k| m | u64::from(f(block[k])) << k)
            };
            assert_eq!(digit_mask(&block), each(&|b| b.is_ascii_digit()));
            let [comma, minus] = eq_masks(&block, [b',', b'-']);
            assert_eq!(comma, each(&|b| b == b','));
            assert_eq!(minus, each(&|b| b == b'-'));
        }
    }
}
