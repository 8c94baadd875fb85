//! After a failed read: the path to the value the error is about and what was found there.
//!
//! Readers track no position in the tree, so that a successful read pays nothing for errors.
//! When a read fails, the entry point calls [`describe`], which walks the input again from its
//! start up to the error's offset, following headers only (no destination type), with a
//! [`PathTracker`]. The walk is iterative with a fixed-size stack, never reads past the input,
//! and stops at the first thing it cannot parse: the input is the broken one.

use structio_core::{ErrorPath, Found, FoundText as Text, PathTracker};

use super::Reader;
use crate::error::{Error, ErrorKind};
use crate::header;
use crate::number::{decode_wide, Wide};

/// Containers the walk follows; deeper input ends the walk (the reader's own limit is lower
/// unless a caller raised it, and the path shows the deepest levels only anyway).
const STACK: usize = 160;

structio_core::__describe_error! {
    fn describe_error(input: &[u8]),
    what: "value",
    extra: {},
    example: {
        /// ```
        /// use structio_beve::{describe_error, Reader};
        /// let doc = [0x03, 0x04, 0x10, b'p', b'o', b'r', b't', 0x02, 0x10, b'8', b'0', b'8', b'0'];
        /// let mut r = Reader::new(&doc);
        /// let err = r.begin_object().and_then(|_| {
        ///     r.object_key()?;
        ///     r.read_number::<u16>()
        /// });
        /// let err = describe_error(&doc, err.unwrap_err());
        /// assert_eq!(err.to_string(), "invalid type: string \"8080\", expected u16 at /port, byte 7");
        /// ```
    },
    walk: |target, close| walk(input, target, close),
    name: |spot, kind, found, text| match spot {
        Spot::Value(at) => {
            if let Some(&h) = input.get(at) {
                *found = classify(h);
                *kind = invalid_type(*kind, false);
                value_text(input, at, h, text);
            }
        }
        Spot::Element { number_header, at } => {
            // The conversion of one element failed: name the element types.
            *kind = invalid_type(*kind, true);
            *found = classify(number_header);
            if let Some(w) = header::width(number_header) {
                number_text(number_header, input.get(at..at.saturating_add(w)), text);
            }
        }
        Spot::Text { start, len } => {
            *found = Found::String;
            *kind = invalid_type(*kind, false);
            text.push_input(input, start, len);
        }
        // Inside a value (an extension's parts): the headers are all there is to name.
        Spot::None => {}
    },
}

/// A [`ErrorKind::WrongType`] as [`ErrorKind::InvalidType`] naming the expected type (with
/// `element`, the single-value type of an expected typed array); other kinds unchanged.
fn invalid_type(kind: ErrorKind, element: bool) -> ErrorKind {
    let ErrorKind::WrongType { expected, found } = kind else {
        return kind;
    };
    if expected_name(expected).is_some() && classify(found) == Found::Unknown {
        // Not a value of another type: no value at all.
        return ErrorKind::InvalidHeader(found);
    }
    let h = if element && expected & 7 == 4 && (expected >> 3) & 3 != 3 {
        (expected & !7) | 1
    } else {
        expected
    };
    expected_name(h).map_or(kind, ErrorKind::InvalidType)
}

/// What kind of value a header starts.
fn classify(h: u8) -> Found {
    match h {
        header::NULL => Found::Null,
        header::FALSE | header::TRUE => Found::Bool,
        header::STRING => Found::String,
        header::OBJECT => Found::Object,
        header::GENERIC_ARRAY | header::STRING_ARRAY | header::BOOL_ARRAY => Found::Array,
        header::TYPE_TAG | header::MATRIX | header::COMPLEX => Found::Other,
        _ => match h & 7 {
            1 if header::width(h).is_some() => {
                if (h >> 3) & 3 == header::CLASS_FLOAT {
                    Found::Float
                } else {
                    Found::Integer
                }
            }
            3 if matches!((h >> 3) & 3, 1 | 2) => Found::Object,
            4 => Found::TypedArray,
            _ => Found::Unknown,
        },
    }
}

/// What a destination that reads the header `h` expects, in the words serde uses (`None` for
/// the headers inside extensions, which keep their [`ErrorKind::WrongType`]).
fn expected_name(h: u8) -> Option<&'static str> {
    Some(match h {
        header::NULL => "null",
        header::FALSE | header::TRUE => "a boolean",
        header::STRING => "a string",
        header::OBJECT => "an object",
        header::GENERIC_ARRAY => "an array",
        header::BOOL_ARRAY => "an array of booleans",
        header::STRING_ARRAY => "an array of strings",
        header::ALIGNED_ARRAY => "an aligned array",
        header::TYPE_TAG => "a type tag",
        header::MATRIX => "a matrix",
        header::COMPLEX => "a complex number",
        _ => {
            const NUMBERS: [[&str; 5]; 3] = [
                ["bf16", "f16", "f32", "f64", "f128"],
                ["i8", "i16", "i32", "i64", "i128"],
                ["u8", "u16", "u32", "u64", "u128"],
            ];
            const ARRAYS: [[&str; 5]; 3] = [
                [
                    "an array of bf16",
                    "an array of f16",
                    "an array of f32",
                    "an array of f64",
                    "an array of f128",
                ],
                [
                    "an array of i8",
                    "an array of i16",
                    "an array of i32",
                    "an array of i64",
                    "an array of i128",
                ],
                [
                    "an array of u8",
                    "an array of u16",
                    "an array of u32",
                    "an array of u64",
                    "an array of u128",
                ],
            ];
            let class = usize::from((h >> 3) & 3);
            let code = usize::from(h >> 5);
            let pick = |t: &[[&'static str; 5]; 3]| t.get(class).and_then(|r| r.get(code)).copied();
            return match h & 7 {
                1 => pick(&NUMBERS),
                3 => Some("an object with integer keys"),
                4 => pick(&ARRAYS),
                _ => None,
            };
        }
    })
}

/// The text of the value at `at` with header `h`: a string's bytes, a number's digits.
fn value_text(input: &[u8], at: usize, h: u8, out: &mut Text) {
    if h == header::STRING {
        let mut r = Reader::new(input);
        r.set_pos(at.saturating_add(1).min(input.len()));
        if let Ok(n) = r.read_size() {
            let start = r.offset();
            out.push_input(input, start, n.min(input.len().saturating_sub(start)));
        }
    } else if h & 7 == 1
        && let Some(w) = header::width(h)
    {
        let start = at.saturating_add(1);
        number_text(h, input.get(start..start.saturating_add(w)), out);
    }
}

/// A number's value in decimal (nothing if its bytes are cut off or it is an `f128`).
fn number_text(number_header: u8, bytes: Option<&[u8]>, out: &mut Text) {
    let Some(wide) = bytes.and_then(|b| {
        if header::width(number_header) == Some(b.len()) {
            decode_wide(number_header, b)
        } else {
            None
        }
    }) else {
        return;
    };
    match wide {
        Wide::Signed(v) => out.push_int(v),
        Wide::Unsigned(v) => out.push_int(v),
        Wide::Float(v) => out.push_float(v, number_header != 0x61),
        Wide::Other => {}
    }
}

/// Where the error's offset fell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Spot {
    /// Nowhere the walk could classify (inside a value's body, past the root, or in bytes it
    /// could not parse).
    None,
    /// At the header of a value.
    Value(usize),
    /// In an element of a numeric array: the element type's single-value header and where the
    /// element starts.
    Element { number_header: u8, at: usize },
    /// In a string key or a string-array element: its bytes.
    Text { start: usize, len: usize },
}

#[derive(Copy, Clone)]
enum Open {
    /// An object; the width of its integer keys (and whether they are signed), or `None` for
    /// string keys.
    Object {
        key_width: Option<usize>,
        signed: bool,
    },
    Array,
    /// A Version 1 type tag: one value follows, no path segment of its own.
    Tag,
}

#[derive(Copy, Clone)]
struct Frame {
    open: Open,
    left: usize,
    next: usize,
}

/// Walks `input` from its start to `target`: the path of the value there, and what is there.
/// With `close`, a container that ends exactly at `target` is the one reported (a missing
/// field is reported after its object's last member).
fn walk(input: &[u8], target: usize, close: bool) -> (ErrorPath, Spot) {
    let mut t = PathTracker::new();
    let mut stack = [Frame {
        open: Open::Array,
        left: 0,
        next: 0,
    }; STACK];
    let mut depth = 0usize;
    let mut pos = 0usize;
    loop {
        // A value starts at `pos`.
        if pos >= target {
            let spot = if pos == target && pos < input.len() {
                Spot::Value(pos)
            } else {
                Spot::None
            };
            return (t.render(input), spot);
        }
        let Some(&h) = input.get(pos) else {
            return (t.render(input), Spot::None);
        };
        let mut r = Reader::new(input);
        r.set_pos(pos);
        let open = match h {
            header::OBJECT => Some(Open::Object {
                key_width: None,
                signed: false,
            }),
            _ if h & 7 == 3 && matches!((h >> 3) & 3, 1 | 2) => match header::width(h) {
                Some(w) => Some(Open::Object {
                    key_width: Some(w),
                    signed: (h >> 3) & 3 == header::CLASS_SIGNED,
                }),
                None => return (t.render(input), Spot::None),
            },
            header::GENERIC_ARRAY => Some(Open::Array),
            header::TYPE_TAG => Some(Open::Tag),
            _ => None,
        };
        if let Some(open) = open {
            r.advance(1);
            let count = match open {
                Open::Object { key_width, .. } => r.read_count(key_width.unwrap_or(1) + 1),
                Open::Array => r.read_count(1),
                Open::Tag => r.read_size().map(|_| 1),
            };
            // From here on the offset is inside this value, past its header.
            let Ok(left) = count else {
                return (t.render(input), Spot::None);
            };
            if r.offset() > target || depth >= STACK {
                return (t.render(input), Spot::None);
            }
            if let Some(f) = stack.get_mut(depth) {
                *f = Frame {
                    open,
                    left,
                    next: 0,
                };
            }
            depth += 1;
            if !matches!(open, Open::Tag) {
                t.enter();
            }
            pos = r.offset();
        } else {
            match leaf(&mut r, h, target) {
                Ok(end) => pos = end,
                Err(Some((index, spot))) => {
                    t.enter();
                    t.index(index);
                    return (t.render(input), spot);
                }
                Err(None) => return (t.render(input), Spot::None),
            }
        }
        // Move to the next child of the innermost open container, closing finished ones.
        loop {
            if depth == 0 {
                // The root is complete: the offset is past it (trailing bytes).
                return (t.render(input), Spot::None);
            }
            let Some(top) = stack.get_mut(depth - 1) else {
                return (t.render(input), Spot::None);
            };
            if top.left == 0 {
                if close && pos == target && !matches!(top.open, Open::Tag) {
                    // The object itself, not its last member.
                    t.leave();
                    t.enter();
                    return (t.render(input), Spot::None);
                }
                if !matches!(top.open, Open::Tag) {
                    t.leave();
                }
                depth -= 1;
                continue;
            }
            top.left -= 1;
            let index = top.next;
            top.next += 1;
            if matches!(top.open, Open::Object { .. }) {
                // Until its key reads, the member is no segment (nor is the one before it).
                t.leave();
                t.enter();
            }
            match top.open {
                Open::Array => t.index(index),
                Open::Tag => {}
                Open::Object {
                    key_width: None, ..
                } => {
                    r.set_pos(pos);
                    let Ok(n) = r.read_size() else {
                        return (t.render(input), Spot::None);
                    };
                    let start = r.offset();
                    if n > r.remaining() {
                        return (t.render(input), Spot::None);
                    }
                    t.key(start, n);
                    if target < start + n {
                        return (t.render(input), Spot::Text { start, len: n });
                    }
                    pos = start + n;
                }
                Open::Object {
                    key_width: Some(w),
                    signed,
                } => {
                    let Some(bytes) = input.get(pos..pos.saturating_add(w)) else {
                        return (t.render(input), Spot::None);
                    };
                    // The key's value as an index segment when it is one (not negative).
                    let mut v = 0usize;
                    let mut fits = !(signed && bytes.last().is_some_and(|&b| b & 0x80 != 0));
                    for (i, &b) in bytes.iter().enumerate() {
                        if b != 0 && i >= core::mem::size_of::<usize>() {
                            fits = false;
                        } else if let Some(x) = usize::from(b).checked_shl(8 * i as u32) {
                            v |= x;
                        }
                    }
                    if fits {
                        t.index(v);
                    }
                    if target < pos + w {
                        return (t.render(input), Spot::None);
                    }
                    pos += w;
                }
            }
            break;
        }
    }
}

/// Steps over a value that is not a container, from its header `h` at the reader: `Ok` with
/// where it ends if `target` is past it; `Err(Some)` with the element index and spot when
/// `target` is inside an element of an array of them; `Err(None)` when `target` is inside
/// it otherwise, or it cannot be parsed.
fn leaf(r: &mut Reader<'_>, h: u8, target: usize) -> Result<usize, Option<(usize, Spot)>> {
    let numeric_array = h & 7 == 4 && (h >> 3) & 3 != 3;
    if numeric_array || h == header::ALIGNED_ARRAY {
        r.advance(1);
        let (typed, width) = if numeric_array {
            (h, header::width(h).ok_or(None)?)
        } else {
            r.aligned_inner().map_err(|_| None)?
        };
        let data = if numeric_array {
            r.typed_payload(width)
        } else {
            r.aligned_payload(width)
        }
        .map_err(|_| None)?;
        let end = r.offset();
        let start = end - data.len();
        if target >= end {
            return Ok(end);
        }
        if target < start || width == 0 {
            return Err(None);
        }
        let index = (target - start) / width;
        let at = start + index * width;
        return Err(Some((
            index,
            Spot::Element {
                number_header: (typed & !7) | 1,
                at,
            },
        )));
    }
    if h == header::STRING_ARRAY {
        r.advance(1);
        let n = r.read_count(1).map_err(|_| None)?;
        if r.offset() > target {
            return Err(None);
        }
        for index in 0..n {
            let elem = r.offset();
            let Ok(size) = r.read_size() else {
                return Err(if target >= elem {
                    Some((index, Spot::None))
                } else {
                    None
                });
            };
            let start = r.offset();
            let body = r.read_str_body_at(elem);
            if target < r.offset().max(start) || body.is_err() {
                let len = size.min(r.input().len().saturating_sub(start));
                return Err(Some((index, Spot::Text { start, len })));
            }
        }
        return Ok(r.offset());
    }
    match r.skip_value() {
        Ok(()) if r.offset() <= target => Ok(r.offset()),
        _ => Err(None),
    }
}

impl Reader<'_> {
    /// The string body whose SIZE starts at `at` (the walk has read the SIZE already).
    fn read_str_body_at(&mut self, at: usize) -> Result<(), ()> {
        self.set_pos(at);
        self.read_str_body().map(drop).map_err(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_classes() {
        assert_eq!(expected_name(0x31), Some("u16"));
        assert_eq!(expected_name(0x64), Some("an array of f64"));
        assert_eq!(expected_name(0x60), None);
        assert_eq!(classify(0x61), Found::Float);
        assert_eq!(classify(0x53), Found::Object);
    }

    #[test]
    fn integer_keys_are_indices_unless_negative() {
        // {1: 1, -1: "x"} with i32 keys: the second value at 12.
        let doc = [
            0x4b, 0x08, 1, 0, 0, 0, 0x11, 1, 0xff, 0xff, 0xff, 0xff, 0x02, 0x04, b'x',
        ];
        assert_eq!(walk(&doc, 6, false).0.as_str(), "/1");
        assert_eq!(walk(&doc, 12, false).0.as_str(), "");
        // The same bytes as u32 keys: 4294967295 is an index.
        let mut doc = doc;
        doc[0] = 0x53;
        assert_eq!(walk(&doc, 12, false).0.as_str(), "/4294967295");
    }

    #[test]
    fn every_byte_and_prefix_is_walked() {
        let doc = [
            0x03, 0x08, 0x04, b'a', 0x05, 0x08, 0x11, 0x01, 0x64, 0x04, 0, 0, 0, 0, 0, 0, 0xf8,
            0x3f, 0x04, b'b', 0x3c, 0x08, 0x04, b'x', 0x04, b'y',
        ];
        for cut in 0..=doc.len() {
            for target in 0..=cut + 1 {
                let _ = walk(&doc[..cut], target, false);
                let _ = walk(&doc[..cut], target, true);
            }
        }
    }
}
