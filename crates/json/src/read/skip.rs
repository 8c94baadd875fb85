//! A validating skip over one value, used until `text::skip_value` lands.

use super::reader::WS;
use super::string;
use crate::{Error, ErrorKind, Result};

#[inline]
fn ws(input: &[u8], mut pos: usize) -> usize {
    while let Some(&b) = input.get(pos) {
        if !WS[usize::from(b)] {
            break;
        }
        pos += 1;
    }
    pos
}

/// Steps over the value at `pos` (after any whitespace), checking it against the grammar;
/// returns the position after it. Containers deeper than `depth_left` are an error.
pub(crate) fn skip_value(input: &[u8], pos: usize, depth_left: u32) -> Result<usize> {
    let pos = ws(input, pos);
    match input.get(pos) {
        None => Err(Error::new(ErrorKind::UnexpectedEnd, pos)),
        Some(b'"') => skip_string(input, pos + 1),
        Some(b'{') => skip_container(input, pos, depth_left, true),
        Some(b'[') => skip_container(input, pos, depth_left, false),
        Some(b't') => literal(input, pos, b"true", ErrorKind::ExpectedBool),
        Some(b'f') => literal(input, pos, b"false", ErrorKind::ExpectedBool),
        Some(b'n') => literal(input, pos, b"null", ErrorKind::ExpectedNull),
        Some(b'-' | b'0'..=b'9') => match structio_num::parse_f64(input, pos) {
            Ok((_, end)) => Ok(end),
            Err(e) => Err(super::reader::num_error(input, e)),
        },
        Some(_) => Err(Error::new(ErrorKind::ExpectedValue, pos)),
    }
}

fn literal(input: &[u8], pos: usize, lit: &[u8], kind: ErrorKind) -> Result<usize> {
    let rest = input.get(pos..).unwrap_or_default();
    if rest.starts_with(lit) {
        Ok(pos + lit.len())
    } else if lit.starts_with(rest) {
        Err(Error::new(ErrorKind::UnexpectedEnd, input.len()))
    } else {
        Err(Error::new(kind, pos))
    }
}

/// Validates a string (escapes and UTF-8) whose opening quote is at `start - 1`.
fn skip_string(input: &[u8], start: usize) -> Result<usize> {
    struct Discard;
    impl string::StrOut for Discard {
        fn push_bytes(&mut self, _: &[u8]) -> bool {
            true
        }
        const FULL: ErrorKind = ErrorKind::StringTooLong;
    }
    string::read_into(input, start, &mut Discard)
}

fn skip_container(input: &[u8], open: usize, depth_left: u32, object: bool) -> Result<usize> {
    if depth_left == 0 {
        return Err(Error::new(ErrorKind::DepthLimit, open));
    }
    let (close, sep_kind) = if object {
        (b'}', ErrorKind::ExpectedCommaOrObjectEnd)
    } else {
        (b']', ErrorKind::ExpectedCommaOrArrayEnd)
    };
    let mut pos = ws(input, open + 1);
    if input.get(pos) == Some(&close) {
        return Ok(pos + 1);
    }
    loop {
        if object {
            match input.get(pos) {
                Some(b'"') => pos = skip_string(input, pos + 1)?,
                None => return Err(Error::new(ErrorKind::UnexpectedEnd, pos)),
                Some(_) => return Err(Error::new(ErrorKind::ExpectedString, pos)),
            }
            pos = ws(input, pos);
            match input.get(pos) {
                Some(b':') => pos += 1,
                None => return Err(Error::new(ErrorKind::UnexpectedEnd, pos)),
                Some(_) => return Err(Error::new(ErrorKind::ExpectedColon, pos)),
            }
        }
        pos = ws(input, skip_value(input, pos, depth_left - 1)?);
        match input.get(pos) {
            Some(b',') => {
                pos = ws(input, pos + 1);
                if input.get(pos) == Some(&close) {
                    return Err(Error::new(ErrorKind::TrailingComma, pos));
                }
            }
            Some(&b) if b == close => return Ok(pos + 1),
            None => return Err(Error::new(ErrorKind::UnexpectedEnd, pos)),
            Some(_) => return Err(Error::new(sep_kind, pos)),
        }
    }
}
