//! Strings for the deserializer: borrowed from the input when they have no escape, decoded
//! into a scratch buffer the deserializer owns when they do. The scanning and decoding are the
//! reader's own (`read::string`).

use crate::read::string::{self, StrOut};
use crate::{Error, ErrorKind, Reader, Result};

/// A string as the deserializer hands it to a visitor.
pub(super) enum Str<'de, 's> {
    /// Escape-free: a slice of the input (`visit_borrowed_str`).
    Borrowed(&'de str),
    /// Decoded into the scratch buffer, valid until the next string (`visit_str`).
    Copied(&'s str),
}

/// Where strings with escapes are decoded: a vector reused from string to string with an
/// allocator, a fixed buffer of [`Scratch::CAPACITY`] bytes without one.
pub(super) struct Scratch {
    #[cfg(feature = "alloc")]
    buf: alloc::vec::Vec<u8>,
    #[cfg(not(feature = "alloc"))]
    buf: [u8; Scratch::CAPACITY],
    #[cfg(not(feature = "alloc"))]
    len: usize,
}

impl Scratch {
    /// Without an allocator, the longest string with escapes that can be read, once decoded
    /// (longer: [`ErrorKind::StringTooLong`]). Escape-free strings have no limit.
    #[cfg(not(feature = "alloc"))]
    pub(super) const CAPACITY: usize = 256;

    pub(super) const fn new() -> Self {
        Scratch {
            #[cfg(feature = "alloc")]
            buf: alloc::vec::Vec::new(),
            #[cfg(not(feature = "alloc"))]
            buf: [0; Scratch::CAPACITY],
            #[cfg(not(feature = "alloc"))]
            len: 0,
        }
    }

    fn clear(&mut self) {
        #[cfg(feature = "alloc")]
        self.buf.clear();
        #[cfg(not(feature = "alloc"))]
        {
            self.len = 0;
        }
    }

    fn contents(&self) -> &[u8] {
        #[cfg(feature = "alloc")]
        return &self.buf;
        #[cfg(not(feature = "alloc"))]
        return self.buf.get(..self.len).unwrap_or_default();
    }
}

impl StrOut for Scratch {
    #[inline]
    fn push_bytes(&mut self, bytes: &[u8]) -> bool {
        #[cfg(feature = "alloc")]
        {
            self.buf.extend_from_slice(bytes);
            true
        }
        #[cfg(not(feature = "alloc"))]
        match self.buf.get_mut(self.len..self.len + bytes.len()) {
            Some(dst) => {
                dst.copy_from_slice(bytes);
                self.len += bytes.len();
                true
            }
            None => false,
        }
    }
    /// With an allocator, a short run as one block (`string::push_run_to_vec`): the runs
    /// between escapes are short and of unpredictable length.
    #[cfg(feature = "alloc")]
    #[inline(always)]
    fn push_run(&mut self, input: &[u8], start: usize, end: usize) -> bool {
        string::push_run_to_vec(&mut self.buf, input, start, end);
        true
    }
    const FULL: ErrorKind = ErrorKind::StringTooLong;
}

/// Reads the string at the cursor (whitespace before it skipped): borrowed when it has no
/// escape, else decoded into `scratch`.
#[inline(always)]
pub(super) fn read_str<'de, 's>(
    r: &mut Reader<'de>,
    scratch: &'s mut Scratch,
) -> Result<Str<'de, 's>> {
    r.skip_ws();
    let input = r.input;
    let quote = r.pos;
    match input.get(quote) {
        Some(b'"') => {}
        Some(_) => return Err(Error::new(ErrorKind::ExpectedString, quote)),
        None => return Err(Error::new(ErrorKind::UnexpectedEnd, quote)),
    }
    let start = quote + 1;
    match string::read_borrowed_or_escape(input, start)? {
        (Ok(s), end) => {
            r.pos = end;
            Ok(Str::Borrowed(s))
        }
        (Err(backslash), _) => {
            let end = decode(input, start, backslash, scratch)?;
            r.pos = end;
            let bytes = scratch.contents();
            // SAFETY: the prefix before the backslash was validated by
            // `read_borrowed_or_escape`, and `read_into` passes its `StrOut` only valid UTF-8
            // (validated runs and encoded `char`s).
            Ok(Str::Copied(unsafe {
                core::str::from_utf8_unchecked(bytes)
            }))
        }
    }
}

/// Decodes the string whose text starts at `start` and whose first escape is at `backslash`
/// into `scratch`; returns the position after its closing quote.
#[cold]
#[inline(never)]
fn decode(input: &[u8], start: usize, backslash: usize, scratch: &mut Scratch) -> Result<usize> {
    scratch.clear();
    let full = || Error::new(ErrorKind::StringTooLong, start - 1);
    if !scratch.push_run(input, start, backslash) {
        return Err(full());
    }
    match string::read_into(input, backslash, scratch) {
        // `read_into` places a full destination at the byte before where it began.
        Err(e) if e.kind() == ErrorKind::StringTooLong => Err(full()),
        other => other,
    }
}
