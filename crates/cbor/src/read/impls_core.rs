//! [`CborRead`] for the core types: numbers, `bool`, `char`, `&str`, `&[T]`, `()`, `Option`,
//! fixed arrays and tuples.

use super::typed::{borrow_slice, read_exact, read_seq};
use super::{CborRead, Reader, Seq};
use crate::error::{ErrorKind, Result};

structio_core::__read_impls_counted! {
    trait: CborRead {
        read_cbor,
        read_cbor_into,
        read_cbor_seq,
        read_cbor_exact,
        read_cbor_array,
    },
    slice_doc: {
        /// Borrows the elements of a little-endian typed array (for `u8`, a byte string)
        /// from the input; [`ErrorKind::Misaligned`] if the payload's address is not
        /// aligned for the element type (read a `Cow<[T]>` to copy then).
    },
    tuple_doc: {
        /// An array of exactly this many items.
    },
}

impl<'de> CborRead<'de> for bool {
    #[inline(always)]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        r.read_bool()
    }

    /// A definite-length array of plain booleans is checked and converted in blocks.
    #[inline]
    fn read_cbor_seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
        super::bools::read_bool_seq(seq, r)
    }
}

impl<'de: 'a, 'a> CborRead<'de> for &'a str {
    /// Borrowed; an indefinite-length string is [`ErrorKind::ChunkedInBorrowed`].
    #[inline(always)]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str()
    }
}

impl<'de> CborRead<'de> for char {
    /// A text string of exactly one character.
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let at = r.offset();
        let mut chars = 0usize;
        let mut first = None;
        r.read_str_chunks(|s| {
            for c in s.chars() {
                first = first.or(Some(c));
                chars += 1;
            }
            Ok(())
        })?;
        match first {
            Some(c) if chars == 1 => Ok(c),
            _ => Err(r.error_at(at, ErrorKind::ExpectedChar)),
        }
    }
}

impl<'de> CborRead<'de> for () {
    /// `null` (or `undefined`).
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        r.read_null()
    }
}

impl<'de, T: CborRead<'de>> CborRead<'de> for Option<T> {
    /// `null` or `undefined` is `None`.
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        if r.peek_null()? {
            r.advance(1);
            return Ok(None);
        }
        T::read_cbor(r).map(Some)
    }
    #[inline]
    fn read_cbor_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        if r.peek_null()? {
            r.advance(1);
            *self = None;
            return Ok(());
        }
        match self {
            Some(x) => x.read_cbor_into(r),
            None => {
                *self = Some(T::read_cbor(r)?);
                Ok(())
            }
        }
    }
    #[inline]
    fn missing_field() -> Option<Self> {
        Some(None)
    }
}
