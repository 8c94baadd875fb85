//! Errors of derived types name what the destination accepts: a struct's fields for an
//! unknown key, an enum's variants for an unknown name, and the enum itself (with its variants)
//! for a value of another kind. The same in every format, from one derive.

use std::collections::BTreeMap;
use structio_derive::Structio;

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor",
    deny_unknown_fields
)]
struct Strict {
    name: String,
    #[structio(rename = "rate", alias = "hz")]
    rate_hz: u32,
    #[structio(skip)]
    _cache: u8,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
struct Loose {
    name: String,
    rate: u32,
}

/// A document with a member no struct above has.
#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
struct Wider {
    name: String,
    rate: u32,
    extra: u32,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
enum Mode {
    Fast,
    #[structio(rename = "slow", alias = "Slow")]
    Slow,
    #[structio(skip)]
    _Hidden,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
enum Shape {
    Point,
    Circle(f64),
    Rect { w: u32, h: u32 },
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor",
    tag = "type",
    deny_unknown_fields
)]
enum Internal {
    A { x: u8 },
    B,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor",
    deny_unknown_fields
)]
enum Variants {
    V { a: u8, b: u8 },
}

/// `{"type": ty}` plus one more member.
#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
struct Typed {
    #[structio(rename = "type")]
    ty: String,
    y: u8,
}

const STRICT: &[&str] = &["name", "rate"];
const MODE: &[&str] = &["Fast", "slow"];
const SHAPE: &[&str] = &["Point", "Circle", "Rect"];
const INTERNAL: &[&str] = &["A", "B"];

/// Each format: `$write(value) -> bytes`, `$read::<T>(bytes) -> Result<T>`, and `$kind`
/// the format's `ErrorKind` path.
macro_rules! names_in {
    ($name:ident, $fmt:ident, $write:expr, $strict_read:expr) => {
        #[test]
        fn $name() {
            use $fmt::ErrorKind;
            let write = $write;
            fn read<T: for<'de> $fmt::__derive::Read<'de>>(b: &[u8]) -> $fmt::Result<T> {
                $fmt::from_slice(b)
            }
            let wider = write(&Wider {
                name: "n".into(),
                rate: 1,
                extra: 2,
            });

            // deny_unknown_fields: the struct's wire names (not aliases, not skipped fields).
            let e = read::<Strict>(&wider).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::UnknownField);
            assert_eq!(e.expected_one_of(), STRICT);

            // The reader's own policy names them too.
            let e = $strict_read(&wider).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::UnknownField);
            assert_eq!(e.expected_one_of(), ["name", "rate"]);

            // An unknown variant name: the variants' wire names (not skipped ones).
            let e = read::<Mode>(&write(&"medium")).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::UnknownVariant);
            assert_eq!(e.expected_one_of(), MODE);
            let e = read::<Mode>(&write(&"_Hidden")).unwrap_err();
            assert_eq!(e.expected_one_of(), MODE);
            let mut m = BTreeMap::new();
            m.insert("Square".to_string(), 1u8);
            let e = read::<Shape>(&write(&m)).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::UnknownVariant);
            assert_eq!(e.expected_one_of(), SHAPE);
            let e = read::<Shape>(&write(&BTreeMap::<String, u8>::new())).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::UnknownVariant);
            assert_eq!(e.expected_one_of(), SHAPE);

            // A value of another kind: the enum by name, and its variants.
            for bad in [write(&3u8), write(&vec![1u8, 2]), write(&true)] {
                let e = read::<Mode>(&bad).unwrap_err();
                assert_eq!(e.kind(), ErrorKind::InvalidType("enum Mode"));
                assert_eq!(e.expected_one_of(), MODE);
                let e = read::<Shape>(&bad).unwrap_err();
                assert_eq!(e.kind(), ErrorKind::InvalidType("enum Shape"));
                assert_eq!(e.expected_one_of(), SHAPE);
                let e = read::<Internal>(&bad).unwrap_err();
                assert_eq!(e.kind(), ErrorKind::InvalidType("enum Internal"));
                assert_eq!(e.expected_one_of(), INTERNAL);
            }

            // Internally tagged: an unknown tag value names the variants, an unknown member
            // of a struct variant its fields, of a unit variant the tag.
            let z = write(&Typed {
                ty: "Z".into(),
                y: 1,
            });
            let e = read::<Internal>(&z).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::UnknownVariant);
            assert_eq!(e.expected_one_of(), INTERNAL);
            let a = write(&Typed {
                ty: "A".into(),
                y: 1,
            });
            let e = read::<Internal>(&a).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::UnknownField);
            assert_eq!(e.expected_one_of(), ["x"]);
            let b = write(&Typed {
                ty: "B".into(),
                y: 1,
            });
            let e = read::<Internal>(&b).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::UnknownField);
            assert_eq!(e.expected_one_of(), ["type"]);

            // A struct variant's fields.
            let mut inner = BTreeMap::new();
            inner.insert("c".to_string(), 1u8);
            let mut outer = BTreeMap::new();
            outer.insert("V".to_string(), inner);
            let e = read::<Variants>(&write(&outer)).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::UnknownField);
            assert_eq!(e.expected_one_of(), ["a", "b"]);

            // Other errors carry no names, and good documents still read.
            let e = read::<Loose>(&write(&3u8)).unwrap_err();
            assert!(e.expected_one_of().is_empty());
            assert_eq!(read::<Mode>(&write(&"slow")).unwrap(), Mode::Slow);
            assert_eq!(read::<Mode>(&write(&"Slow")).unwrap(), Mode::Slow);
        }
    };
}

names_in!(json, structio_json, |v: &dyn Dyn| v.json(), |b: &[u8]| {
    structio_json::from_slice_with::<Loose>(
        b,
        structio_json::ReadOptions::new().deny_unknown_fields(true),
    )
});
names_in!(beve, structio_beve, |v: &dyn Dyn| v.beve(), |b: &[u8]| {
    let mut r = structio_beve::Reader::new(b).deny_unknown_fields(true);
    <Loose as structio_beve::BeveRead>::read_beve(&mut r)
});
names_in!(
    bjdata,
    structio_bjdata,
    |v: &dyn Dyn| v.bjdata(),
    |b: &[u8]| {
        let mut r = structio_bjdata::Reader::new(b).deny_unknown_fields(true);
        <Loose as structio_bjdata::BjdataRead>::read_bjdata(&mut r)
    }
);
names_in!(cbor, structio_cbor, |v: &dyn Dyn| v.cbor(), |b: &[u8]| {
    let mut r = structio_cbor::Reader::new(b).deny_unknown_fields(true);
    <Loose as structio_cbor::CborRead>::read_cbor(&mut r)
});

/// A value written in each format.
trait Dyn {
    fn json(&self) -> Vec<u8>;
    fn beve(&self) -> Vec<u8>;
    fn bjdata(&self) -> Vec<u8>;
    fn cbor(&self) -> Vec<u8>;
}

impl<T> Dyn for T
where
    T: structio_json::JsonWrite
        + structio_beve::BeveWrite
        + structio_bjdata::BjdataWrite
        + structio_cbor::CborWrite,
{
    fn json(&self) -> Vec<u8> {
        structio_json::to_vec(self).unwrap()
    }
    fn beve(&self) -> Vec<u8> {
        structio_beve::to_vec(self).unwrap()
    }
    fn bjdata(&self) -> Vec<u8> {
        structio_bjdata::to_vec(self).unwrap()
    }
    fn cbor(&self) -> Vec<u8> {
        structio_cbor::to_vec(self).unwrap()
    }
}
