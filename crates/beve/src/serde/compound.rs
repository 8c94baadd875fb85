//! [`Compound`]: an array or object being written, and the choices BEVE needs before its
//! first member (a sequence's array kind from its element type, an object's header from its
//! first key).

use ::serde::ser::{self, Serialize};

use super::element::{Element, Got, KeyMode, Want};
use super::error::LENGTH_MISMATCH;
use super::ser::Serializer;
use super::{Error, Result};
use crate::number::Number;
use crate::{header, Sink};

/// What a sequence's elements are written as.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum SeqMode {
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
pub(super) enum Kind {
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
    pub(super) fn new(ser: &'a mut Serializer<S>, kind: Kind, len: usize) -> Self {
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
    pub(super) fn buffered(ser: &'a mut Serializer<S>, kind: Kind) -> Self {
        let mut c = Self::new(ser, kind, 0);
        c.buffer = Some(alloc::boxed::Box::new(Serializer::new(
            alloc::vec::Vec::new(),
        )));
        c
    }

    #[cfg(not(feature = "alloc"))]
    pub(super) fn buffered(ser: &'a mut Serializer<S>, _kind: Kind) -> Result<Self> {
        Err(crate::Error::new(super::error::LENGTH_UNKNOWN, ser.written()).into())
    }

    /// Counts one more member, which the announced length must have room for.
    #[inline]
    pub(super) fn count_one(&mut self) -> Result<()> {
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
