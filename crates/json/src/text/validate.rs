//! `validate`: the whole grammar, nothing written.

use super::scan::skip_ws;
use super::skip::skip_value;
use crate::{Error, ErrorKind, Result};
use structio_core::DEFAULT_DEPTH_LIMIT;

/// Checks that `input` is one JSON document (RFC 8259, optionally surrounded by whitespace) and
/// writes nothing.
///
/// Everything is checked: brackets, colons and commas, literals, numbers by the JSON grammar,
/// and strings (escapes, `\u` surrogate pairs, no raw control characters, UTF-8). Nesting may be
/// 1024 deep. An error names the byte that stopped the check.
///
/// ```
/// use structio_json::{validate, ErrorKind};
/// assert!(validate(br#" {"a": [1, 2.5e3, "\u00e9"]} "#).is_ok());
/// let err = validate(b"[1] x").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::TrailingCharacters, 4));
/// ```
pub fn validate(input: &[u8]) -> Result<()> {
    let end = skip_value(input, 0, DEFAULT_DEPTH_LIMIT).map_err(|e| e.with_input(input))?;
    let end = skip_ws(input, end);
    if end < input.len() {
        return Err(Error::new(ErrorKind::TrailingCharacters, end).with_input(input));
    }
    Ok(())
}
