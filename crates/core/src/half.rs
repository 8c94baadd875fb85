//! IEEE binary16 ("half") decoding, shared by the formats that carry 16-bit floats (BEVE,
//! BJData and CBOR).

/// The exact `f32` of binary16 bits: subnormals, infinities and NaN payloads included (every
/// binary16 value is representable in `f32`).
///
/// ```
/// use structio_core::f16_to_f32;
/// assert_eq!(f16_to_f32(0x3c00), 1.0);
/// assert_eq!(f16_to_f32(0xc000), -2.0);
/// assert_eq!(f16_to_f32(0x0001), 2f32.powi(-24));
/// assert_eq!(f16_to_f32(0x7c00), f32::INFINITY);
/// assert!(f16_to_f32(0x7e00).is_nan());
/// ```
#[inline]
pub fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    if exp == 0 {
        // Zero or subnormal: man × 2^-24, exact in f32 (a product by a power of two).
        let v = man as f32 * (1.0 / 16_777_216.0);
        return f32::from_bits(v.to_bits() | sign);
    }
    if exp == 31 {
        return f32::from_bits(sign | 0x7f80_0000 | (man << 13));
    }
    f32::from_bits(sign | ((exp + 112) << 23) | (man << 13))
}

#[cfg(test)]
mod tests {
    use super::f16_to_f32;

    /// A second derivation: subnormals normalised by shifting the mantissa instead of a
    /// multiplication, so the two agree only if both are right.
    fn by_normalising(h: u16) -> u32 {
        let sign = u32::from(h >> 15) << 31;
        let exp = u32::from((h >> 10) & 0x1f);
        let man = u32::from(h & 0x3ff);
        match exp {
            0 if man == 0 => sign,
            0 => {
                let shift = man.leading_zeros() - 21;
                sign | ((113 - shift) << 23) | (((man << shift) & 0x3ff) << 13)
            }
            0x1f => sign | 0x7f80_0000 | (man << 13),
            _ => sign | ((exp + 112) << 23) | (man << 13),
        }
    }

    #[test]
    fn every_pattern_matches_the_normalising_derivation() {
        for h in 0..=u16::MAX {
            assert_eq!(f16_to_f32(h).to_bits(), by_normalising(h), "{h:#06x}");
        }
    }

    #[test]
    fn landmarks() {
        assert_eq!(f16_to_f32(0x7bff), 65504.0);
        assert_eq!(f16_to_f32(0x0400), 2f32.powi(-14));
        assert_eq!(f16_to_f32(0x03ff), 1023.0 * 2f32.powi(-24));
        assert_eq!(f16_to_f32(0x8000).to_bits(), 0x8000_0000);
        assert_eq!(f16_to_f32(0x7c01).to_bits(), 0x7f80_2000);
    }
}
