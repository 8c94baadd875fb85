//! Unit-only enums as map keys: `BTreeMap<Mode, V>` / `HashMap<Mode, V>` read a key as a
//! variant's name (an unknown one is `UnknownVariant` naming the variants) and write the
//! variant's name as the key, in every format from one derive.

use std::collections::{BTreeMap, HashMap};
use structio_derive::Structio;

#[derive(Structio, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor",
    rename_all = "snake_case"
)]
enum Mode {
    Fast,
    #[structio(alias = "slowly")]
    Slow,
    #[structio(skip_serializing)]
    Hidden,
}

/// Names it does not know read as `Other`.
#[derive(Structio, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
enum Level {
    Low,
    #[structio(other)]
    Other,
}

#[derive(Structio, Debug, PartialEq, Default)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    format = "structio_bjdata",
    format = "structio_cbor"
)]
struct Limits {
    per_mode: BTreeMap<Mode, u32>,
    hashed: HashMap<Mode, Vec<u8>>,
}

fn limits() -> Limits {
    Limits {
        per_mode: BTreeMap::from([(Mode::Fast, 10), (Mode::Slow, 1)]),
        hashed: HashMap::from([(Mode::Slow, vec![1, 2])]),
    }
}

#[test]
fn json_text() {
    let m = BTreeMap::from([(Mode::Fast, 1u8), (Mode::Slow, 2)]);
    let text = structio_json::to_string(&m).unwrap();
    assert_eq!(text, r#"{"fast":1,"slow":2}"#);
    assert_eq!(
        structio_json::from_str::<BTreeMap<Mode, u8>>(&text).unwrap(),
        m
    );
    let pretty = structio_json::to_string_pretty(&m).unwrap();
    let by_name = BTreeMap::from([("fast", 1u8), ("slow", 2)]);
    assert_eq!(pretty, structio_json::to_string_pretty(&by_name).unwrap());
    assert_eq!(
        structio_json::from_str::<BTreeMap<Mode, u8>>(&pretty).unwrap(),
        m
    );
    // Aliases and escapes read; the alias is not written.
    let m2: HashMap<Mode, u8> =
        structio_json::from_str(r#"{ "slowly" : 2, "f\u0061st": 1 }"#).unwrap();
    assert_eq!((m2[&Mode::Fast], m2[&Mode::Slow]), (1, 2));
    let l = limits();
    let text = structio_json::to_string(&l).unwrap();
    assert_eq!(
        text,
        r#"{"per_mode":{"fast":10,"slow":1},"hashed":{"slow":[1,2]}}"#
    );
    assert_eq!(structio_json::from_str::<Limits>(&text).unwrap(), l);
    // `other` takes unknown names.
    let lv: BTreeMap<Level, u8> = structio_json::from_str(r#"{"Low":1,"High":2}"#).unwrap();
    assert_eq!(lv, BTreeMap::from([(Level::Low, 1), (Level::Other, 2)]));
}

#[test]
fn json_errors() {
    let e = structio_json::from_str::<BTreeMap<Mode, u8>>(r#"{"fast":1,"medium":2}"#).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::UnknownVariant);
    assert_eq!(e.offset(), 10);
    assert_eq!(e.expected_one_of(), ["fast", "slow", "hidden"]);
    // A repeated variant follows the duplicate-key policy.
    let opts = structio_json::ReadOptions::new().deny_duplicate_keys(true);
    let e = structio_json::from_slice_with::<BTreeMap<Mode, u8>>(br#"{"fast":1,"fast":2}"#, opts)
        .unwrap_err();
    assert_eq!((e.kind(), e.offset()), (structio_json::DUPLICATE_KEY, 10));
    // A variant skipped for writing cannot be written as a key either.
    let e = structio_json::to_string(&BTreeMap::from([(Mode::Hidden, 1u8)])).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::UnknownVariant);
}

macro_rules! keys_in {
    ($name:ident, $fmt:ident) => {
        #[test]
        fn $name() {
            let m = BTreeMap::from([(Mode::Fast, 1u8), (Mode::Slow, 2)]);
            let bytes = $fmt::to_vec(&m).unwrap();
            assert_eq!($fmt::from_slice::<BTreeMap<Mode, u8>>(&bytes).unwrap(), m);
            // The keys are the names: the same bytes read as string keys.
            let names: BTreeMap<String, u8> = $fmt::from_slice(&bytes).unwrap();
            assert_eq!(names["fast"], 1);
            let h: HashMap<Mode, u8> = $fmt::from_slice(&bytes).unwrap();
            assert_eq!(h[&Mode::Slow], 2);
            let l = limits();
            let bytes = $fmt::to_vec(&l).unwrap();
            assert_eq!($fmt::from_slice::<Limits>(&bytes).unwrap(), l);

            let unknown = $fmt::to_vec(&BTreeMap::from([("medium", 1u8)])).unwrap();
            let e = $fmt::from_slice::<BTreeMap<Mode, u8>>(&unknown).unwrap_err();
            assert_eq!(e.kind(), $fmt::ErrorKind::UnknownVariant);
            assert_eq!(e.expected_one_of(), ["fast", "slow", "hidden"]);
            let lv: BTreeMap<Level, u8> = $fmt::from_slice(&unknown).unwrap();
            assert_eq!(lv[&Level::Other], 1);
            let hidden = BTreeMap::from([(Mode::Hidden, 1u8)]);
            assert!($fmt::to_vec(&hidden).is_err());
        }
    };
}

keys_in!(json, structio_json);
keys_in!(beve, structio_beve);
keys_in!(bjdata, structio_bjdata);
keys_in!(cbor, structio_cbor);
