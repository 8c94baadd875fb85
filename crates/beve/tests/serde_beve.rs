//! `structio_beve::serde`: byte-identical to `#[derive(Beve)]` for the same shapes, readable by
//! the typed reader and reading what it writes, every serde shape round-tripped, and every
//! error the serde path makes.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use structio_beve::serde::{from_slice, to_slice, to_vec};
use structio_beve::ErrorKind;
use structio_derive::Beve;

#[derive(Beve, Serialize, Deserialize, Debug, PartialEq, Clone)]
enum Mode {
    Off,
    Slow,
}

#[derive(Beve, Serialize, Deserialize, Debug, PartialEq, Clone)]
enum Shape {
    Dot,
    Circle(f64),
    Rect { w: f32, h: f32 },
}

#[derive(Beve, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Inner {
    id: u32,
    label: String,
}

#[derive(Beve, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Record {
    a: u8,
    b: i16,
    c: i32,
    d: i64,
    e: i128,
    f: u128,
    g: f32,
    h: f64,
    ok: bool,
    letter: char,
    name: String,
    maybe: Option<u64>,
    none: Option<String>,
    unit: (),
    floats: Vec<f64>,
    ints: Vec<i32>,
    bytes: Vec<u8>,
    wide: Vec<u128>,
    flags: Vec<bool>,
    names: Vec<String>,
    inners: Vec<Inner>,
    nested: Vec<Vec<u16>>,
    pair: (u8, String),
    by_name: BTreeMap<String, f64>,
    by_id: BTreeMap<u32, Inner>,
    by_neg: BTreeMap<i8, bool>,
    mode: Mode,
    shapes: Vec<Shape>,
}

fn record(i: u32) -> Record {
    Record {
        a: i as u8,
        b: -(i as i16),
        c: i as i32 * 1000,
        d: i64::MIN + i as i64,
        e: i128::MIN,
        f: u128::MAX - u128::from(i),
        g: 1.5,
        h: 0.1 * f64::from(i),
        ok: i.is_multiple_of(2),
        letter: 'é',
        name: format!("record {i}"),
        maybe: Some(u64::from(i)),
        none: None,
        unit: (),
        floats: (0..i).map(f64::from).collect(),
        ints: vec![-1, 0, 1],
        bytes: b"bytes".to_vec(),
        wide: vec![1, u128::MAX],
        flags: (0..i + 9).map(|k| k % 3 == 0).collect(),
        names: vec!["x".into(), String::new(), "é€".into()],
        inners: vec![Inner {
            id: i,
            label: "in".into(),
        }],
        nested: vec![vec![1, 2], vec![3]],
        pair: (7, "seven".into()),
        by_name: BTreeMap::from([("a".into(), 3.5), ("b".into(), 2.25)]),
        by_id: BTreeMap::from([(
            3,
            Inner {
                id: 3,
                label: "c".into(),
            },
        )]),
        by_neg: BTreeMap::from([(-1, true), (1, false)]),
        mode: if i.is_multiple_of(2) {
            Mode::Off
        } else {
            Mode::Slow
        },
        shapes: vec![
            Shape::Dot,
            Shape::Circle(2.0),
            Shape::Rect { w: 1.0, h: 2.0 },
        ],
    }
}

#[test]
fn byte_identical_to_the_derive() {
    for i in 1..5 {
        let r = record(i);
        let native = structio_beve::to_vec(&r).unwrap();
        let via_serde = to_vec(&r).unwrap();
        assert_eq!(via_serde, native, "record {i}");
        // Each reads the other's bytes.
        assert_eq!(from_slice::<Record>(&native).unwrap(), r);
        assert_eq!(structio_beve::from_slice::<Record>(&via_serde).unwrap(), r);
        let mut buf = vec![0u8; native.len()];
        assert_eq!(to_slice(&r, &mut buf).unwrap(), native.len());
        assert_eq!(buf, native);
        let err = to_slice(&r, &mut buf[..native.len() - 1]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BufferFull);
    }
}

#[test]
fn what_the_serde_path_cannot_tell() {
    // Empty sequences and maps: the element and key types are unknown.
    assert_eq!(to_vec(&Vec::<f64>::new()).unwrap(), [0x05, 0x00]);
    assert_eq!(
        structio_beve::to_vec(&Vec::<f64>::new()).unwrap(),
        [0x64, 0x00]
    );
    assert_eq!(to_vec(&BTreeMap::<u32, u8>::new()).unwrap(), [0x03, 0x00]);
    // Both read either form.
    let empty: Vec<f64> = structio_beve::from_slice(&[0x05, 0x00]).unwrap();
    assert!(empty.is_empty());
    let empty: Vec<f64> = from_slice(&[0x64, 0x00]).unwrap();
    assert!(empty.is_empty());
    // Arrays are tuples to serde: generic arrays.
    let doc = to_vec(&[1.0f64, 2.0]).unwrap();
    assert_eq!(doc[0], 0x05);
    let back: [f64; 2] = structio_beve::from_slice(&doc).unwrap();
    assert_eq!(back, [1.0, 2.0]);
    let back: [f64; 2] = from_slice(&structio_beve::to_vec(&[1.0f64, 2.0]).unwrap()).unwrap();
    assert_eq!(back, [1.0, 2.0]);
    // References to numbers and strings still make typed arrays.
    let (a, b) = (1.5f64, 2.5f64);
    assert_eq!(
        to_vec(&vec![&a, &b]).unwrap(),
        structio_beve::to_vec(&vec![a, b]).unwrap()
    );
    let strs = vec!["a", "bc"];
    assert_eq!(
        to_vec(&strs).unwrap(),
        structio_beve::to_vec(&strs).unwrap()
    );
    let cows: Vec<Cow<str>> = vec!["a".into()];
    assert_eq!(
        to_vec(&cows).unwrap(),
        structio_beve::to_vec(&cows).unwrap()
    );
}

#[track_caller]
fn round<T: Serialize + DeserializeOwned + PartialEq + Debug>(v: &T) -> Vec<u8> {
    let doc = to_vec(v).unwrap();
    assert_eq!(&from_slice::<T>(&doc).unwrap(), v, "{doc:02x?}");
    doc
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type")]
enum Internal {
    A { x: u8 },
    B(Inner),
    C,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    A(Vec<f32>),
    B { s: String },
    C,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Num(u64),
    Neg(i64),
    Float(f64),
    Text(String),
    List(Vec<u8>),
    Pair(bool, bool),
    Rec { k: String },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Extra {
    x: i32,
    y: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Flat {
    id: u32,
    #[serde(flatten)]
    inner: Extra,
    #[serde(flatten)]
    rest: BTreeMap<String, u32>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Attrs {
    user_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nested: Option<Option<u8>>,
    #[serde(default)]
    count: u32,
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    list: Vec<u8>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Newtype(u64);
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct TupleStruct(i8, String);
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Unit;

#[derive(Deserialize, Debug, PartialEq)]
struct Borrowed<'a> {
    s: &'a str,
    #[serde(borrow)]
    c: Cow<'a, str>,
    #[serde(with = "serde_bytes_like")]
    b: &'a [u8],
}

/// Borrowed bytes through `deserialize_bytes`.
mod serde_bytes_like {
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<&'de [u8], D::Error> {
        <&[u8]>::deserialize(d)
    }
    use serde::Deserialize;
}

#[test]
fn serde_shapes_round_trip() {
    round(&Internal::A { x: 1 });
    round(&Internal::B(Inner {
        id: 2,
        label: "b".into(),
    }));
    round(&Internal::C);
    round(&Adjacent::A(vec![1.0, 2.5]));
    round(&Adjacent::B { s: "s".into() });
    round(&Adjacent::C);
    for u in [
        Untagged::Num(5),
        Untagged::Neg(-5),
        Untagged::Float(0.5),
        Untagged::Text("t".into()),
        Untagged::List(vec![1, 2]),
        Untagged::Pair(true, false),
        Untagged::Rec { k: "v".into() },
    ] {
        round(&u);
    }
    let f = Flat {
        id: 1,
        inner: Extra {
            x: 2,
            y: "l".into(),
        },
        rest: BTreeMap::from([("z".into(), 9)]),
    };
    round(&f);
    round(&Attrs {
        user_name: "u".into(),
        nested: Some(Some(1)),
        count: 2,
        list: vec![],
    });
    round(&Attrs {
        user_name: "u".into(),
        nested: None,
        count: 0,
        list: vec![3],
    });
    round(&Newtype(9));
    round(&TupleStruct(-1, "x".into()));
    round(&Unit);
    round(&std::time::Duration::new(3, 4));
    round(&std::net::IpAddr::from([127, 0, 0, 1]));
    round(&HashMap::<u32, Vec<String>>::from([
        (1, vec!["a".into()]),
        (2, vec![]),
    ]));
    round(&HashMap::<i64, ()>::from([(-1, ())]));
    round(&BTreeMap::<String, Mode>::from([(
        "k".to_string(),
        Mode::Off,
    )]));
    round(&(u128::MAX, i128::MIN, f32::MIN_POSITIVE, 'x'));
    round(&Some(Some(3u8)));
    round(&vec![Some(1.5f64), None]);
    round(&vec![vec![true; 9], vec![]]);
    // Borrowed strings and bytes point into the document.
    let doc = to_vec(&("abc", "def", serde_bytes_value(b"xyz"))).unwrap();
    #[derive(Serialize)]
    struct B<'a> {
        s: &'a str,
        c: &'a str,
        b: serde_bytes_value<'a>,
    }
    let _ = doc;
    let doc = to_vec(&B {
        s: "abc",
        c: "def",
        b: serde_bytes_value(b"xyz"),
    })
    .unwrap();
    let v: Borrowed = from_slice(&doc).unwrap();
    assert_eq!((v.s, &*v.c, v.b), ("abc", "def", &b"xyz"[..]));
    assert!(doc.as_ptr_range().contains(&v.s.as_ptr()));
    assert!(doc.as_ptr_range().contains(&v.b.as_ptr()));
    // serde_json::Value through BEVE (numbers keep their kind).
    let value = serde_json::json!({"a": [1, -2, 2.5, "s", null, true, {"b": []}], "c": {}});
    round(&value);
}

/// Bytes through `serialize_bytes`.
#[allow(non_camel_case_types)]
struct serde_bytes_value<'a>(&'a [u8]);
impl Serialize for serde_bytes_value<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

#[test]
fn typed_arrays_read_into_any_sequence() {
    // Typed, aligned, boolean and string arrays into generic serde sequences.
    let doc = structio_beve::to_beve_aligned(&vec![1.5f64, 2.5]).unwrap();
    assert_eq!(from_slice::<Vec<f64>>(&doc).unwrap(), [1.5, 2.5]);
    let doc = structio_beve::to_vec(&vec![1u8, 2, 3]).unwrap();
    assert_eq!(from_slice::<Vec<u64>>(&doc).unwrap(), [1, 2, 3]);
    assert_eq!(from_slice::<(u8, u8, u8)>(&doc).unwrap(), (1, 2, 3));
    let v: serde_json::Value = from_slice(&doc).unwrap();
    assert_eq!(v, serde_json::json!([1, 2, 3]));
    let doc = structio_beve::to_vec(&vec![true, false]).unwrap();
    assert_eq!(
        from_slice::<serde_json::Value>(&doc).unwrap(),
        serde_json::json!([true, false])
    );
    let doc = structio_beve::to_vec(&vec!["a".to_string()]).unwrap();
    assert_eq!(from_slice::<Vec<&str>>(&doc).unwrap(), ["a"]);
    let doc = structio_beve::to_vec(&BTreeMap::from([(7u16, 1u8)])).unwrap();
    assert_eq!(
        from_slice::<serde_json::Value>(&doc).unwrap(),
        serde_json::json!({"7": 1})
    );
    // Numbers convert as the typed reader converts them.
    let doc = structio_beve::to_vec(&300u16).unwrap();
    assert_eq!(from_slice::<u32>(&doc).unwrap(), 300);
    assert_eq!(
        from_slice::<u8>(&doc).unwrap_err().kind(),
        ErrorKind::NumberOutOfRange
    );
    let doc = structio_beve::to_vec(&vec![1i8, -1]).unwrap();
    assert!(from_slice::<Vec<u8>>(&doc).is_err());
    for (doc, want) in [
        (
            structio_beve::to_vec(&1.5f32).unwrap(),
            serde_json::json!(1.5),
        ),
        (
            structio_beve::to_vec(&-7i16).unwrap(),
            serde_json::json!(-7),
        ),
        (structio_beve::to_vec(&5u128).unwrap(), serde_json::json!(5)),
        (
            structio_beve::to_vec(&u64::MAX).unwrap(),
            serde_json::json!(u64::MAX),
        ),
        (
            structio_beve::to_vec(&structio_beve::Bf16::from_f32(0.5)).unwrap(),
            serde_json::json!(0.5),
        ),
    ] {
        let v: serde_json::Value = from_slice(&doc).unwrap_or_else(|e| panic!("{doc:02x?}: {e}"));
        assert_eq!(v, want);
    }
}

#[derive(Deserialize, Serialize, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[track_caller]
fn fails<'de, T: Deserialize<'de> + Debug>(doc: &'de [u8], kind: ErrorKind, offset: usize) {
    let err = from_slice::<T>(doc).expect_err("an error");
    assert_eq!(
        (err.kind(), err.offset()),
        (kind, offset),
        "{doc:02x?}: {err}"
    );
}

#[test]
fn reading_errors() {
    fails::<u8>(&[], ErrorKind::UnexpectedEnd, 0);
    fails::<u8>(&[0x11, 1, 0], ErrorKind::TrailingBytes, 2);
    fails::<Vec<u8>>(&[0x02, 0x00], ErrorKind::InvalidType("an array"), 0);
    fails::<Vec<u8>>(&[0x7c, 0x00], ErrorKind::InvalidHeader(0x7c), 0);
    fails::<Vec<u8>>(&[0x05, 0x08, 0x11, 1], ErrorKind::UnexpectedEnd, 4);
    fails::<BTreeMap<String, u8>>(&[0x05, 0x00], ErrorKind::InvalidType("an object"), 0);
    fails::<BTreeMap<u8, u8>>(&[0x7b, 0x00], ErrorKind::InvalidHeader(0x7b), 0);
    fails::<BTreeMap<u8, u8>>(&[0xab, 0x00], ErrorKind::InvalidHeader(0xab), 0);
    fails::<(u8,)>(
        &[0x05, 0x08, 0x11, 1, 0x11, 2],
        ErrorKind::TooManyElements,
        4,
    );
    fails::<Strict>(
        &[0x03, 0x08, 0x04, b'a', 0x11, 1, 0x04, b'b', 0x00],
        ErrorKind::UnknownField,
        6,
    );
    fails::<Strict>(&[0x03, 0x00], ErrorKind::MissingField("a"), 0);
    fails::<Mode>(&[0x02, 0x04, b'X'], ErrorKind::UnknownVariant, 0);
    fails::<Mode>(&[0x11, 0], ErrorKind::InvalidType("a string"), 0);
    fails::<Shape>(&[0x03, 0x00], ErrorKind::TooFewElements, 0);
    fails::<Shape>(
        &[0x03, 0x08, 0x0c, b'D', b'o', b't', 0x00],
        ErrorKind::TooManyElements,
        0,
    );
    fails::<Shape>(
        &[0x03, 0x04, 0x0c, b'D', b'o', b't', 0x11, 0],
        ErrorKind::InvalidType("null"),
        6,
    );
    fails::<Shape>(
        &[0x02, 0x18, b'C', b'i', b'r', b'c', b'l', b'e'],
        ErrorKind::Custom("invalid type"),
        0,
    );
    fails::<Shape>(
        &[0x02, 0x10, b'R', b'e', b'c', b't'],
        ErrorKind::Custom("invalid type"),
        0,
    );
    fails::<Untagged>(
        &[0x00],
        ErrorKind::Custom("custom error from a serde type"),
        0,
    );
    assert_eq!(
        from_slice::<Mode>(&[0x03, 0x04, 0x0c, b'O', b'f', b'f', 0x00]).unwrap(),
        Mode::Off
    );
    fails::<Mode>(
        &[0x03, 0x04, 0x0c, b'O', b'f', b'f', 0x11, 0],
        ErrorKind::InvalidType("null"),
        6,
    );
    fails::<char>(
        &[0x02, 0x08, b'a', b'b'],
        ErrorKind::Custom("invalid value"),
        0,
    );
    fails::<serde_json::Value>(&[0x81; 17], ErrorKind::InvalidType("f64"), 0);
    fails::<serde_json::Value>(&[0x05, 0x04, 0x81], ErrorKind::UnexpectedEnd, 3);
    fails::<serde_json::Value>(&[0x06], ErrorKind::InvalidHeader(0x06), 0);
    fails::<serde_json::Value>(&[0xa1, 0], ErrorKind::InvalidHeader(0xa1), 0);
    fails::<serde_json::Value>(
        &[0x84, 0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ErrorKind::InvalidType("f64"),
        0,
    );
    fails::<serde_json::Value>(&[0x5c, 0x64, 0x04, 0x09], ErrorKind::InvalidPadding, 3);
    fails::<serde_json::Value>(&[0x1c, 0x04, 0x02], ErrorKind::InvalidPadding, 2);
    fails::<serde_json::Value>(&[0x3c, 0x04, 0x04, 0xff], ErrorKind::InvalidUtf8, 3);
    fails::<serde_json::Value>(&[0x53, 0x04, 1, 0, 0], ErrorKind::LengthExceedsInput, 1);
    let deep = [0x05, 0x04].repeat(200);
    fails::<serde_json::Value>(&deep, ErrorKind::DepthLimit, 256);
    fails::<serde::de::IgnoredAny>(&[0x05, 0x08, 0x00], ErrorKind::LengthExceedsInput, 1);
    // Bytes from a string, and from a generic array.
    #[derive(Deserialize)]
    struct Bytes<'a>(#[serde(with = "serde_bytes_like")] &'a [u8]);
    let b: Bytes = from_slice(&[0x02, 0x04, b'z']).unwrap();
    assert_eq!(b.0, b"z");
    assert!(from_slice::<Bytes>(&[0x05, 0x00]).is_err());
    let v: Vec<u8> = from_slice(&[0x05, 0x04, 0x11, 9]).unwrap();
    assert_eq!(v, [9]);
    let mut de = structio_beve::serde::Deserializer::from_slice(&[0x00]);
    assert_eq!(de.offset(), 0);
    <()>::deserialize(&mut de).unwrap();
    de.end().unwrap();
}

#[cfg(feature = "alloc")]
#[test]
fn messages() {
    let err = from_slice::<Strict>(&[0x03, 0x04, 0x04, b'z', 0x11, 1]).unwrap_err();
    assert_eq!(err.message(), "unknown field `z`, expected `a`");
    assert_eq!(
        err.to_string(),
        "unknown field `z`, expected `a` at /z, byte 2"
    );
    assert!(format!("{err:?}").contains("UnknownField"));
    let err = from_slice::<Mode>(&[0x02, 0x04, b'X']).unwrap_err();
    assert_eq!(
        err.message(),
        "unknown variant `X`, expected `Off` or `Slow`"
    );
    let err = from_slice::<u8>(&[]).unwrap_err();
    assert_eq!(err.to_string(), "unexpected end of input at byte 0");
    assert_eq!(err.as_beve_error().offset(), 0);
    #[derive(Deserialize, Debug)]
    enum None_ {}
    let err = from_slice::<None_>(&[0x02, 0x04, b'X']).unwrap_err();
    assert_eq!(err.message(), "unknown variant `X`, there are no variants");
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Two {
        _a: Option<u8>,
        _b: Option<u8>,
        _c: Option<u8>,
    }
    let err = from_slice::<Two>(&[0x03, 0x04, 0x04, b'z', 0x11, 1]).unwrap_err();
    assert_eq!(
        err.message(),
        "unknown field `z`, expected one of `_a`, `_b`, `_c`"
    );
    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Empty {}
    let err = from_slice::<Empty>(&[0x03, 0x04, 0x04, b'z', 0x11, 1]).unwrap_err();
    assert_eq!(err.message(), "unknown field `z`, there are no fields");
    let err = from_slice::<(u8, u8)>(&[0x05, 0x04, 0x11, 1]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Custom("invalid length"));
}

/// A `Serialize` impl that announces one length and writes another, or mixes key types.
enum Liar {
    Seq { says: usize, writes: usize },
    Tuple { says: usize, writes: usize },
    Struct { says: usize, writes: usize },
    Map { says: usize, writes: usize },
    MixedKeys(bool),
    Key(KeyKind),
    Custom,
}

#[derive(Clone, Copy)]
enum KeyKind {
    Float,
    Bool,
    Seq,
    Unit,
    Bytes,
    Some,
    Variant,
    Display,
    Char,
    NewtypeStruct,
}

impl Serialize for Liar {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct, SerializeTuple};
        match *self {
            Liar::Seq { says, writes } => {
                let mut seq = s.serialize_seq(Some(says))?;
                for _ in 0..writes {
                    seq.serialize_element(&1u8)?;
                }
                seq.end()
            }
            Liar::Tuple { says, writes } => {
                let mut t = s.serialize_tuple(says)?;
                for _ in 0..writes {
                    t.serialize_element(&1u8)?;
                }
                t.end()
            }
            Liar::Struct { says, writes } => {
                let mut t = s.serialize_struct("S", says)?;
                for _ in 0..writes {
                    t.serialize_field("f", &1u8)?;
                }
                t.end()
            }
            Liar::Map { says, writes } => {
                let mut m = s.serialize_map(Some(says))?;
                for i in 0..writes {
                    m.serialize_entry(&(i as u32), &1u8)?;
                }
                m.end()
            }
            Liar::MixedKeys(known) => {
                let mut m = s.serialize_map(known.then_some(2))?;
                m.serialize_entry("a", &1u8)?;
                m.serialize_entry(&2u32, &1u8)?;
                m.end()
            }
            Liar::Key(kind) => {
                let mut m = s.serialize_map(Some(1))?;
                match kind {
                    KeyKind::Float => m.serialize_key(&1.5f64)?,
                    KeyKind::Bool => m.serialize_key(&true)?,
                    KeyKind::Seq => m.serialize_key(&vec![1u8])?,
                    KeyKind::Unit => m.serialize_key(&())?,
                    KeyKind::Bytes => m.serialize_key(&serde_bytes_value(b"k"))?,
                    KeyKind::Some => m.serialize_key(&Some(1u8))?,
                    KeyKind::Variant => m.serialize_key(&Shape::Circle(1.0))?,
                    KeyKind::Display => m.serialize_key(&Shown("k"))?,
                    KeyKind::Char => m.serialize_key(&'k')?,
                    KeyKind::NewtypeStruct => m.serialize_key(&Newtype(3))?,
                }
                m.serialize_value(&0u8)?;
                m.end()
            }
            Liar::Custom => Err(serde::ser::Error::custom("refused")),
        }
    }
}

/// Through `collect_str`.
struct Shown(&'static str);
impl Serialize for Shown {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self.0)
    }
}

#[test]
fn writing_errors() {
    let mut buf = [0u8; 64];
    let custom = |e: &structio_beve::serde::Error| matches!(e.kind(), ErrorKind::Custom(_));
    for liar in [
        Liar::Seq { says: 1, writes: 2 },
        Liar::Seq { says: 2, writes: 1 },
        Liar::Tuple { says: 1, writes: 2 },
        Liar::Tuple { says: 2, writes: 0 },
        Liar::Struct { says: 0, writes: 1 },
        Liar::Struct { says: 2, writes: 1 },
        Liar::Map { says: 1, writes: 2 },
        Liar::Map { says: 2, writes: 1 },
        Liar::MixedKeys(true),
        Liar::MixedKeys(false),
        Liar::Custom,
    ] {
        let err = to_slice(&liar, &mut buf).unwrap_err();
        assert!(custom(&err), "{err:?}");
    }
    let err = to_slice(&Liar::Custom, &mut buf).unwrap_err();
    assert_eq!(err.offset(), 0);
    for kind in [
        KeyKind::Float,
        KeyKind::Bool,
        KeyKind::Seq,
        KeyKind::Unit,
        KeyKind::Bytes,
        KeyKind::Some,
        KeyKind::Variant,
    ] {
        let err = to_slice(&Liar::Key(kind), &mut buf).unwrap_err();
        assert!(custom(&err), "{err:?}");
    }
    for (kind, doc) in [
        (KeyKind::Display, &[0x03, 0x04, 0x04, b'k', 0x11, 0][..]),
        (KeyKind::Char, &[0x03, 0x04, 0x04, b'k', 0x11, 0]),
        (
            KeyKind::NewtypeStruct,
            &[0x73, 0x04, 3, 0, 0, 0, 0, 0, 0, 0, 0x11, 0],
        ),
    ] {
        let n = to_slice(&Liar::Key(kind), &mut buf).unwrap();
        assert_eq!(&buf[..n], doc);
    }
    // A map without a length: gathered in a buffer (alloc), with integer keys too.
    let doc = to_vec(&Liar::Map { says: 0, writes: 0 }).unwrap();
    assert_eq!(doc, [0x03, 0x00]);
    #[derive(Serialize)]
    struct Flat {
        #[serde(flatten)]
        m: BTreeMap<u16, u8>,
    }
    let doc = to_vec(&Flat {
        m: BTreeMap::from([(1, 2)]),
    })
    .unwrap();
    assert_eq!(
        doc,
        structio_beve::to_vec(&BTreeMap::from([(1u16, 2u8)])).unwrap()
    );
    // A sequence without a length: a generic array.
    struct Unsized;
    impl Serialize for Unsized {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq((0..3u8).filter(|_| true))
        }
    }
    assert_eq!(
        to_vec(&Unsized).unwrap(),
        [0x05, 0x0c, 0x11, 0, 0x11, 1, 0x11, 2]
    );
    // Long `collect_str` text goes through the heap.
    let long = "x".repeat(300);
    let doc = to_vec(&Shown(Box::leak(long.into_boxed_str()))).unwrap();
    assert_eq!(doc.len(), 3 + 300);
}

/// `{:?}` names the kind and the offset (BEVE has no lines) and the serde type's message.
#[test]
fn debug_shows_the_kind_the_offset_and_the_message() {
    let err = from_slice::<bool>(&[]).unwrap_err();
    assert_eq!(
        format!("{err:?}"),
        "Error { kind: UnexpectedEnd, offset: 0 }"
    );
    let bytes = to_vec("ab").unwrap();
    let err = from_slice::<char>(&bytes).unwrap_err();
    assert_eq!(
        format!("{err:?}"),
        r#"Error { kind: Custom("invalid value"), offset: 0, message: "invalid value: string \"ab\", expected a character" }"#
    );
}
