//! `#[derive(Structio)]` on a format that `structio-derive` has never heard of: every struct
//! shape, every enum tagging, flatten, defaults, generics and borrowing, round-tripped through
//! the exact bytes, and the derive's errors with their offsets.

use structio_derive::Structio;
use structio_testfmt::{from_slice, to_vec, ErrorKind, Reader};

fn round_trip<T>(v: &T, text: &[u8])
where
    T: structio_testfmt::DebugWrite
        + for<'de> structio_testfmt::DebugRead<'de>
        + PartialEq
        + std::fmt::Debug,
{
    let bytes = to_vec(v).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&bytes),
        String::from_utf8_lossy(text)
    );
    assert_eq!(&from_slice::<T>(&bytes).unwrap(), v);
}

#[derive(Structio, Debug, PartialEq, Default)]
#[structio(format = "structio_testfmt")]
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
    round_trip(
        &c,
        b"{4:4:names4:pump4:ratei100;5:gains[2:d1.5;d-0.25;]4:noten}",
    );
    let c = Config {
        extra: Some(-7),
        ..c
    };
    round_trip(
        &c,
        b"{5:4:names4:pump4:ratei100;5:gains[2:d1.5;d-0.25;]4:noten5:extrai-7;}",
    );
}

#[test]
fn any_order_unknown_keys_missing_fields() {
    // Out of order (the hash path), an unknown key skipped, an absent Option field.
    let c: Config = from_slice(b"{4:4:ratei1;3:zzz[1:t]4:names1:a5:gains[0:]}").unwrap();
    assert_eq!((c.name.as_str(), c.rate_hz, c.note), ("a", 1, None));
    let e = from_slice::<Config>(b"{1:4:names1:a}").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingField("rate"));
    // The reader's own policy: deny unknown keys, at the key.
    let mut r = Reader::new(b"{1:3:zzzt}").deny_unknown_fields();
    let e = <Config as structio_testfmt::DebugRead>::read_debug(&mut r).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownField, 3));
}

#[test]
fn read_into_reuses_and_fills_defaults() {
    let mut c = Config::default();
    structio_testfmt::DebugRead::read_debug_into(
        &mut c,
        &mut Reader::new(b"{2:4:names1:x4:ratei2;}"),
    )
    .unwrap_err(); // gains is required
    let mut r = Reader::new(b"{3:4:names1:x4:ratei2;5:gains[0:]}");
    structio_testfmt::DebugRead::read_debug_into(&mut c, &mut r).unwrap();
    assert_eq!((c.name.as_str(), c.rate_hz), ("x", 2));
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_testfmt",
    deny_unknown_fields,
    rename_all = "camelCase"
)]
struct Strict {
    sensor_id: u8,
    #[structio(default)]
    level: u8,
}

#[test]
fn deny_unknown_fields_default_and_rename_all() {
    round_trip(
        &Strict {
            sensor_id: 1,
            level: 2,
        },
        b"{2:8:sensorIdi1;5:leveli2;}",
    );
    assert_eq!(from_slice::<Strict>(b"{1:8:sensorIdi1;}").unwrap().level, 0);
    let e = from_slice::<Strict>(b"{2:8:sensorIdi1;1:xn}").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownField, 16));
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
struct Pair(i32, String);

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
struct Meters(f64);

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
struct Marker;

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
struct Shapes {
    pair: Pair,
    len: Meters,
    marker: Marker,
    maybe: Option<Meters>,
}

#[test]
fn tuple_newtype_and_unit_structs() {
    round_trip(&Pair(-1, "a".into()), b"[2:i-1;s1:a]");
    round_trip(&Meters(2.5), b"d2.5;");
    round_trip(&Marker, b"n");
    round_trip(
        &Shapes {
            pair: Pair(1, "b".into()),
            len: Meters(0.5),
            marker: Marker,
            maybe: None,
        },
        b"{4:4:pair[2:i1;s1:b]3:lend0.5;6:markern5:mayben}",
    );
    // A missing Option-like newtype field is the newtype's own missing value.
    let s = from_slice::<Shapes>(b"{3:4:pair[2:i1;s1:b]3:lend0.5;6:markern}").unwrap();
    assert_eq!(s.maybe, None);
    let e = from_slice::<Pair>(b"[1:i1;]").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooFewElements);
    let e = from_slice::<Pair>(b"[3:i1;s0:n]").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyElements);
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
struct Inner {
    x: i32,
    y: i32,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
struct Outer {
    id: u8,
    #[structio(flatten)]
    inner: Inner,
    #[structio(skip_serializing_if = "Option::is_none")]
    tail: Option<u8>,
}

#[test]
fn flatten_counts_and_writes_members_inline() {
    let o = Outer {
        id: 1,
        inner: Inner { x: 2, y: 3 },
        tail: None,
    };
    round_trip(&o, b"{3:2:idi1;1:xi2;1:yi3;}");
    let o = Outer { tail: Some(4), ..o };
    round_trip(&o, b"{4:2:idi1;1:xi2;1:yi3;4:taili4;}");
    let e = from_slice::<Outer>(b"{2:2:idi1;1:xi2;}").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingField("y"));
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
enum External {
    Off,
    Level(u8),
    Span(i32, i32),
    Named {
        a: bool,
    },
    #[structio(skip)]
    Hidden,
}

#[test]
fn externally_tagged() {
    round_trip(&External::Off, b"s3:Off");
    round_trip(&External::Level(3), b"{1:5:Leveli3;}");
    round_trip(&External::Span(1, 2), b"{1:4:Span[2:i1;i2;]}");
    round_trip(&External::Named { a: true }, b"{1:5:Named{1:1:at}}");
    // The format names a variant by index too, and the derive takes it.
    assert_eq!(
        from_slice::<External>(b"#1:i9;").unwrap(),
        External::Level(9)
    );
    let e = from_slice::<External>(b"#7:n").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownVariant, 0));
    let e = from_slice::<External>(b"s4:Blue").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownVariant, 0));
    let e = from_slice::<External>(b"{0:}").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownVariant);
    let e = from_slice::<External>(b"{2:5:Leveli3;3:Offn}").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownField);
    assert_eq!(
        to_vec(&External::Hidden).unwrap_err().kind(),
        ErrorKind::UnknownVariant
    );
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt", tag = "type")]
enum Internal {
    Stop,
    Move { dx: i32 },
    Wrap(Inner),
}

#[test]
fn internally_tagged() {
    round_trip(&Internal::Stop, b"{1:4:types4:Stop}");
    round_trip(&Internal::Move { dx: -2 }, b"{2:4:types4:Move2:dxi-2;}");
    round_trip(
        &Internal::Wrap(Inner { x: 1, y: 2 }),
        b"{3:4:types4:Wrap1:xi1;1:yi2;}",
    );
    // The tag need not come first.
    assert_eq!(
        from_slice::<Internal>(b"{2:2:dxi5;4:types4:Move}").unwrap(),
        Internal::Move { dx: 5 }
    );
    let e = from_slice::<Internal>(b"{1:2:dxi5;}").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingTag);
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt", tag = "t", content = "c")]
enum Adjacent {
    Unit,
    One(String),
    Two(u8, u8),
    Named { a: bool },
}

#[test]
fn adjacently_tagged() {
    round_trip(&Adjacent::Unit, b"{1:1:ts4:Unit}");
    round_trip(&Adjacent::One("x".into()), b"{2:1:ts3:One1:cs1:x}");
    round_trip(&Adjacent::Two(1, 2), b"{2:1:ts3:Two1:c[2:i1;i2;]}");
    round_trip(&Adjacent::Named { a: false }, b"{2:1:ts5:Named1:c{1:1:af}}");
    let e = from_slice::<Adjacent>(b"{1:1:ts3:One}").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingField("c"));
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt", untagged)]
enum Untagged {
    Num(f64),
    Text(String),
    Point { x: i32, y: i32 },
    Nothing,
}

#[test]
fn untagged() {
    round_trip(&Untagged::Num(1.5), b"d1.5;");
    round_trip(&Untagged::Text("a".into()), b"s1:a");
    round_trip(&Untagged::Point { x: 1, y: 2 }, b"{2:1:xi1;1:yi2;}");
    round_trip(&Untagged::Nothing, b"n");
    let e = from_slice::<Untagged>(b"t").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NoVariantMatched, 0));
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
struct Borrowed<'a, T> {
    name: &'a str,
    items: Vec<T>,
}

#[test]
fn generics_and_borrowing() {
    let text = b"{2:4:names3:abc5:items[1:t]}";
    let b: Borrowed<'_, bool> = from_slice(text).unwrap();
    assert_eq!((b.name, b.items.as_slice()), ("abc", &[true][..]));
    let start = text.as_ptr() as usize;
    assert!((start..start + text.len()).contains(&(b.name.as_ptr() as usize)));
    assert_eq!(to_vec(&b).unwrap(), text);
}

#[test]
fn long_keys_encode_their_length() {
    #[derive(Structio, Debug, PartialEq)]
    #[structio(format = "structio_testfmt")]
    struct Long {
        #[structio(rename = "a_key_that_is_longer_than_ten")]
        v: u8,
    }
    round_trip(&Long { v: 1 }, b"{1:29:a_key_that_is_longer_than_teni1;}");
}

#[test]
fn hostile_inputs_error_not_panic() {
    let good = to_vec(&Outer {
        id: 1,
        inner: Inner { x: 2, y: 3 },
        tail: Some(4),
    })
    .unwrap();
    for end in 0..good.len() {
        assert!(from_slice::<Outer>(&good[..end]).is_err());
    }
    for bad in [
        &b"{9999999999999999999999:"[..],
        b"{5:",
        b"[1:",
        b"#",
        b"{1:2:id",
        b"{1:9:id",
    ] {
        assert!(from_slice::<Outer>(bad).is_err());
        assert!(from_slice::<Internal>(bad).is_err());
        assert!(from_slice::<Untagged>(bad).is_err());
    }
    let deep = "[1:".repeat(100_000);
    assert_eq!(
        from_slice::<Internal>(format!("{{1:1:a{deep}").as_bytes())
            .unwrap_err()
            .kind(),
        ErrorKind::DepthLimit
    );
}
