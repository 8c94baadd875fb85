//! Packed numeric containers (`[$T#n`): the bytes a numeric sequence is bulk-copied from,
//! found after the count has been checked against the input; other element types converted
//! one by one, out of line.

use super::{read_generic_seq, BjdataRead, Items, Reader, Seq};
use crate::error::{ErrorKind, Result};
use crate::header;
use crate::number::{decode_le, Number, Wide};

/// What a numeric sequence destination found where its array was due.
pub(crate) enum NumArray<'de> {
    /// Elements of exactly the destination's type, little-endian, back to back.
    Exact(&'de [u8]),
    /// Packed elements of another marker (or big-endian ones), to convert.
    Convert(u8, usize, &'de [u8]),
    /// An array whose children carry their own markers, begun.
    Generic(Items),
}

impl<'de> Reader<'de> {
    /// The array a destination of element type `T` reads.
    #[inline(always)]
    pub(crate) fn num_array<T: Number>(&mut self) -> Result<NumArray<'de>> {
        if let Some(bytes) = self.own_packed::<T>()? {
            return Ok(NumArray::Exact(bytes));
        }
        let mut items = self.begin_array()?;
        if let (Some(t), Some(_)) = (items.element_type(), items.len())
            && t != header::CHAR
            && let Some(width) = header::payload_size(t).filter(|&w| w > 0)
        {
            let bytes = self.take_packed(&mut items, width)?;
            let own = t == T::MARKER || (T::MARKER == header::UINT8 && t == header::BYTE);
            if own && (!self.is_ubjson() || width == 1) {
                return Ok(NumArray::Exact(bytes));
            }
            return Ok(NumArray::Convert(t, width, bytes));
        }
        Ok(NumArray::Generic(items))
    }
}

impl<'de> Reader<'de> {
    /// The payload of `[$T#n` at the cursor when `T` is the destination's own marker, the
    /// count an unsigned `U u m` and the payload all there, as speed mode writes numeric
    /// arrays: read inline, without the general header parser. `None` (nothing consumed) for
    /// every other form, and for a count the input cannot hold, which the general path reads
    /// or reports.
    #[inline(always)]
    fn own_packed<T: Number>(&mut self) -> Result<Option<&'de [u8]>> {
        let at = self.offset();
        if self.implicit_marker() != 0 || self.is_ubjson() {
            return Ok(None);
        }
        let input = self.input();
        let Some(&[open, dollar, typ, hash]) = input.get(at..).and_then(|b| b.first_chunk::<4>())
        else {
            return Ok(None);
        };
        if open != header::ARRAY_START
            || dollar != header::TYPE
            || typ != T::MARKER
            || hash != header::COUNT
        {
            return Ok(None);
        }
        let len_at = at + 4;
        let (n, width) = match input.get(len_at..len_at + 5) {
            Some(&[header::UINT8, a, ..]) => (usize::from(a), 1),
            Some(&[header::UINT16, a, b, ..]) => (usize::from(u16::from_le_bytes([a, b])), 2),
            Some(&[header::UINT32, a, b, c, d]) => (u32::from_le_bytes([a, b, c, d]) as usize, 4),
            _ => return Ok(None),
        };
        let start = len_at + 1 + width;
        let Some(bytes) = n
            .checked_mul(core::mem::size_of::<T>())
            .and_then(|len| input.get(start..start.checked_add(len)?))
        else {
            return Ok(None);
        };
        // The level a container takes, as the general path enters and leaves it.
        self.enter_at(at)?;
        self.leave();
        self.set_offset(start + bytes.len());
        Ok(Some(bytes))
    }
}

/// Converts every packed element of another marker.
#[cold]
#[inline(never)]
fn convert_each<T: Number>(
    r: &Reader<'_>,
    m: u8,
    width: usize,
    bytes: &[u8],
    mut put: impl FnMut(usize, T) -> bool,
) -> Result<()> {
    let start = r.offset() - bytes.len();
    for (i, chunk) in bytes.chunks_exact(width).enumerate() {
        let at = start + i * width;
        let mut b = [0u8; 8];
        b[..width].copy_from_slice(chunk);
        if r.is_ubjson() {
            b[..width].reverse();
        }
        let Some(wide) = decode_le(m, &b[..width]) else {
            return Err(r.error_at(at, ErrorKind::InvalidHeader(m)));
        };
        let Some(v) = T::from_wide(wide) else {
            let kind = match wide {
                Wide::Float(_) => ErrorKind::WrongType {
                    expected: T::MARKER,
                    found: m,
                },
                Wide::Int(_) => ErrorKind::NumberOutOfRange,
            };
            return Err(r.error_at(at, kind));
        };
        if !put(i, v) {
            return Err(r.error_at(at, ErrorKind::TooManyElements));
        }
    }
    Ok(())
}

/// A numeric sequence into `seq`.
#[inline]
pub(crate) fn read_seq<'de, T, S>(seq: &mut S, r: &mut Reader<'de>) -> Result<()>
where
    T: Number + BjdataRead<'de>,
    S: Seq<T>,
{
    let at = r.offset();
    match r.num_array::<T>()? {
        NumArray::Exact(bytes) => structio_core::fill_seq_le(seq, bytes, at),
        NumArray::Convert(m, width, bytes) => {
            seq.seq_truncate(0);
            if !seq.seq_reserve(super::cautious::<T>(bytes.len() / width)) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
            convert_each::<T>(r, m, width, bytes, |_, v| seq.seq_push(v))
        }
        NumArray::Generic(items) => read_generic_seq(seq, r, items),
    }
}

/// Exactly `dst.len()` numbers into `dst`.
#[inline]
pub(crate) fn read_exact<'de, T: Number + BjdataRead<'de>>(
    dst: &mut [T],
    r: &mut Reader<'de>,
) -> Result<()> {
    let at = r.offset();
    let want = dst.len();
    match r.num_array::<T>()? {
        NumArray::Exact(bytes) => structio_core::copy_exact_le(dst, bytes, at),
        NumArray::Convert(m, width, bytes) => {
            structio_core::check_count(bytes.len() / width, want, at)?;
            convert_each::<T>(r, m, width, bytes, structio_core::put_at(dst))
        }
        NumArray::Generic(mut items) => {
            structio_core::__read_begun_items_exact!(dst, r, items, at, T::read_bjdata)
        }
    }
}

/// The elements of a packed container of exactly `T`, borrowed from the input.
/// `Ok(Err(bytes))` gives back the payload when it cannot be viewed in place (misaligned, or a
/// big-endian target), for the caller to copy or refuse.
#[inline]
pub(crate) fn borrow_slice<'de, T: Number>(
    r: &mut Reader<'de>,
) -> Result<core::result::Result<&'de [T], &'de [u8]>> {
    let start = r.checkpoint();
    let at = r.offset();
    let bytes = match r.num_array::<T>()? {
        NumArray::Exact(bytes) => bytes,
        _ => {
            r.restore(start);
            return Err(r.error_at(
                at,
                ErrorKind::WrongType {
                    expected: header::TYPE,
                    found: header::ARRAY_START,
                },
            ));
        }
    };
    Ok(structio_core::borrow_le(bytes))
}
