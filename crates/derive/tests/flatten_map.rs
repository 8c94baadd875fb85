//! `#[structio(flatten)]` into a map: the map collects the members the struct does not name
//! on read and its entries are members of the struct's object on write (serde's catch-all),
//! in every format from one derive.

use std::collections::{BTreeMap, HashMap};
use structio_derive::Structio;

#[derive(Structio, Debug, PartialEq, Default)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
struct Config {
    name: String,
    #[structio(flatten)]
    extra: BTreeMap<String, u32>,
}

#[derive(Structio, Debug, PartialEq, Default)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
struct Inner {
    c: u32,
}

/// The catch-all declared first still leaves `c` to `inner`.
#[derive(Structio, Debug, PartialEq, Default)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
struct Both {
    #[structio(flatten)]
    rest: HashMap<String, u32>,
    #[structio(flatten)]
    inner: Inner,
    id: u32,
}

/// A struct holding a catch-all is a catch-all in turn: `d` reaches `more` first.
#[derive(Structio, Debug, PartialEq, Default)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
struct Outer {
    #[structio(flatten)]
    both: Both,
    #[structio(flatten)]
    more: More,
}

#[derive(Structio, Debug, PartialEq, Default)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
struct More {
    d: u32,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor",
    tag = "type"
)]
enum Tagged {
    C(Config),
}

fn config() -> Config {
    Config {
        name: "x".into(),
        extra: BTreeMap::from([("a".into(), 1), ("b".into(), 2)]),
    }
}

#[test]
fn json_text() {
    let c = config();
    let text = structio_json::to_string(&c).unwrap();
    assert_eq!(text, r#"{"name":"x","a":1,"b":2}"#);
    assert_eq!(structio_json::from_str::<Config>(&text).unwrap(), c);
    // Members in any order; none left over is an empty map.
    let c2: Config = structio_json::from_str(r#"{"b":2,"name":"x","a":1}"#).unwrap();
    assert_eq!(c2, c);
    let empty: Config = structio_json::from_str(r#"{"name":"y"}"#).unwrap();
    assert!(empty.extra.is_empty());
    assert_eq!(structio_json::to_string(&empty).unwrap(), r#"{"name":"y"}"#);
    // Pretty output lays the map's members out as the struct's.
    let pretty = structio_json::to_string_pretty(&c).unwrap();
    assert_eq!(
        pretty,
        "{\n   \"name\": \"x\",\n   \"a\": 1,\n   \"b\": 2\n}"
    );
    // read_into reads the whole value.
    let mut into = Config::default();
    structio_json::read_into(&mut into, text.as_bytes()).unwrap();
    assert_eq!(into, c);

    let both: Both = structio_json::from_str(r#"{"z":9,"c":3,"id":4}"#).unwrap();
    assert_eq!((both.inner.c, both.id, both.rest["z"]), (3, 4, 9));
    assert_eq!(both.rest.len(), 1);
    let outer: Outer = structio_json::from_str(r#"{"d":5,"z":9,"c":3,"id":4}"#).unwrap();
    assert_eq!(
        (outer.more.d, outer.both.inner.c, outer.both.rest.len()),
        (5, 3, 1)
    );

    // The tag of an internally tagged variant is not collected.
    let t = Tagged::C(config());
    let text = structio_json::to_string(&t).unwrap();
    assert_eq!(text, r#"{"type":"C","name":"x","a":1,"b":2}"#);
    assert_eq!(structio_json::from_str::<Tagged>(&text).unwrap(), t);
}

#[test]
fn json_errors() {
    // The map's value type still reads strictly; a repeated key follows the reader's policy.
    let e = structio_json::from_str::<Config>(r#"{"name":"x","a":"no"}"#).unwrap_err();
    assert_eq!(e.offset(), 16);
    let text = br#"{"name":"x","a":1,"a":2}"#;
    assert_eq!(
        structio_json::from_slice::<Config>(text).unwrap().extra["a"],
        2
    );
    let opts = structio_json::ReadOptions::new().deny_duplicate_keys(true);
    let e = structio_json::from_slice_with::<Config>(text, opts).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (structio_json::DUPLICATE_KEY, 18));
    // Missing fields of the struct are still missing.
    let e = structio_json::from_str::<Config>(r#"{"a":1}"#).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::MissingField("name"));
}

macro_rules! round_trip_in {
    ($name:ident, $fmt:ident) => {
        #[test]
        fn $name() {
            let c = config();
            let bytes = $fmt::to_vec(&c).unwrap();
            assert_eq!($fmt::from_slice::<Config>(&bytes).unwrap(), c);
            // The same bytes as the struct's members and the map's in one map.
            let flat: BTreeMap<String, Flat> = $fmt::from_slice(&bytes).unwrap();
            assert_eq!(flat.len(), 3);
            let outer = Outer {
                both: Both {
                    rest: HashMap::from([("z".into(), 9)]),
                    inner: Inner { c: 3 },
                    id: 4,
                },
                more: More { d: 5 },
            };
            let bytes = $fmt::to_vec(&outer).unwrap();
            assert_eq!($fmt::from_slice::<Outer>(&bytes).unwrap(), outer);
            let t = Tagged::C(config());
            let bytes = $fmt::to_vec(&t).unwrap();
            assert_eq!($fmt::from_slice::<Tagged>(&bytes).unwrap(), t);
            let empty = Config {
                name: "y".into(),
                extra: BTreeMap::new(),
            };
            let bytes = $fmt::to_vec(&empty).unwrap();
            assert_eq!($fmt::from_slice::<Config>(&bytes).unwrap(), empty);
        }
    };
}

/// A string or a number, to read a struct's members as one map.
#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor",
    untagged
)]
enum Flat {
    S(String),
    N(u32),
}

round_trip_in!(beve, structio_beve);
round_trip_in!(bjdata, structio_bjdata);
round_trip_in!(cbor, structio_cbor);
round_trip_in!(json, structio_json);
