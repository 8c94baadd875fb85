//! Map keys through serde: JSON object keys are strings, so integers, floats, bools and chars
//! are written inside quotes (`{"7": ...}`), as structio's own map keys and serde_json write
//! them; anything else is an error.

use ::serde::ser::{self, Impossible, Serialize};

use super::error::with_display_str;
use super::error::KEY_MUST_BE_A_STRING;
use super::{Error, Result};
use crate::{ErrorKind, Sink, Writer};

/// Writes one member's key (with the separator before it and the colon after it).
pub(super) struct MapKeySerializer<'a, S: Sink> {
    pub(super) w: &'a mut Writer<S>,
    pub(super) first: bool,
    /// The writer's layout, as the map's [`Compound`](super::ser::Compound) read it.
    pub(super) pretty: bool,
}

impl<S: Sink> MapKeySerializer<'_, S> {
    #[inline]
    fn key(self, text: &str) -> Result<()> {
        if self.pretty {
            Ok(self.w.key(self.first, text)?)
        } else {
            Ok(self.w.compact_key(self.first, text)?)
        }
    }

    #[cold]
    fn not_a_key(&self) -> Error {
        crate::Error::new(KEY_MUST_BE_A_STRING, self.w.sink().len()).into()
    }
}

macro_rules! int_key {
    ($($method:ident $t:ty;)*) => {$(
        fn $method(self, v: $t) -> Result<()> {
            let mut buf = [0u8; 40];
            let n = structio_num::write_int(v, &mut buf);
            // Digits and a sign are ASCII.
            self.key(core::str::from_utf8(buf.get(..n).unwrap_or_default()).unwrap_or_default())
        }
    )*};
}

impl<S: Sink> ser::Serializer for MapKeySerializer<'_, S> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        self.key(v)
    }

    int_key! {
        serialize_i8 i8;
        serialize_i16 i16;
        serialize_i32 i32;
        serialize_i64 i64;
        serialize_i128 i128;
        serialize_u8 u8;
        serialize_u16 u16;
        serialize_u32 u32;
        serialize_u64 u64;
        serialize_u128 u128;
    }

    fn serialize_bool(self, v: bool) -> Result<()> {
        self.key(if v { "true" } else { "false" })
    }

    fn serialize_f32(self, v: f32) -> Result<()> {
        if !v.is_finite() {
            return Err(crate::Error::new(ErrorKind::Unrepresentable, self.w.sink().len()).into());
        }
        let mut buf = [0u8; 32];
        let n = structio_num::write_f32(v, &mut buf);
        self.key(core::str::from_utf8(buf.get(..n).unwrap_or_default()).unwrap_or_default())
    }

    /// A finite float in Glaze's layout; NaN and the infinities have no key form
    /// ([`ErrorKind::Unrepresentable`]).
    fn serialize_f64(self, v: f64) -> Result<()> {
        if !v.is_finite() {
            return Err(crate::Error::new(ErrorKind::Unrepresentable, self.w.sink().len()).into());
        }
        let mut buf = [0u8; 32];
        let n = structio_num::write_f64(v, &mut buf);
        self.key(core::str::from_utf8(buf.get(..n).unwrap_or_default()).unwrap_or_default())
    }

    fn serialize_char(self, v: char) -> Result<()> {
        self.key(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<()> {
        self.key(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<()> {
        value.serialize(self)
    }

    fn collect_str<T: core::fmt::Display + ?Sized>(self, value: &T) -> Result<()> {
        with_display_str(value, |s| self.key(s))
    }

    fn serialize_bytes(self, _v: &[u8]) -> Result<()> {
        Err(self.not_a_key())
    }

    fn serialize_none(self) -> Result<()> {
        Err(self.not_a_key())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<()> {
        Err(self.not_a_key())
    }

    fn serialize_unit(self) -> Result<()> {
        Err(self.not_a_key())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        Err(self.not_a_key())
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<()> {
        Err(self.not_a_key())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Impossible<(), Error>> {
        Err(self.not_a_key())
    }

    fn serialize_tuple(self, _len: usize) -> Result<Impossible<(), Error>> {
        Err(self.not_a_key())
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Impossible<(), Error>> {
        Err(self.not_a_key())
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Impossible<(), Error>> {
        Err(self.not_a_key())
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Impossible<(), Error>> {
        Err(self.not_a_key())
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Impossible<(), Error>> {
        Err(self.not_a_key())
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Impossible<(), Error>> {
        Err(self.not_a_key())
    }
}
