//! The size configuration's skipper: [`skip_value`](super::skip_value) a byte at a time, in one
//! out-of-line function, for firmware where flash counts more than the speed of stepping over
//! unknown members.
//!
//! It holds a value to the same grammar as the word-at-a-time walk of `skip.rs` and fails with
//! the same error at the same offset: the same iterative walk over containers with the open
//! brackets in the same kind of bit stack (so the same depth limits and no recursion), strings
//! and whitespace stepped over by plain loops over bytes instead of masks over words, numbers
//! held to the grammar by the float reader every image that reads numbers holds anyway, and the
//! UTF-8 of the strings checked once over the whole value at the end, bad UTF-8 before an error
//! reported first.

use super::scan::{err_at, literal_error, skip_escape, MAX_DEPTH};
use crate::read::string::utf8_error;
use crate::{Error, ErrorKind, Result};

/// [`skip_value`](super::skip_value) a byte at a time: the same results, in less code.
#[inline(never)]
pub(crate) fn skip_value(input: &[u8], pos: usize, depth_left: u32) -> Result<usize> {
    let start = ws(input, pos);
    let walked = walk(input, start, depth_left);
    // Everything the walk accepted outside strings is ASCII, so this checks the strings' UTF-8;
    // on an error, bad UTF-8 before it comes first in the input and so is the error reported.
    let stop = match &walked {
        Ok(end) => *end,
        Err(e) => e.offset(),
    };
    match utf8_error(input.get(start..stop.min(input.len())).unwrap_or_default()) {
        Some(bad) => Err(Error::new(ErrorKind::InvalidUtf8, start + bad)),
        None => walked,
    }
}

/// Steps over JSON whitespace.
#[inline(never)]
fn ws(input: &[u8], mut i: usize) -> usize {
    while let Some(b' ' | b'\n' | b'\r' | b'\t') = input.get(i) {
        i += 1;
    }
    i
}

/// The walk over the value at `p` (whitespace skipped): one loop over every value inside, the
/// open brackets in a bit stack. Returns the end. UTF-8 is not checked here.
#[inline(always)]
fn walk(input: &[u8], mut p: usize, depth_left: u32) -> Result<usize> {
    let limit = depth_left.min(MAX_DEPTH);
    // The open brackets, one bit per level (`1` for an object), in 32-bit words: the targets
    // this configuration is for shift 64-bit words by a library call.
    let mut stack = [0u32; (MAX_DEPTH / 32) as usize];
    let mut depth = 0u32;
    // Whether the innermost open container is an object.
    let mut object = false;
    loop {
        // `p` is at the start of a value, whitespace skipped.
        match input.get(p) {
            Some(&open @ (b'{' | b'[')) => {
                if depth >= limit {
                    return Err(err_at(input, p, ErrorKind::DepthLimit));
                }
                p = ws(input, p + 1);
                if input.get(p) == Some(&(open + 2)) {
                    // `{}` or `[]`: the closing bracket is two code points after the opening.
                    p += 1;
                } else {
                    object = open == b'{';
                    // The mask keeps the index in range whatever `depth` is: no panic path.
                    let w = &mut stack[(depth as usize >> 5) & 31];
                    *w = (*w & !(1 << (depth & 31))) | (u32::from(object) << (depth & 31));
                    depth += 1;
                    if object {
                        p = key(input, p)?;
                    }
                    continue;
                }
            }
            Some(b'"') => p = string(input, p + 1)?,
            Some(b'-' | b'0'..=b'9') => p = number(input, p)?,
            Some(&b @ (b't' | b'f' | b'n')) => {
                // One call for the three literals: the word by its first byte.
                let (word, kind): (&[u8], _) = match b {
                    b't' => (b"true", ErrorKind::ExpectedBool),
                    b'f' => (b"false", ErrorKind::ExpectedBool),
                    _ => (b"null", ErrorKind::ExpectedNull),
                };
                p = literal(input, p, word, kind)?;
            }
            _ => return Err(err_at(input, p, ErrorKind::ExpectedValue)),
        }
        // After a value: a comma, or the close of as many containers as end here.
        loop {
            if depth == 0 {
                return Ok(p);
            }
            p = ws(input, p);
            match input.get(p) {
                Some(b',') => {
                    p = ws(input, p + 1);
                    let close = if object { b'}' } else { b']' };
                    if input.get(p) == Some(&close) {
                        return Err(err_at(input, p, ErrorKind::TrailingComma));
                    }
                    if object {
                        p = key(input, p)?;
                    }
                    break;
                }
                Some(&close @ (b'}' | b']')) if (close == b'}') == object => {
                    depth -= 1;
                    // The bit below the top, or anything at depth 0 (the walk returns there).
                    let below = depth.wrapping_sub(1);
                    object = (stack[(below as usize >> 5) & 31] >> (below & 31)) & 1 != 0;
                    p += 1;
                }
                _ if object => return Err(err_at(input, p, ErrorKind::ExpectedCommaOrObjectEnd)),
                _ => return Err(err_at(input, p, ErrorKind::ExpectedCommaOrArrayEnd)),
            }
        }
    }
}

/// An object key at `p`, its colon and the whitespace around the colon; returns the position
/// of the member's value.
#[inline(never)]
fn key(input: &[u8], p: usize) -> Result<usize> {
    if input.get(p) != Some(&b'"') {
        return Err(err_at(input, p, ErrorKind::ExpectedString));
    }
    let p = ws(input, string(input, p + 1)?);
    if input.get(p) != Some(&b':') {
        return Err(err_at(input, p, ErrorKind::ExpectedColon));
    }
    Ok(ws(input, p + 1))
}

/// A string whose opening quote is at `p - 1`: escapes and control characters checked, UTF-8
/// left to the end of the walk. Returns the position after the closing quote.
#[inline(never)]
fn string(input: &[u8], mut p: usize) -> Result<usize> {
    loop {
        match input.get(p) {
            None => return Err(err_at(input, p, ErrorKind::UnexpectedEnd)),
            Some(b'"') => return Ok(p + 1),
            Some(b'\\') => p = skip_escape(input, p)?,
            Some(&b) if b < 0x20 => {
                return Err(err_at(input, p, ErrorKind::ControlCharacterInString));
            }
            Some(_) => p += 1,
        }
    }
}

/// A number at `i` (a `-` or a digit) held to the JSON grammar by the float reader the image
/// holds anyway: a break in the grammar is [`ErrorKind::InvalidNumber`] where it is (or
/// [`ErrorKind::UnexpectedEnd`] at the end of the input); a number whose grammar stops where its
/// alphabet (`0-9 . e E + -`) goes on (`1.2.3`) is `InvalidNumber` where the grammar stopped;
/// one past the range of `f64` is [`ErrorKind::NumberOutOfRange`] at its first byte.
#[inline(never)]
fn number(input: &[u8], i: usize) -> Result<usize> {
    match structio_num::parse_f64(input, i) {
        Ok((_, p))
            if matches!(
                input.get(p),
                Some(b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
            ) =>
        {
            Err(err_at(input, p, ErrorKind::InvalidNumber))
        }
        Ok((v, _)) if v.is_infinite() => Err(err_at(input, i, ErrorKind::NumberOutOfRange)),
        Ok((_, p)) => Ok(p),
        Err(e) => Err(err_at(input, e.offset, ErrorKind::InvalidNumber)),
    }
}

/// The literal `word` at `i`; a misspelling is `kind` at the first byte that differs.
#[inline(never)]
fn literal(input: &[u8], i: usize, word: &[u8], kind: ErrorKind) -> Result<usize> {
    let end = i + word.len();
    if input.get(i..end) == Some(word) {
        return Ok(end);
    }
    Err(literal_error(input, i, word, kind))
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::skip::skip_value_words;
    use std::vec::Vec;
    use structio_testkit::Rng;

    /// Pieces a random document is built from: every kind of value, deep and wide containers,
    /// strings with every kind of escape and UTF-8 of every width, numbers long enough to be
    /// range-checked.
    const SCALARS: &[&[u8]] = &[
        b"0",
        b"-0",
        b"12",
        b"-3.25e+7",
        b"1E-2",
        b"0.5",
        b"1e400",
        b"-1e999",
        b"123456789012345678901234567890",
        b"true",
        b"false",
        b"null",
        b"\"\"",
        b"\"plain text\"",
        b"\"esc \\\" \\\\ \\/ \\b \\f \\n \\r \\t\"",
        b"\"\\u00e9 \\uD83D\\uDE00 \\u0041\"",
        "\"caf\u{e9} \u{4e2d} \u{1F600}\"".as_bytes(),
    ];

    /// Bytes a mutation inserts or overwrites with: the grammar's own, and ones that break it.
    const BYTES: &[u8] =
        b"{}[],:\"\\ \n\t\r0123456789-+.eEtrufalsnu\x00\x1f\x7f\x80\xbf\xc3\xe2\xed\xf0\xf4\xff";

    fn value(rng: &mut Rng, out: &mut Vec<u8>, depth: u32) {
        let ws = |rng: &mut Rng, out: &mut Vec<u8>| {
            if rng.below(4) == 0 {
                let run: &[u8] = rng.pick::<&[u8]>(&[b" ", b"\n  ", b"\t", b"\r\n"]);
                out.extend_from_slice(run);
            }
        };
        ws(rng, out);
        match rng.below(if depth == 0 { 1 } else { 4 }) {
            0 => {
                let scalar: &[u8] = rng.pick::<&[u8]>(SCALARS);
                out.extend_from_slice(scalar);
            }
            1 => {
                out.push(b'[');
                for i in 0..rng.below(4) {
                    if i > 0 {
                        out.push(b',');
                    }
                    value(rng, out, depth - 1);
                }
                ws(rng, out);
                out.push(b']');
            }
            _ => {
                out.push(b'{');
                for i in 0..rng.below(4) {
                    if i > 0 {
                        out.push(b',');
                    }
                    ws(rng, out);
                    let key: &[u8] = rng.pick::<&[u8]>(&[b"\"k\"", b"\"\\u00e9\"", b"\"\""]);
                    out.extend_from_slice(key);
                    ws(rng, out);
                    out.push(b':');
                    value(rng, out, depth - 1);
                }
                ws(rng, out);
                out.push(b'}');
            }
        }
        ws(rng, out);
    }

    fn mutate(rng: &mut Rng, doc: &mut Vec<u8>) {
        for _ in 0..rng.below(4) {
            let at = rng.below(doc.len() as u64 + 1) as usize;
            let b = *rng.pick(BYTES);
            match rng.below(5) {
                0 if at < doc.len() => {
                    doc.remove(at);
                }
                1 if at < doc.len() => doc[at] = b,
                2 => doc.insert(at, b),
                3 => doc.truncate(at),
                _ => {}
            }
        }
    }

    /// Both skippers on one input from every start position and at several depth limits.
    fn agree(doc: &[u8]) -> bool {
        let mut ok = false;
        for pos in [0, 1, doc.len() / 2, doc.len(), doc.len() + 1] {
            for depth in [0, 1, 2, 3, 128, u32::MAX] {
                let words = skip_value_words(doc, pos, depth);
                let bytes = super::skip_value(doc, pos, depth);
                let show = |r: &crate::Result<usize>| {
                    r.as_ref().map_err(|e| (e.kind(), e.offset())).copied()
                };
                let text = std::format!("{}", doc.escape_ascii());
                assert_eq!(
                    show(&bytes),
                    show(&words),
                    "{text} from {pos} depth {depth}"
                );
                ok |= words.is_ok();
            }
        }
        ok
    }

    /// Random documents, most of them mutated: the byte skipper gives the word skipper's answer,
    /// the same end or the same error at the same offset, on every one.
    #[test]
    fn byte_skipper_agrees_with_the_word_skipper() {
        let mut rng = Rng::new(0x5EED_5B17);
        let (mut accepted, mut refused) = (0, 0);
        for round in 0..20_000 {
            let mut doc = Vec::new();
            value(&mut rng, &mut doc, (round % 6) as u32);
            if round % 4 != 0 {
                mutate(&mut rng, &mut doc);
            }
            if agree(&doc) {
                accepted += 1;
            } else {
                refused += 1;
            }
        }
        // Both outcomes must be common, or the comparison says little.
        assert!(accepted > 2_000 && refused > 2_000, "{accepted} {refused}");
    }

    /// Every string of up to five bytes over the number alphabet and its neighbours, alone and
    /// in an array, and numbers at the edges of the range check: the number grammar and its
    /// errors, offsets included, byte for byte.
    #[test]
    fn byte_skipper_agrees_on_every_short_number() {
        const ALPHABET: &[u8] = b"01-+.eE]x";
        let mut text = Vec::new();
        for len in 1..=5u32 {
            for mut code in 0..ALPHABET.len().pow(len) {
                text.clear();
                for _ in 0..len {
                    text.push(ALPHABET[code % ALPHABET.len()]);
                    code /= ALPHABET.len();
                }
                agree(&text);
                text.insert(0, b'[');
                agree(&text);
            }
        }
        let digits = |n: usize| "7".repeat(n);
        for doc in [
            digits(200),
            digits(201),
            digits(309),
            std::format!("-{}", digits(400)),
            std::format!("{}.5e-300", digits(300)),
            "1e308".into(),
            "1.8e308".into(),
            "1e-400".into(),
            "-1e0400".into(),
            "0e999".into(),
        ] {
            agree(doc.as_bytes());
        }
    }

    /// Nesting past the bit stack's 1024 levels and past a caller's limit, arrays and objects,
    /// with and without bad UTF-8 before the point where the depth runs out.
    #[test]
    fn byte_skipper_agrees_on_deep_nesting() {
        for n in [1023usize, 1024, 1025, 2000] {
            for open in [&b"["[..], b"{\"a\":", b"[\"\xff\","] {
                let mut doc = open.repeat(n);
                doc.extend_from_slice(b"1");
                agree(&doc);
                let close = if open[0] == b'[' { b"]" } else { b"}" };
                doc.extend_from_slice(&close.repeat(n));
                agree(&doc);
            }
        }
    }
}
