//! An `itoa::Buffer`-like convenience over the writers.

use crate::{write_f32, write_f64, write_int};

mod sealed {
    pub trait Sealed {}
}

/// A value that [`Buffer::format`] accepts: every [`Integer`](crate::Integer), `f32` and `f64`.
/// Sealed.
///
/// ```
/// let mut b = structio_num::Buffer::new();
/// assert_eq!(b.format(7u8), "7");
/// ```
pub trait Formattable: Copy + sealed::Sealed {
    #[doc(hidden)]
    fn write_into(self, out: &mut [u8; 40]) -> usize;
}

macro_rules! ints {
    ($($t:ty)*) => {$(
        impl sealed::Sealed for $t {}
        impl Formattable for $t {
            #[inline(always)]
            fn write_into(self, out: &mut [u8; 40]) -> usize {
                write_int(self, out)
            }
        }
    )*};
}
ints!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

impl sealed::Sealed for f64 {}
impl Formattable for f64 {
    #[inline(always)]
    fn write_into(self, out: &mut [u8; 40]) -> usize {
        let (head, _) = out.split_at_mut(32);
        match <&mut [u8; 32]>::try_from(head) {
            Ok(head) => write_f64(self, head),
            Err(_) => 0,
        }
    }
}

impl sealed::Sealed for f32 {}
impl Formattable for f32 {
    #[inline(always)]
    fn write_into(self, out: &mut [u8; 40]) -> usize {
        let (head, _) = out.split_at_mut(32);
        match <&mut [u8; 32]>::try_from(head) {
            Ok(head) => write_f32(self, head),
            Err(_) => 0,
        }
    }
}

/// A stack buffer that formats one number at a time and lends out the text.
///
/// ```
/// let mut b = structio_num::Buffer::new();
/// assert_eq!(b.format(-42i64), "-42");
/// assert_eq!(b.format(2.5f64), "2.5");
/// ```
#[derive(Clone, Copy)]
pub struct Buffer {
    bytes: [u8; 40],
}

impl Default for Buffer {
    fn default() -> Self {
        Self::new()
    }
}

impl Buffer {
    /// An empty buffer; cheap, nothing is initialized beyond zeroing 40 bytes.
    ///
    /// ```
    /// let _ = structio_num::Buffer::new();
    /// ```
    #[inline(always)]
    pub const fn new() -> Self {
        Buffer { bytes: [0; 40] }
    }

    /// Formats `value` (as [`write_int`] or [`write_f64`]/[`write_f32`] would) and returns the
    /// text, which lives until the next call.
    ///
    /// ```
    /// let mut b = structio_num::Buffer::new();
    /// assert_eq!(b.format(1e16f64), "1E16");
    /// ```
    #[inline(always)]
    pub fn format<T: Formattable>(&mut self, value: T) -> &str {
        let n = value.write_into(&mut self.bytes).min(40);
        let bytes = &self.bytes[..n];
        // SAFETY: every writer of this crate writes only ASCII ('0'-'9', '-', '.', 'E', and the
        // letters of `nan`/`inf`) into out[..n], and ASCII is valid UTF-8.
        unsafe { core::str::from_utf8_unchecked(bytes) }
    }
}
