//! [`BjdataRead`] for the core types: numbers, `bool`, `char`, `&str`, `&[T]`, `()`, `Option`,
//! fixed arrays and tuples.

use super::typed::{borrow_slice, read_exact, read_seq};
use super::{BjdataRead, Reader, Seq};
use crate::error::{ErrorKind, Result};

structio_core::__read_impls_counted! {
    trait: BjdataRead {
        read_bjdata,
        read_bjdata_into,
        read_bjdata_seq,
        read_bjdata_exact,
        read_bjdata_array,
    },
    slice_doc: {
        /// Borrows the elements of a packed container of exactly this type (`[$T#n`) from
        /// the input; [`ErrorKind::Misaligned`] if the payload's address is not aligned
        /// for the element type (read a `Cow<[T]>` to copy then).
    },
    tuple_doc: {
        /// An array of exactly this many children.
    },
}

impl<'de> BjdataRead<'de> for bool {
    #[inline(always)]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_bool()
    }
    #[inline]
    fn read_bjdata_seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
        let items = r.begin_array()?;
        r.read_bool_seq(seq, items)
    }
}

impl<'de: 'a, 'a> BjdataRead<'de> for &'a str {
    /// Borrowed from the input.
    #[inline(always)]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str()
    }
}

impl<'de> BjdataRead<'de> for char {
    /// A `C` character, or a string of exactly one character.
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        let at = r.offset();
        let s = r.read_str()?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(r.error_at(at, ErrorKind::ExpectedChar)),
        }
    }
}

impl<'de> BjdataRead<'de> for () {
    /// `null` (`Z`).
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_null()
    }
}

impl<'de, T: BjdataRead<'de>> BjdataRead<'de> for Option<T> {
    /// `null` (`Z`) is `None`.
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        if r.peek_null()? {
            r.read_null()?;
            return Ok(None);
        }
        T::read_bjdata(r).map(Some)
    }
    #[inline]
    fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        if r.peek_null()? {
            r.read_null()?;
            *self = None;
            return Ok(());
        }
        match self {
            Some(x) => x.read_bjdata_into(r),
            None => {
                *self = Some(T::read_bjdata(r)?);
                Ok(())
            }
        }
    }
    #[inline]
    fn missing_field() -> Option<Self> {
        Some(None)
    }
}
