//! `bool` sequences. CBOR writes a boolean as one byte (`0xf4`, `0xf5`), so a definite-length
//! array of booleans is as many bytes as it has items, read a block at a time
//! ([`read_fixed_width`]; the loops vectorise).

use super::fixed_width::read_fixed_width;
use super::{Reader, Seq};
use crate::error::Result;
use crate::header;

/// An array of booleans into `seq`.
#[inline]
pub(crate) fn read_bool_seq<S: Seq<bool>>(seq: &mut S, r: &mut Reader<'_>) -> Result<()> {
    read_fixed_width(
        seq,
        r,
        |items| all_bools(items.as_flattened()),
        |&[b]| b == header::TRUE,
    )
}

/// Whether every byte is `false` or `true`, without stopping early (so the loop vectorises).
#[inline]
fn all_bools(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .fold(0u8, |bad, &b| bad | ((b | 1) ^ header::TRUE))
        == 0
}
