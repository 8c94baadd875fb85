//! `minify`: every insignificant whitespace out, the document walked with the real grammar.

use core::mem::MaybeUninit;
use structio_core::DEFAULT_DEPTH_LIMIT;

use super::output::{copy_span, put_byte, TextOut};
use super::scan::{
    copy_string_end, err_at, skip_bool, skip_literal, skip_number, skip_ws, skip_ws_like,
    trusted_number_end, utf8_after_walk, value_start, BitStack, EscapeRate, Start, WsRun,
};
use crate::{Error, ErrorKind, Result};

/// Writes `input` with every insignificant whitespace taken out and returns the length written.
///
/// `out` is a `&mut [u8]` (or array), which must hold the result ([`ErrorKind::BufferFull`]
/// otherwise, never a truncated success: the input's own length always suffices), or a
/// `Vec<u8>`, which is cleared and filled, reusing its allocation.
///
/// The walk holds the document to the JSON grammar: brackets matched, keys followed by colons,
/// commas between members and not before a closing bracket, literals spelled right, numbers by
/// the JSON grammar, nothing but whitespace after the value, nesting at most 1024 deep. A failure
/// is reported at the byte that stopped it. Strings are copied through as they came, after
/// the same checks [`validate`](crate::validate) makes: escapes, control characters and UTF-8
/// ([`minify_trusted`] skips them, for input known to be valid).
///
/// ```
/// use structio_json::{minify, ErrorKind};
/// let mut out = [0u8; 32];
/// let n = minify(b"{\n   \"a\": [1, true],\n   \"b\": \"x y\"\n}", &mut out).unwrap();
/// assert_eq!(&out[..n], br#"{"a":[1,true],"b":"x y"}"#);
///
/// let err = minify(b"[1, 2,]", &mut out).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::TrailingComma, 6));
/// ```
pub fn minify<O: TextOut + ?Sized>(input: &[u8], out: &mut O) -> Result<usize> {
    out.run_text(input.len(), input.len(), |buf| {
        utf8_after_walk(input, minify_into::<true>(input, buf))
    })
    .map_err(|e| e.with_input(input))
}

/// [`minify`] for input known to be valid JSON (your own writer's output, a document already
/// validated): the same walk and output, but strings are copied without checking their
/// escapes, control characters and UTF-8, and numbers without their grammar (a number ends at
/// its first byte that cannot be in one), which costs up to a third more on string-heavy
/// documents and a fifth on number-heavy ones. Brackets, commas and colons are still checked.
/// On input that is not valid JSON it may write invalid output instead of failing.
///
/// ```
/// let mut out = Vec::new();
/// structio_json::minify_trusted(b"[ \"a\" , 1 ]", &mut out)?;
/// assert_eq!(out, br#"["a",1]"#);
/// # Ok::<(), structio_json::Error>(())
/// ```
pub fn minify_trusted<O: TextOut + ?Sized>(input: &[u8], out: &mut O) -> Result<usize> {
    out.run_text(input.len(), input.len(), |buf| {
        minify_into::<false>(input, buf)
    })
    .map_err(|e| e.with_input(input))
}

/// The walk: one loop over every value, the open brackets in a bit stack, the output position
/// and the input position in locals.
fn minify_into<const CHECK: bool>(input: &[u8], out: &mut [MaybeUninit<u8>]) -> Result<usize> {
    let mut stack = BitStack::new();
    let mut depth = 0u32;
    // Whether the innermost open container is an object: kept in a register, and read back
    // from the bit stack only when a container closes.
    let mut object = false;
    let mut run = WsRun::NONE;
    let mut rate = EscapeRate::default();
    let mut i = skip_ws(input, 0);
    let mut o = 0usize;
    loop {
        // `i` is at the start of a value, whitespace skipped.
        let (start, open) = value_start(input, i);
        let j = match start {
            Start::Open => {
                if depth >= DEFAULT_DEPTH_LIMIT {
                    return Err(Error::new(ErrorKind::DepthLimit, i));
                }
                let j;
                (j, run) = skip_ws_like(input, i + 1, run);
                if input.get(j) == Some(&(open + 2)) {
                    // `{}` or `[]`: the closing bracket is two code points after the opening.
                    o = put_byte(out, o, open, i)?;
                    o = put_byte(out, o, open + 2, j)?;
                    i = j + 1;
                } else {
                    object = open == b'{';
                    stack.set(depth, object);
                    depth += 1;
                    o = put_byte(out, o, open, i)?;
                    i = j;
                    if object {
                        (i, o) = key::<CHECK>(input, i, out, o, &mut rate)?;
                    }
                    continue;
                }
                i
            }
            Start::String => copy_string_end::<CHECK>(input, i + 1, &mut rate)?,
            Start::Number if CHECK => skip_number(input, i)?,
            Start::Number => trusted_number_end(input, i)?,
            Start::Bool => skip_bool(input, i)?,
            Start::Null => skip_literal(input, i, b"null", ErrorKind::ExpectedNull)?,
            Start::None => return Err(err_at(input, i, ErrorKind::ExpectedValue)),
        };
        if j != i {
            o = copy_span(input, i, j, out, o)?;
            i = j;
        }
        // After a value: a comma, or the close of as many containers as end here.
        loop {
            i = skip_ws(input, i);
            if depth == 0 {
                if i < input.len() {
                    return Err(Error::new(ErrorKind::TrailingCharacters, i));
                }
                return Ok(o);
            }
            match input.get(i) {
                Some(b',') => {
                    o = put_byte(out, o, b',', i)?;
                    (i, run) = skip_ws_like(input, i + 1, run);
                    if object {
                        if input.get(i) == Some(&b'}') {
                            return Err(Error::new(ErrorKind::TrailingComma, i));
                        }
                        (i, o) = key::<CHECK>(input, i, out, o, &mut rate)?;
                    } else if input.get(i) == Some(&b']') {
                        return Err(Error::new(ErrorKind::TrailingComma, i));
                    } else if cfg!(not(feature = "size")) {
                        // The size configuration keeps the one loop.
                        let after;
                        (i, o, after) = scalar_run::<CHECK>(input, i, out, o, &mut run, &mut rate)?;
                        if after {
                            continue;
                        }
                    }
                    break;
                }
                Some(&close @ (b'}' | b']')) if (close == b'}') == object => {
                    depth -= 1;
                    // The bit below the top, or anything at depth 0 (the walk returns there).
                    object = stack.is_object(depth.wrapping_sub(1));
                    o = put_byte(out, o, close, i)?;
                    i += 1;
                }
                _ if object => return Err(err_at(input, i, ErrorKind::ExpectedCommaOrObjectEnd)),
                _ => return Err(err_at(input, i, ErrorKind::ExpectedCommaOrArrayEnd)),
            }
        }
    }
}

/// An array's scalars after its first element, each with its comma, in a loop of their own:
/// the walk's bracket stack and depth stay out of it, so the positions and the whitespace run
/// stay in registers (in the walk's loop they were spilled and reloaded for every value).
/// Returns the input and output positions and whether the input position is after a value (at
/// the whitespace or bracket that follows it) rather than at the start of a value the loop
/// does not take (a container, or no value at all, whose error the walk reports).
///
/// The whitespace run is a local, stored back once: used through the reference it stayed in
/// memory for the whole loop, which cost a sixth of the time on an array of integers.
#[inline(always)]
fn scalar_run<const CHECK: bool>(
    input: &[u8],
    mut i: usize,
    out: &mut [MaybeUninit<u8>],
    mut o: usize,
    run: &mut WsRun,
    rate: &mut EscapeRate,
) -> Result<(usize, usize, bool)> {
    let mut ws = *run;
    let after = loop {
        let j = match value_start(input, i).0 {
            Start::String => copy_string_end::<CHECK>(input, i + 1, rate)?,
            Start::Number if CHECK => skip_number(input, i)?,
            Start::Number => trusted_number_end(input, i)?,
            Start::Bool => skip_bool(input, i)?,
            Start::Null => skip_literal(input, i, b"null", ErrorKind::ExpectedNull)?,
            Start::Open | Start::None => break false,
        };
        o = copy_span(input, i, j, out, o)?;
        i = skip_ws(input, j);
        if input.get(i) != Some(&b',') {
            break true;
        }
        o = put_byte(out, o, b',', i)?;
        (i, ws) = skip_ws_like(input, i + 1, ws);
        if input.get(i) == Some(&b']') {
            return Err(Error::new(ErrorKind::TrailingComma, i));
        }
    };
    *run = ws;
    Ok((i, o, after))
}

/// Copies an object key at `i` and its colon; returns the positions of the member's value
/// (whitespace skipped) and of the output after the colon.
#[inline(always)]
fn key<const CHECK: bool>(
    input: &[u8],
    i: usize,
    out: &mut [MaybeUninit<u8>],
    o: usize,
    rate: &mut EscapeRate,
) -> Result<(usize, usize)> {
    if input.get(i) != Some(&b'"') {
        return Err(err_at(input, i, ErrorKind::ExpectedString));
    }
    let j = copy_string_end::<CHECK>(input, i + 1, rate)?;
    let o = copy_span(input, i, j, out, o)?;
    let j = skip_ws(input, j);
    if input.get(j) != Some(&b':') {
        return Err(err_at(input, j, ErrorKind::ExpectedColon));
    }
    let o = put_byte(out, o, b':', j)?;
    Ok((skip_ws(input, j + 1), o))
}
