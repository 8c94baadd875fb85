//! The serializer for what BEVE writes without a header of its own: an element of a typed
//! numeric, boolean or string array, and an object key (whose type the object's header names,
//! decided by the first key).

use ::serde::ser::{self, Impossible, Serialize};

use super::error::with_display_str;
use super::error::{KEY_MUST_BE_A_STRING_OR_INTEGER, MIXED_KEYS};
use super::{Error, Result};
use crate::number::Number;
use crate::{header, ErrorKind, Sink, Writer};

/// The key type an object's header names.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum KeyMode {
    /// No key written yet.
    Pending,
    /// String keys (`0x03`).
    Str,
    /// Integer keys; the single-value header of their type.
    Int(u8),
}

/// What the element must be.
pub(super) enum Want<'m> {
    /// A number of this single-value header, written as its bytes alone.
    Number(u8),
    /// A `bool`, handed back to be bit-packed.
    Bool,
    /// A string, written as `SIZE | bytes`.
    Str,
    /// An object key. `len` is the member count for the object header, which the first key
    /// writes; `None` when the caller writes the header after the members.
    Key {
        mode: &'m mut KeyMode,
        len: Option<usize>,
    },
}

/// What an element serializer did.
pub(super) enum Got {
    /// It wrote the element.
    Written,
    /// A bit of a boolean array.
    Bool(bool),
}

pub(super) struct Element<'a, 'm, S: Sink> {
    pub(super) w: &'a mut Writer<S>,
    pub(super) want: Want<'m>,
}

/// A sequence whose element type was one type and then another; cannot happen for the
/// primitive element types the typed arrays are chosen for.
pub(super) const ELEMENT_TYPE_CHANGED: ErrorKind =
    ErrorKind::Custom("a typed array's element serialized as another type");

impl<S: Sink> Element<'_, '_, S> {
    #[cold]
    fn wrong(&self) -> Error {
        let kind = match self.want {
            Want::Key { .. } => KEY_MUST_BE_A_STRING_OR_INTEGER,
            _ => ELEMENT_TYPE_CHANGED,
        };
        crate::Error::new(kind, self.w.position()).into()
    }

    /// An integer or float: its bytes, where a number of its header is wanted (as an array
    /// element, or as an integer key).
    #[inline]
    fn number<T: Number>(self, le: &[u8]) -> Result<Got> {
        match self.want {
            Want::Number(h) if h == T::HEADER => {}
            Want::Key { mode, len } if T::CLASS != header::CLASS_FLOAT => match *mode {
                KeyMode::Int(h) if h == T::HEADER => {}
                KeyMode::Pending => {
                    if let Some(len) = len {
                        self.w.header_size(T::KEY_OBJECT_HEADER, len)?;
                    }
                    *mode = KeyMode::Int(T::HEADER);
                }
                _ => return Err(crate::Error::new(MIXED_KEYS, self.w.position()).into()),
            },
            _ => return Err(self.wrong()),
        }
        self.w.raw(le)?;
        Ok(Got::Written)
    }

    fn string(self, v: &str) -> Result<Got> {
        match self.want {
            Want::Str => {}
            Want::Key { mode, len } => match *mode {
                KeyMode::Str => {}
                KeyMode::Pending => {
                    if let Some(len) = len {
                        self.w.header_size(header::OBJECT, len)?;
                    }
                    *mode = KeyMode::Str;
                }
                KeyMode::Int(_) => {
                    return Err(crate::Error::new(MIXED_KEYS, self.w.position()).into())
                }
            },
            _ => return Err(self.wrong()),
        }
        self.w.key(v.as_bytes())?;
        Ok(Got::Written)
    }
}

macro_rules! numbers {
    ($($method:ident $t:ty;)*) => {$(
        #[inline]
        fn $method(self, v: $t) -> Result<Got> {
            self.number::<$t>(&v.to_le_bytes())
        }
    )*};
}

/// Methods for values that are never an element or key of these kinds.
macro_rules! refuse {
    ($($method:ident($($arg:ident: $t:ty),*) -> $ret:ty;)*) => {$(
        fn $method(self, $($arg: $t),*) -> Result<$ret> {
            $(let _ = $arg;)*
            Err(self.wrong())
        }
    )*};
}

impl<S: Sink> ser::Serializer for Element<'_, '_, S> {
    type Ok = Got;
    type Error = Error;
    type SerializeSeq = Impossible<Got, Error>;
    type SerializeTuple = Impossible<Got, Error>;
    type SerializeTupleStruct = Impossible<Got, Error>;
    type SerializeTupleVariant = Impossible<Got, Error>;
    type SerializeMap = Impossible<Got, Error>;
    type SerializeStruct = Impossible<Got, Error>;
    type SerializeStructVariant = Impossible<Got, Error>;

    numbers! {
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

    fn serialize_bool(self, v: bool) -> Result<Got> {
        match self.want {
            Want::Bool => Ok(Got::Bool(v)),
            _ => Err(self.wrong()),
        }
    }

    #[inline]
    fn serialize_str(self, v: &str) -> Result<Got> {
        self.string(v)
    }

    fn serialize_char(self, v: char) -> Result<Got> {
        self.string(v.encode_utf8(&mut [0; 4]))
    }

    /// A unit variant's name, as a key.
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Got> {
        self.string(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Got> {
        value.serialize(self)
    }

    fn collect_str<T: core::fmt::Display + ?Sized>(self, value: &T) -> Result<Got> {
        with_display_str(value, |s| self.string(s))
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<Got> {
        Err(self.wrong())
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<Got> {
        Err(self.wrong())
    }

    refuse! {
        serialize_bytes(v: &[u8]) -> Got;
        serialize_none() -> Got;
        serialize_unit() -> Got;
        serialize_unit_struct(name: &'static str) -> Got;
        serialize_seq(len: Option<usize>) -> Impossible<Got, Error>;
        serialize_tuple(len: usize) -> Impossible<Got, Error>;
        serialize_tuple_struct(name: &'static str, len: usize) -> Impossible<Got, Error>;
        serialize_tuple_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> Impossible<Got, Error>;
        serialize_map(len: Option<usize>) -> Impossible<Got, Error>;
        serialize_struct(name: &'static str, len: usize) -> Impossible<Got, Error>;
        serialize_struct_variant(name: &'static str, index: u32, variant: &'static str, len: usize) -> Impossible<Got, Error>;
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}
