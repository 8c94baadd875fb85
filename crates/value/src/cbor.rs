//! Reading a [`Value`] from CBOR (the loop is in `cbor_read`) and writing one as CBOR, through
//! structio-cbor's cursor and writer (its `CborRead`/`CborWrite` traits, so a `Value` can also
//! be a field of a derived struct).
//!
//! Reading maps every CBOR item a JSON-shaped tree can hold:
//! - unsigned and negative integers kept whole (`u64`, `i64`), below -2^63 the nearest `f64`;
//!   bignums (tags 2 and 3) as integers when they fit 64 bits, else the nearest `f64` (infinite
//!   past its range);
//! - half, single and double floats as `f64`; `false`, `true`; `null` and `undefined` as null;
//! - text strings (definite or chunked, checked UTF-8), arrays and maps of either length form;
//!   map keys that are text, or integers written in decimal (as BEVE's JSON mapping writes
//!   integer keys); a repeated key keeps one member, its last value, as every Value reader does;
//! - RFC 8746 typed arrays (tags 64 to 87 around a byte string, any element type and byte
//!   order) as arrays of numbers, in one step; a byte string with no such tag, which has no node
//!   of its own, as the array of its bytes (what the `uint8` typed array reads as);
//! - any other tag (embedded CBOR, dates, URIs, ...) is passed through: the value is the tagged
//!   item's, the tag dropped; each tag counts against the depth limit.
//!
//! Refused, with an error at the item: map keys of any other kind ([`CborErrorKind::InvalidType`]
//! expecting a string), simple values other than the four above and 128-bit float
//! arrays ([`CborErrorKind::Custom`]), and every malformation the cursor refuses (truncation,
//! lengths past the input, reserved heads, invalid UTF-8 at its byte, a break where an item is
//! due, nesting past [`structio_cbor::DEFAULT_DEPTH_LIMIT`]).
//!
//! Writing uses preferred serialization (shortest heads, each float in the shortest width that
//! holds it exactly) with definite lengths; an array whose elements are all floats is one RFC
//! 8746 typed array (tag 86, little-endian `f64`), the form `Vec<f64>` takes in structio-cbor,
//! so that it reads back as one bulk payload; an object is a map with text keys, in its order
//! (sorted by encoded key when written through a deterministic [`structio_cbor::Writer`]).
//!
//! [`CborErrorKind::InvalidType`]: structio_cbor::ErrorKind::InvalidType
//! [`CborErrorKind::Custom`]: structio_cbor::ErrorKind::Custom

use alloc::vec::Vec;

use structio_cbor::{CborRead, CborWrite, Reader, Result, Sink, Writer};

use crate::builder::with_reader;
use crate::value::Repr;
use crate::Value;

/// Reads one CBOR item into a [`Value`] (nesting up to 128 levels; nothing may follow).
///
/// ```
/// // {"id": 7, "xs": 86(h'000000000000f83f'), "s": (_ "a", "b")}
/// let doc = [
///     0xa3, 0x62, b'i', b'd', 0x07, 0x62, b'x', b's', 0xd8, 0x56, 0x48, 0, 0, 0, 0, 0, 0, 0xf8,
///     0x3f, 0x61, b's', 0x7f, 0x61, b'a', 0x61, b'b', 0xff,
/// ];
/// let v = structio_value::from_cbor(&doc).unwrap();
/// assert_eq!(v, structio_value::value!({"id": 7, "xs": [1.5], "s": "ab"}));
/// assert!(structio_value::from_cbor(&doc[..doc.len() - 1]).is_err());
/// ```
pub fn from_cbor(input: &[u8]) -> Result<Value> {
    let mut r = Reader::new(input);
    match with_reader(|reader| reader.read_cbor(&mut r)).and_then(|v| r.finish().map(|()| v)) {
        Ok(v) => Ok(v),
        Err(e) => Err(structio_cbor::describe_error(input, e)),
    }
}

/// Writes a [`Value`] as one CBOR item.
///
/// ```
/// let v = structio_value::value!({"a": [true, null], "f": [0.5]});
/// let bytes = structio_value::to_cbor(&v);
/// assert_eq!(
///     bytes,
///     [0xa2, 0x61, b'a', 0x82, 0xf5, 0xf6, 0x61, b'f', 0xd8, 0x56, 0x48, 0, 0, 0, 0, 0, 0, 0xe0, 0x3f]
/// );
/// assert_eq!(structio_value::from_cbor(&bytes).unwrap(), v);
/// ```
pub fn to_cbor(v: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    to_cbor_into(v, &mut out);
    out
}

/// Appends a [`Value`] as one CBOR item to `out`.
///
/// ```
/// let mut out = vec![0x82];
/// structio_value::to_cbor_into(&structio_value::value!(1), &mut out);
/// structio_value::to_cbor_into(&structio_value::value!(-1), &mut out);
/// assert_eq!(out, [0x82, 0x01, 0x20]);
/// ```
pub fn to_cbor_into(v: &Value, out: &mut Vec<u8>) {
    // A `Vec` sink takes every byte; a failure would be an allocation failure, which aborts.
    let _ = write_value(v, &mut Writer::new(out));
}

/// ```
/// let v: Vec<structio_value::Value> = structio_cbor::from_slice(&[0x82, 0x07, 0x61, b'x']).unwrap();
/// assert_eq!(v[0], 7);
/// assert_eq!(v[1], "x");
/// ```
impl<'de> CborRead<'de> for Value {
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        with_reader(|reader| reader.read_cbor(r))
    }
}

/// ```
/// let v = structio_value::value!("x");
/// assert_eq!(structio_cbor::to_vec(&v).unwrap(), [0x61, b'x']);
/// ```
impl CborWrite for Value {
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        write_value(self, w)
    }
}

/// Writes `items` (all floats) as one little-endian `f64` typed array, through a stack buffer.
fn f64_array<S: Sink>(w: &mut Writer<S>, items: &[Value]) -> Result<()> {
    w.tag(86)?;
    w.head(structio_cbor::header::BYTES, (items.len() * 8) as u64)?;
    let mut buf = [0u8; 512];
    for chunk in items.chunks(64) {
        for (slot, v) in buf.chunks_exact_mut(8).zip(chunk) {
            slot.copy_from_slice(&v.as_f64().unwrap_or_default().to_le_bytes());
        }
        w.raw(&buf[..chunk.len() * 8])?;
    }
    Ok(())
}

fn write_value<S: Sink>(v: &Value, w: &mut Writer<S>) -> Result<()> {
    match &v.repr {
        Repr::Null => w.write_null(),
        Repr::Bool(b) => w.write_bool(*b),
        Repr::U64(n) => w.write_u64(*n),
        Repr::I64(n) => w.write_i64(*n),
        Repr::F64(f) => w.write_f64(*f),
        Repr::Short(_) | Repr::Str(_) => w.write_str(v.as_str().unwrap_or_default()),
        Repr::Array(a) => {
            if !a.is_empty() && a.iter().all(Value::is_f64) {
                return f64_array(w, a);
            }
            w.begin_array(a.len())?;
            for e in a.iter() {
                write_value(e, w)?;
            }
            Ok(())
        }
        Repr::Object(o) => structio_cbor::write_map(w, o.len(), o.iter()),
    }
}
