//! Every error of the serde path: its kind, its offset, and the message a serde type gave.
//! Runs with and without an allocator (`--no-default-features --features serde`): the
//! messages are kept only with one.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use structio_json::serde::{from_slice, from_str, to_slice, Deserializer, Error};
use structio_json::ErrorKind;

#[track_caller]
fn fails<'de, T: Deserialize<'de> + fmt::Debug>(
    text: &'de str,
    kind: ErrorKind,
    offset: usize,
) -> Error {
    let err = from_str::<T>(text).expect_err(text);
    assert_eq!((err.kind(), err.offset()), (kind, offset), "{text}: {err}");
    err
}

const INVALID_TYPE: ErrorKind = ErrorKind::Custom("invalid type");
const INVALID_VALUE: ErrorKind = ErrorKind::Custom("invalid value");
const INVALID_LENGTH: ErrorKind = ErrorKind::Custom("invalid length");
const CUSTOM: ErrorKind = ErrorKind::Custom("custom error from a serde type");

#[test]
fn structio_errors_keep_their_kind_and_offset() {
    fails::<Vec<u8>>("[1,]", ErrorKind::TrailingComma, 3);
    fails::<Vec<u8>>("[1 2]", ErrorKind::ExpectedCommaOrArrayEnd, 3);
    fails::<u8>("256", ErrorKind::NumberOutOfRange, 0);
    fails::<u8>(" -1", ErrorKind::NumberOutOfRange, 1);
    fails::<f64>("1e400", ErrorKind::NumberOutOfRange, 0);
    fails::<Vec<f32>>("[1e39]", ErrorKind::NumberOutOfRange, 1);
    fails::<bool>("nope", ErrorKind::ExpectedBool, 0);
    fails::<()>("0", ErrorKind::ExpectedNull, 0);
    fails::<&str>(r#""a\qb""#, ErrorKind::InvalidEscape, 2);
    fails::<&str>("12", ErrorKind::ExpectedString, 0);
    fails::<&str>("", ErrorKind::UnexpectedEnd, 0);
    fails::<IgnoredAny>(r#""\ud800""#, ErrorKind::LoneSurrogate, 7);
    fails::<String>(r#""\ud800""#, ErrorKind::LoneSurrogate, 1);
    fails::<u8>("1 2", ErrorKind::TrailingCharacters, 2);
    let deep = "[".repeat(200);
    fails::<IgnoredAny>(&deep, ErrorKind::DepthLimit, 128);
}

#[test]
fn any_value() {
    fails::<IgnoredAnyThroughAny>("x", ErrorKind::ExpectedValue, 0);
    fails::<IgnoredAnyThroughAny>("  ", ErrorKind::UnexpectedEnd, 2);
    fails::<IgnoredAnyThroughAny>("-", ErrorKind::UnexpectedEnd, 1);
    fails::<IgnoredAnyThroughAny>("-x", ErrorKind::InvalidNumber, 1);
    fails::<IgnoredAnyThroughAny>(" 1e999", ErrorKind::NumberOutOfRange, 1);
    // Skipped, a number past f64's range is still an error (the crate's number policy;
    // serde_json's skipping holds it to the grammar only).
    fails::<IgnoredAnyThroughAny>("[1e999]", ErrorKind::NumberOutOfRange, 1);
    fails::<IgnoredAnyThroughAny>("18446744073709551616e400", ErrorKind::NumberOutOfRange, 0);
    // Elements skipped as `IgnoredAny`: where structio's skipping stops.
    fails::<IgnoredAnyThroughAny>("[tru]", ErrorKind::ExpectedBool, 4);
    fails::<IgnoredAnyThroughAny>("nul", ErrorKind::UnexpectedEnd, 3);
    fails::<IgnoredAnyThroughAny>(r#"{"a" 1}"#, ErrorKind::ExpectedColon, 5);
}

/// Reads through `deserialize_any` (serde's own `IgnoredAny` asks for `ignored_any`).
#[derive(Debug)]
struct IgnoredAnyThroughAny;

impl<'de> Deserialize<'de> for IgnoredAnyThroughAny {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(IgnoredAny).map(|_| IgnoredAnyThroughAny)
    }
}

#[test]
fn containers_of_the_wrong_kind() {
    fails::<Vec<u8>>("{}", ErrorKind::ExpectedArray, 0);
    fails::<Vec<u8>>("", ErrorKind::UnexpectedEnd, 0);
    fails::<BTreeMap<String, u8>>("[]", ErrorKind::ExpectedObject, 0);
    fails::<Point>(" 5", ErrorKind::ExpectedObject, 1);
    fails::<Point>("[1]", INVALID_LENGTH, 0);
    fails::<Point>("[1,2,3]", ErrorKind::TooManyElements, 5);
    fails::<(u8, u8)>("[1,2 ,3]", ErrorKind::TooManyElements, 6);
    fails::<[u8; 0]>("[1]", ErrorKind::TooManyElements, 1);
    fails::<Bytes>("1", ErrorKind::ExpectedString, 0);
    let b: Bytes = from_str("[1, 2]").unwrap();
    assert_eq!(b.0, [1, 2]);
    let b: Bytes = from_str(r#""a\n""#).unwrap();
    assert_eq!(b.0, b"a\n");
}

/// A byte buffer through `deserialize_byte_buf`.
#[derive(Debug)]
struct Bytes(Vec<u8>);

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Vec<u8>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
                Ok(v.to_vec())
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut s: A) -> Result<Vec<u8>, A::Error> {
                let mut v = Vec::new();
                while let Some(b) = s.next_element()? {
                    v.push(b);
                }
                Ok(v)
            }
        }
        d.deserialize_byte_buf(V).map(Bytes)
    }
}

/// Takes the first member of an object and stops.
#[derive(Debug)]
struct FirstOnly;

impl<'de> Deserialize<'de> for FirstOnly {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = FirstOnly;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<FirstOnly, A::Error> {
                let _ = m.next_entry::<IgnoredAny, IgnoredAny>()?;
                Ok(FirstOnly)
            }
        }
        d.deserialize_map(V)
    }
}

#[test]
fn members_left_unread() {
    assert!(from_str::<FirstOnly>(r#"{"a":1}"#).is_ok());
    assert!(from_str::<FirstOnly>("{}").is_ok());
    fails::<FirstOnly>(r#"{"a":1, "b":2}"#, ErrorKind::TooManyElements, 8);
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
enum E {
    Unit,
    New(u8),
    Tup(u8, u8),
    Rec { a: u8 },
}

#[test]
fn serde_type_errors_are_placed_at_their_value() {
    let err = fails::<Point>("{\n \"x\": 1}", ErrorKind::MissingField("y"), 0);
    assert_eq!((err.line(), err.column()), (1, 1));
    fails::<Vec<Point>>(
        r#"[{"x":1,"y":2}, {"y":2}]"#,
        ErrorKind::MissingField("x"),
        16,
    );
    // At the key the field identifier refused.
    let err = fails::<Strict>(r#"{"a":1,"zz":2}"#, ErrorKind::UnknownField, 7);
    #[cfg(feature = "alloc")]
    assert_eq!(err.message(), "unknown field `zz`, expected `a`");
    #[cfg(not(feature = "alloc"))]
    assert_eq!(err.message(), "unknown field");
    let err = fails::<E>(r#""Nope""#, ErrorKind::UnknownVariant, 0);
    #[cfg(feature = "alloc")]
    assert_eq!(
        err.message(),
        "unknown variant `Nope`, expected one of `Unit`, `New`, `Tup`, `Rec`"
    );
    let _ = err;
    // A typed field reads its type: structio's kind, not serde's "invalid type".
    fails::<Point>(r#"{"x":"1","y":2}"#, ErrorKind::InvalidType("i32"), 5);
    let err = fails::<E>(r#" "New""#, INVALID_TYPE, 1);
    #[cfg(feature = "alloc")]
    assert_eq!(
        err.message(),
        "invalid type: unit variant, expected newtype variant"
    );
    let _ = err;
    fails::<Vec<bool>>("[true, 1]", ErrorKind::ExpectedBool, 7);
    fails::<char>(r#"  "ab""#, INVALID_VALUE, 2);
    fails::<std::net::Ipv4Addr>(r#""1.2.3""#, CUSTOM, 0);
    fails::<(u8, u8)>("[1]", INVALID_LENGTH, 0);
}

#[test]
fn enums() {
    fails::<E>("{}", ErrorKind::ExpectedString, 1);
    fails::<E>(r#"{"Unit":null,"New":1}"#, ErrorKind::TooManyElements, 13);
    fails::<E>("7", ErrorKind::ExpectedString, 0);
    fails::<E>("", ErrorKind::UnexpectedEnd, 0);
    fails::<E>(r#"{"New" 1}"#, ErrorKind::ExpectedColon, 7);
    fails::<E>(r#"{"Unit":1}"#, ErrorKind::ExpectedNull, 8);
    fails::<E>(r#""New""#, INVALID_TYPE, 0);
    fails::<E>(r#""Tup""#, INVALID_TYPE, 0);
    fails::<E>(r#""Rec""#, INVALID_TYPE, 0);
    assert_eq!(from_str::<E>(r#"{"Tup":[1,2]}"#).unwrap(), E::Tup(1, 2));
    assert_eq!(
        from_str::<E>(r#"{"Rec":{"a":3}}"#).unwrap(),
        E::Rec { a: 3 }
    );
    assert_eq!(from_str::<E>(r#"{"Rec":[3]}"#).unwrap(), E::Rec { a: 3 });
}

#[test]
fn map_keys() {
    fails::<BTreeMap<u8, u8>>(r#"{"x":1}"#, ErrorKind::InvalidNumber, 1);
    fails::<BTreeMap<u8, u8>>(r#"{"1.5":1}"#, ErrorKind::InvalidNumber, 1);
    fails::<BTreeMap<u8, u8>>(r#"{ "300":1}"#, ErrorKind::NumberOutOfRange, 2);
    fails::<BTreeMap<i128, u8>>(r#"{"":1}"#, ErrorKind::InvalidNumber, 1);
    fails::<BTreeMap<u8, u8>>("{1:1}", ErrorKind::ExpectedString, 1);
    fails::<BTreeMap<bool, u8>>(r#"{"yes":1}"#, ErrorKind::ExpectedBool, 1);
    fails::<BTreeMap<Float, u8>>(r#"{"1e999":1}"#, ErrorKind::NumberOutOfRange, 1);
    fails::<BTreeMap<Float32, u8>>(r#"{"1e39":1}"#, ErrorKind::NumberOutOfRange, 1);
    fails::<BTreeMap<Float, u8>>(r#"{"1x":1}"#, ErrorKind::InvalidNumber, 1);
    let m: BTreeMap<Float, u8> = from_str(r#"{"2.5":1}"#).unwrap();
    assert!(m.contains_key(&Float(2.5)));
    let m: BTreeMap<Float32, u8> = from_str(r#"{"-0.5":1}"#).unwrap();
    assert!(m.contains_key(&Float32(-0.5)));
    let m: BTreeMap<bool, u8> = from_str(r#"{"true":1,"false":0}"#).unwrap();
    assert_eq!(m.len(), 2);
    let m: BTreeMap<Option<u8>, u8> = from_str(r#"{"7":1}"#).unwrap();
    assert!(m.contains_key(&Some(7)));
    #[derive(Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Id(u32);
    let m: BTreeMap<Id, u8> = from_str(r#"{"7":1}"#).unwrap();
    assert!(m.contains_key(&Id(7)));
    #[derive(Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum K {
        A,
    }
    let m: BTreeMap<K, u8> = from_str(r#"{"A":1}"#).unwrap();
    assert!(m.contains_key(&K::A));
    let m: BTreeMap<ByteKey, IgnoredAny> = from_str(r#"{"a\t":1}"#).unwrap();
    assert!(m.contains_key(&ByteKey(b"a\t".to_vec())));
    let m: BTreeMap<ByteKey, IgnoredAny> = from_str(r#"{"ab":1}"#).unwrap();
    assert!(m.contains_key(&ByteKey(b"ab".to_vec())));
    // A key skipped whole is still checked.
    let err = from_str::<IgnoredKeys>(r#"{"\x":1}"#).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidEscape);
    assert!(from_str::<IgnoredKeys>(r#"{"a":1}"#).is_ok());
}

/// An `f64` map key.
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Float(f64);
impl Eq for Float {}
impl PartialOrd for Float {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Float {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&o.0)
    }
}

/// An `f32` map key.
#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Float32(f32);
impl Eq for Float32 {}
impl PartialOrd for Float32 {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Float32 {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&o.0)
    }
}

/// A key read as bytes.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct ByteKey(Vec<u8>);
impl<'de> Deserialize<'de> for ByteKey {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Bytes::deserialize(d).map(|b| ByteKey(b.0))
    }
}

/// A map whose keys are read as `IgnoredAny`.
#[derive(Debug)]
struct IgnoredKeys;
impl<'de> Deserialize<'de> for IgnoredKeys {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = IgnoredKeys;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<IgnoredKeys, A::Error> {
                while m.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(IgnoredKeys)
            }
        }
        d.deserialize_map(V)
    }
}

#[test]
fn deserializer_api() {
    let mut de = Deserializer::from_slice(b" [1] x");
    let v = <Vec<u8>>::deserialize(&mut de).unwrap();
    assert_eq!(v, [1]);
    assert_eq!(de.offset(), 4);
    let err = de.end().unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::TrailingCharacters, 5)
    );
    // Position filled in by the entry point only.
    assert_eq!(err.line(), 0);
    let err = from_slice::<u8>(b"\n\n  x").unwrap_err();
    assert_eq!((err.line(), err.column()), (3, 3));
    assert_eq!(err.as_json_error().offset(), 4);
}

#[test]
fn writing_errors() {
    let mut buf = [0u8; 4];
    let err = to_slice(&[1u8, 2, 3], &mut buf).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BufferFull);
    assert_eq!(to_slice(&[1u8], &mut buf).unwrap(), 3);
    let mut big = [0u8; 64];
    // A map key that JSON cannot have: at the byte where the key was due.
    let m: BTreeMap<(u8, u8), u8> = BTreeMap::from([((1, 2), 3)]);
    let err = to_slice(&m, &mut big).unwrap_err();
    assert_eq!(err.offset(), 1);
    assert!(matches!(err.kind(), ErrorKind::Custom(_)));
    let m = BTreeMap::from([(Float(f64::NAN), 1u8)]);
    let err = to_slice(&m, &mut big).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::Unrepresentable, 1));
    let m = BTreeMap::from([(Float32(f32::INFINITY), 1u8)]);
    assert_eq!(
        to_slice(&m, &mut big).unwrap_err().kind(),
        ErrorKind::Unrepresentable
    );
    for key in [
        Key::None,
        Key::Some,
        Key::Unit,
        Key::UnitStruct,
        Key::Bytes,
        Key::NewVariant(1),
        Key::Seq,
        Key::Tuple,
        Key::TupleStruct,
        Key::TupleVariant(1, 2),
        Key::Map,
        Key::Struct,
        Key::StructVariant { a: 1 },
    ] {
        let name = format!("{key:?}");
        let m = BTreeMap::from([(key, 0u8)]);
        let err = to_slice(&m, &mut big).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Custom(_)), "{name}");
    }
    // Keys that are written.
    let n = to_slice(&BTreeMap::from([(Float(0.5), 1u8)]), &mut big).unwrap();
    assert_eq!(&big[..n], br#"{"0.5":1}"#);
    let n = to_slice(&BTreeMap::from([(Float32(1.0), 1u8)]), &mut big).unwrap();
    assert_eq!(&big[..n], br#"{"1":1}"#);
    let n = to_slice(&BTreeMap::from([(Shown(3), 1u8)]), &mut big).unwrap();
    assert_eq!(&big[..n], br##"{"#3":1}"##);
    let n = to_slice(&BTreeMap::from([(Newtype('x'), 1u8)]), &mut big).unwrap();
    assert_eq!(&big[..n], br#"{"x":1}"#);
    // A serde type's own error while writing: placed at the bytes written.
    let err = to_slice(&(1u8, Failing), &mut big).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (CUSTOM, 3));
    #[cfg(feature = "alloc")]
    assert_eq!(err.message(), "no can do");
    // A `Display` that fails.
    let err = to_slice(&Shown(-1), &mut big).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Custom(_)));
}

/// A serde type whose serialization fails.
struct Failing;
impl Serialize for Failing {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("no can do"))
    }
}

/// Written through `collect_str`: `#N`, or a formatting error for a negative N.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Shown(i32);
impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.0 < 0 {
            return Err(fmt::Error);
        }
        write!(f, "#{}", self.0)
    }
}
impl Serialize for Shown {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
struct Newtype(char);

/// Every kind of value that cannot be a map key.
#[derive(Serialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    #[serde(serialize_with = "none")]
    None,
    #[serde(serialize_with = "some")]
    Some,
    #[serde(serialize_with = "unit")]
    Unit,
    #[serde(serialize_with = "unit_struct")]
    UnitStruct,
    #[serde(serialize_with = "bytes")]
    Bytes,
    NewVariant(u8),
    #[serde(serialize_with = "seq")]
    Seq,
    #[serde(serialize_with = "tuple")]
    Tuple,
    #[serde(serialize_with = "tuple_struct")]
    TupleStruct,
    TupleVariant(u8, u8),
    #[serde(serialize_with = "map")]
    Map,
    #[serde(serialize_with = "strukt")]
    Struct,
    StructVariant {
        a: u8,
    },
}

fn none<S: serde::Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_none()
}
fn some<S: serde::Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_some(&1u8)
}
fn unit<S: serde::Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_unit()
}
fn unit_struct<S: serde::Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_unit_struct("U")
}
fn bytes<S: serde::Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bytes(b"b")
}
fn seq<S: serde::Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_seq(None).map(|_| unreachable!())
}
fn tuple<S: serde::Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_tuple(1).map(|_| unreachable!())
}
fn tuple_struct<S: serde::Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_tuple_struct("T", 1).map(|_| unreachable!())
}
fn map<S: serde::Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_map(None).map(|_| unreachable!())
}
fn strukt<S: serde::Serializer>(s: S) -> Result<S::Ok, S::Error> {
    s.serialize_struct("S", 1).map(|_| unreachable!())
}

#[cfg(feature = "std")]
#[test]
fn io_errors() {
    /// Takes `room` bytes, then fails.
    struct Short {
        room: usize,
    }
    impl std::io::Write for Short {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            if self.room == 0 {
                return Err(std::io::Error::other("disk full"));
            }
            let n = b.len().min(self.room);
            self.room -= n;
            Ok(n)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    // Fails in the final hand-over.
    let err = structio_json::serde::to_writer(Short { room: 3 }, &[1u8, 2, 3]).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::Custom("I/O error"), 7)
    );
    assert_eq!(err.message(), "disk full");
    // Fails while writing, when the 8 KiB buffer is handed over.
    let long = vec!["0123456789"; 2000];
    let err = structio_json::serde::to_writer(Short { room: 10 }, &long).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Custom("I/O error"));
    assert!(err.offset() >= 8 * 1024, "{}", err.offset());
    // And a writer that takes everything gets everything.
    let mut out = Vec::new();
    structio_json::serde::to_writer(&mut out, &long).unwrap();
    assert_eq!(out, structio_json::serde::to_vec(&long).unwrap());
    // A serde type's error is placed at the bytes serialized.
    let err = structio_json::serde::to_writer(Vec::new(), &(1u8, Failing)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (CUSTOM, 3));
}

#[cfg(feature = "alloc")]
#[test]
fn messages_and_display() {
    let err = from_str::<E>("\n \"Tup\"").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid type: unit variant, expected tuple variant at line 2 column 2 (byte 2)"
    );
    let err = from_str::<Vec<u8>>("[1,\n 2,]").unwrap_err();
    assert_eq!(
        err.to_string(),
        "trailing comma at line 2 column 4 (byte 7): ` 2,]`"
    );
    assert!(format!("{err:?}").contains("TrailingComma"));
    let err = to_slice(&Failing, &mut [0u8; 4]).unwrap_err();
    assert_eq!(err.to_string(), "no can do at byte 0");
    assert!(format!("{err:?}").contains("no can do"));
    // Long `collect_str` text goes through the heap.
    let long = structio_json::serde::to_string(&LongDisplay).unwrap();
    assert_eq!(long.len(), 502);
    let err = from_str::<Point>(r#"{"x":1}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "missing field `y` at line 1 column 1 (byte 0): `{\"x\":1}`"
    );
    let err = from_str::<E>(r#""Nope""#).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("unknown variant `Nope`, expected one of"));
    let err = from_str::<NoVariants>(r#""B""#).unwrap_err();
    assert_eq!(err.message(), "unknown variant `B`, there are no variants");
    let err = from_str::<OneVariant>(r#""B""#).unwrap_err();
    assert_eq!(err.message(), "unknown variant `B`, expected `A`");
    let err = from_str::<TwoFields>(r#"{"c":1}"#).unwrap_err();
    assert_eq!(err.message(), "unknown field `c`, expected `a` or `b`");
    let err = from_str::<NoFields>(r#"{"c":1}"#).unwrap_err();
    assert_eq!(err.message(), "unknown field `c`, there are no fields");
}

#[cfg(not(feature = "alloc"))]
#[test]
fn without_an_allocator() {
    // Messages are not kept: the kind's description stands in, with the position (an
    // excerpt and the path need the allocator; `path_in` works the path out on request).
    let input = r#"["Unit", "New"]"#;
    let err = from_str::<Vec<E>>(input).unwrap_err();
    assert_eq!(err.message(), "invalid type");
    assert_eq!(err.to_string(), "invalid type at line 1 column 10 (byte 9)");
    assert_eq!(err.as_json_error().path_in(input.as_bytes()).as_str(), "/1");
    // Strings with escapes are decoded into 256 bytes.
    let fits = format!("\"\\n{}\"", "a".repeat(255));
    let s = from_str::<Escaped>(&fits).unwrap();
    assert_eq!(s.0, 256);
    let too_long = format!("[\"{}\\n\"]", "a".repeat(256));
    fails::<[Escaped; 1]>(&too_long, ErrorKind::StringTooLong, 1);
    let too_long = format!("[\"\\n{}\"]", "a".repeat(256));
    fails::<[Escaped; 1]>(&too_long, ErrorKind::StringTooLong, 1);
    // `collect_str` text longer than the stack buffer.
    let mut buf = [0u8; 1024];
    let err = to_slice(&LongDisplay, &mut buf).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::StringTooLong, 0));
}

/// The length of a string read through `visit_str`.
#[cfg(not(feature = "alloc"))]
#[derive(Debug)]
struct Escaped(usize);

#[cfg(not(feature = "alloc"))]
impl<'de> Deserialize<'de> for Escaped {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Escaped;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Escaped, E> {
                Ok(Escaped(v.len()))
            }
        }
        d.deserialize_str(V)
    }
}

/// 500 characters through `collect_str`.
struct LongDisplay;
impl fmt::Display for LongDisplay {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for _ in 0..50 {
            f.write_str("0123456789")?;
        }
        Ok(())
    }
}
impl Serialize for LongDisplay {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "alloc")]
#[derive(Deserialize, Debug)]
enum NoVariants {}

#[cfg(feature = "alloc")]
#[derive(Deserialize, Debug)]
enum OneVariant {
    A,
}

#[cfg(feature = "alloc")]
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct TwoFields {
    a: Option<u8>,
    b: Option<u8>,
}

#[cfg(feature = "alloc")]
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct NoFields {}

/// `{:?}` names the kind, the offset, the line and column once they are known, and the serde
/// type's message where an allocator kept it.
#[test]
fn debug_shows_the_kind_the_position_and_the_message() {
    let err = from_str::<Vec<u8>>("[1,\n 2,]").unwrap_err();
    assert_eq!(
        format!("{err:?}"),
        "Error { kind: TrailingComma, offset: 7, line: 2, column: 4 }"
    );
    let err = from_str::<char>(r#""ab""#).unwrap_err();
    let debug = format!("{err:?}");
    assert!(
        debug.starts_with(r#"Error { kind: Custom("invalid value"), offset: 0"#),
        "{debug}"
    );
    #[cfg(feature = "std")]
    assert!(
        debug.ends_with(r#"message: "invalid value: string \"ab\", expected a character" }"#),
        "{debug}"
    );
}

#[derive(Serialize)]
enum Shape {
    Point,
    Circle(f32),
    Rect { w: u8, h: u8 },
}

#[derive(Serialize)]
struct Fixed<'a> {
    flags: [bool; 3],
    name: &'a str,
    ints: (i8, u64, i64),
    none: Option<u8>,
    shapes: [Shape; 3],
    empty: [u8; 0],
}

/// Writes `value` into a slice of every length up to its whole text, compact and laid out:
/// the whole text when it fits, else `BufferFull` with only the start of the text written.
/// (The compact writer tests its layout once per container and commits each block's length
/// from the count it read before the block's stores; a full buffer takes the block's tail
/// path, with the comma owed before it.)
#[test]
fn serde_writes_are_exact_at_every_buffer_length() {
    use structio_json::serde::Serializer;
    use structio_json::SliceSink;
    let value = Fixed {
        flags: [true, false, true],
        name: "a\"b\u{1}c",
        ints: (-5, u64::MAX, i64::MIN),
        none: None,
        shapes: [Shape::Point, Shape::Circle(0.5), Shape::Rect { w: 1, h: 2 }],
        empty: [],
    };
    let compact = br#"{"flags":[true,false,true],"name":"a\"b\u0001c","ints":[-5,18446744073709551615,-9223372036854775808],"none":null,"shapes":["Point",{"Circle":0.5},{"Rect":{"w":1,"h":2}}],"empty":[]}"#;
    let mut big = [0u8; 512];
    let n = to_slice(&value, &mut big).unwrap();
    assert_eq!(&big[..n], compact);
    let pretty = |buf: &mut [u8]| {
        let mut ser = Serializer::pretty(SliceSink::new(buf), 2);
        let r = value.serialize(&mut ser);
        (r, ser.written())
    };
    let (r, n) = pretty(&mut big);
    r.unwrap();
    let laid_out = big[..n].to_owned();
    assert!(laid_out.starts_with(b"{\n  \"flags\": [\n    true,\n    false,"));
    for (text, is_pretty) in [(&compact[..], false), (&laid_out[..], true)] {
        for len in 0..=text.len() {
            let mut buf = [0u8; 512];
            let (result, written) = if is_pretty {
                pretty(&mut buf[..len])
            } else {
                match to_slice(&value, &mut buf[..len]) {
                    Ok(n) => (Ok(()), n),
                    Err(e) => {
                        let at = e.offset();
                        (Err(e), at)
                    }
                }
            };
            match result {
                Ok(()) => {
                    assert_eq!(len, text.len());
                    assert_eq!(&buf[..written], text);
                }
                Err(e) => {
                    assert!(len < text.len(), "{len}");
                    assert_eq!(e.kind(), ErrorKind::BufferFull, "{len}");
                    assert!(written <= len, "{len}");
                    assert_eq!(&buf[..written], &text[..written], "{len}");
                }
            }
        }
    }
}
