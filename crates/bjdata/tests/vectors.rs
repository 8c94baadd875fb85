//! The BJData Draft 4 vectors (tests/data/vectors.json): accepted inputs decode to the
//! expected JSON value, rejected ones fail with an error (never a panic); pybj's documents
//! decode to their JSON source.
#![cfg(feature = "std")]

#[path = "support/dynamic.rs"]
mod dynamic;

use dynamic::{from_hex, Dyn};
use structio_bjdata::{from_slice, validate};

#[test]
fn vectors() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/vectors.json"
    ))
    .unwrap();
    let vectors: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut checked = 0;
    for v in vectors.as_array().unwrap() {
        let name = v["name"].as_str().unwrap();
        let bytes = from_hex(v["hex"].as_str().unwrap());
        let got = from_slice::<Dyn>(&bytes);
        if v["expect"] == "reject" {
            assert!(got.is_err(), "{name}: accepted {got:?}");
            assert!(validate(&bytes).is_err(), "{name}: validate accepted");
            checked += 1;
            continue;
        }
        let got = got.unwrap_or_else(|e| panic!("{name}: {e}"));
        validate(&bytes).unwrap_or_else(|e| panic!("{name}: validate: {e}"));
        let expected = match name {
            "high_precision" => Dyn::High("3.14159265358979323846".into()),
            "extension_uuid" => Dyn::Ext(10, bytes[5..].to_vec()),
            "extension_complex128" => Dyn::Ext(9, bytes[5..].to_vec()),
            "extension_epoch_s" => Dyn::Ext(1, bytes[5..].to_vec()),
            _ => Dyn::from_json(&serde_json::from_str(v["json"].as_str().unwrap()).unwrap()),
        };
        assert!(
            got.same_json(&expected),
            "{name}: got {got:?}, expected {expected:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 58);
}

#[test]
fn pybj_documents() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/docs");
    for name in ["Tiny", "MediaContent", "CouchDB4k", "TwitterTimeline"] {
        let json = std::fs::read_to_string(format!("{dir}/{name}.json")).unwrap();
        let expected = Dyn::from_json(&serde_json::from_str(&json).unwrap());
        for suffix in ["bjd", "counted.bjd"] {
            let bytes = std::fs::read(format!("{dir}/{name}.{suffix}")).unwrap();
            let got: Dyn = from_slice(&bytes).unwrap_or_else(|e| panic!("{name}.{suffix}: {e}"));
            assert!(got.same_json(&expected), "{name}.{suffix}");
            validate(&bytes).unwrap();
            // Both of structio's encodings read back to the same value.
            for mode in [structio_bjdata::Mode::Speed, structio_bjdata::Mode::Size] {
                let ours = structio_bjdata::to_vec_with(&got, mode).unwrap();
                assert_eq!(from_slice::<Dyn>(&ours).unwrap(), got, "{name} {mode:?}");
            }
        }
    }
}
