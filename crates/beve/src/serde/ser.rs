//! [`Serializer`]: serde's data model written through structio-beve's [`Writer`], with the
//! headers `#[derive(Beve)]` writes for the same shapes.

use ::serde::ser::{self, Serialize};

use super::element::{Element, Got, KeyMode, Want};
use super::error::LENGTH_MISMATCH;
use super::{display, Error, Result};
use crate::number::Number;
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
    pub(super) w: Writer<S>,
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

/// What a sequence's elements are written as.
#[derive(Copy, Clone, PartialEq, Eq)]
enum SeqMode {
    /// No element yet: the first one's type decides.
    Pending,
    /// Each element with its header.
    Generic,
    /// A typed numeric array of this single-value header.
    Numbers(u8),
    /// A boolean array: the bits of the byte being filled, and how many.
    Bools(u8, u8),
    /// A string array.
    Strings,
}

/// What is being written.
enum Kind {
    Seq(SeqMode),
    /// A tuple, tuple struct or tuple variant: a generic array, its header written.
    Tuple,
    Map(KeyMode),
    /// A struct or struct variant: its object header written.
    Struct,
}

/// An array or object being written: its kind, the length announced and the count written.
///
/// ```
/// use serde::ser::{SerializeSeq, Serializer as _};
/// let mut ser = structio_beve::serde::Serializer::new(Vec::new());
/// let mut seq = (&mut ser).serialize_seq(Some(1))?;
/// seq.serialize_element(&true)?;
/// seq.end()?;
/// assert_eq!(ser.into_inner(), [0x1c, 0x04, 0x01]);
/// # Ok::<(), structio_beve::serde::Error>(())
/// ```
pub struct Compound<'a, S: Sink> {
    ser: &'a mut Serializer<S>,
    kind: Kind,
    len: usize,
    count: usize,
    /// Where the members of a sequence or map without a length go until its header can be
    /// written.
    #[cfg(feature = "alloc")]
    buffer: Option<alloc::boxed::Box<Serializer<alloc::vec::Vec<u8>>>>,
}

/// The decision the first element's type makes.
fn seq_mode<T: ?Sized>() -> SeqMode {
    let name = core::any::type_name::<T>().trim_start_matches('&');
    let number = match name {
        "i8" => i8::HEADER,
        "i16" => i16::HEADER,
        "i32" => i32::HEADER,
        "i64" | "isize" => i64::HEADER,
        "i128" => i128::HEADER,
        "u8" => u8::HEADER,
        "u16" => u16::HEADER,
        "u32" => u32::HEADER,
        "u64" | "usize" => u64::HEADER,
        "u128" => u128::HEADER,
        "f32" => f32::HEADER,
        "f64" => f64::HEADER,
        "bool" => return SeqMode::Bools(0, 0),
        "str" | "alloc::string::String" => return SeqMode::Strings,
        // `Cow<'_, str>`, its lifetime spelled or not.
        _ if name.starts_with("alloc::borrow::Cow<") && name.ends_with(" str>") => {
            return SeqMode::Strings
        }
        "alloc::borrow::Cow<str>" => return SeqMode::Strings,
        _ => return SeqMode::Generic,
    };
    SeqMode::Numbers(number)
}

impl<'a, S: Sink> Compound<'a, S> {
    fn new(ser: &'a mut Serializer<S>, kind: Kind, len: usize) -> Self {
        Compound {
            ser,
            kind,
            len,
            count: 0,
            #[cfg(feature = "alloc")]
            buffer: None,
        }
    }

    /// A sequence or map of unknown length: its members gathered first.
    #[cfg(feature = "alloc")]
    fn buffered(ser: &'a mut Serializer<S>, kind: Kind) -> Self {
        let mut c = Self::new(ser, kind, 0);
        c.buffer = Some(alloc::boxed::Box::new(Serializer::new(
            alloc::vec::Vec::new(),
        )));
        c
    }

    #[cfg(not(feature = "alloc"))]
    fn buffered(ser: &'a mut Serializer<S>, _kind: Kind) -> Result<Self> {
        Err(crate::Error::new(super::error::LENGTH_UNKNOWN, ser.written()).into())
    }

    /// Counts one more member, which the announced length must have room for.
    #[inline]
    fn count_one(&mut self) -> Result<()> {
        self.count += 1;
        if self.count > self.len {
            return Err(self.mismatch());
        }
        Ok(())
    }

    #[cold]
    fn mismatch(&self) -> Error {
        crate::Error::new(LENGTH_MISMATCH, self.ser.written()).into()
    }

    /// A member written with its header (a generic array's element, a value).
    #[inline]
    fn value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        #[cfg(feature = "alloc")]
        if let Some(buf) = &mut self.buffer {
            return value.serialize(&mut **buf);
        }
        value.serialize(&mut *self.ser)
    }

    #[inline]
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        #[cfg(feature = "alloc")]
        if self.buffer.is_some() {
            self.count += 1;
            return self.value(value);
        }
        self.count_one()?;
        let Kind::Seq(mode) = &mut self.kind else {
            return self.value(value);
        };
        if *mode == SeqMode::Pending {
            *mode = seq_mode::<T>();
            let w = &mut self.ser.w;
            match *mode {
                SeqMode::Numbers(h) => w.header_size((h & !7) | 4, self.len)?,
                SeqMode::Bools(..) => w.header_size(header::BOOL_ARRAY, self.len)?,
                SeqMode::Strings => w.header_size(header::STRING_ARRAY, self.len)?,
                _ => w.begin_array(self.len)?,
            }
        }
        let w = &mut self.ser.w;
        match mode {
            SeqMode::Numbers(h) => {
                value.serialize(Element {
                    w,
                    want: Want::Number(*h),
                })?;
            }
            SeqMode::Strings => {
                value.serialize(Element { w, want: Want::Str })?;
            }
            SeqMode::Bools(bits, n) => {
                if let Got::Bool(b) = value.serialize(Element {
                    w: &mut *w,
                    want: Want::Bool,
                })? {
                    *bits |= u8::from(b) << *n;
                }
                *n += 1;
                if *n == 8 {
                    w.byte(*bits)?;
                    (*bits, *n) = (0, 0);
                }
            }
            _ => return value.serialize(&mut *self.ser),
        }
        Ok(())
    }

    #[inline]
    fn map_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        #[cfg(feature = "alloc")]
        if let (Some(buf), Kind::Map(mode)) = (&mut self.buffer, &mut self.kind) {
            self.count += 1;
            key.serialize(Element {
                w: &mut buf.w,
                want: Want::Key { mode, len: None },
            })?;
            return Ok(());
        }
        self.count_one()?;
        let Kind::Map(mode) = &mut self.kind else {
            return Err(self.mismatch());
        };
        key.serialize(Element {
            w: &mut self.ser.w,
            want: Want::Key {
                mode,
                len: Some(self.len),
            },
        })?;
        Ok(())
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<()> {
        self.count_one()?;
        self.ser.w.key(key.as_bytes())?;
        value.serialize(&mut *self.ser)
    }

    fn end(self) -> Result<()> {
        #[cfg(feature = "alloc")]
        if let Some(buf) = self.buffer {
            let h = match self.kind {
                Kind::Map(KeyMode::Int(h)) => (h & !7) | 3,
                Kind::Map(_) => header::OBJECT,
                _ => header::GENERIC_ARRAY,
            };
            self.ser.w.header_size(h, self.count)?;
            return Ok(self.ser.w.raw(&buf.into_inner())?);
        }
        if self.count != self.len {
            return Err(self.mismatch());
        }
        match self.kind {
            Kind::Seq(SeqMode::Pending) => self.ser.w.begin_array(0)?,
            Kind::Seq(SeqMode::Bools(bits, n)) if n > 0 => self.ser.w.byte(bits)?,
            Kind::Map(KeyMode::Pending) => self.ser.w.begin_object(0)?,
            _ => {}
        }
        Ok(())
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
        display::with_str(value, |s| Ok(self.w.write_str(s)?))
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

impl<S: Sink> ser::SerializeSeq for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    fn end(self) -> Result<()> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeTuple for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.count_one()?;
        self.value(value)
    }

    fn end(self) -> Result<()> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeTupleStruct for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.count_one()?;
        self.value(value)
    }

    fn end(self) -> Result<()> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeTupleVariant for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.count_one()?;
        self.value(value)
    }

    fn end(self) -> Result<()> {
        Compound::end(self)
    }
}

impl<S: Sink> ser::SerializeMap for Compound<'_, S> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.map_key(key)
    }

    #[inline]
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.value(value)
    }

    fn end(self) -> Result<()> {
        Compound::end(self)
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

    fn end(self) -> Result<()> {
        Compound::end(self)
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
        Compound::end(self)
    }
}
