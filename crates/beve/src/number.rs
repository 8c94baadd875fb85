//! The numeric element types BEVE stores as fixed-width little-endian words, and the conversions
//! a reader applies when the stored width differs from the destination's.
//!
//! Rust has no stable `f16`, `bf16` or `f128`, so those widths travel as bit-pattern newtypes
//! ([`F16`], [`Bf16`], [`F128`]); an `f32`/`f64` destination also accepts `f16` and `bf16` input.

use crate::header;

mod sealed {
    pub trait Sealed {}
}

/// A number a BEVE document stores in fixed width: every integer, `f32`, `f64` and the
/// [`Bf16`]/[`F16`]/[`F128`] bit patterns. Sealed; its constants are the headers the type is
/// written with, and arrays of it move as one bulk copy.
///
/// ```
/// use structio_beve::Number;
/// assert_eq!(<f64 as Number>::HEADER, 0x61);
/// assert_eq!(<i16 as Number>::TYPED_HEADER, 0x2c);
/// ```
pub trait Number: bytemuck::Pod + PartialEq + core::fmt::Debug + sealed::Sealed {
    /// Numeric class (0 float, 1 signed, 2 unsigned).
    ///
    /// ```
    /// use structio_beve::Number;
    /// assert_eq!((<f32 as Number>::CLASS, <i8 as Number>::CLASS, <u64 as Number>::CLASS), (0, 1, 2));
    /// ```
    const CLASS: u8;
    /// BYTE COUNT code: the width is `2^CODE` bytes (bfloat16: 0, two bytes).
    ///
    /// ```
    /// use structio_beve::{Bf16, Number};
    /// assert_eq!(1 << <u64 as Number>::CODE, 8);
    /// assert_eq!(<Bf16 as Number>::CODE, 0);
    /// ```
    const CODE: u8;
    /// The header of a single value.
    ///
    /// ```
    /// use structio_beve::Number;
    /// assert_eq!(structio_beve::to_vec(&7u8).unwrap(), [<u8 as Number>::HEADER, 7]);
    /// ```
    const HEADER: u8 = header::number(Self::CLASS, Self::CODE);
    /// The header of a typed array of this element.
    ///
    /// ```
    /// use structio_beve::Number;
    /// assert_eq!(structio_beve::to_vec(&vec![7u8]).unwrap(), [<u8 as Number>::TYPED_HEADER, 0x04, 7]);
    /// ```
    const TYPED_HEADER: u8 = header::typed_array(Self::CLASS, Self::CODE);
    /// The header of an object whose keys are this (integer) type.
    ///
    /// ```
    /// use structio_beve::Number;
    /// let m = std::collections::BTreeMap::from([(1u32, true)]);
    /// assert_eq!(structio_beve::to_vec(&m).unwrap()[0], <u32 as Number>::KEY_OBJECT_HEADER);
    /// ```
    const KEY_OBJECT_HEADER: u8 = header::int_key_object(Self::CLASS, Self::CODE);
    /// Zero, for filling fixed arrays before a bulk copy.
    ///
    /// ```
    /// use structio_beve::{Bf16, Number};
    /// assert_eq!(<f64 as Number>::ZERO, 0.0);
    /// assert_eq!(<Bf16 as Number>::ZERO, Bf16(0));
    /// ```
    const ZERO: Self;

    /// Converts between native and little-endian byte order (the identity on little-endian).
    ///
    /// ```
    /// use structio_beve::Number;
    /// let stored = [0x2a, 0, 0, 0]; // little-endian, as in a document
    /// assert_eq!(u32::from_ne_bytes(stored).swap_le(), 42);
    /// ```
    fn swap_le(self) -> Self;

    /// The value widened for conversion to another width.
    #[doc(hidden)]
    fn to_wide(self) -> Wide;

    /// The value from another width, or `None` if it is out of range or the conversion is
    /// refused (float to integer; the newtype widths convert to nothing).
    #[doc(hidden)]
    fn from_wide(wide: Wide) -> Option<Self>;
}

/// A number of any width, the common ground of converting reads.
#[doc(hidden)]
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Wide {
    /// A signed integer.
    Signed(i128),
    /// An unsigned integer.
    Unsigned(u128),
    /// A float of at most 64 bits.
    Float(f64),
    /// A value that converts to nothing but its own type (`f128`).
    Other,
}

macro_rules! int_number {
    ($($t:ty, $class:expr, $code:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        impl Number for $t {
            const CLASS: u8 = $class;
            const CODE: u8 = $code;
            const ZERO: Self = 0;
            #[inline(always)]
            fn swap_le(self) -> Self {
                <$t>::from_le(self)
            }
            #[inline]
            fn to_wide(self) -> Wide {
                if $class == header::CLASS_SIGNED {
                    Wide::Signed(self as i128)
                } else {
                    Wide::Unsigned(self as u128)
                }
            }
            #[inline]
            fn from_wide(wide: Wide) -> Option<Self> {
                match wide {
                    Wide::Signed(v) => <$t>::try_from(v).ok(),
                    Wide::Unsigned(v) => <$t>::try_from(v).ok(),
                    Wide::Float(_) | Wide::Other => None,
                }
            }
        }
    )*};
}

int_number! {
    i8, header::CLASS_SIGNED, 0;
    i16, header::CLASS_SIGNED, 1;
    i32, header::CLASS_SIGNED, 2;
    i64, header::CLASS_SIGNED, 3;
    i128, header::CLASS_SIGNED, 4;
    u8, header::CLASS_UNSIGNED, 0;
    u16, header::CLASS_UNSIGNED, 1;
    u32, header::CLASS_UNSIGNED, 2;
    u64, header::CLASS_UNSIGNED, 3;
    u128, header::CLASS_UNSIGNED, 4;
}

// `usize`/`isize` are written at the target's pointer width, as Glaze writes `size_t`.
#[cfg(target_pointer_width = "64")]
int_number! { isize, header::CLASS_SIGNED, 3; usize, header::CLASS_UNSIGNED, 3; }
#[cfg(target_pointer_width = "32")]
int_number! { isize, header::CLASS_SIGNED, 2; usize, header::CLASS_UNSIGNED, 2; }
#[cfg(target_pointer_width = "16")]
int_number! { isize, header::CLASS_SIGNED, 1; usize, header::CLASS_UNSIGNED, 1; }

macro_rules! float_number {
    ($($t:ty, $bits:ty, $code:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        impl Number for $t {
            const CLASS: u8 = header::CLASS_FLOAT;
            const CODE: u8 = $code;
            const ZERO: Self = 0.0;
            #[inline(always)]
            fn swap_le(self) -> Self {
                <$t>::from_bits(<$bits>::from_le(self.to_bits()))
            }
            #[inline]
            fn to_wide(self) -> Wide {
                Wide::Float(self as f64)
            }
            #[inline]
            fn from_wide(wide: Wide) -> Option<Self> {
                // Integer to float rounds like `as`, the way Glaze's conversions do.
                match wide {
                    Wide::Signed(v) => Some(v as $t),
                    Wide::Unsigned(v) => Some(v as $t),
                    Wide::Float(v) => Some(v as $t),
                    Wide::Other => None,
                }
            }
        }
    )*};
}

float_number! { f32, u32, 2; f64, u64, 3; }

macro_rules! bits_number {
    ($($t:ident, $bits:ty, $code:expr, $wide:expr, $doc:expr;)*) => {$(
        #[doc = $doc]
        #[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
        #[repr(transparent)]
        pub struct $t(
            /// The value's bit pattern.
            pub $bits,
        );

        // SAFETY: a `repr(transparent)` wrapper of an unsigned integer: no padding, every bit
        // pattern valid, and all-zero bits a valid value.
        unsafe impl bytemuck::Zeroable for $t {}
        // SAFETY: as above; the wrapper is `Copy` and `'static`.
        unsafe impl bytemuck::Pod for $t {}

        impl sealed::Sealed for $t {}
        impl Number for $t {
            const CLASS: u8 = header::CLASS_FLOAT;
            const CODE: u8 = $code;
            const ZERO: Self = $t(0);
            #[inline(always)]
            fn swap_le(self) -> Self {
                $t(<$bits>::from_le(self.0))
            }
            #[inline]
            fn to_wide(self) -> Wide {
                let convert: fn($bits) -> Wide = $wide;
                convert(self.0)
            }
            #[inline]
            fn from_wide(_: Wide) -> Option<Self> {
                None
            }
        }
    )*};
}

bits_number! {
    Bf16, u16, 0, |b| Wide::Float(f64::from(Bf16(b).to_f32())),
        "A bfloat16 as its bits (the upper half of an `f32`).\n\n```\nuse structio_beve::Bf16;\nassert_eq!(Bf16::from_f32(1.0), Bf16(0x3f80));\nassert_eq!(Bf16(0x3f80).to_f32(), 1.0);\n```";
    F16, u16, 1, |b| Wide::Float(f64::from(F16(b).to_f32())),
        "An IEEE binary16 as its bits.\n\n```\nuse structio_beve::F16;\nassert_eq!(F16(0x3c00).to_f32(), 1.0);\n```";
    F128, u128, 4, |_| Wide::Other,
        "An IEEE binary128 as its bits (kept whole; converts to no other type).\n\n```\nlet one = structio_beve::F128(0x3fff_u128 << 112);\nassert_eq!(structio_beve::to_vec(&one).unwrap()[0], 0x81);\n```";
}

impl Bf16 {
    /// The nearest bfloat16 (ties to even; NaN stays NaN).
    ///
    /// ```
    /// assert_eq!(structio_beve::Bf16::from_f32(-2.0).0, 0xc000);
    /// ```
    pub fn from_f32(v: f32) -> Self {
        let bits = v.to_bits();
        if v.is_nan() {
            return Bf16(((bits >> 16) | 0x40) as u16);
        }
        let round = 0x7fff + ((bits >> 16) & 1);
        Bf16((bits.wrapping_add(round) >> 16) as u16)
    }

    /// The exact `f32` of this bfloat16.
    ///
    /// ```
    /// assert_eq!(structio_beve::Bf16(0x4000).to_f32(), 2.0);
    /// ```
    pub fn to_f32(self) -> f32 {
        f32::from_bits(u32::from(self.0) << 16)
    }
}

impl F16 {
    /// The exact `f32` of this binary16 (subnormals, infinities and NaN included).
    ///
    /// ```
    /// assert_eq!(structio_beve::F16(0xc000).to_f32(), -2.0);
    /// ```
    pub fn to_f32(self) -> f32 {
        structio_core::f16_to_f32(self.0)
    }
}

/// Decodes a number of any defined width from its header (the single-value form) and its
/// little-endian bytes, which the caller has sized with [`header::width`].
#[inline(never)]
pub(crate) fn decode_wide(number_header: u8, bytes: &[u8]) -> Option<Wide> {
    let mut w = [0u8; 16];
    w.get_mut(..bytes.len())?.copy_from_slice(bytes);
    let b2 = [w[0], w[1]];
    let b4 = [w[0], w[1], w[2], w[3]];
    let b8 = [w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]];
    Some(match number_header {
        0x09 => Wide::Signed(i128::from(w[0] as i8)),
        0x29 => Wide::Signed(i128::from(i16::from_le_bytes(b2))),
        0x49 => Wide::Signed(i128::from(i32::from_le_bytes(b4))),
        0x69 => Wide::Signed(i128::from(i64::from_le_bytes(b8))),
        0x89 => Wide::Signed(i128::from_le_bytes(w)),
        0x11 => Wide::Unsigned(u128::from(w[0])),
        0x31 => Wide::Unsigned(u128::from(u16::from_le_bytes(b2))),
        0x51 => Wide::Unsigned(u128::from(u32::from_le_bytes(b4))),
        0x71 => Wide::Unsigned(u128::from(u64::from_le_bytes(b8))),
        0x91 => Wide::Unsigned(u128::from_le_bytes(w)),
        0x01 => Bf16(u16::from_le_bytes(b2)).to_wide(),
        0x21 => F16(u16::from_le_bytes(b2)).to_wide(),
        0x41 => Wide::Float(f64::from(f32::from_le_bytes(b4))),
        0x61 => Wide::Float(f64::from_le_bytes(b8)),
        0x81 => Wide::Other,
        _ => return None,
    })
}
