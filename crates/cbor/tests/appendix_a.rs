//! Every example of RFC 8949 Appendix A (tests/data/appendix_a.json, from the CBOR working
//! group's test vectors): decoded to the expected value, and encoded back to the same bytes
//! where the example is the preferred serialization (`roundtrip`).
#![cfg(feature = "std")]

#[path = "support/dynamic.rs"]
mod dynamic;

use dynamic::{from_hex, parse_diag, to_hex, Dyn};
use structio_cbor::ErrorKind;

struct Example {
    hex: String,
    roundtrip: bool,
    expected: Dyn,
}

fn examples() -> Vec<Example> {
    let text = include_str!("data/appendix_a.json");
    let Dyn::Array(items) = parse_diag(text) else {
        panic!("the file is a JSON array")
    };
    items
        .into_iter()
        .map(|item| {
            let Dyn::Map(fields) = item else {
                panic!("an example is an object")
            };
            let get = |name: &str| {
                fields
                    .iter()
                    .find(|(k, _)| *k == Dyn::Text(name.into()))
                    .map(|(_, v)| v.clone())
            };
            let Some(Dyn::Text(hex)) = get("hex") else {
                panic!("hex")
            };
            let Some(Dyn::Bool(roundtrip)) = get("roundtrip") else {
                panic!("roundtrip")
            };
            let expected = match (get("decoded"), get("diagnostic")) {
                (Some(v), _) => v,
                (None, Some(Dyn::Text(diag))) => parse_diag(&diag),
                _ => panic!("no expected value for {hex}"),
            };
            Example {
                hex,
                roundtrip,
                expected,
            }
        })
        .collect()
}

#[test]
fn every_example_decodes_and_preferred_ones_encode_back() {
    let all = examples();
    assert_eq!(all.len(), 82);
    let mut checked = 0;
    for ex in &all {
        let bytes = from_hex(&ex.hex);
        if ex.hex == "f818" {
            // RFC 7049 listed `simple(24)` as f8 18; RFC 8949 §3.3 made a two-byte simple value
            // below 32 not well-formed, and this reader follows RFC 8949.
            let e = structio_cbor::from_slice::<Dyn>(&bytes).unwrap_err();
            assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidHeader(0xf8), 0));
            assert!(structio_cbor::validate(&bytes).is_err());
            continue;
        }
        let got: Dyn =
            structio_cbor::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", ex.hex));
        assert_eq!(got, ex.expected, "{}", ex.hex);
        structio_cbor::validate(&bytes).unwrap_or_else(|e| panic!("{}: {e}", ex.hex));
        if ex.roundtrip {
            let back = structio_cbor::to_vec(&ex.expected).unwrap();
            assert_eq!(to_hex(&back), ex.hex, "encoding {:?}", ex.expected);
            let det = structio_cbor::to_vec_deterministic(&ex.expected).unwrap();
            assert_eq!(to_hex(&det), ex.hex, "deterministic {:?}", ex.expected);
        } else {
            // The non-preferred examples re-encode to the preferred form, which reads back the same.
            let back = structio_cbor::to_vec(&got).unwrap();
            assert_eq!(structio_cbor::from_slice::<Dyn>(&back).unwrap(), got);
            assert!(back.len() <= bytes.len(), "{} re-encoded longer", ex.hex);
        }
        checked += 1;
    }
    assert_eq!(checked, 81);
}

#[test]
fn typed_destinations_read_the_examples() {
    use std::collections::BTreeMap;
    let h = |s: &str| from_hex(s);
    assert_eq!(
        structio_cbor::from_slice::<u64>(&h("1bffffffffffffffff")).unwrap(),
        u64::MAX
    );
    assert_eq!(
        structio_cbor::from_slice::<u128>(&h("c249010000000000000000")).unwrap(),
        1 << 64
    );
    assert_eq!(
        structio_cbor::from_slice::<i128>(&h("c349010000000000000000")).unwrap(),
        -(1i128 << 64) - 1
    );
    assert_eq!(
        structio_cbor::from_slice::<i128>(&h("3bffffffffffffffff")).unwrap(),
        -(1i128 << 64)
    );
    assert_eq!(
        structio_cbor::from_slice::<f32>(&h("f97bff")).unwrap(),
        65504.0
    );
    assert_eq!(
        structio_cbor::from_slice::<f64>(&h("fa47c35000")).unwrap(),
        100000.0
    );
    assert_eq!(
        structio_cbor::from_slice::<String>(&h("7f657374726561646d696e67ff")).unwrap(),
        "streaming"
    );
    assert_eq!(
        structio_cbor::from_slice::<Vec<u8>>(&h("5f42010243030405ff")).unwrap(),
        [1, 2, 3, 4, 5]
    );
    assert_eq!(
        structio_cbor::from_slice::<(u8, Vec<u8>, [u8; 2])>(&h("9f018202039f0405ffff")).unwrap(),
        (1, vec![2, 3], [4, 5])
    );
    let e = structio_cbor::from_slice::<BTreeMap<String, i8>>(&h("bf6346756ef563416d7421ff"))
        .unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidType("i8"), 5));
    assert_eq!(
        e.to_string(),
        "invalid type: boolean, expected i8 at /Fun, byte 5"
    );
    let m: BTreeMap<&str, (bool, i8)> = BTreeMap::new();
    assert!(m.is_empty());
    let m: BTreeMap<u8, u8> = structio_cbor::from_slice(&h("a201020304")).unwrap();
    assert_eq!(m, BTreeMap::from([(1, 2), (3, 4)]));
    let doc = h("d82076687474703a2f2f7777772e6578616d706c652e636f6d");
    let t: structio_cbor::Tagged<&str> = structio_cbor::from_slice(&doc).unwrap();
    assert_eq!((t.tag, t.value), (32, "http://www.example.com"));
    let doc = h("d818456449455446");
    let e: structio_cbor::Embedded<&str> = structio_cbor::from_slice(&doc).unwrap();
    assert_eq!(e.0, "IETF");
    // A tag a destination does not interpret is passed through.
    assert_eq!(
        structio_cbor::from_slice::<u32>(&h("c11a514b67b0")).unwrap(),
        1363896240
    );
    assert_eq!(
        structio_cbor::from_slice::<f64>(&h("c1fb41d452d9ec200000")).unwrap(),
        1363896240.5
    );
}
