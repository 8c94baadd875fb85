//! The BEVE serde data format (`structio_beve::serde`): bytes into a serde struct, into
//! `serde_json::Value` and into a struct that also derives `Beve`. No panic; what it reads it
//! writes, and that reads back equal; for the struct with both derives, the serde path and the
//! typed reader agree on the value whenever both accept, and write the same bytes.
#![no_main]

use std::borrow::Cow;
use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
    big: Option<i128>,
    #[serde(default)]
    flags: Vec<bool>,
    #[serde(default)]
    floats: Vec<f32>,
    #[serde(default)]
    pairs: Vec<(u16, String)>,
    #[serde(default)]
    kind: Option<Kind>,
    #[serde(default)]
    any: Vec<Loose>,
    #[serde(default)]
    by_id: BTreeMap<u32, Vec<u8>>,
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
#[serde(untagged)]
enum Loose {
    Num(u64),
    Float(f64),
    Text(String),
    List(Vec<Loose>),
}

/// Both derives: the serde path and the typed reader side by side.
#[derive(Serialize, Deserialize, structio_derive::Beve, Debug, PartialEq)]
struct Both {
    a: u32,
    b: Vec<f64>,
    c: Vec<String>,
    d: Option<i16>,
    e: BTreeMap<String, bool>,
    f: Vec<Inner>,
}

#[derive(Serialize, Deserialize, structio_derive::Beve, Debug, PartialEq)]
struct Inner {
    x: i64,
    y: Vec<u8>,
}

/// NaN is not equal to itself: compare floats by their bits through the written bytes.
fn same_bytes<T: Serialize>(a: &T, b: &T) -> bool {
    structio_beve::serde::to_vec(a).ok() == structio_beve::serde::to_vec(b).ok()
}

fuzz_target!(|data: &[u8]| {
    if let Ok(r) = structio_beve::serde::from_slice::<Record>(data) {
        let doc = structio_beve::serde::to_vec(&r).expect("a record writes");
        let back: Record = structio_beve::serde::from_slice(&doc).expect("reads its own output");
        assert!(same_bytes(&back, &r));
    }
    if let Ok(v) = structio_beve::serde::from_slice::<Value>(data) {
        let doc = structio_beve::serde::to_vec(&v).expect("a Value writes");
        let back: Value = structio_beve::serde::from_slice(&doc).expect("reads its own output");
        assert_eq!(back, v);
    }
    let via_serde = structio_beve::serde::from_slice::<Both>(data);
    let native = structio_beve::from_slice::<Both>(data);
    if let (Ok(a), Ok(b)) = (&via_serde, &native) {
        assert!(
            same_bytes(a, b),
            "the serde path and the typed reader read different values"
        );
    }
    if let Ok(v) = via_serde.as_ref().or(native.as_ref()) {
        let ours = structio_beve::serde::to_vec(v).expect("writes");
        let theirs = structio_beve::to_vec(v).expect("writes");
        // Empty sequences are the one shape the serde path writes differently (documented).
        if v.b.is_empty() || v.c.is_empty() || v.f.iter().any(|i| i.y.is_empty()) {
            return;
        }
        assert_eq!(ours, theirs, "serde and derive wrote different bytes");
    }
});
