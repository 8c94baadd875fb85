//! What an error's entry point learns about it after the fact, by reading the input again:
//! the path of the value the error is about, and what kind of value sits at its offset.
//!
//! Readers keep no path while they read (that would cost every successful read). After an
//! error, [`locate`] walks the text from the start to the error's offset, following brackets,
//! keys and commas, without validating anything: the input may be the broken document itself.
//! The walk is iterative, with fixed-size state, so a hostile document costs time linear in the
//! offset and no stack.

use structio_core::{ErrorPath, Found, PathTracker};

/// How deep the walk follows nesting; deeper than every reader's limit.
const MAX_LEVELS: usize = 256;

/// The path of the value at `offset` in `input`: the keys and indices of the containers open
/// there, as a JSON Pointer.
pub(crate) fn locate(input: &[u8], offset: usize) -> ErrorPath {
    let mut path = PathTracker::new();
    // One bit per open level: set for an object, clear for an array.
    let mut objects = [0u64; MAX_LEVELS / 64];
    let mut expect_key = false;
    let mut pos = 0;
    let end = offset.min(input.len());
    while pos < end {
        let Some(&b) = input.get(pos) else { break };
        match b {
            b' ' | b'\t' | b'\n' | b'\r' | b':' => pos += 1,
            b'{' | b'[' => {
                let level = path.depth();
                if level >= MAX_LEVELS {
                    break;
                }
                path.enter();
                let (word, bit) = (level / 64, 1u64 << (level % 64));
                if let Some(w) = objects.get_mut(word) {
                    if b == b'{' {
                        *w |= bit;
                    } else {
                        *w &= !bit;
                    }
                }
                expect_key = b == b'{';
                if b == b'[' {
                    path.next_index();
                }
                pos += 1;
            }
            b'}' | b']' => {
                path.leave();
                expect_key = false;
                pos += 1;
            }
            b',' => {
                if in_object(&objects, path.depth()) {
                    path.between();
                    expect_key = true;
                } else {
                    path.next_index();
                }
                pos += 1;
            }
            b'"' => {
                let close = string_end(input, pos + 1);
                if expect_key && in_object(&objects, path.depth()) {
                    path.key(pos + 1, close - (pos + 1));
                    expect_key = false;
                }
                pos = close + 1;
            }
            _ => {
                // A number, a literal or a stray byte: up to the next delimiter.
                pos += 1;
                while let Some(&b) = input.get(pos) {
                    if matches!(b, b',' | b':' | b'[' | b']' | b'{' | b'}' | b'"')
                        || b.is_ascii_whitespace()
                    {
                        break;
                    }
                    pos += 1;
                }
            }
        }
    }
    if matches!(input.get(offset), Some(b']' | b'}')) {
        // At a closing bracket the error is about the container, not its last child.
        path.between();
    }
    path.render(input)
}

/// Whether the innermost open level (of `depth`) is an object.
fn in_object(objects: &[u64; MAX_LEVELS / 64], depth: usize) -> bool {
    let Some(level) = depth.checked_sub(1) else {
        return false;
    };
    objects
        .get(level / 64)
        .is_some_and(|w| w & (1 << (level % 64)) != 0)
}

/// The offset of the quote that closes the string whose contents start at `from` (the input's
/// length if it never closes). A backslash escapes the byte after it.
fn string_end(input: &[u8], from: usize) -> usize {
    let mut pos = from;
    while let Some(&b) = input.get(pos) {
        match b {
            b'"' => return pos,
            b'\\' => pos += 2,
            _ => pos += 1,
        }
    }
    input.len().max(from)
}

/// What kind of value starts at `offset`, and its text: a string's contents (escapes as
/// written), a number's or a literal's characters.
pub(crate) fn classify(input: &[u8], offset: usize) -> (Found, &[u8]) {
    let rest = input.get(offset..).unwrap_or_default();
    let Some(&first) = rest.first() else {
        return (Found::Unknown, &[]);
    };
    match first {
        b'"' => {
            let close = string_end(input, offset + 1);
            let text = input.get(offset + 1..close).unwrap_or_default();
            (Found::String, text)
        }
        b'-' | b'0'..=b'9' => {
            let len = rest
                .iter()
                .position(|&b| !matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                .unwrap_or(rest.len());
            let text = rest.get(..len).unwrap_or_default();
            let float = text.iter().any(|&b| matches!(b, b'.' | b'e' | b'E'));
            (if float { Found::Float } else { Found::Integer }, text)
        }
        b't' if rest.starts_with(b"true") => (Found::Bool, b"true"),
        b'f' if rest.starts_with(b"false") => (Found::Bool, b"false"),
        b'n' if rest.starts_with(b"null") => (Found::Null, &[]),
        b'[' => (Found::Array, &[]),
        b'{' => (Found::Object, &[]),
        _ => (Found::Unknown, &[]),
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::boxed::Box;
    use std::string::ToString;

    fn path_at(input: &str, needle: &str) -> &'static str {
        let offset = input.find(needle).unwrap();
        let p = locate(input.as_bytes(), offset);
        Box::leak(p.to_string().into_boxed_str())
    }

    #[test]
    fn paths_through_objects_and_arrays() {
        let doc = r#"{"network": {"port": "8080"}, "channels": [{"pin": 1}, {"pin": 2}, {"pin": 3}, {"pin": x}]}"#;
        assert_eq!(path_at(doc, "\"8080\""), "/network/port");
        assert_eq!(path_at(doc, "x}"), "/channels/3/pin");
        assert_eq!(path_at(doc, "{\"pin\": 2"), "/channels/1");
        assert_eq!(path_at(doc, "\"channels\""), "");
        assert_eq!(path_at(doc, "\"network\""), "");
        assert_eq!(path_at(r#"[[1], [2, "x"]]"#, "\"x\""), "/1/1");
        assert_eq!(path_at(r#"{"a/b~": [true]}"#, "true"), "/a~1b~0/0");
    }

    #[test]
    fn broken_input_never_panics() {
        let doc = br#"{"a": [1, {"b": "c\"d", "e": [[[nul, 3.5e1]]]}], "f": "\u00e9"}"#;
        for cut in 0..=doc.len() {
            for offset in 0..=cut + 1 {
                let _ = locate(&doc[..cut], offset);
                let _ = classify(&doc[..cut], offset);
            }
        }
        let deep = "[".repeat(1000);
        assert!(locate(deep.as_bytes(), 999).is_cut());
        let _ = locate(b"\"\\", 5);
        let _ = locate(b"}}]]", 4);
    }

    #[test]
    fn found_values() {
        assert_eq!(classify(br#"x "8080""#, 2), (Found::String, &b"8080"[..]));
        assert_eq!(classify(b"3.0,", 0), (Found::Float, &b"3.0"[..]));
        assert_eq!(classify(b"-12]", 0), (Found::Integer, &b"-12"[..]));
        assert_eq!(classify(b"null", 0), (Found::Null, &b""[..]));
        assert_eq!(classify(b"true", 0), (Found::Bool, &b"true"[..]));
        assert_eq!(classify(b"[", 0), (Found::Array, &b""[..]));
        assert_eq!(classify(b"", 0), (Found::Unknown, &b""[..]));
    }
}
