//! Building a [`Value`] from CBOR, through structio-cbor's cursor: a loop over an explicit
//! stack of open arrays and maps (no recursion), so nesting costs heap bounded by the cursor's
//! depth limit, not call stack.
//!
//! The mapping is in `cbor`'s module docs. Every count is checked against the input by the
//! cursor before anything is reserved, and reservations are capped besides: a container
//! grows as its items actually arrive.

use alloc::string::String;
use alloc::vec::Vec;

use structio_cbor::header::{self, additional, major, typed_element, TypedElement};
use structio_cbor::{ErrorKind, Items, Reader, Result};

use crate::builder::{IN_SCRATCH, TOO_LARGE};
use crate::{Array, Object, Value};

/// The most elements or members reserved up front for a container, whatever its count says
/// (the count is already checked against the bytes left; this keeps a short document whose
/// every byte is an item from reserving 16 times its size at once).
const RESERVE_MAX: usize = 1 << 12;

/// An open array or map, and the items of it not yet read.
struct Open {
    items: Items,
    node: Node,
    /// The tags before it, each a level entered until it closes.
    tags: u32,
}

enum Node {
    Array(Array),
    /// A map, and the key of the entry whose value is being read.
    Object(Object, String),
}

const SIMPLE_NO_FORM: &str =
    "simple values other than false, true, null and undefined have no Value form";
const F128_NO_FORM: &str = "128-bit floats have no Value form";

/// Reads the item at the cursor (which then stands after it) into a [`Value`].
pub(crate) fn read_value(r: &mut Reader<'_>) -> Result<Value> {
    if r.input().len() >= IN_SCRATCH as usize {
        return Err(r.error_at(0, ErrorKind::Custom(TOO_LARGE)));
    }
    let mut stack: Vec<Open> = Vec::new();
    'item: loop {
        let mut v = match item(r, &mut stack)? {
            Some(v) => v,
            // A container with at least one item opened: read it.
            None => continue 'item,
        };
        // A value is complete: put it in its container, closing every container it ends.
        loop {
            let Some(open) = stack.last_mut() else {
                return Ok(v);
            };
            match &mut open.node {
                Node::Array(a) => a.push(v),
                Node::Object(o, k) => o.append(k, v),
            }
            if r.next(&mut open.items)? {
                if let Node::Object(_, k) = &mut open.node {
                    map_key(r, k)?;
                }
                continue 'item;
            }
            let Some(open) = stack.pop() else {
                // Never: the frame was there just now.
                return Err(r.error(ErrorKind::UnexpectedEnd));
            };
            for _ in 0..open.tags {
                r.leave();
            }
            v = match open.node {
                Node::Array(a) => Value::from(a),
                Node::Object(mut o, _) => {
                    // One member per key, the last value, as the JSON reader keeps a Value.
                    if crate::duplicates::has_repeats(&o) {
                        crate::duplicates::fold_repeats(&mut o);
                    }
                    Value::from(o)
                }
            };
        }
    }
}

/// Reads one item: `Some` if it is complete, `None` if it opened a container with at least
/// one item (pushed on `stack`, its first key read if it is a map).
fn item(r: &mut Reader<'_>, stack: &mut Vec<Open>) -> Result<Option<Value>> {
    let at = r.offset();
    let mut b = r.peek()?;
    // Each tag is a level of the depth limit until its item ends, as `skip_value` counts it.
    let mut tag = None;
    let mut tags = 0u32;
    while major(b) == header::TAG {
        r.enter()?;
        tags += 1;
        tag = Some(r.read_tag()?);
        b = r.peek()?;
    }
    let v = match untagged(r, stack, at, b, tag, tags)? {
        Some(v) => v,
        None => return Ok(None),
    };
    for _ in 0..tags {
        r.leave();
    }
    Ok(Some(v))
}

/// The item after its tags (`tag` the innermost, `tags` how many), whose initial byte is `b`.
fn untagged(
    r: &mut Reader<'_>,
    stack: &mut Vec<Open>,
    at: usize,
    b: u8,
    tag: Option<u64>,
    tags: u32,
) -> Result<Option<Value>> {
    let m = major(b);
    if let (Some(t), header::BYTES) = (tag, m) {
        if t == header::TAG_POS_BIGNUM || t == header::TAG_NEG_BIGNUM {
            return bignum(r, t == header::TAG_NEG_BIGNUM).map(Some);
        }
        if let Some(e) = typed_element(t) {
            return typed(r, e, at).map(Some);
        }
    }
    let v = match m {
        header::UNSIGNED => Value::from(r.read_int::<u64>()?),
        header::NEGATIVE => {
            // -1 - n for an n of up to 64 bits: `i64` when it fits, else the nearest `f64`.
            let n = r.read_int::<i128>()?;
            match i64::try_from(n) {
                Ok(i) => Value::from(i),
                Err(_) => Value::from(n as f64),
            }
        }
        header::BYTES => {
            // No byte node: the bytes as an array of integers, as RFC 8746's uint8 array reads.
            let mut a = Array::new();
            r.read_bytes_chunks(|bytes| {
                a.reserve(bytes.len());
                for &x in bytes {
                    a.push(Value::from(x));
                }
                Ok(())
            })?;
            Value::from(a)
        }
        header::TEXT => {
            if additional(b) == header::INDEFINITE {
                let mut s = String::new();
                r.read_str_chunks(|chunk| {
                    s.push_str(chunk);
                    Ok(())
                })?;
                Value::from(s.as_str())
            } else {
                Value::from(r.read_str()?)
            }
        }
        header::ARRAY => {
            let mut items = r.begin_array()?;
            let cap = items.len().unwrap_or(0).min(RESERVE_MAX);
            if !r.next(&mut items)? {
                return Ok(Some(Value::from(Array::new())));
            }
            stack.push(Open {
                items,
                node: Node::Array(Array::with_capacity(cap)),
                tags,
            });
            return Ok(None);
        }
        header::MAP => {
            let mut items = r.begin_map()?;
            let cap = items.len().unwrap_or(0).min(RESERVE_MAX);
            if !r.next(&mut items)? {
                return Ok(Some(Value::from(Object::new())));
            }
            let mut key = String::new();
            map_key(r, &mut key)?;
            stack.push(Open {
                items,
                node: Node::Object(Object::with_capacity(cap, cap * 8), key),
                tags,
            });
            return Ok(None);
        }
        _ => match b {
            header::FALSE | header::TRUE => Value::from(r.read_bool()?),
            header::NULL | header::UNDEFINED => {
                r.read_null()?;
                Value::NULL
            }
            header::F16 | header::F32 | header::F64 => Value::from(r.read_f64()?),
            0xfc..=header::BREAK => {
                return Err(r.error(ErrorKind::InvalidHeader(b)));
            }
            _ => {
                // A simple value: `read_simple` refuses the malformed two-byte forms first.
                let at = r.offset();
                r.read_simple()?;
                return Err(r.error_at(at, ErrorKind::Custom(SIMPLE_NO_FORM)));
            }
        },
    };
    Ok(Some(v))
}

/// A map key as an object key: a text string (chunks assembled in `buf`), or an integer
/// written in decimal (as BEVE's JSON mapping writes integer keys). Any other key has no
/// `Value` form: [`ErrorKind::WrongType`] at it, naming the text major type.
fn map_key(r: &mut Reader<'_>, key: &mut String) -> Result<()> {
    key.clear();
    let at = r.offset();
    let mut b = r.peek()?;
    if major(b) == header::TAG {
        r.skip_tags()?;
        b = r.peek()?;
    }
    match major(b) {
        header::TEXT => {
            if additional(b) == header::INDEFINITE {
                r.read_str_chunks(|chunk| {
                    key.push_str(chunk);
                    Ok(())
                })?;
            } else {
                key.push_str(r.read_str()?);
            }
        }
        header::UNSIGNED | header::NEGATIVE => {
            let n = r.read_int::<i128>()?;
            let mut digits = [0u8; 40];
            key.push_str(decimal(n, &mut digits));
        }
        _ => {
            return Err(r.error_at(
                at,
                ErrorKind::WrongType {
                    expected: header::TEXT,
                    found: b,
                },
            ))
        }
    }
    Ok(())
}

/// `n` in decimal, in `buf`.
fn decimal(n: i128, buf: &mut [u8; 40]) -> &str {
    let mut i = buf.len();
    let neg = n < 0;
    let mut u = n.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    if neg {
        i -= 1;
        buf[i] = b'-';
    }
    core::str::from_utf8(&buf[i..]).unwrap_or_default()
}

/// A bignum's byte string (its tag read): `u64`/`i64` when it fits, else the nearest `f64`
/// (infinite past `f64`'s range).
fn bignum(r: &mut Reader<'_>, negative: bool) -> Result<Value> {
    let mut n: u128 = 0;
    let mut wide = false;
    let mut f = 0.0f64;
    r.read_bytes_chunks(|bytes| {
        for &x in bytes {
            f = f * 256.0 + f64::from(x);
            if n >> 120 != 0 {
                wide = true;
            }
            n = n << 8 | u128::from(x);
        }
        Ok(())
    })?;
    if !wide {
        f = n as f64;
        if !negative {
            if let Ok(u) = u64::try_from(n) {
                return Ok(Value::from(u));
            }
        } else if let Ok(i) = i64::try_from(n) {
            // -1 - n, with n below 2^63.
            return Ok(Value::from(-1 - i));
        }
    }
    Ok(Value::from(if negative { -1.0 - f } else { f }))
}

/// An RFC 8746 typed array's byte string (its tag, at `at`, read) as an array of numbers.
fn typed(r: &mut Reader<'_>, e: TypedElement, at: usize) -> Result<Value> {
    if e.float && e.width == 16 {
        return Err(r.error_at(at, ErrorKind::Custom(F128_NO_FORM)));
    }
    let mut a = Array::new();
    // Elements may straddle the chunks of an indefinite-length byte string.
    let mut part = [0u8; 8];
    let mut have = 0usize;
    r.read_bytes_chunks(|bytes| {
        a.reserve((bytes.len() / e.width).min(RESERVE_MAX));
        for &x in bytes {
            part[have] = x;
            have += 1;
            if have == e.width {
                a.push(element(e, &part[..have]));
                have = 0;
            }
        }
        Ok(())
    })?;
    if have != 0 {
        return Err(r.error_at(at, ErrorKind::TypedArrayLength));
    }
    Ok(Value::from(a))
}

/// One element of a typed array.
fn element(e: TypedElement, bytes: &[u8]) -> Value {
    let mut word = [0u8; 8];
    // Into the low bytes of a little-endian word, whatever the element's byte order.
    for (i, &x) in bytes.iter().enumerate() {
        let j = if e.little_endian {
            i
        } else {
            bytes.len() - 1 - i
        };
        word[j] = x;
    }
    let bits = u64::from_le_bytes(word);
    match (e.float, e.width) {
        (true, 2) => Value::from(f16_to_f64(bits as u16)),
        (true, 4) => Value::from(f64::from(f32::from_bits(bits as u32))),
        (true, _) => Value::from(f64::from_bits(bits)),
        (false, w) if e.signed => {
            // Sign-extend from `w` bytes.
            let shift = 64 - 8 * w as u32;
            Value::from(((bits << shift) as i64) >> shift)
        }
        _ => Value::from(bits),
    }
}

/// The half-precision float in `bits`, widened exactly.
fn f16_to_f64(bits: u16) -> f64 {
    let sign = if bits >> 15 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((bits >> 10) & 0x1f);
    let frac = u64::from(bits & 0x3ff);
    // 2^k built from its bits: `powi` is not in `core`.
    let pow2 = |k: i32| f64::from_bits(((1023 + k) as u64) << 52);
    match exp {
        0 => sign * frac as f64 * pow2(-24),
        // Infinities and NaNs, the payload moved to the top of the double's fraction.
        31 => f64::from_bits(u64::from(bits >> 15) << 63 | 0x7ff << 52 | frac << 42),
        _ => sign * (1.0 + frac as f64 / 1024.0) * pow2(exp - 15),
    }
}
