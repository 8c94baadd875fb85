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

structio_core::__write_impls_wide_numbers! { trait: CborWrite { write_cbor, write_cbor_slice } }

impl CborWrite for bool {
    #[inline(always)]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_bool(*self)
    }
    #[inline]
    fn write_cbor_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        w.bool_array(items)
    }
}

impl CborWrite for char {
    /// A text string of the one character.
    #[inline]
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self.encode_utf8(&mut [0; 4]))
    }
}

structio_core::__write_impls_common! {
    trait: CborWrite { write_cbor, write_cbor_slice },
    tuple_end: |w| Ok(()),
}

structio_core::__write_impls_by_ref! { trait: CborWrite { write_cbor } }

#[cfg(feature = "alloc")]
mod alloc_impls {
    use super::*;
    use alloc::vec::Vec;

    structio_core::__write_map_fn! {
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
        key: CborWrite, value: CborWrite,
        |w, len, entries| {
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
}

#[cfg(feature = "alloc")]
pub use alloc_impls::write_map;

structio_core::__write_impls_maps! {
    trait: CborWrite { write_cbor },
    key: CborWrite,
    btree: "In key order; a deterministic writer sorts by encoded key instead.",
    hash: "In the map's iteration order, which for `HashMap` is not deterministic; a \
        deterministic writer sorts by encoded key.",
}
