//! [`Deserializer`]: serde's data model read through structio-beve's [`Reader`].

use ::serde::de::{self, Visitor};

use super::access::{open_array, open_object, MapAccess, SeqAccess, TaggedVariant, UnitVariant};
use super::number::visit_wide;
use super::{Error, Result};
use crate::number::{decode_wide, Number};
use crate::{header, ErrorKind, Reader};

/// A serde [`Deserializer`](::serde::Deserializer) over a BEVE document.
///
/// Strings are always handed to the visitor borrowed from the document (BEVE has no escapes),
/// so `&'de str` fields borrow. Numbers convert as the typed reader converts them: another
/// numeric header is read when the value fits the destination (never a float into an
/// integer). Typed numeric, boolean and string arrays, and aligned arrays, read as sequences
/// for any serde sequence type; objects with integer keys as maps.
///
/// ```
/// use serde::Deserialize;
/// let doc = structio_beve::to_vec(&vec![1.5f64, 2.0]).unwrap();
/// let mut de = structio_beve::serde::Deserializer::from_slice(&doc);
/// let v = <Vec<f64>>::deserialize(&mut de)?;
/// de.end()?;
/// assert_eq!(v, [1.5, 2.0]);
/// # Ok::<(), structio_beve::serde::Error>(())
/// ```
pub struct Deserializer<'de> {
    pub(crate) r: Reader<'de>,
}

impl<'de> Deserializer<'de> {
    /// A deserializer over `input` with the default nesting limit
    /// ([`DEFAULT_DEPTH_LIMIT`](crate::DEFAULT_DEPTH_LIMIT)).
    ///
    /// ```
    /// let de = structio_beve::serde::Deserializer::from_slice(&[0x00]);
    /// ```
    pub const fn from_slice(input: &'de [u8]) -> Self {
        Deserializer {
            r: Reader::new(input),
        }
    }

    /// A deserializer over `input` that allows `limit` levels of nesting.
    ///
    /// ```
    /// use serde::Deserialize;
    /// // Generic arrays nest; the innermost `Vec<u8>` is a typed array, which holds no values.
    /// let doc = structio_beve::to_vec(&vec![vec![vec![1u8]]]).unwrap();
    /// let mut de = structio_beve::serde::Deserializer::with_depth_limit(&doc, 1);
    /// let err = <Vec<Vec<Vec<u8>>>>::deserialize(&mut de).unwrap_err();
    /// assert_eq!(err.kind(), structio_beve::ErrorKind::DepthLimit);
    /// ```
    pub const fn with_depth_limit(input: &'de [u8], limit: u32) -> Self {
        Deserializer {
            r: Reader::new(input).with_depth_limit(limit),
        }
    }

    /// Checks that the whole document was read ([`ErrorKind::TrailingBytes`] otherwise).
    ///
    /// ```
    /// use serde::Deserialize;
    /// let mut de = structio_beve::serde::Deserializer::from_slice(&[0x18, 0x18]);
    /// assert!(bool::deserialize(&mut de)?);
    /// assert!(de.end().is_err());
    /// # Ok::<(), structio_beve::serde::Error>(())
    /// ```
    pub fn end(&mut self) -> Result<()> {
        Ok(self.r.finish()?)
    }

    /// The current byte offset.
    ///
    /// ```
    /// let de = structio_beve::serde::Deserializer::from_slice(&[0x00]);
    /// assert_eq!(de.offset(), 0);
    /// ```
    pub fn offset(&self) -> usize {
        self.r.offset()
    }

    /// A single number of any type, to the visitor in its own type.
    fn visit_number<V: Visitor<'de>>(&mut self, h: u8, visitor: V) -> Result<V::Value> {
        let width = header::width(h).ok_or_else(|| self.r.error(ErrorKind::InvalidHeader(h)))?;
        let at = self.r.offset();
        self.r.advance(1);
        let bytes = self.r.take(width).inspect_err(|_| self.r.set_pos(at))?;
        match decode_wide(h, bytes) {
            Some(wide) => visit_wide(h, wide, visitor),
            // `f128`, which serde has no type for.
            None => Err(crate::Error::new(
                ErrorKind::WrongType {
                    expected: f64::HEADER,
                    found: h,
                },
                at,
            )
            .into()),
        }
    }

    fn visit_array<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        let (items, len, entered) = open_array(&mut self.r)?;
        let mut seq = SeqAccess::new(self, items, len);
        let value = visitor.visit_seq(&mut seq)?;
        seq.end(entered)?;
        Ok(value)
    }

    fn visit_object<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        let (keys, len) = open_object(&mut self.r)?;
        let mut map = MapAccess::new(self, keys, len);
        let value = visitor.visit_map(&mut map)?;
        map.end()?;
        Ok(value)
    }
}

/// A number of one type, read with the typed reader's conversion.
macro_rules! number {
    ($($method:ident $visit:ident $t:ty;)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let at = self.r.offset();
            let v: $t = self.r.read_number()?;
            visitor.$visit(v).map_err(|e: Error| e.place(at))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.r.offset();
        let h = self.r.peek_header()?;
        let out = match h {
            header::NULL => {
                self.r.advance(1);
                visitor.visit_unit()
            }
            header::FALSE | header::TRUE => {
                let v = self.r.read_bool()?;
                visitor.visit_bool(v)
            }
            header::STRING => {
                let s = self.r.read_str()?;
                visitor.visit_borrowed_str(s)
            }
            header::GENERIC_ARRAY
            | header::BOOL_ARRAY
            | header::STRING_ARRAY
            | header::ALIGNED_ARRAY => self.visit_array(visitor),
            _ if h & 7 == 1 => self.visit_number(h, visitor),
            _ if h & 7 == 4 => self.visit_array(visitor),
            _ if h & 7 == 3 => self.visit_object(visitor),
            _ => return Err(crate::Error::new(ErrorKind::InvalidHeader(h), at).into()),
        };
        out.map_err(|e: Error| e.place(at))
    }

    #[inline]
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.r.offset();
        let v = self.r.read_bool()?;
        visitor.visit_bool(v).map_err(|e: Error| e.place(at))
    }

    number! {
        deserialize_i8 visit_i8 i8;
        deserialize_i16 visit_i16 i16;
        deserialize_i32 visit_i32 i32;
        deserialize_i64 visit_i64 i64;
        deserialize_i128 visit_i128 i128;
        deserialize_u8 visit_u8 u8;
        deserialize_u16 visit_u16 u16;
        deserialize_u32 visit_u32 u32;
        deserialize_u64 visit_u64 u64;
        deserialize_u128 visit_u128 u128;
        deserialize_f32 visit_f32 f32;
        deserialize_f64 visit_f64 f64;
    }

    /// A one-character string, as the typed reader writes `char`.
    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.r.offset();
        let s = self.r.read_str()?;
        visitor
            .visit_borrowed_str(s)
            .map_err(|e: Error| e.place(at))
    }

    #[inline]
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    /// A typed `u8` array (as bytes are written) or a string, borrowed; any other array as a
    /// sequence.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.r.offset();
        let out = match self.r.peek_header()? {
            h if h == u8::TYPED_HEADER => {
                self.r.advance(1);
                let bytes = self.r.typed_payload(1)?;
                visitor.visit_borrowed_bytes(bytes)
            }
            header::STRING => {
                let s = self.r.read_str()?;
                visitor.visit_borrowed_bytes(s.as_bytes())
            }
            _ => self.visit_array(visitor),
        };
        out.map_err(|e: Error| e.place(at))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.r.offset();
        let out = if self.r.peek_header()? == header::NULL {
            self.r.advance(1);
            visitor.visit_none()
        } else {
            visitor.visit_some(&mut *self)
        };
        out.map_err(|e: Error| e.place(at))
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.r.offset();
        self.r.read_null()?;
        visitor.visit_unit().map_err(|e: Error| e.place(at))
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        let at = self.r.offset();
        visitor
            .visit_newtype_struct(&mut *self)
            .map_err(|e: Error| e.place(at))
    }

    /// Any array: generic, typed numeric (aligned too), boolean or string.
    #[inline]
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.r.offset();
        self.visit_array(visitor).map_err(|e: Error| e.place(at))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    /// An object with string keys, or with integer keys.
    #[inline]
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.r.offset();
        self.visit_object(visitor).map_err(|e: Error| e.place(at))
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_map(visitor)
    }

    /// As the typed reader writes enums: a unit variant as its name (a string), any other as
    /// an object of one member, `{name: content}`.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let at = self.r.offset();
        let out = match self.r.peek_header()? {
            header::STRING => {
                let name = self.r.read_str()?;
                visitor.visit_enum(UnitVariant { name })
            }
            header::OBJECT => {
                let n = self.r.begin_object()?;
                if n != 1 {
                    let kind = if n == 0 {
                        ErrorKind::TooFewElements
                    } else {
                        ErrorKind::TooManyElements
                    };
                    return Err(crate::Error::new(kind, at).into());
                }
                let v = visitor.visit_enum(TaggedVariant { de: &mut *self });
                self.r.end_object();
                v
            }
            found => {
                return Err(crate::Error::new(
                    ErrorKind::WrongType {
                        expected: header::STRING,
                        found,
                    },
                    at,
                )
                .into())
            }
        };
        out.map_err(|e: Error| e.place(at))
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    /// Steps over one value, checked as the typed reader checks what it skips.
    #[inline]
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.r.offset();
        self.r.skip_value()?;
        visitor.visit_unit().map_err(|e: Error| e.place(at))
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}
