//! [`Serializer`]: serde's data model written through structio-beve's [`Writer`], with the
//! headers `#[derive(Beve)]` writes for the same shapes.

use ::serde::ser::{self, Serialize};

use super::compound::{Compound, Kind, SeqMode};
use super::element::KeyMode;
use super::error::with_display_str;
use super::{Error, Result};
use crate::{header, Sink, Writer};

/// A serde [`Serializer`](::serde::Serializer) writing BEVE into a [`Sink`].
///
/// The bytes are those `#[derive(Beve)]` writes for the same shape: numbers in the width of
/// their type, strings, `None` and `()` as null, structs and maps as objects (integer keys as
/// integer-key objects), unit variants as their name and other variants as `{name: content}`,
/// and a sequence whose element type is a number, `bool` or a string type as a typed, boolean
/// or string array. What the serde path cannot tell, written down:
/// - the element type is known from the first element, so an **empty sequence** is an empty
///   generic array (derive writes the typed header with no elements), and an **empty map** an
///   empty string-key object;
/// - serde serializes **arrays `[T; N]` as tuples**, so they are generic arrays (derive writes
///   `[f64; 3]` as a typed array); `serialize_bytes` is a typed `u8` array;
/// - `usize` and `isize` are serialized by serde as 64-bit, on every target;
/// - a sequence or map **without a length** (`#[serde(flatten)]`, iterators of unknown size)
///   is gathered in a buffer first and needs the `alloc` feature; its elements are written
///   as a generic array;
/// - `is_human_readable` is `false`, as for other binary formats: types such as `IpAddr` or
///   `uuid::Uuid` write their compact forms.
///
/// Which element types make typed arrays is decided by the element's type name
/// (`core::any::type_name`): the primitive numbers, `bool`, `str`, `String` and `Cow<str>`
/// (through any number of references), the types whose derive output is a typed array.
///
/// ```
/// use serde::Serialize;
/// let mut ser = structio_beve::serde::Serializer::new(Vec::new());
/// vec![1.5f64, 2.0].serialize(&mut ser)?;
/// assert_eq!(ser.into_inner(), structio_beve::to_vec(&vec![1.5f64, 2.0]).unwrap());
/// # Ok::<(), structio_beve::serde::Error>(())
/// ```
pub struct Serializer<S: Sink> {
    pub(crate) w: Writer<S>,
}

impl<S: Sink> Serializer<S> {
    /// A serializer writing at the end of `sink`.
    ///
    /// ```
    /// let ser = structio_beve::serde::Serializer::new(Vec::new());
    /// ```
    pub fn new(sink: S) -> Self {
        Serializer {
            w: Writer::new(sink),
        }
    }

    /// The sink, with what was written.
    ///
    /// ```
    /// let ser = structio_beve::serde::Serializer::new(Vec::new());
    /// assert!(ser.into_inner().is_empty());
    /// ```
    pub fn into_inner(self) -> S {
        self.w.into_inner()
    }

    /// How many bytes have been written.
    ///
    /// ```
    /// use serde::Serialize;
    /// let mut ser = structio_beve::serde::Serializer::new(Vec::new());
    /// 7u32.serialize(&mut ser)?;
    /// assert_eq!(ser.written(), 5);
    /// # Ok::<(), structio_beve::serde::Error>(())
    /// ```
    pub fn written(&self) -> usize {
        self.w.position()
    }

    /// The object header and key of an externally tagged variant with content.
    fn variant(&mut self, variant: &str) -> Result<()> {
        self.w.header_size(header::OBJECT, 1)?;
        Ok(self.w.key(variant.as_bytes())?)
    }
}

macro_rules! number {
    ($($method:ident $t:ty;)*) => {$(
        #[inline]
        fn $method(self, v: $t) -> Result<()> {
            Ok(self.w.write_number(v)?)
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

    number! {
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
        serialize_f32 f32;
        serialize_f64 f64;
    }

    /// A one-character string, as `#[derive(Beve)]` writes `char`.
    fn serialize_char(self, v: char) -> Result<()> {
        Ok(self.w.write_str(v.encode_utf8(&mut [0; 4]))?)
    }

    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        Ok(self.w.write_str(v)?)
    }

    /// A typed `u8` array.
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        Ok(self.w.typed_array(v)?)
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
        self.variant(variant)?;
        value.serialize(self)
    }

    #[inline]
    fn serialize_seq(self, len: Option<usize>) -> Result<Compound<'a, S>> {
        let kind = Kind::Seq(SeqMode::Pending);
        match len {
            Some(len) => Ok(Compound::new(self, kind, len)),
            #[cfg(feature = "alloc")]
            None => Ok(Compound::buffered(self, Kind::Seq(SeqMode::Generic))),
            #[cfg(not(feature = "alloc"))]
            None => Compound::buffered(self, kind),
        }
    }

    fn serialize_tuple(self, len: usize) -> Result<Compound<'a, S>> {
        self.w.begin_array(len)?;
        Ok(Compound::new(self, Kind::Tuple, len))
    }

    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a, S>> {
        self.serialize_tuple(len)
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Compound<'a, S>> {
        self.variant(variant)?;
        self.serialize_tuple(len)
    }

    #[inline]
    fn serialize_map(self, len: Option<usize>) -> Result<Compound<'a, S>> {
        let kind = Kind::Map(KeyMode::Pending);
        match len {
            Some(len) => Ok(Compound::new(self, kind, len)),
            #[cfg(feature = "alloc")]
            None => Ok(Compound::buffered(self, kind)),
            #[cfg(not(feature = "alloc"))]
            None => Compound::buffered(self, kind),
        }
    }

    #[inline]
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a, S>> {
        self.w.begin_object(len)?;
        Ok(Compound::new(self, Kind::Struct, len))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Compound<'a, S>> {
        self.variant(variant)?;
        self.serialize_struct("", len)
    }

    /// Formats `value` and writes it as a string (a stack buffer for short text; longer text
    /// needs the `alloc` feature, else [`ErrorKind::StringTooLong`](crate::ErrorKind)).
    fn collect_str<T: core::fmt::Display + ?Sized>(self, value: &T) -> Result<()> {
        with_display_str(value, |s| Ok(self.w.write_str(s)?))
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}
