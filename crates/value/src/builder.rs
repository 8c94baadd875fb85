//! The tree builder every format's reader feeds: the scratch stacks of finished values, keys
//! and open containers, the arena the tree's blocks are carved from, and the closing of a
//! container into one exact-size block. The format readers (`json_read`, `beve_read`) parse
//! their bytes and call it; it knows no wire format. It also holds each reader's own scratch
//! (JSON's open frames, unescape buffer and kept stop bytes; the counted formats' open frames),
//! so that one reader kept per thread serves every format without allocating again.
//!
//! Finished values wait on a stack until their container closes; then the container takes them
//! in one exact-size allocation (an object takes its keys' text with them). There is no
//! recursion, so nesting costs heap (bounded by the depth limit), not call stack.

use alloc::vec::Vec;

use structio_json::string_scan::StopBlock;

use crate::chunk::Arena;
use crate::duplicates::FILTERED_MAX;
use crate::string::SHORT_MAX;
use crate::{Array, Object, Value};

/// Runs `f` with this thread's reader (with `std`; a fresh reader without it), which keeps its
/// scratch stacks and its spare chunk between documents as a reused [`Reader`] does, up to
/// [`KEPT_SCRATCH`] and [`KEPT_CHUNK`] bytes.
///
/// A fresh reader per document allocates its stacks and its first chunk every time: on a
/// document of a few hundred bytes that is a large share of `from_slice`'s time, and on a large
/// flat array the growth and release of the stacks push glibc's heap past its trim threshold,
/// so every document pays page faults again. sonic_rs keeps a thread's node buffer in the same
/// way (up to 3 MB). The reader is borrowed where it lies rather than moved out of its cell and
/// back, which would copy its couple of hundred bytes twice per document.
pub(crate) fn with_reader<T>(f: impl FnOnce(&mut Reader) -> T) -> T {
    #[cfg(feature = "std")]
    {
        std::thread_local! {
            static CACHED: core::cell::RefCell<Reader> = core::cell::RefCell::new(Reader::new());
        }
        let mut f = Some(f);
        let mut run = |reader: &mut Reader| f.take().map(|f| f(reader));
        // A read cannot nest on one thread, but if one did it would get a fresh reader, not a
        // shared one; so does a read during thread teardown.
        let cached = CACHED.try_with(|cell| match cell.try_borrow_mut() {
            Ok(mut reader) => {
                let out = run(&mut reader);
                if reader.scratch_bytes() > KEPT_SCRATCH {
                    *reader = Reader::new();
                }
                reader.arena.release_spare_over(KEPT_CHUNK);
                out
            }
            Err(_) => run(&mut Reader::new()),
        });
        match cached {
            Ok(Some(out)) => out,
            // `f` was not run: the thread's storage is gone.
            _ => match run(&mut Reader::new()) {
                Some(out) => out,
                None => unreachable!("`f` runs exactly once"),
            },
        }
    }
    #[cfg(not(feature = "std"))]
    {
        f(&mut Reader::new())
    }
}

/// The most scratch memory a thread's reader keeps between documents (see [`with_reader`]).
#[cfg(feature = "std")]
const KEPT_SCRATCH: usize = 2 << 20;

/// The largest spare chunk a thread's reader keeps between documents (see [`with_reader`]).
#[cfg(feature = "std")]
const KEPT_CHUNK: usize = 4 << 20;

/// A JSON reader that keeps its scratch stacks between documents, so reading many documents
/// allocates only for the trees themselves; and keeps the last tree's chunk (the memory its
/// blocks were carved from), so a document read after the last tree was dropped is carved from
/// that chunk again, with no allocation at all. After a tree is dropped, the reader so holds
/// memory about that tree's size until its next read or its own drop.
///
/// ```
/// let mut r = structio_value::Reader::new();
/// for text in [&b"[1]"[..], b"{\"a\": 2}"] {
///     assert!(r.read(text).is_ok());
/// }
/// ```
#[derive(Default)]
pub struct Reader {
    pub(crate) values: Vec<Value>,
    pub(crate) keys: Vec<Key>,
    /// The decoded text of keys that are not a range of the input: escaped JSON keys, kept to
    /// the document's end (no more bytes than the input has, and so rare that giving them back
    /// per object cost every object more), and BEVE's integer keys, given back per object.
    pub(crate) key_text: Vec<u8>,
    pub(crate) text: Vec<u8>,
    pub(crate) frames: Vec<Frame>,
    /// The bytes of every key on `keys` (a running sum, so closing an object knows its key
    /// bytes without a pass over them).
    pub(crate) key_bytes: usize,
    /// Where the tree's blocks come from; given up at the end of each document.
    pub(crate) arena: Arena,
    /// The string-stop bytes of 64 bytes of this document's input (`StopBlock`), reset per
    /// document.
    pub(crate) stops: StopBlock,
    /// The open containers of a document in a counted format (`beve_read`).
    pub(crate) counted: Vec<CountedFrame>,
    /// The hashes of the keys of the object closing (`duplicates`).
    pub(crate) key_hashes: Vec<u64>,
    /// The open-addressed table of those keys, by hash (`duplicates`).
    pub(crate) key_table: Vec<usize>,
    /// A repeated key is an error rather than folded (`ReadOptions::deny_duplicate_keys`).
    pub(crate) deny_duplicates: bool,
}

/// An object key waiting for its object to close: a range of the input, or of `key_text` when
/// it had escapes (top bit of `start` set).
#[derive(Copy, Clone)]
pub(crate) struct Key {
    pub(crate) start: u32,
    pub(crate) len: u32,
}

/// The flag of a key offset into `key_text`; offsets into the input stay below it, because
/// documents are shorter (`TOO_LARGE`).
pub(crate) const IN_SCRATCH: u32 = 1 << 31;

/// The error for a document of [`IN_SCRATCH`] bytes or more, JSON or BEVE.
pub(crate) const TOO_LARGE: &str = "documents of 2 GiB or more are not supported";

/// The most text of keys not in the input (BEVE's and CBOR's integer keys in decimal, CBOR's
/// keys in chunks) the open objects of one document may hold before one more key (of at most
/// 40 bytes for an integer): offsets into it must stay below `IN_SCRATCH`. Small under test, so that a
/// test can reach it.
#[cfg(not(test))]
pub(crate) const KEY_TEXT_MAX: usize = IN_SCRATCH as usize - 64;
#[cfg(test)]
pub(crate) const KEY_TEXT_MAX: usize = 4096;

pub(crate) const KEY_TEXT_TOO_LARGE: &str =
    "integer keys of more than 2 GiB of decimal text are not supported";

#[derive(Copy, Clone)]
pub(crate) struct Frame {
    pub(crate) values: u32,
    /// The arena's mark when the frame opened (`Arena::mark`): at its close, `Arena::run_since`
    /// says whether everything made inside it can be sealed together (`Array::seal_since`).
    pub(crate) breaks: u32,
    pub(crate) carved: u32,
    /// `Reader::key_bytes` when the frame opened: the key bytes of its object are the difference.
    pub(crate) key_bytes: u32,
    pub(crate) keys: u32,
    pub(crate) object: bool,
}

impl Frame {
    /// The arena's mark when the frame opened (`Arena::mark`).
    #[inline(always)]
    pub(crate) fn mark(&self) -> (u32, usize) {
        (self.breaks, self.carved as usize)
    }
}

/// Pushes the string node of valid text `input[start..end]`, with short strings copied as one
/// fixed 14-byte block when the input has that many bytes left, and long ones in a block from
/// `arena`.
#[inline(always)]
pub(crate) fn push_string_at(
    values: &mut Vec<Value>,
    input: &[u8],
    start: usize,
    end: usize,
    arena: &mut Arena,
) {
    let len = end - start;
    if len <= SHORT_MAX
        && let Some(block) = input.get(start..start + SHORT_MAX)
    {
        values.push(Value {
            repr: crate::string::short_from_block(block, len),
        });
        return;
    }
    // SAFETY: the run was checked as UTF-8 (or is ASCII) and is cut at an ASCII quote.
    let s = unsafe { core::str::from_utf8_unchecked(&input[start..end]) };
    Value::push_string_in(values, s, arena, input.len() - end);
}

/// An open container of a format that gives its length up front (BEVE), and how much of it
/// is left to read.
pub(crate) struct CountedFrame {
    /// The stacks' marks when it opened.
    pub(crate) frame: Frame,
    /// `key_text`'s length when it opened: an object with integer keys gives its keys' text back
    /// when it closes (the JSON reader keeps its rare escaped keys' text to the end instead).
    pub(crate) key_text: u32,
    /// Members or elements not yet read, the one being read included.
    pub(crate) left: usize,
    pub(crate) kind: Open,
}

/// What kind of container a [`CountedFrame`] is.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(crate) enum Open {
    Array,
    /// An object with string keys.
    Object,
    /// An object with integer keys of this header (`0x..3`) and width.
    IntKeys(u8, u8),
    /// A type tag, which wraps one value and makes no node of its own.
    Tag,
}

impl Reader {
    /// A reader with empty scratch stacks.
    ///
    /// ```
    /// let _ = structio_value::Reader::new();
    /// ```
    pub fn new() -> Self {
        Reader::default()
    }

    /// Runs a binary format's `build` over the document at cursor `r` (`len` bytes), then
    /// leaves the reader ready for the next document whatever happened. A document of
    /// [`IN_SCRATCH`] bytes or more gets `too_large`'s error instead: offsets into it would not
    /// fit a key's 31 bits.
    pub(crate) fn read_document<C, E>(
        &mut self,
        r: &mut C,
        len: usize,
        too_large: impl FnOnce(&mut C) -> E,
        build: impl FnOnce(&mut Self, &mut C) -> Result<Value, E>,
    ) -> Result<Value, E> {
        let out = if len >= IN_SCRATCH as usize {
            Err(too_large(r))
        } else {
            build(self, r)
        };
        self.counted.clear();
        self.clear_scratch();
        out
    }

    /// Empties the stacks both readers share and ends the document's run of blocks.
    pub(crate) fn clear_scratch(&mut self) {
        self.values.clear();
        self.keys.clear();
        self.key_text.clear();
        self.key_bytes = 0;
        self.arena.finish();
    }

    /// The bytes the scratch stacks hold allocated.
    #[cfg(feature = "std")]
    pub(crate) fn scratch_bytes(&self) -> usize {
        use core::mem::size_of;
        self.values.capacity() * size_of::<Value>()
            + self.keys.capacity() * size_of::<Key>()
            + self.key_text.capacity()
            + self.text.capacity()
            + self.frames.capacity() * size_of::<Frame>()
            + self.counted.capacity() * size_of::<CountedFrame>()
    }

    /// The array of the values pushed since `frame` opened (`hint`: input bytes left), sealed.
    #[inline(always)]
    pub(crate) fn close_array(&mut self, frame: Frame, hint: usize) -> Array {
        let mut a = Array::from_tail_in(
            &mut self.values,
            frame.values as usize,
            &mut self.arena,
            hint,
        );
        // SAFETY: the frame's mark was taken when the array opened; every block carved since
        // is its block (carved just now) or its elements'.
        unsafe { a.seal_since(&self.arena, frame.mark()) };
        a
    }

    /// The object of the keys and values pushed since `frame` opened (`hint`: input bytes
    /// left), sealed, a repeated key folded into its first position.
    pub(crate) fn close_object(&mut self, input: &[u8], frame: Frame, hint: usize) -> Object {
        self.close_object_folding(input, frame, hint, None)
    }

    /// [`close_object`](Self::close_object), with `known` saying whether a key repeats when the
    /// caller has asked `first_repeat` already. Otherwise an object of two members compares
    /// its keys (`pair_repeats`), one of up to `FILTERED_MAX` finds out while its keys are
    /// copied (`Object::from_members_in`), and a larger one asks `first_repeat` first. A
    /// repeat is folded after the object is built.
    pub(crate) fn close_object_folding(
        &mut self,
        input: &[u8],
        frame: Frame,
        hint: usize,
        known: Option<bool>,
    ) -> Object {
        let members = self.keys.len().saturating_sub(frame.keys as usize);
        let known = match known {
            None if members > FILTERED_MAX => {
                Some(self.first_repeat(input, frame.keys as usize).is_some())
            }
            None if members <= 2 => Some(self.pair_repeats(input, frame.keys as usize)),
            known => known,
        };
        let keys = &self.keys[frame.keys as usize..];
        // Document offsets and counts are below 2^31 (`TOO_LARGE`).
        let key_bytes = (self.key_bytes as u32).wrapping_sub(frame.key_bytes);
        let key_text = &self.key_text[..];
        let ranges = keys.iter().map(|k| {
            if k.start & IN_SCRATCH != 0 {
                (key_text, (k.start & !IN_SCRATCH) as usize, k.len as usize)
            } else {
                (input, k.start as usize, k.len as usize)
            }
        });
        let (values, first, arena) = (&mut self.values, frame.values as usize, &mut self.arena);
        // SAFETY: one value per key (the frame's values and keys were pushed in pairs); input
        // keys are runs checked as UTF-8 (or ASCII) cut at ASCII quotes, unescaped keys are
        // checked runs and encoded escapes, all recorded in bounds; `key_bytes` is their sum
        // (the running sum since the frame opened). The check runs only when `known` is `None`,
        // so for at most `FILTERED_MAX` members (above).
        let (mut o, found) = unsafe {
            if known.is_none() {
                Object::from_members_in::<true>(ranges, values, first, key_bytes, arena, hint)
            } else {
                Object::from_members_in::<false>(ranges, values, first, key_bytes, arena, hint)
            }
        };
        let repeat = known.unwrap_or(found);
        self.keys.truncate(frame.keys as usize);
        self.key_bytes = frame.key_bytes as usize;
        // SAFETY: the frame's mark was taken when the object opened; every block carved since
        // is its block (carved just now) or its members'.
        unsafe { o.seal_since(&mut self.arena, frame.mark()) };
        if repeat {
            crate::duplicates::fold_repeats(&mut o);
            // The folded object is allocated apart and the old block (with the values it
            // dropped) freed: no container open now may seal over them.
            self.arena.break_run();
        }
        o
    }

    /// Pushes an empty object or array: a container that closed where it opened.
    #[cfg(any(feature = "cbor", feature = "bjdata"))]
    #[inline]
    pub(crate) fn push_empty(&mut self, object: bool) {
        if object {
            Value::push_object(&mut self.values, Object::new());
        } else {
            Value::push_array(&mut self.values, Array::new());
        }
    }

    /// A frame for a container opening now.
    #[inline(always)]
    pub(crate) fn open_frame(&self, object: bool) -> Frame {
        let (breaks, carved) = self.arena.mark();
        Frame {
            values: self.values.len() as u32,
            breaks,
            carved: carved as u32,
            key_bytes: self.key_bytes as u32,
            keys: self.keys.len() as u32,
            object,
        }
    }
}
