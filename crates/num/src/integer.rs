//! The `Integer` trait: which types `parse_int` and `write_int` accept.

use crate::int_parse;
use crate::int_write;
use crate::NumError;

mod sealed {
    pub trait Sealed {}
}

/// An integer type that [`parse_int`](crate::parse_int) and [`write_int`](crate::write_int)
/// accept. Implemented for `u8..=u128`, `i8..=i128`, `usize` and `isize`; sealed.
///
/// ```
/// fn roundtrip<T: structio_num::Integer + PartialEq + core::fmt::Debug>(v: T) {
///     let mut out = [0u8; 40];
///     let n = structio_num::write_int(v, &mut out);
///     assert_eq!(structio_num::parse_int::<T>(&out[..n], 0).unwrap(), (v, n));
/// }
/// roundtrip(-128i8);
/// roundtrip(u128::MAX);
/// ```
pub trait Integer: Copy + sealed::Sealed {
    #[doc(hidden)]
    fn parse_at(input: &[u8], pos: usize) -> Result<(Self, usize), NumError>;
    #[doc(hidden)]
    fn write_to(self, out: &mut int_write::Out) -> usize;
    /// The value with magnitude `mag` and sign `neg`, if it is in range (`-0` is 0 for signed
    /// types and out of range for unsigned ones, as [`parse_int`](crate::parse_int) reads it).
    #[doc(hidden)]
    fn from_magnitude(mag: u64, neg: bool) -> Option<Self>;
    /// Whether the type has negative values. [`lane`](Integer::lane) could carry this (an
    /// unsigned value past `i64::MAX` mapped to `i64::MIN`), but that compare and select per
    /// value turn an unsigned quad's one vector load into four stores and a reload.
    #[doc(hidden)]
    const SIGNED: bool;
    /// The value as an `i64` lane of [`write_int_list`](crate::write_int_list)'s four: itself
    /// when it fits, otherwise one whose magnitude is 2^63 or more (the lanes' test then sends
    /// the value to the one-at-a-time writer).
    #[doc(hidden)]
    fn lane(self) -> i64;
}

macro_rules! unsigned {
    ($($t:ty => $parse:ident, $write:ident;)*) => {$(
        impl sealed::Sealed for $t {}
        impl Integer for $t {
            #[inline(always)]
            fn parse_at(input: &[u8], pos: usize) -> Result<(Self, usize), NumError> {
                let (v, end) = int_parse::$parse(input, pos, <$t>::MAX as _)?;
                // The parser bounded the value by MAX, so the cast is lossless.
                Ok((v as $t, end))
            }
            #[inline(always)]
            fn write_to(self, out: &mut int_write::Out) -> usize {
                int_write::$write(self as _, out)
            }
            #[inline(always)]
            fn from_magnitude(mag: u64, neg: bool) -> Option<Self> {
                if neg {
                    return None;
                }
                <$t>::try_from(mag).ok()
            }
            const SIGNED: bool = false;
            #[inline(always)]
            fn lane(self) -> i64 {
                // Above i64::MAX the cast sets the top bit; `u128` beyond `u64` is all ones.
                u64::try_from(self).unwrap_or(u64::MAX) as i64
            }
        }
    )*};
}

macro_rules! signed {
    ($($t:ty : $u:ty => $parse:ident, $write:ident;)*) => {$(
        impl sealed::Sealed for $t {}
        impl Integer for $t {
            #[inline(always)]
            fn parse_at(input: &[u8], pos: usize) -> Result<(Self, usize), NumError> {
                let (mag, neg, end) = int_parse::$parse(input, pos, <$t>::MAX as $u as _)?;
                // `mag` is at most MAX + neg, so its two's complement negation (a mask and an
                // add, no branch on the sign) lands in range, MIN included.
                let mask = (neg as $u).wrapping_neg();
                let v = ((mag as $u ^ mask).wrapping_add(neg as $u)) as $t;
                Ok((v, end))
            }
            #[inline(always)]
            fn write_to(self, out: &mut int_write::Out) -> usize {
                let neg = self < 0;
                int_write::$write(self.unsigned_abs() as _, neg, out)
            }
            #[inline(always)]
            fn from_magnitude(mag: u64, neg: bool) -> Option<Self> {
                // In range when at most MAX, or MAX + 1 (MIN) with a sign.
                let mag = <$u>::try_from(mag).ok()?;
                if mag > <$t>::MAX as $u + neg as $u {
                    return None;
                }
                // Selected, not masked: with the mask and add (`parse_at`'s form) LLVM's
                // code for a compact `Vec<i64>` ran at half the speed on Zen 5, 1.07 µs
                // against 0.61 for 250 integers (structio-json's `int_blocks`).
                Some(core::hint::select_unpredictable(neg, mag.wrapping_neg(), mag) as $t)
            }
            const SIGNED: bool = true;
            #[inline(always)]
            fn lane(self) -> i64 {
                // `i64::MIN`'s magnitude, 2^63, stands for any value beyond `i64`.
                i64::try_from(self).unwrap_or(i64::MIN)
            }
        }
    )*};
}

unsigned! {
    u8 => parse_u64, write_u64;
    u16 => parse_u64, write_u64;
    u32 => parse_u64, write_u64;
    u64 => parse_u64, write_u64;
    usize => parse_u64, write_u64;
    u128 => parse_u128, write_u128;
}

signed! {
    i8: u8 => parse_i64, write_i64;
    i16: u16 => parse_i64, write_i64;
    i32: u32 => parse_i64, write_i64;
    i64: u64 => parse_i64, write_i64;
    isize: usize => parse_i64, write_i64;
    i128: u128 => parse_i128, write_i128;
}

#[cfg(not(any(
    target_pointer_width = "16",
    target_pointer_width = "32",
    target_pointer_width = "64"
)))]
compile_error!("structio-num assumes usize fits in u64");
