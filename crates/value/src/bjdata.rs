//! Reading a [`Value`] from BJData (the reader is in `bjdata_read`) and writing one as BJData,
//! through structio-bjdata's cursor and writer (its `BjdataRead`/`BjdataWrite` traits, so a
//! `Value` can also be a field of a derived struct).
//!
//! Reading maps every BJData kind a JSON-shaped tree can hold: null, booleans, integers of
//! every width (kept whole; a high-precision `H` integer when it fits 64 bits, else as `f64`),
//! floats of the three widths as `f64`, `H` decimals as `f64`, strings and `C` characters,
//! objects, and arrays in every form (counted, packed, N-dimensional ones nested by their
//! dimensions, structure-of-arrays tables as arrays of objects). Extensions (`E`) are refused with an error at their marker.
//!
//! Writing follows the writer's [`Mode`]: an array whose elements are all floats, all
//! non-negative integers or all integers is one packed container (`[$D#`, `[$M#`, `[$L#` in
//! speed mode; the narrowest that holds them, where smaller, in size mode).

use alloc::vec::Vec;

use structio_bjdata::{BjdataRead, BjdataWrite, Mode, Reader, Result, Sink, Writer};

use crate::{Kind, Value};

/// Reads one BJData document into a [`Value`] (nesting up to 128 levels; nothing but no-ops
/// may follow).
///
/// ```
/// let v = structio_value::value!({"id": 7, "xs": [1.5, 2.5], "s": "x"});
/// let bytes = structio_value::to_bjdata(&v).unwrap();
/// assert_eq!(structio_value::from_bjdata(&bytes).unwrap(), v);
/// assert!(structio_value::from_bjdata(&bytes[..bytes.len() - 1]).is_err());
/// ```
pub fn from_bjdata(input: &[u8]) -> Result<Value> {
    let mut r = Reader::new(input);
    match crate::builder::with_reader(|reader| reader.read_bjdata(&mut r))
        .and_then(|v| r.finish().map(|()| v))
    {
        Ok(v) => Ok(v),
        Err(e) => Err(structio_bjdata::describe_error(input, false, e)),
    }
}

/// Writes a [`Value`] as one BJData document in [`Mode::Speed`].
///
/// ```
/// let bytes = structio_value::to_bjdata(&structio_value::value!([true, null])).unwrap();
/// assert_eq!(bytes, b"[#U\x02TZ");
/// ```
pub fn to_bjdata(v: &Value) -> Result<Vec<u8>> {
    structio_bjdata::to_vec(v)
}

/// Writes a [`Value`] as one BJData document in `mode`.
///
/// ```
/// use structio_bjdata::Mode;
/// let v = structio_value::value!({"a": 1});
/// assert_eq!(structio_value::to_bjdata_with(&v, Mode::Size).unwrap(), b"{U\x01aU\x01}");
/// ```
pub fn to_bjdata_with(v: &Value, mode: Mode) -> Result<Vec<u8>> {
    structio_bjdata::to_vec_with(v, mode)
}

/// ```
/// let v: Vec<structio_value::Value> = structio_bjdata::from_slice(b"[U\x07]").unwrap();
/// assert_eq!(v[0], 7);
/// ```
impl<'de> BjdataRead<'de> for Value {
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        crate::builder::with_reader(|reader| reader.read_bjdata(r))
    }
}

/// ```
/// let v = structio_value::value!("xy");
/// assert_eq!(structio_bjdata::to_vec(&v).unwrap(), b"SU\x02xy");
/// ```
impl BjdataWrite for Value {
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        write_value(self, w)
    }
}

fn write_value<S: Sink>(v: &Value, w: &mut Writer<S>) -> Result<()> {
    match v.kind() {
        Kind::Null => w.write_null(),
        Kind::Bool => w.write_bool(v.as_bool().unwrap_or_default()),
        Kind::U64 => w.write_u64(v.as_u64().unwrap_or_default()),
        Kind::I64 => w.write_int_as(b'L', v.as_i64().unwrap_or_default()),
        Kind::F64 => w.write_f64(v.as_f64().unwrap_or_default()),
        Kind::String => w.write_str(v.as_str().unwrap_or_default()),
        Kind::Array => {
            let a = v.as_array().map(|a| a.as_slice()).unwrap_or_default();
            if !a.is_empty() {
                if a.iter().all(Value::is_f64) {
                    let xs: Vec<f64> = a.iter().filter_map(Value::as_f64).collect();
                    return w.typed_array(&xs);
                }
                if a.iter().all(Value::is_u64) {
                    let xs: Vec<u64> = a.iter().filter_map(Value::as_u64).collect();
                    return w.typed_array(&xs);
                }
                if a.iter().all(|x| x.is_u64() || x.is_i64()) {
                    let xs: Vec<i64> = a.iter().filter_map(Value::as_i64).collect();
                    if xs.len() == a.len() {
                        return w.typed_array(&xs);
                    }
                }
            }
            w.begin_array(a.len())?;
            for e in a {
                write_value(e, w)?;
            }
            w.end_array()
        }
        Kind::Object => {
            let Some(o) = v.as_object() else {
                return w.write_null();
            };
            w.begin_object(o.len())?;
            for (k, e) in o.iter() {
                w.write_key(k)?;
                write_value(e, w)?;
            }
            w.end_object()
        }
    }
}
