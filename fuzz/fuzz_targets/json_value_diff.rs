//! Differential: `structio_value::from_slice` against serde_json reading `serde_json::Value`
//! (`float_roundtrip` on, `arbitrary_precision` off): on valid UTF-8, the same accept/reject
//! answer and equal values, numbers compared by their bits.
//!
//! Documented differences, filtered out or allowed:
//! - nesting: both stop near 128 levels, but not at the same byte, so inputs either refuses
//!   for depth are skipped;
//! - `-0`: structio keeps the sign (the float `-0.0`), serde_json reads the integer 0;
//! - repeated keys: compared as serde_json keeps them (the last one wins).
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value as Sj;
use structio_json::ErrorKind;
use structio_value::{Kind, Value};

fuzz_target!(|data: &[u8]| {
    if std::str::from_utf8(data).is_err() {
        return;
    }
    let ours = structio_value::from_slice(data);
    let theirs = serde_json::from_slice::<Sj>(data);
    if let Err(e) = &ours {
        if e.kind() == ErrorKind::DepthLimit {
            return;
        }
    }
    if let Err(e) = &theirs {
        if e.to_string().contains("recursion limit") {
            return;
        }
    }
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert!(
            same(a, b),
            "values differ: structio {a:?}, serde_json {b:?} on {:?}",
            String::from_utf8_lossy(data)
        ),
        (Err(_), Err(_)) => {}
        _ => panic!(
            "structio {ours:?}, serde_json {theirs:?} on {:?}",
            String::from_utf8_lossy(data)
        ),
    }
});

fn same(a: &Value, b: &Sj) -> bool {
    match (a.kind(), b) {
        (Kind::Null, Sj::Null) => true,
        (Kind::Bool, Sj::Bool(x)) => a.as_bool() == Some(*x),
        (Kind::String, Sj::String(s)) => a.as_str() == Some(s.as_str()),
        (Kind::U64, Sj::Number(n)) => n.as_u64().is_some() && a.as_u64() == n.as_u64(),
        (Kind::I64, Sj::Number(n)) => n.as_i64().is_some() && a.as_i64() == n.as_i64(),
        (Kind::F64, Sj::Number(n)) => {
            let x = a.as_f64().unwrap();
            if n.is_f64() {
                x.to_bits() == n.as_f64().unwrap().to_bits()
            } else {
                // Only `-0` is a float here and an integer there.
                x.to_bits() == (-0.0f64).to_bits() && n.as_u64() == Some(0)
            }
        }
        (Kind::Array, Sj::Array(v)) => {
            let s = a.as_array().unwrap().as_slice();
            s.len() == v.len() && s.iter().zip(v).all(|(x, y)| same(x, y))
        }
        (Kind::Object, Sj::Object(m)) => {
            // Rebuild ours as serde_json keeps it: key order ignored, the last repeat wins.
            let mut last = std::collections::BTreeMap::new();
            for (k, v) in a.as_object().unwrap().iter() {
                last.insert(k, v);
            }
            last.len() == m.len()
                && last
                    .iter()
                    .all(|(k, v)| m.get(*k).is_some_and(|w| same(v, w)))
        }
        _ => false,
    }
}
