//! [`BjdataWrite`] for the core, `alloc` and `heapless` types.

use super::{BjdataWrite, Sink, Writer};
use crate::error::Result;

/// A type a map key is written from: any string (`AsRef<str>`), or a unit-only enum that
/// derives BJData (its variant's name).
///
/// ```
/// use structio_bjdata::{BjdataWriteKey, Writer};
/// let mut w = Writer::new(Vec::new());
/// "id".write_key(&mut w).unwrap();
/// assert_eq!(w.into_inner(), b"U\x02id");
/// ```
pub trait BjdataWriteKey {
    /// Writes the key: its length and bytes, no marker.
    fn write_key<S: Sink>(&self, w: &mut Writer<S>) -> Result<()>;
}

impl<T: AsRef<str> + ?Sized> BjdataWriteKey for T {
    #[inline(always)]
    fn write_key<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_key(self.as_ref())
    }
}

macro_rules! int_write {
    ($($t:ty),*) => {$(
        impl BjdataWrite for $t {
            #[inline(always)]
            fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.write_int_as(<$t as crate::Number>::MARKER, *self as i64)
            }
            #[inline]
            fn write_bjdata_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
                w.typed_array(items)
            }
        }
    )*};
}

int_write!(u8, u16, u32, i8, i16, i32, i64, isize);

impl BjdataWrite for u64 {
    #[inline(always)]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_u64(*self)
    }
    #[inline]
    fn write_bjdata_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        w.typed_array(items)
    }
}

impl BjdataWrite for usize {
    #[inline(always)]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_u64(*self as u64)
    }
    #[inline]
    fn write_bjdata_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        w.typed_array(items)
    }
}

impl BjdataWrite for u128 {
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_u128(*self)
    }
}

impl BjdataWrite for i128 {
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_i128(*self)
    }
}

impl BjdataWrite for f32 {
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_f32(*self)
    }
    #[inline]
    fn write_bjdata_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        w.typed_array(items)
    }
}

impl BjdataWrite for f64 {
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_f64(*self)
    }
    #[inline]
    fn write_bjdata_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        w.typed_array(items)
    }
}

impl BjdataWrite for bool {
    #[inline(always)]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_bool(*self)
    }
    #[inline]
    fn write_bjdata_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        w.begin_array(items.len())?;
        w.write_bool_run(items)?;
        w.end_array()
    }
}

impl BjdataWrite for char {
    /// `C` for an ASCII character, else a string of the one character.
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_char(*self)
    }
}

impl BjdataWrite for str {
    #[inline(always)]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self)
    }
}

impl<T: BjdataWrite + ?Sized> BjdataWrite for &T {
    #[inline(always)]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        (**self).write_bjdata(w)
    }
}

impl<T: BjdataWrite + ?Sized> BjdataWrite for &mut T {
    #[inline(always)]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        (**self).write_bjdata(w)
    }
}

impl BjdataWrite for () {
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_null()
    }
}

impl<T: BjdataWrite> BjdataWrite for Option<T> {
    /// `None` is `null`.
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        match self {
            Some(x) => x.write_bjdata(w),
            None => w.write_null(),
        }
    }
}

impl<T: BjdataWrite> BjdataWrite for [T] {
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        T::write_bjdata_slice(self, w)
    }
}

impl<T: BjdataWrite, const N: usize> BjdataWrite for [T; N] {
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        T::write_bjdata_slice(self, w)
    }
}

macro_rules! tuple_write {
    ($($len:expr => ($($name:ident $idx:tt)+))+) => {$(
        impl<$($name: BjdataWrite),+> BjdataWrite for ($($name,)+) {
            #[inline]
            fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.begin_array($len)?;
                $(self.$idx.write_bjdata(w)?;)+
                w.end_array()
            }
        }
    )+};
}

tuple_write! {
    1 => (A 0)
    2 => (A 0 B 1)
    3 => (A 0 B 1 C 2)
    4 => (A 0 B 1 C 2 D 3)
    5 => (A 0 B 1 C 2 D 3 E 4)
    6 => (A 0 B 1 C 2 D 3 E 4 F 5)
    7 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6)
    8 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7)
    9 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8)
    10 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9)
    11 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9 K 10)
    12 => (A 0 B 1 C 2 D 3 E 4 F 5 G 6 H 7 I 8 J 9 K 10 L 11)
}

#[cfg(feature = "alloc")]
mod alloc_impls {
    use super::*;
    use alloc::borrow::{Cow, ToOwned};
    use alloc::boxed::Box;
    use alloc::collections::BTreeMap;
    use alloc::string::String;
    use alloc::vec::Vec;

    impl BjdataWrite for String {
        #[inline(always)]
        fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            w.write_str(self)
        }
    }

    impl<T: BjdataWrite + ?Sized + ToOwned> BjdataWrite for Cow<'_, T> {
        #[inline(always)]
        fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            (**self).write_bjdata(w)
        }
    }

    impl<T: BjdataWrite + ?Sized> BjdataWrite for Box<T> {
        #[inline(always)]
        fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            (**self).write_bjdata(w)
        }
    }

    impl<T: BjdataWrite> BjdataWrite for Vec<T> {
        #[inline]
        fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            T::write_bjdata_slice(self, w)
        }
    }

    impl<K: BjdataWriteKey, V: BjdataWrite> BjdataWrite for BTreeMap<K, V> {
        /// An object, in key order.
        #[inline]
        fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_map(w, self.len(), self.iter())
        }
    }

    #[cfg(feature = "std")]
    impl<K: BjdataWriteKey, V: BjdataWrite, H> BjdataWrite for std::collections::HashMap<K, V, H> {
        /// An object, in the map's iteration order (not deterministic for `HashMap`).
        #[inline]
        fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_map(w, self.len(), self.iter())
        }
    }

    /// Writes an object of `len` members from keys (strings, or unit-only derived enums) and
    /// values.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// let m = BTreeMap::from([("a", 1u8)]);
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// structio_bjdata::write_map(&mut w, m.len(), m.iter()).unwrap();
    /// assert_eq!(w.into_inner(), b"{#U\x01U\x01aU\x01");
    /// ```
    pub fn write_map<'a, K, V, S>(
        w: &mut Writer<S>,
        len: usize,
        entries: impl Iterator<Item = (&'a K, &'a V)>,
    ) -> Result<()>
    where
        K: BjdataWriteKey + ?Sized + 'a,
        V: BjdataWrite + ?Sized + 'a,
        S: Sink,
    {
        w.begin_object(len)?;
        for (k, v) in entries {
            k.write_key(w)?;
            v.write_bjdata(w)?;
        }
        w.end_object()
    }
}

#[cfg(feature = "alloc")]
pub use alloc_impls::write_map;

#[cfg(feature = "heapless")]
mod heapless_impls {
    use super::*;

    impl<const N: usize> BjdataWrite for heapless::String<N> {
        #[inline(always)]
        fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            w.write_str(self)
        }
    }

    impl<T: BjdataWrite, const N: usize> BjdataWrite for heapless::Vec<T, N> {
        #[inline]
        fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            T::write_bjdata_slice(self, w)
        }
    }
}
