//! Decoding a JSON string that has escapes, into a growing scratch vector (keys, and the
//! fallback) or straight into the free room of the reader's chunk (string values).
//!
//! Decoding a string value into a scratch vector and then copying it into its block would copy
//! every byte twice, and some documents are mostly such strings (gsoc-2018.json: 60% of its
//! bytes, 1,709 strings of about 1,100 bytes with about 15,000 escapes). Decoding them where the
//! block will be, and carving the block around the text once its length is known, leaves one
//! copy (see [`Room`]).
//!
//! structio-json has the same decoder behind its typed reader (`read::string::read_into`, with
//! the sink trait `StrOut`), not exposed outside its crate. The two report bad escapes at
//! different offsets (this one at the byte after the backslash and at the bad hex digit,
//! structio-json at the backslash), and both are tested as they are; sharing one decoder means
//! agreeing on those offsets first.

use alloc::vec::Vec;

use structio_json::{Error, ErrorKind};

use structio_json::string_scan::plain_run;

#[cold]
fn err(kind: ErrorKind, pos: usize) -> Error {
    Error::new(kind, pos)
}

/// Where [`unescape`] writes the decoded text.
pub(crate) trait Sink {
    /// Appends `bytes`, or returns `false`, with nothing written, when they do not fit.
    fn put(&mut self, bytes: &[u8]) -> bool;

    /// Appends the plain run of string bytes from `pos` (up to the first `"`, `\\` or control
    /// byte, bytes past ASCII checked as UTF-8, as [`plain_run`] finds it) and returns its end,
    /// or `None` when it does not fit.
    #[inline(always)]
    fn put_run(&mut self, input: &[u8], pos: usize) -> Result<Option<usize>, Error> {
        let end = plain_run(input, pos)?;
        Ok(self.put(&input[pos..end]).then_some(end))
    }
}

impl Sink for Vec<u8> {
    #[inline(always)]
    fn put(&mut self, bytes: &[u8]) -> bool {
        self.extend_from_slice(bytes);
        true
    }
}

/// A fixed stretch of writable memory (the free room of the reader's chunk past a block's
/// owner word), filled from its start.
pub(crate) struct Room {
    at: *mut u8,
    len: usize,
    cap: usize,
}

impl Room {
    /// The room of `cap` bytes from `at`.
    ///
    /// # Safety
    /// `cap` bytes from `at` are writable and nothing else reads or writes them while the room
    /// is in use.
    #[inline(always)]
    pub(crate) unsafe fn new(at: *mut u8, cap: usize) -> Room {
        Room { at, len: 0, cap }
    }

    /// The bytes written so far.
    #[inline(always)]
    pub(crate) fn filled(&self) -> &[u8] {
        // SAFETY: the first `len <= cap` bytes from `at` were written by `put` or `put_run`
        // (the caller of `new` promised nothing else touches them).
        unsafe { core::slice::from_raw_parts(self.at, self.len) }
    }
}

impl Sink for Room {
    #[inline(always)]
    fn put(&mut self, bytes: &[u8]) -> bool {
        if bytes.len() > self.cap - self.len {
            return false;
        }
        // SAFETY: `len + bytes.len() <= cap`, inside the writable room (`new`'s promise), which
        // `bytes` (input text, or a local) does not overlap.
        unsafe { crate::copy::copy_small(bytes.as_ptr(), self.at.add(self.len), bytes.len()) };
        self.len += bytes.len();
        true
    }

    /// The run scanned and copied in one pass, 32 bytes per step: each block is stored whole
    /// and then compared, and only the bytes before its first stop count. The bytes stored past
    /// them land in the room's unused part, which the next write or the arena overwrites. Where
    /// the room or the input has fewer than 32 bytes left, or at a byte past ASCII (whose run
    /// must be checked as UTF-8), the rest goes the way of any sink.
    ///
    /// This is for text like gsoc-2018.json (about 15,000 escapes, the runs between them about
    /// 120 bytes), where scanning each run and then copying it by a `memcpy` call pays twice.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn put_run(&mut self, input: &[u8], mut pos: usize) -> Result<Option<usize>, Error> {
        while let Some(block) = input.get(pos..).and_then(|r| r.first_chunk::<32>()) {
            if self.cap - self.len < 32 {
                break;
            }
            // SAFETY: `len + 32 <= cap`: inside the writable room (`new`'s promise), which the
            // input does not overlap.
            unsafe {
                self.at
                    .add(self.len)
                    .cast::<[u8; 32]>()
                    .write_unaligned(*block)
            };
            let stops = structio_json::string_scan::stops_block32(block);
            if stops != 0 {
                let n = stops.trailing_zeros() as usize;
                self.len += n;
                pos += n;
                if input[pos] < 0x80 {
                    return Ok(Some(pos));
                }
                break;
            }
            self.len += 32;
            pos += 32;
        }
        // The bytes before `pos` are ASCII, so the run is valid exactly when its rest is.
        let end = plain_run(input, pos)?;
        Ok(self.put(&input[pos..end]).then_some(end))
    }
}

/// The four hex digits of a `\u` escape at `pos`.
#[inline]
fn hex4(input: &[u8], pos: usize) -> Result<u32, Error> {
    let digits = input
        .get(pos..pos + 4)
        .ok_or_else(|| err(ErrorKind::UnexpectedEnd, input.len()))?;
    let mut n = 0u32;
    for (i, &d) in digits.iter().enumerate() {
        let v = match d {
            b'0'..=b'9' => d - b'0',
            b'a'..=b'f' => d - b'a' + 10,
            b'A'..=b'F' => d - b'A' + 10,
            _ => return Err(err(ErrorKind::InvalidUnicodeEscape, pos + i)),
        };
        n = n << 4 | u32::from(v);
    }
    Ok(n)
}

/// Decodes into `out` the string from `start` whose first escape is at `pos` (the bytes before
/// it are a checked plain run); returns the position after the closing quote, or `None` as soon
/// as `out` is full (what it holds is then a prefix, to be discarded).
///
/// Errors are found in input order whatever the sink, so a full sink never hides one that
/// comes before the point where it filled, and the fallback finds the same error.
#[inline(always)]
pub(crate) fn unescape<S: Sink>(
    input: &[u8],
    start: usize,
    mut pos: usize,
    out: &mut S,
) -> Result<Option<usize>, Error> {
    if !out.put(&input[start..pos]) {
        return Ok(None);
    }
    loop {
        match input.get(pos) {
            Some(b'"') => return Ok(Some(pos + 1)),
            Some(b'\\') => {
                let esc = *input
                    .get(pos + 1)
                    .ok_or_else(|| err(ErrorKind::UnexpectedEnd, input.len()))?;
                let byte = match esc {
                    b'"' => b'"',
                    b'\\' => b'\\',
                    b'/' => b'/',
                    b'b' => 0x08,
                    b'f' => 0x0c,
                    b'n' => b'\n',
                    b'r' => b'\r',
                    b't' => b'\t',
                    b'u' => 0,
                    _ => return Err(err(ErrorKind::InvalidEscape, pos + 1)),
                };
                let (full, next) = if esc != b'u' {
                    (!out.put(&[byte]), pos + 2)
                } else {
                    let (c, next) = code_point(input, pos)?;
                    let mut buf = [0u8; 4];
                    (!out.put(c.encode_utf8(&mut buf).as_bytes()), next)
                };
                if full {
                    return Ok(None);
                }
                pos = next;
            }
            Some(_) => {
                let Some(end) = out.put_run(input, pos)? else {
                    return Ok(None);
                };
                match input.get(end) {
                    Some(b'"' | b'\\') => pos = end,
                    Some(_) => return Err(err(ErrorKind::ControlCharacterInString, end)),
                    None => return Err(err(ErrorKind::UnexpectedEnd, end)),
                }
            }
            None => return Err(err(ErrorKind::UnexpectedEnd, pos)),
        }
    }
}

/// [`unescape`] into a vector, which grows and so is never full.
#[cold]
pub(crate) fn unescape_vec(
    input: &[u8],
    start: usize,
    pos: usize,
    out: &mut Vec<u8>,
) -> Result<usize, Error> {
    // `put` on a vector always returns `true`, so `None` cannot come back; the input's length
    // stands in rather than a panic path.
    Ok(unescape(input, start, pos, out)?.unwrap_or(input.len()))
}

/// The character of the `\u` escape at `pos` (a surrogate pair takes two) and the position
/// after it.
#[inline(never)]
fn code_point(input: &[u8], pos: usize) -> Result<(char, usize), Error> {
    let hi = hex4(input, pos + 2)?;
    let (c, next) = if (0xd800..0xdc00).contains(&hi) {
        if input.get(pos + 6..pos + 8) != Some(b"\\u") {
            return Err(err(ErrorKind::LoneSurrogate, pos));
        }
        let lo = hex4(input, pos + 8)?;
        if !(0xdc00..0xe000).contains(&lo) {
            return Err(err(ErrorKind::LoneSurrogate, pos));
        }
        (0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00), pos + 12)
    } else if (0xdc00..0xe000).contains(&hi) {
        return Err(err(ErrorKind::LoneSurrogate, pos));
    } else {
        (hi, pos + 6)
    };
    // Surrogates were paired or refused above, so this is a scalar value.
    let c = char::from_u32(c).ok_or_else(|| err(ErrorKind::LoneSurrogate, pos))?;
    Ok((c, next))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes `text` (a string body with its closing quote, first escape at `esc`) into rooms
    /// of every size: each either holds the whole answer the vector gets, or reports full.
    fn every_room(text: &[u8], esc: usize) {
        let mut want = Vec::new();
        let after = unescape_vec(text, 0, esc, &mut want).unwrap();
        for cap in 0..want.len() + 8 {
            let mut mem = alloc::vec![0u8; cap];
            // SAFETY: `mem` is `cap` writable bytes used only through the room.
            let mut room = unsafe { Room::new(mem.as_mut_ptr(), cap) };
            match unescape(text, 0, esc, &mut room).unwrap() {
                Some(got_after) => {
                    assert!(cap >= want.len(), "room of {cap} held {}", want.len());
                    assert_eq!((room.filled(), got_after), (&want[..], after));
                }
                None => assert!(cap < want.len(), "room of {cap} reported full"),
            }
        }
    }

    #[test]
    fn a_room_holds_the_text_or_reports_full() {
        every_room(b"ab\\ncd\"", 2);
        every_room(b"\\u00e9\\ud83d\\ude00x\\\\\"", 0);
        every_room("plain é run\\t\\/ and more text past it\"".as_bytes(), 13);
        every_room(b"\\\"\"", 0);
        // Runs longer than a 32-byte step, with a byte past ASCII at every offset of one.
        let long = |at: usize| {
            let mut t = alloc::vec::Vec::new();
            t.extend_from_slice(b"\\n");
            t.extend(core::iter::repeat_n(b'x', 70));
            t.extend_from_slice(b"\\t");
            t.extend(core::iter::repeat_n(b'y', 40));
            t.splice(at + 2..at + 2, "é".bytes());
            t.extend_from_slice(b"\\/");
            t.extend(core::iter::repeat_n(b'z', 33));
            t.push(b'"');
            t
        };
        for at in (0..70).step_by(if cfg!(miri) { 11 } else { 1 }) {
            every_room(&long(at), 0);
        }
    }

    #[test]
    fn a_room_meets_the_same_errors_as_a_vector() {
        // A control byte, a bad escape and bad UTF-8, each after a run longer than a step.
        let mut texts: alloc::vec::Vec<alloc::vec::Vec<u8>> = alloc::vec::Vec::new();
        for bad in [&b"\x01"[..], b"\\q", b"\xff", b"\xc3("] {
            for run in [3, 31, 32, 33, 64, 70] {
                let mut t = b"\\n".to_vec();
                t.extend(core::iter::repeat_n(b'a', run));
                t.extend_from_slice(bad);
                t.extend_from_slice(b"tail\"");
                texts.push(t);
            }
        }
        for t in &texts {
            let want = unescape_vec(t, 0, 0, &mut Vec::new()).unwrap_err();
            let mut mem = alloc::vec![0u8; t.len() + 64];
            // SAFETY: `mem` is writable and used only through the room.
            let mut room = unsafe { Room::new(mem.as_mut_ptr(), mem.len()) };
            let got = unescape(t, 0, 0, &mut room).unwrap_err();
            assert_eq!((got.kind(), got.offset()), (want.kind(), want.offset()));
        }
    }

    #[test]
    fn errors_come_before_a_full_room() {
        // The bad escape is at 3; a room of one byte fills before it, at the prefix: the
        // reader then decodes into its vector and meets the error there.
        let text = b"ab\\q\"";
        let mut mem = [0u8; 1];
        // SAFETY: `mem` is one writable byte used only through the room.
        let mut room = unsafe { Room::new(mem.as_mut_ptr(), 1) };
        assert_eq!(unescape(text, 0, 2, &mut room).unwrap(), None);
        let e = unescape_vec(text, 0, 2, &mut Vec::new()).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidEscape, 3));
    }
}
