//! Repeated keys in an object read from a document: found when the object is built, then folded
//! into one member at the first key's position holding the last value, as serde_json's
//! `Value` (with `preserve_order`) keeps them; or, when the reader denies repeats, refused at the
//! second key.
//!
//! Finding costs a few instructions per key. An object of two members compares its two keys
//! ([`Reader::pair_repeats`]); one of up to 64 finds out while its keys are copied into its
//! block ([`KeyFilter`]). A larger one, and every object whose reader denies repeats (the
//! error needs the first repeat's position before building), asks [`Reader::first_repeat`] at
//! the close: up to 16 keys, a tag (the first word) and one bit of a filter that says which
//! keys may repeat an earlier one, and only those are compared, by tag and then by bytes; past
//! that, a hash of the first and last words and one probe of a hash table, and a comparison by
//! bytes only where whole hashes are equal. Folding is the rare path and rebuilds the object
//! once (O(n log n)), however many repeats it has.

use alloc::vec::Vec;

use crate::builder::{Key, Reader, IN_SCRATCH};
use crate::{Object, Value};

/// Fibonacci hashing's multiplier: a word times it has high bits that depend on all of its bits.
const K: u64 = 0x9E37_79B9_7F4A_7C15;

/// Up to 8 bytes of `src` from `at` as a little-endian word, the bytes past `len` zeroed: one
/// unaligned load when 8 bytes are there (a key in the input is followed by its quote and
/// colon, so it almost always is).
#[inline(always)]
fn word_at(src: &[u8], at: usize, len: usize) -> u64 {
    let mask = if len >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * len)) - 1
    };
    match src.get(at..at + 8) {
        Some(b) => u64::from_le_bytes(b.try_into().unwrap_or_default()) & mask,
        None => word_short(src, at, len.min(8)),
    }
}

/// [`word_at`] near the end of `src`, a byte at a time.
#[cold]
fn word_short(src: &[u8], at: usize, len: usize) -> u64 {
    let bytes = src.get(at..at + len).unwrap_or_default();
    bytes
        .iter()
        .rev()
        .fold(0u64, |w, &b| (w << 8) | u64::from(b))
}

/// A short hash of a key pushed by a reader: its length, its first 8 bytes and its last 8.
#[inline(always)]
fn key_hash(input: &[u8], key_text: &[u8], k: Key) -> u64 {
    let (src, start) = source(input, key_text, k);
    let len = k.len as usize;
    let head = word_at(src, start, len);
    let tail = if len > 8 {
        word_at(src, start + len - 8, 8)
    } else {
        0
    };
    let h = (head ^ (len as u64).rotate_left(56)).wrapping_mul(K);
    (h ^ tail.rotate_left(29) ^ (h >> 31)).wrapping_mul(K)
}

/// Where a key's bytes are: a range of `input`, or of `key_text` when flagged.
#[inline(always)]
fn source<'a>(input: &'a [u8], key_text: &'a [u8], k: Key) -> (&'a [u8], usize) {
    if k.start & IN_SCRATCH != 0 {
        (key_text, (k.start & !IN_SCRATCH) as usize)
    } else {
        (input, k.start as usize)
    }
}

/// The bytes of a key pushed by a reader.
#[inline]
fn key_bytes<'a>(input: &'a [u8], key_text: &'a [u8], k: Key) -> &'a [u8] {
    let (src, start) = source(input, key_text, k);
    src.get(start..start + k.len as usize).unwrap_or_default()
}

/// The first of `keys` that repeats an earlier one. Each key's hash (kept in `hashes`, as long
/// as `keys`) goes into an open-addressed table of at least twice as many slots as keys
/// (`table`, reused between objects), so a key meets only the earlier keys in its probe run,
/// and is compared by bytes only with one whose whole hash is its own: one probe per key on
/// average, however many members the object has (gsoc-2018's root has 1,264).
#[inline(always)]
fn scan(
    input: &[u8],
    key_text: &[u8],
    keys: &[Key],
    hashes: &mut [u64],
    table: &mut Vec<usize>,
) -> Option<usize> {
    let size = (keys.len() * 2).next_power_of_two();
    let mask = size - 1;
    table.clear();
    table.resize(size, usize::MAX);
    // The hash reads a key's length and its first and last eight bytes, so keys built to differ
    // only in between all collide; past this many probes the keys are sorted instead, and no
    // input makes the check quadratic.
    let mut probes_left = 8 * keys.len() + 64;
    for (i, &k) in keys.iter().enumerate() {
        let h = key_hash(input, key_text, k);
        *hashes.get_mut(i)? = h;
        // The high half: the last multiply leaves the low bits depending on few input bits.
        let mut slot = (h >> 32) as usize & mask;
        loop {
            let j = *table.get(slot)?;
            if j == usize::MAX {
                break;
            }
            if hashes.get(j) == Some(&h) && same_key(input, key_text, keys, j, i) {
                return Some(i);
            }
            if probes_left == 0 {
                return first_repeat_sorted(input, key_text, keys);
            }
            probes_left -= 1;
            slot = (slot + 1) & mask;
        }
        *table.get_mut(slot)? = i;
    }
    None
}

/// [`scan`]'s answer by sorting the keys' indices by their bytes: in each run of equal keys,
/// the second index is a repeat, and the smallest of those is the first.
#[cold]
#[inline(never)]
fn first_repeat_sorted(input: &[u8], key_text: &[u8], keys: &[Key]) -> Option<usize> {
    let bytes = |i: usize| keys.get(i).map(|&k| key_bytes(input, key_text, k));
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_unstable_by(|&a, &b| bytes(a).cmp(&bytes(b)).then(a.cmp(&b)));
    order
        .windows(2)
        .filter(|w| bytes(w[0]) == bytes(w[1]))
        .map(|w| w[1])
        .min()
}

/// Objects of up to this many members take [`small`]: no hash, and the tags on the stack.
const SMALL: usize = 16;

/// [`Reader::first_repeat`] for at most [`SMALL`] keys. Each key's tag is its first 8 bytes with
/// its length in the top byte (exact for keys under 8 bytes); a 64-bit filter of one bit per tag
/// says when a tag may repeat an earlier one, and only then is it compared with the earlier
/// tags, and an equal one confirmed by bytes.
#[inline(always)]
fn small(input: &[u8], key_text: &[u8], keys: &[Key]) -> Option<usize> {
    let mut tags = [0u64; SMALL];
    let mut filter = 0u64;
    for (i, &k) in keys.iter().enumerate().take(SMALL) {
        let (src, start) = source(input, key_text, k);
        let len = k.len as usize;
        let t = word_at(src, start, len) ^ ((len as u64) << 56);
        let bit = 1u64 << (t.wrapping_mul(K) >> 58);
        if filter & bit != 0 {
            let earlier = tags.get(..i).unwrap_or_default();
            for (j, &e) in earlier.iter().enumerate() {
                if e == t && same_key(input, key_text, keys, j, i) {
                    return Some(i);
                }
            }
        }
        filter |= bit;
        if let Some(slot) = tags.get_mut(i) {
            *slot = t;
        }
    }
    None
}

/// The most members an object may have for its repeat check to run while its keys are copied
/// into its block ([`KeyFilter`]); larger ones take [`Reader::first_repeat`] first.
pub(crate) const FILTERED_MAX: usize = 64;

/// The repeat check that runs while an object's keys are copied into its block
/// (`Object::from_members_in`), for objects of up to [`FILTERED_MAX`] members: each key's tag is
/// made of the words its copy read (`copy::copy_key`; no load of its own), and one bit of a
/// 2048-bit filter says when it may repeat an earlier key; only then are the earlier keys
/// compared with it, by length and bytes. With 512 bits, about one key in seventy on twitter's
/// 20- to 40-member objects was compared so, each time with every key before it; four times
/// the bits take more stores to clear for each object and measured faster on twitter
/// (minified 158-160 -> 151-154 µs) and level elsewhere.
///
/// A separate pass over the keys (going back to them in the input, a tag and a filter or table
/// probe each) had cost a tenth of building a tree from twitter, citm_catalog, github_events or
/// gsoc-2018 on the Zen 5 (twitter 211-213 µs against 182-187 without any check).
pub(crate) struct KeyFilter {
    bits: [u64; 32],
    found: bool,
}

impl KeyFilter {
    /// A filter with no key yet.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        KeyFilter {
            bits: [0; 32],
            found: false,
        }
    }

    /// Records the next key (`words` read by its copy, `len` bytes): when its bit was set
    /// already, `same_as_earlier` (a comparison with every earlier key, out of line) says
    /// whether it repeats one.
    #[inline(always)]
    pub(crate) fn record(
        &mut self,
        [head, tail]: [u64; 2],
        len: usize,
        same_as_earlier: impl FnOnce() -> bool,
    ) {
        // A sum, not an exclusive or: an eight-byte key's two words are the same word. The
        // length parts keys whose first and last eight bytes agree (`profile_image_url` and
        // `profile_background_image_url`), which would otherwise all meet in one bit.
        let tag = head.wrapping_add(tail) ^ len as u64;
        // The top eleven bits: the multiply mixes every tag bit into the high ones.
        let b = (tag.wrapping_mul(K) >> 53) as usize;
        let bit = 1u64 << (b & 63);
        let Some(word) = self.bits.get_mut(b >> 6) else {
            return;
        };
        let hit = *word & bit != 0;
        *word |= bit;
        // The flag is written only here, off the common path.
        if hit && same_as_earlier() {
            self.found = true;
        }
    }

    /// Whether a recorded key repeated an earlier one.
    #[inline(always)]
    pub(crate) fn found(&self) -> bool {
        self.found
    }
}

/// Whether `keys[a]` and `keys[b]` are the same bytes.
#[cold]
#[inline(never)]
fn same_key(input: &[u8], key_text: &[u8], keys: &[Key], a: usize, b: usize) -> bool {
    match (keys.get(a), keys.get(b)) {
        (Some(&x), Some(&y)) => key_bytes(input, key_text, x) == key_bytes(input, key_text, y),
        _ => false,
    }
}

impl Reader {
    /// Whether the keys from `keys_from` are two keys with the same bytes: the whole repeat
    /// check of a two-member object (88% of citm_catalog's objects), with no filter to clear.
    #[inline(always)]
    pub(crate) fn pair_repeats(&self, input: &[u8], keys_from: usize) -> bool {
        match self.keys.get(keys_from..) {
            Some(&[a, b]) => {
                a.len == b.len
                    && key_bytes(input, &self.key_text, a) == key_bytes(input, &self.key_text, b)
            }
            _ => false,
        }
    }

    /// The index (among the keys from `keys_from`, one object's keys in order) of the first key
    /// that repeats an earlier one, if any.
    #[inline]
    pub(crate) fn first_repeat(&mut self, input: &[u8], keys_from: usize) -> Option<usize> {
        let keys = self.keys.get(keys_from..).unwrap_or_default();
        if keys.len() < 2 {
            return None;
        }
        if keys.len() <= SMALL {
            return small(input, &self.key_text, keys);
        }
        let hashes = &mut self.key_hashes;
        hashes.clear();
        hashes.resize(keys.len(), 0);
        scan(input, &self.key_text, keys, hashes, &mut self.key_table)
    }
}

/// Whether a key of `o` appears twice: pairwise for a few members, by sorting past that.
#[cfg(feature = "serde")]
pub(crate) fn has_repeats(o: &Object) -> bool {
    let n = o.len();
    if n < 2 {
        return false;
    }
    if n <= 8 {
        // No allocation for the common small object: each key against those before it.
        return o
            .keys()
            .enumerate()
            .any(|(j, k)| o.keys().take(j).any(|p| p == k));
    }
    let mut keys: Vec<&str> = o.keys().collect();
    keys.sort_unstable();
    keys.windows(2).any(|w| w[0] == w[1])
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
        .filter(|&(_, &k)| k)
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
