//! `#[derive(Structio)]` for CBOR: every struct shape, every enum tagging, flatten, skip,
//! rename, defaults, generics and borrowing, round-tripped through the exact bytes (the
//! shapes of structio's BEVE and Glaze: structs as maps with text keys, tuples as arrays,
//! enums externally tagged as in JSON); definite and indefinite lengths and chunked keys on
//! read; the derive's errors with their offsets; one type deriving JSON, BEVE and CBOR at
//! once; and, when Python's `cbor2` is installed, the bytes decoded and re-encoded by it.
#![cfg(feature = "std")]

use std::borrow::Cow;

use structio_cbor::{from_slice, to_vec, CborRead, CborWrite, ErrorKind, Reader};
use structio_derive::Structio;

/// Bytes from space-separated hex pairs.
fn hex(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|b| u8::from_str_radix(b, 16).unwrap())
        .collect()
}

fn round_trip<T>(v: &T, want: &str)
where
    T: CborWrite + for<'de> CborRead<'de> + PartialEq + std::fmt::Debug,
{
    let bytes = to_vec(v).unwrap();
    assert_eq!(bytes, hex(want), "{v:?}");
    assert_eq!(&from_slice::<T>(&bytes).unwrap(), v);
    let mut again = from_slice::<T>(&bytes).unwrap();
    again.read_cbor_into(&mut Reader::new(&bytes)).unwrap();
    assert_eq!(&again, v);
}

fn err<T: for<'de> CborRead<'de> + std::fmt::Debug>(doc: &str) -> (ErrorKind, usize) {
    let e = from_slice::<T>(&hex(doc)).unwrap_err();
    (e.kind(), e.offset())
}

#[derive(Structio, Debug, PartialEq, Default)]
#[structio(format = "structio_cbor")]
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

const CONFIG: &str = "a4 64 6e 61 6d 65 64 70 75 6d 70 64 72 61 74 65 18 64 \
    65 67 61 69 6e 73 d8 56 50 00 00 00 00 00 00 f8 3f 00 00 00 00 00 00 d0 bf \
    64 6e 6f 74 65 f6";

fn config() -> Config {
    Config {
        name: "pump".into(),
        rate_hz: 100,
        gains: vec![1.5, -0.25],
        note: None,
        extra: None,
        cache: 0,
    }
}

#[test]
fn named_struct_is_a_map_with_text_keys() {
    // {"name": "pump", "rate": 100, "gains": 86(h'...'), "note": null}
    round_trip(&config(), CONFIG);
    let c = Config {
        extra: Some(-7),
        ..config()
    };
    round_trip(&c, &format!("a5 {} 65 65 78 74 72 61 26", &CONFIG[3..]));
}

#[test]
fn indefinite_maps_chunked_keys_and_tags_are_read() {
    // {_ "rate": 1, "name": (_ "p", "ump"), "gains": [_ 1.5], "zzz": [true]} out of order,
    // with an unknown key, a chunked key and value, an indefinite array of floats.
    let doc = "bf 64 72 61 74 65 01 7f 62 6e 61 62 6d 65 ff 7f 61 70 63 75 6d 70 ff \
               65 67 61 69 6e 73 9f f9 3e 00 ff 63 7a 7a 7a 81 f5 ff";
    let c: Config = from_slice(&hex(doc)).unwrap();
    assert_eq!(
        (c.name.as_str(), c.rate_hz, c.gains, c.note),
        ("pump", 1, vec![1.5], None)
    );
    // A tag before the struct's map is passed over (0xc0 tags anything: 0(...)).
    let c: Config = from_slice(&hex(&format!("c0 {CONFIG}"))).unwrap();
    assert_eq!(c, config());
    // An empty indefinite map: every required field missing.
    assert_eq!(err::<Config>("bf ff"), (ErrorKind::MissingField("name"), 2));
}

#[test]
fn missing_unknown_and_wrong_fields() {
    // {"name": "a"}: rate missing, reported where the map ended.
    assert_eq!(
        err::<Config>("a1 64 6e 61 6d 65 61 61"),
        (ErrorKind::MissingField("rate"), 8)
    );
    // The reader's policy: deny unknown keys, at the key.
    let doc = hex("a1 63 7a 7a 7a f5");
    let mut r = Reader::new(&doc).deny_unknown_fields(true);
    let e = Config::read_cbor(&mut r).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownField, 1));
    // A key that is not text.
    assert_eq!(
        err::<Config>("a1 01 02"),
        (ErrorKind::InvalidType("a string"), 1)
    );
    // A value of the wrong type: "rate": "x".
    assert_eq!(
        err::<Config>("a1 64 72 61 74 65 61 78"),
        (ErrorKind::InvalidType("u32"), 6)
    );
    // Not a map at all.
    assert_eq!(
        err::<Config>("80"),
        (ErrorKind::InvalidType("an object"), 0)
    );
    // Invalid UTF-8 in a key, at the bad byte.
    assert_eq!(err::<Config>("a1 62 61 ff 01"), (ErrorKind::InvalidUtf8, 3));
    // A chunked key longer than the key buffer.
    let long = format!("a1 7f 79 01 01 {} ff 01", "61 ".repeat(257));
    assert_eq!(err::<Config>(&long), (ErrorKind::KeyTooLong, 1));
}

#[test]
fn read_into_reuses_and_fills_defaults() {
    let mut c = Config::default();
    let doc = hex("a2 64 6e 61 6d 65 61 78 64 72 61 74 65 02");
    assert_eq!(
        c.read_cbor_into(&mut Reader::new(&doc)).unwrap_err().kind(),
        ErrorKind::MissingField("gains")
    );
    let doc = hex("a3 64 6e 61 6d 65 61 78 64 72 61 74 65 02 65 67 61 69 6e 73 80");
    c.read_cbor_into(&mut Reader::new(&doc)).unwrap();
    assert_eq!((c.name.as_str(), c.rate_hz), ("x", 2));
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_cbor",
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
        "a2 68 73 65 6e 73 6f 72 49 64 01 65 6c 65 76 65 6c 02",
    );
    let one = "a1 68 73 65 6e 73 6f 72 49 64 01";
    assert_eq!(from_slice::<Strict>(&hex(one)).unwrap().level, 0);
    // {"sensorId": 1, "x": null}: the unknown key's offset.
    let e = err::<Strict>("a2 68 73 65 6e 73 6f 72 49 64 01 61 78 f6");
    assert_eq!(e, (ErrorKind::UnknownField, 11));
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Pair(i32, String);

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Meters(f64);

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Marker;

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Empty();

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Shapes {
    pair: Pair,
    len: Meters,
    marker: Marker,
    maybe: Option<Meters>,
}

#[test]
fn tuple_newtype_and_unit_structs() {
    round_trip(&Pair(-1, "a".into()), "82 20 61 61");
    round_trip(&Meters(2.5), "f9 41 00");
    round_trip(&Marker, "f6");
    round_trip(&Empty(), "80");
    round_trip(
        &Shapes {
            pair: Pair(1, "b".into()),
            len: Meters(0.5),
            marker: Marker,
            maybe: None,
        },
        "a4 64 70 61 69 72 82 01 61 62 63 6c 65 6e f9 38 00 \
         66 6d 61 72 6b 65 72 f6 65 6d 61 79 62 65 f6",
    );
    // `undefined` reads as a unit struct too.
    assert_eq!(from_slice::<Marker>(&[0xf7]).unwrap(), Marker);
    // An absent Option-like newtype field takes the newtype's missing value.
    let s: Shapes = from_slice(&hex(
        "a3 64 70 61 69 72 82 01 61 62 63 6c 65 6e f9 38 00 66 6d 61 72 6b 65 72 f6",
    ))
    .unwrap();
    assert_eq!(s.maybe, None);
}

#[test]
fn tuples_of_either_length_form() {
    // [_ -1, "a"]
    assert_eq!(
        from_slice::<Pair>(&hex("9f 20 61 61 ff")).unwrap(),
        Pair(-1, "a".into())
    );
    assert_eq!(from_slice::<Empty>(&hex("9f ff")).unwrap(), Empty());
    // Definite: the count is checked at the head.
    assert_eq!(err::<Pair>("81 01"), (ErrorKind::TooFewElements, 0));
    assert_eq!(err::<Pair>("83 01 60 f6"), (ErrorKind::TooManyElements, 0));
    assert_eq!(err::<Empty>("81 01"), (ErrorKind::TooManyElements, 0));
    // Indefinite: at the break that comes too soon, or at the head when it does not come.
    assert_eq!(err::<Pair>("9f ff"), (ErrorKind::TooFewElements, 1));
    assert_eq!(err::<Pair>("9f 01 ff"), (ErrorKind::TooFewElements, 2));
    assert_eq!(
        err::<Pair>("9f 01 60 f6 ff"),
        (ErrorKind::TooManyElements, 0)
    );
    assert_eq!(err::<Empty>("9f 01 ff"), (ErrorKind::TooManyElements, 0));
    // Wrong element type, and not an array.
    assert_eq!(
        err::<Pair>("82 01 01"),
        (ErrorKind::InvalidType("a string"), 2)
    );
    assert_eq!(err::<Pair>("a0"), (ErrorKind::InvalidType("an array"), 0));
    // A tuple inside a map, indefinite, with the map going on after it.
    #[derive(Structio, Debug, PartialEq)]
    #[structio(format = "structio_cbor")]
    struct Holder {
        p: Pair,
        n: u8,
    }
    let h: Holder = from_slice(&hex("bf 61 70 9f 02 61 63 ff 61 6e 07 ff")).unwrap();
    assert_eq!(
        h,
        Holder {
            p: Pair(2, "c".into()),
            n: 7
        }
    );
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Inner {
    x: i32,
    y: i32,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
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
    round_trip(&o, "a3 62 69 64 01 61 78 02 61 79 03");
    let o = Outer { tail: Some(4), ..o };
    round_trip(&o, "a4 62 69 64 01 61 78 02 61 79 03 64 74 61 69 6c 04");
    assert_eq!(
        err::<Outer>("a2 62 69 64 01 61 78 02"),
        (ErrorKind::MissingField("y"), 8)
    );
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
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
    round_trip(&External::Off, "63 4f 66 66");
    round_trip(&External::Level(3), "a1 65 4c 65 76 65 6c 03");
    round_trip(&External::Span(1, 2), "a1 64 53 70 61 6e 82 01 02");
    round_trip(
        &External::Named { a: true },
        "a1 65 4e 61 6d 65 64 a1 61 61 f5",
    );
    // Indefinite-length maps and a chunked variant name.
    assert_eq!(
        from_slice::<External>(&hex("bf 7f 62 53 70 62 61 6e ff 9f 01 02 ff ff")).unwrap(),
        External::Span(1, 2)
    );
    assert_eq!(
        from_slice::<External>(&hex("7f 61 4f 62 66 66 ff")).unwrap(),
        External::Off
    );
    assert_eq!(
        err::<External>("64 42 6c 75 65"),
        (ErrorKind::UnknownVariant, 0)
    );
    assert_eq!(err::<External>("a0"), (ErrorKind::UnknownVariant, 1));
    assert_eq!(err::<External>("bf ff"), (ErrorKind::UnknownVariant, 2));
    assert_eq!(
        err::<External>("a1 64 42 6c 75 65 f6"),
        (ErrorKind::UnknownVariant, 1)
    );
    // Two entries: the second is one too many.
    assert_eq!(
        err::<External>("a2 65 4c 65 76 65 6c 03 63 4f 66 66 f6").0,
        ErrorKind::UnknownField
    );
    assert_eq!(
        err::<External>("bf 65 4c 65 76 65 6c 03 63 4f 66 66 f6 ff").0,
        ErrorKind::UnknownField
    );
    assert_eq!(
        to_vec(&External::Hidden).unwrap_err().kind(),
        ErrorKind::UnknownVariant
    );
    // Not a string or a map.
    assert!(from_slice::<External>(&[0x01]).is_err());
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor", tag = "type")]
enum Internal {
    Stop,
    Move { dx: i32 },
    Wrap(Inner),
}

#[test]
fn internally_tagged() {
    round_trip(&Internal::Stop, "a1 64 74 79 70 65 64 53 74 6f 70");
    round_trip(
        &Internal::Move { dx: -2 },
        "a2 64 74 79 70 65 64 4d 6f 76 65 62 64 78 21",
    );
    round_trip(
        &Internal::Wrap(Inner { x: 1, y: 2 }),
        "a3 64 74 79 70 65 64 57 72 61 70 61 78 01 61 79 02",
    );
    // The tag need not come first, in a map of either length form.
    assert_eq!(
        from_slice::<Internal>(&hex("a2 62 64 78 05 64 74 79 70 65 64 4d 6f 76 65")).unwrap(),
        Internal::Move { dx: 5 }
    );
    assert_eq!(
        from_slice::<Internal>(&hex("bf 62 64 78 05 64 74 79 70 65 64 4d 6f 76 65 ff")).unwrap(),
        Internal::Move { dx: 5 }
    );
    assert_eq!(err::<Internal>("a1 62 64 78 05").0, ErrorKind::MissingTag);
    assert_eq!(
        err::<Internal>("a1 64 74 79 70 65 63 42 61 64"),
        (ErrorKind::UnknownVariant, 6)
    );
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor", tag = "t", content = "c")]
enum Adjacent {
    Unit,
    One(String),
    Two(u8, u8),
    Named { a: bool },
}

#[test]
fn adjacently_tagged() {
    round_trip(&Adjacent::Unit, "a1 61 74 64 55 6e 69 74");
    round_trip(
        &Adjacent::One("x".into()),
        "a2 61 74 63 4f 6e 65 61 63 61 78",
    );
    round_trip(&Adjacent::Two(1, 2), "a2 61 74 63 54 77 6f 61 63 82 01 02");
    round_trip(
        &Adjacent::Named { a: false },
        "a2 61 74 65 4e 61 6d 65 64 61 63 a1 61 61 f4",
    );
    // Content first, indefinite tuple inside.
    assert_eq!(
        from_slice::<Adjacent>(&hex("a2 61 63 9f 01 02 ff 61 74 63 54 77 6f")).unwrap(),
        Adjacent::Two(1, 2)
    );
    assert_eq!(
        err::<Adjacent>("a1 61 74 63 4f 6e 65").0,
        ErrorKind::MissingField("c")
    );
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor", untagged)]
enum Untagged {
    Num(f64),
    Text(String),
    Point { x: i32, y: i32 },
    Nothing,
}

#[test]
fn untagged() {
    round_trip(&Untagged::Num(1.5), "f9 3e 00");
    round_trip(&Untagged::Text("a".into()), "61 61");
    round_trip(&Untagged::Point { x: 1, y: 2 }, "a2 61 78 01 61 79 02");
    round_trip(&Untagged::Nothing, "f6");
    assert_eq!(err::<Untagged>("f5"), (ErrorKind::NoVariantMatched, 0));
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Borrowed<'a, T> {
    name: &'a str,
    items: Vec<T>,
    samples: Cow<'a, [f64]>,
}

#[test]
fn generics_and_borrowing() {
    let b = Borrowed {
        name: "abc",
        items: vec![true],
        samples: Cow::Owned(vec![0.5, 2.0]),
    };
    let bytes = to_vec(&b).unwrap();
    // {"name": "abc", "items": [true], "samples": 86(h'...')}
    let want = "a3 64 6e 61 6d 65 63 61 62 63 65 69 74 65 6d 73 81 f5 \
                67 73 61 6d 70 6c 65 73 d8 56 50 \
                00 00 00 00 00 00 e0 3f 00 00 00 00 00 00 00 40";
    assert_eq!(bytes, hex(want));
    let back: Borrowed<'_, bool> = from_slice(&bytes).unwrap();
    assert_eq!(back, b);
    let start = bytes.as_ptr() as usize;
    let inside = |p: usize| (start..start + bytes.len()).contains(&p);
    assert!(inside(back.name.as_ptr() as usize));

    // The typed array's payload at an address aligned for f64: borrowed, not copied.
    let payload_at = bytes.len() - 16;
    let mut buf = vec![0u64; bytes.len() / 8 + 2];
    let raw: &mut [u8] = bytemuck_bytes(&mut buf);
    let shift = (8 - payload_at % 8) % 8;
    raw[shift..shift + bytes.len()].copy_from_slice(&bytes);
    let aligned = &raw[shift..shift + bytes.len()];
    let back: Borrowed<'_, bool> = from_slice(aligned).unwrap();
    assert!(matches!(back.samples, Cow::Borrowed(_)));
    assert_eq!(back.samples.as_ref(), [0.5, 2.0]);
    // One byte later it is misaligned, and copied.
    let mut buf = vec![0u64; bytes.len() / 8 + 2];
    let raw: &mut [u8] = bytemuck_bytes(&mut buf);
    let shift = shift + 1;
    raw[shift..shift + bytes.len()].copy_from_slice(&bytes);
    let back: Borrowed<'_, bool> = from_slice(&raw[shift..shift + bytes.len()]).unwrap();
    assert!(matches!(back.samples, Cow::Owned(_)));
    assert_eq!(back.samples.as_ref(), [0.5, 2.0]);
    // A chunked name cannot be borrowed.
    let chunked =
        hex("a3 64 6e 61 6d 65 7f 61 61 ff 65 69 74 65 6d 73 80 67 73 61 6d 70 6c 65 73 80");
    assert_eq!(
        from_slice::<Borrowed<'_, bool>>(&chunked)
            .unwrap_err()
            .kind(),
        ErrorKind::ChunkedInBorrowed
    );
}

/// The bytes of a `u64` buffer (8-aligned), without unsafe.
fn bytemuck_bytes(buf: &mut [u64]) -> &mut [u8] {
    bytemuck::cast_slice_mut(buf)
}

#[test]
fn long_keys_encode_their_length() {
    #[derive(Structio, Debug, PartialEq)]
    #[structio(format = "structio_cbor")]
    struct Long {
        #[structio(rename = "a_key_that_is_longer_than_ten_and_twenty")]
        v: u8,
    }
    round_trip(
        &Long { v: 1 },
        "a1 78 28 61 5f 6b 65 79 5f 74 68 61 74 5f 69 73 5f 6c 6f 6e 67 65 72 5f \
         74 68 61 6e 5f 74 65 6e 5f 61 6e 64 5f 74 77 65 6e 74 79 01",
    );
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_cbor"
)]
#[structio(tag = "kind")]
enum Shape {
    Circle { r: f64 },
    Rect { w: f64, h: f64 },
    Poly { points: Vec<(i32, i32)> },
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_cbor"
)]
struct Scene {
    shapes: Vec<Shape>,
    origin: (i32, i32),
    label: Option<String>,
}

#[test]
fn one_type_three_formats() {
    let s = Scene {
        shapes: vec![Shape::Circle { r: 1.0 }, Shape::Rect { w: 2.0, h: 0.5 }],
        origin: (3, -4),
        label: Some("x".into()),
    };
    let json = structio_json::to_string(&s).unwrap();
    assert_eq!(structio_json::from_str::<Scene>(&json).unwrap(), s);
    let beve = structio_beve::to_vec(&s).unwrap();
    assert_eq!(structio_beve::from_slice::<Scene>(&beve).unwrap(), s);
    let cbor = to_vec(&s).unwrap();
    assert_eq!(from_slice::<Scene>(&cbor).unwrap(), s);
    // {"shapes": [{"kind": "Circle", "r": 1.0}, {"kind": "Rect", "w": 2.0, "h": 0.5}],
    //  "origin": [3, -4], "label": "x"}
    let want = "a3 66 73 68 61 70 65 73 82 \
                a2 64 6b 69 6e 64 66 43 69 72 63 6c 65 61 72 f9 3c 00 \
                a3 64 6b 69 6e 64 64 52 65 63 74 61 77 f9 40 00 61 68 f9 38 00 \
                66 6f 72 69 67 69 6e 82 03 23 65 6c 61 62 65 6c 61 78";
    assert_eq!(cbor, hex(want));
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
        let e = from_slice::<Outer>(&good[..end]).unwrap_err();
        assert!(
            matches!(
                e.kind(),
                ErrorKind::UnexpectedEnd | ErrorKind::LengthExceedsInput
            ),
            "{end}: {e:?}"
        );
    }
    for bad in [
        "bb ff ff ff ff ff ff ff ff",
        "bf",
        "9f",
        "a1 62 69",
        "a1 7f",
        "a1 7f 61",
        "ff",
        "1c",
    ] {
        let doc = hex(bad);
        assert!(from_slice::<Outer>(&doc).is_err(), "{bad}");
        assert!(from_slice::<Internal>(&doc).is_err(), "{bad}");
        assert!(from_slice::<Untagged>(&doc).is_err(), "{bad}");
        assert!(from_slice::<External>(&doc).is_err(), "{bad}");
        assert!(from_slice::<Pair>(&doc).is_err(), "{bad}");
    }
    // Deep nesting inside a scanned map, and tags piled before a struct.
    let mut deep = hex("a1 61 61");
    deep.extend(std::iter::repeat_n(0x81, 100_000));
    assert_eq!(
        from_slice::<Internal>(&deep).unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
    let mut tags = vec![0xc0; 100_000];
    tags.extend(hex("a0"));
    assert_eq!(
        from_slice::<Outer>(&tags).unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
    assert_eq!(
        from_slice::<External>(&tags).unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
}

/// Sends `docs` to the cbor2 script of `tests/interop_cbor2.rs` to be decoded and written
/// back; per document, `[cbor2.dumps(v), cbor2.dumps(v, canonical=True), untyped]`. `None`
/// (with a message) when `cbor2` is not installed.
fn cbor2_reencode(docs: &[Vec<u8>]) -> Option<Vec<Vec<Vec<u8>>>> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let available = Command::new("python3")
        .args(["-c", "import cbor2"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !available {
        eprintln!("skipped: python3 cannot import cbor2 (pip install cbor2)");
        return None;
    }
    // ["reencode", [h'doc', ...]], written by hand: the request is not a derived type.
    let mut w = structio_cbor::Writer::new(Vec::new());
    w.begin_array(2).unwrap();
    w.write_str("reencode").unwrap();
    w.begin_array(docs.len()).unwrap();
    for d in docs {
        w.write_bytes(d).unwrap();
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/support/cbor2_interop.py"
    );
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&w.into_inner())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "the cbor2 script failed");
    Some(from_slice(&out.stdout).unwrap())
}

/// Fields declared in the order RFC 8949 §4.2.3 sorts their encoded names (length, then
/// bytes), so the derived write is canonical as it stands.
#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Canonical {
    id: u32,
    tag: External,
    gains: Vec<f64>,
    label: String,
    origin: (i32, i32),
    shapes: Vec<External>,
}

#[test]
fn cbor2_reads_what_the_derive_writes() {
    let c = Canonical {
        id: 70_000,
        tag: External::Span(-1, 1),
        gains: vec![0.1, -2.5],
        label: "ü".into(),
        origin: (3, -4),
        shapes: vec![
            External::Off,
            External::Level(3),
            External::Named { a: true },
        ],
    };
    let docs = vec![
        to_vec(&c).unwrap(),
        to_vec(&config()).unwrap(),
        to_vec(&Adjacent::Named { a: true }).unwrap(),
        to_vec(&Untagged::Num(1.5)).unwrap(),
        to_vec(&Internal::Move { dx: -300 }).unwrap(),
        to_vec(&Outer {
            id: 1,
            inner: Inner { x: 2, y: 3 },
            tail: Some(4),
        })
        .unwrap(),
    ];
    let Some(answers) = cbor2_reencode(&docs) else {
        return;
    };
    let [plain, canonical, _] = &answers[0][..] else {
        panic!("three forms per document");
    };
    assert_eq!(from_slice::<Canonical>(plain).unwrap(), c);
    assert_eq!(from_slice::<Canonical>(canonical).unwrap(), c);
    // Written in declaration order, which is canonical order here: byte-identical.
    assert_eq!(canonical, &docs[0]);
    assert_eq!(structio_cbor::to_vec_canonical(&c).unwrap(), docs[0]);
    assert_eq!(from_slice::<Config>(&answers[1][0]).unwrap(), config());
    assert_eq!(
        from_slice::<Adjacent>(&answers[2][0]).unwrap(),
        Adjacent::Named { a: true }
    );
    assert_eq!(
        from_slice::<Untagged>(&answers[3][0]).unwrap(),
        Untagged::Num(1.5)
    );
    assert_eq!(from_slice::<Outer>(&answers[5][1]).unwrap().tail, Some(4));
    // Canonical order puts "dx" before the tag: the tag is scanned for.
    assert_eq!(
        from_slice::<Internal>(&answers[4][1]).unwrap(),
        Internal::Move { dx: -300 }
    );
}

#[test]
fn derive_cbor_finds_the_crate() {
    #[derive(structio_derive::Cbor, Debug, PartialEq)]
    struct Point {
        x: i32,
        y: i32,
    }
    round_trip(&Point { x: 1, y: -2 }, "a2 61 78 01 61 79 21");
}
