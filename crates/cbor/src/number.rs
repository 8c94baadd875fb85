//! The numeric element types of RFC 8746 typed arrays, and the wide form a number of any
//! encoding is converted through when it is not the destination's own.

use crate::header;

mod sealed {
    pub trait Sealed {}
}

/// A number of any width, the common ground of converting reads.
#[doc(hidden)]
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Wide {
    /// A non-negative integer.
    Unsigned(u128),
    /// A negative integer.
    Signed(i128),
    /// A float.
    Float(f64),
}

/// A number stored in RFC 8746 typed arrays: `u16`..`u64`, `i8`..`i64`, `usize`, `isize`,
/// `f32`, `f64`. Sealed. Sequences of it are written as the little-endian typed-array tag
/// around a byte string, one bulk copy (`u8` is written as a plain byte string instead).
///
/// ```
/// use structio_cbor::Number;
/// assert_eq!(<f64 as Number>::TAG_LE, 86);
/// assert_eq!(<f32 as Number>::TAG_LE, 85);
/// assert_eq!(<u16 as Number>::TAG_BE, 65);
/// ```
pub trait Number: bytemuck::Pod + PartialEq + core::fmt::Debug + sealed::Sealed {
    /// The typed-array tag with little-endian elements.
    ///
    /// ```
    /// use structio_cbor::Number;
    /// assert_eq!(<u16 as Number>::TAG_LE, 69);
    /// let doc = structio_cbor::to_vec(&[1u16]).unwrap(); // 69(h'0100')
    /// assert_eq!(doc, [0xd8, <u16 as Number>::TAG_LE as u8, 0x42, 1, 0]);
    /// ```
    const TAG_LE: u64;
    /// The typed-array tag with big-endian elements.
    ///
    /// ```
    /// use structio_cbor::Number;
    /// assert_eq!(<u16 as Number>::TAG_BE, 65);
    /// let doc = [0xd8, <u16 as Number>::TAG_BE as u8, 0x42, 1, 0]; // 65(h'0100')
    /// assert_eq!(structio_cbor::from_slice::<Vec<u16>>(&doc).unwrap(), [0x100]);
    /// ```
    const TAG_BE: u64;
    /// The type's name, for errors (`"u16"`).
    #[doc(hidden)]
    const NAME: &'static str;
    /// Zero, for filling fixed arrays before a bulk copy.
    ///
    /// ```
    /// use structio_cbor::Number;
    /// assert_eq!(<u32 as Number>::ZERO, 0);
    /// assert_eq!(<f32 as Number>::ZERO, 0.0);
    /// ```
    const ZERO: Self;
    /// The initial byte of an item of this type written at its full width (`0xfb` for
    /// `f64`), when every such item has one; 0 for integers, which are written shortest.
    #[doc(hidden)]
    const FULL_HEAD: u8;

    /// Converts between native and little-endian byte order (the identity on little-endian).
    ///
    /// ```
    /// use structio_cbor::Number;
    /// // 0x1234 as a little-endian typed array stores it, loaded as a native `u16`.
    /// let stored = u16::from_ne_bytes([0x34, 0x12]);
    /// assert_eq!(stored.swap_le(), 0x1234);
    /// ```
    fn swap_le(self) -> Self;

    /// Converts between native and big-endian byte order.
    ///
    /// ```
    /// use structio_cbor::Number;
    /// // 0x1234 as a big-endian typed array stores it, loaded as a native `u16`.
    /// let stored = u16::from_ne_bytes([0x12, 0x34]);
    /// assert_eq!(stored.swap_be(), 0x1234);
    /// ```
    fn swap_be(self) -> Self;

    /// The value from the wide form, or `None` if out of range (integers) or refused (a float
    /// into an integer).
    #[doc(hidden)]
    fn from_wide(wide: Wide) -> Option<Self>;
}

macro_rules! int_number {
    ($($t:ty, $le:expr, $be:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        impl Number for $t {
            const TAG_LE: u64 = $le;
            const TAG_BE: u64 = $be;
            const NAME: &'static str = stringify!($t);
            const ZERO: Self = 0;
            const FULL_HEAD: u8 = 0;
            #[inline(always)]
            fn swap_le(self) -> Self {
                <$t>::from_le(self)
            }
            #[inline(always)]
            fn swap_be(self) -> Self {
                <$t>::from_be(self)
            }
            #[inline]
            fn from_wide(wide: Wide) -> Option<Self> {
                match wide {
                    Wide::Unsigned(v) => <$t>::try_from(v).ok(),
                    Wide::Signed(v) => <$t>::try_from(v).ok(),
                    Wide::Float(_) => None,
                }
            }
        }
    )*};
}

int_number! {
    u8, 64, 64;
    u16, 69, 65;
    u32, 70, 66;
    u64, 71, 67;
    i8, 72, 72;
    i16, 77, 73;
    i32, 78, 74;
    i64, 79, 75;
}

#[cfg(target_pointer_width = "64")]
int_number! { usize, 71, 67; isize, 79, 75; }
#[cfg(target_pointer_width = "32")]
int_number! { usize, 70, 66; isize, 78, 74; }
#[cfg(target_pointer_width = "16")]
int_number! { usize, 69, 65; isize, 77, 73; }

macro_rules! float_number {
    ($($t:ty, $bits:ty, $le:expr, $be:expr, $head:expr;)*) => {$(
        impl sealed::Sealed for $t {}
        impl Number for $t {
            const TAG_LE: u64 = $le;
            const TAG_BE: u64 = $be;
            const NAME: &'static str = stringify!($t);
            const ZERO: Self = 0.0;
            const FULL_HEAD: u8 = $head;
            #[inline(always)]
            fn swap_le(self) -> Self {
                <$t>::from_bits(<$bits>::from_le(self.to_bits()))
            }
            #[inline(always)]
            fn swap_be(self) -> Self {
                <$t>::from_bits(<$bits>::from_be(self.to_bits()))
            }
            #[inline]
            fn from_wide(wide: Wide) -> Option<Self> {
                // Integer to float and double to single round like `as`.
                match wide {
                    Wide::Unsigned(v) => Some(v as $t),
                    Wide::Signed(v) => Some(v as $t),
                    Wide::Float(v) => Some(v as $t),
                }
            }
        }
    )*};
}

float_number! { f32, u32, 85, 81, header::F32; f64, u64, 86, 82, header::F64; }

/// One element of a typed array described by `e`, from exactly `e.width` bytes.
#[inline(never)]
pub(crate) fn decode_element(e: header::TypedElement, bytes: &[u8]) -> Option<Wide> {
    let mut w = [0u8; 8];
    let dst = w.get_mut(..bytes.len())?;
    dst.copy_from_slice(bytes);
    if !e.little_endian {
        dst.reverse();
    }
    let raw = u64::from_le_bytes(w);
    Some(match (e.float, e.width) {
        (true, 2) => Wide::Float(f64::from(structio_core::f16_to_f32(raw as u16))),
        (true, 4) => Wide::Float(crate::float::f32_to_f64(f32::from_bits(raw as u32))),
        (true, 8) => Wide::Float(f64::from_bits(raw)),
        (true, _) => return None,
        (false, width) if e.signed => {
            // Sign-extend from the element's width.
            let shift = 64 - 8 * width as u32;
            Wide::Signed(i128::from(((raw << shift) as i64) >> shift))
        }
        (false, _) => Wide::Unsigned(u128::from(raw)),
    })
}

/// An integer type a CBOR integer (major types 0 and 1, or a bignum, tags 2 and 3) is read
/// into: every primitive integer. Sealed.
///
/// ```
/// let mut r = structio_cbor::Reader::new(&[0x38, 0x63]); // -100
/// assert_eq!(r.read_int::<i8>().unwrap(), -100);
/// ```
pub trait Integer: Copy + sealed::Sealed {
    /// The type's name, for errors (`"u16"`).
    #[doc(hidden)]
    const NAME: &'static str;
    /// The value from the wide form, if it fits (never from a float).
    #[doc(hidden)]
    fn from_wide_int(wide: Wide) -> Option<Self>;
    /// The value `n` (`negative` false) or `-1 - n` (true), if it fits, with no branch on
    /// the sign: `-1 - n` is `!n`, so the value is `n` exclusive-or a mask of the sign.
    #[doc(hidden)]
    fn from_head(n: u64, negative: bool) -> Option<Self>;
}

macro_rules! integer {
    ($($t:ty),*) => {$(
        impl Integer for $t {
            const NAME: &'static str = stringify!($t);
            #[inline(always)]
            fn from_head(n: u64, negative: bool) -> Option<Self> {
                if <$t>::MIN == 0 {
                    // Unsigned: a negative value never fits.
                    <$t>::try_from(n).ok().filter(|_| !negative)
                } else {
                    <$t>::try_from(i128::from(n) ^ -i128::from(negative)).ok()
                }
            }
            #[inline]
            fn from_wide_int(wide: Wide) -> Option<Self> {
                match wide {
                    Wide::Unsigned(v) => <$t>::try_from(v).ok(),
                    Wide::Signed(v) => <$t>::try_from(v).ok(),
                    Wide::Float(_) => None,
                }
            }
        }
    )*};
}

integer!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
impl sealed::Sealed for u128 {}
impl sealed::Sealed for i128 {}
