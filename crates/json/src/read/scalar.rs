//! The scalar reads of [`Reader`]: literals, numbers and strings. Each is
//! `#[inline(always)]` so that it sits in the container loop that calls it; the rare cases
//! (a literal near the end of the input, errors) are out of line and take the cursor by value.

use super::reader::Reader;
use super::string;
use crate::{Error, ErrorKind, Result};

impl<'de> Reader<'de> {
    /// The literal `null`.
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b" null");
    /// r.read_null()?;
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn read_null(&mut self) -> Result<()> {
        self.skip_ws();
        match self.input.get(self.pos..self.pos + 4) {
            Some(b"null") => {
                self.pos += 4;
                Ok(())
            }
            _ => Err(self.expected_literal(ErrorKind::ExpectedNull)),
        }
    }

    /// A literal that did not match: `UnexpectedEnd` if the input ran out on a correct prefix.
    #[cold]
    #[inline(never)]
    fn expected_literal(&self, kind: ErrorKind) -> Error {
        let rest = &self.input[self.pos.min(self.input.len())..];
        let prefix_of = |lit: &[u8]| rest.len() < lit.len() && lit.starts_with(rest);
        if prefix_of(b"null") || prefix_of(b"true") || prefix_of(b"false") {
            Error::new(ErrorKind::UnexpectedEnd, self.input.len())
        } else {
            Error::new(kind, self.pos)
        }
    }

    /// `true` or `false`. With eight bytes left, one load and one compare against the literal
    /// the first byte names, with no branch on which it was.
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"false");
    /// assert!(!r.read_bool()?);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn read_bool(&mut self) -> Result<bool> {
        self.skip_ws();
        // The size configuration compares the literal by bytes alone, the same answer in one
        // path.
        #[cfg(not(feature = "size"))]
        if let Some(chunk) = self.input.get(self.pos..self.pos + 8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            let word = u64::from_le_bytes(word);
            let is_true = (word as u8 == b't') as u64;
            // Selected, not branched: the document's bools are as random as its data.
            let expect = (is_true * u64::from_le_bytes(*b"true\0\0\0\0"))
                | ((1 - is_true) * u64::from_le_bytes(*b"false\0\0\0"));
            let mask = (is_true * 0xFFFF_FFFF) | ((1 - is_true) * 0xFF_FFFF_FFFF);
            if word & mask == expect {
                self.pos += 5 - is_true as usize;
                return Ok(is_true != 0);
            }
            return Err(self.error(ErrorKind::ExpectedBool));
        }
        let (v, pos) = read_bool_tail(self.input, self.pos)?;
        self.pos = pos;
        Ok(v)
    }

    /// An array of booleans into `v` (cleared first). Compact text, `,true` or `,false` with
    /// no whitespace, is matched 64 bytes at a time on x86-64 (`bool_blocks`) and then a word
    /// at a time, the comma and the literal in one compare; anything else (whitespace, the
    /// closing bracket, an error) goes through [`Self::array_next`] and [`Self::read_bool`],
    /// so the results and errors are theirs.
    #[cfg(all(feature = "alloc", not(feature = "size")))]
    #[inline]
    pub(crate) fn read_bool_vec(&mut self, v: &mut alloc::vec::Vec<bool>) -> Result<()> {
        v.clear();
        if self.begin_array()? {
            return Ok(());
        }
        v.push(self.read_bool()?);
        // Whether to try whole blocks: until a block finds nothing, which in compact text is
        // the array's end, and in text with whitespace is every element.
        #[cfg(target_arch = "x86_64")]
        let mut blocks = true;
        loop {
            #[cfg(target_arch = "x86_64")]
            if blocks {
                let pos = super::bool_blocks::push_runs(self.input, self.pos, v);
                blocks = pos != self.pos;
                self.pos = pos;
            }
            // Two elements per step. The second starts 5 or 6 bytes in, by the first's
            // literal: both words are loaded up front and one selected, so the step waits on
            // one load rather than on a load per element.
            while let Some(chunk) = self.input.get(self.pos..self.pos + 16) {
                let word = |at: usize| {
                    let mut w = [0u8; 8];
                    w.copy_from_slice(chunk.get(at..at + 8).unwrap_or(&[0; 8]));
                    u64::from_le_bytes(w)
                };
                let (first, after_true, after_false) = (word(0), word(5), word(6));
                let (t1, ok1) = comma_bool(first);
                if !ok1 {
                    break;
                }
                v.push(t1);
                let (t2, ok2) = comma_bool(if t1 { after_true } else { after_false });
                let len1 = 6 - usize::from(t1);
                if !ok2 {
                    self.pos += len1;
                    break;
                }
                v.push(t2);
                self.pos += len1 + 6 - usize::from(t2);
            }
            if let Some(chunk) = self.input.get(self.pos..self.pos + 8) {
                let mut w = [0u8; 8];
                w.copy_from_slice(chunk);
                let (t, ok) = comma_bool(u64::from_le_bytes(w));
                if ok {
                    v.push(t);
                    self.pos += 6 - usize::from(t);
                    continue;
                }
            }
            if !self.array_next()? {
                return Ok(());
            }
            v.push(self.read_bool()?);
        }
    }

    /// An array of integers into `v` (cleared first). Compact text (`,12,-3`) is read 64
    /// bytes at a time on x86-64 (`int_blocks`); anything else goes through
    /// [`Self::array_next`] and [`Self::read_int`], so the results and errors are theirs.
    #[cfg(all(feature = "alloc", not(feature = "size")))]
    #[inline]
    pub(crate) fn read_int_vec<T: structio_num::Integer>(
        &mut self,
        v: &mut alloc::vec::Vec<T>,
    ) -> Result<()> {
        v.clear();
        if self.begin_array()? {
            return Ok(());
        }
        v.push(self.read_int()?);
        // Whether to try whole blocks: until a block finds nothing, which in compact text is
        // the array's end, and in text with whitespace is every element.
        #[cfg(target_arch = "x86_64")]
        let mut blocks = true;
        loop {
            #[cfg(target_arch = "x86_64")]
            if blocks {
                let pos = super::int_blocks::push_runs(self.input, self.pos, v);
                blocks = pos != self.pos;
                self.pos = pos;
            }
            if !self.array_next()? {
                return Ok(());
            }
            v.push(self.read_int()?);
        }
    }

    /// An integer of any width; out of range is [`ErrorKind::NumberOutOfRange`], never a wrap.
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"-12");
    /// assert_eq!(r.read_int::<i16>()?, -12);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn read_int<T: structio_num::Integer>(&mut self) -> Result<T> {
        self.skip_ws();
        match structio_num::parse_int::<T>(self.input, self.pos) {
            Ok((v, pos)) => {
                self.pos = pos;
                Ok(v)
            }
            Err(e) => Err(number_error(self.input, self.pos, e, type_name::<T>())),
        }
    }

    /// An `f64` (strict JSON number grammar, correctly rounded). A number past `f64`'s range
    /// (`1e400`) is [`ErrorKind::NumberOutOfRange`] at its first byte.
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"2.5e-1");
    /// assert_eq!(r.read_f64()?, 0.25);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn read_f64(&mut self) -> Result<f64> {
        self.skip_ws();
        let parsed = structio_num::parse_f64(self.input, self.pos);
        self.finite(parsed, f64::is_infinite, "f64")
    }

    /// An `f32` (strict JSON number grammar, correctly rounded); past its range (`1e39`),
    /// [`ErrorKind::NumberOutOfRange`].
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"0.5");
    /// assert_eq!(r.read_f32()?, 0.5);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn read_f32(&mut self) -> Result<f32> {
        self.skip_ws();
        let parsed = structio_num::parse_f32(self.input, self.pos);
        self.finite(parsed, f32::is_infinite, "f32")
    }

    /// A float reader's result: the value, with the cursor moved past it, unless it is infinite.
    /// Past the type's range the correctly rounded value is an infinity, which JSON cannot have
    /// meant: out of range, as for integers.
    #[inline(always)]
    fn finite<F: Copy>(
        &mut self,
        parsed: core::result::Result<(F, usize), structio_num::NumError>,
        infinite: fn(F) -> bool,
        name: &'static str,
    ) -> Result<F> {
        match parsed {
            Ok((v, pos)) if !infinite(v) => {
                self.pos = pos;
                Ok(v)
            }
            // One cold call for both failures keeps the loop that inlines this small.
            other => Err(float_error(self.input, self.pos, other.err(), name)),
        }
    }

    /// A string borrowed from the input. A string with escapes cannot be borrowed:
    /// [`ErrorKind::EscapeInBorrowedStr`] at its first backslash (read `Cow<str>` or `String`
    /// to accept those).
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(br#""pump""#);
    /// assert_eq!(r.read_str()?, "pump");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn read_str(&mut self) -> Result<&'de str> {
        self.skip_ws();
        if self.byte() != Some(b'"') {
            return Err(self.expected(ErrorKind::ExpectedString));
        }
        let (s, pos) = string::read_borrowed(self.input, self.pos + 1)?;
        self.pos = pos;
        Ok(s)
    }

    /// Decodes a string into `out`, which receives validated UTF-8 runs and decoded escapes.
    #[cfg_attr(not(any(feature = "alloc", feature = "heapless")), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn read_string_with<O: string::StrOut>(&mut self, out: &mut O) -> Result<()> {
        self.skip_ws();
        if self.byte() != Some(b'"') {
            return Err(self.expected(ErrorKind::ExpectedString));
        }
        self.pos = string::read_into(self.input, self.pos + 1, out)?;
        Ok(())
    }

    /// Moves the cursor; the caller keeps it on a byte boundary the reader produced.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn set_offset(&mut self, pos: usize) {
        self.pos = pos;
    }
}

/// Maps a number error to the crate's, with `UnexpectedEnd` for a number cut off by the end.
#[cold]
#[inline(never)]
pub(crate) fn num_error(input: &[u8], e: structio_num::NumError) -> Error {
    let kind = match e.kind {
        structio_num::NumErrorKind::Overflow => ErrorKind::NumberOutOfRange,
        _ if e.offset >= input.len() => ErrorKind::UnexpectedEnd,
        _ => ErrorKind::InvalidNumber,
    };
    Error::new(kind, e.offset)
}

/// A number read's error for a destination named `name` (`"u16"`) whose value starts at
/// `start`: another kind of value there (a string, `null`, a float into an integer) is a type
/// error at the value, a negative number into an unsigned one is out of range at the value,
/// and anything else is what the number parser said.
#[cold]
#[inline(never)]
fn number_error(
    input: &[u8],
    start: usize,
    e: structio_num::NumError,
    name: &'static str,
) -> Error {
    match crate::error_path::classify(input, start).0 {
        structio_core::Found::Integer | structio_core::Found::Unknown => {}
        // A malformed float into a float type is a syntax error, not a type error.
        structio_core::Found::Float
            if name.starts_with('f') || e.kind == structio_num::NumErrorKind::Overflow => {}
        _ => return Error::new(ErrorKind::InvalidType(name), start),
    }
    if input.get(start) == Some(&b'-') && name.starts_with('u') && e.offset == start {
        // `-1` into an unsigned type: a number, but not one the type holds.
        if input.get(start + 1).is_some_and(u8::is_ascii_digit) {
            return Error::new(ErrorKind::NumberOutOfRange, start);
        }
    }
    num_error(input, e)
}

/// A float read's error at `start`: `None` for a number past the type's range (its
/// correctly rounded value is an infinity), else what the number parser said.
#[cold]
#[inline(never)]
fn float_error(
    input: &[u8],
    start: usize,
    e: Option<structio_num::NumError>,
    name: &'static str,
) -> Error {
    match e {
        None => Error::new(ErrorKind::NumberOutOfRange, start),
        Some(e) => number_error(input, start, e, name),
    }
}

/// The name of a number type, `"u16"` (what `type_name` gives for primitives).
fn type_name<T>() -> &'static str {
    core::any::type_name::<T>()
}

/// `true`/`false` within the last eight bytes of the input (anywhere in the size
/// configuration); the cursor by value, so the caller's stays in a register.
#[cold]
#[inline(never)]
fn read_bool_tail(input: &[u8], pos: usize) -> Result<(bool, usize)> {
    let rest = input.get(pos..).unwrap_or_default();
    if rest.starts_with(b"true") {
        Ok((true, pos + 4))
    } else if rest.starts_with(b"false") {
        Ok((false, pos + 5))
    } else if rest.is_empty() || b"true".starts_with(rest) || b"false".starts_with(rest) {
        Err(Error::new(ErrorKind::UnexpectedEnd, input.len()))
    } else {
        Err(Error::new(ErrorKind::ExpectedBool, pos))
    }
}

/// Whether the eight bytes `word` (little-endian) start with `,true` or `,false`, and which.
/// Selected, not branched: the document's bools are as random as its data.
#[cfg(all(feature = "alloc", not(feature = "size")))]
#[inline(always)]
fn comma_bool(word: u64) -> (bool, bool) {
    let is_true = u64::from((word >> 8) as u8 == b't');
    let expect = (is_true * u64::from_le_bytes(*b",true\0\0\0"))
        | ((1 - is_true) * u64::from_le_bytes(*b",false\0\0"));
    let mask = (is_true * 0xFF_FFFF_FFFF) | ((1 - is_true) * 0xFFFF_FFFF_FFFF);
    (is_true != 0, word & mask == expect)
}
