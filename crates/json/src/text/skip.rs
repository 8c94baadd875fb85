//! The validating skip: steps over one JSON value without building anything, holding it to the
//! grammar. The typed reader calls it for unknown fields; `validate` and `pointer` are built on it.

use super::scan::{
    err_at, saw_non_ascii, scan_string, skip_bool, skip_literal, skip_number, skip_string, skip_ws,
    utf8_first, value_start, BitStack, EscapeRate, Start, MAX_DEPTH,
};
use crate::{Error, ErrorKind, Result};

/// Skips the whitespace at `pos`, steps over exactly one JSON value and returns the position
/// right after it (trailing whitespace is not consumed).
///
/// The value is validated as it is stepped over: strings (escapes, surrogate pairs, control
/// characters, UTF-8), numbers (the JSON grammar), literals, brackets, colons and commas. An
/// error names the byte that stopped the skip. `depth_left` is how many more levels of nesting
/// are allowed; entering a container with none left is [`ErrorKind::DepthLimit`]. The walk is
/// iterative, so no input can grow the stack, and nesting beyond 1024 levels is a
/// [`ErrorKind::DepthLimit`] whatever `depth_left` says (the open brackets are kept in 1024 bits).
///
/// ```
/// use structio_json::{skip_value, ErrorKind};
/// let doc = br#" {"a": [1, "x", null]}, 2"#;
/// assert_eq!(skip_value(doc, 0, 64).unwrap(), 22);
/// let err = skip_value(b"[1, 2,]", 0, 64).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::TrailingComma, 6));
/// ```
#[inline]
pub fn skip_value(input: &[u8], pos: usize, depth_left: u32) -> Result<usize> {
    // The size configuration steps over values a byte at a time, in one function out of line
    // (`skip_bytes.rs`): the same results in a fraction of the flash.
    #[cfg(feature = "size")]
    return super::skip_bytes::skip_value(input, pos, depth_left);
    #[cfg(not(feature = "size"))]
    skip_value_words(input, pos, depth_left)
}

/// [`skip_value`] by the word-at-a-time scanners of `scan.rs`: the speed configuration's.
#[inline(always)]
#[cfg_attr(all(feature = "size", not(test)), allow(dead_code))]
pub(crate) fn skip_value_words(input: &[u8], pos: usize, depth_left: u32) -> Result<usize> {
    let p = skip_ws(input, pos);
    match input.get(p) {
        Some(b'"') => skip_string(input, p + 1, &mut EscapeRate::default()),
        Some(b'{' | b'[') => skip_container(input, p, depth_left),
        Some(b'-' | b'0'..=b'9') => skip_number(input, p),
        Some(b't' | b'f') => skip_bool(input, p),
        Some(b'n') => skip_literal(input, p, b"null", ErrorKind::ExpectedNull),
        _ => Err(err_at(input, p, ErrorKind::ExpectedValue)),
    }
}

/// Steps over an object key at `p` (whitespace skipped), its colon and the whitespace after
/// it; returns the position after the key's closing quote and that of the member's value. The
/// key's UTF-8 is checked.
#[inline(always)]
pub(crate) fn skip_key_at(input: &[u8], p: usize) -> Result<(usize, usize)> {
    if input.get(p) != Some(&b'"') {
        return Err(err_at(input, p, ErrorKind::ExpectedString));
    }
    let key_end = skip_string(input, p + 1, &mut EscapeRate::default())?;
    let p = skip_ws(input, key_end);
    if input.get(p) != Some(&b':') {
        return Err(err_at(input, p, ErrorKind::ExpectedColon));
    }
    Ok((key_end, skip_ws(input, p + 1)))
}

/// A container at `p`, its strings' UTF-8 checked in one pass at the end (everything outside
/// strings is ASCII or already an error, so the whole span is checked at once).
fn skip_container(input: &[u8], p: usize, depth_left: u32) -> Result<usize> {
    match walk_container(input, p, depth_left) {
        Ok((end, high)) => {
            let invalid = |s: &[u8]| !structio_core::utf8::is_valid(s);
            if saw_non_ascii(high) && input.get(p..end).is_some_and(invalid) {
                return Err(utf8_first(
                    input,
                    p,
                    Error::new(ErrorKind::InvalidUtf8, end),
                ));
            }
            Ok(end)
        }
        Err(e) => Err(utf8_first(input, p, e)),
    }
}

/// Steps over a string's key at `p` and its colon, without the UTF-8 check; returns the
/// position of the member's value and the string's high-bit word.
#[inline(always)]
fn walk_key(input: &[u8], p: usize, rate: &mut EscapeRate) -> Result<(usize, u64)> {
    if input.get(p) != Some(&b'"') {
        return Err(err_at(input, p, ErrorKind::ExpectedString));
    }
    let (key_end, high) = scan_string(input, p + 1, rate)?;
    let p = skip_ws(input, key_end);
    if input.get(p) != Some(&b':') {
        return Err(err_at(input, p, ErrorKind::ExpectedColon));
    }
    Ok((skip_ws(input, p + 1), high))
}

/// The walk over a container whose opening bracket is at `p`: one loop over every value inside,
/// the open brackets in a bit stack. Returns the end and the OR of every string's bytes.
#[inline(always)]
fn walk_container(input: &[u8], mut p: usize, depth_left: u32) -> Result<(usize, u64)> {
    let limit = depth_left.min(MAX_DEPTH);
    let mut stack = BitStack::new();
    let mut depth = 0u32;
    // Whether the innermost open container is an object: kept in a register, and read back
    // from the bit stack only when a container closes.
    let mut object = false;
    let mut high = 0u64;
    let mut rate = EscapeRate::default();
    loop {
        // `p` is at the start of a value, whitespace skipped.
        let (start, open) = value_start(input, p);
        match start {
            Start::Open => {
                if depth >= limit {
                    return Err(Error::new(ErrorKind::DepthLimit, p));
                }
                p = skip_ws(input, p + 1);
                if input.get(p) == Some(&(open + 2)) {
                    // `{}` or `[]`: the closing bracket is two code points after the opening.
                    p += 1;
                } else {
                    object = open == b'{';
                    stack.set(depth, object);
                    depth += 1;
                    if object {
                        let h;
                        (p, h) = walk_key(input, p, &mut rate)?;
                        high |= h;
                    }
                    continue;
                }
            }
            Start::String => {
                let h;
                (p, h) = scan_string(input, p + 1, &mut rate)?;
                high |= h;
            }
            Start::Number => p = skip_number(input, p)?,
            Start::Bool => p = skip_bool(input, p)?,
            Start::Null => p = skip_literal(input, p, b"null", ErrorKind::ExpectedNull)?,
            Start::None => return Err(err_at(input, p, ErrorKind::ExpectedValue)),
        }
        // After a value: a comma, or the close of as many containers as end here.
        loop {
            if depth == 0 {
                return Ok((p, high));
            }
            p = skip_ws(input, p);
            match input.get(p) {
                Some(b',') => {
                    p = skip_ws(input, p + 1);
                    if object {
                        if input.get(p) == Some(&b'}') {
                            return Err(Error::new(ErrorKind::TrailingComma, p));
                        }
                        let h;
                        (p, h) = walk_key(input, p, &mut rate)?;
                        high |= h;
                    } else if input.get(p) == Some(&b']') {
                        return Err(Error::new(ErrorKind::TrailingComma, p));
                    }
                    break;
                }
                Some(&close @ (b'}' | b']')) if (close == b'}') == object => {
                    depth -= 1;
                    // The bit below the top, or anything at depth 0 (the walk returns there).
                    object = stack.is_object(depth.wrapping_sub(1));
                    p += 1;
                }
                _ if object => return Err(err_at(input, p, ErrorKind::ExpectedCommaOrObjectEnd)),
                _ => return Err(err_at(input, p, ErrorKind::ExpectedCommaOrArrayEnd)),
            }
        }
    }
}
