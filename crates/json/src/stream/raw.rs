//! [`RawDocuments`]: the buffer over a reader and the framing of one value at a time.

use std::io::{self, Read};
use std::vec::Vec;

use super::frame::{ends_scalar, is_ws, Frame};
use crate::{skip_value, Error, ErrorKind, ReadOptions, Result};

/// The buffer a stream reader starts with: a value up to this size never makes it grow.
///
/// ```
/// assert_eq!(structio_json::DEFAULT_BUFFER, 64 * 1024);
/// ```
pub const DEFAULT_BUFFER: usize = 64 * 1024;

/// The error kind of a failed `read` on the underlying reader; the `std::io::Error` itself is
/// kept by the stream ([`RawDocuments::take_io_error`]).
///
/// ```
/// assert_eq!(structio_json::IO_ERROR.to_string(), "I/O error");
/// ```
pub const IO_ERROR: ErrorKind = ErrorKind::Custom("I/O error");

/// The text of each top-level JSON value in a stream, one at a time, through a bounded buffer.
///
/// Values may be separated by JSON whitespace or by nothing where that is unambiguous (`[1][2]`,
/// `"a""b"`); a number or literal must be followed by whitespace, a bracket, a brace, a quote,
/// a comma, a colon or the end. That covers JSON Lines (one value a line) and concatenated JSON,
/// as serde_json's `StreamDeserializer` does.
///
/// The buffer holds the unread part of the stream. A value that does not fit makes it grow (to
/// twice its size) until the value fits, and it shrinks back once the large value is consumed,
/// so memory is the buffer plus the largest single value, never the stream. Each value is found
/// by a light scan (brackets, quotes and escapes only) and then handed out whole, so the reader
/// that checks it sees one contiguous slice: the trade-off is that a value is looked at twice,
/// once to frame it and once to read it, and that a value larger than the buffer is held whole.
/// ([`Documents`](super::Documents) avoids the first look for every value that is already
/// wholly in the buffer: it reads it in place and frames only the value the buffer cuts.)
/// To keep an invalid value from growing the buffer without end (`[` followed by gigabytes of
/// garbage), the text held is validated each time the buffer would grow; a syntax error found
/// in the same place by two such checks ends the stream.
///
/// Mostly a building block: [`Documents`](super::Documents) reads each value into a type.
///
/// ```
/// use structio_json::RawDocuments;
/// let mut docs = RawDocuments::new(&b"{\"a\": 1}\n[2, 3]\n\n\"x\"\n"[..]);
/// let mut seen = Vec::new();
/// while let Some(doc) = docs.next_raw() {
///     let (offset, text) = doc?;
///     seen.push((offset, text.to_vec()));
/// }
/// assert_eq!(seen[1], (9, b"[2, 3]".to_vec()));
/// assert_eq!(seen[2], (17, b"\"x\"".to_vec()));
/// # Ok::<(), structio_json::Error>(())
/// ```
pub struct RawDocuments<R> {
    reader: R,
    /// Initialized bytes; `buf[start..filled]` is unread input.
    buf: Vec<u8>,
    start: usize,
    filled: usize,
    /// The stream offset of `buf[0]`.
    base: usize,
    /// The size the buffer returns to after a large value.
    initial: usize,
    eof: bool,
    /// Set by an error: the stream yields nothing more.
    failed: bool,
    io_error: Option<io::Error>,
    /// The depth limit of the syntax check made before the buffer grows.
    max_depth: u32,
    /// The syntax error the last pre-growth check found, as a stream offset.
    growth_error: Option<Error>,
    /// Set when the pre-growth check found the value invalid: what is held of it then gives a
    /// reader's own error (see [`Self::held_invalid`]).
    held_invalid: bool,
}

impl<R: Read> RawDocuments<R> {
    /// A stream over `reader` with a [`DEFAULT_BUFFER`]-byte buffer.
    ///
    /// ```
    /// let docs = structio_json::RawDocuments::new(&b"1 2"[..]);
    /// assert_eq!(docs.byte_offset(), 0);
    /// ```
    pub fn new(reader: R) -> Self {
        Self::with_capacity(reader, DEFAULT_BUFFER)
    }

    /// A stream whose buffer starts at `capacity` bytes (at least 1).
    ///
    /// ```
    /// let mut docs = structio_json::RawDocuments::with_capacity(&b"[1, 2, 3]"[..], 2);
    /// assert_eq!(docs.next_raw().unwrap()?.1, b"[1, 2, 3]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    pub fn with_capacity(reader: R, capacity: usize) -> Self {
        let capacity = capacity.max(1);
        RawDocuments {
            reader,
            buf: std::vec![0; capacity],
            start: 0,
            filled: 0,
            base: 0,
            initial: capacity,
            eof: false,
            failed: false,
            io_error: None,
            max_depth: ReadOptions::new().max_depth,
            growth_error: None,
            held_invalid: false,
        }
    }

    /// Sets the depth limit of the syntax check made before the buffer grows (default 128,
    /// the readers' default); [`Documents`](super::Documents) passes its read options' limit.
    ///
    /// ```
    /// let docs = structio_json::RawDocuments::new(&b"[[1]]"[..]).max_depth(512);
    /// # drop(docs);
    /// ```
    #[must_use]
    pub fn max_depth(mut self, depth: u32) -> Self {
        self.max_depth = depth;
        self
    }

    /// The stream offset just past the last value handed out (or where the stream failed):
    /// what serde_json's `StreamDeserializer::byte_offset` reports.
    ///
    /// ```
    /// let mut docs = structio_json::RawDocuments::new(&b"[1]  [2]"[..]);
    /// docs.next_raw();
    /// assert_eq!(docs.byte_offset(), 3);
    /// ```
    pub fn byte_offset(&self) -> usize {
        self.base + self.start
    }

    /// The `std::io::Error` behind an error of kind [`IO_ERROR`], once.
    ///
    /// ```
    /// struct Broken;
    /// impl std::io::Read for Broken {
    ///     fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
    ///         Err(std::io::Error::other("cable cut"))
    ///     }
    /// }
    /// let mut docs = structio_json::RawDocuments::new(Broken);
    /// let err = docs.next_raw().unwrap().unwrap_err();
    /// assert_eq!(err.kind(), structio_json::IO_ERROR);
    /// assert_eq!(docs.take_io_error().unwrap().to_string(), "cable cut");
    /// ```
    pub fn take_io_error(&mut self) -> Option<io::Error> {
        self.io_error.take()
    }

    /// Marks the stream failed (after an error in a value it handed out), so that it yields
    /// nothing more.
    pub(super) fn fail(&mut self) {
        self.failed = true;
    }

    /// The next value's stream offset and text, `None` at the end of the stream (or after an
    /// error), or an error: a failed read ([`IO_ERROR`], at the offset reached) or a syntax
    /// error found before the buffer grew. The text is not validated otherwise; read it with
    /// [`from_slice`](crate::from_slice) or any reader, and add the offset to its errors' offsets.
    ///
    /// ```
    /// let mut docs = structio_json::RawDocuments::new(&b" 1\n"[..]);
    /// assert_eq!(docs.next_raw().unwrap()?, (1, &b"1"[..]));
    /// assert!(docs.next_raw().is_none());
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    pub fn next_raw(&mut self) -> Option<Result<(usize, &[u8])>> {
        if self.failed {
            return None;
        }
        match self.frame_next() {
            Ok(Some(len)) => {
                let at = self.start;
                self.start += len;
                Some(Ok((self.base + at, &self.buf[at..at + len])))
            }
            Ok(None) => None,
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }

    /// The fast path of [`Documents`](super::Documents): `read` reads the next value straight
    /// from the buffered text (without framing it first) and returns it with the length it
    /// consumed. The value is taken only when its end is certainly inside what is buffered: a
    /// byte follows it there (for a number or literal, one that ends it) or the stream has
    /// ended. Otherwise, and whenever `read` fails, nothing is consumed but whitespace and
    /// `None` tells the caller to take the framed path, which gives every value and error as
    /// before: a value cut by the buffer's end, or invalid text, costs one extra partial read.
    pub(super) fn read_buffered<T>(
        &mut self,
        read: impl FnOnce(&[u8]) -> Option<(T, usize)>,
    ) -> Option<T> {
        if self.failed {
            return None;
        }
        while self.start < self.filled && is_ws(self.buf[self.start]) {
            self.start += 1;
        }
        let text = self.buf.get(self.start..self.filled)?;
        let &first = text.first()?;
        let (value, len) = read(text)?;
        let delimited = matches!(first, b'{' | b'[' | b'"');
        match text.get(len) {
            Some(&next) if delimited || ends_scalar(next) => {}
            None if self.eof && len == text.len() => {}
            _ => return None,
        }
        self.start += len;
        Some(value)
    }

    /// Reads to the end of the stream and checks that only whitespace is left: what a reader of
    /// one document does after it (serde_json's `Deserializer::end`).
    ///
    /// ```
    /// use structio_json::{ErrorKind, RawDocuments};
    /// let mut docs = RawDocuments::new(&b"1 x"[..]);
    /// docs.next_raw();
    /// let err = docs.end().unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::TrailingCharacters, 2));
    /// ```
    pub fn end(&mut self) -> Result<()> {
        if self.skip_ws()? {
            return Err(Error::new(
                ErrorKind::TrailingCharacters,
                self.base + self.start,
            ));
        }
        Ok(())
    }

    /// Skips whitespace, reading as needed; whether a value follows.
    fn skip_ws(&mut self) -> Result<bool> {
        loop {
            while self.start < self.filled {
                if !is_ws(self.buf[self.start]) {
                    return Ok(true);
                }
                self.start += 1;
            }
            if self.eof {
                return Ok(false);
            }
            self.fill()?;
        }
    }

    /// Frames the next value: its length at `buf[start..]`, `None` at the end of the stream.
    fn frame_next(&mut self) -> Result<Option<usize>> {
        self.shrink();
        if !self.skip_ws()? {
            return Ok(None);
        }
        let mut frame = Frame::new();
        loop {
            if let Some(len) = frame.advance(&self.buf[self.start..self.filled], self.eof) {
                return Ok(Some(len));
            }
            self.fill()?;
        }
    }

    /// Reads more input after `filled`, first making room: the unread part moves to the front
    /// when it fills at most half the buffer, else the buffer doubles.
    fn fill(&mut self) -> Result<()> {
        if self.start == self.filled {
            self.base += self.start;
            self.start = 0;
            self.filled = 0;
        }
        if self.filled == self.buf.len() {
            let unread = self.filled - self.start;
            if unread > self.buf.len() / 2 {
                self.check_before_growth()?;
            }
            self.buf.copy_within(self.start..self.filled, 0);
            self.base += self.start;
            self.start = 0;
            self.filled = unread;
            if unread > self.buf.len() / 2 {
                let grown = self.buf.len().saturating_mul(2);
                self.buf.resize(grown, 0);
            }
        }
        loop {
            match self.reader.read(&mut self.buf[self.filled..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.filled += n.min(self.buf.len() - self.filled);
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.io_error = Some(e);
                    return Err(Error::new(IO_ERROR, self.base + self.filled));
                }
            }
        }
    }

    /// Before the buffer grows for the value at `start`: a syntax error in what is held of it,
    /// found at the same offset as by the previous check, cannot be cured by more input (each
    /// check sees more of the value, and an error caused by the cut would move). A number out
    /// of range that runs to the end of what is held is left to the reader: it is placed at
    /// the number's first byte whatever the cut, and the rest of the number may still break
    /// the grammar first. So is invalid UTF-8 in the last three bytes held: a character cut by
    /// the buffer's end is reported at its first byte, and stays there until the rest of it
    /// arrives, which may take more than one growth when the reader hands out a byte at a time.
    ///
    /// A number or literal followed, inside what is held, by a byte that does not end one
    /// (`1x`) is framed on to the next byte that does; whatever comes, the reader stops after
    /// the scalar: that is the error now, or garbage after a scalar would grow the buffer to
    /// the end of the stream.
    fn check_before_growth(&mut self) -> Result<()> {
        let held = &self.buf[self.start..self.filled];
        // Whether more input may cure the error `e` found in what is held.
        let maybe_the_cut = |e: &Error| match e.kind() {
            ErrorKind::UnexpectedEnd => true,
            ErrorKind::NumberOutOfRange => held
                .get(e.offset()..)
                .is_some_and(|number| number.iter().all(|&b| is_number_byte(b))),
            ErrorKind::InvalidUtf8 => e.offset() + 4 > held.len(),
            _ => false,
        };
        match skip_value(held, 0, self.max_depth) {
            Ok(len) if len < held.len() => {
                self.held_invalid = true;
                return Err(Error::new(
                    ErrorKind::TrailingCharacters,
                    self.base + self.start + len,
                ));
            }
            Err(e) if !maybe_the_cut(&e) => {
                let e = Error::new(e.kind(), self.base + self.start + e.offset());
                if self.growth_error.as_ref() == Some(&e) {
                    self.held_invalid = true;
                    return Err(e);
                }
                self.growth_error = Some(e);
            }
            _ => self.growth_error = None,
        }
        Ok(())
    }

    /// After the pre-growth check found the value invalid: its stream offset and what is held
    /// of it. A reader meets the same bytes first on the whole value, so an error it finds in
    /// this text before its end is the one it would give there (a type error at the value's
    /// start, say, before the syntax error the check found); for a number or literal followed
    /// by a byte that does not end one, it stops there whatever follows.
    pub(super) fn held_invalid(&self) -> Option<(usize, &[u8])> {
        self.held_invalid
            .then(|| (self.base + self.start, &self.buf[self.start..self.filled]))
    }

    /// Gives back a buffer grown for a large value once what is unread fits the initial size.
    fn shrink(&mut self) {
        let unread = self.filled - self.start;
        if self.buf.len() > self.initial.saturating_mul(2) && unread <= self.initial / 2 {
            self.buf.copy_within(self.start..self.filled, 0);
            self.base += self.start;
            self.start = 0;
            self.filled = unread;
            self.buf.truncate(self.initial);
            self.buf.shrink_to_fit();
            self.growth_error = None;
        }
    }
}

/// Can `b` be part of a JSON number's text?
fn is_number_byte(b: u8) -> bool {
    matches!(b, b'0'..=b'9' | b'+' | b'-' | b'.' | b'e' | b'E')
}
