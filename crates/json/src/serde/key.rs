//! Object keys through serde: strings as they are; integers, floats and bools written inside
//! the quotes (`{"7": ...}`), as structio's own map keys and serde_json read them.

use ::serde::de::{self, Visitor};
use ::serde::forward_to_deserialize_any;

use super::access::UnitVariant;
use super::de::Deserializer;
use super::scratch::Str;
use super::{Error, Result};
use crate::ErrorKind;

/// A structio-num parser: the value at `input[pos..]` and the position after it.
type Parse<T> = fn(&[u8], usize) -> core::result::Result<(T, usize), structio_num::NumError>;

/// The key of the member at the cursor.
pub(super) struct MapKey<'a, 'de> {
    pub(super) de: &'a mut Deserializer<'de>,
}

impl<'de> MapKey<'_, 'de> {
    /// The key's text, which must be all of `T` (`"7"`, not `"7x"` nor `" 7"`).
    #[inline]
    fn number<T>(self, parse: Parse<T>) -> Result<(T, usize)> {
        let at = self.de.start();
        let text = match self.de.read_str()? {
            Str::Borrowed(s) => s.as_bytes(),
            Str::Copied(s) => s.as_bytes(),
        };
        let kind = match parse(text, 0) {
            Ok((v, end)) if end == text.len() => return Ok((v, at)),
            Err(e) if e.kind == structio_num::NumErrorKind::Overflow => ErrorKind::NumberOutOfRange,
            _ => ErrorKind::InvalidNumber,
        };
        Err(crate::Error::new(kind, at).into())
    }
}

macro_rules! number_key {
    ($($method:ident $visit:ident $parse:expr;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let (v, at) = self.number($parse)?;
            visitor.$visit(v).map_err(|e: Error| e.place(at))
        }
    )*};
}

/// A float key beyond the float's range: out of range, as a float value is.
fn finite<F: Copy>(
    parse: core::result::Result<(F, usize), structio_num::NumError>,
    infinite: fn(F) -> bool,
) -> core::result::Result<(F, usize), structio_num::NumError> {
    match parse {
        Ok((v, _)) if infinite(v) => Err(structio_num::NumError {
            kind: structio_num::NumErrorKind::Overflow,
            offset: 0,
        }),
        other => other,
    }
}

impl<'de> de::Deserializer<'de> for MapKey<'_, 'de> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.de.start();
        self.de
            .visit_string(visitor)
            .map_err(|e: Error| e.place(at))
    }

    number_key! {
        deserialize_i8 visit_i8 structio_num::parse_int::<i8>;
        deserialize_i16 visit_i16 structio_num::parse_int::<i16>;
        deserialize_i32 visit_i32 structio_num::parse_int::<i32>;
        deserialize_i64 visit_i64 structio_num::parse_int::<i64>;
        deserialize_i128 visit_i128 structio_num::parse_int::<i128>;
        deserialize_u8 visit_u8 structio_num::parse_int::<u8>;
        deserialize_u16 visit_u16 structio_num::parse_int::<u16>;
        deserialize_u32 visit_u32 structio_num::parse_int::<u32>;
        deserialize_u64 visit_u64 structio_num::parse_int::<u64>;
        deserialize_u128 visit_u128 structio_num::parse_int::<u128>;
        deserialize_f32 visit_f32 |t, p| finite(structio_num::parse_f32(t, p), f32::is_infinite);
        deserialize_f64 visit_f64 |t, p| finite(structio_num::parse_f64(t, p), f64::is_infinite);
    }

    /// `"true"` or `"false"`.
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.de.start();
        let v = match self.de.read_str()? {
            Str::Borrowed("true") | Str::Copied("true") => true,
            Str::Borrowed("false") | Str::Copied("false") => false,
            _ => return Err(crate::Error::new(ErrorKind::ExpectedBool, at).into()),
        };
        visitor.visit_bool(v).map_err(|e: Error| e.place(at))
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.de.start();
        let out = match self.de.read_str()? {
            Str::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            Str::Copied(s) => visitor.visit_bytes(s.as_bytes()),
        };
        out.map_err(|e: Error| e.place(at))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    /// A key is never `null`: `Some(key)`.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.de.start();
        visitor.visit_some(self).map_err(|e: Error| e.place(at))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        let at = self.de.start();
        visitor
            .visit_newtype_struct(self)
            .map_err(|e: Error| e.place(at))
    }

    /// A unit variant's name.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let at = self.de.start();
        visitor
            .visit_enum(UnitVariant { de: self.de })
            .map_err(|e: Error| e.place(at))
    }

    /// Reads the key (its string is checked like any other) and nothing more.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.de.start();
        self.de.read_str()?;
        visitor.visit_unit().map_err(|e: Error| e.place(at))
    }

    forward_to_deserialize_any! {
        char str string unit unit_struct seq tuple tuple_struct map struct identifier
    }
}
