//! Building a [`Value`] from JSON text: one pass, iterative, with an explicit stack, feeding
//! the tree builder (`builder`). There is no recursion, so nesting costs heap (bounded by the
//! depth limit), not call stack.
//!
//! Only strings may hold bytes past ASCII (anywhere else such a byte breaks the grammar), so
//! UTF-8 is checked per string, and only for strings whose scan met a byte past ASCII.

use alloc::vec::Vec;

use structio_json::{Error, ErrorKind, Padded};

use crate::builder::{push_string_at, with_reader, Frame, Key, Reader, IN_SCRATCH, TOO_LARGE};
use crate::chunk::Arena;
use crate::json_leaf_array::LeafArray;
use crate::json_number::read_number;
use crate::json_unescape::{unescape, unescape_vec, Room};
#[cfg(target_pointer_width = "64")]
use crate::string::WIDE;
use crate::string::{HeapStr, OWNER, SHORT_MAX};
use crate::{Array, Object, Value};
use structio_json::string_scan::{key_run, plain_run_in, skip_ws, skip_ws_peek, StopBlock};

/// Nesting depth at which reading stops with [`ErrorKind::DepthLimit`]: the limit every
/// structio reader shares ([`structio_core::DEFAULT_DEPTH_LIMIT`], serde_json's default too).
///
/// ```
/// use structio_value::{from_str, ErrorKind, DEFAULT_MAX_DEPTH};
/// let nested = |n| "[".repeat(n) + &"]".repeat(n);
/// assert!(from_str(&nested(DEFAULT_MAX_DEPTH)).is_ok());
/// assert_eq!(from_str(&nested(DEFAULT_MAX_DEPTH + 1)).unwrap_err().kind(), ErrorKind::DepthLimit);
/// ```
pub const DEFAULT_MAX_DEPTH: usize = structio_core::DEFAULT_DEPTH_LIMIT as usize;

/// Reads a [`Value`] from JSON text (RFC 8259; UTF-8 checked; nesting up to
/// [`DEFAULT_MAX_DEPTH`]; only whitespace may follow the value).
///
/// ```
/// let v = structio_value::from_slice(br#"[1, -2, 3.5, "x", {"k": null}]"#).unwrap();
/// assert_eq!(v, structio_value::value!([1, -2, 3.5, "x", {"k": null}]));
/// let e = structio_value::from_slice(b"[1, 2").unwrap_err();
/// assert_eq!((e.kind(), e.offset()), (structio_value::ErrorKind::UnexpectedEnd, 5));
/// ```
pub fn from_slice(input: &[u8]) -> Result<Value, Error> {
    from_slice_with_depth(input, DEFAULT_MAX_DEPTH)
}

/// [`from_slice`] with another nesting limit.
///
/// ```
/// use structio_value::{from_slice_with_depth, ErrorKind};
/// assert!(from_slice_with_depth(b"[[1]]", 2).is_ok());
/// assert_eq!(from_slice_with_depth(b"[[1]]", 1).unwrap_err().kind(), ErrorKind::DepthLimit);
/// ```
pub fn from_slice_with_depth(input: &[u8], max_depth: usize) -> Result<Value, Error> {
    with_reader(|r| r.read_checked(input, max_depth))
}

/// [`from_slice`] with the typed reader's options: `max_depth`, and `deny_duplicate_keys`,
/// which makes a key repeated in one object an error at the second key
/// ([`structio_json::DUPLICATE_KEY`]) rather than one member holding the last value.
///
/// ```
/// use structio_value::{from_slice_with, ReadOptions};
/// let text = br#"{"a": 1, "a": 2}"#;
/// assert_eq!(structio_value::from_slice(text).unwrap()["a"], 2);
/// let err = from_slice_with(text, ReadOptions::new().deny_duplicate_keys(true)).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (structio_json::DUPLICATE_KEY, 9));
/// ```
pub fn from_slice_with(input: &[u8], opts: structio_json::ReadOptions) -> Result<Value, Error> {
    with_reader(|r| r.read_with(input, opts))
}

/// [`from_slice`] over a document followed by zero bytes
/// ([`PaddedBytes`](crate::PaddedBytes), or a caller's buffer checked by
/// [`Padded::new`](crate::Padded::new)): the same tree, or the same error at the same offset,
/// and on a small document faster, since numbers and strings near its end are read by the same
/// loads as anywhere else instead of by the paths that keep those loads inside a bounded input.
///
/// ```
/// use structio_value::PaddedBytes;
/// let doc = PaddedBytes::from(r#"{"id": 7, "ok": true}"#);
/// assert_eq!(structio_value::from_padded(&doc).unwrap()["id"], 7);
/// let e = structio_value::from_padded(&PaddedBytes::from("[1, 2")).unwrap_err();
/// assert_eq!((e.kind(), e.offset()), (structio_value::ErrorKind::UnexpectedEnd, 5));
/// ```
pub fn from_padded<'a>(input: impl Into<Padded<'a>>) -> Result<Value, Error> {
    let input = input.into();
    with_reader(|r| r.read_padded(input))
}

/// Reads a [`Value`] from JSON text (as [`from_slice`]).
///
/// ```
/// let v = structio_value::from_str(r#"{"a": "é"}"#).unwrap();
/// assert_eq!(v["a"], "é");
/// ```
pub fn from_str(input: &str) -> Result<Value, Error> {
    with_reader(|r| r.read_checked(input.as_bytes(), DEFAULT_MAX_DEPTH))
}

#[cold]
pub(crate) fn err(kind: ErrorKind, pos: usize) -> Error {
    Error::new(kind, pos)
}

#[inline(always)]
fn literal(input: &[u8], pos: usize, word: &[u8], kind: ErrorKind) -> Result<usize, Error> {
    if input.get(pos..pos + word.len()) == Some(word) {
        Ok(pos + word.len())
    } else {
        Err(err(kind, pos))
    }
}

/// The two words of the short-string node for `input[start..end]` (`Value::short_words`), or
/// `None` when the string is long or too near an end.
#[cfg(target_pointer_width = "64")]
#[inline(always)]
fn short_words(input: &[u8], start: usize, end: usize) -> Option<[u64; 2]> {
    let len = end - start;
    if len > SHORT_MAX || start < 2 {
        return None;
    }
    let block = input.get(start - 2..start + SHORT_MAX)?;
    Some(Value::short_words(block, len))
}

/// Pushes the node of the plain string `input[start..end]` (checked UTF-8, cut at an ASCII
/// quote): on 64-bit targets without a branch on its length (`Value::push_string_wide`) when it
/// is at most `WIDE` bytes, `WIDE + 2` bytes of input from the byte before its quote are there,
/// and the arena has the room; else as two words when short, else by `push_string_at`.
///
/// In real text string lengths follow no pattern a branch predictor learns, so a branch on
/// the length (short or long, then the copy's width) mispredicts about once per string; making
/// both nodes and selecting one does not. The price is the 64-byte copy a short string does not
/// need, which makes arrays of only short strings a little slower (`docs/perf/value.md`).
#[inline(always)]
fn push_plain(values: &mut Vec<Value>, input: &[u8], start: usize, end: usize, arena: &mut Arena) {
    #[cfg(target_pointer_width = "64")]
    {
        if end - start <= WIDE
            && start >= 2
            && let Some(wide) = input
                .get(start - 2..)
                .and_then(|r| r.first_chunk::<{ WIDE + 2 }>())
        {
            // SAFETY: `end - start <= WIDE`, and `wide[2..2 + len]` is `input[start..end]`,
            // the caller's checked run.
            if unsafe { Value::push_string_wide(values, wide, end - start, arena) } {
                return;
            }
        }
        if let Some(w) = short_words(input, start, end) {
            // SAFETY: a short-string node.
            unsafe { Value::push_words(values, w) };
            return;
        }
    }
    push_string_at(values, input, start, end, arena);
}

impl Reader {
    /// Reads one document (see [`from_slice`]).
    ///
    /// ```
    /// let mut r = structio_value::Reader::new();
    /// assert_eq!(r.read(b" true ").unwrap(), true);
    /// ```
    pub fn read(&mut self, input: &[u8]) -> Result<Value, Error> {
        self.read_checked(input, DEFAULT_MAX_DEPTH)
    }

    /// Reads one document with options (see [`from_slice_with`]).
    ///
    /// ```
    /// let mut r = structio_value::Reader::new();
    /// let opts = structio_value::ReadOptions::new().deny_duplicate_keys(true);
    /// assert!(r.read_with(br#"{"a":1,"a":2}"#, opts).is_err());
    /// assert!(r.read_with(br#"{"a":1,"b":2}"#, opts).is_ok());
    /// ```
    pub fn read_with(
        &mut self,
        input: &[u8],
        opts: structio_json::ReadOptions,
    ) -> Result<Value, Error> {
        self.deny_duplicates = opts.deny_duplicate_keys;
        let r = self.read_checked(input, opts.max_depth as usize);
        self.deny_duplicates = false;
        r
    }

    /// [`read_at`](Self::read_at) with the duplicate-key policy given.
    pub(crate) fn read_at_denying(
        &mut self,
        input: &[u8],
        start: usize,
        max_depth: usize,
        deny_duplicates: bool,
    ) -> Result<Value, Error> {
        self.deny_duplicates = deny_duplicates;
        let r = self.read_at(input, start, max_depth);
        self.deny_duplicates = false;
        r
    }

    fn read_checked(&mut self, input: &[u8], max_depth: usize) -> Result<Value, Error> {
        self.read_at(input, 0, max_depth)
            .map_err(|e| e.with_input(input))
    }

    /// Reads the value at `start` (only whitespace may follow it), then leaves the reader ready
    /// for the next document whatever happened.
    pub(crate) fn read_at(
        &mut self,
        input: &[u8],
        start: usize,
        max_depth: usize,
    ) -> Result<Value, Error> {
        self.read_up_to(input, start, input.len(), max_depth)
    }

    /// [`read_at`](Self::read_at) with only whitespace allowed from the value's end to `end`,
    /// where the document ends (before a padded input's zero bytes).
    fn read_up_to(
        &mut self,
        input: &[u8],
        start: usize,
        end: usize,
        max_depth: usize,
    ) -> Result<Value, Error> {
        // Here rather than in `read`: a `Value` field of a larger document comes this way too,
        // and its keys are offsets into the whole input.
        if input.len() >= IN_SCRATCH as usize {
            return Err(Error::new(ErrorKind::Custom(TOO_LARGE), 0));
        }
        // The kept stop bytes belong to the last input: on this one they could skip a byte
        // past ASCII that no UTF-8 check saw.
        self.stops = StopBlock::new();
        let r = self.parse(input, start, end, max_depth);
        self.frames.clear();
        self.clear_scratch();
        r
    }

    /// [`read`](Self::read) over a padded document: see [`from_padded`].
    ///
    /// ```
    /// let mut r = structio_value::Reader::new();
    /// let doc = structio_value::PaddedBytes::from("[1, 2]");
    /// assert_eq!(r.read_padded(&doc).unwrap(), structio_value::value!([1, 2]));
    /// ```
    pub fn read_padded<'a>(&mut self, input: impl Into<Padded<'a>>) -> Result<Value, Error> {
        let input = input.into();
        // As `structio_json::from_padded`: the bounded read on the document alone words the
        // error for the end of the input, not for the zero byte met there.
        self.read_padded_only(input)
            .or_else(|_| self.read(input.document()))
    }

    /// [`read_padded`](Self::read_padded)'s read over the padded bytes, without the bounded
    /// read that words its errors: public for the tests and the fuzz target that check it
    /// succeeds exactly where [`read`](Self::read) does. Not part of the API.
    #[doc(hidden)]
    pub fn read_padded_only(&mut self, input: Padded<'_>) -> Result<Value, Error> {
        self.read_up_to(input.with_padding(), 0, input.len(), DEFAULT_MAX_DEPTH)
    }

    /// Reads `"key"` and the colon after it at `pos` (whitespace before it skipped by the caller).
    #[inline(always)]
    fn key(&mut self, input: &[u8], pos: usize) -> Result<usize, Error> {
        match input.get(pos) {
            Some(b'"') => {}
            Some(b'}')
                if input[..pos].iter().rev().find(|b| !b.is_ascii_whitespace()) == Some(&b',') =>
            {
                return Err(err(ErrorKind::TrailingComma, pos))
            }
            Some(_) => return Err(err(ErrorKind::ExpectedString, pos)),
            None => return Err(err(ErrorKind::UnexpectedEnd, pos)),
        }
        let start = pos + 1;
        let (end, quote) = key_run(&self.stops, input, start)?;
        // `quote`: the byte loop saw the closing quote, so it is not loaded and compared again.
        let after = match input.get(end) {
            _ if quote => self.push_key(start, end),
            Some(b'"') => self.push_key(start, end),
            Some(b'\\') => {
                // The key's quote offset goes before its text, for a duplicate-key error.
                self.key_text.extend_from_slice(&(pos as u32).to_le_bytes());
                let from = self.key_text.len();
                let after = unescape_vec(input, start, end, &mut self.key_text)?;
                self.keys.push(Key {
                    start: from as u32 | IN_SCRATCH,
                    len: (self.key_text.len() - from) as u32,
                });
                self.key_bytes += self.key_text.len() - from;
                after
            }
            Some(_) => return Err(err(ErrorKind::ControlCharacterInString, end)),
            None => return Err(err(ErrorKind::UnexpectedEnd, end)),
        };
        // The colon right after the quote, in compact and indented text alike.
        if input.get(after) == Some(&b':') {
            return Ok(after + 1);
        }
        let pos = skip_ws(input, after);
        match input.get(pos) {
            Some(b':') => Ok(pos + 1),
            Some(_) => Err(err(ErrorKind::ExpectedColon, pos)),
            None => Err(err(ErrorKind::UnexpectedEnd, pos)),
        }
    }

    /// Pushes the key `input[start..end]` (its closing quote at `end`); returns the position
    /// after the quote.
    #[inline(always)]
    fn push_key(&mut self, start: usize, end: usize) -> usize {
        self.keys.push(Key {
            start: start as u32,
            len: (end - start) as u32,
        });
        self.key_bytes += end - start;
        end + 1
    }

    /// Pushes the string value from `start` whose first escape is at `esc`; returns the
    /// position after its closing quote.
    ///
    /// The text is decoded straight into the free room of the arena's chunk, past the owner
    /// word of the block that will hold it, and the block is carved around it once its length
    /// is known: one copy of each byte instead of decoding into `text` and copying that into a
    /// block. When the room fills first (or there is no chunk yet), the string is decoded again
    /// into `text` and copied.
    ///
    /// Out of line but not `#[cold]`: the attribute moves the arm that calls it, and with it
    /// the parse loop's layout, which measurably slows documents that have no escapes at all
    /// (canada.json; see `docs/perf/value.md`, "Design notes").
    #[inline(never)]
    fn push_escaped(&mut self, input: &[u8], start: usize, esc: usize) -> Result<usize, Error> {
        let (free, size) = self.arena.free_room();
        if size > OWNER {
            // SAFETY: the free room is writable and nothing else touches it until the arena
            // hands out memory again, which happens only after the room is done with below.
            let mut room = unsafe { Room::new(free.wrapping_add(OWNER), size - OWNER) };
            if let Some(after) = unescape(input, start, esc, &mut room)? {
                let len = room.filled().len();
                if len <= SHORT_MAX {
                    // SAFETY: plain runs were checked as UTF-8 and cut at ASCII bytes; escapes
                    // were encoded as UTF-8.
                    let s = unsafe { core::str::from_utf8_unchecked(room.filled()) };
                    self.values.push(Value::string(s));
                } else {
                    // `OWNER + len <= size`, and `size` is a multiple of the alignment, so the
                    // rounded-up block fits too.
                    let block = crate::string::block_layout(len).size();
                    // SAFETY: as just said; the block's text was written by `unescape` (checked
                    // runs and encoded escapes: valid UTF-8) after the room for its owner word.
                    let s = unsafe {
                        let (block, owner) = self.arena.carve_front(block);
                        HeapStr::written(block, owner, len)
                    };
                    Value::push_heap_str(&mut self.values, s);
                }
                return Ok(after);
            }
        }
        self.text.clear();
        let after = unescape_vec(input, start, esc, &mut self.text)?;
        // SAFETY: plain runs were checked as UTF-8 and cut at ASCII bytes; escapes were
        // encoded as UTF-8.
        let s = unsafe { core::str::from_utf8_unchecked(&self.text) };
        Value::push_string_in(&mut self.values, s, &mut self.arena, input.len() - after);
        Ok(after)
    }

    /// The offset of the opening quote of the object key `keys[i]` (JSON keys only).
    #[cold]
    fn key_offset(&self, i: usize) -> usize {
        let Some(k) = self.keys.get(i) else { return 0 };
        if k.start & IN_SCRATCH == 0 {
            return (k.start as usize).saturating_sub(1);
        }
        let at = (k.start & !IN_SCRATCH) as usize;
        let word = at
            .checked_sub(4)
            .and_then(|from| self.key_text.get(from..at))
            .and_then(|b| b.try_into().ok());
        word.map_or(0, |w| u32::from_le_bytes(w) as usize)
    }

    /// Reads the value at `start`; only whitespace may follow it, up to `end`.
    ///
    /// Every value is pushed straight onto the stack of finished values, even a lone top-level
    /// scalar, so the hot arms write a node once, into its slot, and never move it again.
    fn parse(
        &mut self,
        input: &[u8],
        start: usize,
        end: usize,
        max_depth: usize,
    ) -> Result<Value, Error> {
        let mut pos = start;
        // The kind of the innermost open container (`None` at the top level), kept in a register
        // rather than read back from `frames` after every value.
        let mut in_object: Option<bool> = None;
        'value: loop {
            let (at, byte) = skip_ws_peek(input, pos);
            pos = at;
            let Some(b) = byte else {
                return Err(err(ErrorKind::UnexpectedEnd, pos));
            };
            match b {
                b'"' => {
                    let start = pos + 1;
                    let end = plain_run_in(&mut self.stops, input, start)?;
                    match input.get(end) {
                        Some(b'"') => {
                            pos = end + 1;
                            push_plain(&mut self.values, input, start, end, &mut self.arena);
                        }
                        Some(b'\\') => pos = self.push_escaped(input, start, end)?,
                        Some(_) => return Err(err(ErrorKind::ControlCharacterInString, end)),
                        None => return Err(err(ErrorKind::UnexpectedEnd, end)),
                    }
                }
                b'-' | b'0'..=b'9' => {
                    // Long integers (identifiers) first; `long_integer` leaves signs and
                    // leading zeros to the general reader.
                    let (kind, bits, end) = read_number(input, pos)?;
                    pos = end;
                    Value::push_number(&mut self.values, kind, bits);
                }
                b'{' | b'[' => {
                    if self.frames.len() >= max_depth {
                        return Err(err(ErrorKind::DepthLimit, pos));
                    }
                    let object = b == b'{';
                    pos = skip_ws(input, pos + 1);
                    if input.get(pos) == Some(if object { &b'}' } else { &b']' }) {
                        pos += 1;
                        if object {
                            Value::push_object(&mut self.values, Object::new());
                        } else {
                            Value::push_array(&mut self.values, Array::new());
                        }
                    } else if object
                        || !cfg!(target_pointer_width = "64")
                        || !matches!(input.get(pos), Some(b'-' | b'0'..=b'9'))
                    {
                        let frame = self.open_frame(object);
                        self.frames.push(frame);
                        in_object = Some(object);
                        if object {
                            pos = self.key(input, pos)?;
                        }
                        continue 'value;
                    } else {
                        match self.leaf_array(input, pos, in_object == Some(false))? {
                            // Closed and pushed: on in the container around it.
                            LeafArray::Closed(after) => pos = after,
                            // The array around it closed too, and was pushed.
                            LeafArray::ClosedAround(after) => {
                                in_object = self.frames.last().map(|f| f.object);
                                pos = after;
                            }
                            // Open, with the elements read so far pushed: on at the next one.
                            LeafArray::Open(at) => {
                                in_object = Some(false);
                                pos = at;
                                continue 'value;
                            }
                        }
                    }
                }
                b't' => {
                    pos = literal(input, pos, b"true", ErrorKind::ExpectedBool)?;
                    Value::push_bool(&mut self.values, true);
                }
                b'f' => {
                    pos = literal(input, pos, b"false", ErrorKind::ExpectedBool)?;
                    Value::push_bool(&mut self.values, false);
                }
                b'n' => {
                    pos = literal(input, pos, b"null", ErrorKind::ExpectedNull)?;
                    Value::push_null(&mut self.values);
                }
                b']' | b'}'
                    if input[..pos].iter().rev().find(|b| !b.is_ascii_whitespace())
                        == Some(&b',') =>
                {
                    return Err(err(ErrorKind::TrailingComma, pos));
                }
                _ => return Err(err(ErrorKind::ExpectedValue, pos)),
            }
            // A value is on the stack: go on in its container, closing every container it ends.
            loop {
                let Some(object) = in_object else {
                    return self.finish(input, pos, end);
                };
                let (at, byte) = skip_ws_peek(input, pos);
                pos = at;
                match (byte, object) {
                    (Some(b','), false) => {
                        pos += 1;
                        continue 'value;
                    }
                    (Some(b','), true) => {
                        pos = skip_ws(input, pos + 1);
                        pos = self.key(input, pos)?;
                        continue 'value;
                    }
                    (Some(b']'), false) => {
                        pos += 1;
                        let frame = self.close_frame(&mut in_object);
                        let a = self.close_array(frame, input.len() - pos);
                        Value::push_array(&mut self.values, a);
                    }
                    (Some(b'}'), true) => {
                        pos += 1;
                        let frame = self.close_frame(&mut in_object);
                        // Denying repeats needs the first one's position before the object is
                        // built; folding them finds them while it is built.
                        let known = if self.deny_duplicates {
                            if let Some(i) = self.first_repeat(input, frame.keys as usize) {
                                let at = self.key_offset(frame.keys as usize + i);
                                return Err(err(structio_json::DUPLICATE_KEY, at));
                            }
                            Some(false)
                        } else {
                            None
                        };
                        let hint = input.len() - pos;
                        let o = self.close_object_folding(input, frame, hint, known);
                        Value::push_object(&mut self.values, o);
                    }
                    (None, _) => return Err(err(ErrorKind::UnexpectedEnd, pos)),
                    (Some(_), false) => return Err(err(ErrorKind::ExpectedCommaOrArrayEnd, pos)),
                    (Some(_), true) => return Err(err(ErrorKind::ExpectedCommaOrObjectEnd, pos)),
                }
            }
        }
    }

    /// Pops the innermost frame (there is one: `in_object` is `Some`) and sets `in_object` to
    /// the kind of the one around it.
    #[inline(always)]
    fn close_frame(&mut self, in_object: &mut Option<bool>) -> Frame {
        // The frame is always there (`in_object` is `Some`); a fresh one that can never be
        // sealed (no carved count exceeds `u32::MAX`) stands in rather than a panic path.
        let frame = self.frames.pop().unwrap_or_else(|| Frame {
            carved: u32::MAX,
            ..self.open_frame(false)
        });
        *in_object = self.frames.last().map(|f| f.object);
        frame
    }

    /// The root value is complete: only whitespace may follow, up to `end` (the input's length,
    /// or a padded document's, the zero bytes after it not being the document's).
    #[inline(never)]
    fn finish(&mut self, input: &[u8], pos: usize, end: usize) -> Result<Value, Error> {
        let pos = skip_ws(input, pos);
        if pos != end {
            return Err(err(ErrorKind::TrailingCharacters, pos));
        }
        Ok(self.values.pop().unwrap_or(Value::NULL))
    }
}
