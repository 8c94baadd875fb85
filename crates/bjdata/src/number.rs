//! The numeric element types of optimized containers, and the wide form a number of any
//! marker is converted through when it is not the destination's own.

use crate::header;

mod sealed {
    pub trait Sealed {}
}

/// A number of any marker, the common ground of converting reads.
#[doc(hidden)]
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Wide {
    /// An integer (every BJData integer marker fits).
    Int(i128),
    /// A float.
    Float(f64),
}

/// A number that optimized containers hold: `u8`..`u64`, `i8`..`i64`, `usize`, `isize`,
/// `f32`, `f64`. Sealed. Sequences of it are written as `[$T#n` with the elements copied in
/// one piece.
///
/// ```
/// use structio_bjdata::Number;
/// assert_eq!(<f64 as Number>::MARKER, b'D');
/// assert_eq!(<u16 as Number>::MARKER, b'u');
/// ```
pub trait Number: bytemuck::Pod + PartialEq + core::fmt::Debug + sealed::Sealed {
    /// The marker of this type's elements.
    ///
    /// ```
    /// use structio_bjdata::{header, Number};
    /// assert_eq!(<i32 as Number>::MARKER, header::INT32);
    /// assert_eq!(structio_bjdata::to_vec(&[7i32]).unwrap()[2], <i32 as Number>::MARKER);
    /// ```
    const MARKER: u8;
    /// Zero, for filling fixed arrays before a bulk copy.
    ///
    /// ```
    /// use structio_bjdata::Number;
    /// assert_eq!(<u16 as Number>::ZERO, 0);
    /// assert_eq!(<f64 as Number>::ZERO, 0.0);
    /// ```
    const ZERO: Self;
    /// Whether the type is a float.
    ///
    /// ```
    /// use structio_bjdata::Number;
    /// assert!(<f32 as Number>::FLOAT);
    /// assert!(!<i64 as Number>::FLOAT);
    /// ```
    const FLOAT: bool;

    /// Converts between native and little-endian byte order (the identity on little-endian).
    ///
    /// ```
    /// use structio_bjdata::Number;
    /// // 0x1234 as BJData stores it, loaded as a native `u16`.
    /// let stored = u16::from_ne_bytes([0x34, 0x12]);
    /// assert_eq!(stored.swap_le(), 0x1234);
    /// ```
    fn swap_le(self) -> Self;

    /// The value from the wide form, or `None` if out of range (integers) or refused (a float
    /// into an integer).
    #[doc(hidden)]
    fn from_wide(wide: Wide) -> Option<Self>;

    /// The value as the wide form.
    #[doc(hidden)]
    fn to_wide(self) -> Wide;
}

macro_rules! int_number {
    ($($t:ty, $m:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        impl Number for $t {
            const MARKER: u8 = $m;
            const ZERO: Self = 0;
            const FLOAT: bool = false;
            #[inline(always)]
            fn swap_le(self) -> Self {
                <$t>::from_le(self)
            }
            #[inline]
            fn from_wide(wide: Wide) -> Option<Self> {
                match wide {
                    Wide::Int(v) => <$t>::try_from(v).ok(),
                    Wide::Float(_) => None,
                }
            }
            #[inline(always)]
            fn to_wide(self) -> Wide {
                Wide::Int(self as i128)
            }
        }
    )*};
}

int_number! {
    u8, header::UINT8;
    u16, header::UINT16;
    u32, header::UINT32;
    u64, header::UINT64;
    i8, header::INT8;
    i16, header::INT16;
    i32, header::INT32;
    i64, header::INT64;
}

#[cfg(target_pointer_width = "64")]
int_number! { usize, header::UINT64; isize, header::INT64; }
#[cfg(target_pointer_width = "32")]
int_number! { usize, header::UINT32; isize, header::INT32; }
#[cfg(target_pointer_width = "16")]
int_number! { usize, header::UINT16; isize, header::INT16; }

macro_rules! float_number {
    ($($t:ty, $bits:ty, $m:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        impl Number for $t {
            const MARKER: u8 = $m;
            const ZERO: Self = 0.0;
            const FLOAT: bool = true;
            #[inline(always)]
            fn swap_le(self) -> Self {
                <$t>::from_bits(<$bits>::from_le(self.to_bits()))
            }
            #[inline]
            fn from_wide(wide: Wide) -> Option<Self> {
                // Integer to float and double to single round like `as`.
                match wide {
                    Wide::Int(v) => Some(v as $t),
                    Wide::Float(v) => Some(v as $t),
                }
            }
            #[inline(always)]
            fn to_wide(self) -> Wide {
                Wide::Float(self as f64)
            }
        }
    )*};
}

float_number! { f32, u32, header::FLOAT32; f64, u64, header::FLOAT64; }

/// One element of marker `m` from its little-endian bytes (exactly its payload size).
#[inline]
pub(crate) fn decode_le(m: u8, b: &[u8]) -> Option<Wide> {
    let mut w = [0u8; 8];
    w.get_mut(..b.len())?.copy_from_slice(b);
    let raw = u64::from_le_bytes(w);
    Some(match m {
        header::INT8 => Wide::Int(i128::from(raw as u8 as i8)),
        header::UINT8 | header::BYTE => Wide::Int(i128::from(raw as u8)),
        header::INT16 => Wide::Int(i128::from(raw as u16 as i16)),
        header::UINT16 => Wide::Int(i128::from(raw as u16)),
        header::INT32 => Wide::Int(i128::from(raw as u32 as i32)),
        header::UINT32 => Wide::Int(i128::from(raw as u32)),
        header::INT64 => Wide::Int(i128::from(raw as i64)),
        header::UINT64 => Wide::Int(i128::from(raw)),
        header::FLOAT16 => Wide::Float(f64::from(structio_core::f16_to_f32(raw as u16))),
        header::FLOAT32 => Wide::Float(f64::from(f32::from_bits(raw as u32))),
        header::FLOAT64 => Wide::Float(f64::from_bits(raw)),
        _ => return None,
    })
}

/// An integer type BJData integers are read into: every primitive integer. Sealed.
///
/// ```
/// let mut r = structio_bjdata::Reader::new(&[b'i', 0x9c]); // -100
/// assert_eq!(r.read_int::<i8>().unwrap(), -100);
/// ```
pub trait Integer: Copy + sealed::Sealed {
    /// The type's name, for errors (`"u16"`).
    #[doc(hidden)]
    const NAME: &'static str;
    /// The value, if it fits.
    #[doc(hidden)]
    fn from_i128(n: i128) -> Option<Self>;
}

macro_rules! integer {
    ($($t:ty),*) => {$(
        impl Integer for $t {
            const NAME: &'static str = stringify!($t);
            #[inline(always)]
            fn from_i128(n: i128) -> Option<Self> {
                <$t>::try_from(n).ok()
            }
        }
    )*};
}

integer!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl sealed::Sealed for u128 {}
impl sealed::Sealed for i128 {}
