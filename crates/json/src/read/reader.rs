//! The cursor over JSON text and the methods that step through its structure.

use super::string::{self, KeyBuf};
use crate::{Error, ErrorKind, Result};
use structio_core::{Depth, DEFAULT_DEPTH_LIMIT};

/// How a [`Reader`] treats its input: the nesting limit and the policy for unknown keys.
///
/// ```
/// use structio_json::ReadOptions;
/// let opts = ReadOptions::new().max_depth(16).deny_unknown_fields(true);
/// assert_eq!(opts.max_depth, 16);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// Arrays and objects nested deeper than this are an error ([`ErrorKind::DepthLimit`]).
    /// Default 128. Skipped values are walked without recursion (and never deeper than 1024
    /// levels), but a recursive destination type (a tree of `Box`es) recurses once per level,
    /// so a large limit asks for a large stack.
    pub max_depth: u32,
    /// A key that the destination struct does not name is an error
    /// ([`ErrorKind::UnknownField`]) instead of being skipped. Default `false`.
    pub deny_unknown_fields: bool,
    /// A key repeated in one object is an error ([`DUPLICATE_KEY`](crate::DUPLICATE_KEY), at
    /// the second key) instead of the last value winning. Default `false`. Maps and the other
    /// readers that take these options (`structio_value`, [`pointer_with`](crate::pointer_with))
    /// check it; derived structs check it through [`Reader::duplicate_key`].
    pub deny_duplicate_keys: bool,
    /// Values the reader skips (unknown fields, [`Reader::skip_value`]) are held to the
    /// grammar, strings and all. Default `true`. With `false`, an array or object is stepped
    /// over by its brackets and quotes alone, 64 bytes at a time, as Glaze's
    /// `validate_skipped = false` and simdjson On-Demand do: several times faster, but a
    /// malformed container inside a skipped value (a missing comma, a bad number or escape,
    /// invalid UTF-8, mismatched bracket kinds, nesting past `max_depth`) is not reported, nor
    /// is invalid UTF-8 in a skipped string. An unclosed bracket or string still is, and what
    /// the reader does read is checked as always. With structio-json's `size` feature skipped
    /// values are always validated: the structural skip is not compiled in.
    pub validate_skipped: bool,
}

impl ReadOptions {
    /// The defaults: depth [`DEFAULT_DEPTH_LIMIT`] (128, as every structio reader), unknown
    /// keys skipped.
    ///
    /// ```
    /// assert_eq!(structio_json::ReadOptions::new().max_depth, 128);
    /// ```
    pub const fn new() -> Self {
        ReadOptions {
            max_depth: DEFAULT_DEPTH_LIMIT,
            deny_unknown_fields: false,
            deny_duplicate_keys: false,
            validate_skipped: true,
        }
    }

    /// Sets the nesting limit.
    ///
    /// ```
    /// let opts = structio_json::ReadOptions::new().max_depth(4);
    /// assert!(structio_json::from_slice_with::<Vec<Vec<u8>>>(b"[[1]]", opts).is_ok());
    /// ```
    #[must_use]
    pub const fn max_depth(mut self, depth: u32) -> Self {
        self.max_depth = depth;
        self
    }

    /// Sets whether unknown object keys are an error.
    ///
    /// ```
    /// let opts = structio_json::ReadOptions::new().deny_unknown_fields(true);
    /// assert!(opts.deny_unknown_fields);
    /// ```
    #[must_use]
    pub const fn deny_unknown_fields(mut self, deny: bool) -> Self {
        self.deny_unknown_fields = deny;
        self
    }
}

impl ReadOptions {
    /// Sets whether a key repeated in one object is an error (by default the last value wins,
    /// as in serde_json).
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use structio_json::{ReadOptions, DUPLICATE_KEY};
    /// let text = br#"{"a":1,"a":2}"#;
    /// let m: BTreeMap<String, u8> = structio_json::from_slice(text)?;
    /// assert_eq!(m["a"], 2);
    /// let opts = ReadOptions::new().deny_duplicate_keys(true);
    /// let err = structio_json::from_slice_with::<BTreeMap<String, u8>>(text, opts).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 7));
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[must_use]
    pub const fn deny_duplicate_keys(mut self, deny: bool) -> Self {
        self.deny_duplicate_keys = deny;
        self
    }
}

impl ReadOptions {
    /// Sets whether skipped values are validated (see
    /// [`validate_skipped`](Self::validate_skipped)).
    ///
    /// ```
    /// use structio_json::{ReadOptions, Reader};
    /// let doc = br#"{"skip": [1 2 {]], "want": 7}"#;
    /// let read = |opts| -> structio_json::Result<u8> {
    ///     let mut r = Reader::with_options(doc, opts);
    ///     r.begin_object()?;
    ///     r.object_key(&mut structio_json::KeyBuf::new())?;
    ///     r.skip_value()?;
    ///     r.object_next()?;
    ///     r.object_key(&mut structio_json::KeyBuf::new())?;
    ///     r.read_int()
    /// };
    /// assert!(read(ReadOptions::new()).is_err());
    /// // The size configuration always validates what it skips.
    /// if !cfg!(feature = "size") {
    ///     assert_eq!(read(ReadOptions::new().validate_skipped(false))?, 7);
    /// }
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[must_use]
    pub const fn validate_skipped(mut self, validate: bool) -> Self {
        self.validate_skipped = validate;
        self
    }
}

impl Default for ReadOptions {
    fn default() -> Self {
        Self::new()
    }
}

/// A saved reader position (see [`Reader::checkpoint`]).
///
/// ```
/// let mut r = structio_json::Reader::new(b"[1]");
/// let cp = r.checkpoint();
/// r.begin_array().unwrap();
/// r.restore(cp);
/// assert_eq!(r.offset(), 0);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    pos: usize,
    depth: Depth,
}

/// A cursor over JSON text. Values are read with [`JsonRead`](crate::JsonRead) or the
/// methods here; nothing is tokenized ahead of the cursor.
///
/// ```
/// use structio_json::Reader;
/// let mut r = Reader::new(b" [true, 7] ");
/// assert!(!r.begin_array()?);
/// assert!(r.read_bool()?);
/// assert!(r.array_next()?);
/// assert_eq!(r.read_int::<u8>()?, 7);
/// assert!(!r.array_next()?);
/// r.finish()?;
/// # Ok::<(), structio_json::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Reader<'de> {
    pub(crate) input: &'de [u8],
    pub(crate) pos: usize,
    depth: Depth,
    deny_unknown: bool,
    deny_duplicates: bool,
    validate_skipped: bool,
}

impl<'de> Reader<'de> {
    /// A reader over `input` with the default [`ReadOptions`].
    ///
    /// ```
    /// let r = structio_json::Reader::new(b"1");
    /// assert_eq!(r.offset(), 0);
    /// ```
    #[inline]
    pub const fn new(input: &'de [u8]) -> Self {
        Self::with_options(input, ReadOptions::new())
    }

    /// A reader over `input` with the given options.
    ///
    /// ```
    /// use structio_json::{ReadOptions, Reader};
    /// let r = Reader::with_options(b"1", ReadOptions::new().max_depth(8));
    /// assert_eq!(r.input(), b"1");
    /// ```
    #[inline]
    pub const fn with_options(input: &'de [u8], opts: ReadOptions) -> Self {
        Reader {
            input,
            pos: 0,
            depth: Depth::new(opts.max_depth),
            deny_unknown: opts.deny_unknown_fields,
            deny_duplicates: opts.deny_duplicate_keys,
            validate_skipped: opts.validate_skipped,
        }
    }

    /// The whole input.
    ///
    /// ```
    /// assert_eq!(structio_json::Reader::new(b"[]").input(), b"[]");
    /// ```
    #[inline]
    pub const fn input(&self) -> &'de [u8] {
        self.input
    }

    /// The current byte offset.
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"  1");
    /// r.peek().unwrap();
    /// assert_eq!(r.offset(), 2);
    /// ```
    #[inline(always)]
    pub const fn offset(&self) -> usize {
        self.pos
    }

    /// An error of `kind` at the current offset.
    ///
    /// ```
    /// let r = structio_json::Reader::new(b"x");
    /// assert_eq!(r.error(structio_json::ErrorKind::ExpectedValue).offset(), 0);
    /// ```
    #[cold]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.pos)
    }

    /// An error of `kind` at `offset`.
    ///
    /// ```
    /// let r = structio_json::Reader::new(b"x");
    /// assert_eq!(r.error_at(3, structio_json::ErrorKind::UnknownField).offset(), 3);
    /// ```
    #[cold]
    pub fn error_at(&self, offset: usize, kind: ErrorKind) -> Error {
        Error::new(kind, offset)
    }

    /// [`ErrorKind::MissingField`] naming `name`, at the current offset.
    ///
    /// ```
    /// let r = structio_json::Reader::new(b"{}");
    /// assert_eq!(r.missing_field("id").kind(), structio_json::ErrorKind::MissingField("id"));
    /// ```
    #[cold]
    pub fn missing_field(&self, name: &'static str) -> Error {
        Error::new(ErrorKind::MissingField(name), self.pos)
    }

    /// Saves the position (and nesting level) to come back to with [`restore`](Self::restore).
    ///
    /// ```
    /// let r = structio_json::Reader::new(b"1");
    /// let _cp = r.checkpoint();
    /// ```
    #[inline]
    pub const fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            pos: self.pos,
            depth: self.depth,
        }
    }

    /// Goes back to a position saved by [`checkpoint`](Self::checkpoint).
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"true");
    /// let cp = r.checkpoint();
    /// assert!(r.read_bool().unwrap());
    /// r.restore(cp);
    /// assert!(r.read_bool().unwrap());
    /// ```
    #[inline]
    pub fn restore(&mut self, cp: Checkpoint) {
        self.pos = cp.pos;
        self.depth = cp.depth;
    }

    /// Steps over whitespace: in the speed configuration by the shared scan (one compare for
    /// compact text, one for a single space, eight spaces a word for indentation); in the
    /// size configuration out of line, a call at each of the many places that step over
    /// whitespace instead of a loop, a byte at a time.
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub(crate) fn skip_ws(&mut self) {
        // The plain alternative (the `structio_plain_ws` switch, which measures what the scan
        // is worth, and the size configuration's): four compares a byte.
        #[cfg(any(structio_plain_ws, feature = "size"))]
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.input.get(self.pos) {
            self.pos += 1;
        }
        #[cfg(not(any(structio_plain_ws, feature = "size")))]
        {
            self.pos = crate::string_scan::skip_ws(self.input, self.pos);
        }
    }

    /// Steps over `lit` if the input continues with exactly those bytes; `false` (nothing
    /// consumed) otherwise.
    #[inline(always)]
    pub(crate) fn skip_literal(&mut self, lit: &[u8]) -> bool {
        match structio_core::literal_end(self.input, self.pos, lit) {
            Some(end) => {
                self.pos = end;
                true
            }
            None => false,
        }
    }

    /// [`skip_ws`](Self::skip_ws) out of line, behind a test of the first byte: for the rare
    /// whitespace after a matched key's colon, without the scan inlined at every key.
    #[inline(always)]
    pub(crate) fn skip_ws_if_any(&mut self) {
        #[cold]
        #[inline(never)]
        fn skip(r: &mut Reader<'_>) {
            r.skip_ws();
        }
        if let Some(b' ' | b'\n' | b'\r' | b'\t') = self.byte() {
            skip(self);
        }
    }

    /// The byte at the cursor (no whitespace skipped), `None` at the end.
    #[inline(always)]
    pub(crate) fn byte(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    /// Skips whitespace and returns the next byte without consuming it.
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"  [");
    /// assert_eq!(r.peek()?, b'[');
    /// assert_eq!(r.offset(), 2);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn peek(&mut self) -> Result<u8> {
        self.skip_ws();
        match self.byte() {
            Some(b) => Ok(b),
            None => Err(self.error(ErrorKind::UnexpectedEnd)),
        }
    }

    /// Checks that only whitespace is left ([`ErrorKind::TrailingCharacters`] otherwise).
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"1 x");
    /// let _: u8 = r.read_int()?;
    /// assert_eq!(r.finish().unwrap_err().offset(), 2);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn finish(&mut self) -> Result<()> {
        self.skip_ws();
        if self.pos < self.input.len() {
            return Err(self.error(ErrorKind::TrailingCharacters));
        }
        Ok(())
    }

    /// [`finish`](Self::finish) for a padded input: only whitespace between the cursor and
    /// `end`, the document's length (the zero bytes after it are not the document's).
    #[inline]
    pub(crate) fn finish_at(&mut self, end: usize) -> Result<()> {
        self.skip_ws();
        if self.pos != end {
            return Err(self.error(ErrorKind::TrailingCharacters));
        }
        Ok(())
    }

    /// Errors for a byte that should have opened a container: `UnexpectedEnd` at the end of
    /// the input, `expected` otherwise.
    #[cold]
    #[inline(never)]
    pub(super) fn expected(&self, expected: ErrorKind) -> Error {
        if self.pos >= self.input.len() {
            Error::new(ErrorKind::UnexpectedEnd, self.pos)
        } else {
            Error::new(expected, self.pos)
        }
    }

    /// Enters one nesting level.
    #[inline(always)]
    fn enter(&mut self) -> Result<()> {
        if self.depth.try_enter() {
            Ok(())
        } else {
            Err(self.error(ErrorKind::DepthLimit))
        }
    }

    /// Leaves one nesting level.
    #[inline(always)]
    fn leave(&mut self) {
        self.depth.leave();
    }

    /// Shared by the object and array openers: `open` then, if `close` follows, the empty case.
    #[inline(always)]
    fn begin(&mut self, open: u8, close: u8, kind: ErrorKind) -> Result<bool> {
        self.skip_ws();
        if self.byte() != Some(open) {
            return Err(self.expected(kind));
        }
        self.enter()?;
        self.pos += 1;
        self.skip_ws();
        if self.byte() == Some(close) {
            self.pos += 1;
            self.leave();
            return Ok(true);
        }
        Ok(false)
    }

    /// Shared by `object_next` and `array_next`.
    #[inline(always)]
    fn next(&mut self, close: u8, kind: ErrorKind) -> Result<bool> {
        self.skip_ws();
        match self.byte() {
            Some(b',') => {
                self.pos += 1;
                self.skip_ws();
                match self.byte() {
                    Some(b) if b == close => Err(self.error(ErrorKind::TrailingComma)),
                    _ => Ok(true),
                }
            }
            Some(b) if b == close => {
                self.pos += 1;
                self.leave();
                Ok(false)
            }
            _ => Err(self.expected(kind)),
        }
    }

    /// Skips whitespace, expects `{`, enters a nesting level and skips whitespace again.
    /// Returns `true` if the object is empty (its `}` consumed and the level left).
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"{ }");
    /// assert!(r.begin_object()?);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn begin_object(&mut self) -> Result<bool> {
        self.begin(b'{', b'}', ErrorKind::ExpectedObject)
    }

    /// After an object member: `,` (then a key follows) gives `true`; `}` leaves the object
    /// and gives `false`; anything else is [`ErrorKind::ExpectedCommaOrObjectEnd`].
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(br#"{"a":1}"#);
    /// r.begin_object()?;
    /// let mut buf = structio_json::KeyBuf::new();
    /// assert_eq!(r.object_key(&mut buf)?, b"a");
    /// let _: u8 = r.read_int()?;
    /// assert!(!r.object_next()?);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn object_next(&mut self) -> Result<bool> {
        self.next(b'}', ErrorKind::ExpectedCommaOrObjectEnd)
    }

    /// Skips whitespace, expects `[`, enters a nesting level. Returns `true` if the array is
    /// empty (its `]` consumed and the level left).
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"[]");
    /// assert!(r.begin_array()?);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn begin_array(&mut self) -> Result<bool> {
        self.begin(b'[', b']', ErrorKind::ExpectedArray)
    }

    /// After an array element: `,` gives `true`, `]` leaves the array and gives `false`,
    /// anything else is [`ErrorKind::ExpectedCommaOrArrayEnd`].
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"[1]");
    /// r.begin_array()?;
    /// let _: u8 = r.read_int()?;
    /// assert!(!r.array_next()?);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn array_next(&mut self) -> Result<bool> {
        self.next(b']', ErrorKind::ExpectedCommaOrArrayEnd)
    }

    /// At an object key: reads the string and the `:` after it. An escape-free key is a slice
    /// of the input; a key with escapes is decoded into `scratch` (longer than 256 bytes once
    /// decoded: [`ErrorKind::KeyTooLong`]).
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(br#"{"a\u0062" : 1}"#);
    /// r.begin_object()?;
    /// let mut buf = structio_json::KeyBuf::new();
    /// assert_eq!(r.object_key(&mut buf)?, b"ab");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn object_key<'k>(&mut self, scratch: &'k mut KeyBuf) -> Result<&'k [u8]>
    where
        'de: 'k,
    {
        let key = self.read_str_raw(scratch)?;
        self.colon()?;
        Ok(key)
    }

    /// After a map key: whitespace, `:`, whitespace.
    #[inline(always)]
    pub(crate) fn colon(&mut self) -> Result<()> {
        self.skip_ws();
        if self.byte() != Some(b':') {
            return Err(self.expected(ErrorKind::ExpectedColon));
        }
        self.pos += 1;
        self.skip_ws();
        Ok(())
    }

    /// A JSON string token alone, with the key-buffer rule of [`object_key`](Self::object_key).
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(br#""Red""#);
    /// let mut buf = structio_json::KeyBuf::new();
    /// assert_eq!(r.read_str_raw(&mut buf)?, b"Red");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_str_raw<'k>(&mut self, scratch: &'k mut KeyBuf) -> Result<&'k [u8]>
    where
        'de: 'k,
    {
        self.skip_ws();
        if self.byte() != Some(b'"') {
            return Err(self.expected(ErrorKind::ExpectedString));
        }
        let (key, pos) = string::read_key(self.input, self.pos + 1, scratch)?;
        self.pos = pos;
        Ok(key)
    }

    /// Validates and steps over one value of any kind (depth-limited); with
    /// [`ReadOptions::validate_skipped`] off, steps over an array or object by its structure
    /// alone.
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(br#"[{"a":[1,2]}, 3]"#);
    /// r.begin_array()?;
    /// r.skip_value()?;
    /// assert!(r.array_next()?);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn skip_value(&mut self) -> Result<()> {
        self.skip_ws();
        self.pos = if self.validate_skipped {
            crate::text::skip_value(self.input, self.pos, self.depth.left())?
        } else {
            crate::text::skip_value_structural(self.input, self.pos, self.depth.left())?
        };
        Ok(())
    }

    /// Skips the members left in the object the cursor is in and leaves it: called where
    /// [`object_next`](Self::object_next) would be (after a member's value), it returns with the
    /// cursor after the object's `}`. What it steps over is checked as
    /// [`skip_value`](Self::skip_value) checks it: every member, or, with
    /// [`ReadOptions::validate_skipped`] off, the brackets and quotes alone, 64 bytes at a time.
    /// A lookup that stops at the first member of a name (as simdjson's On-Demand does) leaves
    /// the rest of the object this way.
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(br#"[{"id":7,"user":{"a":[1,2]},"x":"}"},8]"#);
    /// r.begin_array()?;
    /// r.begin_object()?;
    /// assert_eq!(r.object_key(&mut structio_json::KeyBuf::new())?, b"id");
    /// assert_eq!(r.read_int::<u8>()?, 7);
    /// r.skip_rest_of_object()?;
    /// assert!(r.array_next()?);
    /// assert_eq!(r.read_int::<u8>()?, 8);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn skip_rest_of_object(&mut self) -> Result<()> {
        if self.skip_rest_by_structure()? {
            return Ok(());
        }
        let mut scratch = KeyBuf::new();
        while self.object_next()? {
            self.object_key(&mut scratch)?;
            self.skip_value()?;
        }
        Ok(())
    }

    /// [`skip_rest_of_object`](Self::skip_rest_of_object) for an array: skips the elements
    /// left and leaves it, the cursor after its `]`.
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"[[1,[2,3],4],5]");
    /// r.begin_array()?;
    /// r.begin_array()?;
    /// assert_eq!(r.read_int::<u8>()?, 1);
    /// r.skip_rest_of_array()?;
    /// assert!(r.array_next()?);
    /// assert_eq!(r.read_int::<u8>()?, 5);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn skip_rest_of_array(&mut self) -> Result<()> {
        if self.skip_rest_by_structure()? {
            return Ok(());
        }
        while self.array_next()? {
            self.skip_value()?;
        }
        Ok(())
    }

    /// The structural half of `skip_rest_of_*`: with skips by structure (and not in the size
    /// configuration, which always validates), leaves the container by its brackets and says
    /// so; `false`, nothing done, otherwise.
    #[inline]
    fn skip_rest_by_structure(&mut self) -> Result<bool> {
        #[cfg(not(feature = "size"))]
        if !self.validate_skipped {
            self.pos = crate::text::skip_rest_structural(self.input, self.pos)?;
            self.leave();
            return Ok(true);
        }
        Ok(false)
    }

    /// The policy for a key the destination does not know: skip its value, or, when unknown
    /// fields are denied, fail with [`ErrorKind::UnknownField`] at `key_offset`.
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(br#"{"x":[1]}"#);
    /// r.begin_object()?;
    /// let at = r.offset();
    /// r.object_key(&mut structio_json::KeyBuf::new())?;
    /// r.unknown_field(at)?;
    /// assert!(!r.object_next()?);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn unknown_field(&mut self, key_offset: usize) -> Result<()> {
        if self.deny_unknown {
            return Err(self.error_at(key_offset, ErrorKind::UnknownField));
        }
        self.skip_value()
    }

    /// Whether this reader's options deny repeated keys ([`ReadOptions::deny_duplicate_keys`]).
    ///
    /// ```
    /// use structio_json::{ReadOptions, Reader};
    /// assert!(!Reader::new(b"{}").denies_duplicate_keys());
    /// let opts = ReadOptions::new().deny_duplicate_keys(true);
    /// assert!(Reader::with_options(b"{}", opts).denies_duplicate_keys());
    /// ```
    #[inline(always)]
    pub const fn denies_duplicate_keys(&self) -> bool {
        self.deny_duplicates
    }

    /// The policy for a key seen before in the same object: by default nothing (the caller
    /// reads the value again and the last one wins, as in serde_json); when repeated keys are
    /// denied, [`DUPLICATE_KEY`](crate::DUPLICATE_KEY) at `key_offset`, the second key's
    /// opening quote. Called only on a repeat, so a document without one pays nothing.
    ///
    /// ```
    /// use structio_json::{ReadOptions, Reader, DUPLICATE_KEY};
    /// let mut r = Reader::new(b"{}");
    /// r.duplicate_key(3)?;
    /// let opts = ReadOptions::new().deny_duplicate_keys(true);
    /// let mut r = Reader::with_options(b"{}", opts);
    /// assert_eq!(r.duplicate_key(3).unwrap_err().kind(), DUPLICATE_KEY);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn duplicate_key(&mut self, key_offset: usize) -> Result<()> {
        if self.deny_duplicates {
            return Err(self.error_at(key_offset, crate::DUPLICATE_KEY));
        }
        Ok(())
    }
}
