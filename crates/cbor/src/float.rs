//! Floats at the three CBOR widths: the shortest width that holds a value exactly (RFC 8949
//! §4.2.2 preferred serialization). Half precision is decoded by `structio_core::f16_to_f32`.

/// The binary16 bits of `v` if the conversion is exact (NaN: if its payload survives).
#[inline]
pub(crate) fn f32_to_f16_exact(v: f32) -> Option<u16> {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let man = bits & 0x7f_ffff;
    if exp == 0xff {
        // Infinity or NaN: the payload's low 13 bits would be lost.
        return (man & 0x1fff == 0).then_some(sign | 0x7c00 | (man >> 13) as u16);
    }
    if exp == 0 {
        // Zero keeps its sign; an f32 subnormal is far below binary16's range.
        return (man == 0).then_some(sign);
    }
    let e = exp - 127;
    if (-14..=15).contains(&e) {
        return (man & 0x1fff == 0)
            .then_some(sign | (((e + 15) as u16) << 10) | (man >> 13) as u16);
    }
    if (-24..-14).contains(&e) {
        // A binary16 subnormal: (1.man × 2^e) as a multiple of 2^-24.
        let full = man | 0x80_0000;
        let shift = (-1 - e) as u32;
        let lost = full & ((1u32 << shift) - 1);
        return (lost == 0).then_some(sign | (full >> shift) as u16);
    }
    None
}

/// The binary32 form of `v` if it is exact (NaN: if its payload survives).
#[inline]
pub(crate) fn f64_to_f32_exact(v: f64) -> Option<f32> {
    if v.is_nan() {
        let bits = v.to_bits();
        let man = bits & 0x000f_ffff_ffff_ffff;
        if man & 0x1fff_ffff != 0 {
            return None;
        }
        let sign = ((bits >> 32) as u32) & 0x8000_0000;
        return Some(f32::from_bits(sign | 0x7f80_0000 | (man >> 29) as u32));
    }
    let f = v as f32;
    // `==` alone would equate 0.0 and -0.0, but the cast keeps the sign, so this is exact.
    (f64::from(f) == v).then_some(f)
}

/// The exact `f64` of binary32 bits, NaN payloads kept (`f64::from` may quiet a signalling
/// NaN on some targets; the bits are moved by hand).
#[inline]
pub(crate) fn f32_to_f64(v: f32) -> f64 {
    if v.is_nan() {
        let bits = v.to_bits();
        let sign = u64::from(bits >> 31) << 63;
        let man = u64::from(bits & 0x7f_ffff) << 29;
        return f64::from_bits(sign | 0x7ff0_0000_0000_0000 | man);
    }
    f64::from(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use structio_core::f16_to_f32;

    #[test]
    fn half_round_trips_every_pattern() {
        for h in 0..=u16::MAX {
            let f = f16_to_f32(h);
            assert_eq!(f32_to_f16_exact(f), Some(h), "{h:#06x}");
        }
    }

    #[test]
    fn inexact_values_are_refused() {
        assert_eq!(f32_to_f16_exact(1.0 + f32::EPSILON), None);
        assert_eq!(f32_to_f16_exact(65520.0), None);
        assert_eq!(f32_to_f16_exact(f32::from_bits(1)), None);
        assert_eq!(f32_to_f16_exact(1e-8), None);
        assert_eq!(f64_to_f32_exact(1.1), None);
        assert_eq!(
            f64_to_f32_exact(f64::from_bits(0x7ff8_0000_0000_0001)),
            None
        );
        assert_eq!(f64_to_f32_exact(-0.0).map(f32::to_bits), Some(0x8000_0000));
    }
}
