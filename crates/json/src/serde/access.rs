//! The deserializer's element, member and variant access: how a visitor steps through an
//! array, an object, and an externally tagged enum.

use ::serde::de::{self, DeserializeSeed, Unexpected, Visitor};

use super::de::Deserializer;
use super::{Error, Result};
use crate::ErrorKind;

/// Where a container walk is.
#[derive(Copy, Clone, PartialEq, Eq)]
enum State {
    /// Opened and not empty: the first element or key is next.
    First,
    /// After an element or member: a `,` or the closing bracket is next.
    Rest,
    /// The closing bracket was read.
    Done,
}

impl State {
    const fn new(empty: bool) -> Self {
        if empty {
            State::Done
        } else {
            State::First
        }
    }
}

/// The elements of an array (its `[` read).
pub(super) struct SeqAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    state: State,
}

impl<'a, 'de> SeqAccess<'a, 'de> {
    pub(super) fn new(de: &'a mut Deserializer<'de>, empty: bool) -> Self {
        SeqAccess {
            de,
            state: State::new(empty),
        }
    }

    /// After the visitor: an element it did not take is [`ErrorKind::TooManyElements`].
    pub(super) fn end(&mut self) -> Result<()> {
        let more = match self.state {
            State::Done => false,
            State::First => true,
            State::Rest => self.de.r.array_next()?,
        };
        if more {
            let at = self.de.start();
            return Err(crate::Error::new(ErrorKind::TooManyElements, at).into());
        }
        Ok(())
    }
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        match self.state {
            State::Done => return Ok(None),
            State::First => self.state = State::Rest,
            State::Rest => {
                if !self.de.r.array_next()? {
                    self.state = State::Done;
                    return Ok(None);
                }
            }
        }
        seed.deserialize(&mut *self.de).map(Some)
    }
}

/// The members of an object (its `{` read).
pub(super) struct MapAccess<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    state: State,
}

impl<'a, 'de> MapAccess<'a, 'de> {
    pub(super) fn new(de: &'a mut Deserializer<'de>, empty: bool) -> Self {
        MapAccess {
            de,
            state: State::new(empty),
        }
    }

    /// After the visitor: a member it did not take is [`ErrorKind::TooManyElements`].
    pub(super) fn end(&mut self) -> Result<()> {
        let more = match self.state {
            State::Done => false,
            State::First => true,
            State::Rest => self.de.r.object_next()?,
        };
        if more {
            let at = self.de.start();
            return Err(crate::Error::new(ErrorKind::TooManyElements, at).into());
        }
        Ok(())
    }
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.state {
            State::Done => return Ok(None),
            State::First => self.state = State::Rest,
            State::Rest => {
                if !self.de.r.object_next()? {
                    self.state = State::Done;
                    return Ok(None);
                }
            }
        }
        let key = seed.deserialize(self.de.key())?;
        self.de.r.colon()?;
        Ok(Some(key))
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        seed.deserialize(&mut *self.de)
    }
}

/// An enum written as a string: a unit variant.
pub(super) struct UnitVariant<'a, 'de> {
    pub(super) de: &'a mut Deserializer<'de>,
}

impl<'de> de::EnumAccess<'de> for UnitVariant<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    #[inline]
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let v = seed.deserialize(&mut *self.de)?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'_, 'de> {
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

/// An enum written as an object of one member (its `{` read, not empty): the key names the
/// variant, the value is its content.
pub(super) struct TaggedVariant<'a, 'de> {
    pub(super) de: &'a mut Deserializer<'de>,
}

impl<'de> de::EnumAccess<'de> for TaggedVariant<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    #[inline]
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let v = seed.deserialize(self.de.key())?;
        self.de.r.colon()?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for TaggedVariant<'_, 'de> {
    type Error = Error;

    /// `{"Name": null}`, which serde_json accepts for a unit variant too.
    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(self.de)
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
