//! RFC 8746 typed arrays: the byte string a numeric sequence is bulk-copied from, found after
//! every length has been checked against the input; other encodings converted element by
//! element, out of line.

use super::reader::StrBody;
use super::{read_generic_seq, CborRead, Reader, Seq};
use crate::error::{ErrorKind, Result};
use crate::header::{self, major, typed_element, TypedElement};
use crate::number::{decode_element, Number};

/// What a numeric sequence destination found where its array was due.
pub(crate) enum NumArray<'de> {
    /// Elements of exactly the destination's type, little-endian, back to back.
    Exact(&'de [u8]),
    /// Elements of the destination's type, big-endian.
    Swapped(&'de [u8]),
    /// Elements of another typed-array type, to convert.
    Convert(TypedElement, &'de [u8]),
    /// A byte string of indefinite length (a `u8` destination), its head consumed.
    Chunked,
    /// An array of numbers, not consumed.
    Generic,
}

impl<'de> Reader<'de> {
    /// The sequence a destination of element type `T` reads, tags before it included.
    #[inline(always)]
    pub(crate) fn num_array<T: Number>(&mut self) -> Result<NumArray<'de>> {
        if let Some(bytes) = self.own_typed_array(T::TAG_LE, core::mem::size_of::<T>()) {
            return Ok(NumArray::Exact(bytes));
        }
        let start = self.offset();
        let b = self.peek()?;
        if major(b) == header::ARRAY {
            return Ok(NumArray::Generic);
        }
        let tag = self.skip_tags()?;
        let at = self.offset();
        let b = self.peek()?;
        if major(b) == header::ARRAY {
            // Tags that say nothing about the array's elements are passed through.
            return Ok(NumArray::Generic);
        }
        let element = tag.and_then(typed_element);
        let plain_bytes = T::TAG_LE == header::TAG_TYPED_FIRST && tag.is_none();
        if major(b) != header::BYTES || (element.is_none() && !plain_bytes) {
            self.set_pos(start);
            return Err(self.wrong_type(header::ARRAY, b));
        }
        let bytes = match self.str_body(header::BYTES)? {
            StrBody::Definite(bytes) => bytes,
            StrBody::Chunked if plain_bytes => return Ok(NumArray::Chunked),
            StrBody::Chunked => return Err(self.error_at(at, ErrorKind::ChunkedInBorrowed)),
        };
        let Some(e) = element else {
            return Ok(NumArray::Exact(bytes));
        };
        if bytes.len() % e.width != 0 {
            return Err(self.error_at(at, ErrorKind::TypedArrayLength));
        }
        let tag = tag.unwrap_or(0);
        if tag == T::TAG_LE || (tag == 68 && T::TAG_LE == header::TAG_TYPED_FIRST) {
            Ok(NumArray::Exact(bytes))
        } else if tag == T::TAG_BE {
            Ok(NumArray::Swapped(bytes))
        } else {
            Ok(NumArray::Convert(e, bytes))
        }
    }
}

/// Converts every element of a typed array of another element type.
#[cold]
#[inline(never)]
fn convert_each<T: Number>(
    r: &Reader<'_>,
    e: TypedElement,
    bytes: &[u8],
    mut put: impl FnMut(usize, T) -> bool,
) -> Result<()> {
    let start = r.offset() - bytes.len();
    for (i, chunk) in bytes.chunks_exact(e.width).enumerate() {
        let at = start + i * e.width;
        let Some(wide) = decode_element(e, chunk) else {
            return Err(r.error_at(
                at,
                ErrorKind::WrongType {
                    expected: header::ARRAY,
                    found: header::TAG,
                },
            ));
        };
        let Some(v) = T::from_wide(wide) else {
            let kind = match wide {
                crate::number::Wide::Float(_) => ErrorKind::InvalidType(T::NAME),
                _ => ErrorKind::NumberOutOfRange,
            };
            return Err(r.error_at(at, kind));
        };
        if !put(i, v) {
            return Err(r.error_at(at, ErrorKind::TooManyElements));
        }
    }
    Ok(())
}

/// Fixes the byte order of elements copied from big-endian wire bytes.
#[inline]
fn fix_be<T: Number>(items: &mut [T]) {
    for x in items {
        *x = x.swap_be();
    }
}

/// A numeric sequence into `seq`.
#[inline]
pub(crate) fn read_seq<'de, T, S>(seq: &mut S, r: &mut Reader<'de>) -> Result<()>
where
    T: Number + CborRead<'de>,
    S: Seq<T>,
{
    let at = r.offset();
    match r.num_array::<T>()? {
        NumArray::Exact(bytes) => structio_core::fill_seq_le(seq, bytes, at),
        NumArray::Swapped(bytes) => {
            if !seq.seq_fill_raw(bytes) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
            fix_be(seq.seq_as_mut_slice());
            Ok(())
        }
        NumArray::Convert(e, bytes) => {
            seq.seq_truncate(0);
            if !seq.seq_reserve(super::cautious::<T>(bytes.len() / e.width)) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
            convert_each::<T>(r, e, bytes, |_, v| seq.seq_push(v))
        }
        NumArray::Chunked => {
            seq.seq_truncate(0);
            // Only a `u8` destination takes a plain byte string, so every chunk casts.
            r.chunks(header::BYTES, |r, chunk| {
                match bytemuck::try_cast_slice::<u8, T>(chunk) {
                    Ok(items) if seq.seq_extend_from_slice(items) => Ok(()),
                    _ => Err(r.error_at(at, ErrorKind::TooManyElements)),
                }
            })
        }
        NumArray::Generic if T::FULL_HEAD != 0 => super::floats::read_full_width_seq(seq, r),
        NumArray::Generic => read_generic_seq(seq, r),
    }
}

/// Exactly `dst.len()` numbers into `dst`.
#[inline]
pub(crate) fn read_exact<'de, T: Number + CborRead<'de>>(
    dst: &mut [T],
    r: &mut Reader<'de>,
) -> Result<()> {
    let at = r.offset();
    let size = core::mem::size_of::<T>();
    let want = dst.len();
    match r.num_array::<T>()? {
        NumArray::Exact(bytes) => structio_core::copy_exact_le(dst, bytes, at),
        NumArray::Swapped(bytes) => {
            structio_core::check_count(bytes.len() / size, want, at)?;
            bytemuck::cast_slice_mut::<T, u8>(dst).copy_from_slice(bytes);
            fix_be(dst);
            Ok(())
        }
        NumArray::Convert(e, bytes) => {
            structio_core::check_count(bytes.len() / e.width, want, at)?;
            convert_each::<T>(r, e, bytes, structio_core::put_at(dst))
        }
        NumArray::Chunked => {
            let mut n = 0;
            let out = bytemuck::cast_slice_mut::<T, u8>(dst);
            r.chunks(header::BYTES, |r, chunk| {
                match out.get_mut(n..n + chunk.len()) {
                    Some(d) => {
                        d.copy_from_slice(chunk);
                        n += chunk.len();
                        Ok(())
                    }
                    None => Err(r.error_at(at, ErrorKind::TooManyElements)),
                }
            })?;
            structio_core::check_count(n, want, at)
        }
        NumArray::Generic => {
            let mut items = r.begin_array()?;
            structio_core::__read_begun_items_exact!(dst, r, items, at, T::read_cbor)
        }
    }
}

/// The elements of a typed array of exactly `T` (little-endian), borrowed from the input.
/// `Ok(Err(bytes))` gives back the payload when it cannot be viewed in place (misaligned, or a
/// big-endian target), for the caller to copy or refuse.
#[inline]
pub(crate) fn borrow_slice<'de, T: Number>(
    r: &mut Reader<'de>,
) -> Result<core::result::Result<&'de [T], &'de [u8]>> {
    let start = r.offset();
    let found = r.peek()?;
    let bytes = match r.num_array::<T>()? {
        NumArray::Exact(bytes) => bytes,
        NumArray::Chunked => return Err(r.error_at(start, ErrorKind::ChunkedInBorrowed)),
        _ => {
            r.set_pos(start);
            return Err(r.wrong_type(header::TAG, found));
        }
    };
    Ok(structio_core::borrow_le(bytes))
}
