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
//!
//! An array whose elements are such arrays, all of one length (canada's rings of coordinate
//! pairs, a matrix's rows), is written in place too (`leaf_run`): its own nodes from the start
//! of the free room, while each row is written at the room's end and carved from there
//! (`Arena::carve_back`), so the rows' blocks lie one before the other, downwards. A row of
//! another length or kind, or a room too small, hands the outer array to the general loop
//! with the rows read so far, the same way.

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
    /// Closed, and the array around it closed and pushed too (its frame popped); the position
    /// after the outer `]` (64-bit targets only).
    #[cfg_attr(not(target_pointer_width = "64"), allow(dead_code))]
    ClosedAround(usize),
}

/// The position of the first element of the array after the `,` that follows `after`, when
/// that array's first element is a number.
#[cfg(target_pointer_width = "64")]
#[inline(always)]
fn next_leaf(input: &[u8], after: usize) -> Option<usize> {
    let (comma, Some(b',')) = skip_ws_peek(input, after) else {
        return None;
    };
    let (open, Some(b'[')) = skip_ws_peek(input, comma + 1) else {
        return None;
    };
    let first = skip_ws(input, open + 1);
    matches!(input.get(first), Some(b'-' | b'0'..=b'9')).then_some(first)
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
    /// (canada's coordinate pairs) is read by the same call; when it is that array's first
    /// element, the rest of that array too, if it goes on with arrays of the same length
    /// (`leaf_run`, which may close it: `ClosedAround`). Out of line, so that the
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
                        let after = at + 1;
                        // The next element of the array around it, when that is an array of
                        // numbers too (canada's rings of coordinate pairs), is read here
                        // rather than by another call.
                        if in_array && let Some(first) = next_leaf(input, after) {
                            // The first element of the array around it: that array's
                            // nodes can be written in place too.
                            if self
                                .frames
                                .last()
                                .is_some_and(|f| f.values as usize == self.values.len())
                            {
                                return self.leaf_run(input, a, n, after);
                            }
                            Value::push_array(&mut self.values, a);
                            // At this one's depth, which was allowed.
                            pos = first;
                            continue 'array;
                        }
                        Value::push_array(&mut self.values, a);
                        return Ok(LeafArray::Closed(after));
                    }
                    None => return Err(err(ErrorKind::UnexpectedEnd, at)),
                    Some(_) => return Err(err(ErrorKind::ExpectedCommaOrArrayEnd, at)),
                }
            }
            let frame = self.open_frame(false);
            self.frames.push(frame);
            // SAFETY: `n` nodes written above, owning nothing, and not touched again.
            unsafe { self.push_written(slots, n) };
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

    /// Reads the arrays of `len` numbers that follow `first` (just carved, the first element
    /// of the array whose frame is on top, `pos` after its `]`), and that array's `]`: its
    /// nodes are written where its block will be, from the start of the chunk's free room, as
    /// `leaf_array` writes numbers, while each row's numbers are written at the room's end and
    /// carved there. The array is then carved, sealed over its rows, and pushed in place of its
    /// frame (`ClosedAround`). Canada's rings, up to a few thousand coordinate pairs each, had
    /// each pair's node pushed onto the stack and moved into the ring's block at its `]`
    /// (`docs/perf/value.md` has the counts).
    ///
    /// At anything else (an element that is not an array of `len` numbers, a room too small
    /// for the next row and node, an error) the nodes written so far go onto the stack and the
    /// general loop goes on after the last row read (`Closed`), reading or reporting what
    /// follows as if this path did not exist. Nothing is reported from here, so every exit
    /// leaves the rows owned by a node on the stack or by the array pushed.
    #[cfg(target_pointer_width = "64")]
    #[inline(never)]
    fn leaf_run(
        &mut self,
        input: &[u8],
        first: Array,
        len: usize,
        mut pos: usize,
    ) -> Result<LeafArray, Error> {
        let (slots, room) = Array::leaf_room(&self.arena);
        if room == 0 {
            Value::push_array(&mut self.values, first);
            return Ok(LeafArray::Closed(pos));
        }
        // SAFETY: slot 0 lies in the free room (`room >= 1`), which only `carve_back` (from
        // its other end, checked below) touches until the nodes are carved or moved.
        unsafe { Value::write_array_at(slots, first) };
        let mut n = 1;
        loop {
            let (at, byte) = skip_ws_peek(input, pos);
            match byte {
                Some(b']') => {
                    if let Some(frame) = self.frames.pop() {
                        // SAFETY: `n` nodes written from the room's start, which held them;
                        // every block carved since the frame opened is theirs.
                        let a =
                            unsafe { Array::carve_written_since(&mut self.arena, n, frame.mark()) };
                        Value::push_array(&mut self.values, a);
                        return Ok(LeafArray::ClosedAround(at + 1));
                    }
                    break;
                }
                Some(b',') => {}
                _ => break,
            }
            let Some(mut p) = next_leaf(input, at) else {
                break;
            };
            // The block of `len` elements at the end of the room, its nodes written in place
            // before it is carved, as `leaf_array` writes at the start.
            let Some(back) = Array::back_room(&self.arena, n + 1, len) else {
                break;
            };
            let mut k = 0;
            let end = loop {
                let (kind, bits, end) = match input.get(p) {
                    Some(b'-' | b'0'..=b'9') if k < len => match read_number(input, p) {
                        Ok(num) => num,
                        Err(_) => break None,
                    },
                    _ => break None,
                };
                let w = Value::number_words(kind, bits);
                // SAFETY: slot `k < len` of the block planned at the room's end.
                unsafe {
                    back.add(2 * k).write(w[0]);
                    back.add(2 * k + 1).write(w[1]);
                }
                k += 1;
                let (at, byte) = skip_ws_peek(input, end);
                match byte {
                    Some(b',') => p = skip_ws(input, at + 1),
                    Some(b']') if k == len => break Some(at + 1),
                    _ => break None,
                }
            };
            let Some(end) = end else { break };
            // SAFETY: `len` number nodes written where `back_room` planned the block.
            let a = unsafe { Array::carve_back_written(&mut self.arena, len) };
            // SAFETY: slot `n` is inside the room, before the block just carved (`back_room`).
            unsafe { Value::write_array_at(slots.add(2 * n), a) };
            n += 1;
            pos = end;
        }
        // SAFETY: `n` nodes written above, their rows owned by nothing else, and not touched
        // again.
        unsafe { self.push_written(slots, n) };
        Ok(LeafArray::Closed(pos))
    }

    /// Moves the `n` nodes written from `slots` in the free room onto the stack of values,
    /// which owns them, and the blocks they own, from then on: how both paths hand what they
    /// wrote to the general loop.
    ///
    /// # Safety
    /// `n` valid nodes are written from `slots`, and nothing else owns them or reads them
    /// afterwards.
    #[cfg(target_pointer_width = "64")]
    #[inline(always)]
    unsafe fn push_written(&mut self, slots: *mut u64, n: usize) {
        self.values.reserve(n);
        // SAFETY: the caller's promises; the vector has room for `n` more values.
        unsafe {
            let to = self.values.as_mut_ptr().add(self.values.len());
            ptr::copy_nonoverlapping(slots.cast::<Value>(), to, n);
            self.values.set_len(self.values.len() + n);
        }
    }
}
