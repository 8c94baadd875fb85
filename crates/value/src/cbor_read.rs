//! Building a [`Value`] from CBOR: structio-cbor's cursor feeding the tree builder
//! (`builder`), the stacks the JSON and BEVE readers feed.
//!
//! Every value waits on the builder's stack until its container closes; then the container
//! takes them in one exact-size block, and a map takes its text keys' bytes straight from the
//! input (integer keys and keys in chunks as decimal or assembled text, given back when the
//! map closes). There is no recursion: nesting costs heap, bounded by the cursor's depth limit,
//! not call stack.
//!
//! The mapping is in `cbor`'s module docs. Every count is checked against the input by the
//! cursor before anything is reserved, and byte strings' reservations are capped besides.

use alloc::string::String;
use alloc::vec::Vec;

use structio_cbor::header::{self, additional, major, typed_element, TypedElement};
use structio_cbor::{ErrorKind, Items, Reader as Cursor, Result};

use crate::builder::{
    push_string_at, Frame, Key, Reader, IN_SCRATCH, KEY_TEXT_MAX, KEY_TEXT_TOO_LARGE, TOO_LARGE,
};
use crate::{Array, Value};

/// The most elements reserved up front for an array read from a byte string, whatever its
/// length says (the length is already checked against the bytes left; this keeps a document
/// whose bytes are one byte string from reserving 16 times its size at once: the stack grows
/// as the elements arrive).
const RESERVE_MAX: usize = 1 << 12;

/// An open array or map: the builder's marks, the items of it not yet read, and the tags
/// before it (each a level entered until it closes).
struct OpenItems {
    frame: Frame,
    items: Items,
    tags: u32,
    /// `key_text`'s length when a map opened: its keys' text is given back when it closes.
    key_text: u32,
}

const SIMPLE_NO_FORM: &str =
    "simple values other than false, true, null and undefined have no Value form";
const F128_NO_FORM: &str = "128-bit floats have no Value form";

impl Reader {
    /// Reads the item at the cursor (which then stands after it) into a [`Value`], then leaves
    /// the reader ready for the next document whatever happened.
    pub(crate) fn read_cbor(&mut self, r: &mut Cursor<'_>) -> Result<Value> {
        let len = r.input().len();
        let too_large = |r: &mut Cursor<'_>| r.error_at(0, ErrorKind::Custom(TOO_LARGE));
        self.read_document(r, len, too_large, Self::build_cbor)
    }

    fn build_cbor(&mut self, r: &mut Cursor<'_>) -> Result<Value> {
        let input = r.input();
        let mut stack: Vec<OpenItems> = Vec::new();
        'item: loop {
            if !self.cbor_item(r, &mut stack)? {
                // A container with at least one item opened: read it.
                continue 'item;
            }
            // A value is on the stack: go on in its container, closing every container it ends.
            loop {
                let Some(open) = stack.last_mut() else {
                    return Ok(self.values.pop().unwrap_or(Value::NULL));
                };
                if r.next(&mut open.items)? {
                    if open.frame.object {
                        self.cbor_key(r)?;
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
                let hint = r.remaining();
                if open.frame.object {
                    // One member per key, the last value, as the JSON reader keeps a Value.
                    let o = self.close_object(input, open.frame, hint);
                    self.key_text.truncate(open.key_text as usize);
                    Value::push_object(&mut self.values, o);
                } else {
                    let a = self.close_array(open.frame, hint);
                    Value::push_array(&mut self.values, a);
                }
            }
        }
    }

    /// Reads one item: `true` if it is complete (and pushed), `false` if it opened a
    /// container with at least one item (pushed on `stack`, its first key read if it is a map).
    fn cbor_item(&mut self, r: &mut Cursor<'_>, stack: &mut Vec<OpenItems>) -> Result<bool> {
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
        if !self.untagged(r, stack, at, b, tag, tags)? {
            return Ok(false);
        }
        for _ in 0..tags {
            r.leave();
        }
        Ok(true)
    }

    /// The item after its tags (`tag` the innermost, `tags` how many), whose initial byte is
    /// `b`: `true` once it is pushed, `false` if it opened a container.
    fn untagged(
        &mut self,
        r: &mut Cursor<'_>,
        stack: &mut Vec<OpenItems>,
        at: usize,
        b: u8,
        tag: Option<u64>,
        tags: u32,
    ) -> Result<bool> {
        let m = major(b);
        if let (Some(t), header::BYTES) = (tag, m) {
            if t == header::TAG_POS_BIGNUM || t == header::TAG_NEG_BIGNUM {
                self.values.push(bignum(r, t == header::TAG_NEG_BIGNUM)?);
                return Ok(true);
            }
            if let Some(e) = typed_element(t) {
                let frame = self.open_frame(false);
                typed(r, e, at, &mut self.values)?;
                self.close_bytes_array(r, frame);
                return Ok(true);
            }
        }
        match m {
            header::UNSIGNED => self.values.push(Value::from(r.read_int::<u64>()?)),
            header::NEGATIVE => {
                // -1 - n for an n of up to 64 bits: `i64` when it fits, else the nearest `f64`.
                let n = r.read_int::<i128>()?;
                self.values.push(match i64::try_from(n) {
                    Ok(i) => Value::from(i),
                    Err(_) => Value::from(n as f64),
                });
            }
            header::BYTES => {
                // No byte node: the bytes as an array of integers, as RFC 8746's uint8 array
                // reads.
                let frame = self.open_frame(false);
                let values = &mut self.values;
                r.read_bytes_chunks(|bytes| {
                    values.reserve(bytes.len().min(RESERVE_MAX));
                    for &x in bytes {
                        values.push(Value::from(x));
                    }
                    Ok(())
                })?;
                self.close_bytes_array(r, frame);
            }
            header::TEXT => {
                if additional(b) == header::INDEFINITE {
                    let mut s = String::new();
                    r.read_str_chunks(|chunk| {
                        s.push_str(chunk);
                        Ok(())
                    })?;
                    // From the arena, as every string a seal may cover (`Array::seal_since`).
                    let hint = r.remaining();
                    Value::push_string_in(&mut self.values, &s, &mut self.arena, hint);
                } else {
                    let s = r.read_str()?;
                    let end = r.offset();
                    push_string_at(
                        &mut self.values,
                        r.input(),
                        end - s.len(),
                        end,
                        &mut self.arena,
                    );
                }
            }
            header::ARRAY | header::MAP => {
                let object = m == header::MAP;
                let mut items = if object {
                    r.begin_map()?
                } else {
                    r.begin_array()?
                };
                if !r.next(&mut items)? {
                    self.push_empty(object);
                    return Ok(true);
                }
                stack.push(OpenItems {
                    frame: self.open_frame(object),
                    items,
                    tags,
                    // At most `KEY_TEXT_MAX` (checked as keys are written).
                    key_text: self.key_text.len() as u32,
                });
                if object {
                    self.cbor_key(r)?;
                }
                return Ok(false);
            }
            _ => match b {
                header::FALSE | header::TRUE => {
                    Value::push_bool(&mut self.values, r.read_bool()?);
                }
                header::NULL | header::UNDEFINED => {
                    r.read_null()?;
                    Value::push_null(&mut self.values);
                }
                header::F16 | header::F32 | header::F64 => {
                    self.values.push(Value::from(r.read_f64()?));
                }
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
        }
        Ok(true)
    }

    /// Closes the array whose elements a byte string pushed since `frame` opened (none for
    /// an empty one), and pushes it.
    fn close_bytes_array(&mut self, r: &Cursor<'_>, frame: Frame) {
        let a = if self.values.len() == frame.values as usize {
            Array::new()
        } else {
            self.close_array(frame, r.remaining())
        };
        Value::push_array(&mut self.values, a);
    }

    /// Pushes the key of the map entry about to be read: a text string (a range of the input,
    /// or its chunks assembled in `key_text`), or an integer written in decimal in `key_text`
    /// (as BEVE's JSON mapping writes integer keys). Any other key has no `Value` form:
    /// [`ErrorKind::WrongType`] at it, naming the text major type.
    fn cbor_key(&mut self, r: &mut Cursor<'_>) -> Result<()> {
        let at = r.offset();
        let mut b = r.peek()?;
        if major(b) == header::TAG {
            r.skip_tags()?;
            b = r.peek()?;
        }
        let from = self.key_text.len();
        match major(b) {
            header::TEXT if additional(b) != header::INDEFINITE => {
                let s = r.read_str()?;
                let end = r.offset();
                self.keys.push(Key {
                    // Below `IN_SCRATCH`: the input is shorter (checked in `read_document`).
                    start: (end - s.len()) as u32,
                    len: s.len() as u32,
                });
                self.key_bytes += s.len();
                return Ok(());
            }
            header::TEXT => {
                let text = &mut self.key_text;
                r.read_str_chunks(|chunk| {
                    text.extend_from_slice(chunk.as_bytes());
                    Ok(())
                })?;
            }
            header::UNSIGNED | header::NEGATIVE => {
                let n = r.read_int::<i128>()?;
                let mut digits = [0u8; 40];
                self.key_text
                    .extend_from_slice(decimal(n, &mut digits).as_bytes());
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
        // Offsets into `key_text` and lengths must stay below `IN_SCRATCH`.
        if self.key_text.len() > KEY_TEXT_MAX {
            return Err(r.error_at(at, ErrorKind::Custom(KEY_TEXT_TOO_LARGE)));
        }
        let len = self.key_text.len() - from;
        self.keys.push(Key {
            start: from as u32 | IN_SCRATCH,
            len: len as u32,
        });
        self.key_bytes += len;
        Ok(())
    }
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
fn bignum(r: &mut Cursor<'_>, negative: bool) -> Result<Value> {
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

/// An RFC 8746 typed array's byte string (its tag, at `at`, read): its numbers pushed on
/// `values`.
fn typed(r: &mut Cursor<'_>, e: TypedElement, at: usize, values: &mut Vec<Value>) -> Result<()> {
    if e.float && e.width == 16 {
        return Err(r.error_at(at, ErrorKind::Custom(F128_NO_FORM)));
    }
    // Elements may straddle the chunks of an indefinite-length byte string.
    let mut part = [0u8; 8];
    let mut have = 0usize;
    r.read_bytes_chunks(|bytes| {
        values.reserve((bytes.len() / e.width).min(RESERVE_MAX));
        for &x in bytes {
            part[have] = x;
            have += 1;
            if have == e.width {
                values.push(element(e, &part[..have]));
                have = 0;
            }
        }
        Ok(())
    })?;
    if have != 0 {
        return Err(r.error_at(at, ErrorKind::TypedArrayLength));
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use crate::builder::{KEY_TEXT_MAX, KEY_TEXT_TOO_LARGE};
    use crate::{from_cbor, value, CborErrorKind};
    use alloc::vec::Vec;

    /// A map of `n` entries, each with `u64::MAX` (20 digits of text) as its key and null as
    /// its value.
    fn max_u64_keys(n: usize) -> Vec<u8> {
        let mut b = alloc::vec![0xb9];
        b.extend_from_slice(&(n as u16).to_be_bytes());
        for _ in 0..n {
            b.push(0x1b);
            b.extend_from_slice(&u64::MAX.to_be_bytes());
            b.push(0xf6);
        }
        b
    }

    /// Maps give their keys' text back when they close: many maps whose integer keys' text
    /// together passes the limit read, each with its key.
    #[test]
    fn key_text_is_given_back_per_map() {
        let per = KEY_TEXT_MAX / 20 / 2;
        let maps = 5;
        let mut b = alloc::vec![0x85];
        for _ in 0..maps {
            b.extend_from_slice(&max_u64_keys(per));
        }
        let v = from_cbor(&b).unwrap();
        let a = v.as_array().unwrap();
        assert_eq!(a.len(), maps);
        for o in a {
            assert_eq!(o.as_object().map(|o| o.len()), Some(1));
            assert_eq!(o["18446744073709551615"], value!(null));
        }
    }

    /// One map whose keys' text passes the limit is an error at the key that passes it.
    #[test]
    fn key_text_past_the_limit_is_an_error() {
        let fits = KEY_TEXT_MAX / 20;
        let e = from_cbor(&max_u64_keys(fits + 1)).unwrap_err();
        assert_eq!(e.kind(), CborErrorKind::Custom(KEY_TEXT_TOO_LARGE));
        assert_eq!(e.offset(), 3 + 10 * fits);
    }

    /// Keys in chunks and integer keys (text not in the input) beside keys that are: nested
    /// maps keep each their own keys, and a key repeated across the two kinds keeps one member,
    /// the last value.
    #[test]
    fn keys_out_of_the_input_beside_keys_in_it() {
        // {"x": {5: 6}, "y": {7: 8}}
        let b = [
            0xa2, 0x61, b'x', 0xa1, 0x05, 0x06, 0x61, b'y', 0xa1, 0x07, 0x08,
        ];
        assert_eq!(
            from_cbor(&b).unwrap(),
            value!({"x": {"5": 6}, "y": {"7": 8}})
        );
        // {(_ "a", "b"): 1, 2: {(_ "c"): 3}}
        let b = [
            0xa2, 0x7f, 0x61, b'a', 0x61, b'b', 0xff, 0x01, 0x02, 0xa1, 0x7f, 0x61, b'c', 0xff,
            0x03,
        ];
        assert_eq!(from_cbor(&b).unwrap(), value!({"ab": 1, "2": {"c": 3}}));
        // {1: 0, "1": 2} and {"1": 0, 1: 2}: one member "1", the last value.
        for b in [
            [0xa2, 0x01, 0x00, 0x61, b'1', 0x02],
            [0xa2, 0x61, b'1', 0x00, 0x01, 0x02],
        ] {
            assert_eq!(from_cbor(&b).unwrap(), value!({"1": 2}));
        }
    }
}
