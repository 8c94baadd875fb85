//! On-demand access: a JSON pointer (RFC 6901) resolved over the raw text, skipping every value
//! that is not on the way and stopping at the answer.

use super::raw::RawValue;
use super::scan::{err_at, skip_ws};
use super::skip::{skip_key_at, skip_value};
use crate::{Error, ErrorKind, JsonRead, Result};
use structio_core::DEFAULT_DEPTH_LIMIT;

/// The kind of error for a pointer that is not RFC 6901 syntax; its offset is into the pointer.
pub(crate) const INVALID_POINTER: ErrorKind = ErrorKind::InvalidPointer;

/// The raw text of the value at the JSON pointer `path` (RFC 6901: `/a/0/b`, with `~1` for `/`
/// and `~0` for `~` in keys; `""` is the whole document), or `None` when the document has no
/// such value.
///
/// Nothing is built: the walk steps over every element before the one the pointer names and
/// every member of each object on the way, and stops at the end of the answer. A key repeated in
/// one object names its last value, as in the typed reader and `structio_value` (and
/// serde_json); so each object on the way is read to its end, and [`pointer_with`] can make a
/// repeat an error. What the walk stepped over is validated as [`skip_value`](crate::skip_value)
/// validates (the grammar, strings, numbers, depth), so a malformed document is an error at the
/// byte that is wrong, but only where the walk went: the text after the answer's container (and
/// after the element that answers each array step) is not read at all. Keys are compared by their decoded
/// text, so `"\u0061"` answers `/a`. An array index is `0` or digits without a leading zero; `-`
/// (past the end) and anything else names nothing. A pointer that is not RFC 6901 syntax is an
/// [`ErrorKind::InvalidPointer`] error whose offset is into the pointer. The empty pointer reads
/// the whole document, so for it text after the root value is an error
/// ([`ErrorKind::TrailingCharacters`]), as in [`validate`](crate::validate).
///
/// ```
/// let doc = br#"{"a": [{"x/y": 1, "t~": [true, "s"]}], "b": null}"#;
/// assert_eq!(structio_json::pointer(doc, "/a/0/x~1y").unwrap().unwrap().as_str(), "1");
/// assert_eq!(structio_json::pointer(doc, "/a/0/t~0/1").unwrap().unwrap().as_str(), r#""s""#);
/// assert_eq!(structio_json::pointer(doc, "/a/1").unwrap(), None);
/// // The document is not read past the answer's container:
/// assert!(structio_json::pointer(br#"[{"a": 1}, oops"#, "/0/a").unwrap().is_some());
/// // A repeated key names its last value:
/// assert_eq!(structio_json::pointer(br#"{"a": 1, "a": 2}"#, "/a").unwrap().unwrap().as_str(), "2");
/// let err = structio_json::pointer(br#"{"z": [1,], "a": 1}"#, "/a").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (structio_json::ErrorKind::TrailingComma, 9));
/// let err = structio_json::pointer(b"[1] ]", "").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (structio_json::ErrorKind::TrailingCharacters, 4));
/// ```
pub fn pointer<'de>(doc: &'de [u8], path: &str) -> Result<Option<RawValue<'de>>> {
    check_pointer(path)?;
    pointer_in(doc, path, 0).map_err(|e| e.with_input(doc))
}

/// [`pointer()`] with options: `max_depth` bounds the nesting walked, and with
/// `deny_duplicate_keys` a repeat of a key the pointer names, in the object where it names it,
/// is an error ([`DUPLICATE_KEY`](crate::DUPLICATE_KEY), at the second key): the repeats that
/// would make the answer ambiguous. (Other keys are stepped over unchecked, which keeps the walk
/// free of memory; [`validate`](crate::validate) does not look for repeats either.) With
/// `validate_skipped` off, the arrays and objects stepped over on the way are skipped by their
/// structure alone ([`ReadOptions::validate_skipped`](crate::ReadOptions::validate_skipped));
/// the value found is validated whole either way. Other options do not apply.
///
/// ```
/// use structio_json::{ReadOptions, DUPLICATE_KEY};
/// let doc = br#"{"a": 1, "a": 2}"#;
/// let opts = ReadOptions::new().deny_duplicate_keys(true);
/// let err = structio_json::pointer_with(doc, "/a", opts).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 9));
///
/// let doc = br#"{"log": [1 2], "port": 80}"#;
/// assert!(structio_json::pointer(doc, "/port").is_err());
/// let opts = ReadOptions::new().validate_skipped(false);
/// // The size configuration always validates what it skips.
/// if !cfg!(feature = "size") {
///     let port = structio_json::pointer_with(doc, "/port", opts)?.unwrap();
///     assert_eq!(port.as_str(), "80");
/// }
/// # Ok::<(), structio_json::Error>(())
/// ```
pub fn pointer_with<'de>(
    doc: &'de [u8],
    path: &str,
    opts: crate::ReadOptions,
) -> Result<Option<RawValue<'de>>> {
    check_pointer(path)?;
    pointer_in_with(doc, path, 0, opts).map_err(|e| e.with_input(doc))
}

/// The value at the JSON pointer `path`, read into `T` by the typed reader
/// ([`from_slice`](crate::from_slice)); `None` when the document has no such value. Errors from
/// the typed read carry offsets into the whole document.
///
/// ```
/// let doc = br#"{"sizes": [3, 4, 5], "name": "box"}"#;
/// let sizes: Vec<u32> = structio_json::pointer_as(doc, "/sizes").unwrap().unwrap();
/// assert_eq!(sizes, [3, 4, 5]);
/// let n: Option<u8> = structio_json::pointer_as(doc, "/sizes/2").unwrap();
/// assert_eq!(n, Some(5));
/// let err = structio_json::pointer_as::<u32>(doc, "/name").unwrap_err();
/// assert_eq!(err.offset(), 29);
/// ```
pub fn pointer_as<'de, T: JsonRead<'de>>(doc: &'de [u8], path: &str) -> Result<Option<T>> {
    let Some(raw) = pointer(doc, path)? else {
        return Ok(None);
    };
    match crate::from_slice::<T>(raw.as_bytes()) {
        Ok(v) => Ok(Some(v)),
        Err(e) => Err(Error::new(e.kind(), e.offset() + raw.offset()).with_input(doc)),
    }
}

/// RFC 6901 syntax: empty, or `/`-separated tokens in which `~` is always `~0` or `~1`.
pub(crate) fn check_pointer(path: &str) -> Result<()> {
    let p = path.as_bytes();
    if !p.is_empty() && p[0] != b'/' {
        return Err(Error::new(INVALID_POINTER, 0));
    }
    for (i, w) in p.windows(2).enumerate() {
        if w[0] == b'~' && !matches!(w[1], b'0' | b'1') {
            return Err(Error::new(INVALID_POINTER, i + 1));
        }
    }
    if p.last() == Some(&b'~') {
        return Err(Error::new(INVALID_POINTER, p.len()));
    }
    Ok(())
}

/// Steps over a sibling on the pointer's way: validated, or by its structure alone.
#[inline(always)]
fn skip_sibling(doc: &[u8], p: usize, depth_left: u32, validate: bool) -> Result<usize> {
    if validate {
        skip_value(doc, p, depth_left)
    } else {
        super::skip_value_structural(doc, p, depth_left)
    }
}

/// [`pointer`] over `doc`, a document or a value inside one that starts at `base`; `path` is
/// already checked.
pub(crate) fn pointer_in<'de>(
    doc: &'de [u8],
    path: &str,
    base: usize,
) -> Result<Option<RawValue<'de>>> {
    let opts = crate::ReadOptions::new().max_depth(DEFAULT_DEPTH_LIMIT);
    pointer_in_with(doc, path, base, opts)
}

/// [`pointer_in`] over a [`RawValue`]'s text, validated already: every value on the way and
/// the answer are stepped over by the structural skip, and nothing is validated again.
pub(crate) fn pointer_in_validated<'de>(
    doc: &'de [u8],
    path: &str,
    base: usize,
) -> Result<Option<RawValue<'de>>> {
    let opts = crate::ReadOptions::new().max_depth(DEFAULT_DEPTH_LIMIT);
    walk(doc, path, base, opts, true)
}

/// [`pointer_in`] with the depth limit and the duplicate-key policy of `opts`.
pub(crate) fn pointer_in_with<'de>(
    doc: &'de [u8],
    path: &str,
    base: usize,
    opts: crate::ReadOptions,
) -> Result<Option<RawValue<'de>>> {
    walk(doc, path, base, opts, false)
}

/// The walk of [`pointer_in_with`]; with `validated`, `doc` is a [`RawValue`]'s text, and the
/// values on the way and the answer are stepped over by their structure whatever `opts` says.
#[inline(always)]
fn walk<'de>(
    doc: &'de [u8],
    path: &str,
    base: usize,
    opts: crate::ReadOptions,
    validated: bool,
) -> Result<Option<RawValue<'de>>> {
    let mut i = skip_ws(doc, 0);
    let mut depth_left = opts.max_depth;
    let deny = opts.deny_duplicate_keys;
    let validate = opts.validate_skipped && !validated;
    let mut rest = path.as_bytes();
    while let Some(after_slash) = rest.get(1..) {
        let n = after_slash
            .iter()
            .position(|&b| b == b'/')
            .unwrap_or(after_slash.len());
        let token = &after_slash[..n];
        rest = &after_slash[n..];
        if depth_left == 0 {
            return Err(Error::new(ErrorKind::DepthLimit, i));
        }
        depth_left -= 1;
        let found = match doc.get(i) {
            Some(b'{') => find_member(doc, i, token, depth_left, deny, validate)?,
            Some(b'[') => match parse_index(token) {
                Some(index) => find_element(doc, i, index, depth_left, validate)?,
                None => None,
            },
            Some(b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n') => None,
            _ => return Err(err_at(doc, i, ErrorKind::ExpectedValue)),
        };
        match found {
            Some(at) => i = at,
            None => return Ok(None),
        }
    }
    let end = skip_sibling(doc, i, depth_left, !validated)?;
    // The empty pointer names the whole document, which must then be one value: anything but
    // whitespace after it is an error, as in `validate`. A deeper pointer stops at its value
    // and leaves the rest of the document unread.
    if path.is_empty() {
        let after = skip_ws(doc, end);
        if after < doc.len() {
            return Err(err_at(doc, after, ErrorKind::TrailingCharacters));
        }
    }
    Ok(Some(RawValue::validated(doc, i, end, base)))
}

/// The start of the value of the member `token` names in the object at `i` (its last, if the
/// key repeats; with `deny`, a repeat is [`DUPLICATE_KEY`](crate::DUPLICATE_KEY) at the second
/// key), stepping over every member (validated if `validate`).
fn find_member(
    doc: &[u8],
    i: usize,
    token: &[u8],
    depth_left: u32,
    deny: bool,
    validate: bool,
) -> Result<Option<usize>> {
    let mut p = skip_ws(doc, i + 1);
    if doc.get(p) == Some(&b'}') {
        return Ok(None);
    }
    let token_plain = !token.contains(&b'~');
    let mut found = None;
    loop {
        let (key_end, value) = skip_key_at(doc, p)?;
        if key_matches(&doc[p + 1..key_end - 1], token, token_plain) {
            if deny && found.is_some() {
                return Err(Error::new(crate::DUPLICATE_KEY, p));
            }
            found = Some(value);
        }
        p = skip_ws(doc, skip_sibling(doc, value, depth_left, validate)?);
        match doc.get(p) {
            Some(b',') => {
                p = skip_ws(doc, p + 1);
                if doc.get(p) == Some(&b'}') {
                    return Err(Error::new(ErrorKind::TrailingComma, p));
                }
            }
            Some(b'}') => return Ok(found),
            _ => return Err(err_at(doc, p, ErrorKind::ExpectedCommaOrObjectEnd)),
        }
    }
}

/// The start of element `index` of the array at `i`, stepping over the elements before it
/// (validated if `validate`).
fn find_element(
    doc: &[u8],
    i: usize,
    index: u64,
    depth_left: u32,
    validate: bool,
) -> Result<Option<usize>> {
    let mut p = skip_ws(doc, i + 1);
    if doc.get(p) == Some(&b']') {
        return Ok(None);
    }
    let mut k = 0u64;
    loop {
        if k == index {
            return Ok(Some(p));
        }
        p = skip_ws(doc, skip_sibling(doc, p, depth_left, validate)?);
        match doc.get(p) {
            Some(b',') => {
                p = skip_ws(doc, p + 1);
                if doc.get(p) == Some(&b']') {
                    return Err(Error::new(ErrorKind::TrailingComma, p));
                }
                k += 1;
            }
            Some(b']') => return Ok(None),
            _ => return Err(err_at(doc, p, ErrorKind::ExpectedCommaOrArrayEnd)),
        }
    }
}

/// An array index token: `0`, or digits without a leading zero that fit a `u64`.
fn parse_index(token: &[u8]) -> Option<u64> {
    match token {
        [b'0'] => Some(0),
        [b'1'..=b'9', ..] if token.len() <= 19 && token.iter().all(u8::is_ascii_digit) => Some(
            token
                .iter()
                .fold(0u64, |v, &d| v * 10 + u64::from(d - b'0')),
        ),
        _ => None,
    }
}

/// Whether a key (its validated text between the quotes) decodes to the same text as a pointer
/// token. Keys without escapes against tokens without `~` are one compare.
#[inline]
fn key_matches(raw: &[u8], token: &[u8], token_plain: bool) -> bool {
    if token_plain && !raw.contains(&b'\\') {
        return raw == token;
    }
    KeyBytes::new(raw).eq(TokenBytes { rest: token })
}

/// The bytes of a pointer token with `~1` and `~0` decoded.
struct TokenBytes<'a> {
    rest: &'a [u8],
}

impl Iterator for TokenBytes<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.rest.split_first()?;
        if b == b'~' {
            let (&e, rest) = rest.split_first()?;
            self.rest = rest;
            return Some(if e == b'1' { b'/' } else { b'~' });
        }
        self.rest = rest;
        Some(b)
    }
}

/// The UTF-8 bytes of a validated JSON string's content with its escapes decoded.
struct KeyBytes<'a> {
    rest: &'a [u8],
    pending: [u8; 4],
    pending_len: u8,
    pending_pos: u8,
}

impl<'a> KeyBytes<'a> {
    fn new(rest: &'a [u8]) -> Self {
        KeyBytes {
            rest,
            pending: [0; 4],
            pending_len: 0,
            pending_pos: 0,
        }
    }
}

impl Iterator for KeyBytes<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if self.pending_pos < self.pending_len {
            let b = self.pending[usize::from(self.pending_pos)];
            self.pending_pos += 1;
            return Some(b);
        }
        let (&b, rest) = self.rest.split_first()?;
        if b != b'\\' {
            self.rest = rest;
            return Some(b);
        }
        let (&e, rest) = rest.split_first()?;
        self.rest = rest;
        let simple = match e {
            b'b' => 0x08,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => {
                let mut c = hex4(self.rest);
                self.rest = self.rest.get(4..).unwrap_or_default();
                if (0xD800..0xDC00).contains(&c) {
                    // The skip checked that a low surrogate escape follows.
                    let low = hex4(self.rest.get(2..).unwrap_or_default());
                    self.rest = self.rest.get(6..).unwrap_or_default();
                    c = 0x10000 + ((c - 0xD800) << 10) + (low.wrapping_sub(0xDC00) & 0x3FF);
                }
                let ch = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
                let n = ch.encode_utf8(&mut self.pending).len();
                self.pending_len = n as u8;
                self.pending_pos = 1;
                return Some(self.pending[0]);
            }
            other => other,
        };
        Some(simple)
    }
}

/// Four hex digits already validated by the skip; anything else reads as 0.
fn hex4(digits: &[u8]) -> u32 {
    digits
        .iter()
        .take(4)
        .fold(0, |v, &d| (v << 4) | (d as char).to_digit(16).unwrap_or(0))
}
