//! The byte-level scans of the JSON tree reader: whitespace, and the plain runs of string bytes
//! (up to a quote, a backslash or a control byte), with UTF-8 checked only where a run meets a
//! byte past ASCII.

use structio_json::{Error, ErrorKind};

#[cold]
fn err(kind: ErrorKind, pos: usize) -> Error {
    Error::new(kind, pos)
}

#[inline(always)]
pub(crate) fn skip_ws(input: &[u8], mut pos: usize) -> usize {
    loop {
        match input.get(pos) {
            Some(&b) if b > b' ' => return pos,
            Some(b' ' | b'\n' | b'\r' | b'\t') => {
                pos += 1;
                // Indentation comes in runs: step over eight spaces at a time.
                while let Some(w) = input.get(pos..pos + 8) {
                    if w != b"        " {
                        break;
                    }
                    pos += 8;
                }
            }
            _ => return pos,
        }
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The position of the first `"`, `\` or control byte at or after `pos` (and, with `HIGH`, of
/// the first byte past ASCII), or the input's end.
#[inline(always)]
pub(crate) fn scan<const HIGH: bool>(input: &[u8], mut pos: usize) -> usize {
    while let Some(w) = input.get(pos..pos + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        let x = u64::from_le_bytes(word);
        let quote = x ^ (ONES * b'"' as u64);
        let slash = x ^ (ONES * b'\\' as u64);
        // A byte is flagged when it is zero (the quote or backslash) or below 0x20; borrows can
        // only flag bytes above the first true hit, so the lowest flag is exact.
        let mut hits = (quote.wrapping_sub(ONES) & !quote)
            | (slash.wrapping_sub(ONES) & !slash)
            | (x.wrapping_sub(ONES * 0x20) & !x);
        if HIGH {
            hits |= x;
        }
        let hits = hits & HIGHS;
        if hits != 0 {
            return pos + (hits.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    }
    while let Some(&b) = input.get(pos) {
        if b == b'"' || b == b'\\' || b < 0x20 || (HIGH && b >= 0x80) {
            return pos;
        }
        pos += 1;
    }
    pos
}

/// The end of the plain run of string bytes starting at `pos`: the first `"`, `\` or control
/// byte, with any bytes past ASCII on the way checked as UTF-8.
#[inline(always)]
pub(crate) fn plain_run(input: &[u8], pos: usize) -> Result<usize, Error> {
    let end = scan::<true>(input, pos);
    match input.get(end) {
        Some(&b) if b >= 0x80 => non_ascii_run(input, pos, end),
        _ => Ok(end),
    }
}

#[inline(never)]
fn non_ascii_run(input: &[u8], start: usize, at: usize) -> Result<usize, Error> {
    let end = scan::<false>(input, at);
    match core::str::from_utf8(&input[start..end]) {
        Ok(_) => Ok(end),
        Err(e) => Err(err(ErrorKind::InvalidUtf8, start + e.valid_up_to())),
    }
}
