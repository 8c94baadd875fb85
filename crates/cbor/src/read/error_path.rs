//! After a failed read: the path to the item the error is about and what was found there.
//!
//! Readers track no position in the tree, so that a successful read pays nothing for errors.
//! When a read fails, the entry point calls [`describe_error`], which walks the input again
//! from its start up to the error's offset, following heads only, with a [`PathTracker`].
//! The walk is iterative with a fixed-size stack (arrays and maps are opened with the reader's
//! own `begin_*`/`next`; only a map key that is itself a container is skipped, within the
//! default depth limit), never reads past the input, and stops at the first thing it cannot
//! parse: the input is the broken one.

use structio_core::{ErrorPath, Found, FoundText as Text, PathTracker, Step, WalkStack};

use super::reader::StrBody;
use super::{Items, Reader};
use crate::error::{Error, ErrorKind};
use crate::header::{self, additional, major, typed_element, TypedElement};
use crate::number::{decode_element, Wide};

/// Containers the walk follows; deeper input ends the walk (the path shows the deepest levels
/// only anyway).
const STACK: usize = 160;

structio_core::__describe_error! {
    fn describe_error(input: &[u8]),
    what: "item",
    extra: {},
    example: {
        /// ```
        /// use structio_cbor::{describe_error, Reader};
        /// // {"port": "8080"}
        /// let doc = [0xa1, 0x64, b'p', b'o', b'r', b't', 0x64, b'8', b'0', b'8', b'0'];
        /// let mut r = Reader::new(&doc);
        /// let e = r.begin_map().and_then(|mut items| {
        ///     r.next(&mut items)?;
        ///     r.read_str()?;
        ///     r.read_int::<u16>()
        /// });
        /// let e = describe_error(&doc, e.unwrap_err());
        /// assert_eq!(e.to_string(), "invalid type: string \"8080\", expected u16 at /port, byte 6");
        /// ```
    },
    walk: |target, close| walk(input, target, close),
    name: |spot, kind, found, text| match spot {
        Spot::Value(at) => {
            let (f, item) = classify_at(input, at);
            *found = f;
            *kind = invalid_type(*kind);
            value_text(input, at, item, f, text);
        }
        Spot::Element { at, element } => {
            *found = if element.float {
                Found::Float
            } else {
                Found::Integer
            };
            *kind = invalid_type(*kind);
            if let Some(wide) = input
                .get(at..at.saturating_add(element.width))
                .and_then(|b| decode_element(element, b))
            {
                number_text(wide, element.float && element.width < 8, text);
            }
        }
        Spot::Text { start, len } => {
            *found = Found::String;
            *kind = invalid_type(*kind);
            text.push_input(input, start, len);
        }
        // Inside an item: the initial bytes are all there is to name.
        Spot::None => {}
    },
}

fn reader(input: &[u8]) -> Reader<'_> {
    // The walk keeps its own stack, as deep as this; containers are opened one at a time.
    Reader::new(input).with_depth_limit(STACK as u32)
}

/// A [`ErrorKind::WrongType`] as [`ErrorKind::InvalidType`] naming the expected type; other
/// kinds unchanged.
fn invalid_type(kind: ErrorKind) -> ErrorKind {
    match kind {
        ErrorKind::WrongType { expected, found } => match expected_name(expected) {
            Some(_) if !is_value(found) => ErrorKind::InvalidHeader(found),
            Some(name) => ErrorKind::InvalidType(name),
            None => kind,
        },
        _ => kind,
    }
}

/// Whether the initial byte `b` starts an item (as opposed to a break or a reserved form).
pub(crate) fn is_value(b: u8) -> bool {
    classify(b) != Found::Unknown
}

/// What kind of item an initial byte starts (a tag: what it tags is not known from it).
fn classify(b: u8) -> Found {
    let ai = additional(b);
    if (28..=30).contains(&ai) {
        return Found::Unknown;
    }
    match major(b) {
        header::UNSIGNED | header::NEGATIVE if ai != header::INDEFINITE => Found::Integer,
        header::BYTES => Found::Bytes,
        header::TEXT => Found::String,
        header::ARRAY => Found::Array,
        header::MAP => Found::Object,
        header::TAG if ai != header::INDEFINITE => Found::Other,
        header::SIMPLE => match b {
            header::FALSE | header::TRUE => Found::Bool,
            header::NULL | header::UNDEFINED => Found::Null,
            header::F16 | header::F32 | header::F64 => Found::Float,
            header::BREAK => Found::Unknown,
            _ => Found::Other,
        },
        _ => Found::Unknown,
    }
}

/// What the item at `at` is, looking through its tags (a bignum is an integer, a typed array
/// tag a typed array), and where the tagged item's head is.
fn classify_at(input: &[u8], at: usize) -> (Found, usize) {
    let mut r = reader(input);
    r.set_pos(at);
    let Ok(tag) = r.skip_tags() else {
        return (input.get(at).map_or(Found::Unknown, |&b| classify(b)), at);
    };
    let item = r.offset();
    let Some(&b) = input.get(item) else {
        return (Found::Unknown, item);
    };
    let found = match tag {
        Some(header::TAG_POS_BIGNUM | header::TAG_NEG_BIGNUM) if major(b) == header::BYTES => {
            Found::Integer
        }
        Some(t) if typed_element(t).is_some() && major(b) == header::BYTES => Found::TypedArray,
        _ => classify(b),
    };
    (found, item)
}

/// What a destination that reads the initial byte `b` expects, in the words serde uses.
fn expected_name(b: u8) -> Option<&'static str> {
    Some(match b {
        header::FALSE | header::TRUE => "a boolean",
        header::NULL | header::UNDEFINED => "null",
        header::F16 => "f16",
        header::F32 => "f32",
        header::F64 => "f64",
        header::SIMPLE => "a simple value",
        header::UNSIGNED | header::NEGATIVE => "an integer",
        header::BYTES => "a byte string",
        header::TEXT => "a string",
        header::ARRAY => "an array",
        header::MAP => "an object",
        header::TAG => "a tag",
        0xd8 => "embedded CBOR",
        _ => return None,
    })
}

/// The text of the item at `at` (its head at `item`, after any tags): a string's bytes, a
/// number's digits.
fn value_text(input: &[u8], at: usize, item: usize, found: Found, out: &mut Text) {
    let mut r = reader(input);
    match found {
        Found::String => {
            r.set_pos(item);
            if let Ok(StrBody::Definite(bytes)) = r.str_body(header::TEXT) {
                out.push(bytes);
            }
        }
        Found::Integer | Found::Float => {
            r.set_pos(at);
            let narrow = matches!(input.get(item), Some(&(header::F16 | header::F32)));
            if let Ok(wide) = r.read_wide(header::UNSIGNED) {
                number_text(wide, narrow, out);
            }
        }
        _ => {}
    }
}

fn number_text(wide: Wide, narrow: bool, out: &mut Text) {
    match wide {
        Wide::Unsigned(v) => out.push_int(v),
        Wide::Signed(v) => out.push_int(v),
        Wide::Float(v) => out.push_float(v, narrow),
    }
}

/// Where the error's offset fell.
#[derive(Copy, Clone, Debug)]
enum Spot {
    /// Nowhere the walk could classify.
    None,
    /// At an item's first byte (its first tag, if tagged).
    Value(usize),
    /// In an element of a typed array.
    Element { at: usize, element: TypedElement },
    /// In a text key: its bytes.
    Text { start: usize, len: usize },
}

/// Walks `input` from its start to `target`: the path of the item there, and what is there.
/// With `close`, a map that ends exactly at `target` is the one reported (a missing field is
/// reported after its map's last entry).
fn walk(input: &[u8], target: usize, close: bool) -> (ErrorPath, Spot) {
    let mut t = PathTracker::new();
    let mut stack = WalkStack::<Items, STACK>::new();
    let mut r = reader(input);
    loop {
        // An item starts here.
        let at = r.offset();
        if at >= target {
            let spot = if at == target && at < input.len() {
                Spot::Value(at)
            } else {
                Spot::None
            };
            return (t.render(input), spot);
        }
        // From here on the offset is inside this item, past its first byte.
        let Ok(tag) = r.skip_tags() else {
            return (t.render(input), Spot::None);
        };
        let item = r.offset();
        if item > target {
            return (t.render(input), Spot::None);
        }
        let Some(&b) = input.get(item) else {
            return (t.render(input), Spot::None);
        };
        let element = tag.and_then(typed_element);
        if matches!(major(b), header::ARRAY | header::MAP) {
            let map = major(b) == header::MAP;
            let opened = if map { r.begin_map() } else { r.begin_array() };
            let Ok(items) = opened else {
                return (t.render(input), Spot::None);
            };
            if r.offset() > target || stack.is_full() {
                return (t.render(input), Spot::None);
            }
            stack.push(items, map, &mut t);
        } else if let (Some(e), header::BYTES) = (element, major(b)) {
            let Ok(StrBody::Definite(bytes)) = r.str_body(header::BYTES) else {
                return (t.render(input), Spot::None);
            };
            let end = r.offset();
            let start = end - bytes.len();
            if target < end {
                if target < start || e.width == 0 {
                    return (t.render(input), Spot::None);
                }
                let index = (target - start) / e.width;
                t.enter();
                t.index(index);
                let at = start + index * e.width;
                let spot = if at + e.width <= end {
                    Spot::Element { at, element: e }
                } else {
                    Spot::None
                };
                return (t.render(input), spot);
            }
        } else {
            match r.skip_value() {
                Ok(()) if r.offset() <= target => {}
                _ => return (t.render(input), Spot::None),
            }
        }
        // Move to the next child of the innermost open container, closing finished ones.
        match stack.advance(&mut r, Reader::offset, Reader::next, &mut t, target, close) {
            Step::Element => {}
            Step::Member => {
                if let Err(spot) = key(&mut r, &mut t, target) {
                    return (t.render(input), spot);
                }
            }
            Step::Stop => return (t.render(input), Spot::None),
        }
    }
}

/// Reads the map key at the reader into the tracker: a text key by its bytes, an unsigned
/// integer by its value, anything else stepped over with no segment. `Err` with the spot when
/// `target` is inside the key or the key does not read.
fn key(r: &mut Reader<'_>, t: &mut PathTracker, target: usize) -> Result<(), Spot> {
    let at = r.offset();
    let b = r.peek().map_err(|_| Spot::None)?;
    // A key at the offset that is no text (a key of the wrong type): the key is the item.
    let here = if at == target {
        Spot::Value(at)
    } else {
        Spot::None
    };
    match major(b) {
        header::TEXT => {
            if let Ok(StrBody::Definite(bytes)) = r.str_body(header::TEXT) {
                let start = r.offset() - bytes.len();
                t.key(start, bytes.len());
                if target < r.offset() {
                    return Err(Spot::Text {
                        start,
                        len: bytes.len(),
                    });
                }
                return Ok(());
            }
            // A chunked key has no one run of bytes to name; step over it.
            r.set_pos(at);
        }
        header::UNSIGNED => {
            r.advance(1);
            match r.arg(b, at) {
                Ok(n) => {
                    if let Ok(n) = usize::try_from(n) {
                        t.index(n);
                    }
                    if target < r.offset() {
                        return Err(here);
                    }
                    return Ok(());
                }
                Err(_) => return Err(here),
            }
        }
        _ => {}
    }
    // A key that is a container is skipped recursively: within the default depth limit, as a
    // read of the document goes, not the walk's deeper one.
    let mut k = Reader::new(r.input());
    k.set_pos(at);
    let skipped = k.skip_value();
    r.set_pos(k.offset());
    match skipped {
        Ok(()) if r.offset() <= target => Ok(()),
        _ => Err(here),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_prefix_and_offset_is_walked() {
        // {"a": 64([1, 2, 3] as u8 bytes), 7: [_ "x", null], "c": {1: 2.5}}
        let doc = [
            0xa3, 0x61, b'a', 0xd8, 0x40, 0x43, 1, 2, 3, 0x07, 0x9f, 0x61, b'x', 0xf6, 0xff, 0x61,
            b'c', 0xa1, 0x01, 0xf9, 0x41, 0x00,
        ];
        for cut in 0..=doc.len() {
            for target in 0..=cut + 1 {
                let _ = walk(&doc[..cut], target, false);
                let _ = walk(&doc[..cut], target, true);
            }
        }
        assert_eq!(walk(&doc, 7, false).0.as_str(), "/a/1");
        assert_eq!(walk(&doc, 13, false).0.as_str(), "/7/1");
        assert_eq!(walk(&doc, 19, false).0.as_str(), "/c/1");
    }
}
