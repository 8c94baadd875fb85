//! Building a [`Value`] from BJData: structio-bjdata's cursor feeding the tree builder
//! (`builder`), the stacks the JSON, BEVE and CBOR readers feed. Every value kind a
//! JSON-shaped tree holds, packed and N-dimensional arrays (nested by their dimensions, in
//! row-major order), structure-of-arrays tables (arrays of objects), and the forms other
//! writers use.
//!
//! Every value waits on the builder's stack until its container closes; then the container
//! takes them in one exact-size block, and an object takes its keys' bytes straight from the
//! input. Containers are kept on an explicit stack, not the call stack; the cursor's depth
//! limit (each array and object is a level) bounds it.

use alloc::vec::Vec;

use structio_bjdata::{
    header, BjdataRead, ErrorKind, Items, NdArray, Number, Reader as Cursor, Result, SoaValue,
};

use crate::builder::{push_string_at, Frame, Key, Reader, TOO_LARGE};
use crate::{Array, Value};

/// Where `s`, a string borrowed from `input`, starts in it.
#[inline(always)]
fn offset_in(input: &[u8], s: &str) -> usize {
    let start = (s.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
    debug_assert!(start + s.len() <= input.len());
    start
}

impl Reader {
    /// Reads the value at the cursor (which then stands after it) into a [`Value`], then leaves
    /// the reader ready for the next document whatever happened.
    pub(crate) fn read_bjdata(&mut self, r: &mut Cursor<'_>) -> Result<Value> {
        let len = r.input().len();
        let too_large = |r: &mut Cursor<'_>| r.error_at(0, ErrorKind::Custom(TOO_LARGE));
        self.read_document(r, len, too_large, Self::build_bjdata)
    }

    fn build_bjdata(&mut self, r: &mut Cursor<'_>) -> Result<Value> {
        let input = r.input();
        // The open containers: the builder's marks and the children not yet read.
        let mut stack: Vec<(Frame, Items)> = Vec::new();
        'value: loop {
            if !self.bjdata_value(r, &mut stack)? {
                // A container with at least one child opened: read it.
                continue 'value;
            }
            // A value is on the stack: go on in its container, closing every container it ends.
            loop {
                let Some((frame, items)) = stack.last_mut() else {
                    return Ok(self.values.pop().unwrap_or(Value::NULL));
                };
                if r.next(items)? {
                    if frame.object {
                        self.bjdata_key(r, input)?;
                    }
                    continue 'value;
                }
                let Some((frame, _)) = stack.pop() else {
                    // Never: the frame was there just now.
                    return Err(r.error(ErrorKind::UnexpectedEnd));
                };
                let hint = r.remaining();
                if frame.object {
                    // One member per key, the last value, as the JSON reader keeps a Value.
                    let o = self.close_object(input, frame, hint);
                    Value::push_object(&mut self.values, o);
                } else {
                    let a = self.close_array(frame, hint);
                    Value::push_array(&mut self.values, a);
                }
            }
        }
    }

    /// Pushes the key of the member about to be read: a range of the input.
    #[inline(always)]
    fn bjdata_key(&mut self, r: &mut Cursor<'_>, input: &[u8]) -> Result<()> {
        let k = r.read_key_str()?;
        self.keys.push(Key {
            // Below `IN_SCRATCH`: the input is shorter (checked in `read_document`).
            start: offset_in(input, k) as u32,
            len: k.len() as u32,
        });
        self.key_bytes += k.len();
        Ok(())
    }

    /// Reads one value: `true` if it is complete (and pushed), `false` if it opened a
    /// container with at least one child (pushed on `stack`, its first key read if it is an
    /// object).
    fn bjdata_value(
        &mut self,
        r: &mut Cursor<'_>,
        stack: &mut Vec<(Frame, Items)>,
    ) -> Result<bool> {
        let m = r.peek_marker()?;
        if r.peek_soa()? {
            // A structure-of-arrays table is an array of objects.
            let soa = r.read_soa()?;
            let records = soa.records.iter().map(|rec| {
                rec.iter()
                    .map(|(k, v)| (*k, soa_value(v)))
                    .collect::<Value>()
            });
            self.values.push(records.collect());
            // Built apart from the arena: no open container may seal over it.
            self.arena.break_run();
            return Ok(true);
        }
        let v = match m {
            header::NULL => {
                r.read_null()?;
                Value::NULL
            }
            header::TRUE | header::FALSE => Value::from(r.read_bool()?),
            b'i' | b'U' | b'I' | b'u' | b'l' | b'm' | b'L' | b'M' | b'B' => {
                int(r.read_int::<i128>()?)
            }
            b'h' | b'd' | b'D' => Value::from(r.read_f64()?),
            header::HIGH_PRECISION => {
                let at = r.offset();
                let text = r.read_high_precision()?;
                if let Ok(v) = text.parse::<i128>() {
                    int(v)
                } else {
                    text.parse::<f64>()
                        .map(Value::from)
                        .map_err(|_| r.error_at(at, ErrorKind::InvalidNumber))?
                }
            }
            header::STRING | header::CHAR => {
                let s = r.read_str()?;
                let input = r.input();
                let start = offset_in(input, s);
                push_string_at(
                    &mut self.values,
                    input,
                    start,
                    start + s.len(),
                    &mut self.arena,
                );
                return Ok(true);
            }
            header::ARRAY_START => {
                if let Some(v) = nd_array(r)? {
                    self.values.push(v);
                    // Built apart from the arena: no open container may seal over it.
                    self.arena.break_run();
                    return Ok(true);
                } else {
                    return self.open_bjdata(r, stack, false);
                }
            }
            header::OBJECT_START => return self.open_bjdata(r, stack, true),
            header::EXTENSION => {
                return Err(r.error(ErrorKind::Custom("extensions have no Value form")))
            }
            _ => return Err(r.error(ErrorKind::InvalidHeader(m))),
        };
        self.values.push(v);
        Ok(true)
    }

    /// Opens the array or object at the cursor: `true` once an empty one is pushed, `false`
    /// when it has a child to read (its frame on `stack`, and an object's first key read).
    fn open_bjdata(
        &mut self,
        r: &mut Cursor<'_>,
        stack: &mut Vec<(Frame, Items)>,
        object: bool,
    ) -> Result<bool> {
        let mut items = if object {
            r.begin_object()?
        } else {
            r.begin_array()?
        };
        if !r.next(&mut items)? {
            self.push_empty(object);
            return Ok(true);
        }
        stack.push((self.open_frame(object), items));
        if object {
            let input = r.input();
            self.bjdata_key(r, input)?;
        }
        Ok(false)
    }
}

fn soa_value(v: &SoaValue<'_>) -> Value {
    match v {
        SoaValue::Int(i) => int(*i),
        SoaValue::Float(f) => Value::from(*f),
        SoaValue::Bool(b) => Value::from(*b),
        SoaValue::Null => Value::NULL,
        SoaValue::Str(s) => Value::string(s),
        SoaValue::High(s) => s
            .parse::<i128>()
            .map_or_else(|_| Value::from(s.parse::<f64>().unwrap_or(f64::NAN)), int),
        SoaValue::Record(f) => f.iter().map(|(k, x)| (*k, soa_value(x))).collect(),
        SoaValue::Tuple(t) => t.iter().map(soa_value).collect(),
    }
}

/// An integer kept whole when it fits 64 bits, else the nearest `f64` (as JSON reading does).
fn int(v: i128) -> Value {
    if let Ok(u) = u64::try_from(v) {
        Value::from(u)
    } else if let Ok(i) = i64::try_from(v) {
        Value::from(i)
    } else {
        Value::from(v as f64)
    }
}

/// The N-dimensional array (`[$T#[`) at the cursor, nested by its dimensions; `None` (nothing
/// read) for any other array.
fn nd_array(r: &mut Cursor<'_>) -> Result<Option<Value>> {
    let at = r.offset();
    let input = r.input();
    let nd = input.get(at + 1) == Some(&header::TYPE)
        && input.get(at + 3) == Some(&header::COUNT)
        && input.get(at + 4) == Some(&header::ARRAY_START);
    if !nd {
        return Ok(None);
    }
    match input.get(at + 2).copied().unwrap_or(0) {
        b'h' | b'd' | b'D' => nd_value::<f64>(r, Value::from),
        header::UINT64 => nd_value::<u64>(r, Value::from),
        header::CHAR => Err(r.error_at(
            at,
            ErrorKind::Custom("N-dimensional character arrays have no Value form"),
        )),
        _ => nd_value::<i64>(r, Value::from),
    }
    .map(Some)
}

fn nd_value<'de, T>(r: &mut Cursor<'de>, f: fn(T) -> Value) -> Result<Value>
where
    T: Number + BjdataRead<'de>,
{
    let at = r.offset();
    let a = NdArray::<T>::read_bjdata(r)?;
    // Each dimension is a level of the nested tree.
    if a.dims.len() > structio_bjdata::DEFAULT_DEPTH_LIMIT as usize {
        return Err(r.error_at(at, ErrorKind::DepthLimit));
    }
    // A zero extent has no elements: the nested form would be empty arrays only, as many as
    // the other extents say, with nothing in the input to back them.
    if a.data.is_empty() {
        return Ok(Value::from(Array::new()));
    }
    // Extents of 1 make an array per element each with no bytes to back them: the arrays of
    // the nested form stay within twice the elements plus the document's length.
    let (mut arrays, mut level) = (0usize, 1usize);
    for &d in &a.dims {
        arrays = arrays.saturating_add(level);
        level = level.saturating_mul(d);
    }
    if arrays
        > a.data
            .len()
            .saturating_mul(2)
            .saturating_add(r.input().len())
    {
        return Err(r.error_at(at, ErrorKind::LengthExceedsInput));
    }
    let mut data = a.data.into_iter();
    Ok(nest(&a.dims, &mut data, f))
}

fn nest<T>(dims: &[usize], data: &mut impl Iterator<Item = T>, f: fn(T) -> Value) -> Value {
    match dims.split_first() {
        None => data.next().map_or(Value::NULL, f),
        Some((&d, rest)) => {
            // The extents multiply to the elements read, so this is bounded by the input.
            let mut a = Array::with_capacity(d);
            for _ in 0..d {
                a.push(nest(rest, data, f));
            }
            Value::from(a)
        }
    }
}
