//! [`BeveWrite`] for the core, `alloc` and `heapless` types, with the headers Glaze writes for
//! the same C++ shapes (numbers in their own width, typed arrays for numbers, bools and strings,
//! generic arrays for everything else, `None` as null).

use super::{BeveWrite, Sink, Writer};
use crate::error::Result;
#[cfg(feature = "alloc")]
use crate::key::KeyWrite;

macro_rules! number_write {
    ($($t:ty),*) => {$(
        impl BeveWrite for $t {
            #[inline(always)]
            fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.write_number(*self)
            }
            #[inline]
            fn write_beve_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
                w.typed_array(items)
            }
        }
    )*};
}

number_write!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64);
number_write!(crate::Bf16, crate::F16, crate::F128);

impl BeveWrite for bool {
    #[inline(always)]
    fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_bool(*self)
    }
    #[inline]
    fn write_beve_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        w.bool_array(items)
    }
}

impl BeveWrite for char {
    /// A string of the one character (Rust's `char` is a code point, not C++'s byte).
    #[inline]
    fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self.encode_utf8(&mut [0; 4]))
    }
}

/// Writes a sequence of string-like elements as a string array.
macro_rules! str_slice {
    () => {
        #[inline]
        fn write_beve_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
            w.string_array(items.iter().map(|s| &s[..]), items.len())
        }
    };
}

impl BeveWrite for &str {
    #[inline(always)]
    fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self)
    }
    str_slice!();
}

/// A reference to a slice of numbers (the zero-copy read's type) writes like the slice.
macro_rules! slice_ref_write {
    ($($t:ty),*) => {$(
        impl BeveWrite for &[$t] {
            #[inline]
            fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.typed_array(self)
            }
        }
    )*};
}

slice_ref_write!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64);
slice_ref_write!(crate::Bf16, crate::F16, crate::F128);

structio_core::__write_impls_common! {
    trait: BeveWrite { write_beve, write_beve_slice },
    tuple_end: |w| Ok(()),
}

#[cfg(feature = "alloc")]
/// Writes a map: the object header of its key type, the count, then key and value pairs.
#[inline]
pub(crate) fn write_map<'a, K, V, S>(
    w: &mut Writer<S>,
    len: usize,
    entries: impl Iterator<Item = (&'a K, &'a V)>,
) -> Result<()>
where
    K: KeyWrite + 'a,
    V: BeveWrite + 'a,
    S: Sink,
{
    w.header_size(K::OBJECT_HEADER, len)?;
    for (k, v) in entries {
        k.write_key(w)?;
        v.write_beve(w)?;
    }
    Ok(())
}

#[cfg(feature = "alloc")]
mod alloc_impls {
    use super::*;
    use alloc::borrow::{Cow, ToOwned};
    use alloc::string::String;

    impl BeveWrite for String {
        #[inline(always)]
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            w.write_str(self)
        }
        str_slice!();
    }

    impl BeveWrite for Cow<'_, str> {
        #[inline(always)]
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            w.write_str(self)
        }
        str_slice!();
    }

    impl<T: BeveWrite> BeveWrite for Cow<'_, [T]>
    where
        [T]: ToOwned,
    {
        #[inline]
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            T::write_beve_slice(self, w)
        }
    }
}

#[cfg(feature = "heapless")]
mod heapless_impls {
    use super::*;

    impl<const N: usize> BeveWrite for heapless::String<N> {
        #[inline(always)]
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            w.write_str(self)
        }
        str_slice!();
    }
}

structio_core::__write_impls_maps! {
    trait: BeveWrite { write_beve },
    key: KeyWrite,
    btree: "In key order.",
    hash: "In the map's iteration order, which for `HashMap` is not deterministic.",
}
