//! Values with no plain Rust type of their own: high-precision numbers, extensions (`E`) and
//! N-dimensional arrays.

use crate::error::{ErrorKind, Result};
use crate::read::{BjdataRead, Reader};
use crate::write::{BjdataWrite, Sink, Writer};

/// A high-precision number (`H`): its JSON number text, borrowed from the input.
///
/// ```
/// use structio_bjdata::HighPrecision;
/// let doc = b"HU\x041e99";
/// let h: HighPrecision = structio_bjdata::from_slice(doc).unwrap();
/// assert_eq!(h, HighPrecision("1e99"));
/// assert_eq!(structio_bjdata::to_vec(&h).unwrap(), doc);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HighPrecision<'a>(
    /// The number's JSON text, as stored.
    ///
    /// ```
    /// use structio_bjdata::HighPrecision;
    /// let h: HighPrecision = structio_bjdata::from_slice(b"HU\x041e99").unwrap();
    /// assert_eq!(h.0.parse::<f64>().unwrap(), 1e99);
    /// ```
    pub &'a str,
);

impl<'de: 'a, 'a> BjdataRead<'de> for HighPrecision<'a> {
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_high_precision().map(HighPrecision)
    }
}

impl BjdataWrite for HighPrecision<'_> {
    /// Text that is not a JSON number is [`ErrorKind::InvalidNumber`].
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        if !crate::read::is_json_number(self.0.as_bytes()) {
            return Err(w.error(ErrorKind::InvalidNumber));
        }
        w.write_high_precision(self.0)
    }
}

/// An extension value (`E`, BJData Draft 4): its type id and payload bytes, borrowed. Ids 1
/// to 10 are the specification's (epoch times, dates, complex numbers, UUID), each with a
/// fixed payload size that reading checks.
///
/// ```
/// use structio_bjdata::Extension;
/// let doc = b"EU\x01U\x04\x01\x00\x00\x00";
/// let e: Extension = structio_bjdata::from_slice(doc).unwrap();
/// assert_eq!(e, Extension { id: 1, bytes: &[1, 0, 0, 0] });
/// assert_eq!(structio_bjdata::to_vec(&e).unwrap(), doc);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Extension<'a> {
    /// The type id.
    pub id: u64,
    /// The payload.
    pub bytes: &'a [u8],
}

impl<'de: 'a, 'a> BjdataRead<'de> for Extension<'a> {
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_extension()
            .map(|(id, bytes)| Extension { id, bytes })
    }
}

impl BjdataWrite for Extension<'_> {
    #[inline]
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.byte(crate::header::EXTENSION)?;
        w.write_length(self.id as usize)?;
        w.write_length(self.bytes.len())?;
        w.raw(self.bytes)
    }
}

#[cfg(feature = "alloc")]
pub use nd::NdArray;

#[cfg(feature = "alloc")]
mod nd {
    use super::*;
    use crate::header;
    use crate::number::Number;
    use crate::read::Shape;
    use alloc::vec::Vec;

    /// An N-dimensional numeric array: its dimensions and its elements flat, in row-major
    /// (C) order. Written as `[$T#[$U#n d1 ... dn]` and the packed elements; read from that
    /// form (optimized or plain dimensions, row- or column-major, the latter reordered) or
    /// from any one-dimensional array (`dims` then is its length).
    ///
    /// ```
    /// use structio_bjdata::NdArray;
    /// let a = NdArray { dims: vec![2, 3], data: vec![1u8, 2, 3, 4, 5, 6] };
    /// let doc = structio_bjdata::to_vec(&a).unwrap();
    /// assert_eq!(doc, b"[$U#[$U#U\x02\x02\x03\x01\x02\x03\x04\x05\x06");
    /// assert_eq!(structio_bjdata::from_slice::<NdArray<u8>>(&doc).unwrap(), a);
    /// ```
    #[derive(Clone, Debug, PartialEq, Default)]
    pub struct NdArray<T> {
        /// The extent of each dimension, outermost first.
        pub dims: Vec<usize>,
        /// The elements, row-major.
        pub data: Vec<T>,
    }

    impl<'de, T: Number + BjdataRead<'de>> BjdataRead<'de> for NdArray<T> {
        fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
            let mut dims = Vec::new();
            let mut shape = Shape::Flat;
            let at = r.offset();
            r.peek_marker()?;
            let at_marker = r.offset();
            let input = r.input();
            let nd = input.get(at_marker..at_marker + 5).is_some_and(|h| {
                h[0] == header::ARRAY_START
                    && h[1] == header::TYPE
                    && h[3] == header::COUNT
                    && h[4] == header::ARRAY_START
            });
            if nd {
                let mut probe = r.clone();
                probe.advance(4);
                let mut product: usize = 1;
                let found = probe.read_dims_each(|d| {
                    product = product.checked_mul(d)?;
                    dims.push(d);
                    Some(())
                })?;
                match found {
                    Some(s) => shape = s,
                    None => return Err(r.error_at(at, ErrorKind::LengthExceedsInput)),
                }
            }
            let mut data = Vec::new();
            T::read_bjdata_seq(&mut data, r)?;
            if !nd {
                dims.push(data.len());
            }
            if shape == Shape::ColumnMajor {
                data = to_row_major(&dims, &data);
            }
            Ok(NdArray { dims, data })
        }
    }

    /// Elements stored in column-major order, reordered row-major.
    fn to_row_major<T: Copy>(dims: &[usize], data: &[T]) -> Vec<T> {
        // An extent of 1 moves no element; without them, an index has at most log2(elements)
        // places, so the reordering is not quadratic in a document of many such extents.
        let dims: Vec<usize> = dims.iter().copied().filter(|&d| d != 1).collect();
        let dims = &dims[..];
        let mut out = Vec::with_capacity(data.len());
        let mut index = alloc::vec![0usize; dims.len()];
        for _ in 0..data.len() {
            // The column-major offset of the current (row-major ordered) index.
            let mut offset = 0;
            let mut stride = 1;
            for (i, d) in index.iter().zip(dims) {
                offset += i * stride;
                stride *= d;
            }
            if let Some(&x) = data.get(offset) {
                out.push(x);
            }
            for k in (0..dims.len()).rev() {
                index[k] += 1;
                if index[k] < dims[k] {
                    break;
                }
                index[k] = 0;
            }
        }
        out
    }

    impl<T: Number> BjdataWrite for NdArray<T> {
        /// A product of `dims` other than `data.len()` is [`ErrorKind::InvalidMatrix`].
        fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            let product = self.dims.iter().try_fold(1usize, |p, &d| p.checked_mul(d));
            if product != Some(self.data.len()) {
                return Err(w.error(ErrorKind::InvalidMatrix));
            }
            let max = self.dims.iter().copied().max().unwrap_or(0) as u64;
            let (m, width) = if max <= 0xff {
                (header::UINT8, 1)
            } else if max <= 0xffff {
                (header::UINT16, 2)
            } else if max <= 0xffff_ffff {
                (header::UINT32, 4)
            } else {
                (header::UINT64, 8)
            };
            w.raw(&[header::ARRAY_START, header::TYPE, T::MARKER, header::COUNT])?;
            w.begin_packed(m, self.dims.len())?;
            for &d in &self.dims {
                w.raw(&(d as u64).to_le_bytes()[..width])?;
            }
            w.packed_payload(&self.data)
        }
    }
}
