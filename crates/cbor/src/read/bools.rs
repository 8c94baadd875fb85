//! `bool` sequences. CBOR writes a boolean as one byte (`0xf4`, `0xf5`), so a definite-length
//! array of booleans is as many bytes as it has items: they are checked and converted a block
//! at a time (loops the compiler vectorises) instead of one item, one bounds check and one push
//! at a time. Anything else in the array (a tag, another type) takes the item-by-item path,
//! which reports it.

use super::{CborRead, Reader, Seq};
use crate::error::{ErrorKind, Result};
use crate::header;

/// Booleans converted per block: the stack buffer they go through on their way to the sequence.
const BLOCK: usize = 64;

/// An array of booleans into `seq`.
#[inline]
pub(crate) fn read_bool_seq<S: Seq<bool>>(seq: &mut S, r: &mut Reader<'_>) -> Result<()> {
    let mut items = r.begin_array()?;
    if let Some(n) = items.len() {
        let input = r.input();
        let run = input.get(r.offset()..).and_then(|rest| rest.get(..n));
        if let Some(bytes) = run.filter(|bytes| all_bools(bytes)) {
            let at = items.offset();
            seq.seq_truncate(0);
            // `n` is bounded by the input's length, so this reserves no more than it holds.
            if !seq.seq_reserve(n) {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
            let mut block = [false; BLOCK];
            for chunk in bytes.chunks(BLOCK) {
                for (b, &byte) in block.iter_mut().zip(chunk) {
                    *b = byte == header::TRUE;
                }
                if !seq.seq_extend_from_slice(block.get(..chunk.len()).unwrap_or(&block)) {
                    return Err(r.error_at(at, ErrorKind::TooManyElements));
                }
            }
            r.advance(n);
            items.mark_read();
            return r.end(&mut items);
        }
    }
    structio_core::__read_generic_seq!(seq, r, items, bool, read_cbor_into, read_cbor)
}

/// Whether every byte is `false` or `true`, without stopping early (so the loop vectorises).
#[inline]
fn all_bools(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .fold(0u8, |bad, &b| bad | ((b | 1) ^ header::TRUE))
        == 0
}
