//! Which bytes of a sixteen-byte block can belong to a number: the masks the typed readers'
//! short decimals ([`float_parse`](crate::float_parse)) and structio-json's text tools find a
//! number's end and check its shape from.

/// The masks of one sixteen-byte block: bit `k` of each for byte `k`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberMasks {
    /// One of `-` to `9`: the bytes of a number without an exponent (and `/`).
    pub number: u32,
    /// A digit.
    pub digits: u32,
    /// A `-`.
    pub minus: u32,
}

/// [`NumberMasks`] of `block`: on x86-64 three SSE2 compares against shared bounds and three
/// mask moves, elsewhere eight bytes a word. A mask the caller does not use costs nothing
/// once inlined.
///
/// ```
/// let m = structio_num::number_masks(b"-12.5,0000000000");
/// assert_eq!((m.number & 0b11_1111, m.digits & 0b11_1111, m.minus), (0b1_1111, 0b1_0110, 1));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn number_masks(block: &[u8; 16]) -> NumberMasks {
    #[cfg(target_arch = "x86_64")]
    {
        number_masks_sse2(block)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        number_masks_swar(block)
    }
}

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn number_masks_sse2(block: &[u8; 16]) -> NumberMasks {
    use core::arch::x86_64::*;
    // SAFETY: the load reads the 16 bytes of `block` (an unaligned load, so any address will
    // do); the other intrinsics need only SSE2, which every x86-64 has, and work on registers.
    unsafe {
        let x = _mm_loadu_si128(block.as_ptr().cast());
        // Signed compares: bytes past ASCII are negative, below both ranges.
        let below_colon = _mm_cmplt_epi8(x, _mm_set1_epi8(b':' as i8));
        let from_minus = _mm_cmpgt_epi8(x, _mm_set1_epi8(b',' as i8));
        let from_zero = _mm_cmpgt_epi8(x, _mm_set1_epi8(b'/' as i8));
        NumberMasks {
            number: _mm_movemask_epi8(_mm_and_si128(below_colon, from_minus)) as u32,
            digits: _mm_movemask_epi8(_mm_and_si128(below_colon, from_zero)) as u32,
            minus: _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(b'-' as i8))) as u32,
        }
    }
}

/// [`NumberMasks`] of a 32-byte block, bit `k` for byte `k`: with AVX2 the three compares and
/// mask moves of [`number_masks`] on one 32-byte register, else the two halves' masks joined.
// Only the speed configuration's x86-64 float reader uses it (and the tests).
#[cfg_attr(any(feature = "size", not(target_arch = "x86_64")), allow(dead_code))]
#[inline(always)]
pub(crate) fn number_masks32(block: &[u8; 32]) -> NumberMasks {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        number_masks_avx2(block)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        number_masks32_halves(block)
    }
}

/// [`number_masks32`] from the masks of the two sixteen-byte halves.
#[cfg_attr(
    any(feature = "size", not(target_arch = "x86_64"), target_feature = "avx2"),
    allow(dead_code)
)]
#[inline(always)]
fn number_masks32_halves(block: &[u8; 32]) -> NumberMasks {
    let (lo, hi) = block.split_at(16);
    let (Some(lo), Some(hi)) = (lo.first_chunk::<16>(), hi.first_chunk::<16>()) else {
        return NumberMasks {
            number: 0,
            digits: 0,
            minus: 0,
        };
    };
    let (lo, hi) = (number_masks(lo), number_masks(hi));
    NumberMasks {
        number: lo.number | hi.number << 16,
        digits: lo.digits | hi.digits << 16,
        minus: lo.minus | hi.minus << 16,
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[cfg_attr(feature = "size", allow(dead_code))]
#[inline(always)]
fn number_masks_avx2(block: &[u8; 32]) -> NumberMasks {
    use core::arch::x86_64::*;
    // SAFETY: the load reads the 32 bytes of `block` (an unaligned load, so any address will
    // do); the other intrinsics need AVX2, which the `cfg` above guarantees on every CPU this
    // code is compiled for, and work on registers.
    unsafe {
        let x = _mm256_loadu_si256(block.as_ptr().cast());
        // Signed compares, as in `number_masks_sse2`: bytes past ASCII are below both ranges.
        let below_colon = _mm256_cmpgt_epi8(_mm256_set1_epi8(b':' as i8), x);
        let from_minus = _mm256_cmpgt_epi8(x, _mm256_set1_epi8(b',' as i8));
        let from_zero = _mm256_cmpgt_epi8(x, _mm256_set1_epi8(b'/' as i8));
        NumberMasks {
            number: _mm256_movemask_epi8(_mm256_and_si256(below_colon, from_minus)) as u32,
            digits: _mm256_movemask_epi8(_mm256_and_si256(below_colon, from_zero)) as u32,
            minus: _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'-' as i8))) as u32,
        }
    }
}

/// [`number_masks`] eight bytes a word, for other targets (and tested against the SSE2 one).
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
fn number_masks_swar(block: &[u8; 16]) -> NumberMasks {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = ONES * 0x80;
    /// High bit set in every byte of `w` from `lo` to `hi` (both below 0x80); exact in every
    /// byte, since no step carries or borrows across a byte.
    const fn range(w: u64, lo: u8, hi: u8) -> u64 {
        let low7 = w & !HIGH;
        let from_lo = low7.wrapping_add(ONES * (0x80 - lo as u64));
        let past_hi = low7.wrapping_add(ONES * (0x7F - hi as u64));
        (from_lo ^ past_hi) & !w & HIGH
    }
    /// The high bits of a byte mask gathered into bits 0 to 7: one multiply, whose partial
    /// products never meet.
    const fn gather(m: u64) -> u32 {
        ((m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
    }
    let lo = u64::from_le_bytes(*block.first_chunk().unwrap_or(&[0; 8]));
    let hi = u64::from_le_bytes(*block.last_chunk().unwrap_or(&[0; 8]));
    let both = |lo_byte: u8, hi_byte: u8| {
        gather(range(lo, lo_byte, hi_byte)) | gather(range(hi, lo_byte, hi_byte)) << 8
    };
    NumberMasks {
        number: both(b'-', b'9'),
        digits: both(b'0', b'9'),
        minus: both(b'-', b'-'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `count` blocks of `N` random bytes from a number-heavy alphabet (xorshift from `seed`).
    fn random_blocks<const N: usize>(seed: u64, count: usize, mut check: impl FnMut(&[u8; N])) {
        let alphabet: &[u8] = b"0123456789.-+eE/,: \x80\xff";
        let mut state = seed;
        for _ in 0..count {
            let mut t = [0u8; N];
            for b in &mut t {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *b = alphabet[(state >> 8) as usize % alphabet.len()];
            }
            check(&t);
        }
    }

    /// The target's masks and the word-at-a-time ones agree: every byte at every position of a
    /// block, and random blocks from a number-heavy alphabet. Under Miri (which runs this for
    /// the SSE2 block's `unsafe`) every byte at two positions and a few hundred blocks.
    #[test]
    fn number_masks_agree_with_the_words() {
        let (positions, randoms) = if cfg!(miri) { (2, 300) } else { (16, 100_000) };
        let block = *b"-1234.56e+7,0 9/";
        for at in (0..16).step_by(16 / positions) {
            for b in 0..=255u8 {
                let mut t = block;
                t[at] = b;
                assert_eq!(number_masks(&t), number_masks_swar(&t), "{t:?}");
            }
        }
        random_blocks::<16>(0x1234_5678_9abc_def0, randoms, |t| {
            assert_eq!(number_masks(t), number_masks_swar(t), "{t:?}");
        });
    }

    /// The 32-byte masks (AVX2 where built with it) are the two halves' word-at-a-time masks
    /// joined: every byte at every position, and random blocks. Under Miri (which runs this
    /// with AVX2 for the 32-byte block's `unsafe`) every byte at four positions and a few
    /// hundred blocks.
    #[test]
    fn number_masks32_agree_with_the_halves() {
        let swar32 = |t: &[u8; 32]| {
            let (lo, hi) = (
                number_masks_swar(&t[..16].try_into().unwrap()),
                number_masks_swar(&t[16..].try_into().unwrap()),
            );
            NumberMasks {
                number: lo.number | hi.number << 16,
                digits: lo.digits | hi.digits << 16,
                minus: lo.minus | hi.minus << 16,
            }
        };
        let (positions, randoms) = if cfg!(miri) { (4, 300) } else { (32, 100_000) };
        let block = *b"-1234.56e+7,0 9/-65.613616999999";
        for at in (0..32).step_by(32 / positions) {
            for b in 0..=255u8 {
                let mut t = block;
                t[at] = b;
                assert_eq!(number_masks32(&t), swar32(&t), "{t:?}");
                assert_eq!(number_masks32_halves(&t), swar32(&t), "{t:?}");
            }
        }
        random_blocks::<32>(0x0fed_cba9_8765_4321, randoms, |t| {
            assert_eq!(number_masks32(t), swar32(t), "{t:?}");
        });
    }
}
