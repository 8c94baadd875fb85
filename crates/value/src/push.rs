//! Pushing a finished node onto a reader's stack of values as two 8-byte stores into its slot.
//!
//! A node built on the stack and then moved into the slot is written in pieces (a tag byte, a
//! length, a pointer) and read back with one 16-byte load, which the store buffer cannot forward
//! from several smaller stores: the load waits until those stores reach the cache, and the
//! next node's stores wait behind it. The JSON reader pushes every node it makes through these
//! functions, so nothing is moved through the stack. Numbers and short strings went first
//! (a quarter of canada's build time); literals, empty and closed containers and long strings
//! followed (see docs/perf/value.md).
//!
//! The two words are the layout of 64-bit targets, where every payload sits at byte 8. On
//! 32-bit targets pointers (and, on x86, `u64`s) sit at byte 4, so there the same functions
//! push whole values; until that split, a tree read on a 32-bit target had every array and
//! object empty (Miri, `--target i686-unknown-linux-gnu`).

use alloc::vec::Vec;
#[cfg(target_pointer_width = "64")]
use core::{hint::select_unpredictable, ptr, ptr::NonNull};

use crate::chunk::Arena;
#[cfg(target_pointer_width = "64")]
use crate::chunk::Chunk;
#[cfg(target_pointer_width = "64")]
use crate::string::{block_layout, OWNER, WIDE};
use crate::string::{HeapStr, SHORT_MAX};
use crate::value::Repr;
#[cfg(target_pointer_width = "64")]
use crate::value::TAG_SHORT;
#[cfg(target_pointer_width = "64")]
use crate::value::{TAG_ARRAY, TAG_OBJECT, TAG_STR, TAG_U64};
use crate::{Array, Object, Value};

/// The first word of a node: the tag byte, the byte after it, and a `u32` at bytes 4..8 (the
/// layout `Repr`'s `repr(u8)` fixes), in memory order on any target.
#[cfg(target_pointer_width = "64")]
#[inline(always)]
fn head(tag: u8, byte: u8, len: u32) -> u64 {
    let l = len.to_ne_bytes();
    u64::from_ne_bytes([tag, byte, 0, 0, l[0], l[1], l[2], l[3]])
}

/// The kinds of number the readers hand over as a kind and 64 bits: a `u64`, a negative `i64`
/// (a non-negative integer is always a `u64`), an `f64`. Their order is the number tags'.
pub(crate) const K_U64: u8 = 0;
pub(crate) const K_I64: u8 = 1;
pub(crate) const K_F64: u8 = 2;

impl Value {
    /// Pushes the node whose 16 bytes are `words` (in memory order) onto `values`, storing the
    /// two words straight into the slot.
    ///
    /// # Safety
    /// `words` must be a valid `Repr` in the layout its `repr(u8)` fixes, holding no owned
    /// pointer: a number (tag `TAG_U64..=TAG_U64 + 2`, payload in the second word) or a short
    /// string (tag `TAG_SHORT`, length at most `SHORT_MAX`, that many bytes of UTF-8 after it).
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) unsafe fn push_words(values: &mut Vec<Value>, words: [u64; 2]) {
        let slot = slot(values);
        // SAFETY: a free slot inside the capacity; the caller's promise makes the two words a
        // valid node (every padding byte and unused string byte may hold any value).
        unsafe {
            slot.write(words[0]);
            slot.add(1).write(words[1]);
            values.set_len(values.len() + 1);
        }
    }

    /// Pushes the node whose first word is `head` and whose second is `ptr` (zero for none),
    /// stored as a pointer so that it keeps its provenance.
    ///
    /// # Safety
    /// `head` and `ptr` must be a valid `Repr`: `null` or a boolean with no pointer, or a long
    /// string, an array or an object whose block `ptr` is (ownership moves into the node).
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    unsafe fn push_raw(values: &mut Vec<Value>, head: u64, ptr: Option<NonNull<u8>>) {
        let slot = slot(values);
        // SAFETY: a free slot inside the capacity, 8-aligned; the caller's promise makes the
        // two words a valid node.
        unsafe {
            slot.write(head);
            slot.add(1).cast::<Option<NonNull<u8>>>().write(ptr);
            values.set_len(values.len() + 1);
        }
    }

    /// The number of kind `kind` ([`K_U64`], [`K_I64`] or [`K_F64`]) and bits `bits`, as a
    /// whole value (for a caller that stores it somewhere other than a reader's stack).
    #[inline(always)]
    pub(crate) fn from_number(kind: u8, bits: u64) -> Value {
        Value {
            repr: match kind {
                K_U64 => Repr::U64(bits),
                K_I64 => Repr::I64(bits as i64),
                _ => Repr::F64(f64::from_bits(bits)),
            },
        }
    }

    /// The two words of the number of kind `kind` and bits `bits` (see [`push_number`]).
    ///
    /// [`push_number`]: Self::push_number
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) fn number_words(kind: u8, bits: u64) -> [u64; 2] {
        [head(TAG_U64 + kind.min(2), 0, 0), bits]
    }

    /// Pushes a number from its kind ([`K_U64`], [`K_I64`] or [`K_F64`]) and its bits.
    #[inline(always)]
    pub(crate) fn push_number(values: &mut Vec<Value>, kind: u8, bits: u64) {
        #[cfg(target_pointer_width = "64")]
        // SAFETY: tags `TAG_U64..=TAG_U64 + 2` are the number nodes, their bits at bytes 8..16.
        unsafe {
            Value::push_words(values, Value::number_words(kind, bits));
        }
        #[cfg(not(target_pointer_width = "64"))]
        values.push(Value::from_number(kind, bits));
    }

    /// Pushes `null`.
    #[inline(always)]
    pub(crate) fn push_null(values: &mut Vec<Value>) {
        #[cfg(target_pointer_width = "64")]
        // SAFETY: tag 0 is `Repr::Null`.
        unsafe {
            Value::push_raw(values, head(0, 0, 0), None);
        }
        #[cfg(not(target_pointer_width = "64"))]
        values.push(Value { repr: Repr::Null });
    }

    /// Pushes a boolean.
    #[inline(always)]
    pub(crate) fn push_bool(values: &mut Vec<Value>, b: bool) {
        #[cfg(target_pointer_width = "64")]
        // SAFETY: tag 1 is `Repr::Bool`, its `bool` in the byte after the tag.
        unsafe {
            Value::push_raw(values, head(1, u8::from(b), 0), None);
        }
        #[cfg(not(target_pointer_width = "64"))]
        values.push(Value {
            repr: Repr::Bool(b),
        });
    }

    /// Pushes an array.
    #[inline(always)]
    pub(crate) fn push_array(values: &mut Vec<Value>, a: Array) {
        #[cfg(target_pointer_width = "64")]
        // SAFETY: `Repr::Array`, its block (or none) at bytes 8..16.
        unsafe {
            Value::push_raw(values, head(TAG_ARRAY, 0, 0), a.into_raw());
        }
        #[cfg(not(target_pointer_width = "64"))]
        values.push(Value {
            repr: Repr::Array(a),
        });
    }

    /// Writes the node of `a` at `slot` (two words), outside any vector.
    ///
    /// # Safety
    /// `slot` is valid for 16 bytes of writes and 8-aligned; the node written there owns
    /// `a`'s block from now on.
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) unsafe fn write_array_at(slot: *mut u64, a: Array) {
        // SAFETY: the caller's promises; `Repr::Array`, its block (or none) at bytes 8..16.
        unsafe {
            slot.write(head(TAG_ARRAY, 0, 0));
            slot.add(1)
                .cast::<Option<NonNull<u8>>>()
                .write(a.into_raw());
        }
    }

    /// Pushes an object.
    #[inline(always)]
    pub(crate) fn push_object(values: &mut Vec<Value>, o: Object) {
        #[cfg(target_pointer_width = "64")]
        // SAFETY: `Repr::Object`, its block (or none) at bytes 8..16.
        unsafe {
            Value::push_raw(values, head(TAG_OBJECT, 0, 0), o.into_raw());
        }
        #[cfg(not(target_pointer_width = "64"))]
        values.push(Value {
            repr: Repr::Object(o),
        });
    }

    /// Pushes string `s`: inline when short, else in a block from `arena` (`hint`: input bytes
    /// left).
    #[inline(always)]
    pub(crate) fn push_string_in(values: &mut Vec<Value>, s: &str, arena: &mut Arena, hint: usize) {
        if s.len() <= SHORT_MAX {
            values.push(Value::string(s));
            return;
        }
        Value::push_heap_str(values, HeapStr::new_in(s, arena, hint));
    }

    /// The two words of the short-string node of `block[2..2 + len]` (`len <= SHORT_MAX`):
    /// the first 16 bytes of `block` (from the byte before the string's quote), with that byte
    /// and the quote replaced by the tag and the length. The bytes past the string are never
    /// read.
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) fn short_words(block: &[u8], len: usize) -> [u64; 2] {
        let [lo, hi] = [0, 8].map(|at| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&block[at..at + 8]);
            w
        });
        let head = u64::from_le_bytes(lo) & !0xffff | u64::from(TAG_SHORT) | (len as u64) << 8;
        [
            u64::from_ne_bytes(head.to_le_bytes()),
            u64::from_ne_bytes(hi),
        ]
    }

    /// Pushes the node of the string `wide[2..2 + len]`, short (inline) or long (a block from
    /// `arena`) without a branch on which; `false`, with nothing pushed, when the arena's chunk
    /// lacks `OWNER + WIDE` bytes of room.
    ///
    /// Both nodes are made and one is chosen by `select_unpredictable` (a conditional move).
    /// The short node is the first 16 bytes of `wide` with the byte before the quote and the
    /// quote replaced by the tag and the length (`Repr::Short`; the bytes past the string are
    /// never read). The long one points at a block into which all `WIDE` bytes are copied in
    /// one move whatever the length, the bytes past the string landing in the block's padding
    /// or in free room the next carve overwrites; the block is carved only for a long string.
    /// A length-sized copy branches on the length, and string lengths in a document follow no
    /// pattern a predictor learns.
    ///
    /// Only for 64-bit targets (the two-word layout, and the short node's second word passes
    /// through a pointer-sized value).
    ///
    /// # Safety
    /// `len <= WIDE`, and `wide[2..2 + len]` is valid UTF-8.
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    pub(crate) unsafe fn push_string_wide(
        values: &mut Vec<Value>,
        wide: &[u8; WIDE + 2],
        len: usize,
        arena: &mut Arena,
    ) -> bool {
        debug_assert!(len <= WIDE);
        let long = len > SHORT_MAX;
        // The block of a long string: at most `OWNER + WIDE` bytes.
        let size = block_layout(len).size();
        let Some((block, owner)) = arena.room_carve_if(OWNER + WIDE, size, long) else {
            return false;
        };
        let short = Value::short_words(wide, len);
        let first = select_unpredictable(long, head(TAG_STR, 0, len as u32), short[0]);
        let second: *const u8 = select_unpredictable(
            long,
            block.as_ptr().cast_const(),
            ptr::without_provenance(short[1] as usize),
        );
        let mut text = [0u8; WIDE];
        text.copy_from_slice(&wide[2..]);
        let slot = slot(values);
        // SAFETY: the arena gave `OWNER + WIDE` writable bytes from `block` (the block when
        // `long`, and free room past it that no block holds), which do not overlap `wide`; a
        // long string's block holds the owner word and its `len` bytes, the first of `text`;
        // `slot` is the vector's first free slot (`slot` made room), written whole, a
        // short-string node or a string node (`Repr::Short`, `Repr::Str`).
        unsafe {
            block.as_ptr().cast::<*const Chunk>().write(owner);
            block
                .as_ptr()
                .add(OWNER)
                .cast::<[u8; WIDE]>()
                .write_unaligned(text);
            slot.write(first);
            slot.add(1).cast::<*const u8>().write(second);
            values.set_len(values.len() + 1);
        }
        true
    }

    /// Pushes the node of a string already in its block.
    #[inline(always)]
    pub(crate) fn push_heap_str(values: &mut Vec<Value>, s: HeapStr) {
        #[cfg(target_pointer_width = "64")]
        {
            let (len, block) = s.into_raw();
            // SAFETY: `Repr::Str`: its length at bytes 4..8, its block at 8..16.
            unsafe { Value::push_raw(values, head(TAG_STR, 0, len), Some(block)) }
        }
        #[cfg(not(target_pointer_width = "64"))]
        values.push(Value { repr: Repr::Str(s) });
    }
}

/// The first free slot of `values` (after making room for one), as words.
#[cfg(target_pointer_width = "64")]
#[inline(always)]
fn slot(values: &mut Vec<Value>) -> *mut u64 {
    if values.len() == values.capacity() {
        values.reserve(1);
    }
    // SAFETY: `len < capacity` now, so the slot is inside the allocation.
    unsafe { values.as_mut_ptr().add(values.len()).cast::<u64>() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value;

    /// Every push makes the node the public constructors make (a wrong offset or tag would
    /// read as another value, or crash on drop; Miri checks the pointer's provenance).
    #[test]
    fn pushed_nodes_equal_built_ones() {
        let mut arena = Arena::default();
        let mut values = Vec::new();
        Value::push_null(&mut values);
        Value::push_bool(&mut values, true);
        Value::push_bool(&mut values, false);
        Value::push_array(&mut values, Array::new());
        Value::push_object(&mut values, Object::new());
        let a: Array =
            alloc::vec![Value::from(1u64), Value::string("a string longer than 14")].into();
        Value::push_array(&mut values, a);
        let mut o = Object::new();
        o.insert("k", -2i64);
        Value::push_object(&mut values, o);
        Value::push_string_in(&mut values, "short", &mut arena, 0);
        Value::push_string_in(
            &mut values,
            "a string of more than fourteen bytes",
            &mut arena,
            0,
        );
        Value::push_number(&mut values, 0, 7);
        Value::push_number(&mut values, 1, (-7i64) as u64);
        Value::push_number(&mut values, 2, 2.5f64.to_bits());
        arena.finish();
        let want = value!([
            null, true, false, [], {}, [1, "a string longer than 14"], {"k": -2}, "short",
            "a string of more than fourteen bytes", 7, -7, 2.5
        ]);
        assert_eq!(Value::from(Array::from(values)), want);
    }
}
