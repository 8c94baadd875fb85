//! `Value` from and to CBOR: every example of RFC 8949 Appendix A (the vectors structio-cbor's
//! tests use), random trees round-tripped, typed arrays, bignums, tags passed through, and
//! hostile inputs, each with its error kind and offset.

use structio_testkit::Rng;
use structio_value::{
    from_cbor, to_cbor, to_cbor_into, value, Array, CborErrorKind, Object, Value,
};

/// Bytes from hex digits (spaces allowed).
fn hex(s: &str) -> Vec<u8> {
    let digits: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    digits
        .chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap())
        .collect()
}

/// Equal, floats by their bits (so NaN equals itself and -0.0 differs from 0.0).
fn same(a: &Value, b: &Value) -> bool {
    match (a.as_array(), b.as_array(), a.as_object(), b.as_object()) {
        (Some(x), Some(y), _, _) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same(p, q))
        }
        (_, _, Some(x), Some(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|((k, p), (l, q))| k == l && same(p, q))
        }
        _ if a.is_f64() && b.is_f64() => {
            a.as_f64().map(f64::to_bits) == b.as_f64().map(f64::to_bits)
        }
        _ => a == b,
    }
}

fn err(doc: &str) -> (CborErrorKind, usize) {
    let e = from_cbor(&hex(doc)).unwrap_err();
    (e.kind(), e.offset())
}

#[test]
fn appendix_a() {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cbor/tests/data/appendix_a.json"
    ));
    let examples = structio_value::from_str(text).unwrap();
    let mut checked = 0;
    for ex in examples.as_array().unwrap() {
        let h = ex["hex"].as_str().unwrap();
        let bytes = hex(h);
        let roundtrip = ex["roundtrip"].as_bool().unwrap();
        if let Some(expected) = ex.as_object().unwrap().get("decoded") {
            let v = from_cbor(&bytes).unwrap_or_else(|e| panic!("{h}: {e:?}"));
            // JSON's numbers: an integer past 64 bits is the nearest f64 there too.
            assert!(
                same(&v, expected) || v == *expected,
                "{h}: {v:?} != {expected:?}"
            );
            // An integer past 64 bits comes back as a float: it cannot be written as it was.
            let widened = v.is_f64() && bytes[0] < 0xe0;
            if roundtrip && !widened {
                assert_eq!(to_cbor(&v), bytes, "{h}");
            }
            checked += 1;
            continue;
        }
        let diag = ex["diagnostic"].as_str().unwrap();
        let got = from_cbor(&bytes);
        match diag {
            "Infinity" => assert_eq!(got.unwrap(), f64::INFINITY, "{h}"),
            "-Infinity" => assert_eq!(got.unwrap(), f64::NEG_INFINITY, "{h}"),
            "NaN" => assert!(got.unwrap().as_f64().unwrap().is_nan(), "{h}"),
            "undefined" => assert_eq!(got.unwrap(), Value::NULL),
            // RFC 8949 §3.3: a two-byte simple value below 32 is not well-formed.
            "simple(24)" => assert_eq!(got.unwrap_err().kind(), CborErrorKind::InvalidHeader(0xf8)),
            "simple(16)" | "simple(255)" => {
                let e = got.unwrap_err();
                assert!(matches!(e.kind(), CborErrorKind::Custom(_)), "{h}");
                assert_eq!(e.offset(), 0);
            }
            // Tags are passed through to their content.
            "0(\"2013-03-21T20:04:00Z\")" => assert_eq!(got.unwrap(), "2013-03-21T20:04:00Z"),
            "1(1363896240)" => assert_eq!(got.unwrap(), 1363896240u64),
            "1(1363896240.5)" => assert_eq!(got.unwrap(), 1363896240.5),
            "23(h'01020304')" | "h'01020304'" => assert_eq!(got.unwrap(), value!([1, 2, 3, 4])),
            "24(h'6449455446')" => {
                assert_eq!(got.unwrap(), value!([0x64, 0x49, 0x45, 0x54, 0x46]))
            }
            "32(\"http://www.example.com\")" => {
                assert_eq!(got.unwrap(), "http://www.example.com")
            }
            "h''" => assert_eq!(got.unwrap(), value!([])),
            "{1: 2, 3: 4}" => assert_eq!(got.unwrap(), value!({"1": 2, "3": 4})),
            "(_ h'0102', h'030405')" => assert_eq!(got.unwrap(), value!([1, 2, 3, 4, 5])),
            other => panic!("an example this test does not know: {other}"),
        }
        // Floats keep their bits through a round trip, NaN included.
        if roundtrip && diag.contains("Infinity") || diag == "NaN" && h == "f97e00" {
            assert_eq!(to_cbor(&from_cbor(&bytes).unwrap()), bytes, "{h}");
        }
        checked += 1;
    }
    assert_eq!(checked, 82);
}

#[test]
fn typed_arrays_bignums_and_tags() {
    // 86(h'...') little-endian f64, 82 big-endian f64, 85 LE f32, 84 LE f16, 72 sint8.
    assert_eq!(
        from_cbor(&hex("d8 56 48 000000000000f83f")).unwrap(),
        value!([1.5])
    );
    assert_eq!(
        from_cbor(&hex("d8 52 48 3ff8000000000000")).unwrap(),
        value!([1.5])
    );
    assert_eq!(from_cbor(&hex("d8 55 44 0000c03f")).unwrap(), value!([1.5]));
    assert_eq!(
        from_cbor(&hex("d8 54 44 003e 00bc")).unwrap(),
        value!([1.5, -1.0])
    );
    assert_eq!(
        from_cbor(&hex("d8 48 42 ff 7f")).unwrap(),
        value!([-1, 127])
    );
    // uint16 big-endian (65), sint32 little-endian (78), uint64 little-endian (71).
    assert_eq!(
        from_cbor(&hex("d8 41 44 0102 ffff")).unwrap(),
        value!([258, 65535])
    );
    assert_eq!(from_cbor(&hex("d8 4e 44 feffffff")).unwrap(), value!([-2]));
    assert_eq!(
        from_cbor(&hex("d8 47 48 ffffffffffffffff")).unwrap(),
        value!([u64::MAX])
    );
    // A chunked typed array whose element straddles the chunks.
    assert_eq!(
        from_cbor(&hex("d8 45 5f 41 01 43 00 02 00 ff")).unwrap(),
        value!([1, 2])
    );
    // A partial element, a 128-bit float array: errors at the tag.
    assert_eq!(err("d8 56 43 000000"), (CborErrorKind::TypedArrayLength, 0));
    assert!(matches!(err("d8 57 40").0, CborErrorKind::Custom(_)));
    // A typed tag around something else: passed through.
    assert_eq!(from_cbor(&hex("d8 56 82 01 02")).unwrap(), value!([1, 2]));

    // Bignums: into u64 / i64 when they fit, else the nearest f64.
    assert_eq!(from_cbor(&hex("c2 42 0100")).unwrap(), 256u64);
    assert_eq!(from_cbor(&hex("c3 41 00")).unwrap(), -1i64);
    assert_eq!(from_cbor(&hex("c2 40")).unwrap(), 0u64);
    assert_eq!(
        from_cbor(&hex("c2 49 010000000000000000")).unwrap(),
        18446744073709551616.0
    );
    assert_eq!(
        from_cbor(&hex("c3 48 8000000000000000")).unwrap(),
        -9223372036854775809.0
    );
    assert_eq!(from_cbor(&hex("c3 48 7fffffffffffffff")).unwrap(), i64::MIN);
    let mut long = hex("c2 58 20");
    long.extend([0xff; 32]);
    assert_eq!(from_cbor(&long).unwrap(), 2f64.powi(256));
    // A bignum tag around something else: passed through.
    assert_eq!(from_cbor(&hex("c2 01")).unwrap(), 1u64);
    // Negative integers below -2^63.
    assert_eq!(
        from_cbor(&hex("3b 8000000000000000")).unwrap(),
        -9223372036854775809.0
    );
    // Tags nested, and tags before keys.
    assert_eq!(from_cbor(&hex("c1 c1 c1 01")).unwrap(), 1u64);
    assert_eq!(from_cbor(&hex("a1 c0 61 6b 01")).unwrap(), value!({"k": 1}));
    // Integer keys in decimal, negative and of 64 bits.
    assert_eq!(
        from_cbor(&hex("a2 20 f6 1b ffffffffffffffff f5")).unwrap(),
        value!({"-1": null, "18446744073709551615": true})
    );
    // A duplicated key: one member, the last value (as every Value reader keeps it).
    let v = from_cbor(&hex("a2 61 61 01 61 61 02")).unwrap();
    assert_eq!(v, value!({"a": 2}));
}

#[test]
fn writes_preferred_serialization() {
    assert_eq!(to_cbor(&value!(1.5)), hex("f9 3e00"));
    assert_eq!(to_cbor(&value!(0.1)), hex("fb 3fb999999999999a"));
    assert_eq!(to_cbor(&value!(-1)), hex("20"));
    assert_eq!(to_cbor(&value!(u64::MAX)), hex("1b ffffffffffffffff"));
    assert_eq!(to_cbor(&value!([1, 2.5])), hex("82 01 f9 4100"));
    assert_eq!(to_cbor(&value!([])), hex("80"));
    assert_eq!(to_cbor(&value!({})), hex("a0"));
    // Through a deterministic writer, map keys are sorted.
    let v = value!({"bb": 1, "a": 2});
    assert_eq!(to_cbor(&v), hex("a2 62 6262 01 61 61 02"));
    assert_eq!(
        structio_cbor::to_vec_deterministic(&v).unwrap(),
        hex("a2 61 61 02 62 6262 01")
    );
    let mut out = vec![0x82];
    to_cbor_into(&value!(true), &mut out);
    to_cbor_into(&value!(null), &mut out);
    assert_eq!(out, hex("82 f5 f6"));
}

#[test]
fn value_as_a_field() {
    let doc = hex("82 a1 61 78 9f 01 ff 63 616263");
    let (v, s): (Value, String) = structio_cbor::from_slice(&doc).unwrap();
    assert_eq!(v, value!({"x": [1]}));
    assert_eq!(s, "abc");
    assert_eq!(
        structio_cbor::to_vec(&(v, s)).unwrap(),
        hex("82 a1 61 78 81 01 63 616263")
    );
}

fn random_float(rng: &mut Rng) -> f64 {
    match rng.below(5) {
        0 => *rng.pick(&[
            0.0,
            -0.0,
            1.5,
            65504.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ]),
        1 => f64::from(f32::from_bits(rng.next_u64() as u32)),
        2 => rng.below(1000) as f64 / 8.0,
        _ => f64::from_bits(rng.next_u64()),
    }
}

fn random_string(rng: &mut Rng) -> String {
    let n = rng.below(20) as usize;
    (0..n)
        .map(|_| *rng.pick(&['a', 'z', 'é', '€', '😀', '"', '\0']))
        .collect()
}

fn random_value(rng: &mut Rng, depth: u32) -> Value {
    let leaf = depth >= 5 || rng.below(3) == 0;
    match rng.below(if leaf { 7 } else { 9 }) {
        0 => Value::NULL,
        1 => Value::from(rng.below(2) == 0),
        2 => Value::from(rng.next_u64() >> rng.below(64)),
        3 => Value::from(-((rng.next_u64() >> (rng.below(63) + 1)) as i64) - 1),
        4 => Value::from(random_float(rng)),
        5 | 6 => Value::from(random_string(rng)),
        7 => {
            let n = rng.below(6);
            let mut a = Array::new();
            if rng.below(4) == 0 {
                // All floats: written as one typed array.
                for _ in 0..n {
                    a.push(random_float(rng));
                }
            } else {
                for _ in 0..n {
                    a.push(random_value(rng, depth + 1));
                }
            }
            Value::from(a)
        }
        _ => {
            let mut o = Object::new();
            for _ in 0..rng.below(6) {
                o.insert(&random_string(rng), random_value(rng, depth + 1));
            }
            Value::from(o)
        }
    }
}

#[test]
fn random_trees_round_trip() {
    let mut rng = Rng::new(0xcb0e);
    for i in 0..3000 {
        let v = random_value(&mut rng, 0);
        let bytes = to_cbor(&v);
        let back = from_cbor(&bytes).unwrap_or_else(|e| panic!("tree {i}: {e:?}"));
        assert!(same(&v, &back), "tree {i}: {v:?} != {back:?}");
        // And each of its prefixes is an error, never a panic.
        if i % 50 == 0 {
            for end in 0..bytes.len() {
                assert!(from_cbor(&bytes[..end]).is_err());
            }
        }
    }
}

#[test]
fn hostile_inputs() {
    use CborErrorKind::*;
    let cases: &[(&str, CborErrorKind, usize)] = &[
        ("", UnexpectedEnd, 0),
        ("18", UnexpectedEnd, 1),
        ("1c", InvalidHeader(0x1c), 0),
        ("ff", InvalidHeader(0xff), 0),
        ("fc", InvalidHeader(0xfc), 0),
        ("f8 10", InvalidHeader(0xf8), 0),
        ("f6 f6", TrailingBytes, 1),
        // Lengths past the input, refused at the head before anything is reserved.
        ("9b ffffffffffffffff", LengthExceedsInput, 0),
        ("bb 7fffffffffffffff 01", LengthExceedsInput, 0),
        ("5b ffffffffffffffff", LengthExceedsInput, 0),
        ("7a 7fffffff 61", LengthExceedsInput, 0),
        ("82 01 5a 00010000", LengthExceedsInput, 2),
        ("d8 56 5b 0100000000000000 00", LengthExceedsInput, 2),
        // Unterminated indefinite containers and strings.
        ("9f 01", UnexpectedEnd, 2),
        ("bf 61 61", UnexpectedEnd, 3),
        ("7f 61 61", UnexpectedEnd, 3),
        // A chunk of another major type inside a chunked string.
        ("7f 41 61 ff", InvalidHeader(0x41), 1),
        // Invalid UTF-8, at the bad byte: in a value, a key, a chunk.
        ("63 61 ff 61", InvalidUtf8, 2),
        ("a1 62 c3 28 01", InvalidUtf8, 2),
        ("7f 61 61 62 e2 82 ff", InvalidUtf8, 4),
        // A break where an item is due, and a value missing after a key.
        ("a1 61 61 ff", InvalidHeader(0xff), 3),
        ("82 01 ff", InvalidHeader(0xff), 2),
        // Keys with no Value form.
        ("a1 f5 01", InvalidType("a string"), 1),
        ("a1 80 01", InvalidType("a string"), 1),
        ("a1 41 61 01", InvalidType("a string"), 1),
    ];
    for (doc, kind, offset) in cases {
        assert_eq!(err(doc), (*kind, *offset), "{doc}");
    }
    // Simple values with no Value form, at the item.
    assert!(matches!(err("82 01 f0"), (Custom(_), 2)));
    assert!(matches!(err("f8 ff"), (Custom(_), 0)));
    // Nesting: arrays, maps and tags each count against the depth limit.
    let limit = structio_cbor::DEFAULT_DEPTH_LIMIT as usize;
    let mut ok = vec![0x81; limit - 1];
    ok.push(0x80);
    assert!(from_cbor(&ok).is_ok());
    let mut deep = vec![0x81; limit];
    deep.push(0x80);
    assert_eq!(from_cbor(&deep).unwrap_err().kind(), DepthLimit);
    // A tag is a level until its item ends, as the validator counts it.
    let mut tagged = vec![0x81; limit - 1];
    tagged.extend([0xc6, 0x80]);
    assert_eq!(from_cbor(&tagged).unwrap_err().kind(), DepthLimit);
    assert_eq!(
        structio_cbor::validate(&tagged).unwrap_err().kind(),
        DepthLimit
    );
    let deep = vec![0x9f; 1_000_000];
    assert_eq!(from_cbor(&deep).unwrap_err().kind(), DepthLimit);
    let mut maps = Vec::new();
    for _ in 0..1000 {
        maps.extend(hex("a1 61 61"));
    }
    assert_eq!(from_cbor(&maps).unwrap_err().kind(), DepthLimit);
    let mut tags = vec![0xc6; 1_000_000];
    tags.push(0x01);
    let e = from_cbor(&tags).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (DepthLimit, limit));
}

#[test]
fn a_repeated_key_keeps_its_last_value_as_json_does() {
    // {"a": 1, "b": 0, "a": 2}
    let bytes = [0xa3, 0x61, b'a', 0x01, 0x61, b'b', 0x00, 0x61, b'a', 0x02];
    let v = structio_value::from_cbor(&bytes).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 2);
    assert_eq!(v["a"].as_u64(), Some(2));
    assert!(v == structio_value::from_str(r#"{"a":1,"b":0,"a":2}"#).unwrap());
}
