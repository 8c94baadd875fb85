//! Hostile input into `Value`: nesting a million deep in both formats, every prefix and byte
//! mutation, invalid UTF-8, huge numbers, 100,000 duplicate keys; never a panic, and a tree that
//! reads is one that writes and reads back.

use structio_value::{from_beve, from_slice, to_beve, to_vec, Kind, Value, DEFAULT_MAX_DEPTH};

const MILLION: usize = 1_000_000;

const DOCS: &[&[u8]] = &[
    br#"{"a":[1,-2,3.5,1e300,18446744073709551615,-9223372036854775808],"b":{"c":null,"d":true},"e":"x\u00e9\ud83d\ude00"}"#,
    br#"[[],{},"",0,false,[{"k":[["deep"]]}]]"#,
];

/// Both readers over `doc`; what reads writes, and what it writes reads back to the same text.
fn read_all(doc: &[u8]) -> bool {
    let _ = from_beve(doc);
    match from_slice(doc) {
        Ok(v) => {
            structio_json::validate(doc).expect("Value read what validate rejects");
            let w = to_vec(&v);
            assert_eq!(to_vec(&from_slice(&w).unwrap()), w);
            let b = to_beve(&v).unwrap();
            assert_eq!(to_vec(&from_beve(&b).unwrap()), w);
            true
        }
        Err(_) => false,
    }
}

#[test]
fn a_million_deep_in_either_format_is_a_depth_error() {
    let mut json = b"[".repeat(MILLION);
    json.extend(b"]".repeat(MILLION));
    assert!(from_slice(&json).is_err());
    let mut json = b"{\"a\":".repeat(MILLION);
    json.push(b'1');
    json.extend(b"}".repeat(MILLION));
    assert!(from_slice(&json).is_err());
    let mut beve = [0x05u8, 0x04].repeat(MILLION);
    beve.push(0);
    assert!(from_beve(&beve).is_err());
    let mut beve = [0x03u8, 0x04, 0x04, b'a'].repeat(MILLION);
    beve.push(0);
    assert!(from_beve(&beve).is_err());
    // At the limit, the tree reads, clones, compares, writes and drops without overflowing.
    let d = DEFAULT_MAX_DEPTH;
    let mut json = b"[".repeat(d);
    json.extend(b"]".repeat(d));
    let v = from_slice(&json).unwrap();
    let c = v.clone();
    assert_eq!(c, v);
    assert_eq!(to_vec(&v), json);
    let b = to_beve(&v).unwrap();
    assert_eq!(from_beve(&b).unwrap(), v);
    drop((v, c));
    let mut over = b"[".repeat(d + 1);
    over.extend(b"]".repeat(d + 1));
    assert!(from_slice(&over).is_err());
}

#[test]
fn every_prefix_and_every_byte_mutation() {
    let interesting = b"{}[]\":,\\ 019-.etnu\x00\x80\xc3\xff";
    for doc in DOCS {
        assert!(read_all(doc));
        for n in 0..doc.len() {
            assert!(!read_all(&doc[..n]), "prefix of {n} bytes read");
        }
        let beve = to_beve(&from_slice(doc).unwrap()).unwrap();
        for n in 0..beve.len() {
            assert!(from_beve(&beve[..n]).is_err());
        }
        let mut m = doc.to_vec();
        for i in 0..doc.len() {
            for &b in interesting {
                m[i] = b;
                read_all(&m);
            }
            m[i] = doc[i];
        }
        let mut m = beve.clone();
        for i in 0..beve.len() {
            for b in 0..=255u8 {
                m[i] = b;
                if let Ok(v) = from_beve(&m) {
                    let w = to_beve(&v).unwrap();
                    assert_eq!(to_beve(&from_beve(&w).unwrap()).unwrap(), w);
                }
            }
            m[i] = beve[i];
        }
    }
}

#[test]
fn invalid_utf8_is_an_error() {
    for doc in DOCS {
        for i in 0..=doc.len() {
            for bad in [&b"\xff"[..], b"\xc3", b"\xed\xa0\x80", b"\xc0\x80"] {
                let m = [&doc[..i], bad, &doc[i..]].concat();
                assert!(from_slice(&m).is_err(), "{:?}", String::from_utf8_lossy(&m));
            }
        }
    }
    assert!(from_beve(&[0x02, 0x04, 0xff]).is_err());
    assert!(from_beve(&[0x03, 0x04, 0x04, 0xff, 0x00]).is_err());
}

#[test]
fn numbers_of_ten_thousand_digits() {
    let digits = "7".repeat(10_000);
    let v = from_slice(digits.as_bytes());
    // Too big for u64: a float (or an error), never a wrapped integer.
    if let Ok(v) = &v {
        assert_eq!(v.kind(), Kind::F64, "{v:?}");
    }
    let small = format!("0.{digits}");
    let v = from_slice(small.as_bytes()).unwrap();
    assert_eq!(v.as_f64().unwrap(), small.parse::<f64>().unwrap());
    let tiny = format!("[1e-{digits}]");
    assert!(read_all(tiny.as_bytes()));
    let ints = format!("[{},{}]", u64::MAX, i64::MIN);
    let v = from_slice(ints.as_bytes()).unwrap();
    assert_eq!(v[0].as_u64(), Some(u64::MAX));
    assert_eq!(to_vec(&v), ints.as_bytes());
}

#[test]
fn a_hundred_thousand_duplicate_keys_fold_into_one_member_holding_the_last() {
    let n = 100_000;
    let mut doc = String::from("{\"a\":true");
    for i in 0..n {
        doc.push_str(&format!(",\"k\":{i}"));
    }
    doc.push('}');
    let v: Value = from_slice(doc.as_bytes()).unwrap();
    let o = v.as_object().unwrap();
    // As serde_json's Value: one member per key, at its first position, with the last value.
    assert_eq!(o.len(), 2);
    assert_eq!(o.get("k"), Some(&Value::from(n as u64 - 1)));
    assert_eq!(v.pointer("/k"), Some(&Value::from(n as u64 - 1)));
    assert_eq!(
        to_vec(&v),
        format!("{{\"a\":true,\"k\":{}}}", n - 1).as_bytes()
    );
    let b = to_beve(&v).unwrap();
    assert_eq!(from_beve(&b).unwrap(), v);
    // Refused at the second key when asked.
    let opts = structio_value::ReadOptions::new().deny_duplicate_keys(true);
    let err = structio_value::from_slice_with(doc.as_bytes(), opts).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (structio_json::DUPLICATE_KEY, 16)
    );
}

#[test]
fn beve_strings_agree_with_core_utf8_on_verdict_and_offset() {
    // Strings of 1..100 bytes, with a valid or broken multi-byte sequence at every position:
    // the vector check must say what `core::str::from_utf8` says, and the error must point at
    // the first bad byte.
    let pieces: [&[u8]; 9] = [
        "é".as_bytes(),
        "€".as_bytes(),
        "𝄞".as_bytes(),
        b"\xff",
        b"\xc3",
        b"\xed\xa0\x80",
        b"\xc0\x80",
        b"\xf4\x90\x80\x80",
        b"\x80",
    ];
    for len in 1..100usize {
        for at in [0, len / 2, len.saturating_sub(1)] {
            for piece in pieces {
                let mut s = vec![b'a'; len];
                s.splice(at..at, piece.iter().copied());
                let n = s.len();
                // A string header, its size (one byte below 64, else two), the bytes.
                let mut doc = vec![0x02u8];
                if n < 64 {
                    doc.push((n << 2) as u8);
                } else {
                    doc.extend_from_slice(&((n << 2 | 1) as u16).to_le_bytes());
                }
                let head = doc.len();
                doc.extend_from_slice(&s);
                match (core::str::from_utf8(&s), from_beve(&doc)) {
                    (Ok(text), Ok(v)) => assert_eq!(v, text),
                    (Err(e), Err(got)) => assert_eq!(got.offset(), head + e.valid_up_to()),
                    (want, got) => panic!("{s:?}: core says {want:?}, from_beve {got:?}"),
                }
            }
        }
    }
}

/// Offsets into a document are kept as 31 bits: a document of 2 GiB is refused at its start, in
/// either format, before a byte of it is read (the zeroed pages are never touched).
#[test]
fn documents_of_two_gib_are_an_error() {
    let huge = vec![0u8; 1 << 31];
    let e = from_slice(&huge).unwrap_err();
    let msg = "documents of 2 GiB or more are not supported";
    assert_eq!(
        (e.kind(), e.offset()),
        (structio_value::ErrorKind::Custom(msg), 0)
    );
    let e = from_beve(&huge).unwrap_err();
    assert_eq!(
        (e.kind(), e.offset()),
        (structio_value::BeveErrorKind::Custom(msg), 0)
    );
    // One byte less reads as far as BEVE allows: zero is a null, and the rest trails it.
    let e = from_beve(&huge[..(1 << 31) - 1]).unwrap_err();
    assert_eq!(
        (e.kind(), e.offset()),
        (structio_value::BeveErrorKind::TrailingBytes, 1)
    );
}

/// A BEVE boolean array holds eight elements a byte, so a document under 2 GiB can claim more
/// than an `Array` holds (`u32::MAX`): an error at its header, not a capacity panic. The
/// 512 MiB of zeroed pages behind the header are never touched.
#[test]
fn a_beve_boolean_array_past_an_array_s_length_is_an_error() {
    let n: u64 = 1 << 32;
    let mut doc = vec![0u8; 9 + (1 << 29)];
    doc[0] = 0x1c; // a boolean array
    doc[1..9].copy_from_slice(&(n << 2 | 3).to_le_bytes()); // its size, in eight bytes
    let e = from_beve(&doc).unwrap_err();
    assert_eq!(
        (e.kind(), e.offset()),
        (structio_value::BeveErrorKind::TooManyElements, 0)
    );
}
