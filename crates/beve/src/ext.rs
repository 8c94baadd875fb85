//! The extensions: complex numbers, matrices and delimited streams of documents.

use crate::error::{ErrorKind, Result};
use crate::header;
use crate::number::Number;
use crate::read::{numbers::fix_order, BeveRead, Reader, Seq};
use crate::write::{BeveWrite, Sink, Writer};

/// A complex number, stored real part first (the layout of C++'s `std::complex<T>`), so a
/// `Vec<Complex<f64>>` moves as one copy.
///
/// ```
/// use structio_beve::Complex;
/// let doc = structio_beve::to_vec(&Complex { re: 1.0f32, im: 2.0 }).unwrap();
/// assert_eq!(doc[..2], [0x1e, 0x40]);
/// assert_eq!(structio_beve::from_slice::<Complex<f32>>(&doc).unwrap(), Complex { re: 1.0, im: 2.0 });
/// ```
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Complex<T> {
    /// The real part.
    pub re: T,
    /// The imaginary part.
    pub im: T,
}

// SAFETY: `repr(C)` with two fields of one `Pod` type: no padding (both fields have the same
// size and alignment), every bit pattern valid, all-zero valid.
unsafe impl<T: Number> bytemuck::Zeroable for Complex<T> {}
// SAFETY: as above; `Complex<T>` is `Copy` and `'static` because `T: Pod` is.
unsafe impl<T: Number> bytemuck::Pod for Complex<T> {}

impl<T: Number> Complex<T> {
    /// The complex sub-header: sub-type, then the component's class and width.
    const fn sub_header(sub: u8) -> u8 {
        sub | T::CLASS << 3 | T::CODE << 5
    }
}

impl<T: Number> BeveWrite for Complex<T> {
    fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.raw(&[header::COMPLEX, Self::sub_header(0)])?;
        w.elements(&[self.re, self.im])
    }

    /// A complex array (sub-type 1), as Glaze writes `std::vector<std::complex<T>>`.
    fn write_beve_slice<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()> {
        w.byte(header::COMPLEX)?;
        w.header_size(Self::sub_header(1), items.len())?;
        w.elements(bytemuck::cast_slice::<Self, T>(items))
    }
}

impl<'de, T: Number + BeveRead<'de>> BeveRead<'de> for Complex<T> {
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        r.expect_header(header::COMPLEX)?;
        r.expect_header(Self::sub_header(0))?;
        let bytes = r.take(2 * core::mem::size_of::<T>())?;
        let mut out = [Self {
            re: T::ZERO,
            im: T::ZERO,
        }];
        bytemuck::cast_slice_mut::<Self, u8>(&mut out).copy_from_slice(bytes);
        fix_order(bytemuck::cast_slice_mut::<Self, T>(&mut out));
        Ok(out[0])
    }

    /// A complex array (sub-type 1), an aligned complex array (sub-type 2, an aligned array of
    /// an even number of components) or a generic array of complex numbers.
    fn read_beve_seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
        let at = r.offset();
        if r.peek_header()? == header::GENERIC_ARRAY {
            return super::read::read_generic_seq(seq, r);
        }
        r.expect_header(header::COMPLEX)?;
        let width = core::mem::size_of::<T>();
        let sub = r.peek_header()?;
        let bytes = if sub == Self::sub_header(1) {
            r.read_header()?;
            r.typed_payload(2 * width)?
        } else if sub == Self::sub_header(2) {
            r.read_header()?;
            r.expect_header(header::ALIGNED_ARRAY)?;
            r.expect_header(T::TYPED_HEADER)?;
            let bytes = r.aligned_payload(width)?;
            if !(bytes.len() / width).is_multiple_of(2) {
                return Err(r.error_at(at, ErrorKind::InvalidHeader(header::COMPLEX)));
            }
            bytes
        } else {
            return Err(r.wrong_type(Self::sub_header(1), sub));
        };
        if !seq.seq_fill_raw(bytes) {
            return Err(r.error_at(at, ErrorKind::TooManyElements));
        }
        fix_order(bytemuck::cast_slice_mut::<Self, T>(seq.seq_as_mut_slice()));
        Ok(())
    }
}

/// An iterator over the root values of a stream (`value [0x06] value ...`): each item is one
/// document read as `T`; one delimiter between values is optional and skipped.
///
/// ```
/// let items: Vec<u8> = structio_beve::documents(&[0x11, 1, 0x06, 0x11, 2])
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(items, [1, 2]);
/// ```
#[derive(Debug)]
pub struct Documents<'de, T> {
    reader: Reader<'de>,
    failed: bool,
    _marker: core::marker::PhantomData<fn() -> T>,
}

/// The root values of a delimited stream; see [`Documents`].
///
/// ```
/// let mut docs = structio_beve::documents::<bool>(&[0x18]);
/// assert_eq!(docs.next().unwrap().unwrap(), true);
/// assert!(docs.next().is_none());
/// ```
pub fn documents<'de, T: BeveRead<'de>>(input: &'de [u8]) -> Documents<'de, T> {
    Documents {
        reader: Reader::new(input),
        failed: false,
        _marker: core::marker::PhantomData,
    }
}

impl<'de, T: BeveRead<'de>> Iterator for Documents<'de, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        if self.failed || self.reader.remaining() == 0 {
            return None;
        }
        if self.reader.offset() > 0 && self.reader.peek_header().ok() == Some(header::DELIMITER) {
            let _ = self.reader.read_header();
            if self.reader.remaining() == 0 {
                return None;
            }
        }
        let item = T::read_beve(&mut self.reader);
        self.failed = item.is_err();
        Some(item)
    }
}

#[cfg(feature = "alloc")]
pub use matrix::{Layout, Matrix};

#[cfg(feature = "alloc")]
mod matrix {
    use super::*;
    use alloc::vec::Vec;

    /// The element order of a [`Matrix`].
    ///
    /// ```
    /// assert_eq!(structio_beve::Layout::default(), structio_beve::Layout::RowMajor);
    /// ```
    #[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
    pub enum Layout {
        /// Row-major (`layout_right`, bit 0 clear).
        #[default]
        RowMajor,
        /// Column-major (`layout_left`, bit 0 set).
        ColumnMajor,
    }

    /// A dense matrix (the matrix extension, `0x16`): layout, extents (written as a typed array
    /// of `i64`, as Glaze's Eigen support does) and the elements as a numeric typed array.
    ///
    /// ```
    /// use structio_beve::{Layout, Matrix};
    /// let m = Matrix { layout: Layout::RowMajor, extents: vec![1, 2], data: vec![1.0f64, 2.0] };
    /// let doc = structio_beve::to_vec(&m).unwrap();
    /// assert_eq!(structio_beve::from_slice::<Matrix<f64>>(&doc).unwrap(), m);
    /// ```
    #[derive(Clone, Debug, Default, PartialEq)]
    pub struct Matrix<T> {
        /// Element order.
        pub layout: Layout,
        /// The length of each dimension.
        pub extents: Vec<usize>,
        /// The elements, as many as the product of the extents.
        pub data: Vec<T>,
    }

    impl<T: Number + BeveWrite> BeveWrite for Matrix<T> {
        fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
            let layout = match self.layout {
                Layout::RowMajor => 0,
                Layout::ColumnMajor => 1,
            };
            w.raw(&[header::MATRIX, layout])?;
            w.header_size(<i64 as Number>::TYPED_HEADER, self.extents.len())?;
            for &e in &self.extents {
                let e = i64::try_from(e).map_err(|_| w.error(ErrorKind::InvalidMatrix))?;
                w.raw(&e.to_le_bytes())?;
            }
            w.typed_array(&self.data)
        }
    }

    impl<'de, T: Number + BeveRead<'de>> BeveRead<'de> for Matrix<T> {
        fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
            let at = r.offset();
            r.expect_header(header::MATRIX)?;
            let layout = match r.read_header()? {
                0 => Layout::RowMajor,
                1 => Layout::ColumnMajor,
                _ => return Err(r.error_at(r.offset() - 1, ErrorKind::InvalidMatrix)),
            };
            let h = r.peek_header()?;
            if h & 7 != 4 || !matches!((h >> 3) & 3, 1 | 2) {
                return Err(r.error(ErrorKind::InvalidMatrix));
            }
            let extents = Vec::<usize>::read_beve(r)?;
            let h = r.peek_header()?;
            if h & 7 != 4 {
                return Err(r.error(ErrorKind::InvalidMatrix));
            }
            let data = Vec::<T>::read_beve(r)?;
            let count = extents
                .iter()
                .try_fold(1usize, |acc, &e| acc.checked_mul(e));
            if count != Some(data.len()) {
                return Err(r.error_at(at, ErrorKind::InvalidMatrix));
            }
            Ok(Matrix {
                layout,
                extents,
                data,
            })
        }
    }
}
