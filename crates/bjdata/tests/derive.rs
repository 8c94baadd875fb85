//! `#[derive(Structio)]` with `format = "structio_bjdata"`: every struct shape and enum
//! tagging round-trips in both modes, the bytes of the common shapes are pinned, and keys in
//! any order, unknown keys, typed objects and no-ops are read.
#![cfg(feature = "std")]

use structio_bjdata::{from_slice, to_vec, to_vec_with, BjdataRead, BjdataWrite, ErrorKind, Mode};
use structio_derive::Structio;

fn round_trip<T>(v: &T, speed: &[u8])
where
    T: BjdataWrite + for<'de> BjdataRead<'de> + PartialEq + std::fmt::Debug,
{
    let bytes = to_vec(v).unwrap();
    assert_eq!(bytes, speed, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(&from_slice::<T>(&bytes).unwrap(), v);
    let small = to_vec_with(v, Mode::Size).unwrap();
    assert_eq!(&from_slice::<T>(&small).unwrap(), v, "size mode");
    assert!(structio_bjdata::validate(&small).is_ok());
}

#[derive(Structio, Debug, PartialEq, Default)]
#[structio(format = "structio_bjdata")]
struct Config {
    name: String,
    #[structio(rename = "rate")]
    rate_hz: u32,
    gains: Vec<f64>,
    note: Option<String>,
    #[structio(skip_serializing_if = "Option::is_none")]
    extra: Option<i64>,
    #[structio(skip)]
    cache: u8,
}

#[test]
fn named_struct() {
    let c = Config {
        name: "pump".into(),
        rate_hz: 100,
        gains: vec![1.5, -0.25],
        note: None,
        extra: None,
        cache: 0,
    };
    let mut speed =
        b"{#U\x04U\x04nameSU\x04pumpU\x04ratem\x64\x00\x00\x00U\x05gains[$D#U\x02".to_vec();
    speed.extend_from_slice(&1.5f64.to_le_bytes());
    speed.extend_from_slice(&(-0.25f64).to_le_bytes());
    speed.extend_from_slice(b"U\x04noteZ");
    round_trip(&c, &speed);
    let mut size = b"{U\x04nameSU\x04pumpU\x04rateU\x64U\x05gains[d".to_vec();
    size.extend_from_slice(&1.5f32.to_le_bytes());
    size.push(b'd');
    size.extend_from_slice(&(-0.25f32).to_le_bytes());
    size.extend_from_slice(b"]U\x04noteZ}");
    assert_eq!(to_vec_with(&c, Mode::Size).unwrap(), size);
    let c = Config {
        extra: Some(-7),
        ..c
    };
    round_trip(&c, &to_vec(&c).unwrap());
    assert_eq!(to_vec(&c).unwrap()[2..4], *b"U\x05");
}

#[test]
fn any_order_unknown_keys_missing_fields_noops() {
    let doc = b"{NU\x04rateU\x01U\x03zzz[TF]NU\x04nameSU\x01aU\x05gains[$U#U\x01\x02}";
    let c: Config = from_slice(doc).unwrap();
    assert_eq!(
        (c.name.as_str(), c.rate_hz, c.note, c.gains),
        ("a", 1, None, vec![2.0])
    );
    let e = from_slice::<Config>(b"{U\x04nameSU\x01a}").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingField("rate"));
    let mut r = structio_bjdata::Reader::new(b"{U\x03zzzT}").deny_unknown_fields(true);
    let e = Config::read_bjdata(&mut r).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownField, 1));
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Point {
    x: f64,
    y: f64,
}

#[test]
fn typed_objects_read_into_structs() {
    // {$D#2 "x" 1.5 "y" -2}: the values carry no markers.
    let mut doc = b"{$D#U\x02U\x01x".to_vec();
    doc.extend_from_slice(&1.5f64.to_le_bytes());
    doc.extend_from_slice(b"U\x01y");
    doc.extend_from_slice(&(-2f64).to_le_bytes());
    assert_eq!(
        from_slice::<Point>(&doc).unwrap(),
        Point { x: 1.5, y: -2.0 }
    );
    // A vector of them, counted and typed inside.
    let mut list = b"[#U\x02".to_vec();
    list.extend_from_slice(&doc);
    list.extend_from_slice(&doc);
    assert_eq!(from_slice::<Vec<Point>>(&list).unwrap().len(), 2);
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Pair(i32, String);

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Meters(f64);

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Marker;

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Shapes {
    pair: Pair,
    len: Meters,
    marker: Marker,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Trio(u8, u8, u8);

#[test]
fn tuple_newtype_and_unit_structs() {
    round_trip(&Pair(-1, "a".into()), b"[#U\x02l\xff\xff\xff\xffSU\x01a");
    assert_eq!(
        to_vec_with(&Pair(-1, "a".into()), Mode::Size).unwrap(),
        b"[i\xffCa]"
    );
    let s = Shapes {
        pair: Pair(1, "b".into()),
        len: Meters(0.5),
        marker: Marker,
    };
    round_trip(&s, &to_vec(&s).unwrap());
    // Tuples in every array form: counted, ended, typed, with no-ops.
    for doc in [
        &b"[U\x01U\x02U\x03]"[..],
        b"[#U\x03U\x01U\x02U\x03",
        b"[$U#U\x03\x01\x02\x03",
        b"[NU\x01NU\x02U\x03N]",
    ] {
        assert_eq!(from_slice::<Trio>(doc).unwrap(), Trio(1, 2, 3), "{doc:?}");
    }
    let e = from_slice::<Pair>(b"[l\x01\x00\x00\x00]").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooFewElements);
    let e = from_slice::<Pair>(b"[#U\x01l\x01\x00\x00\x00").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::TooFewElements, 0));
    let e = from_slice::<Pair>(b"[U\x01SU\x00Z]").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyElements);
    // Tuples inside tuples, counted outside and ended inside, and the other way.
    let v: (Trio, Pair) = from_slice(b"[#U\x02[U\x01U\x02U\x03][#U\x02U\x05SU\x00").unwrap();
    assert_eq!(v, (Trio(1, 2, 3), Pair(5, String::new())));
    #[derive(Structio, Debug, PartialEq)]
    #[structio(format = "structio_bjdata")]
    struct Nest(Trio, Pair, u8);
    let doc = b"[[$U#U\x03\x01\x02\x03[#U\x02U\x05SU\x00U\x09]";
    assert_eq!(
        from_slice::<Nest>(doc).unwrap(),
        Nest(Trio(1, 2, 3), Pair(5, String::new()), 9)
    );
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Inner {
    x: i32,
    y: i32,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Outer {
    id: u8,
    #[structio(flatten)]
    inner: Inner,
    #[structio(skip_serializing_if = "Option::is_none")]
    tail: Option<u8>,
}

#[test]
fn flatten() {
    let o = Outer {
        id: 1,
        inner: Inner { x: 2, y: 3 },
        tail: None,
    };
    round_trip(
        &o,
        b"{#U\x03U\x02idU\x01U\x01xl\x02\x00\x00\x00U\x01yl\x03\x00\x00\x00",
    );
    let o = Outer { tail: Some(4), ..o };
    round_trip(&o, &to_vec(&o).unwrap());
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
enum External {
    Off,
    Level(u8),
    Span(i32, i32),
    Named { a: bool },
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata", tag = "type")]
enum Internal {
    Stop,
    Move { dx: i32 },
    Wrap(Inner),
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata", tag = "t", content = "c")]
enum Adjacent {
    Unit,
    One(String),
    Two(u8, u8),
    Named { a: bool },
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata", untagged)]
enum Untagged {
    Num(f64),
    Text(String),
    Point { x: i32, y: i32 },
    Nothing,
}

#[test]
fn enums() {
    round_trip(&External::Off, b"SU\x03Off");
    round_trip(&External::Level(3), b"{#U\x01U\x05LevelU\x03");
    round_trip(
        &External::Span(1, 2),
        &to_vec(&External::Span(1, 2)).unwrap(),
    );
    round_trip(
        &External::Named { a: true },
        b"{#U\x01U\x05Named{#U\x01U\x01aT",
    );
    // A one-character variant name written as `C` reads too.
    #[derive(Structio, Debug, PartialEq)]
    #[structio(format = "structio_bjdata")]
    enum Abc {
        A,
        B,
    }
    assert_eq!(from_slice::<Abc>(b"CB").unwrap(), Abc::B);
    assert_eq!(
        from_slice::<External>(b"SU\x04Blue").unwrap_err().kind(),
        ErrorKind::UnknownVariant
    );
    for v in [
        Internal::Stop,
        Internal::Move { dx: -2 },
        Internal::Wrap(Inner { x: 1, y: 2 }),
    ] {
        round_trip(&v, &to_vec(&v).unwrap());
    }
    assert_eq!(
        from_slice::<Internal>(b"{U\x02dxi\x05U\x04typeSU\x04Move}").unwrap(),
        Internal::Move { dx: 5 }
    );
    for v in [
        Adjacent::Unit,
        Adjacent::One("x".into()),
        Adjacent::Two(1, 2),
        Adjacent::Named { a: false },
    ] {
        round_trip(&v, &to_vec(&v).unwrap());
    }
    for v in [
        Untagged::Num(1.5),
        Untagged::Text("a".into()),
        Untagged::Point { x: 1, y: 2 },
        Untagged::Nothing,
    ] {
        round_trip(&v, &to_vec(&v).unwrap());
    }
    assert_eq!(
        from_slice::<Untagged>(b"T").unwrap_err().kind(),
        ErrorKind::NoVariantMatched
    );
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Borrowed<'a, T> {
    name: &'a str,
    items: Vec<T>,
}

#[test]
fn generics_and_borrowing() {
    let doc = b"{U\x04nameSU\x03abcU\x05items[T]}";
    let b: Borrowed<'_, bool> = from_slice(doc).unwrap();
    assert_eq!(b.items, [true]);
    let start = doc.as_ptr() as usize;
    assert!((start..start + doc.len()).contains(&(b.name.as_ptr() as usize)));
}

#[test]
fn long_keys_encode_their_length() {
    #[derive(Structio, Debug, PartialEq)]
    #[structio(format = "structio_bjdata")]
    struct Long {
        #[structio(rename = "a_key_that_is_longer_than_ten")]
        v: u8,
    }
    round_trip(
        &Long { v: 1 },
        b"{#U\x01U\x1da_key_that_is_longer_than_tenU\x01",
    );
}

#[test]
fn read_into_reuses() {
    let mut c = Config::default();
    let doc = to_vec(&Config {
        name: "x".into(),
        rate_hz: 2,
        gains: vec![1.0; 4],
        ..Config::default()
    })
    .unwrap();
    structio_bjdata::read_into(&mut c, &doc).unwrap();
    assert_eq!((c.name.as_str(), c.rate_hz, c.gains.len()), ("x", 2, 4));
}
