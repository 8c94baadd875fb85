//! Building a [`Value`] from BEVE: structio-beve's cursor feeding the tree builder
//! (`builder`), the same stacks the JSON reader feeds.
//!
//! Every value waits on the reader's stack until its container closes; then the container
//! takes them in one exact-size block, and an object takes its keys' bytes straight from the
//! input (counted while they were read), as JSON's do. There is no recursion: nesting
//! costs heap, bounded by the cursor's depth limit (`structio_beve::Reader::enter`), not call
//! stack.
//!
//! Measured against the recursive reader this replaced (each container built by `push` and
//! `append` into a block sized by its count and a guess of 16 bytes a key): see
//! docs/perf/value.md, "BEVE builds on the JSON reader's stacks".

use structio_beve::header::{self, width};
use structio_beve::{ErrorKind, Reader as Cursor, Result};

use crate::beve::{number, number_parts, read_typed, utf8};
use crate::builder::{
    push_string_at, CountedFrame, Key, Open, Reader, IN_SCRATCH, KEY_TEXT_MAX, KEY_TEXT_TOO_LARGE,
    TOO_LARGE,
};
use crate::{Array, Object, Value};

impl Reader {
    /// Reads the value at the cursor (which then stands after it), then leaves the reader
    /// ready for the next document whatever happened.
    pub(crate) fn read_beve(&mut self, r: &mut Cursor<'_>) -> Result<Value> {
        let len = r.input().len();
        let too_large = |r: &mut Cursor<'_>| r.error_at(0, ErrorKind::Custom(TOO_LARGE));
        self.read_document(r, len, too_large, Self::build_beve)
    }

    /// Pushes the key of the member about to be read.
    #[inline(always)]
    fn beve_key(&mut self, r: &mut Cursor<'_>, kind: Open) -> Result<()> {
        match kind {
            Open::IntKeys(h, w) => {
                let at = r.offset();
                let bytes = r.take(usize::from(w))?;
                let k = number(h & !7 | 1, bytes, r, at)?;
                let from = self.key_text.len();
                // Each key's text is at most 2.4 times its bytes in the input, so a document
                // under 2 GiB could still write more than `IN_SCRATCH` bytes of it.
                if from > KEY_TEXT_MAX {
                    return Err(r.error_at(at, ErrorKind::Custom(KEY_TEXT_TOO_LARGE)));
                }
                crate::json_write::write_json(&k, &mut self.key_text, false);
                let len = self.key_text.len() - from;
                self.keys.push(Key {
                    start: from as u32 | IN_SCRATCH,
                    len: len as u32,
                });
                self.key_bytes += len;
            }
            _ => {
                let bytes = r.object_key()?;
                utf8(r, bytes)?;
                self.keys.push(Key {
                    // Below `IN_SCRATCH`: the input is shorter (checked in `read_document`).
                    start: (r.offset() - bytes.len()) as u32,
                    len: bytes.len() as u32,
                });
                self.key_bytes += bytes.len();
            }
        }
        Ok(())
    }

    /// Opens a container of `n > 0` members or elements (the cursor entered its level) and
    /// reads the first key if it is an object.
    #[inline(always)]
    fn open_beve(&mut self, r: &mut Cursor<'_>, kind: Open, n: usize) -> Result<()> {
        let frame = self.open_frame(kind != Open::Array);
        self.counted.push(CountedFrame {
            frame,
            // At most `KEY_TEXT_MAX` (checked as keys are written).
            key_text: self.key_text.len() as u32,
            left: n,
            kind,
        });
        if matches!(kind, Open::Object | Open::IntKeys(..)) {
            self.beve_key(r, kind)?;
        }
        Ok(())
    }

    fn build_beve(&mut self, r: &mut Cursor<'_>) -> Result<Value> {
        let input = r.input();
        'value: loop {
            let at = r.offset();
            let h = r.read_header()?;
            match h & 7 {
                0 => match h {
                    header::NULL => Value::push_null(&mut self.values),
                    header::FALSE => Value::push_bool(&mut self.values, false),
                    header::TRUE => Value::push_bool(&mut self.values, true),
                    _ => return Err(r.error_at(at, ErrorKind::InvalidHeader(h))),
                },
                1 => {
                    let w = width(h).ok_or_else(|| r.error_at(at, ErrorKind::InvalidHeader(h)))?;
                    let bytes = r.take(w)?;
                    let (kind, bits) = number_parts(h, bytes, r, at)?;
                    Value::push_number(&mut self.values, kind, bits);
                }
                2 if h == header::STRING => {
                    let bytes = r.object_key()?;
                    utf8(r, bytes)?;
                    let end = r.offset();
                    push_string_at(
                        &mut self.values,
                        input,
                        end - bytes.len(),
                        end,
                        &mut self.arena,
                    );
                }
                3 => {
                    let kind = if h == header::OBJECT {
                        Open::Object
                    } else {
                        match ((h >> 3) & 3, width(h)) {
                            (1 | 2, Some(w)) => Open::IntKeys(h, w as u8),
                            _ => return Err(r.error_at(at, ErrorKind::InvalidHeader(h))),
                        }
                    };
                    let key_min = match kind {
                        Open::IntKeys(_, w) => usize::from(w) + 1,
                        _ => 2,
                    };
                    let n = r.read_count(key_min)?;
                    r.enter()?;
                    if n == 0 {
                        r.leave();
                        Value::push_object(&mut self.values, Object::new());
                    } else {
                        self.open_beve(r, kind, n)?;
                        continue 'value;
                    }
                }
                4 => {
                    let a = read_typed(r, h, at, &mut self.arena)?;
                    Value::push_array(&mut self.values, a);
                }
                5 if h == header::GENERIC_ARRAY => {
                    let n = r.read_count(1)?;
                    r.enter()?;
                    if n == 0 {
                        r.leave();
                        Value::push_array(&mut self.values, Array::new());
                    } else {
                        self.open_beve(r, Open::Array, n)?;
                        continue 'value;
                    }
                }
                6 if h == header::TYPE_TAG => {
                    r.read_size()?;
                    r.enter()?;
                    self.open_beve(r, Open::Tag, 1)?;
                    continue 'value;
                }
                6 if h == header::MATRIX || h == header::COMPLEX => {
                    return Err(r.error_at(
                        at,
                        ErrorKind::Custom("matrices and complex numbers have no Value form"),
                    ))
                }
                _ => return Err(r.error_at(at, ErrorKind::InvalidHeader(h))),
            }
            // A value is on the stack: go on in its container, closing every container it ends.
            loop {
                let Some(open) = self.counted.last_mut() else {
                    return Ok(self.values.pop().unwrap_or(Value::NULL));
                };
                open.left -= 1;
                if open.left != 0 {
                    let kind = open.kind;
                    if kind != Open::Array {
                        self.beve_key(r, kind)?;
                    }
                    continue 'value;
                }
                let Some(open) = self.counted.pop() else {
                    // Never: the frame was there just now.
                    continue;
                };
                r.leave();
                let hint = r.remaining();
                match open.kind {
                    Open::Array => {
                        let a = self.close_array(open.frame, hint);
                        Value::push_array(&mut self.values, a);
                    }
                    Open::Object | Open::IntKeys(..) => {
                        let o = self.close_object(input, open.frame, hint);
                        self.key_text.truncate(open.key_text as usize);
                        Value::push_object(&mut self.values, o);
                    }
                    Open::Tag => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{KEY_TEXT_MAX, KEY_TEXT_TOO_LARGE};
    use crate::{from_beve, value, BeveErrorKind};
    use alloc::vec::Vec;

    /// An object of `n` members with `u64::MAX` (20 digits of text) as every key and null as
    /// every value.
    fn max_u64_keys(n: usize) -> Vec<u8> {
        // Header 0x73: an object (3) of unsigned (2 << 3) 8-byte (3 << 5) keys; its count as a
        // two-byte SIZE.
        let mut b = alloc::vec![0x73];
        b.extend_from_slice(&(((n as u16) << 2) | 1).to_le_bytes());
        for _ in 0..n {
            b.extend_from_slice(&u64::MAX.to_le_bytes());
            b.push(0x00);
        }
        b
    }

    /// Integer-keyed objects give their keys' text back when they close: many such objects whose
    /// text together passes the limit read, each with its keys.
    #[test]
    fn integer_key_text_is_given_back_per_object() {
        let per = KEY_TEXT_MAX / 20 / 2;
        let objects = 5;
        // A generic array (header 0x05, a two-byte count) of `objects` such objects.
        let mut b = alloc::vec![0x05];
        b.extend_from_slice(&(((objects as u16) << 2) | 1).to_le_bytes());
        for _ in 0..objects {
            b.extend_from_slice(&max_u64_keys(per));
        }
        let v = from_beve(&b).unwrap();
        let a = v.as_array().unwrap();
        assert_eq!(a.len(), objects);
        // Every key is the same one, so each object keeps one member (the last value).
        for o in a {
            assert_eq!(o.as_object().map(|o| o.len()), Some(1));
            assert_eq!(o["18446744073709551615"], value!(null));
        }
    }

    /// Integer keys whose decimal text would pass the limit (small under test) are an error at
    /// the key that would, and the text up to the limit reads.
    #[test]
    fn integer_key_text_is_bounded() {
        let fits = KEY_TEXT_MAX / 20;
        let v = from_beve(&max_u64_keys(fits)).unwrap();
        // Every key is the same one: one member, the last value.
        assert_eq!(v.as_object().map(|o| o.len()), Some(1));
        assert_eq!(v["18446744073709551615"], value!(null));
        let over = fits + 2;
        let e = from_beve(&max_u64_keys(over)).unwrap_err();
        assert_eq!(e.kind(), BeveErrorKind::Custom(KEY_TEXT_TOO_LARGE));
        // Header and count, then nine bytes a member: the first key past the limit.
        assert_eq!(e.offset(), 3 + 9 * (KEY_TEXT_MAX / 20 + 1));
    }
}
