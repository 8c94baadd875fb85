//! The cursor over a CBOR document: heads and arguments, tags, strings, container entry and
//! exit, and the depth limit. The common cases are small and inlined into the impls.

use crate::error::{Error, ErrorKind, Result};
use crate::header::{self, additional, major};
use structio_core::{Depth, KeyBuf};

/// The nesting limit a [`Reader`] starts with, the same for every structio reader.
pub use structio_core::DEFAULT_DEPTH_LIMIT;

structio_core::__binary_reader_types! {
    krate: structio_cbor,
    reader: {
        /// A cursor over a CBOR document in memory.
        ///
        /// ```
        /// use structio_cbor::Reader;
        /// let mut r = Reader::new(&[0xa1, 0x61, b'a', 0xf5]); // {"a": true}
        /// let mut entries = r.begin_map().unwrap();
        /// assert!(r.next(&mut entries).unwrap());
        /// assert_eq!(r.read_str().unwrap(), "a");
        /// assert!(r.read_bool().unwrap());
        /// assert!(!r.next(&mut entries).unwrap());
        /// assert!(r.finish().is_ok());
        /// ```
    },
    one_true: &[0xf5],
    fields: [],
    checkpoint: [],
}

/// The items of an array or map being read: a count (definite length) or "until the break"
/// (indefinite length). [`Reader::next`] steps through them.
///
/// ```
/// let mut r = structio_cbor::Reader::new(&[0x9f, 0x01, 0xff]); // [_ 1]
/// let mut items = r.begin_array().unwrap();
/// assert_eq!(items.len(), None);
/// assert!(r.next(&mut items).unwrap());
/// assert_eq!(r.read_int::<u8>().unwrap(), 1);
/// assert!(!r.next(&mut items).unwrap());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Items {
    left: usize,
    indefinite: bool,
    at: usize,
}

impl Items {
    /// The number of items still to come if the length is definite, `None` if it is not.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x82, 0x01, 0x02]);
    /// assert_eq!(r.begin_array().unwrap().len(), Some(2));
    /// ```
    #[inline(always)]
    pub fn len(&self) -> Option<usize> {
        (!self.indefinite).then_some(self.left)
    }

    /// Marks the items of a definite length all read: the caller has consumed them as a block.
    #[inline(always)]
    pub(crate) fn mark_read(&mut self) {
        self.left = 0;
    }

    /// Whether a definite length says no item is left (`false` for an indefinite length).
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x80]);
    /// assert!(r.begin_array().unwrap().is_empty());
    /// ```
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        !self.indefinite && self.left == 0
    }

    /// The offset of the container's head, for errors about its length.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x80]);
    /// assert_eq!(r.begin_array().unwrap().offset(), 0);
    /// ```
    #[inline(always)]
    pub fn offset(&self) -> usize {
        self.at
    }
}

/// A string's bytes: one run of the input, or the chunks of an indefinite-length string whose
/// head has been consumed.
pub(crate) enum StrBody<'de> {
    Definite(&'de [u8]),
    Chunked,
}

impl<'de> Reader<'de> {
    structio_core::__binary_reader_common! {
        krate: structio_cbor,
        levels: "each array, map and tag",
        nested: &[0x81, 0x81, 0x00],
        null: &[0xf6],
        checkpoint: [],
        duplicate_key: cold,
        new: {
            /// A reader at the start of `input`, with the default depth limit and unknown fields
            /// skipped.
            ///
            /// ```
            /// assert_eq!(structio_cbor::Reader::new(&[0xf6]).offset(), 0);
            /// ```
        },
        advance: [],
        no_trailing: &[0xf6, 0xf6],
        peek: {
            /// The next byte (an initial byte where an item is due), not consumed
            /// ([`ErrorKind::UnexpectedEnd`] at the end).
            ///
            /// ```
            /// assert_eq!(structio_cbor::Reader::new(&[0xf5]).peek().unwrap(), 0xf5);
            /// ```
            fn peek
        },
    }

    /// The major type of the next item ([`header::UNSIGNED`] ... [`header::SIMPLE`]), not
    /// consumed.
    ///
    /// ```
    /// use structio_cbor::{header, Reader};
    /// assert_eq!(Reader::new(&[0x83]).peek_major().unwrap(), header::ARRAY);
    /// ```
    #[inline(always)]
    pub fn peek_major(&self) -> Result<u8> {
        self.peek().map(major)
    }

    /// The argument of the head whose initial byte `initial` (at `at`) was just consumed:
    /// AI below 24 is the argument, 24 to 27 read 1 to 8 bytes; 28 to 31 are
    /// [`ErrorKind::InvalidHeader`] (callers that allow an indefinite length check 31 first).
    #[inline(always)]
    pub(crate) fn arg(&mut self, initial: u8, at: usize) -> Result<u64> {
        let ai = additional(initial);
        match ai {
            0..=23 => Ok(u64::from(ai)),
            24 => self.take_array::<1>().map(|b| u64::from(b[0])),
            25 => self
                .take_array::<2>()
                .map(|b| u64::from(u16::from_be_bytes(b))),
            26 => self
                .take_array::<4>()
                .map(|b| u64::from(u32::from_be_bytes(b))),
            27 => self.take_array::<8>().map(u64::from_be_bytes),
            _ => Err(self.error_at(at, ErrorKind::InvalidHeader(initial))),
        }
    }

    /// A length argument counting items of at least `min_each` bytes each: a length the rest
    /// of the input cannot hold is [`ErrorKind::LengthExceedsInput`] at the head, before
    /// anything is reserved.
    #[inline(always)]
    pub(crate) fn length(&mut self, initial: u8, at: usize, min_each: usize) -> Result<usize> {
        let n = self.arg(initial, at)?;
        match usize::try_from(n)
            .ok()
            .and_then(|n| n.checked_mul(min_each))
        {
            Some(bytes) if bytes <= self.remaining() => Ok(n as usize),
            _ => Err(self.error_at(at, ErrorKind::LengthExceedsInput)),
        }
    }

    /// Steps over any tags before the next item, returning the innermost one (the tag that
    /// applies to the item). Each tag counts against the depth limit.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0xc1, 0xd8, 0x56, 0x40]);
    /// assert_eq!(r.skip_tags().unwrap(), Some(0x56));
    /// assert_eq!(r.offset(), 3);
    /// ```
    #[inline]
    pub fn skip_tags(&mut self) -> Result<Option<u64>> {
        let mut last = None;
        let mut count = 0u32;
        loop {
            let at = self.pos;
            let b = self.peek()?;
            if major(b) != header::TAG {
                return Ok(last);
            }
            if count >= self.depth.left() {
                return Err(self.error_at(at, ErrorKind::DepthLimit));
            }
            count += 1;
            self.pos += 1;
            last = Some(self.arg(b, at)?);
        }
    }

    /// One tag's number ([`ErrorKind::WrongType`] if the next item is not a tag); the tagged
    /// item follows.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0xc1, 0x00]);
    /// assert_eq!(r.read_tag().unwrap(), 1);
    /// ```
    #[inline]
    pub fn read_tag(&mut self) -> Result<u64> {
        let at = self.pos;
        let b = self.peek()?;
        if major(b) != header::TAG {
            return Err(self.wrong_type(header::TAG, b));
        }
        self.pos += 1;
        self.arg(b, at)
    }

    /// Enters one nesting level ([`ErrorKind::DepthLimit`] at `at` past the limit).
    #[inline(always)]
    pub(crate) fn enter_at(&mut self, at: usize) -> Result<()> {
        self.depth.enter(at)
    }

    /// The head of a container of major type `m` (tags before it skipped): its items, with
    /// a level entered.
    #[inline(always)]
    fn begin(&mut self, m: u8, min_each: usize) -> Result<Items> {
        let mut at = self.pos;
        let mut b = self.peek()?;
        if major(b) == header::TAG {
            self.skip_tags()?;
            at = self.pos;
            b = self.peek()?;
        }
        if major(b) != m {
            return Err(self.wrong_type(m, b));
        }
        self.pos += 1;
        let items = if additional(b) == header::INDEFINITE {
            Items {
                left: 0,
                indefinite: true,
                at,
            }
        } else {
            Items {
                left: self.length(b, at, min_each)?,
                indefinite: false,
                at,
            }
        };
        self.enter_at(at)?;
        Ok(items)
    }

    /// An array's head (definite or indefinite length): enters a level and returns its items.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x81, 0xf6]);
    /// let mut items = r.begin_array().unwrap();
    /// while r.next(&mut items).unwrap() {
    ///     r.read_null().unwrap();
    /// }
    /// ```
    #[inline(always)]
    pub fn begin_array(&mut self) -> Result<Items> {
        self.begin(header::ARRAY, 1)
    }

    /// A map's head (definite or indefinite length): enters a level and returns its entries
    /// (each a key and a value).
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0xa0]);
    /// let mut entries = r.begin_map().unwrap();
    /// assert!(!r.next(&mut entries).unwrap());
    /// ```
    #[inline(always)]
    pub fn begin_map(&mut self) -> Result<Items> {
        self.begin(header::MAP, 2)
    }

    /// Whether another item (of an array) or entry (of a map) follows; at the end, consumes the
    /// break of an indefinite length and leaves the container's level.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x9f, 0xff]);
    /// let mut items = r.begin_array().unwrap();
    /// assert!(!r.next(&mut items).unwrap());
    /// assert_eq!(r.offset(), 2);
    /// ```
    #[inline(always)]
    pub fn next(&mut self, items: &mut Items) -> Result<bool> {
        if !items.indefinite {
            if items.left == 0 {
                self.leave();
                return Ok(false);
            }
            items.left -= 1;
            return Ok(true);
        }
        if self.peek()? == header::BREAK {
            self.pos += 1;
            self.leave();
            return Ok(false);
        }
        Ok(true)
    }

    /// Expects the container to end here (its last item read): [`ErrorKind::TooManyElements`]
    /// at its head otherwise.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x81, 0x00]);
    /// let mut items = r.begin_array().unwrap();
    /// assert!(r.end(&mut items).is_err());
    /// ```
    #[inline(always)]
    pub fn end(&mut self, items: &mut Items) -> Result<()> {
        if self.next(items)? {
            return Err(self.error_at(items.at, ErrorKind::TooManyElements));
        }
        Ok(())
    }

    /// The head of a string of major type `m` (tags before it skipped): its bytes if the
    /// length is definite (checked against the input), or [`StrBody::Chunked`].
    #[inline(always)]
    pub(crate) fn str_body(&mut self, m: u8) -> Result<StrBody<'de>> {
        let b = self.peek()?;
        let n = usize::from(b.wrapping_sub(m));
        if n < 24 && n < self.remaining() {
            // The short form, all there: the length is in the initial byte.
            let start = self.pos + 1;
            self.pos = start + n;
            return Ok(StrBody::Definite(&self.input[start..self.pos]));
        }
        self.str_body_general(m)
    }

    #[inline(never)]
    fn str_body_general(&mut self, m: u8) -> Result<StrBody<'de>> {
        let mut b = self.peek()?;
        if major(b) == header::TAG {
            self.skip_tags()?;
            b = self.peek()?;
        }
        if major(b) != m {
            return Err(self.wrong_type(m, b));
        }
        let at = self.pos;
        self.pos += 1;
        if additional(b) == header::INDEFINITE {
            return Ok(StrBody::Chunked);
        }
        let n = self.length(b, at, 1)?;
        self.take(n).map(StrBody::Definite)
    }

    /// Calls `f` with each chunk of an indefinite-length string of major type `m` whose head
    /// was consumed, until the break. Every chunk must be a definite string of the same major
    /// type; anything else is [`ErrorKind::InvalidHeader`] at it.
    #[inline(never)]
    pub(crate) fn chunks(
        &mut self,
        m: u8,
        mut f: impl FnMut(&mut Self, &'de [u8]) -> Result<()>,
    ) -> Result<()> {
        loop {
            let at = self.pos;
            let b = self.peek()?;
            if b == header::BREAK {
                self.pos += 1;
                return Ok(());
            }
            if major(b) != m || additional(b) == header::INDEFINITE {
                return Err(self.error(ErrorKind::InvalidHeader(b)));
            }
            self.pos += 1;
            let n = self.length(b, at, 1)?;
            let chunk = self.take(n)?;
            f(self, chunk)?;
        }
    }

    /// `bytes` (ending at the current offset) as UTF-8, or [`ErrorKind::InvalidUtf8`] at the
    /// first bad byte.
    #[inline(always)]
    pub(crate) fn utf8(&self, bytes: &'de [u8]) -> Result<&'de str> {
        // The shared validator: vector code where the build has SSSE3 or AVX2, a word at a
        // time elsewhere, where `from_utf8` walks a short string byte by byte.
        structio_core::utf8::validate(bytes).map_err(|valid_up_to| {
            self.error_at(self.pos - bytes.len() + valid_up_to, ErrorKind::InvalidUtf8)
        })
    }

    /// A text string (tags before it skipped), checked: its text if the length is definite,
    /// `None` for an indefinite length, whose head is then consumed (read its pieces with
    /// `chunks`). Every text read goes through here: the one-block path for a short string,
    /// else the general head.
    #[inline(always)]
    pub(crate) fn str_body_text(&mut self) -> Result<Option<&'de str>> {
        if let Some(short) = self.short_text() {
            return short.map(Some);
        }
        match self.str_body(header::TEXT)? {
            StrBody::Definite(bytes) => self.utf8(bytes).map(Some),
            StrBody::Chunked => Ok(None),
        }
    }

    /// The payload of a typed array under `tag` (the destination's own little-endian tag, in
    /// the one byte after `0xd8`) on a definite byte string of whole `width`-byte elements,
    /// as structio writes them: read here, inline, with no call. `None` (nothing consumed)
    /// for anything else, which the general path reads and reports on.
    #[inline(always)]
    pub(crate) fn own_typed_array(&mut self, tag: u64, width: usize) -> Option<&'de [u8]> {
        let at = self.pos;
        let &[0xd8, t, initial] = self.input.get(at..)?.first_chunk::<3>()? else {
            return None;
        };
        // A tag needs a level of depth left, as `skip_tags` counts.
        if u64::from(t) != tag || self.depth.left() == 0 || major(initial) != header::BYTES {
            return None;
        }
        self.pos = at + 3;
        let bytes = self
            .arg(initial, at + 2)
            .ok()
            .and_then(|len| usize::try_from(len).ok())
            .filter(|len| len % width == 0)
            .and_then(|len| self.input.get(self.pos..self.pos.checked_add(len)?));
        match bytes {
            Some(bytes) => self.pos += bytes.len(),
            None => self.pos = at,
        }
        bytes
    }

    /// A short text string (at most 32 bytes, its length in the initial byte or in one byte
    /// after it) with 32 bytes of input after its head, as most strings not near the end of a
    /// document are: checked as one fixed-size block, with no branch on its length or on
    /// whether it is ASCII. `None` for anything else (a longer or chunked string, a tag,
    /// another type, the end near), which the general path reads.
    #[inline(always)]
    pub(crate) fn short_text(&mut self) -> Option<Result<&'de str>> {
        let at = self.pos;
        let (head, n) = match self.input.get(at)?.wrapping_sub(header::TEXT) {
            n @ 0..=23 => (1, usize::from(n)),
            // `0x78`: the length in the next byte. A branch, though strings either side of
            // 24 bytes mix: selecting the length without one put the load of the next byte
            // on the chain from one string's position to the next, and the glaze `strings`
            // document (a third of its strings past 23 bytes) read in 37.0 µs against 31.4.
            24 => (2, usize::from(*self.input.get(at + 1)?)),
            _ => return None,
        };
        if n > 32 {
            return None;
        }
        let block = self.input.get(at + head..)?.first_chunk::<32>()?;
        Some(match structio_core::utf8::validate_prefix(block, n) {
            Ok(s) => {
                self.pos = at + head + n;
                Ok(s)
            }
            Err(valid_up_to) => Err(self.error_at(at + head + valid_up_to, ErrorKind::InvalidUtf8)),
        })
    }

    /// A text string borrowed from the input (tags before it skipped). An indefinite-length
    /// string is [`ErrorKind::ChunkedInBorrowed`]; read a `String` or `Cow<str>` for those.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x62, b'h', b'i']);
    /// assert_eq!(r.read_str().unwrap(), "hi");
    /// ```
    #[inline(always)]
    pub fn read_str(&mut self) -> Result<&'de str> {
        let at = self.pos;
        match self.str_body_text()? {
            Some(s) => Ok(s),
            None => Err(self.error_at(at, ErrorKind::ChunkedInBorrowed)),
        }
    }

    /// Calls `f` with the text of a string, whole or chunk by chunk (an indefinite length);
    /// every chunk is checked UTF-8 on its own, as RFC 8949 requires.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x7f, 0x61, b'a', 0x61, b'b', 0xff]);
    /// let mut n = 0;
    /// r.read_str_chunks(|s| { n += s.len(); Ok(()) }).unwrap();
    /// assert_eq!(n, 2);
    /// ```
    #[inline]
    pub fn read_str_chunks(&mut self, mut f: impl FnMut(&'de str) -> Result<()>) -> Result<()> {
        match self.str_body_text()? {
            Some(s) => f(s),
            None => self.chunks(header::TEXT, |r, chunk| f(r.utf8(chunk)?)),
        }
    }

    /// A byte string borrowed from the input (tags before it skipped); an indefinite-length one
    /// is [`ErrorKind::ChunkedInBorrowed`].
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x42, 1, 2]);
    /// assert_eq!(r.read_bytes().unwrap(), &[1, 2]);
    /// ```
    #[inline(always)]
    pub fn read_bytes(&mut self) -> Result<&'de [u8]> {
        let at = self.pos;
        match self.str_body(header::BYTES)? {
            StrBody::Definite(bytes) => Ok(bytes),
            StrBody::Chunked => Err(self.error_at(at, ErrorKind::ChunkedInBorrowed)),
        }
    }

    /// Calls `f` with the bytes of a byte string, whole or chunk by chunk.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x5f, 0x41, 1, 0x41, 2, 0xff]);
    /// let mut all = Vec::new();
    /// r.read_bytes_chunks(|b| { all.extend_from_slice(b); Ok(()) }).unwrap();
    /// assert_eq!(all, [1, 2]);
    /// ```
    #[inline]
    pub fn read_bytes_chunks(&mut self, mut f: impl FnMut(&'de [u8]) -> Result<()>) -> Result<()> {
        match self.str_body(header::BYTES)? {
            StrBody::Definite(bytes) => f(bytes),
            StrBody::Chunked => self.chunks(header::BYTES, |_, chunk| f(chunk)),
        }
    }

    /// A map key that names a struct field: a text string, borrowed from the input, or (an
    /// indefinite-length key) assembled in `buf`; a key longer than `buf` is
    /// [`ErrorKind::KeyTooLong`], a key that is not text [`ErrorKind::WrongType`].
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x62, b'i', b'd']);
    /// let mut buf = structio_cbor::KeyBuf::new();
    /// assert_eq!(r.read_key(&mut buf).unwrap(), b"id");
    /// ```
    #[inline(always)]
    pub fn read_key<'k>(&mut self, buf: &'k mut KeyBuf) -> Result<&'k [u8]>
    where
        'de: 'k,
    {
        let at = self.pos;
        match self.str_body_text()? {
            Some(s) => Ok(s.as_bytes()),
            None => {
                buf.clear();
                self.chunks(header::TEXT, |r, chunk| {
                    let s = r.utf8(chunk)?;
                    if buf.push_bytes(s.as_bytes()) {
                        Ok(())
                    } else {
                        Err(r.error_at(at, ErrorKind::KeyTooLong))
                    }
                })?;
                Ok(buf.contents())
            }
        }
    }

    /// `null` (`0xf6`; `undefined`, `0xf7`, is accepted too).
    ///
    /// ```
    /// structio_cbor::Reader::new(&[0xf6]).read_null().unwrap();
    /// ```
    #[inline(always)]
    pub fn read_null(&mut self) -> Result<()> {
        let b = self.peek()?;
        if b | 1 == header::UNDEFINED {
            self.pos += 1;
            return Ok(());
        }
        self.simple_slow(header::NULL).map(drop)
    }

    /// Whether the next item is `null` or `undefined` (not consumed; tags are not looked past).
    ///
    /// ```
    /// assert!(structio_cbor::Reader::new(&[0xf7]).peek_null().unwrap());
    /// ```
    #[inline(always)]
    pub fn peek_null(&self) -> Result<bool> {
        Ok(self.peek()? | 1 == header::UNDEFINED)
    }

    /// A boolean (`0xf4` or `0xf5`).
    ///
    /// ```
    /// assert!(!structio_cbor::Reader::new(&[0xf4]).read_bool().unwrap());
    /// ```
    #[inline(always)]
    pub fn read_bool(&mut self) -> Result<bool> {
        let b = self.peek()?;
        if b | 1 == header::TRUE {
            self.pos += 1;
            return Ok(b == header::TRUE);
        }
        self.simple_slow(header::TRUE).map(|b| b == header::TRUE)
    }

    /// After tags, the one-byte simple value `want` or its partner (`false`/`true`,
    /// `null`/`undefined`), consumed; its byte returned.
    #[inline(never)]
    fn simple_slow(&mut self, want: u8) -> Result<u8> {
        self.skip_tags()?;
        let b = self.peek()?;
        if b | 1 == want | 1 {
            self.pos += 1;
            return Ok(b);
        }
        Err(self.wrong_type(want, b))
    }

    /// A simple value (major type 7 other than floats and the break): 0 to 23 from the initial
    /// byte, 32 to 255 from the next; a two-byte form below 32 is [`ErrorKind::InvalidHeader`].
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0xf8, 0xff]);
    /// assert_eq!(r.read_simple().unwrap(), 255);
    /// ```
    #[inline]
    pub fn read_simple(&mut self) -> Result<u8> {
        self.skip_tags()?;
        let at = self.pos;
        let b = self.peek()?;
        if major(b) != header::SIMPLE || additional(b) > 24 {
            return Err(self.wrong_type(header::SIMPLE, b));
        }
        self.pos += 1;
        if b == header::SIMPLE_BYTE {
            let [v] = self.take_array::<1>()?;
            if v < 32 {
                return Err(self.error_at(at, ErrorKind::InvalidHeader(b)));
            }
            return Ok(v);
        }
        Ok(additional(b))
    }

    /// An embedded CBOR item (tag 24 around a byte string): a reader over the byte string's
    /// contents, with offsets into this document and this reader's depth and options.
    ///
    /// ```
    /// let doc = [0xd8, 0x18, 0x42, 0x18, 0x2a]; // 24(h'182a'), which holds 42
    /// let mut r = structio_cbor::Reader::new(&doc);
    /// let mut inner = r.read_embedded().unwrap();
    /// assert_eq!(inner.read_int::<u8>().unwrap(), 42);
    /// inner.finish().unwrap();
    /// r.finish().unwrap();
    /// ```
    #[inline]
    pub fn read_embedded(&mut self) -> Result<Reader<'de>> {
        let b = self.peek()?;
        if self.skip_tags()? != Some(header::TAG_EMBEDDED) {
            return Err(self.wrong_type(0xd8, b));
        }
        let bytes = self.read_bytes()?;
        let end = self.pos;
        Ok(Reader {
            input: &self.input[..end],
            pos: end - bytes.len(),
            depth: self.depth,
            deny_unknown: self.deny_unknown,
            deny_duplicates: self.deny_duplicates,
            // A budget of its own, which this reader does not see shrink: what is left of
            // this one, and no more than the item's length.
            reserve_left: self.reserve_left.min(bytes.len()),
        })
    }

    /// Puts the cursor back to `pos`, an offset this reader has already passed.
    #[inline(always)]
    pub(crate) fn set_pos(&mut self, pos: usize) {
        self.pos = pos;
    }
}
