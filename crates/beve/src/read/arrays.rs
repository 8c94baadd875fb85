//! Locating the payload of typed and aligned arrays: the bytes a bulk copy moves, found after
//! every length has been checked against the input.

use super::Reader;
use crate::error::{ErrorKind, Result};
use crate::header;
use crate::number::Number;

/// What a numeric destination found where its array was due.
#[derive(Copy, Clone, Debug)]
pub(crate) enum NumArray<'de> {
    /// Elements of exactly the destination's type, little-endian, back to back.
    Exact(&'de [u8]),
    /// Elements of another numeric type: their single-value header and width, and the bytes.
    Convert(u8, usize, &'de [u8]),
    /// A generic array (`0x05`), not consumed.
    Generic,
}

impl<'de> Reader<'de> {
    /// After a typed array's header: `SIZE | count × width` bytes, returned.
    #[inline(always)]
    pub(crate) fn typed_payload(&mut self, width: usize) -> Result<&'de [u8]> {
        let n = self.read_count(width)?;
        self.take(n * width)
    }

    /// After an aligned array's inner header: `SIZE | PAD_LEN | padding | count × width` bytes;
    /// the data is returned. `PAD_LEN` must be below the element width.
    #[inline]
    pub(crate) fn aligned_payload(&mut self, width: usize) -> Result<&'de [u8]> {
        let at = self.offset();
        let n = self.read_size()?;
        let pad_at = self.offset();
        let pad = usize::from(self.read_header()?);
        if pad >= width {
            return Err(self.error_at(pad_at, ErrorKind::InvalidPadding));
        }
        match n.checked_mul(width).and_then(|b| b.checked_add(pad)) {
            Some(total) if total <= self.remaining() => {}
            _ => return Err(self.error_at(at, ErrorKind::LengthExceedsInput)),
        }
        self.take(pad)?;
        self.take(n * width)
    }

    /// The numeric array a destination of element type `T` reads: a typed or aligned array of
    /// `T` itself (one bulk copy), of another number type (converted), or a generic array.
    #[inline(always)]
    pub(crate) fn num_array<T: Number>(&mut self) -> Result<NumArray<'de>> {
        let h = self.peek_header()?;
        let width = core::mem::size_of::<T>();
        if h == T::TYPED_HEADER {
            self.advance(1);
            return self.typed_payload(width).map(NumArray::Exact);
        }
        self.num_array_other::<T>(h)
    }

    #[inline(never)]
    fn num_array_other<T: Number>(&mut self, h: u8) -> Result<NumArray<'de>> {
        if h == header::GENERIC_ARRAY {
            return Ok(NumArray::Generic);
        }
        let at = self.offset();
        let inner = if h == header::ALIGNED_ARRAY {
            self.advance(1);
            match self.aligned_inner() {
                Ok((inner, _)) => Some(inner),
                Err(e) => {
                    self.set_pos(at);
                    return Err(e);
                }
            }
        } else {
            None
        };
        let typed = inner.unwrap_or(h);
        let Some(width) = header::width(typed).filter(|_| typed & 7 == 4) else {
            self.set_pos(at);
            return Err(self.wrong_type(T::TYPED_HEADER, h));
        };
        if inner.is_none() {
            self.advance(1);
        }
        let bytes = if inner.is_some() {
            self.aligned_payload(width)?
        } else {
            self.typed_payload(width)?
        };
        if typed == T::TYPED_HEADER {
            Ok(NumArray::Exact(bytes))
        } else {
            Ok(NumArray::Convert((typed & !7) | 1, width, bytes))
        }
    }
}
