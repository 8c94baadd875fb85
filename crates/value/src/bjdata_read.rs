//! Building a [`Value`] from BJData through structio-bjdata's cursor: every value kind a
//! JSON-shaped tree holds, packed and N-dimensional arrays (nested by their dimensions, in
//! row-major order), structure-of-arrays tables (arrays of objects), and the forms other
//! writers use.
//!
//! The reader recurses once per container; the cursor's depth limit (each array and object
//! is a level) bounds the recursion.

use structio_bjdata::{header, BjdataRead, ErrorKind, NdArray, Number, Reader, Result, SoaValue};

use crate::{Array, Object, Value};

/// One value at the cursor.
pub(crate) fn read_value(r: &mut Reader<'_>) -> Result<Value> {
    let m = r.peek_marker()?;
    if r.peek_soa()? {
        // A structure-of-arrays table is an array of objects.
        let soa = r.read_soa()?;
        let records = soa.records.iter().map(|rec| {
            rec.iter()
                .map(|(k, v)| (*k, soa_value(v)))
                .collect::<Value>()
        });
        return Ok(records.collect());
    }
    match m {
        header::NULL => r.read_null().map(|()| Value::NULL),
        header::TRUE | header::FALSE => r.read_bool().map(Value::from),
        b'i' | b'U' | b'I' | b'u' | b'l' | b'm' | b'L' | b'M' | b'B' => {
            r.read_int::<i128>().map(int)
        }
        b'h' | b'd' | b'D' => r.read_f64().map(Value::from),
        header::HIGH_PRECISION => {
            let at = r.offset();
            let text = r.read_high_precision()?;
            if let Ok(v) = text.parse::<i128>() {
                return Ok(int(v));
            }
            text.parse::<f64>()
                .map(Value::from)
                .map_err(|_| r.error_at(at, ErrorKind::InvalidNumber))
        }
        header::STRING | header::CHAR => r.read_str().map(Value::string),
        header::ARRAY_START => read_array(r),
        header::OBJECT_START => {
            let mut members = r.begin_object()?;
            let mut o = Object::new();
            while r.next(&mut members)? {
                let k = r.read_key_str()?;
                let v = read_value(r)?;
                o.insert(k, v);
            }
            Ok(Value::from(o))
        }
        header::EXTENSION => Err(r.error(ErrorKind::Custom("extensions have no Value form"))),
        _ => Err(r.error(ErrorKind::InvalidHeader(m))),
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

fn read_array(r: &mut Reader<'_>) -> Result<Value> {
    let at = r.offset();
    let input = r.input();
    // `[$T#[`: an N-dimensional array, nested by its dimensions.
    let nd = input.get(at + 1) == Some(&header::TYPE)
        && input.get(at + 3) == Some(&header::COUNT)
        && input.get(at + 4) == Some(&header::ARRAY_START);
    if nd {
        return match input.get(at + 2).copied().unwrap_or(0) {
            b'h' | b'd' | b'D' => nd_value::<f64>(r, Value::from),
            header::UINT64 => nd_value::<u64>(r, Value::from),
            header::CHAR => Err(r.error_at(
                at,
                ErrorKind::Custom("N-dimensional character arrays have no Value form"),
            )),
            _ => nd_value::<i64>(r, Value::from),
        };
    }
    let mut items = r.begin_array()?;
    let mut a = Array::with_capacity(items.len().unwrap_or(0).min(r.remaining()));
    while r.next(&mut items)? {
        a.push(read_value(r)?);
    }
    Ok(Value::from(a))
}

fn nd_value<'de, T>(r: &mut Reader<'de>, f: fn(T) -> Value) -> Result<Value>
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
