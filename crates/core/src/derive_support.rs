//! The part of every format's derive protocol (docs/derive-contract.md) that does not depend on
//! the wire format, written once.
//!
//! The protocol's items must live in each format crate (the generated code calls
//! `structio_<format>::__derive::read`, the traits bound the format's own `Reader` and
//! `Writer`), and most of them only forward to the format's read and write traits under their
//! uniform names. So the format's `derive_protocol` module expands [`__derive_protocol_common`]
//! with its trait and method names, and (with serde) its `serde_field` module expands
//! [`__serde_field_impls`]; what differs (how an object and an array open and close, how a key
//! is encoded) stays in the format. Paths in a `macro_rules!` body resolve where it is
//! expanded, so `crate::` is the format's; the doc examples name the format through
//! `stringify!`, so they run in each format's doc tests.

/// Expands, in a format's `derive_protocol` module, to the protocol items every format spells
/// the same: the `Read` and `Write` re-exports of its traits, the `Fields` and `WriteFields`
/// traits of `#[structio(flatten)]`, `read`, `read_into`, `missing`, `field`, `write`,
/// `invalid_type` and `duplicate_key`.
///
/// The module must have the format's `Error`, `ErrorKind`, `Reader`, `Result`, `Sink` and
/// `Writer` in scope, and its own `begin_object` and `NEEDS_COUNT` (the docs link them); the
/// reader needs `missing_field`, `error_at` and `duplicate_key`, as every format's has.
/// Arguments: the crate's name (for the doc examples), its read trait with the read methods,
/// its write trait with the write method, the pattern of the error kinds `invalid_type` turns
/// into `InvalidType`, and an expression (as a string, for a doc example) that makes a reader
/// of an empty input which denies repeated keys; optionally `shape: by_format` when the format
/// defines its own `shape!` (which code shape derived readers take), the inline one otherwise.
///
/// A binary format whose wrong-kind errors are `WrongType` and whose `Reader::new` takes
/// `deny_duplicate_keys` (BJData, CBOR) passes `binary_modules` instead of the last two: the
/// protocol's submodules besides `keys`, `reader` and `writer`, which this then declares and
/// re-exports (`encode_key` and `key_len`, everything of the other two).
///
/// ```text
/// structio_core::__derive_protocol_common! {
///     krate: structio_cbor,
///     read: CborRead { read_cbor, read_cbor_into },
///     write: CborWrite { write_cbor },
///     binary_modules: [#[cfg(feature = "alloc")] catch_all],
/// }
///
/// structio_core::__derive_protocol_common! {
///     krate: structio_json,
///     read: JsonRead { read_json, read_json_into },
///     write: JsonWrite { write_json },
///     other_kind: ErrorKind::ExpectedObject,
///     deny_reader: "Reader::with_options(b\"{}\", structio_json::ReadOptions::new().deny_duplicate_keys(true))",
/// }
/// ```
#[doc(hidden)]
#[macro_export]
// `crate::` is meant to be the expanding format crate, not this one.
#[allow(clippy::crate_in_macro_def)]
macro_rules! __derive_protocol_common {
    (
        krate: $krate:ident,
        read: $Read:ident { $read:ident, $read_into:ident },
        write: $Write:ident { $write:ident },
        other_kind: $other_kind:pat,
        deny_reader: $deny_reader:literal
        $(, shape: $shape:ident)? $(,)?
    ) => {
        $crate::__derive_shape_export! { $($shape)? }

        #[doc = concat!(
            "The read trait the derive implements and bounds type parameters by: [`",
            stringify!($Read), "`](crate::", stringify!($Read), ").\n\n",
            "```\n",
            "fn takes<'de, T: ", stringify!($krate), "::__derive::Read<'de>>() {}\n",
            "takes::<u8>();\n",
            "```"
        )]
        pub use crate::$Read as Read;

        #[doc = concat!(
            "The write trait the derive implements and bounds type parameters by: [`",
            stringify!($Write), "`](crate::", stringify!($Write), ").\n\n",
            "```\n",
            "fn takes<T: ", stringify!($krate), "::__derive::Write>() {}\n",
            "takes::<u8>();\n",
            "```"
        )]
        pub use crate::$Write as Write;

        #[doc = concat!(
            "Reading a struct's members one key at a time, so that its fields can sit inside ",
            "another object (`#[structio(flatten)]`).\n\n",
            "The derive implements this; you do not call it yourself. `Builder` holds the fields ",
            "seen so far, `accept` reads the member if the key is one of the struct's, `finish` ",
            "builds the value (or names the first missing field).\n\n",
            "```\n",
            "use ", stringify!($krate), "::__derive::{Fields, Reader, Result};\n\n",
            "struct Empty;\n",
            "impl<'de> Fields<'de> for Empty {\n",
            "    type Builder = ();\n",
            "    fn builder() {}\n",
            "    fn accept(_: &mut (), _: &[u8], _: usize, _: &mut Reader<'de>) -> Result<bool> {\n",
            "        Ok(false)\n",
            "    }\n",
            "    fn finish(_: (), _: &Reader<'de>) -> Result<Self> {\n",
            "        Ok(Empty)\n",
            "    }\n",
            "}\n",
            "```"
        )]
        pub trait Fields<'de>: Sized {
            /// The fields read so far.
            type Builder;
            /// Whether `accept` takes every key (a map flattened as a catch-all, or a struct
            /// with one flattened in it): such a field is offered a key only after every other
            /// flattened field has declined it, whatever the declaration order.
            const CATCH_ALL: bool = false;
            /// An empty builder.
            fn builder() -> Self::Builder;
            /// Reads the member's value if `key` is one of ours (`Ok(true)`); leaves the reader
            /// alone otherwise. `key_offset` is where the key starts, for errors.
            fn accept(
                b: &mut Self::Builder,
                key: &[u8],
                key_offset: usize,
                r: &mut Reader<'de>,
            ) -> Result<bool>;
            /// The value, once the object has ended.
            fn finish(b: Self::Builder, r: &Reader<'de>) -> Result<Self>;
        }

        #[doc = concat!(
            "Writing a struct's members without what opens and closes the object around them ",
            "(`#[structio(flatten)]`): where the format counts members ([`NEEDS_COUNT`]), the ",
            "outer object's count includes [`field_count`](WriteFields::field_count).\n\n",
            "```\n",
            "use ", stringify!($krate), "::__derive::{Result, Sink, WriteFields, Writer};\n\n",
            "struct Empty;\n",
            "impl WriteFields for Empty {\n",
            "    fn field_count(&self) -> usize {\n",
            "        0\n",
            "    }\n",
            "    fn write_fields<S: Sink>(&self, _: &mut Writer<S>, first: bool) -> Result<bool> {\n",
            "        Ok(first)\n",
            "    }\n",
            "}\n",
            "```"
        )]
        pub trait WriteFields {
            /// How many members [`write_fields`](Self::write_fields) writes (asked only where
            /// [`NEEDS_COUNT`] is true).
            fn field_count(&self) -> usize;
            /// Writes the members (key and value each), the first with no separator before it
            /// if `first`; returns whether nothing has been written yet (the next member's
            /// `first`).
            fn write_fields<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<bool>;
        }

        #[doc = concat!(
            "Reads a `T`.\n\n",
            "```\n",
            "use ", stringify!($krate), "::__derive as p;\n",
            "let mut w = p::Writer::new(Vec::new());\n",
            "p::write(&5u8, &mut w)?;\n",
            "let bytes = w.into_inner();\n",
            "let mut r = p::Reader::new(&bytes);\n",
            "assert_eq!(p::read::<u8>(&mut r)?, 5);\n",
            "# Ok::<(), p::Error>(())\n",
            "```"
        )]
        #[inline(always)]
        pub fn read<'de, T: Read<'de>>(r: &mut Reader<'de>) -> Result<T> {
            T::$read(r)
        }

        #[doc = concat!(
            "Reads into an existing `T`, reusing what it owns.\n\n",
            "```\n",
            "use ", stringify!($krate), "::__derive as p;\n",
            "let mut w = p::Writer::new(Vec::new());\n",
            "p::write(\"ab\", &mut w)?;\n",
            "let bytes = w.into_inner();\n",
            "let mut r = p::Reader::new(&bytes);\n",
            "let mut s = String::with_capacity(8);\n",
            "p::read_into(&mut s, &mut r)?;\n",
            "assert_eq!(s, \"ab\");\n",
            "# Ok::<(), p::Error>(())\n",
            "```"
        )]
        #[inline(always)]
        pub fn read_into<'de, T: Read<'de>>(v: &mut T, r: &mut Reader<'de>) -> Result<()> {
            v.$read_into(r)
        }

        #[doc = concat!(
            "What a struct field of type `T` takes when its key is absent (`None`: it is ",
            "required).\n\n",
            "```\n",
            "use ", stringify!($krate), "::__derive::missing;\n",
            "assert_eq!(missing::<Option<u8>>(), Some(None));\n",
            "assert_eq!(missing::<u8>(), None);\n",
            "```"
        )]
        #[inline(always)]
        pub fn missing<'de, T: Read<'de>>() -> Option<T> {
            T::missing_field()
        }

        #[doc = concat!(
            "A field's value at the end of an object: the value read, else what the type takes ",
            "when absent (`None` for `Option`), else [`ErrorKind::MissingField`].\n\n",
            "```\n",
            "use ", stringify!($krate), "::__derive as p;\n",
            "let r = p::Reader::new(&[]);\n",
            "assert_eq!(p::field(Some(1u8), &r, \"a\").unwrap(), 1);\n",
            "assert_eq!(p::field::<Option<u8>>(None, &r, \"a\").unwrap(), None);\n",
            "assert!(p::field::<u8>(None, &r, \"a\").is_err());\n",
            "```"
        )]
        #[inline(always)]
        pub fn field<'de, T: Read<'de>>(
            value: Option<T>,
            r: &Reader<'de>,
            name: &'static str,
        ) -> Result<T> {
            match value {
                Some(v) => Ok(v),
                None => match T::missing_field() {
                    Some(v) => Ok(v),
                    None => Err(r.missing_field(name)),
                },
            }
        }

        #[doc = concat!(
            "Writes a `T`.\n\n",
            "```\n",
            "use ", stringify!($krate), "::__derive as p;\n",
            "let mut w = p::Writer::new(Vec::new());\n",
            "p::write(&true, &mut w)?;\n",
            "assert_eq!(", stringify!($krate), "::from_slice::<bool>(&w.into_inner())?, true);\n",
            "# Ok::<(), p::Error>(())\n",
            "```"
        )]
        #[inline(always)]
        pub fn write<T: Write + ?Sized, S: Sink>(v: &T, w: &mut Writer<S>) -> Result<()> {
            v.$write(w)
        }

        #[doc = concat!(
            "`e`, the error of [`begin_object`] for an enum's value, as ",
            "[`ErrorKind::InvalidType`]`(expected)` at the same offset when it says the value is ",
            "of another kind (`", stringify!($other_kind), "`); any other error (the input ",
            "ended, nesting too deep) unchanged. The derive calls it on the error branch only.\n\n",
            "```\n",
            "use ", stringify!($krate), "::__derive as p;\n",
            "let mut w = p::Writer::new(Vec::new());\n",
            "p::write(&3u8, &mut w)?;\n",
            "let bytes = w.into_inner();\n",
            "let mut r = p::Reader::new(&bytes);\n",
            "let e = p::begin_object(&mut r).unwrap_err();\n",
            "let e = p::invalid_type(&r, e, \"enum Mode\");\n",
            "assert_eq!(e.kind(), p::ErrorKind::InvalidType(\"enum Mode\"));\n",
            "# Ok::<(), p::Error>(())\n",
            "```"
        )]
        #[cold]
        pub fn invalid_type(r: &Reader<'_>, e: Error, expected: &'static str) -> Error {
            match e.kind() {
                $other_kind | ErrorKind::InvalidType(_) => {
                    r.error_at(e.offset(), ErrorKind::InvalidType(expected))
                }
                _ => e,
            }
        }

        #[doc = concat!(
            "The reader's policy for a key repeated in one object, called by a derived struct ",
            "only on a repeat (a field whose slot is already filled): nothing by default (the ",
            "last value wins), `DUPLICATE_KEY` at `key_offset` when the reader denies repeated ",
            "keys.\n\n",
            "```\n",
            "use ", stringify!($krate), "::{__derive as p, Reader};\n",
            "let mut r = Reader::new(&[]);\n",
            "assert!(p::duplicate_key(&mut r, 0).is_ok());\n",
            "let mut r = ", $deny_reader, ";\n",
            "assert_eq!(p::duplicate_key(&mut r, 4).unwrap_err().offset(), 4);\n",
            "```"
        )]
        #[cold]
        pub fn duplicate_key(r: &mut Reader<'_>, key_offset: usize) -> Result<()> {
            r.duplicate_key(key_offset)
        }
    };
    (
        krate: $krate:ident,
        read: $Read:ident { $read:ident, $read_into:ident },
        write: $Write:ident { $write:ident },
        binary_modules: [$($(#[$attr:meta])* $extra:ident),* $(,)?] $(,)?
    ) => {
        $crate::__derive_protocol_common! {
            krate: $krate,
            read: $Read { $read, $read_into },
            write: $Write { $write },
            other_kind: ErrorKind::WrongType { .. },
            deny_reader: "Reader::new(&[]).deny_duplicate_keys(true)",
        }

        $($(#[$attr])* mod $extra;)*
        mod keys;
        mod reader;
        mod writer;

        pub use keys::{encode_key, key_len};
        pub use reader::*;
        pub use writer::*;
    };
}

/// The `shape` item of a format's derive protocol, expanded by [`__derive_protocol_common`]:
/// with no argument the format takes the inline shape ([`__derive_shape_inline`]); with
/// `by_format` the format's module defines `shape` itself (JSON picks the compact shape under
/// its `size` feature).
///
/// ```text
/// structio_core::__derive_shape_export! {}
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_shape_export {
    () => {
        #[doc = "Picks the code shape of a derived reader: this format reads every field inline."]
        #[doc = ""]
        #[doc = "```text"]
        #[doc = "__p::shape! { compact { table_path } inline { inline_path } }"]
        #[doc = "```"]
        pub use $crate::__derive_shape_inline as shape;
    };
    (by_format) => {};
}

/// A format's `shape!` when it reads derived structs field by field, each key match and read
/// inlined (the speed shape): expands to the `inline` tokens alone, so the other shape is
/// never even type-checked.
///
/// ```
/// let x = structio_core::__derive_shape_inline! { compact { 1 } inline { 2 } };
/// assert_eq!(x, 2);
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_shape_inline {
    (compact { $($compact:tt)* } inline { $($inline:tt)* }) => {
        $($inline)*
    };
}

/// A format's `shape!` when it reads derived structs through one shared, out-of-line member
/// walk driven by a per-type key table (the flash shape): expands to the `compact` tokens
/// alone.
///
/// ```
/// let x = structio_core::__derive_shape_compact! { compact { 1 } inline { 2 } };
/// assert_eq!(x, 1);
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_shape_compact {
    (compact { $($compact:tt)* } inline { $($inline:tt)* }) => {
        $($compact)*
    };
}

/// Expands, in a format's `derive_protocol::serde_field` module, to the `#[structio(serde)]`
/// field functions (`read_serde`, `read_serde_into`, `missing_serde`, `field_serde`,
/// `write_serde`): with the format's `serde` feature, over its serde `Deserializer` (whose
/// reader is `de.r`) and `Serializer` (`Serializer { w }`, `written()`), their errors turned
/// into the format's by the method named; without it, stand-ins bound by the module's
/// `SerdeFeatureOff` trait, which nothing implements and whose `on_unimplemented` diagnostic
/// names the format's feature (the format writes that trait: the attribute takes literals
/// only).
///
/// ```text
/// structio_core::__serde_field_impls!(structio_json, as_json_error);
/// ```
#[doc(hidden)]
#[macro_export]
// `crate::` is meant to be the expanding format crate, not this one.
#[allow(clippy::crate_in_macro_def)]
macro_rules! __serde_field_impls {
    ($krate:ident, $as_error:ident) => {
        #[cfg(feature = "serde")]
        mod imp {
            use ::serde::de::{self, Deserialize, Visitor};
            use ::serde::Serialize;

            use crate::serde::{Deserializer, Error as SerdeError, Serializer};
            use crate::{Reader, Result, Sink, Writer};

            #[doc = concat!(
                "Reads a `T` through its `Deserialize` impl, continuing from the reader's ",
                "position. A serde type's own error keeps its kind and the offset of the value; ",
                "its message is not kept (the derived reader's error has none).\n\n",
                "```\n",
                "use ", stringify!($krate), "::__derive as p;\n",
                "let mut w = p::Writer::new(Vec::new());\n",
                "p::write_serde(&(1u8, \"x\"), &mut w)?;\n",
                "let doc = w.into_inner();\n",
                "let mut r = p::Reader::new(&doc);\n",
                "let v: (u8, String) = p::read_serde(&mut r)?;\n",
                "assert_eq!(v, (1, \"x\".to_string()));\n",
                "assert_eq!(r.offset(), doc.len());\n",
                "# Ok::<(), p::Error>(())\n",
                "```"
            )]
            #[inline]
            pub fn read_serde<'de, T: Deserialize<'de>>(r: &mut Reader<'de>) -> Result<T> {
                let start = r.offset();
                let mut de = Deserializer::from_slice(&[]);
                core::mem::swap(&mut de.r, r);
                let out = T::deserialize(&mut de);
                core::mem::swap(&mut de.r, r);
                out.map_err(|e| e.place(start).$as_error().clone())
            }

            #[doc = concat!(
                "Reads into an existing `T` through serde's `deserialize_in_place` (which reuses ",
                "what `T` owns where its impl does, and otherwise replaces it).\n\n",
                "```\n",
                "use ", stringify!($krate), "::__derive as p;\n",
                "let mut w = p::Writer::new(Vec::new());\n",
                "p::write_serde(&[1u8, 2], &mut w)?;\n",
                "let doc = w.into_inner();\n",
                "let mut r = p::Reader::new(&doc);\n",
                "let mut v = Vec::<u8>::with_capacity(8);\n",
                "p::read_serde_into(&mut v, &mut r)?;\n",
                "assert_eq!(v, [1, 2]);\n",
                "# Ok::<(), p::Error>(())\n",
                "```"
            )]
            #[inline]
            pub fn read_serde_into<'de, T: Deserialize<'de>>(
                v: &mut T,
                r: &mut Reader<'de>,
            ) -> Result<()> {
                let start = r.offset();
                let mut de = Deserializer::from_slice(&[]);
                core::mem::swap(&mut de.r, r);
                let out = T::deserialize_in_place(&mut de, v);
                core::mem::swap(&mut de.r, r);
                out.map_err(|e| e.place(start).$as_error().clone())
            }

            #[doc = concat!(
                "What a `T` field takes when its key is absent: `Some(None)` for an `Option` (as ",
                "serde's derive does), `None` (required) otherwise.\n\n",
                "```\n",
                "use ", stringify!($krate), "::__derive::missing_serde;\n",
                "assert_eq!(missing_serde::<Option<u8>>(), Some(None));\n",
                "assert_eq!(missing_serde::<u8>(), None);\n",
                "```"
            )]
            #[inline]
            pub fn missing_serde<'de, T: Deserialize<'de>>() -> Option<T> {
                T::deserialize(Missing).ok()
            }

            #[doc = concat!(
                "A `#[structio(serde)]` field's value at the end of an object: the value read, ",
                "else [`missing_serde`], else ",
                "[`ErrorKind::MissingField`](crate::ErrorKind::MissingField).\n\n",
                "```\n",
                "use ", stringify!($krate), "::__derive as p;\n",
                "let r = p::Reader::new(&[]);\n",
                "assert_eq!(p::field_serde::<Option<u8>>(None, &r, \"a\")?, None);\n",
                "assert!(p::field_serde::<u8>(None, &r, \"a\").is_err());\n",
                "# Ok::<(), p::Error>(())\n",
                "```"
            )]
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

            #[doc = concat!(
                "Writes `v` through its `Serialize` impl, into the same sink (at the same ",
                "indentation where the format indents): the bytes [`crate::serde::to_vec`] ",
                "writes for it. An error is placed at the count of bytes written when it ",
                "happened.\n\n",
                "```\n",
                "use ", stringify!($krate), "::__derive as p;\n",
                "let mut w = p::Writer::new(Vec::new());\n",
                "p::write_serde(&(\"a\", 1.5), &mut w)?;\n",
                "assert_eq!(w.into_inner(), ", stringify!($krate), "::serde::to_vec(&(\"a\", 1.5))?);\n",
                "# Ok::<(), Box<dyn std::error::Error>>(())\n",
                "```"
            )]
            #[inline]
            pub fn write_serde<T: Serialize + ?Sized, S: Sink>(
                v: &T,
                w: &mut Writer<S>,
            ) -> Result<()> {
                let mut ser = Serializer { w: w.reborrow() };
                v.serialize(&mut ser)
                    .map_err(|e| e.place(ser.written()).$as_error().clone())
            }

            /// The deserializer of an absent member: `None` for an `Option`, an error for
            /// anything else.
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
                    bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
                    byte_buf unit unit_struct newtype_struct seq tuple tuple_struct map struct
                    enum identifier ignored_any
                }
            }
        }

        #[cfg(feature = "serde")]
        pub use imp::*;

        #[cfg(not(feature = "serde"))]
        mod off {
            use super::SerdeFeatureOff;
            use crate::{Reader, Result, Sink, Writer};

            #[doc = concat!(
                "Stands in for the `serde` feature's `read_serde`.\n\n",
                "```compile_fail\n",
                "use ", stringify!($krate), "::__derive as p;\n",
                "let mut r = p::Reader::new(&[]);\n",
                "let v: u8 = p::read_serde(&mut r).unwrap();\n",
                "```"
            )]
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
    };
}

/// The body of a format's `method!` macro: gives a method of a derived impl the name it has in
/// the format's traits, from the bracketed `[read, read_into, write]` names (`missing_field`
/// keeps its name).
///
/// ```text
/// macro_rules! __structio_json_derive_method {
///     ($($item:tt)*) => {
///         $crate::__derive::__rename_method! { [read_json, read_json_into, write_json] $($item)* }
///     };
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_rename_method {
    ([$read:ident, $read_into:ident, $write:ident] $(#[$m:meta])* fn read $($t:tt)*) => {
        $(#[$m])* fn $read $($t)*
    };
    ([$read:ident, $read_into:ident, $write:ident] $(#[$m:meta])* fn read_into $($t:tt)*) => {
        $(#[$m])* fn $read_into $($t)*
    };
    ([$read:ident, $read_into:ident, $write:ident] $(#[$m:meta])* fn missing_field $($t:tt)*) => {
        $(#[$m])* fn missing_field $($t)*
    };
    ([$read:ident, $read_into:ident, $write:ident] $(#[$m:meta])* fn write $($t:tt)*) => {
        $(#[$m])* fn $write $($t)*
    };
}

/// The doc comment of a format's `method!` macro, with its example, given the crate and its
/// method names: `#[doc = structio_core::__derive_method_doc!(structio_json, read_json,
/// read_json_into, write_json)]`.
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_method_doc {
    ($krate:ident, $read:ident, $read_into:ident, $write:ident) => {
        concat!(
            "Gives a method of a derived impl its name in [`Read`] / [`Write`]: `read` is `",
            stringify!($read),
            "`, `read_into` is `",
            stringify!($read_into),
            "`, `write` is `",
            stringify!($write),
            "`, `missing_field` keeps its name.\n\n",
            "```\n",
            "use ",
            stringify!($krate),
            "::__derive as p;\n\n",
            "struct Nothing;\n",
            "impl p::Write for Nothing {\n",
            "    p::method! {\n",
            "        fn write<S: p::Sink>(&self, w: &mut p::Writer<S>) -> p::Result<()> {\n",
            "            w.write_null()\n",
            "        }\n",
            "    }\n",
            "}\n",
            "assert_eq!(",
            stringify!($krate),
            "::to_vec(&Nothing)?, ",
            stringify!($krate),
            "::to_vec(&None::<u8>)?);\n",
            "# Ok::<(), p::Error>(())\n",
            "```"
        )
    };
}

/// The doc comment of a format's `key_impls!` macro, with its example, given the crate and a
/// sentence naming the traits the format's expansion implements.
#[doc(hidden)]
#[macro_export]
macro_rules! __key_impls_doc {
    ($krate:ident, $traits:literal) => {
        concat!(
            "Implements the format's map-key traits for a unit-only enum, given the derive's two ",
            "functions: `read(r) -> Result<T>` (the variant named by a key, read with ",
            "[`read_key_str`]) and `write(&T, w, first) -> Result<()>` (its name as a member ",
            "key, written with [`member`]). The derive invokes it as ",
            "`__p::key_impls!(Mode, read_fn, write_fn);`.\n\n",
            $traits, "\n\n",
            "```\n",
            "use ", stringify!($krate), "::__derive as p;\n\n",
            "#[derive(Debug, PartialEq, PartialOrd, Eq, Ord)]\n",
            "struct Only;\n",
            "impl<'de> p::Read<'de> for Only {\n",
            "    p::method! {\n",
            "        fn read(r: &mut p::Reader<'de>) -> p::Result<Self> {\n",
            "            read(r)\n",
            "        }\n",
            "    }\n",
            "}\n",
            "impl p::Write for Only {\n",
            "    p::method! {\n",
            "        fn write<S: p::Sink>(&self, w: &mut p::Writer<S>) -> p::Result<()> {\n",
            "            w.write_str(\"only\")\n",
            "        }\n",
            "    }\n",
            "}\n",
            "fn read(r: &mut p::Reader<'_>) -> p::Result<Only> {\n",
            "    let mut s = p::KeyBuf::new();\n",
            "    let at = r.offset();\n",
            "    match p::read_key_str(r, &mut s)? {\n",
            "        b\"only\" => Ok(Only),\n",
            "        _ => Err(r.error_at(at, p::ErrorKind::UnknownVariant)),\n",
            "    }\n",
            "}\n",
            "fn write<S: p::Sink>(_: &Only, w: &mut p::Writer<S>, first: bool) -> p::Result<()> {\n",
            "    const K: [u8; p::key_len(b\"only\")] = p::encode_key(b\"only\");\n",
            "    p::member(w, first, &K)\n",
            "}\n",
            "p::key_impls!(Only, read, write);\n\n",
            "let m = std::collections::BTreeMap::from([(Only, 1u8)]);\n",
            "let bytes = ", stringify!($krate), "::to_vec(&m)?;\n",
            "let back: std::collections::BTreeMap<Only, u8> = ",
            stringify!($krate), "::from_slice(&bytes)?;\n",
            "assert_eq!(back, m);\n",
            "# Ok::<(), p::Error>(())\n",
            "```"
        )
    };
}

/// How many bytes a binary format's key head may take: a marker and a 64-bit length.
pub const KEY_HEAD_MAX: usize = 9;

/// A member key as a binary format's derive protocol encodes it at compile time: the format's
/// head (`head[..head_len]`: a SIZE, a length marker, a text-string head) then the name's
/// bytes, as an array of exactly `N` bytes. `N` must be `head_len + name.len()` (the format's
/// `key_len(name)`; a compile-time error otherwise, when evaluated in a constant).
///
/// ```
/// const K: [u8; 3] = structio_core::prefixed_key(([0x08, 0, 0, 0, 0, 0, 0, 0, 0], 1), b"id");
/// assert_eq!(K, [0x08, b'i', b'd']);
/// ```
#[doc(hidden)]
pub const fn prefixed_key<const N: usize>(
    (head, head_len): ([u8; KEY_HEAD_MAX], usize),
    name: &[u8],
) -> [u8; N] {
    assert!(
        N == head_len + name.len(),
        "encode_key: N must be key_len(name)"
    );
    let mut out = [0u8; N];
    let mut i = 0;
    while i < head_len {
        out[i] = head[i];
        i += 1;
    }
    let mut j = 0;
    while j < name.len() {
        out[head_len + j] = name[j];
        j += 1;
    }
    out
}

/// Expands, in a counted-items format's `derive_protocol` module (BJData, CBOR), to
/// `next_member` and `member_key` (through the reader's `next` and `read_key`),
/// `variant_index` (always `None`: neither names a variant by index) and the tuple protocol: `begin_tuple` (an array of exactly `n` elements: a count is checked at once
/// against `n` at the array's offset, an end marker when it comes; steps to the first
/// element), `tuple_next`, `end_tuple` and `read_key_str` (a unit variant as a map key,
/// through the reader's `read_key`), each with the doc given; the examples of the first four
/// are written here from the crate's name and the document given to each (an object of one
/// member, the key `"id"`, any value, an empty array). The module must have the
/// format's `ErrorKind`, `KeyBuf`, `Reader`, `Result`, and an `ObjectState` and a `TupleState`
/// that are its `Items`.
///
/// ```text
/// structio_core::__derive_counted_items! {
///     krate: structio_cbor,
///     next_member(&[0xa1, 0x61, b'a', 0xf6]): { /// After a member's value ... },
///     member_key(&[0x62, b'i', b'd']): { /// A member's key ... },
///     variant_index(&[0x00]): { /// A variant named by its index ... },
///     begin(&[0x80]): { /// Enters an array ... },
///     next: { /// Between two elements ... },
///     end: { /// After the last element ... },
///     key_str: { /// A map key naming a unit variant ... },
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_counted_items {
    (
        krate: $krate:ident,
        next_member($one_member:expr): { $(#[$next_member:meta])* },
        member_key($key_id:expr): { $(#[$member_key:meta])* },
        variant_index($one:expr): { $(#[$variant_index:meta])* },
        begin($empty_array:expr): { $(#[$begin:meta])* },
        next: { $(#[$next:meta])* },
        end: { $(#[$end:meta])* },
        key_str: { $(#[$key_str:meta])* } $(,)?
    ) => {
        $(#[$next_member])*
        #[doc = concat!(
            "\n```\n",
            "use ", stringify!($krate), "::__derive as p;\n",
            "let mut r = ", stringify!($krate), "::Reader::new(", stringify!($one_member), ");\n",
            "let mut st = p::begin_object(&mut r).unwrap().unwrap();\n",
            "p::member_key(&mut r, &mut p::KeyBuf::new()).unwrap();\n",
            "r.skip_value().unwrap();\n",
            "assert!(!p::next_member(&mut r, &mut st).unwrap());\n",
            "```"
        )]
        #[inline(always)]
        pub fn next_member(r: &mut Reader<'_>, st: &mut ObjectState) -> Result<bool> {
            r.next(st)
        }

        $(#[$member_key])*
        #[doc = concat!(
            "\n```\n",
            "use ", stringify!($krate), "::__derive as p;\n",
            "let mut r = ", stringify!($krate), "::Reader::new(", stringify!($key_id), ");\n",
            "assert_eq!(p::member_key(&mut r, &mut p::KeyBuf::new()).unwrap(), b\"id\");\n",
            "```"
        )]
        #[inline(always)]
        pub fn member_key<'de: 'k, 'k>(
            r: &mut Reader<'de>,
            scratch: &'k mut KeyBuf,
        ) -> Result<&'k [u8]> {
            r.read_key(scratch)
        }

        /// Steps over the next member's key if it is exactly `key`, the writer's encoding of
        /// a name (from `encode_key`), and says whether it did; nothing is consumed
        /// otherwise. A key written any other way (a longer head, chunks, a tag) is left
        /// for [`member_key`], which reads it whatever its form.
        #[doc = concat!(
            "\n```\n",
            "use ", stringify!($krate), "::__derive as p;\n",
            "let mut r = ", stringify!($krate), "::Reader::new(", stringify!($key_id), ");\n",
            "assert!(!p::member_key_is(&mut r, &p::encode_key::<{ p::key_len(b\"ic\") }>(b\"ic\")));\n",
            "assert_eq!(r.offset(), 0);\n",
            "```"
        )]
        #[inline(always)]
        pub fn member_key_is(r: &mut Reader<'_>, key: &[u8]) -> bool {
            r.skip_literal(key)
        }

        $(#[$variant_index])*
        #[doc = concat!(
            "\n```\n",
            "let mut r = ", stringify!($krate), "::Reader::new(", stringify!($one), ");\n",
            "assert_eq!(", stringify!($krate), "::__derive::variant_index(&mut r).unwrap(), None);\n",
            "```"
        )]
        #[inline(always)]
        pub fn variant_index(_r: &mut Reader<'_>) -> Result<Option<usize>> {
            Ok(None)
        }

        $(#[$begin])*
        #[doc = concat!(
            "\n```\n",
            "use ", stringify!($krate), "::__derive as p;\n",
            "let mut r = ", stringify!($krate), "::Reader::new(", stringify!($empty_array), ");\n",
            "let e = p::begin_tuple(&mut r, 1).unwrap_err();\n",
            "assert_eq!(e.kind(), ", stringify!($krate), "::ErrorKind::TooFewElements);\n",
            "```"
        )]
        #[inline(always)]
        pub fn begin_tuple(r: &mut Reader<'_>, n: usize) -> Result<TupleState> {
            let mut items = r.begin_array()?;
            if let Some(len) = items.len() {
                if len != n {
                    let kind = if len < n {
                        ErrorKind::TooFewElements
                    } else {
                        ErrorKind::TooManyElements
                    };
                    return Err(r.error_at(items.offset(), kind));
                }
            }
            if n > 0 {
                tuple_next(r, &mut items)?;
            }
            Ok(items)
        }

        $(#[$next])*
        #[inline(always)]
        pub fn tuple_next(r: &mut Reader<'_>, st: &mut TupleState) -> Result<()> {
            if !r.next(st)? {
                // `next` consumed the array's end; the error names it.
                return Err(r.error_at(r.offset() - 1, ErrorKind::TooFewElements));
            }
            Ok(())
        }

        $(#[$end])*
        #[inline(always)]
        pub fn end_tuple(r: &mut Reader<'_>, mut st: TupleState, _n: usize) -> Result<()> {
            r.end(&mut st)
        }

        $(#[$key_str])*
        #[inline(always)]
        pub fn read_key_str<'de: 'k, 'k>(
            r: &mut Reader<'de>,
            scratch: &'k mut KeyBuf,
        ) -> Result<&'k [u8]> {
            r.read_key(scratch)
        }
    };
}

/// Expands, in a `derive_protocol` module whose tags and unit variants are plain strings read
/// whole (BEVE, BJData), to `read_str_key`: the string's bytes, checked UTF-8. Arguments: the
/// crate (for the doc example) and a document holding the string `"On"`.
///
/// ```text
/// structio_core::__derive_read_str_key!(structio_bjdata, b"SU\x02On");
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __derive_read_str_key {
    ($krate:ident, $on:expr) => {
        #[doc = concat!(
            "A string value's bytes (a tag, a unit variant), checked UTF-8.\n\n",
            "```\n",
            "use ", stringify!($krate), "::__derive as p;\n",
            "let mut r = ", stringify!($krate), "::Reader::new(", stringify!($on), ");\n",
            "assert_eq!(p::read_str_key(&mut r, &mut p::KeyBuf::new()).unwrap(), b\"On\");\n",
            "```"
        )]
        #[inline(always)]
        pub fn read_str_key<'de: 'k, 'k>(
            r: &mut Reader<'de>,
            _scratch: &'k mut KeyBuf,
        ) -> Result<&'k [u8]> {
            Ok(r.read_str()?.as_bytes())
        }
    };
}
