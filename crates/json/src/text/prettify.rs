//! `prettify`: JSON laid out one member or element to a line, indented by depth, the document
//! walked with the real grammar.

use core::mem::MaybeUninit;
use structio_core::DEFAULT_DEPTH_LIMIT;

use super::output::{copy_span, put_block, put_byte, put_slice, TextOut};
use super::scan::{
    copy_string_end, err_at, skip_bool, skip_literal, skip_number, skip_ws, trusted_number_end,
    utf8_after_walk, value_start, BitStack, EscapeRate, Start, MAX_DEPTH,
};
use crate::{Error, ErrorKind, Result};

/// How [`prettify`] lays a document out.
///
/// The default is Glaze's: three spaces a level, which gives output byte-identical to
/// `glz::prettify_json` on compact input.
///
/// ```
/// use structio_json::PrettyOptions;
/// let two = PrettyOptions { indent_width: 2, ..PrettyOptions::default() };
/// assert_eq!(PrettyOptions::default().indent_width, 3);
/// assert!(!two.indent_tabs);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PrettyOptions {
    /// Indentation characters per level of nesting.
    pub indent_width: u8,
    /// Indent with tabs rather than spaces; a colon is then followed by a tab, as in Glaze.
    pub indent_tabs: bool,
    /// The deepest nesting accepted ([`ErrorKind::DepthLimit`] beyond it); at most 1024.
    pub max_depth: u32,
}

impl PrettyOptions {
    /// Glaze's layout: three spaces a level.
    ///
    /// ```
    /// assert_eq!(structio_json::PrettyOptions::GLAZE, Default::default());
    /// ```
    pub const GLAZE: PrettyOptions = PrettyOptions {
        indent_width: 3,
        indent_tabs: false,
        max_depth: DEFAULT_DEPTH_LIMIT,
    };
}

impl Default for PrettyOptions {
    fn default() -> Self {
        PrettyOptions::GLAZE
    }
}

/// Writes `input` laid out one member or element to a line and returns the length written.
///
/// A non-empty object or array opens a new line per member or element, indented by its depth; a
/// key is followed by `": "`; an empty one stays `{}` or `[]`. Any whitespace in the input is
/// dropped first, so the layout does not depend on the input's. With
/// [`PrettyOptions::default`] the output is byte-identical to Glaze's `prettify_json` on compact
/// input.
///
/// `out` is a `&mut [u8]` (or array), which must hold the result ([`ErrorKind::BufferFull`]
/// otherwise, never a truncated success), or a `Vec<u8>`, which is cleared and filled, reusing
/// its allocation.
///
/// The walk holds the document to the JSON grammar exactly as [`minify`](crate::minify) does and
/// reports a failure at the byte that stopped it; strings are copied through as they came,
/// after the checks [`validate`](crate::validate) makes ([`prettify_trusted`] skips them).
///
/// ```
/// use structio_json::{prettify, ErrorKind, PrettyOptions};
/// let mut out = Vec::new();
/// prettify(br#"{"a":[1,{}],"b":null}"#, &mut out, &PrettyOptions::default()).unwrap();
/// assert_eq!(out, b"{\n   \"a\": [\n      1,\n      {}\n   ],\n   \"b\": null\n}");
///
/// let err = prettify(br#"{"a" 1}"#, &mut out, &PrettyOptions::default()).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::ExpectedColon, 5));
/// ```
pub fn prettify<O: TextOut + ?Sized>(
    input: &[u8],
    out: &mut O,
    options: &PrettyOptions,
) -> Result<usize> {
    // Compact input grows by two to two and a half times at three spaces (the benchmark
    // documents); a fresh `Vec` that guesses short pays a second pass, so guess three.
    let hint = input.len().saturating_mul(3).saturating_add(64);
    out.run_text(hint, input.len(), |buf| {
        utf8_after_walk(input, prettify_into::<true>(input, buf, options))
    })
    .map_err(|e| e.with_input(input))
}

/// [`prettify`] for input known to be valid JSON: strings are copied without checking their
/// escapes, control characters and UTF-8, and numbers by their bytes without their grammar (as
/// [`minify_trusted`](crate::minify_trusted)).
///
/// ```
/// use structio_json::{prettify_trusted, PrettyOptions};
/// let mut out = Vec::new();
/// prettify_trusted(br#"["a"]"#, &mut out, &PrettyOptions::default())?;
/// assert_eq!(out, b"[\n   \"a\"\n]");
/// # Ok::<(), structio_json::Error>(())
/// ```
pub fn prettify_trusted<O: TextOut + ?Sized>(
    input: &[u8],
    out: &mut O,
    options: &PrettyOptions,
) -> Result<usize> {
    let hint = input.len().saturating_mul(3).saturating_add(64);
    out.run_text(hint, input.len(), |buf| {
        prettify_into::<false>(input, buf, options)
    })
    .map_err(|e| e.with_input(input))
}

/// The line breaks, as fixed blocks: `",\n"` or `"\n"` followed by indentation, so a break and
/// its indentation up to 64 bytes are one store of constant size.
struct Lines {
    comma: [u8; 64],
    newline: [u8; 64],
    fill: u8,
    width: usize,
    colon: [u8; 2],
}

impl Lines {
    fn new(options: &PrettyOptions) -> Self {
        let fill = if options.indent_tabs { b'\t' } else { b' ' };
        let mut comma = [fill; 64];
        comma[0] = b',';
        comma[1] = b'\n';
        let mut newline = [fill; 64];
        newline[0] = b'\n';
        Lines {
            comma,
            newline,
            fill,
            width: usize::from(options.indent_width),
            colon: [b':', fill],
        }
    }

    /// A line break and `indent` bytes of indentation, after `prefix` bytes of the block (the
    /// comma block has 2 before the indentation, the newline block 1).
    #[inline(always)]
    fn put(
        block: &[u8; 64],
        prefix: usize,
        fill: u8,
        out: &mut [MaybeUninit<u8>],
        o: usize,
        indent: usize,
        at: usize,
    ) -> Result<usize> {
        let n = prefix + indent;
        if n <= 16
            && let Some(b16) = block.first_chunk::<16>()
        {
            return put_block(out, o, b16, n, at);
        }
        if n <= 64 {
            return put_block(out, o, block, n, at);
        }
        put_long(block, prefix, fill, out, o, indent, at)
    }
}

/// A break deeper than one block: the prefix and a block of indentation, then the rest.
#[cold]
#[inline(never)]
fn put_long(
    block: &[u8; 64],
    prefix: usize,
    fill: u8,
    out: &mut [MaybeUninit<u8>],
    mut o: usize,
    mut indent: usize,
    at: usize,
) -> Result<usize> {
    o = put_slice(out, o, &block[..prefix], at)?;
    let fills = [fill; 64];
    while indent > 0 {
        let n = indent.min(64);
        o = put_slice(out, o, &fills[..n], at)?;
        indent -= n;
    }
    Ok(o)
}

/// The walk: one loop over every value, the open brackets in a bit stack, positions and the
/// current indentation in locals.
fn prettify_into<const CHECK: bool>(
    input: &[u8],
    out: &mut [MaybeUninit<u8>],
    options: &PrettyOptions,
) -> Result<usize> {
    let lines = Lines::new(options);
    let limit = options.max_depth.min(MAX_DEPTH);
    let mut stack = BitStack::new();
    let mut rate = EscapeRate::default();
    let mut depth = 0u32;
    // Whether the innermost open container is an object: kept in a register, and read back
    // from the bit stack only when a container closes.
    let mut object = false;
    let mut indent = 0usize;
    let mut i = skip_ws(input, 0);
    let mut o = 0usize;
    loop {
        // `i` is at the start of a value, whitespace skipped.
        let (start, open) = value_start(input, i);
        let j = match start {
            Start::Open => {
                if depth >= limit {
                    return Err(Error::new(ErrorKind::DepthLimit, i));
                }
                let j = skip_ws(input, i + 1);
                if input.get(j) == Some(&(open + 2)) {
                    // `{}` or `[]`: the closing bracket is two code points after the opening.
                    o = put_block(out, o, &[open, open + 2], 2, i)?;
                    i = j + 1;
                    i
                } else {
                    object = open == b'{';
                    stack.set(depth, object);
                    depth += 1;
                    indent += lines.width;
                    o = put_byte(out, o, open, i)?;
                    o = Lines::put(&lines.newline, 1, lines.fill, out, o, indent, i)?;
                    i = j;
                    if object {
                        (i, o) = key::<CHECK>(input, i, out, o, &lines.colon, &mut rate)?;
                    }
                    continue;
                }
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
                    o = Lines::put(&lines.comma, 2, lines.fill, out, o, indent, i)?;
                    i = skip_ws(input, i + 1);
                    if object {
                        if input.get(i) == Some(&b'}') {
                            return Err(Error::new(ErrorKind::TrailingComma, i));
                        }
                        (i, o) = key::<CHECK>(input, i, out, o, &lines.colon, &mut rate)?;
                    } else if input.get(i) == Some(&b']') {
                        return Err(Error::new(ErrorKind::TrailingComma, i));
                    }
                    break;
                }
                Some(&close @ (b'}' | b']')) if (close == b'}') == object => {
                    depth -= 1;
                    // The bit below the top, or anything at depth 0 (the walk returns there).
                    object = stack.is_object(depth.wrapping_sub(1));
                    indent -= lines.width;
                    o = Lines::put(&lines.newline, 1, lines.fill, out, o, indent, i)?;
                    o = put_byte(out, o, close, i)?;
                    i += 1;
                }
                _ if object => return Err(err_at(input, i, ErrorKind::ExpectedCommaOrObjectEnd)),
                _ => return Err(err_at(input, i, ErrorKind::ExpectedCommaOrArrayEnd)),
            }
        }
    }
}

/// Copies an object key at `i` and writes its colon; returns the positions of the member's
/// value (whitespace skipped) and of the output after the colon.
#[inline(always)]
fn key<const CHECK: bool>(
    input: &[u8],
    i: usize,
    out: &mut [MaybeUninit<u8>],
    o: usize,
    colon: &[u8; 2],
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
    let o = put_block(out, o, colon, 2, j)?;
    Ok((skip_ws(input, j + 1), o))
}
