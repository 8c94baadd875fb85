//! The derive against structio-beve: the same shapes and attributes as tests/json.rs, round
//! trips through bytes, the exact bytes of a small struct, zero-copy `Cow` fields.

use std::borrow::Cow;
use structio_beve::{from_slice, to_beve_aligned, to_vec, ErrorKind};
use structio_derive::Beve;

#[derive(Beve, Debug, PartialEq, Clone)]
struct Config<'a> {
    name: &'a str,
    rate_hz: u32,
    gains: [f64; 3],
    enabled: bool,
    note: Option<String>,
}

fn round_trip<'de, T>(v: &T, bytes: &'de mut Vec<u8>) -> T
where
    T: structio_beve::BeveWrite + structio_beve::BeveRead<'de>,
{
    *bytes = to_vec(v).unwrap();
    from_slice(bytes).unwrap()
}

#[test]
fn struct_round_trip() {
    let c = Config {
        name: "pump",
        rate_hz: 100,
        gains: [1.5, 0.25, 0.0],
        enabled: true,
        note: None,
    };
    let bytes = to_vec(&c).unwrap();
    // Object header, five members; the first key is `SIZE` then the bytes.
    assert_eq!(bytes[0], 0x03);
    assert_eq!(&bytes[2..7], b"\x10name");
    let back: Config = from_slice(&bytes).unwrap();
    assert_eq!(back, c);
}

#[derive(Beve, Debug, PartialEq)]
#[structio(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[derive(Beve, Debug, PartialEq)]
struct Loose {
    a: u8,
    b: u8,
}

#[derive(Beve, Debug, PartialEq)]
struct OnlyB {
    b: u8,
}

#[test]
fn missing_unknown_denied() {
    let bytes = to_vec(&Loose { a: 1, b: 2 }).unwrap();
    let e = from_slice::<Strict>(&bytes).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownField);
    let e = from_slice::<Loose>(&to_vec(&OnlyB { b: 1 }).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingField("a"));
    // Unknown keys are skipped by default.
    assert_eq!(from_slice::<OnlyB>(&bytes).unwrap(), OnlyB { b: 2 });
}

#[derive(Beve, Debug, PartialEq, Default)]
#[structio(rename_all = "kebab-case")]
struct Renamed {
    first_name: String,
    #[structio(alias = "years")]
    age: u32,
    #[structio(skip)]
    cache: u64,
    #[structio(skip_serializing_if = "Option::is_none")]
    nick: Option<String>,
    #[structio(default = "seven")]
    lucky: u8,
}

#[derive(Beve)]
struct Aliased {
    #[structio(rename = "first-name")]
    a: String,
    years: u32,
}

fn seven() -> u8 {
    7
}

#[test]
fn attributes() {
    let r = Renamed {
        first_name: "Ada".into(),
        age: 36,
        cache: 9,
        nick: None,
        lucky: 1,
    };
    let mut b = Vec::new();
    let back = round_trip(&r, &mut b);
    assert_eq!(back, Renamed { cache: 0, ..r });
    assert_eq!(b[1], 3 << 2, "nick skipped, cache skipped: three members");
    let bytes = to_vec(&Aliased {
        a: "x".into(),
        years: 3,
    })
    .unwrap();
    let r: Renamed = from_slice(&bytes).unwrap();
    assert_eq!((r.first_name.as_str(), r.age, r.lucky), ("x", 3, 7));
}

#[derive(Beve, Debug, PartialEq)]
struct Inner {
    x: i32,
    y: i32,
}

#[derive(Beve, Debug, PartialEq)]
struct Outer {
    id: u32,
    #[structio(flatten)]
    pos: Inner,
    label: String,
}

#[derive(Beve, Debug, PartialEq)]
struct Pair(u8, String);

#[derive(Beve, Debug, PartialEq)]
struct Meters(f64);

#[derive(Beve, Debug, PartialEq)]
struct Nothing;

#[test]
fn shapes() {
    let mut b = Vec::new();
    let o = Outer {
        id: 1,
        pos: Inner { x: 2, y: 3 },
        label: "p".into(),
    };
    assert_eq!(round_trip(&o, &mut b), o);
    assert_eq!(b[1], 4 << 2, "four members, flattened");
    assert_eq!(
        round_trip(&Pair(1, "a".into()), &mut b),
        Pair(1, "a".into())
    );
    assert_eq!(round_trip(&Meters(1.5), &mut b), Meters(1.5));
    assert_eq!(round_trip(&Nothing, &mut b), Nothing);
    let e = from_slice::<Pair>(&to_vec(&(1u8, "a", 2u8)).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyElements);
}

#[derive(Beve, Debug, PartialEq)]
struct Borrowed<'a> {
    s: Cow<'a, str>,
    f: Cow<'a, [f64]>,
    g: Vec<u16>,
}

#[test]
fn cow_fields_borrow_from_aligned_input() {
    let v = Borrowed {
        s: "plain".into(),
        f: vec![1.0, 2.5, -3.0].into(),
        g: vec![1, 2],
    };
    let bytes = to_beve_aligned(&v).unwrap();
    let back: Borrowed = from_slice(&bytes).unwrap();
    assert_eq!(back, v);
    assert!(matches!(back.s, Cow::Borrowed(_)));
    if (bytes.as_ptr() as usize).is_multiple_of(8) {
        assert!(matches!(back.f, Cow::Borrowed(_)));
    }
}

#[derive(Beve, Debug, PartialEq)]
struct Wrapper<T> {
    items: Vec<T>,
    first: Option<T>,
}

#[test]
fn generic() {
    let mut b = Vec::new();
    let w = Wrapper {
        items: vec![1u16, 2],
        first: Some(3),
    };
    assert_eq!(round_trip(&w, &mut b), w);
}

#[derive(Beve, Debug, PartialEq)]
enum Color {
    Red,
    #[structio(rename = "green")]
    Green,
}

#[derive(Beve, Debug, PartialEq)]
enum External {
    Off,
    On(u8),
    Pair(u8, u8),
    Move { dx: i32, dy: i32 },
}

#[derive(Beve, Debug, PartialEq)]
#[structio(tag = "type")]
enum Internal {
    Ping,
    Move { dx: i32, dy: i32 },
    At(Inner),
}

#[derive(Beve, Debug, PartialEq)]
#[structio(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    One(String),
    Two(u8, u8),
    Named { a: bool },
}

#[derive(Beve, Debug, PartialEq)]
#[structio(untagged)]
enum Untagged {
    Num(f64),
    Text(String),
    Point { x: i32, y: i32 },
}

#[test]
fn enums() {
    let mut b = Vec::new();
    assert_eq!(round_trip(&Color::Green, &mut b), Color::Green);
    assert_eq!(b, to_vec("green").unwrap(), "a unit-only enum is its name");
    for v in [
        External::Off,
        External::On(3),
        External::Pair(1, 2),
        External::Move { dx: -1, dy: 2 },
    ] {
        assert_eq!(round_trip(&v, &mut b), v);
    }
    for v in [
        Internal::Ping,
        Internal::Move { dx: 1, dy: 2 },
        Internal::At(Inner { x: 5, y: 6 }),
    ] {
        assert_eq!(round_trip(&v, &mut b), v);
    }
    for v in [
        Adjacent::Unit,
        Adjacent::One("x".into()),
        Adjacent::Two(1, 2),
        Adjacent::Named { a: true },
    ] {
        assert_eq!(round_trip(&v, &mut b), v);
    }
    for v in [
        Untagged::Num(1.5),
        Untagged::Text("a".into()),
        Untagged::Point { x: 1, y: 2 },
    ] {
        assert_eq!(round_trip(&v, &mut b), v);
    }
    let e = from_slice::<Color>(&to_vec("blue").unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownVariant);
    let e = from_slice::<Untagged>(&to_vec(&true).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NoVariantMatched);
    let e = from_slice::<Internal>(&to_vec(&Inner { x: 1, y: 2 }).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingTag);
}

#[test]
fn version_one_type_tag() {
    // Extension header 0x0e, variant index 1 (SIZE 0x04), then the value: a u8 3.
    let mut bytes = vec![0x0e, 0x04];
    bytes.extend(to_vec(&3u8).unwrap());
    assert_eq!(from_slice::<External>(&bytes).unwrap(), External::On(3));
}

#[test]
fn read_into_reuses_fields() {
    let mut r = Renamed::default();
    let first = to_vec(&Renamed {
        first_name: "Ada Lovelace".into(),
        age: 36,
        ..Default::default()
    })
    .unwrap();
    structio_beve::read_into(&mut r, &first).unwrap();
    let (ptr, cap) = (r.first_name.as_ptr(), r.first_name.capacity());
    let second = to_vec(&Renamed {
        first_name: "Bob".into(),
        age: 1,
        ..Default::default()
    })
    .unwrap();
    structio_beve::read_into(&mut r, &second).unwrap();
    assert_eq!(r.first_name, "Bob");
    assert_eq!((r.first_name.as_ptr(), r.first_name.capacity()), (ptr, cap));
}

#[test]
fn truncated_inputs_error_not_panic() {
    let bytes = to_vec(&Outer {
        id: 1,
        pos: Inner { x: 2, y: 3 },
        label: "p".into(),
    })
    .unwrap();
    for n in 0..bytes.len() {
        assert!(from_slice::<Outer>(&bytes[..n]).is_err());
        let _ = from_slice::<Internal>(&bytes[..n]);
        let _ = from_slice::<Adjacent>(&bytes[..n]);
        let _ = from_slice::<Untagged>(&bytes[..n]);
        let _ = from_slice::<External>(&bytes[..n]);
    }
}
