//! [`Deserializer`]: serde's data model read through structio's [`Reader`], with no token
//! stream and no intermediate value.

use ::serde::de::{self, Visitor};

use super::access::{MapAccess, SeqAccess, TaggedVariant, UnitVariant};
use super::key::MapKey;
use super::scratch::{self, Scratch, Str};
use super::{Error, Result};
use crate::{ErrorKind, ReadOptions, Reader};

/// A serde [`Deserializer`](::serde::Deserializer) over JSON text.
///
/// Strings without escapes are handed to the visitor borrowed from the input
/// (`visit_borrowed_str`, so `&'de str` and `#[serde(borrow)] Cow<'de, str>` fields borrow);
/// strings with escapes are decoded into a buffer the deserializer reuses (`visit_str`).
/// `deserialize_any` gives integers as `u64` (non-negative) or `i64` (negative) when they fit,
/// `-0` and every other number as `f64`, as serde_json does; `deserialize_i128` and
/// `deserialize_u128` read the whole 128-bit range. Numbers out of the destination's range are
/// errors ([`ErrorKind::NumberOutOfRange`]), never wrapped or saturated.
///
/// ```
/// use serde::Deserialize;
/// let mut de = structio_json::serde::Deserializer::from_str(r#"["a", "b\n"] "#);
/// let v = <Vec<std::borrow::Cow<str>>>::deserialize(&mut de)?;
/// de.end()?;
/// assert_eq!(v, ["a", "b\n"]);
/// # Ok::<(), structio_json::serde::Error>(())
/// ```
pub struct Deserializer<'de> {
    pub(crate) r: Reader<'de>,
    pub(super) scratch: Scratch,
}

impl<'de> Deserializer<'de> {
    /// A deserializer over `input` with the default [`ReadOptions`] (nesting depth 128).
    ///
    /// ```
    /// let de = structio_json::serde::Deserializer::from_slice(b"[]");
    /// ```
    pub const fn from_slice(input: &'de [u8]) -> Self {
        Self::with_options(input, ReadOptions::new())
    }

    /// A deserializer over `input` with the default [`ReadOptions`].
    ///
    /// ```
    /// let de = structio_json::serde::Deserializer::from_str("{}");
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub const fn from_str(input: &'de str) -> Self {
        Self::from_slice(input.as_bytes())
    }

    /// A deserializer over `input` with `opts`. Only the nesting limit applies here: unknown
    /// fields are a serde type's business (`#[serde(deny_unknown_fields)]`).
    ///
    /// ```
    /// use serde::Deserialize;
    /// use structio_json::{serde::Deserializer, ErrorKind, ReadOptions};
    /// let mut de = Deserializer::with_options(b"[[1]]", ReadOptions::new().max_depth(1));
    /// let err = <Vec<Vec<u8>>>::deserialize(&mut de).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::DepthLimit);
    /// ```
    pub const fn with_options(input: &'de [u8], opts: ReadOptions) -> Self {
        Deserializer {
            r: Reader::with_options(input, opts),
            scratch: Scratch::new(),
        }
    }

    /// Checks that only whitespace is left after the value read
    /// ([`ErrorKind::TrailingCharacters`] otherwise).
    ///
    /// ```
    /// use serde::Deserialize;
    /// let mut de = structio_json::serde::Deserializer::from_str("1 2");
    /// assert_eq!(u8::deserialize(&mut de)?, 1);
    /// assert!(de.end().is_err());
    /// # Ok::<(), structio_json::serde::Error>(())
    /// ```
    pub fn end(&mut self) -> Result<()> {
        Ok(self.r.finish()?)
    }

    /// The current byte offset in the input.
    ///
    /// ```
    /// let de = structio_json::serde::Deserializer::from_str(" 1");
    /// assert_eq!(de.offset(), 0);
    /// ```
    pub const fn offset(&self) -> usize {
        self.r.offset()
    }

    /// Skips whitespace and returns where the next value starts, which is where a serde
    /// type's error about that value is placed.
    #[inline(always)]
    pub(super) fn start(&mut self) -> usize {
        self.r.skip_ws();
        self.r.pos
    }

    /// The error for a value that does not start with a byte this destination accepts:
    /// `UnexpectedEnd` at the end of the input, `kind` otherwise.
    #[cold]
    #[inline(never)]
    pub(super) fn unexpected(&self, kind: ErrorKind) -> Error {
        let at = self.r.pos;
        let kind = if at >= self.r.input.len() {
            ErrorKind::UnexpectedEnd
        } else {
            kind
        };
        crate::Error::new(kind, at).into()
    }

    /// The string at the cursor, borrowed or decoded.
    #[inline(always)]
    pub(super) fn read_str(&mut self) -> Result<Str<'de, '_>> {
        Ok(scratch::read_str(&mut self.r, &mut self.scratch)?)
    }

    /// An array, its elements read by the visitor; more elements than it took are
    /// [`ErrorKind::TooManyElements`].
    #[inline]
    fn visit_array<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        let empty = self.r.begin_array()?;
        let mut seq = SeqAccess::new(self, empty);
        let value = visitor.visit_seq(&mut seq)?;
        seq.end()?;
        Ok(value)
    }

    /// An object, its members read by the visitor; members it did not take are
    /// [`ErrorKind::TooManyElements`].
    #[inline]
    fn visit_object<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        let empty = self.r.begin_object()?;
        let mut map = MapAccess::new(self, empty);
        let value = visitor.visit_map(&mut map)?;
        map.end()?;
        Ok(value)
    }

    /// A number of unknown type, as serde_json reads one.
    #[inline]
    fn visit_number<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        let input = self.r.input;
        let (n, end) = structio_num::parse_number(input, self.r.pos)
            .map_err(|e| super::num_error(input, e))?;
        match n {
            structio_num::Number::Int {
                negative: false,
                magnitude,
            } => {
                self.r.pos = end;
                visitor.visit_u64(magnitude)
            }
            structio_num::Number::Int {
                negative: true,
                magnitude,
            } => {
                self.r.pos = end;
                // `-0` and magnitudes past `i64::MIN` are floats, as serde_json makes them.
                if magnitude != 0 && magnitude <= 1 << 63 {
                    visitor.visit_i64((magnitude as i64).wrapping_neg())
                } else {
                    visitor.visit_f64(-(magnitude as f64))
                }
            }
            structio_num::Number::Float(v) if v.is_infinite() => {
                Err(crate::Error::new(ErrorKind::NumberOutOfRange, self.r.pos).into())
            }
            structio_num::Number::Float(v) => {
                self.r.pos = end;
                visitor.visit_f64(v)
            }
        }
    }

    /// A string to a visitor: borrowed when escape-free.
    #[inline(always)]
    pub(super) fn visit_string<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        match self.read_str()? {
            Str::Borrowed(s) => visitor.visit_borrowed_str(s),
            Str::Copied(s) => visitor.visit_str(s),
        }
    }
}

/// A typed number: structio-num's conversion for the exact type, then the visitor.
macro_rules! number {
    ($($method:ident $visit:ident $read:ident $t:ty;)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let at = self.start();
            let v: $t = self.r.$read()?;
            visitor.$visit(v).map_err(|e: Error| e.place(at))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.start();
        let out = match self.r.byte() {
            Some(b'n') => {
                self.r.read_null()?;
                visitor.visit_unit()
            }
            Some(b't' | b'f') => {
                let v = self.r.read_bool()?;
                visitor.visit_bool(v)
            }
            Some(b'"') => self.visit_string(visitor),
            Some(b'[') => self.visit_array(visitor),
            Some(b'{') => self.visit_object(visitor),
            Some(b'-' | b'0'..=b'9') => self.visit_number(visitor),
            _ => return Err(self.unexpected(ErrorKind::ExpectedValue)),
        };
        out.map_err(|e: Error| e.place(at))
    }

    #[inline]
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.start();
        let v = self.r.read_bool()?;
        visitor.visit_bool(v).map_err(|e: Error| e.place(at))
    }

    number! {
        deserialize_i8 visit_i8 read_int i8;
        deserialize_i16 visit_i16 read_int i16;
        deserialize_i32 visit_i32 read_int i32;
        deserialize_i64 visit_i64 read_int i64;
        deserialize_i128 visit_i128 read_int i128;
        deserialize_u8 visit_u8 read_int u8;
        deserialize_u16 visit_u16 read_int u16;
        deserialize_u32 visit_u32 read_int u32;
        deserialize_u64 visit_u64 read_int u64;
        deserialize_u128 visit_u128 read_int u128;
        deserialize_f32 visit_f32 read_f32 f32;
        deserialize_f64 visit_f64 read_f64 f64;
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    #[inline]
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.start();
        self.visit_string(visitor).map_err(|e: Error| e.place(at))
    }

    #[inline]
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    /// A string's bytes (after unescaping), or an array of numbers as serde_json writes bytes.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.start();
        let out = match self.r.byte() {
            Some(b'"') => match self.read_str()? {
                Str::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
                Str::Copied(s) => visitor.visit_bytes(s.as_bytes()),
            },
            Some(b'[') => self.visit_array(visitor),
            _ => return Err(self.unexpected(ErrorKind::ExpectedString)),
        };
        out.map_err(|e: Error| e.place(at))
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.start();
        let out = if self.r.byte() == Some(b'n') {
            self.r.read_null()?;
            visitor.visit_none()
        } else {
            visitor.visit_some(&mut *self)
        };
        out.map_err(|e: Error| e.place(at))
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.start();
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
        let at = self.start();
        visitor
            .visit_newtype_struct(&mut *self)
            .map_err(|e: Error| e.place(at))
    }

    #[inline]
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.start();
        if self.r.byte() != Some(b'[') {
            return Err(self.unexpected(ErrorKind::ExpectedArray));
        }
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

    #[inline]
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.start();
        if self.r.byte() != Some(b'{') {
            return Err(self.unexpected(ErrorKind::ExpectedObject));
        }
        self.visit_object(visitor).map_err(|e: Error| e.place(at))
    }

    /// An object, or (as serde_json allows) an array of the fields in order.
    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let at = self.start();
        let out = match self.r.byte() {
            Some(b'{') => self.visit_object(visitor),
            Some(b'[') => self.visit_array(visitor),
            _ => return Err(self.unexpected(ErrorKind::ExpectedObject)),
        };
        out.map_err(|e: Error| e.place(at))
    }

    /// Externally tagged, as serde_json: a unit variant is its name as a string, any other
    /// variant an object of one member, `{"Name": content}`.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let at = self.start();
        let out = match self.r.byte() {
            Some(b'"') => visitor.visit_enum(UnitVariant { de: self }),
            Some(b'{') => {
                if self.r.begin_object()? {
                    // `{}`: the variant's name was due where the `}` is.
                    let at_close = self.r.pos - 1;
                    return Err(crate::Error::new(ErrorKind::ExpectedString, at_close).into());
                }
                visitor
                    .visit_enum(TaggedVariant { de: &mut *self })
                    .and_then(|v| {
                        if self.r.object_next()? {
                            let extra = self.r.pos;
                            Err(crate::Error::new(ErrorKind::TooManyElements, extra).into())
                        } else {
                            Ok(v)
                        }
                    })
            }
            _ => return Err(self.unexpected(ErrorKind::ExpectedString)),
        };
        out.map_err(|e: Error| e.place(at))
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    /// Steps over one value, validating it (strings' escapes and UTF-8 included) and within the
    /// nesting limit, without building anything.
    #[inline]
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.start();
        self.r.skip_value()?;
        visitor.visit_unit().map_err(|e: Error| e.place(at))
    }
}

/// The map key deserializer for the member at the cursor.
impl<'de> Deserializer<'de> {
    #[inline(always)]
    pub(super) fn key(&mut self) -> MapKey<'_, 'de> {
        MapKey { de: self }
    }
}
