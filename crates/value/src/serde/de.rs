//! `Deserialize` for [`Value`] (from any serde format), and `&Value` as a serde
//! `Deserializer` (what [`from_value`](super::from_value) reads through).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use ::serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    Unexpected, VariantAccess, Visitor,
};
use ::serde::forward_to_deserialize_any;

use super::Error;
use crate::value::Repr;
use crate::{Array, Object, Value};

/// Reads any self-describing serde format: integers keep their kind (a non-negative one is
/// `u64`, a negative one `i64`; an `i128`/`u128` past 64 bits becomes the nearest `f64`, as
/// reading JSON text does), sequences become arrays, maps objects with every member kept in
/// order (duplicates included, as [`from_slice`](crate::from_slice) keeps them). Bytes become
/// an array of numbers, a unit or `None` `null`.
///
/// ```
/// use structio_value::Value;
/// let v: Value = serde_json::from_str(r#"{"a": [1, -2, 0.5, "x", null]}"#).unwrap();
/// assert_eq!(v, structio_value::value!({"a": [1, -2, 0.5, "x", null]}));
/// let v: Value = structio_json::serde::from_str("[18446744073709551615]").unwrap();
/// assert_eq!(v[0].as_u64(), Some(u64::MAX));
/// ```
impl<'de> de::Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_i128<E>(self, v: i128) -> Result<Value, E> {
        Ok(match (u64::try_from(v), i64::try_from(v)) {
            (Ok(u), _) => Value::from(u),
            (_, Ok(i)) => Value::from(i),
            _ => Value::from(v as f64),
        })
    }
    fn visit_u128<E>(self, v: u128) -> Result<Value, E> {
        Ok(u64::try_from(v).map_or_else(|_| Value::from(v as f64), Value::from))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::string(v))
    }
    fn visit_bytes<E>(self, v: &[u8]) -> Result<Value, E> {
        Ok(v.iter().map(|&b| Value::from(b)).collect())
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::NULL)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::NULL)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        // The hint comes from the input: capped so that a lying length reserves little.
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(v) = seq.next_element::<Value>()? {
            items.push(v);
        }
        Ok(Value::from(Array::from(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut o = Object::new();
        // One buffer for every key that the format cannot lend.
        let mut key = String::new();
        while map.next_key_seed(KeySeed(&mut key))?.is_some() {
            let v = map.next_value::<Value>()?;
            o.append(&key, v);
        }
        // One member per key, the last value in the first one's place, as every other reader
        // of a Value keeps it (and serde_json's `preserve_order` map).
        if crate::duplicates::has_repeats(&o) {
            crate::duplicates::fold_repeats(&mut o);
        }
        Ok(Value::from(o))
    }
}

/// Copies a map key into a reused buffer.
struct KeySeed<'a>(&'a mut String);

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string key")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.0.clear();
        self.0.push_str(v);
        Ok(())
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.visit_str(itoa(v as i128, &mut [0; 40]))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.visit_str(itoa(v as i128, &mut [0; 40]))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.visit_str(if v { "true" } else { "false" })
    }
}

fn itoa(n: i128, buf: &mut [u8; 40]) -> &str {
    let len = structio_num::write_int(n, buf);
    core::str::from_utf8(&buf[..len]).unwrap_or_default()
}

/// What a [`Value`] is, in serde's words for an error.
fn unexpected(v: &Value) -> Unexpected<'_> {
    match &v.repr {
        Repr::Null => Unexpected::Unit,
        Repr::Bool(b) => Unexpected::Bool(*b),
        Repr::U64(n) => Unexpected::Unsigned(*n),
        Repr::I64(n) => Unexpected::Signed(*n),
        Repr::F64(f) => Unexpected::Float(*f),
        Repr::Short(_) | Repr::Str(_) => Unexpected::Str(v.as_str().unwrap_or_default()),
        Repr::Array(_) => Unexpected::Seq,
        Repr::Object(_) => Unexpected::Map,
    }
}

/// A borrowed tree read as serde's data model, as serde_json's `&Value` is: strings are lent
/// to the visitor (`&'de str` fields borrow from the tree), numbers given in their kind, arrays
/// as sequences, objects as maps (or structs), `null` as `None` / unit, an enum as a string
/// (unit variant) or an object of one member `{"Variant": content}`. Map keys convert to
/// integers, floats, bools and chars from their text, for `HashMap<u32, _>` and the like.
///
/// ```
/// use serde::Deserialize;
/// #[derive(Deserialize)]
/// struct User<'a> { name: &'a str, id: u64 }
/// let v = structio_value::value!({"name": "ada", "id": 7});
/// let u = User::deserialize(&v)?;
/// assert_eq!((u.name, u.id), ("ada", 7));
/// # Ok::<(), structio_value::serde::Error>(())
/// ```
impl<'de> Deserializer<'de> for &'de Value {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &self.repr {
            Repr::Null => visitor.visit_unit(),
            Repr::Bool(b) => visitor.visit_bool(*b),
            Repr::U64(n) => visitor.visit_u64(*n),
            Repr::I64(n) => visitor.visit_i64(*n),
            Repr::F64(f) => visitor.visit_f64(*f),
            Repr::Short(_) | Repr::Str(_) => {
                visitor.visit_borrowed_str(self.as_str().unwrap_or_default())
            }
            Repr::Array(a) => visit_array(a, visitor),
            Repr::Object(o) => visit_object(o, visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.repr {
            Repr::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match &self.repr {
            Repr::Short(_) | Repr::Str(_) => visitor.visit_enum(Enum {
                name: self.as_str().unwrap_or_default(),
                content: None,
            }),
            Repr::Object(o) if o.len() == 1 => {
                let (name, content) = o.get_index(0).unwrap_or(("", &crate::value::NULL));
                visitor.visit_enum(Enum {
                    name,
                    content: Some(content),
                })
            }
            Repr::Object(_) => Err(de::Error::invalid_value(
                Unexpected::Map,
                &"a map of exactly one member",
            )),
            _ => Err(de::Error::invalid_type(
                unexpected(self),
                &"a string or a map",
            )),
        }
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match &self.repr {
            Repr::Short(_) | Repr::Str(_) => {
                visitor.visit_borrowed_bytes(self.as_str().unwrap_or_default().as_bytes())
            }
            _ => self.deserialize_any(visitor),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

impl<'de> IntoDeserializer<'de, Error> for &'de Value {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

/// Elements the visitor did not take are `invalid_length`, as in serde_json.
fn visit_array<'de, V: Visitor<'de>>(a: &'de Array, visitor: V) -> Result<V::Value, Error> {
    let mut seq = Seq(a.iter());
    let value = visitor.visit_seq(&mut seq)?;
    if seq.0.len() == 0 {
        Ok(value)
    } else {
        Err(de::Error::invalid_length(
            a.len(),
            &"fewer elements in array",
        ))
    }
}

fn visit_object<'de, V: Visitor<'de>>(o: &'de Object, visitor: V) -> Result<V::Value, Error> {
    let mut map = Map {
        iter: o.iter(),
        value: None,
    };
    let value = visitor.visit_map(&mut map)?;
    if map.iter.len() == 0 {
        Ok(value)
    } else {
        Err(de::Error::invalid_length(o.len(), &"fewer elements in map"))
    }
}

struct Seq<'de>(core::slice::Iter<'de, Value>);

impl<'de> SeqAccess<'de> for Seq<'de> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0.next().map(|v| seed.deserialize(v)).transpose()
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

struct Map<'de> {
    iter: crate::object::Iter<'de>,
    value: Option<&'de Value>,
}

impl<'de> MapAccess<'de> for Map<'de> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        match self.iter.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(Key(k)).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self.value.take().unwrap_or(&crate::value::NULL))
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

/// A variant: its name, and its content unless it was written as a bare string.
struct Enum<'de> {
    name: &'de str,
    content: Option<&'de Value>,
}

impl<'de> EnumAccess<'de> for Enum<'de> {
    type Error = Error;
    type Variant = Variant<'de>;
    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant), Error> {
        let v = seed.deserialize(Key(self.name))?;
        Ok((v, Variant(self.content)))
    }
}

/// A variant's content, `None` for a bare name.
struct Variant<'de>(Option<&'de Value>);

impl<'de> VariantAccess<'de> for Variant<'de> {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        match self.0 {
            None => Ok(()),
            Some(v) => de::Deserialize::deserialize(v),
        }
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        match self.0 {
            Some(v) => seed.deserialize(v),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"newtype variant",
            )),
        }
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.0.map(|v| &v.repr) {
            Some(Repr::Array(a)) => visit_array(a, visitor),
            Some(_) => Err(de::Error::invalid_type(
                unexpected(self.0.unwrap_or(&crate::value::NULL)),
                &"tuple variant",
            )),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"tuple variant",
            )),
        }
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0.map(|v| &v.repr) {
            Some(Repr::Object(o)) => visit_object(o, visitor),
            Some(Repr::Array(a)) => visit_array(a, visitor),
            Some(_) => Err(de::Error::invalid_type(
                unexpected(self.0.unwrap_or(&crate::value::NULL)),
                &"struct variant",
            )),
            None => Err(de::Error::invalid_type(
                Unexpected::UnitVariant,
                &"struct variant",
            )),
        }
    }
}

/// A map key or a variant name: a string that converts to the number, bool or char the
/// destination asks for (serde_json's rule for keys).
struct Key<'de>(&'de str);

macro_rules! parse_key {
    ($($method:ident => $visit:ident: $t:ty,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.0.parse::<$t>() {
                Ok(n) => visitor.$visit(n),
                Err(_) => Err(de::Error::invalid_value(Unexpected::Str(self.0), &visitor)),
            }
        }
    )*};
}

impl<'de> Deserializer<'de> for Key<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_str(self.0)
    }

    parse_key! {
        deserialize_i8 => visit_i8: i8,
        deserialize_i16 => visit_i16: i16,
        deserialize_i32 => visit_i32: i32,
        deserialize_i64 => visit_i64: i64,
        deserialize_i128 => visit_i128: i128,
        deserialize_u8 => visit_u8: u8,
        deserialize_u16 => visit_u16: u16,
        deserialize_u32 => visit_u32: u32,
        deserialize_u64 => visit_u64: u64,
        deserialize_u128 => visit_u128: u128,
        deserialize_f32 => visit_f32: f32,
        deserialize_f64 => visit_f64: f64,
        deserialize_bool => visit_bool: bool,
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_enum(Enum {
            name: self.0,
            content: None,
        })
    }

    forward_to_deserialize_any! {
        char str string bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}
