//! Float sequences written as plain arrays. A writer that does not use RFC 8746 typed arrays
//! writes an `f64` array as items of nine bytes each (`0xfb` and the big-endian double), so a
//! definite-length array whose items all carry the destination's full-width head is read a
//! block at a time ([`read_fixed_width`]). Anything else in the array (a shorter float, an
//! integer, a tag) takes the item-by-item path, which reads or reports it.

use super::fixed_width::read_fixed_width;
use super::{CborRead, Reader, Seq};
use crate::error::Result;
use crate::number::Number;

/// An array of `T` (a float type, `T::FULL_HEAD != 0`) into `seq`.
#[inline]
pub(crate) fn read_full_width_seq<'de, T, S>(seq: &mut S, r: &mut Reader<'de>) -> Result<()>
where
    T: Number + CborRead<'de>,
    S: Seq<T>,
{
    // An item is the head and the value: `W` is `1 + size_of::<T>()`, which a const generic
    // cannot compute from `T`, so it is chosen here (a branch on a constant).
    if core::mem::size_of::<T>() == 8 {
        read_fixed_width::<T, S, 9>(seq, r, all_full_width::<T, 9>, from_be_item)
    } else {
        read_fixed_width::<T, S, 5>(seq, r, all_full_width::<T, 5>, from_be_item)
    }
}

/// Whether every item starts with `T`'s full-width head, without stopping early.
#[inline]
fn all_full_width<T: Number, const W: usize>(items: &[[u8; W]]) -> bool {
    items.iter().fold(0u8, |bad, item| {
        bad | item.first().map_or(1, |h| h ^ T::FULL_HEAD)
    }) == 0
}

/// The value of one item: its head, then the value's big-endian bytes.
#[inline(always)]
fn from_be_item<T: Number, const W: usize>(item: &[u8; W]) -> T {
    let mut x = T::ZERO;
    let dst = bytemuck::bytes_of_mut(&mut x);
    if let Some(src) = item.get(1..1 + dst.len()) {
        dst.copy_from_slice(src);
    }
    x.swap_be()
}
