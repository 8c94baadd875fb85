//! Numbers decoded from the wire (a single value, an element of a typed array, an integer
//! key) handed to a visitor in their own type.

use ::serde::de::{self, Visitor};
use ::serde::forward_to_deserialize_any;

use super::{Error, Result};
use crate::number::Wide;
use crate::{header, ErrorKind};

/// `wide`, decoded from a number with single-value header `h`, to the visitor in the type the
/// header names (`f16` and `bfloat16` as `f32`, which holds them exactly).
pub(super) fn visit_wide<'de, V: Visitor<'de>>(h: u8, wide: Wide, visitor: V) -> Result<V::Value> {
    let code = h >> 5;
    match wide {
        Wide::Signed(v) => match code {
            0 => visitor.visit_i8(v as i8),
            1 => visitor.visit_i16(v as i16),
            2 => visitor.visit_i32(v as i32),
            3 => visitor.visit_i64(v as i64),
            _ => visitor.visit_i128(v),
        },
        Wide::Unsigned(v) => match code {
            0 => visitor.visit_u8(v as u8),
            1 => visitor.visit_u16(v as u16),
            2 => visitor.visit_u32(v as u32),
            3 => visitor.visit_u64(v as u64),
            _ => visitor.visit_u128(v),
        },
        Wide::Float(v) if code <= 2 => visitor.visit_f32(v as f32),
        Wide::Float(v) => visitor.visit_f64(v),
        // `f128`: serde has no type that holds it.
        Wide::Other => Err(Error::unplaced(ErrorKind::WrongType {
            expected: header::number(header::CLASS_FLOAT, 3),
            found: h,
        })),
    }
}

/// One decoded number as a deserializer: an element of a typed array or an integer key.
pub(super) struct NumberDeserializer {
    pub(super) header: u8,
    pub(super) wide: Wide,
    /// An object key: asked for a string, it gives its decimal text (as JSON keys are
    /// written), so that string-keyed maps such as `serde_json::Value` read integer-key
    /// objects.
    pub(super) key: bool,
}

impl NumberDeserializer {
    /// The key's decimal text to a visitor that asked for a string.
    fn text<'de, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let mut buf = [0u8; 40];
        let n = match self.wide {
            Wide::Signed(v) if self.key => structio_num::write_int(v, &mut buf),
            Wide::Unsigned(v) if self.key => structio_num::write_int(v, &mut buf),
            _ => return visit_wide(self.header, self.wide, visitor),
        };
        // Digits and a sign are ASCII.
        visitor
            .visit_str(core::str::from_utf8(buf.get(..n).unwrap_or_default()).unwrap_or_default())
    }
}

impl<'de> de::Deserializer<'de> for NumberDeserializer {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visit_wide(self.header, self.wide, visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.text(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.text(visitor)
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char bytes byte_buf
        unit unit_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}
