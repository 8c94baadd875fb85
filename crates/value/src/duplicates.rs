//! Repeated keys in an object read from a document: found when the object closes, then folded
//! into one member at the first key's position holding the last value, as serde_json's
//! `Value` (with `preserve_order`) keeps them; or, when the reader denies repeats, refused at the
//! second key.
//!
//! Finding costs one short hash per key: a 128-bit filter of the hashes says which keys may
//! repeat an earlier one, and only those are compared, by hash and then by bytes. Folding is
//! the rare path and rebuilds the object once (O(n log n)), however many repeats it has.

use alloc::vec::Vec;

use crate::json_read::{Key, Reader, IN_SCRATCH};
use crate::{Object, Value};

/// A short hash of a key: its length and up to its first and last 8 bytes.
#[inline(always)]
fn key_hash(b: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let word = |s: &[u8]| {
        let mut w = [0u8; 8];
        w[..s.len()].copy_from_slice(s);
        u64::from_le_bytes(w)
    };
    let n = b.len();
    let (head, tail) = if n <= 8 {
        (word(b), 0)
    } else {
        (word(&b[..8]), word(&b[n - 8..]))
    };
    let h = (head ^ (n as u64).rotate_left(56)).wrapping_mul(K);
    (h ^ tail.rotate_left(29) ^ (h >> 31)).wrapping_mul(K)
}

/// The bytes of a key pushed by a reader: a range of `input`, or of `key_text` when flagged.
#[inline(always)]
pub(crate) fn key_bytes<'a>(input: &'a [u8], key_text: &'a [u8], k: Key) -> &'a [u8] {
    let (src, start) = if k.start & IN_SCRATCH != 0 {
        (key_text, (k.start & !IN_SCRATCH) as usize)
    } else {
        (input, k.start as usize)
    };
    src.get(start..start + k.len as usize).unwrap_or_default()
}

impl Reader {
    /// The index (among `keys`, the keys of one object in order) of the first key that repeats
    /// an earlier one, if any.
    pub(crate) fn first_repeat(&mut self, input: &[u8], keys_from: usize) -> Option<usize> {
        let keys = self.keys.get(keys_from..).unwrap_or_default();
        if keys.len() < 2 {
            return None;
        }
        let hashes = &mut self.key_hashes;
        hashes.clear();
        let mut filter = 0u128;
        for (i, &k) in keys.iter().enumerate() {
            let bytes = key_bytes(input, &self.key_text, k);
            let h = key_hash(bytes);
            let bit = 1u128 << (h >> 57);
            if filter & bit != 0 {
                let earlier = hashes.iter().zip(keys.iter());
                for (_, &e) in earlier.filter(|(&eh, _)| eh == h) {
                    if key_bytes(input, &self.key_text, e) == bytes {
                        return Some(i);
                    }
                }
            }
            filter |= bit;
            hashes.push(h);
        }
        None
    }
}

/// Folds every repeated key of `o` into its first position, holding the last value.
pub(crate) fn fold_repeats(o: &mut Object) {
    let n = o.len();
    // Member indices ordered by key, then by position: each run is one key's members.
    let mut order: Vec<u32> = (0..n as u32).collect();
    let keys: Vec<&str> = o.keys().collect();
    order.sort_by(|&a, &b| keys[a as usize].cmp(keys[b as usize]).then(a.cmp(&b)));
    let mut keep = alloc::vec![true; n];
    // (first, last) position of each repeated key.
    let mut moves = Vec::new();
    let mut run = 0;
    while run < n {
        let first = order[run] as usize;
        let mut end = run + 1;
        while end < n && keys[order[end] as usize] == keys[first] {
            keep[order[end] as usize] = false;
            end += 1;
        }
        if end - run > 1 {
            moves.push((first, order[end - 1] as usize));
        }
        run = end;
    }
    drop(keys);
    let mut values: Vec<&mut Value> = o.values_mut().collect();
    for (first, last) in moves {
        let (a, b) = values.split_at_mut(last);
        core::mem::swap(a[first], b[0]);
    }
    drop(values);
    let key_bytes: usize = o
        .iter()
        .zip(&keep)
        .filter(|(_, &k)| k)
        .map(|((k, _), _)| k.len())
        .sum();
    let kept = keep.iter().filter(|&&k| k).count();
    let mut folded = Object::with_capacity(kept, key_bytes);
    for ((k, v), &keep) in o.iter_mut().zip(&keep) {
        if keep {
            folded.append(k, core::mem::replace(v, Value::NULL));
        }
    }
    *o = folded;
}
