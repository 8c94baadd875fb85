//! The reader: a cursor over the input with a depth limit.

use crate::{Error, ErrorKind, Result};

/// The deepest nesting [`Reader::new`] accepts.
const DEPTH: u32 = 128;

/// A cursor over a document.
///
/// ```
/// let r = structio_testfmt::Reader::new(b"n");
/// assert_eq!(r.offset(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Reader<'de> {
    input: &'de [u8],
    pos: usize,
    depth_left: u32,
    deny_unknown: bool,
    deny_duplicates: bool,
}

/// A saved position and nesting level.
///
/// ```
/// let r = structio_testfmt::Reader::new(b"n");
/// let _: structio_testfmt::Checkpoint = r.checkpoint();
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Checkpoint {
    pos: usize,
    depth_left: u32,
}

impl<'de> Reader<'de> {
    /// A reader over `input`.
    ///
    /// ```
    /// let _ = structio_testfmt::Reader::new(b"n");
    /// ```
    pub fn new(input: &'de [u8]) -> Self {
        Reader {
            input,
            pos: 0,
            depth_left: DEPTH,
            deny_unknown: false,
            deny_duplicates: false,
        }
    }

    /// Fail on unknown struct keys instead of skipping them.
    ///
    /// ```
    /// let _ = structio_testfmt::Reader::new(b"n").deny_unknown_fields();
    /// ```
    pub fn deny_unknown_fields(mut self) -> Self {
        self.deny_unknown = true;
        self
    }

    /// Fail on a key repeated in one object instead of keeping the last value.
    ///
    /// ```
    /// let _ = structio_testfmt::Reader::new(b"n").deny_duplicate_keys();
    /// ```
    pub fn deny_duplicate_keys(mut self) -> Self {
        self.deny_duplicates = true;
        self
    }

    /// A key seen before in the same object: nothing (the last value wins), or, when repeats
    /// are denied, [`ErrorKind::DuplicateKey`] at `key_offset`.
    ///
    /// ```
    /// structio_testfmt::Reader::new(b"n").duplicate_key(0).unwrap();
    /// ```
    pub fn duplicate_key(&mut self, key_offset: usize) -> Result<()> {
        if self.deny_duplicates {
            return Err(self.error_at(key_offset, ErrorKind::DuplicateKey));
        }
        Ok(())
    }

    /// The byte offset.
    ///
    /// ```
    /// assert_eq!(structio_testfmt::Reader::new(b"n").offset(), 0);
    /// ```
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// An error at the current offset.
    ///
    /// ```
    /// let r = structio_testfmt::Reader::new(b"n");
    /// assert_eq!(r.error(structio_testfmt::ErrorKind::Trailing).offset(), 0);
    /// ```
    #[cold]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.pos)
    }

    /// An error at `offset`.
    ///
    /// ```
    /// let r = structio_testfmt::Reader::new(b"n");
    /// assert_eq!(r.error_at(4, structio_testfmt::ErrorKind::Trailing).offset(), 4);
    /// ```
    #[cold]
    pub fn error_at(&self, offset: usize, kind: ErrorKind) -> Error {
        Error::new(kind, offset)
    }

    /// [`ErrorKind::MissingField`] at the current offset.
    ///
    /// ```
    /// let r = structio_testfmt::Reader::new(b"n");
    /// assert_eq!(r.missing_field("a").kind(), structio_testfmt::ErrorKind::MissingField("a"));
    /// ```
    #[cold]
    pub fn missing_field(&self, name: &'static str) -> Error {
        self.error(ErrorKind::MissingField(name))
    }

    /// A key the destination does not have: its value skipped, or, when unknown fields are
    /// denied, [`ErrorKind::UnknownField`] at `key_offset`.
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"t");
    /// r.unknown_field(0).unwrap();
    /// r.finish().unwrap();
    /// ```
    pub fn unknown_field(&mut self, key_offset: usize) -> Result<()> {
        if self.deny_unknown {
            return Err(self.error_at(key_offset, ErrorKind::UnknownField));
        }
        self.skip_value()
    }

    /// The position to come back to.
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"n");
    /// let cp = r.checkpoint();
    /// r.read_null().unwrap();
    /// r.restore(cp);
    /// assert_eq!(r.offset(), 0);
    /// ```
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            pos: self.pos,
            depth_left: self.depth_left,
        }
    }

    /// Goes back to a checkpoint.
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"n");
    /// let cp = r.checkpoint();
    /// r.restore(cp);
    /// ```
    pub fn restore(&mut self, cp: Checkpoint) {
        self.pos = cp.pos;
        self.depth_left = cp.depth_left;
    }

    /// Only the end may follow.
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"nn");
    /// r.read_null().unwrap();
    /// assert!(r.finish().is_err());
    /// ```
    pub fn finish(&self) -> Result<()> {
        if self.pos == self.input.len() {
            Ok(())
        } else {
            Err(self.error(ErrorKind::Trailing))
        }
    }

    /// The next byte, not consumed.
    ///
    /// ```
    /// assert_eq!(structio_testfmt::Reader::new(b"n").peek().unwrap(), b'n');
    /// ```
    pub fn peek(&self) -> Result<u8> {
        match self.input.get(self.pos) {
            Some(&b) => Ok(b),
            None => Err(self.error(ErrorKind::UnexpectedEnd)),
        }
    }

    /// Consumes `b`, or fails with [`ErrorKind::Expected`].
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"n");
    /// r.expect(b'n').unwrap();
    /// ```
    pub fn expect(&mut self, b: u8) -> Result<()> {
        if self.peek()? != b {
            return Err(self.error(ErrorKind::Expected(b)));
        }
        self.pos += 1;
        Ok(())
    }

    /// `n`.
    ///
    /// ```
    /// structio_testfmt::Reader::new(b"n").read_null().unwrap();
    /// ```
    pub fn read_null(&mut self) -> Result<()> {
        self.expect(b'n')
    }

    /// The bytes up to (not including) `end`, which is consumed.
    fn until(&mut self, end: u8) -> Result<&'de [u8]> {
        let rest = &self.input[self.pos..];
        match rest.iter().position(|&b| b == end) {
            Some(n) => {
                self.pos += n + 1;
                Ok(&rest[..n])
            }
            None => Err(Error::new(ErrorKind::UnexpectedEnd, self.input.len())),
        }
    }

    /// Text up to `end`, parsed.
    pub(crate) fn parse_until<T: core::str::FromStr>(&mut self, end: u8) -> Result<T> {
        let at = self.pos;
        let text = self.until(end)?;
        core::str::from_utf8(text)
            .ok()
            .and_then(|t| t.parse().ok())
            .ok_or(Error::new(ErrorKind::BadNumber, at))
    }

    /// A decimal count then `:`, no larger than the bytes left (each item takes one at least).
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"1:x");
    /// assert_eq!(r.read_len().unwrap(), 1);
    /// ```
    pub fn read_len(&mut self) -> Result<usize> {
        let at = self.pos;
        let n: usize = self.parse_until(b':')?;
        if n > self.input.len() - self.pos {
            return Err(Error::new(ErrorKind::UnexpectedEnd, at));
        }
        Ok(n)
    }

    /// `len:bytes`, borrowed.
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"2:ab");
    /// assert_eq!(r.read_bytes().unwrap(), b"ab");
    /// ```
    pub fn read_bytes(&mut self) -> Result<&'de [u8]> {
        let n = self.read_len()?;
        let b = &self.input[self.pos..self.pos + n];
        self.pos += n;
        Ok(b)
    }

    /// Steps over `lit` if the input continues with exactly those bytes; `false` (nothing
    /// consumed) otherwise.
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"2:ab");
    /// assert!(!r.skip_literal(b"2:ac"));
    /// assert!(r.skip_literal(b"2:ab"));
    /// ```
    pub fn skip_literal(&mut self, lit: &[u8]) -> bool {
        let hit = self.input.get(self.pos..self.pos + lit.len()) == Some(lit);
        if hit {
            self.pos += lit.len();
        }
        hit
    }

    /// A string value `s len:bytes`, checked UTF-8.
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"s2:ab");
    /// assert_eq!(r.read_str().unwrap(), "ab");
    /// ```
    pub fn read_str(&mut self) -> Result<&'de str> {
        self.expect(b's')?;
        let at = self.pos;
        let b = self.read_bytes()?;
        core::str::from_utf8(b).map_err(|_| Error::new(ErrorKind::BadUtf8, at))
    }

    /// Opens a container (`open`, a count, `:`) one level deeper; returns the count.
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"[0:]");
    /// assert_eq!(r.begin(b'[').unwrap(), 0);
    /// r.end(b']').unwrap();
    /// ```
    pub fn begin(&mut self, open: u8) -> Result<usize> {
        self.expect(open)?;
        if self.depth_left == 0 {
            return Err(self.error(ErrorKind::DepthLimit));
        }
        self.depth_left -= 1;
        self.read_len()
    }

    /// Closes a container with `close`.
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"{0:}");
    /// r.begin(b'{').unwrap();
    /// r.end(b'}').unwrap();
    /// ```
    pub fn end(&mut self, close: u8) -> Result<()> {
        self.expect(close)?;
        self.depth_left += 1;
        Ok(())
    }

    /// Steps over one value of any kind.
    ///
    /// ```
    /// let mut r = structio_testfmt::Reader::new(b"[2:ts1:x]");
    /// r.skip_value().unwrap();
    /// r.finish().unwrap();
    /// ```
    pub fn skip_value(&mut self) -> Result<()> {
        match self.peek()? {
            b'n' | b't' | b'f' => self.pos += 1,
            b'i' | b'd' => {
                self.pos += 1;
                self.until(b';')?;
            }
            b's' => {
                self.read_str()?;
            }
            b'#' => {
                self.pos += 1;
                self.parse_until::<usize>(b':')?;
                self.skip_value()?;
            }
            open @ (b'[' | b'{') => {
                let n = self.begin(open)?;
                for _ in 0..n {
                    if open == b'{' {
                        self.read_bytes()?;
                    }
                    self.skip_value()?;
                }
                self.end(if open == b'[' { b']' } else { b'}' })?;
            }
            b => return Err(self.error(ErrorKind::Expected(b))),
        }
        Ok(())
    }
}
