//! Float sequences written as plain arrays. A writer that does not use RFC 8746 typed arrays
//! writes an `f64` array as items of nine bytes each (`0xfb` and the big-endian double), so a
//! definite-length array whose items all carry the destination's full-width head is a fixed
//! stride: the heads are checked in one pass and the values converted a block at a time,
//! instead of one item, one bounds check and one push at a time. Anything else in the array (a
//! shorter float, an integer, a tag) takes the item-by-item path, which reads or reports it.

use super::{CborRead, Reader, Seq};
use crate::error::{ErrorKind, Result};
use crate::number::Number;

/// Items converted per block: the stack buffer they go through on their way to the sequence.
const BLOCK: usize = 64;

/// An array of `T` (a float type, `T::FULL_HEAD != 0`) into `seq`.
#[inline]
pub(crate) fn read_full_width_seq<'de, T, S>(seq: &mut S, r: &mut Reader<'de>) -> Result<()>
where
    T: Number + CborRead<'de>,
    S: Seq<T>,
{
    let mut items = r.begin_array()?;
    if let Some(n) = items.len() {
        let stride = 1 + core::mem::size_of::<T>();
        let input = r.input();
        let run = n
            .checked_mul(stride)
            .and_then(|len| input.get(r.offset()..)?.get(..len));
        if let Some(bytes) = run.filter(|bytes| all_full_width::<T>(bytes, stride)) {
            let at = items.offset();
            seq.seq_truncate(0);
            // `n` items take `n * stride` bytes of the input, so this reserves no more than the
            // input holds.
            if !seq.seq_reserve(n) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
            let mut block = [T::ZERO; BLOCK];
            for chunk in bytes.chunks(BLOCK * stride) {
                let mut filled = 0;
                for (x, item) in block.iter_mut().zip(chunk.chunks_exact(stride)) {
                    *x = from_be_item::<T>(item);
                    filled += 1;
                }
                if !seq.seq_extend_from_slice(block.get(..filled).unwrap_or(&block)) {
                    return Err(r.error_at(at, ErrorKind::TooManyElements));
                }
            }
            r.advance(bytes.len());
            items.mark_read();
            return r.end(&mut items);
        }
    }
    structio_core::__read_generic_seq!(seq, r, items, T, read_cbor_into, read_cbor)
}

/// Whether every `stride`-byte item of `bytes` starts with `T`'s full-width head, without
/// stopping early.
#[inline]
fn all_full_width<T: Number>(bytes: &[u8], stride: usize) -> bool {
    bytes.chunks_exact(stride).fold(0u8, |bad, item| {
        bad | item.first().map_or(1, |h| h ^ T::FULL_HEAD)
    }) == 0
}

/// The value of one item: its head, then the value's big-endian bytes.
#[inline(always)]
fn from_be_item<T: Number>(item: &[u8]) -> T {
    let mut x = T::ZERO;
    let dst = bytemuck::bytes_of_mut(&mut x);
    if let Some(src) = item.get(1..1 + dst.len()) {
        dst.copy_from_slice(src);
    }
    x.swap_be()
}
