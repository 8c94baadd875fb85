//! Numbers: single values, and arrays read as one bulk copy when the stored element type is the
//! destination's (converted element by element, out of line, when it is not).

use super::arrays::NumArray;
use super::{check_exact, read_generic_seq, BeveRead, Reader, Seq};
use crate::error::{ErrorKind, Result};
use crate::header;
use crate::number::{decode_wide, Number, Wide};

/// `value` (decoded from a number with header `h`) as a `T`, or the reason it is not one.
#[inline(never)]
pub(crate) fn convert<T: Number>(value: Wide, h: u8, r: &Reader<'_>) -> Result<T> {
    match T::from_wide(value) {
        Some(v) => Ok(v),
        None => match value {
            Wide::Signed(_) | Wide::Unsigned(_) if T::CLASS != header::CLASS_FLOAT => {
                Err(r.error(ErrorKind::NumberOutOfRange))
            }
            _ => Err(r.wrong_type(T::HEADER, h)),
        },
    }
}

/// Converts every element of a typed array of another number type.
#[cold]
#[inline(never)]
fn convert_each<T: Number>(
    r: &mut Reader<'_>,
    number_header: u8,
    width: usize,
    bytes: &[u8],
    mut put: impl FnMut(usize, T) -> bool,
) -> Result<()> {
    let end = r.offset();
    let start = end - bytes.len();
    for (i, chunk) in bytes.chunks_exact(width).enumerate() {
        r.set_pos(start + i * width);
        let typed_header = (number_header & !7) | 4;
        let converted = decode_wide(number_header, chunk)
            .ok_or_else(|| r.wrong_type(T::TYPED_HEADER, typed_header))
            .and_then(|wide| convert::<T>(wide, number_header, r));
        let v = match converted {
            Ok(v) => v,
            // Name the array headers, not the single-value ones the conversion knows.
            Err(e) if matches!(e.kind(), ErrorKind::WrongType { .. }) => {
                return Err(r.wrong_type(T::TYPED_HEADER, typed_header))
            }
            Err(e) => return Err(e),
        };
        if !put(i, v) {
            return Err(r.error(ErrorKind::TooManyElements));
        }
    }
    r.set_pos(end);
    Ok(())
}

/// Fixes the byte order of elements copied from the wire (nothing on little-endian targets).
#[inline(always)]
pub(crate) fn fix_order<T: Number>(items: &mut [T]) {
    if cfg!(target_endian = "big") {
        for x in items {
            *x = x.swap_le();
        }
    }
}

/// The elements of `bytes` (a whole number of `T`, little-endian) pushed one at a time: the
/// plain alternative of the block copy (the `structio_plain_block_copy` switch, which measures
/// what it is worth). `false` if a fixed capacity is too small.
#[inline(always)]
fn push_each<T: Number, S: Seq<T>>(seq: &mut S, bytes: &[u8]) -> bool {
    let width = core::mem::size_of::<T>();
    if !seq.seq_reserve(bytes.len() / width) {
        return false;
    }
    seq.seq_truncate(0);
    for chunk in bytes.chunks_exact(width) {
        if !seq.seq_push(bytemuck::pod_read_unaligned::<T>(chunk).swap_le()) {
            return false;
        }
    }
    true
}

/// A numeric sequence into `seq`.
#[inline]
pub(crate) fn read_seq<'de, T, S>(seq: &mut S, r: &mut Reader<'de>) -> Result<()>
where
    T: Number + BeveRead<'de>,
    S: Seq<T>,
{
    let at = r.offset();
    match r.num_array::<T>()? {
        NumArray::Exact(bytes) if cfg!(structio_plain_block_copy) => {
            if !push_each(seq, bytes) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
            Ok(())
        }
        NumArray::Exact(bytes) => {
            if !seq.seq_fill_raw(bytes) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
            fix_order(seq.seq_as_mut_slice());
            Ok(())
        }
        NumArray::Convert(number_header, width, bytes) => {
            if !seq.seq_reserve(bytes.len() / width) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
            seq.seq_truncate(0);
            convert_each::<T>(r, number_header, width, bytes, |_, v| seq.seq_push(v))
        }
        NumArray::Generic => read_generic_seq(seq, r),
    }
}

/// Exactly `dst.len()` numbers into `dst`.
#[inline]
pub(crate) fn read_exact<'de, T: Number + BeveRead<'de>>(
    dst: &mut [T],
    r: &mut Reader<'de>,
) -> Result<()> {
    let at = r.offset();
    match r.num_array::<T>()? {
        NumArray::Exact(bytes) => {
            check_exact(r, at, bytes.len() / core::mem::size_of::<T>(), dst.len())?;
            if cfg!(structio_plain_block_copy) {
                let width = core::mem::size_of::<T>();
                for (x, chunk) in dst.iter_mut().zip(bytes.chunks_exact(width)) {
                    *x = bytemuck::pod_read_unaligned::<T>(chunk).swap_le();
                }
                return Ok(());
            }
            structio_core::copy_bytes(bytemuck::cast_slice_mut::<T, u8>(dst), bytes);
            fix_order(dst);
            Ok(())
        }
        NumArray::Convert(number_header, width, bytes) => {
            check_exact(r, at, bytes.len() / width, dst.len())?;
            convert_each::<T>(r, number_header, width, bytes, |i, v| {
                match dst.get_mut(i) {
                    Some(x) => {
                        *x = v;
                        true
                    }
                    None => false,
                }
            })
        }
        NumArray::Generic => {
            let n = r.begin_array()?;
            check_exact(r, at, n, dst.len())?;
            for x in dst.iter_mut() {
                *x = r.read_number()?;
            }
            r.end_array();
            Ok(())
        }
    }
}

/// The elements of a numeric array of exactly `T`, borrowed from the input. `Ok(Err(bytes))`
/// gives back the payload when it cannot be viewed in place (misaligned, or a big-endian
/// target), for the caller to copy or refuse.
#[inline]
pub(crate) fn borrow_slice<'de, T: Number>(
    r: &mut Reader<'de>,
) -> Result<core::result::Result<&'de [T], &'de [u8]>> {
    let h = r.peek_header()?;
    let bytes = match h {
        _ if h == T::TYPED_HEADER => {
            r.advance(1);
            r.typed_payload(core::mem::size_of::<T>())?
        }
        header::ALIGNED_ARRAY => {
            let at = r.offset();
            r.advance(1);
            let (inner, width) = r.aligned_inner()?;
            if inner != T::TYPED_HEADER {
                r.set_pos(at + 1);
                return Err(r.wrong_type(T::TYPED_HEADER, inner));
            }
            r.aligned_payload(width)?
        }
        _ => return Err(r.wrong_type(T::TYPED_HEADER, h)),
    };
    if cfg!(target_endian = "big") && core::mem::size_of::<T>() > 1 {
        return Ok(Err(bytes));
    }
    Ok(bytemuck::try_cast_slice::<u8, T>(bytes).map_err(|_| bytes))
}

macro_rules! number_read {
    ($($t:ty),*) => {$(
        impl<'de> BeveRead<'de> for $t {
            #[inline(always)]
            fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
                r.read_number::<$t>()
            }
            #[inline(always)]
            fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
                *self = r.read_number::<$t>()?;
                Ok(())
            }
            #[inline]
            fn read_beve_seq<S: Seq<Self>>(seq: &mut S, r: &mut Reader<'de>) -> Result<()> {
                read_seq::<$t, S>(seq, r)
            }
            #[inline]
            fn read_beve_exact(dst: &mut [Self], r: &mut Reader<'de>) -> Result<()> {
                read_exact(dst, r)
            }
            #[inline]
            fn read_beve_array<const N: usize>(r: &mut Reader<'de>) -> Result<[Self; N]> {
                let mut out = [<$t as Number>::ZERO; N];
                read_exact(&mut out, r)?;
                Ok(out)
            }
        }

        impl<'de: 'a, 'a> BeveRead<'de> for &'a [$t] {
            /// Borrows the elements from the input; [`ErrorKind::Misaligned`] if the payload's
            /// address is not aligned for the element type (read a `Cow<[T]>` to copy then).
            #[inline]
            fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
                match borrow_slice::<$t>(r)? {
                    Ok(s) => Ok(s),
                    Err(bytes) => {
                        let at = r.offset() - bytes.len();
                        let kind = if cfg!(target_endian = "big") { ErrorKind::ByteOrder } else { ErrorKind::Misaligned };
                        Err(r.error_at(at, kind))
                    }
                }
            }
        }
    )*};
}

number_read!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize, f32, f64);
number_read!(crate::Bf16, crate::F16, crate::F128);
