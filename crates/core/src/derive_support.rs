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
/// reader needs `missing_field`, `error_at` and `duplicate_key`, as every format's has. Arguments: the crate's name (for the doc examples), its read trait with the read
/// methods, its write trait with the write method, the pattern of the error kinds
/// `invalid_type` turns into `InvalidType`, and an expression (as a string, for a doc example)
/// that makes a reader of an empty input which denies repeated keys.
///
/// ```text
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
        deny_reader: $deny_reader:literal $(,)?
    ) => {
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
}
