//! `Serialize` for [`Value`], and [`Serializer`]: any serde type turned into a `Value`.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Display;

use ::serde::ser::{self, Serialize};

use super::error::KEY_MUST_BE_A_STRING;
use super::Error;
use crate::value::Repr;
use crate::{Array, Object, Value};
use structio_core::ErrorKind;

/// Numbers keep their kind (`u64`, `i64`, `f64`), arrays are sequences and objects maps, in
/// their order and with any duplicate keys as they are.
///
/// ```
/// let v = structio_value::value!({"id": 7, "xs": [-1, 0.5, null]});
/// assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"id":7,"xs":[-1,0.5,null]}"#);
/// ```
impl Serialize for Value {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.repr {
            Repr::Null => s.serialize_unit(),
            Repr::Bool(b) => s.serialize_bool(*b),
            Repr::U64(n) => s.serialize_u64(*n),
            Repr::I64(n) => s.serialize_i64(*n),
            Repr::F64(f) => s.serialize_f64(*f),
            Repr::Short(_) | Repr::Str(_) => s.serialize_str(self.as_str().unwrap_or_default()),
            Repr::Array(a) => s.collect_seq(a.iter()),
            Repr::Object(o) => s.collect_map(o.iter()),
        }
    }
}

/// A serde [`Serializer`](ser::Serializer) whose output is a [`Value`]: what
/// [`to_value`](super::to_value) uses.
///
/// The layout is serde_json's: `None`, `()` and unit structs are `null`, unit variants their
/// name, newtype, tuple and struct variants `{"Name": content}`, bytes an array of numbers,
/// map keys that are integers, floats, bools or chars their text. A float stays a float, NaN
/// included (written as `null` as JSON text); an `i128`/`u128` is an integer when it fits 64
/// bits and [`ErrorKind::NumberOutOfRange`] otherwise.
///
/// ```
/// use serde::Serialize;
/// let v = (1u8, "a").serialize(structio_value::serde::Serializer)?;
/// assert_eq!(v, structio_value::value!([1, "a"]));
/// # Ok::<(), structio_value::serde::Error>(())
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct Serializer;

/// A sequence, tuple or map being built (and, for a variant, its name).
#[doc(hidden)]
pub struct SerializeVec {
    items: Vec<Value>,
    variant: Option<&'static str>,
}

/// An object being built (and, for a variant, its name).
#[doc(hidden)]
pub struct SerializeMap {
    object: Object,
    key: Option<String>,
    variant: Option<&'static str>,
}

/// `{name: content}`, as serde_json writes a variant with data.
fn variant(name: &'static str, content: Value) -> Value {
    let mut o = Object::with_capacity(1, name.len());
    o.append(name, content);
    Value::from(o)
}

impl ser::Serializer for Serializer {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = SerializeVec;
    type SerializeTuple = SerializeVec;
    type SerializeTupleStruct = SerializeVec;
    type SerializeTupleVariant = SerializeVec;
    type SerializeMap = SerializeMap;
    type SerializeStruct = SerializeMap;
    type SerializeStructVariant = SerializeMap;

    fn serialize_bool(self, v: bool) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_i128(self, v: i128) -> Result<Value, Error> {
        if let Ok(u) = u64::try_from(v) {
            Ok(Value::from(u))
        } else if let Ok(i) = i64::try_from(v) {
            Ok(Value::from(i))
        } else {
            Err(Error::unplaced(ErrorKind::NumberOutOfRange))
        }
    }
    fn serialize_u8(self, v: u8) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_u128(self, v: u128) -> Result<Value, Error> {
        u64::try_from(v)
            .map(Value::from)
            .map_err(|_| Error::unplaced(ErrorKind::NumberOutOfRange))
    }
    fn serialize_f32(self, v: f32) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Value, Error> {
        Ok(Value::from(v))
    }
    fn serialize_char(self, v: char) -> Result<Value, Error> {
        Ok(Value::string(v.encode_utf8(&mut [0; 4])))
    }
    fn serialize_str(self, v: &str) -> Result<Value, Error> {
        Ok(Value::string(v))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, Error> {
        Ok(v.iter().map(|&b| Value::from(b)).collect())
    }
    fn serialize_none(self) -> Result<Value, Error> {
        Ok(Value::NULL)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<Value, Error> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, Error> {
        Ok(Value::NULL)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Value, Error> {
        Ok(Value::NULL)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Value, Error> {
        Ok(Value::string(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        v: &T,
    ) -> Result<Value, Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        name: &'static str,
        v: &T,
    ) -> Result<Value, Error> {
        Ok(variant(name, v.serialize(self)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SerializeVec, Error> {
        Ok(SerializeVec {
            // A hint from the type, not from input: still capped, as serde caps its own.
            items: Vec::with_capacity(len.unwrap_or(0).min(4096)),
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<SerializeVec, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<SerializeVec, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        name: &'static str,
        len: usize,
    ) -> Result<SerializeVec, Error> {
        let mut s = self.serialize_seq(Some(len))?;
        s.variant = Some(name);
        Ok(s)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<SerializeMap, Error> {
        Ok(SerializeMap {
            object: Object::new(),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<SerializeMap, Error> {
        Ok(SerializeMap {
            object: Object::with_capacity(len.min(4096), 0),
            key: None,
            variant: None,
        })
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<SerializeMap, Error> {
        let mut s = self.serialize_struct(name, len)?;
        s.variant = Some(variant);
        Ok(s)
    }
    fn collect_str<T: Display + ?Sized>(self, v: &T) -> Result<Value, Error> {
        structio_core::serde_support::with_display_str(
            v,
            |s| Ok(Value::string(s)),
            |_| Error::unplaced(ErrorKind::Custom("a Display impl returned an error")),
        )
    }
}

impl SerializeVec {
    fn push<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.items.push(v.serialize(Serializer)?);
        Ok(())
    }
    fn finish(self) -> Value {
        let array = Value::from(Array::from(self.items));
        match self.variant {
            Some(name) => variant(name, array),
            None => array,
        }
    }
}

impl ser::SerializeSeq for SerializeVec {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.push(v)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeTuple for SerializeVec {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.push(v)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleStruct for SerializeVec {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.push(v)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeTupleVariant for SerializeVec {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.push(v)
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl SerializeMap {
    fn finish(self) -> Value {
        let object = Value::from(self.object);
        match self.variant {
            Some(name) => variant(name, object),
            None => object,
        }
    }
}

impl ser::SerializeMap for SerializeMap {
    type Ok = Value;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(KeySerializer)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        let key = self.key.take().unwrap_or_default();
        // serde_json's map keeps the last of equal keys: so does this.
        self.object.insert(&key, v.serialize(Serializer)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeStruct for SerializeMap {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.object.append(key, v.serialize(Serializer)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

impl ser::SerializeStructVariant for SerializeMap {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.object.append(key, v.serialize(Serializer)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Error> {
        Ok(self.finish())
    }
}

/// A map key as text: strings as they are, integers, floats, bools and chars as their text
/// (serde_json's rule), anything else [`KEY_MUST_BE_A_STRING`].
struct KeySerializer;

fn not_a_key<T>() -> Result<T, Error> {
    Err(Error::unplaced(KEY_MUST_BE_A_STRING))
}

fn int_key(n: impl structio_num::Integer) -> Result<String, Error> {
    let mut buf = [0u8; 40];
    let len = structio_num::write_int(n, &mut buf);
    Ok(String::from(
        core::str::from_utf8(&buf[..len]).unwrap_or_default(),
    ))
}

impl ser::Serializer for KeySerializer {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = ser::Impossible<String, Error>;
    type SerializeTuple = ser::Impossible<String, Error>;
    type SerializeTupleStruct = ser::Impossible<String, Error>;
    type SerializeTupleVariant = ser::Impossible<String, Error>;
    type SerializeMap = ser::Impossible<String, Error>;
    type SerializeStruct = ser::Impossible<String, Error>;
    type SerializeStructVariant = ser::Impossible<String, Error>;

    fn serialize_bool(self, v: bool) -> Result<String, Error> {
        Ok(String::from(if v { "true" } else { "false" }))
    }
    fn serialize_i8(self, v: i8) -> Result<String, Error> {
        int_key(v)
    }
    fn serialize_i16(self, v: i16) -> Result<String, Error> {
        int_key(v)
    }
    fn serialize_i32(self, v: i32) -> Result<String, Error> {
        int_key(v)
    }
    fn serialize_i64(self, v: i64) -> Result<String, Error> {
        int_key(v)
    }
    fn serialize_i128(self, v: i128) -> Result<String, Error> {
        int_key(v)
    }
    fn serialize_u8(self, v: u8) -> Result<String, Error> {
        int_key(v)
    }
    fn serialize_u16(self, v: u16) -> Result<String, Error> {
        int_key(v)
    }
    fn serialize_u32(self, v: u32) -> Result<String, Error> {
        int_key(v)
    }
    fn serialize_u64(self, v: u64) -> Result<String, Error> {
        int_key(v)
    }
    fn serialize_u128(self, v: u128) -> Result<String, Error> {
        int_key(v)
    }
    fn serialize_f32(self, v: f32) -> Result<String, Error> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<String, Error> {
        if !v.is_finite() {
            return Err(Error::unplaced(ErrorKind::Custom(
                "a float map key must be finite",
            )));
        }
        let mut buf = [0u8; 32];
        let n = crate::json_write::float_text(v, &mut buf);
        Ok(String::from(
            core::str::from_utf8(&buf[..n]).unwrap_or_default(),
        ))
    }
    fn serialize_char(self, v: char) -> Result<String, Error> {
        Ok(String::from(v.encode_utf8(&mut [0; 4])))
    }
    fn serialize_str(self, v: &str) -> Result<String, Error> {
        Ok(String::from(v))
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, Error> {
        not_a_key()
    }
    fn serialize_none(self) -> Result<String, Error> {
        not_a_key()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Error> {
        not_a_key()
    }
    fn serialize_unit(self) -> Result<String, Error> {
        not_a_key()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Error> {
        not_a_key()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<String, Error> {
        Ok(String::from(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<String, Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Error> {
        not_a_key()
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        not_a_key()
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        not_a_key()
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        not_a_key()
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        not_a_key()
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        not_a_key()
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        not_a_key()
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        not_a_key()
    }
    fn collect_str<T: Display + ?Sized>(self, v: &T) -> Result<String, Error> {
        use core::fmt::Write;
        let mut s = String::new();
        write!(s, "{v}")
            .map_err(|_| Error::unplaced(ErrorKind::Custom("a Display impl returned an error")))?;
        Ok(s)
    }
}
