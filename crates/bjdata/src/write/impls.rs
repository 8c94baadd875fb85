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
    ///
    /// ```
    /// use structio_bjdata::{BjdataWrite, BjdataWriteKey, Mode, Writer};
    /// let mut w = Writer::with_mode(Vec::new(), Mode::Size);
    /// w.begin_object(1).unwrap();
    /// String::from("n").write_key(&mut w).unwrap();
    /// 1u8.write_bjdata(&mut w).unwrap();
    /// w.end_object().unwrap();
    /// assert_eq!(w.into_inner(), b"{U\x01nU\x01}");
    /// ```
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

structio_core::__write_impls_wide_numbers! {
    trait: BjdataWrite { write_bjdata, write_bjdata_slice }
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

structio_core::__write_impls_common! {
    trait: BjdataWrite { write_bjdata, write_bjdata_slice },
    tuple_end: |w| w.end_array(),
}

structio_core::__write_impls_by_ref! { trait: BjdataWrite { write_bjdata } }

#[cfg(feature = "alloc")]
mod alloc_impls {
    use super::*;

    structio_core::__write_map_fn! {
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
        key: BjdataWriteKey, value: BjdataWrite,
        |w, len, entries| {
            w.begin_object(len)?;
            for (k, v) in entries {
                k.write_key(w)?;
                v.write_bjdata(w)?;
            }
            w.end_object()
        }
    }
}

#[cfg(feature = "alloc")]
pub use alloc_impls::write_map;

structio_core::__write_impls_maps! {
    trait: BjdataWrite { write_bjdata },
    key: BjdataWriteKey,
    btree: "An object, in key order.",
    hash: "An object, in the map's iteration order (not deterministic for `HashMap`).",
}
