//! [`Serializer`]: serde's data model written through structio's [`Writer`], so the bytes
//! are the ones structio's own writer makes for the same data.

use ::serde::ser::{self, Serialize};

use super::error::with_display_str;
use super::ser_key::MapKeySerializer;
use super::{Error, Result};
use crate::{Sink, Writer};

/// A serde [`Serializer`](::serde::Serializer) writing JSON text into a [`Sink`].
///
/// The layout is serde_json's (structs and maps as objects, unit variants as their name,
/// other variants as `{"Name": content}`, bytes as an array of numbers, `None` and `()` as
/// `null`), the bytes are structio's: numbers in Glaze's layout (`1` for `1.0`, `1E16`), NaN
/// and the infinities as `null`, strings escaped as Glaze escapes them.
///
/// ```
/// use serde::Serialize;
/// let mut ser = structio_json::serde::Serializer::new(Vec::new());
/// (1u8, 2.5f64, "x").serialize(&mut ser)?;
/// assert_eq!(ser.into_inner(), br#"[1,2.5,"x"]"#);
/// # Ok::<(), structio_json::serde::Error>(())
/// ```
pub struct Serializer<S: Sink> {
    pub(crate) w: Writer<S>,
}

impl<S: Sink> Serializer<S> {
    /// A compact serializer.
    ///
    /// ```
    /// let ser = structio_json::serde::Serializer::new(Vec::new());
    /// ```
    pub fn new(sink: S) -> Self {
        Serializer {
            w: Writer::new(sink),
        }
    }

    /// A serializer that lays values out as Glaze's prettify does, `indent` spaces to a level.
    ///
    /// ```
    /// use serde::Serialize;
    /// let mut ser = structio_json::serde::Serializer::pretty(Vec::new(), 2);
    /// [1u8].serialize(&mut ser)?;
    /// assert_eq!(ser.into_inner(), b"[\n  1\n]");
    /// # Ok::<(), structio_json::serde::Error>(())
    /// ```
    pub fn pretty(sink: S, indent: usize) -> Self {
        Serializer {
            w: Writer::pretty(sink, indent),
        }
    }

    /// The sink, with what was written.
    ///
    /// ```
    /// let ser = structio_json::serde::Serializer::new(Vec::new());
    /// assert!(ser.into_inner().is_empty());
    /// ```
    pub fn into_inner(self) -> S {
        self.w.into_inner()
    }

    /// How many bytes have been written.
    ///
    /// ```
    /// use serde::Serialize;
    /// let mut ser = structio_json::serde::Serializer::new(Vec::new());
    /// true.serialize(&mut ser)?;
    /// assert_eq!(ser.written(), 4);
    /// # Ok::<(), structio_json::serde::Error>(())
    /// ```
    pub fn written(&self) -> usize {
        self.w.sink().len()
    }
}

/// The state of an array or object being written: whether an element has been, whether it
/// is an enum variant's content (closed by one more `}`), and the writer's layout.
///
/// ```
/// use serde::ser::{SerializeSeq, Serializer as _};
/// let mut ser = structio_json::serde::Serializer::new(Vec::new());
/// let mut seq = (&mut ser).serialize_seq(None)?;
/// seq.serialize_element(&1u8)?;
/// seq.end()?;
/// assert_eq!(ser.into_inner(), b"[1]");
/// # Ok::<(), structio_json::serde::Error>(())
/// ```
pub struct Compound<'a, S: Sink> {
    ser: &'a mut Serializer<S>,
    first: bool,
    variant: bool,
    pretty: bool,
}

impl<'a, S: Sink> Compound<'a, S> {
    #[inline]
    fn new(ser: &'a mut Serializer<S>, variant: bool) -> Self {
        // Read once, into the compound (a register in the element loop). Read from the writer
        // per element, the flag was loaded again after every store, and the layout paths met
        // again before the value's write, so the sink's length was read back from memory too.
        let pretty = ser.w.is_pretty();
        Compound {
            ser,
            first: true,
            variant,
            pretty,
        }
    }

    #[inline]
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        if self.pretty {
            self.ser.w.element(self.first)?;
        } else {
            self.ser.w.compact_element(self.first)?;
        }
        self.first = false;
        value.serialize(&mut *self.ser)
    }

    #[inline]
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<()> {
        if self.pretty {
            self.ser.w.key(self.first, key)?;
        } else {
            self.ser.w.compact_key(self.first, key)?;
        }
        self.first = false;
        value.serialize(&mut *self.ser)
    }

    fn end_array(self) -> Result<()> {
        self.ser.w.end_array(self.first)?;
        self.end_variant()
    }

    fn end_object(self) -> Result<()> {
        self.ser.w.end_object(self.first)?;
        self.end_variant()
    }

    fn end_variant(self) -> Result<()> {
        if self.variant {
            self.ser.w.end_object(false)?;
        }
        Ok(())
    }
}

/// Integers by structio-num, through the writer.
macro_rules! int {
    ($($method:ident $t:ty;)*) => {$(
        #[inline]
        fn $method(self, v: $t) -> Result<()> {
            Ok(self.w.write_int(v)?)
        }
    )*};
}

impl<'a, S: Sink> ser::Serializer for &'a mut Serializer<S> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a, S>;
    type SerializeTuple = Compound<'a, S>;
    type SerializeTupleStruct = Compound<'a, S>;
    type SerializeTupleVariant = Compound<'a, S>;
    type SerializeMap = Compound<'a, S>;
    type SerializeStruct = Compound<'a, S>;
    type SerializeStructVariant = Compound<'a, S>;

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<()> {
        Ok(self.w.write_bool(v)?)
    }

    int! {
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

    #[inline]
    fn serialize_f32(self, v: f32) -> Result<()> {
        Ok(self.w.write_f32(v)?)
    }

    #[inline]
    fn serialize_f64(self, v: f64) -> Result<()> {
        Ok(self.w.write_f64(v)?)
    }

    fn serialize_char(self, v: char) -> Result<()> {
        Ok(self.w.write_str(v.encode_utf8(&mut [0; 4]))?)
    }

    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        Ok(self.w.write_str(v)?)
    }

    /// An array of numbers, as serde_json writes bytes.
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        self.w.begin_array()?;
        for (i, b) in v.iter().enumerate() {
            self.w.element(i == 0)?;
            self.w.write_int(*b)?;
        }
        Ok(self.w.end_array(v.is_empty())?)
    }

    #[inline]
    fn serialize_none(self) -> Result<()> {
        Ok(self.w.write_null()?)
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<()> {
        Ok(self.w.write_null()?)
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        Ok(self.w.write_null()?)
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<()> {
        Ok(self.w.write_str(variant)?)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        self.w.begin_object()?;
        self.w.key(true, variant)?;
        value.serialize(&mut *self)?;
        Ok(self.w.end_object(false)?)
    }

    #[inline]
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a, S>> {
        self.w.begin_array()?;
        Ok(Compound::new(self, false))
    }

    fn serialize_tuple(self, len: usize) -> Result<Compound<'a, S>> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a, S>> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, S>> {
        self.w.begin_object()?;
        self.w.key(true, variant)?;
        self.w.begin_array()?;
        Ok(Compound::new(self, true))
    }

    #[inline]
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a, S>> {
        self.w.begin_object()?;
        Ok(Compound::new(self, false))
    }

    #[inline]
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'a, S>> {
        self.w.begin_object()?;
        Ok(Compound::new(self, false))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, S>> {
        self.w.begin_object()?;
        self.w.key(true, variant)?;
        self.w.begin_object()?;
        Ok(Compound::new(self, true))
    }

    /// Formats `value` and writes it as a string (a stack buffer for short text; longer text
    /// needs the `alloc` feature, else [`ErrorKind::StringTooLong`](crate::ErrorKind)).
    fn collect_str<T: core::fmt::Display + ?Sized>(self, value: &T) -> Result<()> {
        with_display_str(value, |s| Ok(self.w.write_str(s)?))
    }
}

impl<S: Sink> ser::SerializeSeq for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.end_array()
    }
}

impl<S: Sink> ser::SerializeTuple for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.end_array()
    }
}

impl<S: Sink> ser::SerializeTupleStruct for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    fn end(self) -> Result<()> {
        self.end_array()
    }
}

impl<S: Sink> ser::SerializeTupleVariant for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    fn end(self) -> Result<()> {
        self.end_array()
    }
}

impl<S: Sink> ser::SerializeMap for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        key.serialize(MapKeySerializer {
            w: &mut self.ser.w,
            first: self.first,
            pretty: self.pretty,
        })?;
        self.first = false;
        Ok(())
    }

    #[inline]
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut *self.ser)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.end_object()
    }
}

impl<S: Sink> ser::SerializeStruct for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.field(key, value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.end_object()
    }
}

impl<S: Sink> ser::SerializeStructVariant for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.field(key, value)
    }

    fn end(self) -> Result<()> {
        self.end_object()
    }
}
