//! The JSON reader's path for arrays of numbers: elements written once, straight into the
//! block the array will have.
//!
//! The general loop pushes each value onto the reader's stack and, when its container closes,
//! moves the values into the container's block: each node written twice, and a frame opened
//! and closed. An array whose elements are numbers (canada.json's 55,563 coordinate pairs,
//! twitter's `indices`) can do without both: its nodes are written into the free room of the
//! arena's chunk from where its elements will start, and at `]` the block is carved around
//! them (`Array::carve_written`). Nothing else carves from the chunk while the loop runs (a
//! number owns no block), so the room is still the chunk's front when the array closes.
//!
//! An element that is not a number, or a room too small for the next one, hands the array
//! to the general loop as it would have been had that loop read it: a frame, the elements
//! read so far on the stack, and the next element to read. Errors after an element are
//! reported here with the general loop's kind and offset; an element that fails to parse is
//! handed over and reported by the general loop.

use structio_json::Error;

use crate::builder::Reader;

// The path needs the two-word node layout of 64-bit targets (`push.rs`); elsewhere the array
// opens as any container does.
#[cfg(target_pointer_width = "64")]
use {
    crate::json_number::read_number,
    crate::json_read::err,
    crate::{Array, Value},
    core::ptr,
    structio_json::string_scan::{skip_ws, skip_ws_peek},
    structio_json::ErrorKind,
};

/// How [`Reader::leaf_array`] left an array.
pub(crate) enum LeafArray {
    /// Closed and pushed; the position after its `]` (64-bit targets only).
    #[cfg_attr(not(target_pointer_width = "64"), allow(dead_code))]
    Closed(usize),
    /// Opened as any container, its elements so far pushed; the position of the next one.
    Open(usize),
}

impl Reader {
    /// Reads an array from its first element at `pos` (after `[` and whitespace) straight into
    /// the free room of the arena's chunk while its elements are numbers, and carves its block
    /// around them at `]`: an array of numbers (canada's coordinate pairs, twitter's indices)
    /// is written once, with no frame and no move from the stack into its block.
    ///
    /// At the first element that is not a number (or does not fit the room) the array opens
    /// as any container does: a frame, the elements read so far moved onto the stack, and the
    /// general loop goes on at that element (`Open`), reading it, or reporting its error, as if
    /// this path did not exist.
    ///
    /// `in_array`: the array is an element of an array, so an array of numbers right after it
    /// (canada's rings of coordinate pairs) is read by the same call. Out of line, so that the
    /// parse loop keeps its registers as they were: inlined, this path measured 1.5% slower on
    /// citm_catalog, whose arrays are mostly of objects.
    #[inline(never)]
    pub(crate) fn leaf_array(
        &mut self,
        input: &[u8],
        pos: usize,
        in_array: bool,
    ) -> Result<LeafArray, Error> {
        #[cfg(target_pointer_width = "64")]
        let mut pos = pos;
        #[cfg(target_pointer_width = "64")]
        'array: loop {
            let (slots, room) = Array::leaf_room(&self.arena);
            let mut n = 0;
            while n < room {
                let (kind, bits, end) = match input.get(pos) {
                    Some(b'-' | b'0'..=b'9') => match read_number(input, pos) {
                        Ok(num) => num,
                        Err(_) => break,
                    },
                    _ => break,
                };
                let w = Value::number_words(kind, bits);
                // SAFETY: slot `n < room` lies in the free room (`leaf_room`), which nothing
                // else touches until the array is carved or its elements moved below.
                unsafe {
                    slots.add(2 * n).write(w[0]);
                    slots.add(2 * n + 1).write(w[1]);
                }
                n += 1;
                let (at, byte) = skip_ws_peek(input, end);
                match byte {
                    Some(b',') => pos = skip_ws(input, at + 1),
                    Some(b']') => {
                        // SAFETY: `n >= 1` number nodes written in the room, which held them.
                        let a = unsafe { Array::carve_written(&mut self.arena, n) };
                        Value::push_array(&mut self.values, a);
                        let after = at + 1;
                        // The next element of the array around it, when that is an array of
                        // numbers too (canada's rings of coordinate pairs), is read here
                        // rather than by another call.
                        if in_array {
                            if let (comma, Some(b',')) = skip_ws_peek(input, after) {
                                if let (open, Some(b'[')) = skip_ws_peek(input, comma + 1) {
                                    let first = skip_ws(input, open + 1);
                                    if matches!(input.get(first), Some(b'-' | b'0'..=b'9')) {
                                        // At this one's depth, which was allowed.
                                        pos = first;
                                        continue 'array;
                                    }
                                }
                            }
                        }
                        return Ok(LeafArray::Closed(after));
                    }
                    None => return Err(err(ErrorKind::UnexpectedEnd, at)),
                    Some(_) => return Err(err(ErrorKind::ExpectedCommaOrArrayEnd, at)),
                }
            }
            let frame = self.open_frame(false);
            self.frames.push(frame);
            self.values.reserve(n);
            // SAFETY: `n` nodes written above, owning nothing; the vector has room for them.
            unsafe {
                let to = self.values.as_mut_ptr().add(self.values.len());
                ptr::copy_nonoverlapping(slots.cast::<Value>(), to, n);
                self.values.set_len(self.values.len() + n);
            }
            return Ok(LeafArray::Open(pos));
        }
        #[cfg(not(target_pointer_width = "64"))]
        {
            let _ = (input, in_array);
            let frame = self.open_frame(false);
            self.frames.push(frame);
            Ok(LeafArray::Open(pos))
        }
    }
}
