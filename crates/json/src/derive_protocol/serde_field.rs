//! `#[structio(serde)]` fields: a field of any serde type inside a derived struct, read and
//! written by [`crate::serde`]'s deserializer and serializer over the derived code's own
//! reader and writer (no second scan of the input, no buffer between them). Without the
//! `serde` feature these names still exist, so that using the attribute fails with a message
//! that names the feature.

#[cfg(feature = "serde")]
mod imp {
    use ::serde::de::{self, Deserialize, Visitor};
    use ::serde::Serialize;

    use crate::serde::{Deserializer, Error as SerdeError, Serializer};
    use crate::{Reader, Result, Sink, Writer};

    /// Reads a `T` through its `Deserialize` impl, continuing from the reader's position.
    /// A serde type's own error keeps its kind and the offset of the value; its message is
    /// not kept (the derived reader's error has none).
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(br#"[1,"x"]"#);
    /// let v: (u8, String) = structio_json::__derive::read_serde(&mut r)?;
    /// assert_eq!(v, (1, "x".to_string()));
    /// assert_eq!(r.offset(), 7);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn read_serde<'de, T: Deserialize<'de>>(r: &mut Reader<'de>) -> Result<T> {
        let start = r.offset();
        let mut de = Deserializer::from_slice(&[]);
        core::mem::swap(&mut de.r, r);
        let out = T::deserialize(&mut de);
        core::mem::swap(&mut de.r, r);
        out.map_err(|e| e.place(start).as_json_error().clone())
    }

    /// Reads into an existing `T` through serde's `deserialize_in_place` (which reuses what
    /// `T` owns where its impl does, and otherwise replaces it).
    ///
    /// ```
    /// let mut r = structio_json::Reader::new(b"[1,2]");
    /// let mut v = Vec::<u8>::with_capacity(8);
    /// structio_json::__derive::read_serde_into(&mut v, &mut r)?;
    /// assert_eq!(v, [1, 2]);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn read_serde_into<'de, T: Deserialize<'de>>(v: &mut T, r: &mut Reader<'de>) -> Result<()> {
        let start = r.offset();
        let mut de = Deserializer::from_slice(&[]);
        core::mem::swap(&mut de.r, r);
        let out = T::deserialize_in_place(&mut de, v);
        core::mem::swap(&mut de.r, r);
        out.map_err(|e| e.place(start).as_json_error().clone())
    }

    /// What a `T` field takes when its key is absent: `Some(None)` for an `Option` (as serde's
    /// derive does), `None` (required) otherwise.
    ///
    /// ```
    /// use structio_json::__derive::missing_serde;
    /// assert_eq!(missing_serde::<Option<u8>>(), Some(None));
    /// assert_eq!(missing_serde::<u8>(), None);
    /// ```
    #[inline]
    pub fn missing_serde<'de, T: Deserialize<'de>>() -> Option<T> {
        T::deserialize(Missing).ok()
    }

    /// A `#[structio(serde)]` field's value at the end of an object: the value read, else
    /// [`missing_serde`], else [`ErrorKind::MissingField`](crate::ErrorKind::MissingField).
    ///
    /// ```
    /// let r = structio_json::Reader::new(b"{}");
    /// assert_eq!(structio_json::__derive::field_serde::<Option<u8>>(None, &r, "a")?, None);
    /// assert!(structio_json::__derive::field_serde::<u8>(None, &r, "a").is_err());
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn field_serde<'de, T: Deserialize<'de>>(
        value: Option<T>,
        r: &Reader<'de>,
        name: &'static str,
    ) -> Result<T> {
        match value {
            Some(v) => Ok(v),
            None => missing_serde().ok_or_else(|| r.missing_field(name)),
        }
    }

    /// Writes `v` through its `Serialize` impl, into the same sink at the same indentation:
    /// the bytes [`crate::serde::to_vec`] writes for it. An error is placed at the count of
    /// bytes written when it happened.
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// structio_json::__derive::write_serde(&("a", 1.5), &mut w)?;
    /// assert_eq!(w.into_inner(), br#"["a",1.5]"#);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn write_serde<T: Serialize + ?Sized, S: Sink>(v: &T, w: &mut Writer<S>) -> Result<()> {
        let mut ser = Serializer { w: w.reborrow() };
        v.serialize(&mut ser)
            .map_err(|e| e.place(ser.written()).as_json_error().clone())
    }

    /// The deserializer of an absent member: `None` for an `Option`, an error for anything
    /// else.
    struct Missing;

    impl<'de> de::Deserializer<'de> for Missing {
        type Error = SerdeError;

        fn deserialize_any<V: Visitor<'de>>(
            self,
            _: V,
        ) -> core::result::Result<V::Value, SerdeError> {
            Err(de::Error::missing_field(""))
        }

        fn deserialize_option<V: Visitor<'de>>(
            self,
            visitor: V,
        ) -> core::result::Result<V::Value, SerdeError> {
            visitor.visit_none()
        }

        ::serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
            ignored_any
        }
    }
}

#[cfg(feature = "serde")]
pub use imp::*;

#[cfg(not(feature = "serde"))]
mod off {
    use crate::{Reader, Result, Sink, Writer};

    /// Implemented by nothing: what a `#[structio(serde)]` field asks of its type when
    /// structio-json's `serde` feature is off, so that the compiler names the feature.
    #[diagnostic::on_unimplemented(
        message = "`#[structio(serde)]` needs the `serde` feature of structio-json",
        label = "this field is read and written through serde",
        note = "turn it on in Cargo.toml: structio-json = {{ version = \"...\", features = [\"serde\"] }}"
    )]
    pub trait SerdeFeatureOff: Sized {
        /// Never called.
        fn never(r: &mut Reader<'_>) -> Result<Self>;
    }

    /// Stands in for the `serde` feature's `read_serde`.
    ///
    /// ```compile_fail
    /// let mut r = structio_json::Reader::new(b"1");
    /// let v: u8 = structio_json::__derive::read_serde(&mut r).unwrap();
    /// ```
    pub fn read_serde<T: SerdeFeatureOff>(r: &mut Reader<'_>) -> Result<T> {
        T::never(r)
    }

    /// Stands in for the `serde` feature's `read_serde_into`.
    pub fn read_serde_into<T: SerdeFeatureOff>(v: &mut T, r: &mut Reader<'_>) -> Result<()> {
        *v = T::never(r)?;
        Ok(())
    }

    /// Stands in for the `serde` feature's `missing_serde`.
    pub fn missing_serde<T: SerdeFeatureOff>() -> Option<T> {
        None
    }

    /// Stands in for the `serde` feature's `field_serde`.
    pub fn field_serde<T: SerdeFeatureOff>(
        value: Option<T>,
        r: &Reader<'_>,
        name: &'static str,
    ) -> Result<T> {
        value.ok_or_else(|| r.missing_field(name))
    }

    /// Stands in for the `serde` feature's `write_serde`.
    pub fn write_serde<T: SerdeFeatureOff, S: Sink>(_: &T, w: &mut Writer<S>) -> Result<()> {
        Err(w.error(crate::ErrorKind::Custom("serde feature off")))
    }
}

#[cfg(not(feature = "serde"))]
pub use off::*;
