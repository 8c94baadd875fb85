//! Arrays whose items all take the same `W` bytes (a boolean's one, a full-width double's
//! nine): a definite-length array of them is `W` bytes an item, so its items are checked in
//! one pass and converted a block at a time, instead of one item, one bounds check and one push
//! at a time. An array with any other item (a tag, another type or width) takes the item-by-item
//! path, which reads or reports it. `bools` and `floats` say what a plain item is.

use super::{CborRead, Reader, Seq};
use crate::error::{ErrorKind, Result};

/// Items converted per block: the stack buffer they go through on their way to the sequence.
const BLOCK: usize = 64;

/// An array into `seq`: a block at a time when `plain` holds for its items (each `W` bytes),
/// converted by `value`; else item by item.
#[inline(always)]
pub(crate) fn read_fixed_width<'de, T, S, const W: usize>(
    seq: &mut S,
    r: &mut Reader<'de>,
    plain: impl Fn(&[[u8; W]]) -> bool,
    value: impl Fn(&[u8; W]) -> T,
) -> Result<()>
where
    T: CborRead<'de> + Copy + bytemuck::Zeroable,
    S: Seq<T>,
{
    let mut items = r.begin_array()?;
    if let Some(n) = items.len() {
        let input = r.input();
        let run = n
            .checked_mul(W)
            .and_then(|len| input.get(r.offset()..)?.get(..len));
        let run = run.map(<[u8]>::as_chunks::<W>).map(|(whole, _)| whole);
        if let Some(run) = run.filter(|run| plain(run)) {
            let at = items.offset();
            seq.seq_truncate(0);
            // `n` items take `n * W` bytes of the input, so this reserves no more than it holds.
            if !seq.seq_reserve(n) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
            let mut block = [T::zeroed(); BLOCK];
            for chunk in run.chunks(BLOCK) {
                for (x, item) in block.iter_mut().zip(chunk) {
                    *x = value(item);
                }
                if !seq.seq_extend_from_slice(block.get(..chunk.len()).unwrap_or(&block)) {
                    return Err(r.error_at(at, ErrorKind::TooManyElements));
                }
            }
            r.advance(n * W);
            items.mark_read();
            return r.end(&mut items);
        }
    }
    structio_core::__read_generic_seq!(seq, r, items, T, read_cbor_into, read_cbor)
}
