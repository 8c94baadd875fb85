//! Reading a [`Value`] from BEVE (the loop is in `beve_read`; the kinds it maps are here) and
//! writing one as BEVE, through structio-beve's cursor and
//! writer (its `BeveRead`/`BeveWrite` traits, so a `Value` can also be a field of a derived
//! struct).
//!
//! Reading maps every BEVE kind a JSON-shaped tree can hold: null, booleans, numbers of every
//! width (8–64-bit integers kept whole; 128-bit integers when they fit 64 bits, else as `f64`;
//! bfloat16, f16, f32 and f64 as `f64`), strings, objects with string keys or integer keys (the
//! key written in decimal, as BEVE's JSON mapping says), generic arrays, typed numeric, boolean,
//! string and aligned arrays, and the Version 1 type tag (its value, the index dropped). Complex
//! numbers, matrices and 128-bit floats are refused with an error at their header.
//!
//! Writing uses the widest form of each kind (`u64`, `i64`, `f64`), and a typed array for an
//! array whose elements are all floats, or all integers, so that it reads back as one bulk
//! payload; everything else is a generic array.

use alloc::vec::Vec;

use crate::builder::with_reader;
use crate::chunk::Arena;
use crate::push::{K_F64, K_I64, K_U64};
use structio_beve::header::{self, width};
use structio_beve::{BeveRead, BeveWrite, ErrorKind, Reader, Result, Sink, Writer};

use crate::value::Repr;
use crate::{Array, Value};

/// Reads one BEVE document into a [`Value`] (nesting up to 128 levels; nothing may follow).
///
/// ```
/// let v = structio_value::value!({"id": 7, "xs": [1.5, 2.5], "s": "x"});
/// let bytes = structio_value::to_beve(&v).unwrap();
/// assert_eq!(structio_value::from_beve(&bytes).unwrap(), v);
/// assert!(structio_value::from_beve(&bytes[..bytes.len() - 1]).is_err());
/// ```
pub fn from_beve(input: &[u8]) -> Result<Value> {
    let mut r = Reader::new(input);
    match with_reader(|reader| reader.read_beve(&mut r)).and_then(|v| r.finish().map(|()| v)) {
        Ok(v) => Ok(v),
        Err(e) => Err(structio_beve::describe_error(input, e)),
    }
}

/// Writes a [`Value`] as one BEVE document.
///
/// ```
/// let bytes = structio_value::to_beve(&structio_value::value!([true, null])).unwrap();
/// assert_eq!(bytes, [0x05, 0x08, 0x18, 0x00]);
/// ```
pub fn to_beve(v: &Value) -> Result<Vec<u8>> {
    structio_beve::to_vec(v)
}

/// ```
/// let v: Vec<structio_value::Value> =
///     structio_beve::from_slice(&[0x05, 0x04, 0x11, 0x07]).unwrap();
/// assert_eq!(v[0], 7);
/// ```
impl<'de> BeveRead<'de> for Value {
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        with_reader(|reader| reader.read_beve(r))
    }
}

/// ```
/// let v = structio_value::value!("x");
/// assert_eq!(structio_beve::to_vec(&v).unwrap(), [0x02, 0x04, b'x']);
/// ```
impl BeveWrite for Value {
    fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        write_value(self, w)
    }
}

/// Seals `a`, read since `mark` (see `Array::seal_since`).
///
/// As in the JSON reader, a sealed container's drop gives its subtree's blocks back with one
/// count instead of a walk (a walk of a large tree is a sizeable share of building it).
/// Whatever a seal must not cover is noted on the arena (`Arena::break_run`) where it
/// is made: an object grown out of its chunk or past `INDEX_MIN` members (`Object::seal_since`),
/// a boolean array.
fn seal_array(arena: &Arena, a: &mut Array, mark: (u32, usize)) {
    // SAFETY: `mark` was taken before the array's block; every block carved since is the
    // array's or its elements', read by this reader, which notes everything from elsewhere.
    unsafe { a.seal_since(arena, mark) };
}

/// The half-precision float in `bits`, widened exactly.
fn f16_to_f64(bits: u16) -> f64 {
    let sign = if bits >> 15 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((bits >> 10) & 0x1f);
    let frac = f64::from(bits & 0x3ff);
    // 2^k built from its bits: `powi` is not in `core`.
    let pow2 = |k: i32| f64::from_bits(((1023 + k) as u64) << 52);
    sign * match exp {
        0 => frac * pow2(-24),
        31 if frac == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + frac / 1024.0) * pow2(exp - 15),
    }
}

/// Decodes one number of numeric header `h` from its `bytes` (`bytes.len()` is its width).
pub(crate) fn number(h: u8, bytes: &[u8], r: &Reader<'_>, at: usize) -> Result<Value> {
    let (kind, bits) = number_parts(h, bytes, r, at)?;
    Ok(Value::from_number(kind, bits))
}

/// One number of numeric header `h` as the kind and bits `Value::push_number` takes, so that the tree reader pushes it as two words instead of
/// moving a `Value` built in pieces (see `crate::push`).
#[inline(always)]
pub(crate) fn number_parts(h: u8, bytes: &[u8], r: &Reader<'_>, at: usize) -> Result<(u8, u64)> {
    // The widths a header allows, each read at its own size rather than copied into a buffer
    // of 16 by a call to `memcpy` of a length known only here.
    let raw = match bytes.len() {
        1 => u128::from(bytes[0]),
        2 => u128::from(u16::from_le_bytes([bytes[0], bytes[1]])),
        4 => bytes
            .first_chunk()
            .map_or(0, |b| u128::from(u32::from_le_bytes(*b))),
        8 => bytes
            .first_chunk()
            .map_or(0, |b| u128::from(u64::from_le_bytes(*b))),
        _ => bytes.first_chunk().map_or(0, |b| u128::from_le_bytes(*b)),
    };
    let float = |f: f64| (K_F64, f.to_bits());
    let signed = |i: i64| (if i < 0 { K_I64 } else { K_U64 }, i as u64);
    let class = (h >> 3) & 3;
    let code = h >> 5;
    match (class, code) {
        (0, 0) => Ok(float(f64::from(f32::from_bits((raw as u32) << 16)))),
        (0, 1) => Ok(float(f16_to_f64(raw as u16))),
        (0, 2) => Ok(float(f64::from(f32::from_bits(raw as u32)))),
        (0, 3) => Ok(float(f64::from_bits(raw as u64))),
        (1, 0) => Ok(signed(i64::from(raw as u8 as i8))),
        (1, 1) => Ok(signed(i64::from(raw as u16 as i16))),
        (1, 2) => Ok(signed(i64::from(raw as u32 as i32))),
        (1, 3) => Ok(signed(raw as u64 as i64)),
        (1, 4) => {
            let i = raw as i128;
            Ok(if let Ok(u) = u64::try_from(i) {
                (K_U64, u)
            } else if let Ok(i) = i64::try_from(i) {
                signed(i)
            } else {
                float(i as f64)
            })
        }
        (2, 4) => match u64::try_from(raw) {
            Ok(u) => Ok((K_U64, u)),
            Err(_) => Ok(float(raw as f64)),
        },
        (2, _) => Ok((K_U64, raw as u64)),
        _ => Err(r.error_at(at, ErrorKind::Custom("128-bit floats have no Value form"))),
    }
}

/// A typed numeric array's elements of header `h` (numeric single-value header) from `bytes`.
fn numbers(
    h: u8,
    w: usize,
    bytes: &[u8],
    r: &Reader<'_>,
    at: usize,
    arena: &mut Arena,
) -> Result<Array> {
    let mark = arena.mark();
    let mut a = Array::with_capacity_in(bytes.len() / w, arena, r.remaining());
    match h {
        0x61 => {
            for c in bytes.chunks_exact(8) {
                let mut b = [0u8; 8];
                b.copy_from_slice(c);
                a.push(f64::from_le_bytes(b));
            }
        }
        0x71 => {
            for c in bytes.chunks_exact(8) {
                let mut b = [0u8; 8];
                b.copy_from_slice(c);
                a.push(u64::from_le_bytes(b));
            }
        }
        _ => {
            for c in bytes.chunks_exact(w) {
                a.push(number(h, c, r, at)?);
            }
        }
    }
    // Exactly `len / w` pushes into as many slots: the block never grew.
    seal_array(arena, &mut a, mark);
    Ok(a)
}

#[inline(always)]
pub(crate) fn utf8<'de>(r: &Reader<'de>, bytes: &'de [u8]) -> Result<&'de str> {
    // Most keys and strings are ASCII: an inlined word-at-a-time test beats a call to the full
    // validator.
    if bytes.is_ascii() {
        // SAFETY: ASCII is UTF-8.
        return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    if structio_core::utf8::is_valid(bytes) {
        // SAFETY: checked just now.
        return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
    }
    core::str::from_utf8(bytes).map_err(|e| {
        r.error_at(
            r.offset() - bytes.len() + e.valid_up_to(),
            ErrorKind::InvalidUtf8,
        )
    })
}

/// A typed array, a boolean array, a string array or an aligned array of header `h` (at
/// `at`), built in one step.
pub(crate) fn read_typed(r: &mut Reader<'_>, h: u8, at: usize, arena: &mut Arena) -> Result<Array> {
    match h {
        header::BOOL_ARRAY => {
            let n = r.read_size()?;
            let bytes = r.take(n.div_ceil(8))?;
            if n % 8 != 0 && bytes[n / 8] >> (n % 8) != 0 {
                return Err(r.error_at(r.offset() - 1, ErrorKind::InvalidPadding));
            }
            // Eight elements a byte: the only array a document under 2 GiB can make longer
            // than an `Array` holds.
            if n > u32::MAX as usize {
                return Err(r.error_at(at, ErrorKind::TooManyElements));
            }
            // An allocation of its own: nothing around it can be sealed.
            arena.break_run();
            Ok((0..n).map(|i| bytes[i / 8] >> (i % 8) & 1 != 0).collect())
        }
        header::STRING_ARRAY => {
            let n = r.read_count(1)?;
            let mark = arena.mark();
            let mut a = Array::with_capacity_in(n, arena, r.remaining());
            for _ in 0..n {
                let bytes = r.object_key()?;
                a.push(Value::string_in(utf8(r, bytes)?, arena, r.remaining()));
            }
            // `n` pushes into `n` slots: the block never grew.
            seal_array(arena, &mut a, mark);
            Ok(a)
        }
        header::ALIGNED_ARRAY => {
            let inner_at = r.offset();
            let inner = r.read_header()?;
            let w = match (inner & 7, width(inner)) {
                (4, Some(w)) => w,
                _ => return Err(r.error_at(inner_at, ErrorKind::InvalidHeader(inner))),
            };
            let size_at = r.offset();
            let n = r.read_size()?;
            let pad_at = r.offset();
            let pad = usize::from(r.read_header()?);
            if pad >= w {
                return Err(r.error_at(pad_at, ErrorKind::InvalidPadding));
            }
            r.take(pad)?;
            let bytes = match n.checked_mul(w) {
                Some(total) if total <= r.remaining() => r.take(total)?,
                _ => return Err(r.error_at(size_at, ErrorKind::LengthExceedsInput)),
            };
            numbers(inner & !7 | 1, w, bytes, r, at, arena)
        }
        _ => {
            let w = width(h).ok_or_else(|| r.error_at(at, ErrorKind::InvalidHeader(h)))?;
            let n = r.read_count(w)?;
            let bytes = r.take(n * w)?;
            numbers(h & !7 | 1, w, bytes, r, at, arena)
        }
    }
}

/// Writes `items` as one typed array of 8-byte elements, through a stack buffer.
fn typed8<S: Sink>(
    w: &mut Writer<S>,
    h: u8,
    items: &[Value],
    bits: impl Fn(&Value) -> u64,
) -> Result<()> {
    w.header_size(h, items.len())?;
    let mut buf = [0u8; 512];
    for chunk in items.chunks(64) {
        for (slot, v) in buf.chunks_exact_mut(8).zip(chunk) {
            slot.copy_from_slice(&bits(v).to_le_bytes());
        }
        w.raw(&buf[..chunk.len() * 8])?;
    }
    Ok(())
}

fn write_value<S: Sink>(v: &Value, w: &mut Writer<S>) -> Result<()> {
    match &v.repr {
        Repr::Null => w.write_null(),
        Repr::Bool(b) => w.write_bool(*b),
        Repr::U64(n) => w.write_number(*n),
        Repr::I64(n) => w.write_number(*n),
        Repr::F64(f) => w.write_number(*f),
        Repr::Short(_) | Repr::Str(_) => w.write_str(v.as_str().unwrap_or_default()),
        Repr::Array(a) => {
            if !a.is_empty() {
                if a.iter().all(Value::is_f64) {
                    return typed8(w, 0x64, a, |v| v.as_f64().unwrap_or_default().to_bits());
                }
                if a.iter().all(Value::is_u64) {
                    return typed8(w, 0x74, a, |v| v.as_u64().unwrap_or_default());
                }
                if a.iter().all(Value::is_i64) {
                    return typed8(w, 0x6c, a, |v| v.as_i64().unwrap_or_default() as u64);
                }
            }
            w.begin_array(a.len())?;
            for e in a.iter() {
                write_value(e, w)?;
            }
            Ok(())
        }
        Repr::Object(o) => {
            w.begin_object(o.len())?;
            for (k, e) in o.iter() {
                w.key(k.as_bytes())?;
                write_value(e, w)?;
            }
            Ok(())
        }
    }
}
