//! `JsonWrite` for core types: scalars, strings, options, arrays, slices and tuples.

use super::{JsonWrite, Sink, Writer};
use crate::Result;

/// The element of a compact array with its comma, else the separator and the value apart.
macro_rules! element_after {
    ($w:ident, $first:ident, $self:ident, $after:ident) => {
        if $w.is_pretty() {
            $w.element($first)?;
            $self.write_json($w)
        } else {
            $w.$after(!$first, *$self)
        }
    };
}

/// A compact slice's elements by the writer's run loop `$runs`; pretty output element by
/// element.
#[cfg(not(feature = "size"))]
macro_rules! runs_or_each {
    ($items:ident, $w:ident, $runs:ident) => {
        if $w.is_pretty() {
            super::write_each($items, $w)
        } else {
            $w.$runs($items)
        }
    };
}

impl JsonWrite for bool {
    #[inline(always)]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_bool(*self)
    }

    #[inline(always)]
    fn write_json_element<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<()> {
        element_after!(w, first, self, bool_after)
    }

    #[cfg(not(feature = "size"))]
    #[inline(always)]
    fn write_json_elements<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        runs_or_each!(items, w, bool_elements)
    }
}

macro_rules! ints {
    ($($t:ty)*) => {$(
        impl JsonWrite for $t {
            #[inline(always)]
            fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.write_int(*self)
            }

            #[inline(always)]
            fn write_json_element<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<()> {
                element_after!(w, first, self, int_after)
            }

            #[cfg(not(feature = "size"))]
            #[inline(always)]
            fn write_json_elements<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
                runs_or_each!(items, w, int_elements)
            }
        }
    )*};
}
ints!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

macro_rules! floats {
    ($($t:ty, $write:ident;)*) => {$(
        impl JsonWrite for $t {
            #[inline(always)]
            fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.$write(*self)
            }

            // On 32-bit targets (the firmware ones) the run loop's second copy of the float
            // writer costs flash the speed configuration's budget holds.
            #[cfg(all(not(feature = "size"), target_pointer_width = "64"))]
            #[inline(always)]
            fn write_json_elements<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
                if w.is_pretty() {
                    super::write_each(items, w)
                } else {
                    w.float_elements(items, |v| v.is_finite(), structio_num::$write, Writer::$write)
                }
            }
        }
    )*};
}
floats! {
    f64, write_f64;
    f32, write_f32;
}

impl JsonWrite for char {
    #[inline]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self.encode_utf8(&mut [0; 4]))
    }
}

impl JsonWrite for str {
    #[inline(always)]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self)
    }
}

impl JsonWrite for () {
    #[inline]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_null()
    }
}

impl<T: JsonWrite + ?Sized> JsonWrite for &T {
    #[inline(always)]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        (**self).write_json(w)
    }
}

impl<T: JsonWrite + ?Sized> JsonWrite for &mut T {
    #[inline(always)]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        (**self).write_json(w)
    }
}

impl<T: JsonWrite> JsonWrite for Option<T> {
    #[inline(always)]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        match self {
            Some(v) => v.write_json(w),
            None => w.write_null(),
        }
    }
}

impl<T: JsonWrite> JsonWrite for [T] {
    #[inline]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.begin_array()?;
        T::write_json_elements(self, w)?;
        w.end_array(self.is_empty())
    }
}

impl<T: JsonWrite, const N: usize> JsonWrite for [T; N] {
    #[inline]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        self.as_slice().write_json(w)
    }
}

/// A tuple as an array; the bracketed attributes (an inline hint or none) go on `write_json`.
macro_rules! tuples {
    ($attrs:tt $(($($t:ident $i:tt),+);)*) => {$(
        tuple! { $attrs $($t $i),+ }
    )*};
}

macro_rules! tuple {
    ([$(#[$attr:meta])*] $($t:ident $i:tt),+) => {
        impl<$($t: JsonWrite),+> JsonWrite for ($($t,)+) {
            $(#[$attr])*
            fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.begin_array()?;
                let mut first = true;
                $(
                    w.element(first)?;
                    first = false;
                    self.$i.write_json(w)?;
                )+
                let _ = first;
                w.end_array(false)
            }
        }
    };
}

tuples! {
    [#[inline]]
    (A 0);
    (A 0, B 1);
    (A 0, B 1, C 2);
    (A 0, B 1, C 2, D 3);
    (A 0, B 1, C 2, D 3, E 4);
    (A 0, B 1, C 2, D 3, E 4, F 5);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
}

// Tuples of 9 to 16 elements (serde_json writes up to 16) carry no inline hint: they are rare
// and their bodies long.
tuples! {
    []
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14);
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14, P 15);
}

/// A type that can be a map key in JSON: written as an object key (strings as they are,
/// integers inside quotes, as Glaze writes them; a unit-only enum that derives JSON as its
/// variant's name).
///
/// ```
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([(7u32, true)]);
/// assert_eq!(structio_json::to_string(&m)?, r#"{"7":true}"#);
/// # Ok::<(), structio_json::Error>(())
/// ```
pub trait JsonWriteKey {
    /// Writes the member's key: separator and layout as [`Writer::key`], then the quoted key
    /// and its colon.
    ///
    /// ```
    /// use structio_json::{JsonWriteKey, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// w.begin_object()?;
    /// 7u32.write_key(&mut w, true)?;
    /// w.write_bool(true)?;
    /// w.end_object(false)?;
    /// assert_eq!(w.into_inner(), br#"{"7":true}"#);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    fn write_key<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<()>;
}

impl JsonWriteKey for str {
    #[inline]
    fn write_key<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<()> {
        w.key(first, self)
    }
}

impl<T: JsonWriteKey + ?Sized> JsonWriteKey for &T {
    #[inline]
    fn write_key<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<()> {
        (**self).write_key(w, first)
    }
}

macro_rules! int_keys {
    ($($t:ty)*) => {$(
        impl JsonWriteKey for $t {
            #[inline]
            fn write_key<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<()> {
                let mut buf = [0u8; 40];
                let n = structio_num::write_int(*self, &mut buf);
                // Digits and a sign are ASCII.
                let text = core::str::from_utf8(buf.get(..n).unwrap_or_default()).unwrap_or_default();
                w.key(first, text)
            }
        }
    )*};
}
int_keys!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);
