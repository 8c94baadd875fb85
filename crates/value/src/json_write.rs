//! Writing a [`Value`] as JSON text, compact or pretty (two-space indent, as serde_json).
//!
//! Strings are escaped by structio-json's string writer (`"`, `\`, the short escapes for control
//! characters, `\u00XX` with uppercase hex for the rest below 0x20; nothing else): the same
//! bytes as serde_json's re-serialisation except the case of that hex (serde_json writes
//! `\u001f`, structio `\u001F`). A non-finite float, which JSON cannot hold, is written as
//! `null`, as serde_json does.

use alloc::string::String;
use alloc::vec::Vec;

use crate::value::Repr;
use crate::Value;

/// Appends `s` as a quoted, escaped JSON string, through structio-json's string writer (the
/// workspace's one escaper).
#[inline]
pub(crate) fn write_str(out: &mut Vec<u8>, s: &str) {
    // A `Vec` sink grows as needed and never reports an error.
    let _ = structio_json::Writer::new(&mut *out).write_str(s);
}

/// Appends the decimal text of `n` (structio-num's integer writer), after a comma when
/// `comma`.
#[inline]
fn write_int<T: structio_num::Integer>(out: &mut Vec<u8>, comma: bool, n: T) {
    let mut block = [0u8; 40];
    let len = structio_num::write_int(n, &mut block);
    append_block(out, comma, &block, len);
}

/// Appends a float as the shortest text that reads back to it, in the workspace's (Glaze's)
/// layout, plus `.0` on a whole number so that it reads back as a float (`1.0`, not `1`);
/// `null` when not finite; after a comma when `comma`.
#[inline]
fn write_f64(out: &mut Vec<u8>, comma: bool, f: f64) {
    let mut buf = [0u8; 32];
    let n = float_text(f, &mut buf);
    append_block(out, comma, &buf, n);
}

/// Appends a comma when `comma`, then the first `n` bytes of `block`, by copying all `N`: a
/// copy of constant size costs less than a call to `memcpy` for a few bytes, and the comma
/// shares the block's one test of the capacity.
#[inline(always)]
fn append_block<const N: usize>(out: &mut Vec<u8>, comma: bool, block: &[u8; N], n: usize) {
    out.reserve(N + 1);
    let len = out.len();
    let at = len + usize::from(comma);
    // SAFETY: `reserve(N + 1)` made room for the comma and the whole block after `len`; the
    // comma (when counted) and `n <= N` bytes of the block are initialised and counted.
    unsafe {
        let end = out.as_mut_ptr().add(len);
        end.write(b',');
        core::ptr::copy_nonoverlapping(block.as_ptr(), end.add(usize::from(comma)), N);
        out.set_len(at + n.min(N));
    }
}

/// `true` for a finite float with no fraction: its exponent puts every fraction bit above the
/// binary point (or it is zero).
#[inline(always)]
fn is_whole(f: f64) -> bool {
    let bits = f.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32 - 1023;
    if bits << 1 == 0 || exp >= 52 {
        return true;
    }
    exp >= 0 && bits & ((1u64 << (52 - exp)) - 1) == 0
}

/// The text [`write_f64`] appends, in `buf[..n]`.
#[inline(always)]
pub(crate) fn float_text(f: f64, buf: &mut [u8; 32]) -> usize {
    if !f.is_finite() {
        buf[..4].copy_from_slice(b"null");
        return 4;
    }
    let n = structio_num::write_f64(f, buf);
    // The layout writes a whole number below 1e16 as bare digits (`1`, `-0`); from 1e16 up it
    // has an exponent (`1E16`), which already reads back as a float.
    if is_whole(f) && f.abs() < 1e16 {
        buf[n..n + 2].copy_from_slice(b".0");
        return n + 2;
    }
    n
}

fn write_compact(out: &mut Vec<u8>, v: &Value) {
    match &v.repr {
        Repr::Array(a) => {
            out.push(b'[');
            if let Some((first, rest)) = a.split_first() {
                write_element(out, false, first);
                for e in rest {
                    write_element(out, true, e);
                }
            }
            out.push(b']');
        }
        Repr::Object(o) => {
            out.push(b'{');
            for (i, (k, e)) in o.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_str(out, k);
                out.push(b':');
                write_element(out, false, e);
            }
            out.push(b'}');
        }
        _ => write_element(out, false, v),
    }
}

/// Writes a value, after a comma when `comma`: a scalar in place, a container by a call. Most
/// values are scalars, and a call for each would spend more saving and restoring registers
/// than writing a number takes; a number's comma is written under the number's one test of
/// the capacity.
#[inline(always)]
fn write_element(out: &mut Vec<u8>, comma: bool, e: &Value) {
    match &e.repr {
        Repr::U64(n) => return write_int(out, comma, *n),
        Repr::I64(n) => return write_int(out, comma, *n),
        Repr::F64(f) => return write_f64(out, comma, *f),
        _ => {}
    }
    // Numbers first, in a match of their own: one match with a comma written in each other arm
    // runs fewer instructions but measured slower on number-heavy documents (citm_catalog).
    if comma {
        out.push(b',');
    }
    match &e.repr {
        Repr::Null => out.extend_from_slice(b"null"),
        Repr::Bool(true) => out.extend_from_slice(b"true"),
        Repr::Bool(false) => out.extend_from_slice(b"false"),
        Repr::Short(s) => write_str(out, s.as_str()),
        Repr::Str(s) => write_str(out, s.as_str()),
        // Numbers were written above.
        Repr::U64(_) | Repr::I64(_) | Repr::F64(_) => {}
        Repr::Array(_) | Repr::Object(_) => write_compact(out, e),
    }
}

/// A line break and the indentation of the deepest levels most documents reach, copied from
/// at once.
const NEWLINE_INDENT: &[u8; 65] =
    b"\n                                                                ";

/// Starts a new line indented for `depth` (two spaces a level).
#[inline(always)]
fn newline(out: &mut Vec<u8>, depth: usize) {
    match NEWLINE_INDENT.get(..1 + 2 * depth) {
        Some(line) => out.extend_from_slice(line),
        None => {
            out.push(b'\n');
            out.resize(out.len() + 2 * depth, b' ');
        }
    }
}

fn write_pretty(out: &mut Vec<u8>, v: &Value, depth: usize) {
    match &v.repr {
        Repr::Array(a) if !a.is_empty() => {
            out.push(b'[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                newline(out, depth + 1);
                pretty_element(out, e, depth + 1);
            }
            newline(out, depth);
            out.push(b']');
        }
        Repr::Object(o) if !o.is_empty() => {
            out.push(b'{');
            for (i, (k, e)) in o.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                newline(out, depth + 1);
                write_str(out, k);
                out.extend_from_slice(b": ");
                pretty_element(out, e, depth + 1);
            }
            newline(out, depth);
            out.push(b'}');
        }
        _ => write_element(out, false, v),
    }
}

/// [`write_element`] for pretty text: a scalar or an empty container in place, any other
/// container by a call.
#[inline(always)]
fn pretty_element(out: &mut Vec<u8>, e: &Value, depth: usize) {
    match &e.repr {
        Repr::Array(a) if !a.is_empty() => write_pretty(out, e, depth),
        Repr::Object(o) if !o.is_empty() => write_pretty(out, e, depth),
        _ => write_element(out, false, e),
    }
}

/// Appends `v` as JSON text to `out`: compact, or pretty (two-space indent) when `pretty`.
///
/// ```
/// let mut out = Vec::new();
/// structio_value::write_json(&structio_value::value!({"a": [1]}), &mut out, false);
/// assert_eq!(out, br#"{"a":[1]}"#);
/// ```
pub fn write_json(v: &Value, out: &mut Vec<u8>, pretty: bool) {
    if pretty {
        write_pretty(out, v, 0);
    } else {
        write_compact(out, v);
    }
}

/// `v` as compact JSON bytes.
///
/// ```
/// assert_eq!(structio_value::to_vec(&structio_value::value!([true, null])), b"[true,null]");
/// ```
pub fn to_vec(v: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    write_compact(&mut out, v);
    out
}

/// `v` as pretty JSON bytes (two-space indent).
///
/// ```
/// assert_eq!(structio_value::to_vec_pretty(&structio_value::value!([1])), b"[\n  1\n]");
/// ```
pub fn to_vec_pretty(v: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    write_pretty(&mut out, v, 0);
    out
}

fn into_string(bytes: Vec<u8>) -> String {
    // SAFETY: the writer emits ASCII punctuation and digits, and strings copied whole from
    // `&str`s or cut at ASCII bytes, so the output is UTF-8.
    unsafe { String::from_utf8_unchecked(bytes) }
}

/// `v` as compact JSON text.
///
/// ```
/// assert_eq!(structio_value::to_string(&structio_value::value!({"k": "v"})), r#"{"k":"v"}"#);
/// ```
pub fn to_string(v: &Value) -> String {
    into_string(to_vec(v))
}

/// `v` as pretty JSON text (two-space indent, `"key": value`).
///
/// ```
/// assert_eq!(structio_value::to_string_pretty(&structio_value::value!({"k": []})), "{\n  \"k\": []\n}");
/// ```
pub fn to_string_pretty(v: &Value) -> String {
    into_string(to_vec_pretty(v))
}
