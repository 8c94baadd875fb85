//! JSON strings: the escape-free run found by the vector scan, escapes decoded, UTF-8 checked.
//!
//! Every run between escapes is validated on its own, which is exact: escapes are ASCII, so a
//! multi-byte UTF-8 sequence never spans one.

use crate::{Error, ErrorKind, Result};

/// A destination for decoded string bytes.
///
/// Every call passes valid UTF-8 (a validated run, or one encoded `char`), so a destination
/// that is a `String` may append without checking again.
pub(crate) trait StrOut {
    /// Appends `bytes`; `false` when the destination has no room (nothing is then appended).
    fn push_bytes(&mut self, bytes: &[u8]) -> bool;

    /// Appends the validated run `input[start..end]`. A destination may copy a fixed-size block
    /// from `input[start..]` and count only the run, which costs less than a `memcpy` of a
    /// length the compiler cannot see.
    #[inline(always)]
    fn push_run(&mut self, input: &[u8], start: usize, end: usize) -> bool {
        self.push_bytes(input.get(start..end).unwrap_or_default())
    }
    /// The error for a destination that ran out of room.
    const FULL: ErrorKind;
}

/// Appends the run `input[start..end]` to `v`: a run of up to 32 bytes (most strings, and
/// most runs between escapes) as one 32-byte block copied from `input[start..]` when the input
/// has those bytes, with only the run counted; longer runs by `extend_from_slice`. A `memcpy`
/// of a length the compiler cannot see branches on that length inside the call, and string
/// lengths are not predictable.
#[cfg(feature = "alloc")]
#[inline(always)]
pub(crate) fn push_run_to_vec(v: &mut alloc::vec::Vec<u8>, input: &[u8], start: usize, end: usize) {
    let n = end.wrapping_sub(start);
    if let (true, Some(block)) = (
        n <= 32,
        input.get(start..).and_then(|t| t.first_chunk::<32>()),
    ) {
        v.reserve(32);
        let len = v.len();
        // SAFETY: `reserve` left at least 32 bytes of spare capacity after `len`.
        unsafe {
            v.as_mut_ptr()
                .add(len)
                .cast::<[u8; 32]>()
                .write_unaligned(*block)
        };
        // SAFETY: the first `n <= 32` of those bytes are initialized, and they are the run.
        unsafe { v.set_len(len + n) };
        return;
    }
    v.extend_from_slice(input.get(start..end).unwrap_or_default());
}

/// Scratch space for an object key that has escapes and so cannot be borrowed from the input
/// (see [`Reader::object_key`](crate::Reader::object_key)): the shared 256-byte buffer.
///
/// ```
/// let mut buf = structio_json::KeyBuf::new();
/// let mut r = structio_json::Reader::new(br#""\n""#);
/// assert_eq!(r.read_str_raw(&mut buf)?, b"\n");
/// # Ok::<(), structio_json::Error>(())
/// ```
pub use structio_core::KeyBuf;

impl StrOut for KeyBuf {
    #[inline]
    fn push_bytes(&mut self, bytes: &[u8]) -> bool {
        KeyBuf::push_bytes(self, bytes)
    }
    const FULL: ErrorKind = ErrorKind::KeyTooLong;
}

/// The high bit of every byte of a word.
#[cfg(not(feature = "size"))]
const HI: u64 = 0x8080_8080_8080_8080;

/// From `i`, the end of the run that needs no decoding (the first `"`, `\` or control byte,
/// or the end of the input), and whether the run holds any byte of 0x80 or more.
#[inline(always)]
pub(crate) fn scan(input: &[u8], i: usize) -> (usize, bool) {
    #[cfg(any(structio_plain_scan, feature = "size"))]
    return scan_bytes(input, i);
    #[cfg(not(any(structio_plain_scan, feature = "size")))]
    crate::string_scan::plain_end(input, i)
}

/// [`scan`] one byte at a time: the plain alternative of the word scan (the
/// `structio_plain_scan` switch, which measures what it is worth), and the size
/// configuration's scan.
#[cfg(any(structio_plain_scan, feature = "size", test))]
#[inline(always)]
fn scan_bytes(input: &[u8], mut i: usize) -> (usize, bool) {
    let mut high = false;
    while let Some(&b) = input.get(i) {
        if b == b'"' || b == b'\\' || b < 0x20 {
            break;
        }
        high |= b >= 0x80;
        i += 1;
    }
    (i, high)
}

/// The length of the UTF-8 sequence a byte leads, 0 for a byte that cannot lead one (a
/// continuation byte, the overlong leads 0xC0 and 0xC1, and 0xF5 up).
#[cfg(not(feature = "size"))]
static UTF8_WIDTH: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = match i {
            0x00..=0x7F => 1,
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 0,
        };
        i += 1;
    }
    t
};

/// For each lead byte, the range its second byte must fall in: it is what rules out overlong
/// forms, surrogates and code points past U+10FFFF. Empty (`lo > hi`) for a byte that cannot
/// lead a sequence.
#[cfg(not(feature = "size"))]
static UTF8_SECOND: [(u8, u8); 256] = {
    let mut t = [(1u8, 0u8); 256];
    let mut i = 0xC2;
    while i <= 0xF4 {
        t[i] = match i {
            0xE0 => (0xA0, 0xBF),
            0xED => (0x80, 0x9F),
            0xF0 => (0x90, 0xBF),
            0xF4 => (0x80, 0x8F),
            _ => (0x80, 0xBF),
        };
        i += 1;
    }
    t
};

/// By sequence width, the bits of a little-endian 4-byte load that must be continuation
/// markers, and the value they must hold (`10xxxxxx` in bytes 1 to width - 1).
#[cfg(not(feature = "size"))]
const CONT_MASK: [u32; 5] = [0, 0, 0x0000_C000, 0x00C0_C000, 0xC0C0_C000];
#[cfg(not(feature = "size"))]
const CONT_BITS: [u32; 5] = [0, 0, 0x0000_8000, 0x0080_8000, 0x8080_8000];

/// Checks that `input[start..end]` is UTF-8 (as `core::str::from_utf8` does, without the call:
/// the runs of a document are short, and the call's set-up costs more than the check). `Err`
/// holds the input offset of the first byte of the first bad sequence.
///
/// `input[end]`, if there is one, must be ASCII (the byte that stopped the scan is always a
/// quote, a backslash or a control byte). Each sequence is then checked with one 4-byte load
/// and table lookups, no branch on its width: a load that reaches past `end` meets that ASCII
/// byte, which is no continuation byte, so a sequence cut off by the run still fails.
#[cfg(not(feature = "size"))]
#[inline]
fn check_utf8(input: &[u8], start: usize, end: usize) -> core::result::Result<(), usize> {
    let mut i = start;
    while i < end {
        let Some(&lead) = input.get(i) else { break };
        if lead < 0x80 {
            // ASCII a word at a time up to the next byte with its high bit set (past `end`
            // is fine: the loop stops there).
            match input.get(i..).and_then(|t| t.first_chunk::<8>()) {
                Some(w) => {
                    let high = u64::from_le_bytes(*w) & HI;
                    i += if high == 0 {
                        8
                    } else {
                        high.trailing_zeros() as usize / 8
                    };
                }
                None => i += 1,
            }
            continue;
        }
        let x = match input.get(i..).and_then(|t| t.first_chunk::<4>()) {
            Some(w) => u32::from_le_bytes(*w),
            None => tail_word(input, i),
        };
        let width = usize::from(UTF8_WIDTH[usize::from(lead)]);
        let (lo, hi) = UTF8_SECOND[usize::from(lead)];
        let second = (x >> 8) as u8;
        let ok = (width > 1)
            & (x & CONT_MASK[width % 5] == CONT_BITS[width % 5])
            & (second >= lo)
            & (second <= hi);
        if !ok {
            return Err(i);
        }
        i += width;
    }
    Ok(())
}

/// [`check_utf8`] for the size configuration: [`utf8_error`], which the skipper shares,
/// instead of the lookup tables.
#[cfg(feature = "size")]
#[inline(always)]
fn check_utf8(input: &[u8], start: usize, end: usize) -> core::result::Result<(), usize> {
    match utf8_error(input.get(start..end).unwrap_or_default()) {
        Some(bad) => Err(start + bad),
        None => Ok(()),
    }
}

/// Where `bytes` stop being UTF-8 (the offset of the first byte of the first bad or cut-off
/// sequence, as `Utf8Error::valid_up_to` says), if they do: the size configuration's one UTF-8
/// check, a sequence at a time, in a third of the code of `core::str::from_utf8`.
#[cfg(any(feature = "size", test))]
#[inline(never)]
pub(crate) fn utf8_error(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(&lead) = bytes.get(i) {
        // The sequence's width and the range of its second byte, which rules out overlong
        // forms, surrogates and code points past U+10FFFF.
        let (width, lo, hi) = match lead {
            0x00..=0x7F => {
                i += 1;
                continue;
            }
            0xC2..=0xDF => (2, 0x80, 0xBF),
            0xE0 => (3, 0xA0, 0xBF),
            0xED => (3, 0x80, 0x9F),
            0xE1..=0xEF => (3, 0x80, 0xBF),
            0xF0 => (4, 0x90, 0xBF),
            0xF4 => (4, 0x80, 0x8F),
            0xF1..=0xF3 => (4, 0x80, 0xBF),
            _ => return Some(i),
        };
        if !bytes.get(i + 1).is_some_and(|b| (lo..=hi).contains(b)) {
            return Some(i);
        }
        for k in 2..width {
            if bytes.get(i + k).is_none_or(|b| b & 0xC0 != 0x80) {
                return Some(i);
            }
        }
        i += width;
    }
    None
}

/// The bytes from `i` to the end of the input as a little-endian word, zero-filled.
#[cold]
#[cfg(not(feature = "size"))]
fn tail_word(input: &[u8], i: usize) -> u32 {
    let mut w = [0u8; 4];
    for (d, s) in w.iter_mut().zip(input.get(i..).unwrap_or_default()) {
        *d = *s;
    }
    u32::from_le_bytes(w)
}

/// Checks that `input[start..end]`, a run the scan stopped at an ASCII byte (or the end of the
/// input), is UTF-8.
#[inline(always)]
pub(crate) fn validate(input: &[u8], start: usize, end: usize) -> Result<&str> {
    let run = input.get(start..end).unwrap_or_default();
    match check_utf8(input, start, end) {
        // SAFETY: `check_utf8` accepted every sequence of the run.
        Ok(()) => Ok(unsafe { core::str::from_utf8_unchecked(run) }),
        Err(bad) => Err(Error::new(ErrorKind::InvalidUtf8, bad)),
    }
}

/// The run `input[start..end]` as `&str`, `high` saying whether it needs a UTF-8 check.
#[inline(always)]
fn run_str(input: &[u8], start: usize, end: usize, high: bool) -> Result<&str> {
    if high {
        validate(input, start, end)
    } else {
        let run = input.get(start..end).unwrap_or_default();
        // SAFETY: `scan` saw no byte of 0x80 or more in the run, and ASCII is UTF-8.
        Ok(unsafe { core::str::from_utf8_unchecked(run) })
    }
}

/// The error for a run that stopped on something other than the closing quote; `escape` is
/// what a backslash means to the caller.
#[cold]
#[inline(never)]
fn stop_error(input: &[u8], end: usize, escape: ErrorKind) -> Error {
    match input.get(end) {
        None => Error::new(ErrorKind::UnexpectedEnd, input.len()),
        Some(b'\\') => Error::new(escape, end),
        Some(_) => Error::new(ErrorKind::ControlCharacterInString, end),
    }
}

/// A string whose opening quote is at `start - 1`, borrowed from the input. Returns the string
/// and the position after its closing quote; a string with an escape is
/// [`ErrorKind::EscapeInBorrowedStr`].
#[inline(always)]
pub(crate) fn read_borrowed(input: &[u8], start: usize) -> Result<(&str, usize)> {
    let (end, high) = scan(input, start);
    let s = run_str(input, start, end, high)?;
    if input.get(end) == Some(&b'"') {
        Ok((s, end + 1))
    } else {
        Err(stop_error(input, end, ErrorKind::EscapeInBorrowedStr))
    }
}

/// A string whose opening quote is at `start - 1`: borrowed when it has no escape (`Ok(Ok)`),
/// or the position of its first backslash (`Ok(Err)`) for the caller to decode.
#[cfg_attr(not(feature = "alloc"), allow(dead_code))]
#[inline(always)]
pub(crate) fn read_borrowed_or_escape(
    input: &[u8],
    start: usize,
) -> Result<(Result<&str, usize>, usize)> {
    let (end, high) = scan(input, start);
    let s = run_str(input, start, end, high)?;
    match input.get(end) {
        Some(b'"') => Ok((Ok(s), end + 1)),
        Some(b'\\') => Ok((Err(end), end)),
        _ => Err(stop_error(input, end, ErrorKind::InvalidEscape)),
    }
}

/// A key (or other short string token) whose opening quote is at `start - 1`: a slice of the
/// input when escape-free, else decoded into `scratch`.
#[inline(always)]
pub(crate) fn read_key<'k, 'de: 'k>(
    input: &'de [u8],
    start: usize,
    scratch: &'k mut KeyBuf,
) -> Result<(&'k [u8], usize)> {
    let (end, high) = scan(input, start);
    if input.get(end) == Some(&b'"') {
        let s = run_str(input, start, end, high)?;
        return Ok((s.as_bytes(), end + 1));
    }
    read_key_escaped(input, start, scratch)
}

#[cold]
#[inline(never)]
fn read_key_escaped<'k>(
    input: &[u8],
    start: usize,
    scratch: &'k mut KeyBuf,
) -> Result<(&'k [u8], usize)> {
    scratch.clear();
    let end = read_into(input, start, scratch)?;
    Ok((scratch.contents(), end))
}

/// Decodes the string whose opening quote is at `start - 1` into `out`; returns the position
/// after the closing quote.
#[inline(always)]
pub(crate) fn read_into<O: StrOut>(input: &[u8], start: usize, out: &mut O) -> Result<usize> {
    let mut p = start;
    loop {
        let (end, high) = scan(input, p);
        run_str(input, p, end, high)?;
        if !out.push_run(input, p, end) {
            return Err(Error::new(O::FULL, start - 1));
        }
        match input.get(end) {
            Some(b'"') => return Ok(end + 1),
            // The size configuration decodes every escape out of line, without the table.
            #[cfg(feature = "size")]
            Some(b'\\') => p = decode_escape(input, end, start, out)?,
            // The two-character escapes inline; `\u` and errors out of line.
            #[cfg(not(feature = "size"))]
            Some(b'\\') => {
                match SIMPLE_ESCAPE[usize::from(input.get(end + 1).copied().unwrap_or(0))] {
                    0 => p = decode_escape(input, end, start, out)?,
                    byte => {
                        if !out.push_bytes(&[byte]) {
                            return Err(Error::new(O::FULL, start - 1));
                        }
                        p = end + 2;
                    }
                }
            }
            _ => return Err(stop_error(input, end, ErrorKind::InvalidEscape)),
        }
    }
}

/// For the byte after a backslash, the byte its two-character escape stands for, or 0 (`u`,
/// or not an escape).
#[cfg(not(feature = "size"))]
static SIMPLE_ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t[b'/' as usize] = b'/';
    t[b'b' as usize] = 0x08;
    t[b'f' as usize] = 0x0c;
    t[b'n' as usize] = b'\n';
    t[b'r' as usize] = b'\r';
    t[b't' as usize] = b'\t';
    t
};

/// At `end` (which is not a closing quote): decodes one escape into `out` and returns the
/// position after it, or fails. Out of line: escapes are rare, and the cursor goes by value.
#[inline(never)]
fn decode_escape<O: StrOut>(input: &[u8], end: usize, start: usize, out: &mut O) -> Result<usize> {
    if input.get(end) != Some(&b'\\') {
        return Err(stop_error(input, end, ErrorKind::InvalidEscape));
    }
    let (ch, next) = unescape(input, end)?;
    let mut utf8 = [0u8; 4];
    if !out.push_bytes(ch.encode_utf8(&mut utf8).as_bytes()) {
        return Err(Error::new(O::FULL, start - 1));
    }
    Ok(next)
}

/// The escape whose backslash is at `bs`: the character and the position after the escape.
fn unescape(input: &[u8], bs: usize) -> Result<(char, usize)> {
    let simple = match input.get(bs + 1) {
        None => return Err(Error::new(ErrorKind::UnexpectedEnd, input.len())),
        Some(b'"') => '"',
        Some(b'\\') => '\\',
        Some(b'/') => '/',
        Some(b'b') => '\u{8}',
        Some(b'f') => '\u{c}',
        Some(b'n') => '\n',
        Some(b'r') => '\r',
        Some(b't') => '\t',
        Some(b'u') => return unescape_u(input, bs),
        Some(_) => return Err(Error::new(ErrorKind::InvalidEscape, bs)),
    };
    Ok((simple, bs + 2))
}

/// `\uXXXX` at `bs`, with the second half of a surrogate pair when the first is high.
fn unescape_u(input: &[u8], bs: usize) -> Result<(char, usize)> {
    let hi = hex4(input, bs, bs + 2)?;
    let (cp, next) = match hi {
        0xD800..=0xDBFF => {
            let second = bs + 6;
            match (input.get(second), input.get(second + 1)) {
                (Some(b'\\'), Some(b'u')) => {}
                (None, _) | (Some(b'\\'), None) => {
                    return Err(Error::new(ErrorKind::UnexpectedEnd, input.len()))
                }
                _ => return Err(Error::new(ErrorKind::LoneSurrogate, bs)),
            }
            let lo = hex4(input, second, second + 2)?;
            if !(0xDC00..=0xDFFF).contains(&lo) {
                return Err(Error::new(ErrorKind::LoneSurrogate, bs));
            }
            (0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00), second + 6)
        }
        0xDC00..=0xDFFF => return Err(Error::new(ErrorKind::LoneSurrogate, bs)),
        _ => (hi, bs + 6),
    };
    match char::from_u32(cp) {
        Some(c) => Ok((c, next)),
        None => Err(Error::new(ErrorKind::LoneSurrogate, bs)),
    }
}

/// Four hex digits at `at`, for the escape whose backslash is at `bs`.
fn hex4(input: &[u8], bs: usize, at: usize) -> Result<u32> {
    let mut v = 0u32;
    for i in at..at + 4 {
        let d = match input.get(i) {
            None => return Err(Error::new(ErrorKind::UnexpectedEnd, input.len())),
            Some(&b) => match b {
                b'0'..=b'9' => b - b'0',
                b'a'..=b'f' => b - b'a' + 10,
                b'A'..=b'F' => b - b'A' + 10,
                _ => return Err(Error::new(ErrorKind::InvalidUnicodeEscape, bs)),
            },
        };
        v = (v << 4) | u32::from(d);
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    /// `scan` finds the first `"`, `\` or control byte and reports a high byte before it and
    /// only before it, wherever in the 16-byte steps the two fall.
    #[test]
    fn scan_matches_a_byte_loop() {
        for len in 0..40usize {
            for stop in [b'"', b'\\', 0x01] {
                for t in 0..=len {
                    for h in (0..len).chain([usize::MAX]) {
                        let mut input = std::vec![b'a'; len];
                        if h != usize::MAX {
                            input[h] = 0xC3;
                        }
                        if t < len {
                            input[t] = stop;
                        }
                        let end = input
                            .iter()
                            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                            .unwrap_or(len);
                        let high = input[..end].iter().any(|&b| b >= 0x80);
                        assert_eq!(scan(&input, 0), (end, high), "{input:x?}");
                        assert_eq!(scan_bytes(&input, 0), (end, high), "{input:x?}");
                    }
                }
            }
        }
    }

    /// `check_utf8` agrees with `core::str::from_utf8`, including where the error is.
    fn agrees(bytes: &[u8]) {
        // As the scan leaves it: the run followed by the byte that stopped it.
        let mut input = bytes.to_vec();
        input.push(b'"');
        let ours = check_utf8(&input, 0, bytes.len());
        assert_eq!(
            check_utf8(bytes, 0, bytes.len()),
            ours,
            "at the end of the input: {bytes:x?}"
        );
        let std = core::str::from_utf8(bytes)
            .map(|_| ())
            .map_err(|e| e.valid_up_to());
        assert_eq!(ours, std, "{bytes:x?}");
    }

    /// The size configuration's check gives `core::str::from_utf8`'s answer.
    fn compact_agrees(bytes: &[u8]) {
        let std = core::str::from_utf8(bytes).err().map(|e| e.valid_up_to());
        assert_eq!(utf8_error(bytes), std, "{bytes:x?}");
    }

    /// Both UTF-8 checks against `core::str::from_utf8`.
    fn both_agree(bytes: &[u8]) {
        agrees(bytes);
        compact_agrees(bytes);
    }

    #[test]
    fn utf8_checks_match_core_on_every_short_sequence() {
        for a in 0..=255u8 {
            both_agree(&[a]);
            for b in 0..=255u8 {
                both_agree(&[a, b]);
                both_agree(&[b'x', a, b]);
            }
        }
        for a in 0xC0..=0xFFu8 {
            for b in 0..=255u8 {
                for c in [0x00, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff] {
                    both_agree(&[a, b, c]);
                    for d in [0x00, 0x7f, 0x80, 0xbf, 0xc0, 0xff] {
                        both_agree(&[a, b, c, d]);
                        both_agree(&[a, b, c, d, b'y']);
                    }
                }
            }
        }
        let text = "plain, caf\u{e9}, \u{4e2d}\u{6587}, \u{1F600} and \u{10FFFF}".as_bytes();
        for end in 0..=text.len() {
            both_agree(&text[..end]);
            both_agree(&text[end..]);
        }
    }

    #[test]
    fn scan_agrees_with_a_bytewise_scan() {
        let stop = |b: u8| b == b'"' || b == b'\\' || b < 0x20;
        for len in 0..80usize {
            for pos in 0..len {
                for (special, high_at) in [
                    (b'"', None),
                    (b'\\', Some(pos / 2)),
                    (0x05, Some(pos + 1)),
                    (b'x', Some(0)),
                ] {
                    let mut text: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
                    text[pos] = special;
                    if let Some(h) = high_at.filter(|&h| h < len && h != pos) {
                        text[h] = 0xc3;
                    }
                    let end = text.iter().position(|&b| stop(b)).unwrap_or(len);
                    let high = text[..end].iter().any(|&b| b >= 0x80);
                    assert_eq!(scan(&text, 0), (end, high), "{len} {pos} {special}");
                }
            }
        }
    }

    #[test]
    fn scan_reports_non_ascii_only_before_the_stop() {
        assert_eq!(scan(b"abcdefgh\"\xff", 0), (8, false));
        assert_eq!(scan(b"ab\"\xffcdefgh", 0), (2, false));
        assert_eq!(scan(b"a\xc3\xa9\"", 0), (3, true));
        assert_eq!(scan(b"abcdefghij", 0), (10, false));
        assert_eq!(scan(b"abcdefgh\xc3\xa9cdef\"ghijklmnopq", 0), (14, true));
        assert_eq!(
            scan(b"abcdefghijklmnopqrstuvwxyz\\abcdefghijklmnop", 0),
            (26, false)
        );
        assert_eq!(
            scan(b"abcdefghijklmnopqrstuvwxyz\xffabcdefghijk\x01lmnop", 0),
            (38, true)
        );
        assert_eq!(
            scan(b"ab\"defghijklmnopqrstuvwxyz\xffabcdefghijk", 0),
            (2, false)
        );
        assert_eq!(scan(b"abcdefghijk\"mnopqrst\xff", 0), (11, false));
    }
}
