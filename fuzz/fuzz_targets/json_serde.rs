//! The serde data format (`structio_json::serde`) against serde_json: bytes into a serde
//! struct and into `serde_json::Value`. No panic; on valid UTF-8 the same accept/reject answer
//! and the same value; what structio accepts it writes, and that reads back equal.
//!
//! Documented differences, allowed:
//! - nesting: serde_json stops at 127 levels, so structio reads with `max_depth(127)` here; a
//!   value skipped as an unknown field is limited in structio (`DepthLimit`) and not in
//!   serde_json;
//! - lone surrogate escapes inside a skipped value: structio's skipping validates them
//!   (`LoneSurrogate`), serde_json's does not;
//! - the struct has no signed integer fields: serde_json reads `-0` as a float and refuses it for
//!   an integer, structio reads it as `0`.
#![no_main]

use std::borrow::Cow;
use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use structio_json::{ErrorKind, ReadOptions};

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Record<'a> {
    id: u64,
    #[serde(default)]
    name: String,
    #[serde(borrow, default)]
    tag: Option<Cow<'a, str>>,
    #[serde(default)]
    raw: Option<&'a str>,
    #[serde(default)]
    score: Option<f64>,
    #[serde(default)]
    big: Option<u128>,
    #[serde(default)]
    flags: Vec<bool>,
    #[serde(default)]
    pairs: Vec<(u16, String)>,
    #[serde(default)]
    kind: Option<Kind>,
    #[serde(default)]
    shape: Option<Shape>,
    #[serde(default)]
    any: Vec<Loose>,
    #[serde(default)]
    map: BTreeMap<String, Vec<u32>>,
    #[serde(default)]
    ch: Option<char>,
    #[serde(default)]
    nested: Option<Box<Record<'a>>>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
enum Kind {
    Unit,
    New(u8),
    Tuple(bool, Option<u16>),
    Struct { a: String },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", rename_all = "lowercase")]
enum Shape {
    Dot,
    Circle { r: f64 },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Loose {
    Num(u64),
    Float(f64),
    Text(String),
    List(Vec<Loose>),
    Other(BTreeMap<String, Value>),
}

/// Values equal, floats within a few units in the last place (serde_json without
/// `float_roundtrip` is not always correctly rounded); with `loose`, a float against an integer
/// too (structio writes `0.0` as `0`, which reads back as an integer).
fn close(a: &Value, b: &Value, loose: bool) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y))
            if (x.is_f64() && y.is_f64()) || (loose && (x.is_f64() || y.is_f64())) =>
        {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            x == y || (x - y).abs() <= x.abs().max(y.abs()) * 4.0 * f64::EPSILON
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| close(a, b, loose))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| close(v, w, loose)))
        }
        _ => a == b,
    }
}

fuzz_target!(|data: &[u8]| {
    let opts = ReadOptions::new().max_depth(127);
    let utf8 = std::str::from_utf8(data).is_ok();

    let ours = structio_json::serde::from_slice_with::<Value>(data, opts);
    let theirs = serde_json::from_slice::<Value>(data);
    if utf8 {
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => assert!(close(a, b, false), "values differ: {a} {b}"),
            (Err(_), Err(_)) => {}
            _ => panic!("Value: structio {ours:?}, serde_json {theirs:?}"),
        }
    }
    if let Ok(v) = &ours {
        let text = structio_json::serde::to_vec(v).expect("a Value writes");
        let back: Value =
            serde_json::from_slice(&text).expect("serde_json reads structio's output");
        assert!(close(v, &back, true));
        let again: Value =
            structio_json::serde::from_slice(&text).expect("structio reads its output");
        assert!(close(v, &again, true));
    }

    let ours = structio_json::serde::from_slice_with::<Record>(data, opts);
    let theirs = serde_json::from_slice::<Record>(data);
    if utf8 {
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => {
                // Floats may differ in the last place (see `close`); compare through JSON.
                let (a, b) = (
                    serde_json::to_value(a).unwrap(),
                    serde_json::to_value(b).unwrap(),
                );
                assert!(close(&a, &b, false), "records differ: {a} {b}");
            }
            (Err(_), Err(_)) => {}
            (Err(e), Ok(_))
                if matches!(e.kind(), ErrorKind::DepthLimit | ErrorKind::LoneSurrogate) => {}
            _ => panic!("Record: structio {ours:?}, serde_json {theirs:?}"),
        }
    }
    if let Ok(r) = &ours {
        let text = structio_json::serde::to_vec(r).expect("a record writes");
        let back: Record =
            structio_json::serde::from_slice(&text).expect("structio reads its output");
        assert_eq!(&back, r);
        let mut buf = vec![0u8; text.len()];
        assert_eq!(
            structio_json::serde::to_slice(r, &mut buf).ok(),
            Some(text.len())
        );
        assert_eq!(buf, text);
    }
});
