//! After a failed read: the path to the value the error is about and what was found there.
//!
//! Readers track no position in the tree, so that a successful read pays nothing for errors.
//! When a read fails, the entry point calls [`describe_error`], which walks the input again
//! from its start up to the error's offset, following markers only, with a [`PathTracker`].
//! The walk is iterative with a fixed-size stack (containers are opened with the reader's own
//! `begin_*`/`next`; only a structure-of-arrays schema is skipped, within the default depth
//! limit), never reads past the input, and stops at the first thing it cannot parse: the input
//! is the broken one.

use structio_core::{ErrorPath, Found, FoundText as Text, PathTracker, Step, WalkStack};

use super::{Items, Reader};
use crate::error::{Error, ErrorKind};
use crate::header;
use crate::number::Wide;

/// Containers the walk follows; deeper input ends the walk (the path shows the deepest levels
/// only anyway).
const STACK: usize = 160;

structio_core::__describe_error! {
    fn describe_error(input: &[u8], ubjson: bool),
    what: "value",
    extra: {
        /// `ubjson` says how `input` was read ([`Reader::ubjson`]).
    },
    example: {
        /// ```
        /// use structio_bjdata::{describe_error, Reader};
        /// let doc = b"{U\x04portSU\x048080}";
        /// let mut r = Reader::new(doc);
        /// let e = r.begin_object().and_then(|mut items| {
        ///     r.next(&mut items)?;
        ///     r.read_key_str()?;
        ///     r.read_int::<u16>()
        /// });
        /// let e = describe_error(doc, false, e.unwrap_err());
        /// assert_eq!(e.to_string(), "invalid type: string \"8080\", expected u16 at /port, byte 7");
        /// ```
    },
    walk: |target, close| walk(input, ubjson, target, close),
    name: |spot, kind, found, text| match spot {
        Spot::Value {
            at,
            marker,
            implicit,
        } => {
            *found = classify(marker);
            *kind = invalid_type(*kind);
            match header::payload_size(marker) {
                Some(size) if implicit => element_text(input, ubjson, at, marker, size, text),
                _ if implicit => {
                    if let Spot::Text { start, len } = key_text(input, ubjson, at) {
                        text.push_input(input, start, len);
                    }
                }
                _ => value_text(input, ubjson, at, marker, text),
            }
        }
        Spot::Element { at, marker } => {
            *found = classify(marker);
            *kind = invalid_type(*kind);
            if let Some(size) = header::payload_size(marker) {
                element_text(input, ubjson, at, marker, size, text);
            }
        }
        Spot::Text { start, len } => {
            *found = Found::String;
            *kind = invalid_type(*kind);
            text.push_input(input, start, len);
        }
        // Inside a value: the markers are all there is to name.
        Spot::None => {}
    },
}

fn reader(input: &[u8], ubjson: bool) -> Reader<'_> {
    let r = if ubjson {
        Reader::ubjson(input)
    } else {
        Reader::new(input)
    };
    // The walk keeps its own stack, as deep as this; containers are opened one at a time.
    r.with_depth_limit(STACK as u32)
}

/// A [`ErrorKind::WrongType`] as [`ErrorKind::InvalidType`] naming the expected type; other
/// kinds unchanged.
fn invalid_type(kind: ErrorKind) -> ErrorKind {
    match kind {
        ErrorKind::WrongType { found, .. } if classify(found) == Found::Unknown => {
            // Not a value of another type: no value at all.
            ErrorKind::InvalidHeader(found)
        }
        ErrorKind::WrongType { expected, .. } => {
            expected_name(expected).map_or(kind, ErrorKind::InvalidType)
        }
        _ => kind,
    }
}

/// Whether `m` starts a value (of some type), as opposed to being no marker at all.
pub(crate) fn is_value(m: u8) -> bool {
    classify(m) != Found::Unknown
}

/// Whether `m` is the marker of one of the eight integer types (not `B`, a byte).
pub(crate) const fn is_integer_marker(m: u8) -> bool {
    matches!(
        m,
        header::INT8
            | header::UINT8
            | header::INT16
            | header::UINT16
            | header::INT32
            | header::UINT32
            | header::INT64
            | header::UINT64
    )
}

/// What kind of value a marker starts.
fn classify(m: u8) -> Found {
    match m {
        header::NULL => Found::Null,
        header::TRUE | header::FALSE => Found::Bool,
        header::BYTE => Found::Integer,
        m if is_integer_marker(m) => Found::Integer,
        header::FLOAT16 | header::FLOAT32 | header::FLOAT64 => Found::Float,
        header::STRING | header::CHAR => Found::String,
        header::ARRAY_START => Found::Array,
        header::OBJECT_START => Found::Object,
        header::HIGH_PRECISION | header::EXTENSION => Found::Other,
        _ => Found::Unknown,
    }
}

/// What a destination that reads the marker `m` expects, in the words serde uses.
fn expected_name(m: u8) -> Option<&'static str> {
    Some(match m {
        header::NULL => "null",
        header::TRUE | header::FALSE => "a boolean",
        header::INT8 => "i8",
        header::UINT8 => "u8",
        header::INT16 => "i16",
        header::UINT16 => "u16",
        header::INT32 => "i32",
        header::UINT32 => "u32",
        header::INT64 => "i64",
        header::UINT64 => "u64",
        header::FLOAT16 => "f16",
        header::FLOAT32 => "f32",
        header::FLOAT64 => "f64",
        header::HIGH_PRECISION => "a high-precision number",
        header::CHAR => "a character",
        header::BYTE => "a byte",
        header::STRING => "a string",
        header::EXTENSION => "an extension",
        header::ARRAY_START => "an array",
        header::OBJECT_START => "an object",
        header::TYPE => "a typed array",
        _ => return None,
    })
}

/// The text of the value at `at` (its marker `m`, which may be implicit): a string's bytes, a
/// number's digits.
fn value_text(input: &[u8], ubjson: bool, at: usize, m: u8, out: &mut Text) {
    let mut r = reader(input, ubjson);
    r.set_offset(at);
    match m {
        header::STRING | header::CHAR => {
            if let Ok(bytes) = r.str_bytes() {
                out.push(bytes);
            }
        }
        header::HIGH_PRECISION => {
            if let Ok(s) = r.read_high_precision() {
                out.push(s.as_bytes());
            }
        }
        _ => {
            if let Ok(wide) = r.read_wide(header::INT64) {
                number_text(wide, m, out);
            }
        }
    }
}

/// The digits of a packed array's element at `at`.
fn element_text(input: &[u8], ubjson: bool, at: usize, m: u8, size: usize, out: &mut Text) {
    let Some(bytes) = input.get(at..at.saturating_add(size)) else {
        return;
    };
    let mut b = [0u8; 8];
    let Some(dst) = b.get_mut(..bytes.len()) else {
        return;
    };
    dst.copy_from_slice(bytes);
    if ubjson {
        dst.reverse();
    }
    if let Some(wide) = crate::number::decode_le(m, dst) {
        number_text(wide, m, out);
    }
}

fn number_text(wide: Wide, m: u8, out: &mut Text) {
    match wide {
        Wide::Int(v) => out.push_int(v),
        Wide::Float(v) => out.push_float(v, m != header::FLOAT64),
    }
}

/// Where the error's offset fell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Spot {
    /// Nowhere the walk could classify.
    None,
    /// At a value whose marker is `marker`; `implicit` when a typed container gave it and the
    /// value's bytes start at `at` without it.
    Value {
        at: usize,
        marker: u8,
        implicit: bool,
    },
    /// In an element of a packed numeric array.
    Element { at: usize, marker: u8 },
    /// In an object key: its bytes.
    Text { start: usize, len: usize },
}

/// Walks `input` from its start to `target`: the path of the value there, and what is there.
/// With `close`, a container that ends exactly at `target` is the one reported (a missing
/// field is reported after its object's last member).
fn walk(input: &[u8], ubjson: bool, target: usize, close: bool) -> (ErrorPath, Spot) {
    let mut t = PathTracker::new();
    let mut stack = WalkStack::<Items, STACK>::new();
    let mut r = reader(input, ubjson);
    loop {
        // A value starts here (after no-ops).
        let Ok(m) = r.peek_marker() else {
            return (t.render(input), Spot::None);
        };
        let at = r.offset();
        if at >= target {
            let spot = if at == target {
                let implicit = r.implicit_marker() != 0;
                Spot::Value {
                    at,
                    marker: m,
                    implicit,
                }
            } else {
                Spot::None
            };
            return (t.render(input), spot);
        }
        let soa = r.peek_soa().unwrap_or(true);
        if matches!(m, header::ARRAY_START | header::OBJECT_START) && !soa {
            let object = m == header::OBJECT_START;
            let opened = if object {
                r.begin_object()
            } else {
                r.begin_array()
            };
            // From here on the offset is inside this value, past its marker.
            let Ok(mut items) = opened else {
                return (t.render(input), Spot::None);
            };
            if r.offset() > target || stack.is_full() {
                return (t.render(input), Spot::None);
            }
            let packed = match (items.element_type(), items.len()) {
                (Some(et), Some(n)) if !object && et != header::CHAR => header::payload_size(et)
                    .filter(|&s| s > 0)
                    .map(|s| (et, s, n)),
                _ => None,
            };
            if let Some((et, size, n)) = packed {
                let start = r.offset();
                let end = n.saturating_mul(size).saturating_add(start);
                if target < end {
                    let index = (target - start) / size;
                    t.enter();
                    t.index(index);
                    let at = start + index * size;
                    let spot = if at + size <= input.len() {
                        Spot::Element { at, marker: et }
                    } else {
                        Spot::None
                    };
                    return (t.render(input), spot);
                }
                if r.take_packed(&mut items, size).is_err() {
                    return (t.render(input), Spot::None);
                }
            } else {
                stack.push(items, object, &mut t);
            }
        } else {
            let skipped = if soa && r.implicit_marker() == 0 {
                // A structure-of-arrays schema is read recursively: within the default depth
                // limit, as a read of the document goes, not the walk's deeper one.
                let mut leaf = if ubjson {
                    Reader::ubjson(input)
                } else {
                    Reader::new(input)
                };
                leaf.set_offset(at);
                let skipped = leaf.skip_value();
                r.set_offset(leaf.offset());
                skipped
            } else {
                r.skip_value()
            };
            match skipped {
                Ok(()) if r.offset() <= target => {}
                _ => return (t.render(input), Spot::None),
            }
        }
        // Move to the next child of the innermost open container, closing finished ones.
        match stack.advance(&mut r, Reader::offset, Reader::next, &mut t, target, close) {
            Step::Element => {}
            Step::Stop => return (t.render(input), Spot::None),
            Step::Member => {
                let key_at = r.offset();
                match r.read_key_str() {
                    Ok(key) => {
                        let start = (key.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
                        t.key(start, key.len());
                        if target < r.offset() {
                            return (
                                t.render(input),
                                Spot::Text {
                                    start,
                                    len: key.len(),
                                },
                            );
                        }
                    }
                    Err(_) => {
                        let spot = if target >= key_at {
                            key_text(input, ubjson, key_at)
                        } else {
                            Spot::None
                        };
                        return (t.render(input), spot);
                    }
                }
            }
        }
    }
}

/// The bytes of a key at `at` that did not read (not UTF-8, or cut off), as far as they go.
fn key_text(input: &[u8], ubjson: bool, at: usize) -> Spot {
    let mut r = reader(input, ubjson);
    r.set_offset(at);
    match r.read_length() {
        Ok(n) => Spot::Text {
            start: r.offset(),
            len: n.min(input.len().saturating_sub(r.offset())),
        },
        Err(_) => Spot::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_prefix_and_offset_is_walked() {
        let doc = b"{U\x01a[$U#U\x03\x01\x02\x03U\x01b[SU\x01xZ]U\x01c{$i#U\x01U\x01d\x05}}";
        for cut in 0..=doc.len() {
            for target in 0..=cut + 1 {
                for ubjson in [false, true] {
                    let _ = walk(&doc[..cut], ubjson, target, false);
                    let _ = walk(&doc[..cut], ubjson, target, true);
                }
            }
        }
        assert_eq!(walk(doc, false, 11, false).0.as_str(), "/a/1");
        assert_eq!(walk(doc, false, 21, false).0.as_str(), "/b/1");
    }
}
