//! The deserializer's element, member and variant access: how a visitor steps through the
//! kinds of BEVE arrays, objects with string or integer keys, and externally tagged enums.

use ::serde::de::value::{BoolDeserializer, BorrowedStrDeserializer};
use ::serde::de::{self, DeserializeSeed, IntoDeserializer, Unexpected, Visitor};

use super::de::Deserializer;
use super::number::NumberDeserializer;
use super::{Error, Result};
use crate::number::{decode_wide, Number};
use crate::{header, ErrorKind, Reader};

/// What the elements of an array are.
pub(super) enum Items<'de> {
    /// A generic array: each element with its own header.
    Generic,
    /// A typed (or aligned) numeric array: `header` is the single-value header of its
    /// elements, `bytes` their little-endian payload.
    Numbers {
        header: u8,
        width: usize,
        bytes: &'de [u8],
    },
    /// A boolean array, bit-packed.
    Bools(&'de [u8]),
    /// A string array: `SIZE | bytes` per element.
    Strings,
}

/// Opens the array at the cursor: its kind, its element count, and whether a nesting level was
/// entered (generic arrays; the typed kinds hold no values that nest).
pub(super) fn open_array<'de>(r: &mut Reader<'de>) -> Result<(Items<'de>, usize, bool)> {
    let at = r.offset();
    let h = r.peek_header()?;
    let wrong = || {
        crate::Error::new(
            ErrorKind::WrongType {
                expected: header::GENERIC_ARRAY,
                found: h,
            },
            at,
        )
    };
    match h {
        header::GENERIC_ARRAY => Ok((Items::Generic, r.begin_array()?, true)),
        header::BOOL_ARRAY => {
            r.advance(1);
            let (n, bits) = r.read_bool_bits()?;
            Ok((Items::Bools(bits), n, false))
        }
        header::STRING_ARRAY => {
            r.advance(1);
            let n = r.read_count(1)?;
            Ok((Items::Strings, n, false))
        }
        header::ALIGNED_ARRAY => {
            r.advance(1);
            let (inner, width) = r.aligned_inner()?;
            let bytes = r.aligned_payload(width)?;
            let items = Items::Numbers {
                header: (inner & !7) | 1,
                width,
                bytes,
            };
            Ok((items, bytes.len() / width, false))
        }
        _ if h & 7 == 4 => {
            let width = match header::width(h) {
                Some(w) if (h >> 3) & 3 != 3 => w,
                _ => return Err(crate::Error::new(ErrorKind::InvalidHeader(h), at).into()),
            };
            r.advance(1);
            let bytes = r.typed_payload(width)?;
            let items = Items::Numbers {
                header: (h & !7) | 1,
                width,
                bytes,
            };
            Ok((items, bytes.len() / width, false))
        }
        _ => Err(wrong().into()),
    }
}

/// The elements of an open array.
pub(super) struct SeqAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    items: Items<'de>,
    len: usize,
    index: usize,
    /// What `size_hint` offers to reserve: a generic array's count out of the document's
    /// budget (`Reader::reserve_budget`), taken once when it is opened; a typed array's whole
    /// count (a leaf, as in the typed readers: its elements cannot nest).
    hint: usize,
}

impl<'a, 'de> SeqAccess<'a, 'de> {
    pub(super) fn new(de: &'a mut Deserializer<'de>, items: Items<'de>, len: usize) -> Self {
        let hint = match items {
            Items::Generic => de.r.reserve_budget::<u8>(len),
            _ => len,
        };
        SeqAccess {
            de,
            items,
            len,
            index: 0,
            hint,
        }
    }

    /// After the visitor: an element it did not take is [`ErrorKind::TooManyElements`].
    pub(super) fn end(&mut self, entered: bool) -> Result<()> {
        if self.index < self.len {
            return Err(self.de.r.error(ErrorKind::TooManyElements).into());
        }
        if entered {
            self.de.r.end_array();
        }
        Ok(())
    }
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.index == self.len {
            return Ok(None);
        }
        let i = self.index;
        self.index += 1;
        let v = match self.items {
            Items::Generic => seed.deserialize(&mut *self.de)?,
            Items::Numbers {
                header,
                width,
                bytes,
            } => {
                let chunk = bytes.get(i * width..(i + 1) * width).unwrap_or_default();
                element(seed, header, chunk)?
            }
            Items::Bools(bits) => {
                let bit = bits.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1);
                seed.deserialize(BoolDeserializer::<Error>::new(bit))?
            }
            Items::Strings => {
                let s = self.de.r.read_str_body()?;
                seed.deserialize(BorrowedStrDeserializer::<Error>::new(s))?
            }
        };
        Ok(Some(v))
    }

    fn size_hint(&self) -> Option<usize> {
        Some((self.len - self.index).min(self.hint))
    }
}

/// One element of a typed numeric array. The common element types go to the visitor straight
/// from their bytes (one load, no decoding through the widest type); the rest through
/// [`decode_wide`].
#[inline(always)]
fn element<'de, T: DeserializeSeed<'de>>(seed: T, header: u8, chunk: &[u8]) -> Result<T::Value> {
    macro_rules! exact {
        ($($t:ty)*) => {$(
            if header == <$t as Number>::HEADER {
                if let Some(b) = chunk.first_chunk::<{ core::mem::size_of::<$t>() }>() {
                    return seed.deserialize(<$t>::from_le_bytes(*b).into_deserializer());
                }
            }
        )*};
    }
    exact!(f64 f32 u64 i64 u32 i32 u16 i16 u8 i8);
    let wide = decode_wide(header, chunk)
        .ok_or_else(|| Error::unplaced(ErrorKind::InvalidHeader(header)))?;
    seed.deserialize(NumberDeserializer {
        header,
        wide,
        key: false,
    })
}

/// What the keys of an object are.
pub(super) enum Keys {
    /// Strings: `SIZE | bytes`.
    Str,
    /// Integers of one type: `header` is their single-value header.
    Int { header: u8, width: usize },
}

/// Opens the object at the cursor (entering a nesting level): its key kind and member count.
pub(super) fn open_object(r: &mut Reader<'_>) -> Result<(Keys, usize)> {
    let at = r.offset();
    let h = r.peek_header()?;
    if h == header::OBJECT {
        return Ok((Keys::Str, r.begin_object()?));
    }
    if h & 7 == 3 && matches!((h >> 3) & 3, 1 | 2) {
        if let Some(width) = header::width(h) {
            r.advance(1);
            let n = r.read_count(width + 1)?;
            r.enter_at(at)?;
            return Ok((
                Keys::Int {
                    header: (h & !7) | 1,
                    width,
                },
                n,
            ));
        }
        return Err(crate::Error::new(ErrorKind::InvalidHeader(h), at).into());
    }
    Err(crate::Error::new(
        ErrorKind::WrongType {
            expected: header::OBJECT,
            found: h,
        },
        at,
    )
    .into())
}

/// The members of an open object.
pub(super) struct MapAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    keys: Keys,
    len: usize,
    index: usize,
    /// What `size_hint` offers to reserve: the count, out of the document's budget
    /// (`Reader::reserve_budget`), taken once when the container is opened.
    hint: usize,
}

impl<'a, 'de> MapAccess<'a, 'de> {
    pub(super) fn new(de: &'a mut Deserializer<'de>, keys: Keys, len: usize) -> Self {
        let hint = de.r.reserve_budget::<u8>(len);
        MapAccess {
            de,
            keys,
            len,
            index: 0,
            hint,
        }
    }

    /// After the visitor: a member it did not take is [`ErrorKind::TooManyElements`].
    pub(super) fn end(&mut self) -> Result<()> {
        if self.index < self.len {
            return Err(self.de.r.error(ErrorKind::TooManyElements).into());
        }
        self.de.r.end_object();
        Ok(())
    }
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.index == self.len {
            return Ok(None);
        }
        self.index += 1;
        let at = self.de.r.offset();
        let key = match self.keys {
            Keys::Str => {
                let s = self.de.r.read_str_body()?;
                seed.deserialize(BorrowedStrDeserializer::<Error>::new(s))
            }
            Keys::Int { header, width } => {
                let bytes = self.de.r.take(width)?;
                let wide = decode_wide(header, bytes)
                    .ok_or_else(|| Error::unplaced(ErrorKind::InvalidHeader(header)))?;
                seed.deserialize(NumberDeserializer {
                    header,
                    wide,
                    key: true,
                })
            }
        };
        key.map(Some).map_err(|e| e.place(at))
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        seed.deserialize(&mut *self.de)
    }

    fn size_hint(&self) -> Option<usize> {
        Some((self.len - self.index).min(self.hint))
    }
}

/// An enum written as a string: a unit variant.
pub(super) struct UnitVariant<'de> {
    pub(super) name: &'de str,
}

impl<'de> de::EnumAccess<'de> for UnitVariant<'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let v = seed.deserialize(BorrowedStrDeserializer::<Error>::new(self.name))?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"newtype variant",
        ))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"tuple variant",
        ))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value> {
        Err(de::Error::invalid_type(
            Unexpected::UnitVariant,
            &"struct variant",
        ))
    }
}

/// An enum written as an object of one member (its header and count read): the key names the
/// variant, the value is its content.
pub(super) struct TaggedVariant<'a, 'de> {
    pub(super) de: &'a mut Deserializer<'de>,
}

impl<'de> de::EnumAccess<'de> for TaggedVariant<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let at = self.de.r.offset();
        let name = self.de.r.read_str_body()?;
        let v = seed
            .deserialize(BorrowedStrDeserializer::<Error>::new(name))
            .map_err(|e| e.place(at))?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for TaggedVariant<'_, 'de> {
    type Error = Error;

    /// `{name: null}`.
    fn unit_variant(self) -> Result<()> {
        Ok(self.de.r.read_null()?)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self.de)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(self.de, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_struct(self.de, "", fields, visitor)
    }
}
