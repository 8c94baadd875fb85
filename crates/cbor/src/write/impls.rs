//! [`CborWrite`] for the core, `alloc` and `heapless` types.

use super::{CborWrite, Sink, Writer};
use crate::error::Result;

macro_rules! uint_write {
    ($($t:ty),*) => {$(
        impl CborWrite for $t {
            #[inline(always)]
            fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.write_u64(*self as u64)
            }
            #[inline]
            fn write_cbor_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
                w.typed_array(items)
            }
        }
    )*};
}

macro_rules! int_write {
    ($($t:ty),*) => {$(
        impl CborWrite for $t {
            #[inline(always)]
            fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.write_i64(*self as i64)
            }
            #[inline]
            fn write_cbor_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
                w.typed_array(items)
            }
        }
    )*};
}

uint_write!(u8, u16, u32, u64, usize);
int_write!(i8, i16, i32, i64, isize);

impl CborWrite for u128 {
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_u128(*self)
    }
}

impl CborWrite for i128 {
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_i128(*self)
    }
}

impl CborWrite for f32 {
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_f32(*self)
    }
    #[inline]
    fn write_cbor_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        w.typed_array(items)
    }
}

impl CborWrite for f64 {
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_f64(*self)
    }
    #[inline]
    fn write_cbor_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        w.typed_array(items)
    }
}

impl CborWrite for bool {
    #[inline(always)]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_bool(*self)
    }
}

impl CborWrite for char {
    /// A text string of the one character.
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self.encode_utf8(&mut [0; 4]))
    }
}

impl CborWrite for str {
    #[inline(always)]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self)
    }
}

impl<T: CborWrite + ?Sized> CborWrite for &T {
    #[inline(always)]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        (**self).write_cbor(w)
    }
}

impl<T: CborWrite + ?Sized> CborWrite for &mut T {
    #[inline(always)]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        (**self).write_cbor(w)
    }
}

impl CborWrite for () {
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_null()
    }
}

impl<T: CborWrite> CborWrite for Option<T> {
    /// `None` is `null`.
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        match self {
            Some(x) => x.write_cbor(w),
            None => w.write_null(),
        }
    }
}

impl<T: CborWrite> CborWrite for [T] {
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        T::write_cbor_slice(self, w)
    }
}

impl<T: CborWrite, const N: usize> CborWrite for [T; N] {
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        T::write_cbor_slice(self, w)
    }
}

macro_rules! tuple_write {
    ($($len:expr => ($($name:ident $idx:tt)+))+) => {$(
        impl<$($name: CborWrite),+> CborWrite for ($($name,)+) {
            #[inline]
            fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
                w.begin_array($len)?;
                $(self.$idx.write_cbor(w)?;)+
                Ok(())
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

    impl CborWrite for String {
        #[inline(always)]
        fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            w.write_str(self)
        }
    }

    impl<T: CborWrite + ?Sized + ToOwned> CborWrite for Cow<'_, T> {
        #[inline(always)]
        fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            (**self).write_cbor(w)
        }
    }

    impl<T: CborWrite + ?Sized> CborWrite for Box<T> {
        #[inline(always)]
        fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            (**self).write_cbor(w)
        }
    }

    impl<T: CborWrite> CborWrite for Vec<T> {
        #[inline]
        fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            T::write_cbor_slice(self, w)
        }
    }

    impl<K: CborWrite, V: CborWrite> CborWrite for BTreeMap<K, V> {
        /// In key order; a deterministic writer sorts by encoded key instead.
        #[inline]
        fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_map(w, self.len(), self.iter())
        }
    }

    #[cfg(feature = "std")]
    impl<K: CborWrite, V: CborWrite, H> CborWrite for std::collections::HashMap<K, V, H> {
        /// In the map's iteration order, which for `HashMap` is not deterministic; a
        /// deterministic writer sorts by encoded key.
        #[inline]
        fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            write_map(w, self.len(), self.iter())
        }
    }

    /// Writes a map's head and entries; a deterministic writer encodes the entries apart and
    /// writes them in the order of their encoded keys ([`MapOrder`](crate::MapOrder)).
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// let m = BTreeMap::from([("bb", 1), ("c", 2)]);
    /// let mut w = structio_cbor::Writer::deterministic(Vec::new());
    /// structio_cbor::write_map(&mut w, m.len(), m.iter()).unwrap();
    /// assert_eq!(w.into_inner(), [0xa2, 0x61, b'c', 0x02, 0x62, b'b', b'b', 0x01]);
    /// ```
    pub fn write_map<'a, K, V, S>(
        w: &mut Writer<S>,
        len: usize,
        entries: impl Iterator<Item = (&'a K, &'a V)>,
    ) -> Result<()>
    where
        K: CborWrite + ?Sized + 'a,
        V: CborWrite + ?Sized + 'a,
        S: Sink,
    {
        w.begin_map(len)?;
        if !w.is_deterministic() {
            for (k, v) in entries {
                k.write_cbor(w)?;
                v.write_cbor(w)?;
            }
            return Ok(());
        }
        let mut scratch: Vec<u8> = Vec::new();
        // (entry start, key end, entry end) in `scratch`.
        let mut spans: Vec<(usize, usize, usize)> = Vec::with_capacity(len);
        {
            let mut sub = w.with_sink(&mut scratch);
            for (k, v) in entries {
                let start = sub.get_ref().len();
                k.write_cbor(&mut sub)?;
                let key_end = sub.get_ref().len();
                v.write_cbor(&mut sub)?;
                spans.push((start, key_end, sub.get_ref().len()));
            }
        }
        let key = |s: &(usize, usize, usize)| &scratch[s.0..s.1];
        if w.map_order() == crate::MapOrder::LengthFirst {
            spans.sort_by(|a, b| (key(a).len(), key(a)).cmp(&(key(b).len(), key(b))));
        } else {
            spans.sort_by(|a, b| key(a).cmp(key(b)));
        }
        for (start, _, end) in spans {
            w.raw(&scratch[start..end])?;
        }
        Ok(())
    }
}

#[cfg(feature = "alloc")]
pub use alloc_impls::write_map;

#[cfg(feature = "heapless")]
mod heapless_impls {
    use super::*;

    impl<const N: usize> CborWrite for heapless::String<N> {
        #[inline(always)]
        fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            w.write_str(self)
        }
    }

    impl<T: CborWrite, const N: usize> CborWrite for heapless::Vec<T, N> {
        #[inline]
        fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            T::write_cbor_slice(self, w)
        }
    }
}
