//! Hostile input: whatever the bytes, every reader returns a value or an error, never a panic,
//! an unbounded recursion or an allocation out of proportion to the input.
#![cfg(feature = "std")]

use std::collections::{BTreeMap, HashMap};

use structio_json::{
    from_slice, minify, pointer, prettify, read_into, skip_value, to_vec, validate, ErrorKind,
    PrettyOptions, RawValue,
};

const MILLION: usize = 1_000_000;

/// Valid documents that cover every token kind, used for truncation, mutation and UTF-8 damage.
const DOCS: &[&[u8]] = &[
    br#"{"name":"pump","rate":100,"gains":[1.5,-0.25,0,1e3,2E-2],"on":true,"off":false,"none":null}"#,
    br#"[{"a":"x\"y\\z\u00e9\ud83d\ude00\n"},[],{},[[1],[2,{"b":[null]}]],"caf\u00e9 \u20ac"]"#,
    b" { \"k\" : [ 1 , 2.5 , \"s\" ] , \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\" : -0 } ",
    b"123456789012345678",
    br#""just a string""#,
];

/// Every whole-document reader of this crate over `doc`: none may panic, and those that check
/// the whole grammar agree with `validate`.
fn all_readers(doc: &[u8]) -> bool {
    let valid = validate(doc).is_ok();
    assert_eq!(
        RawValue::from_slice(doc).is_ok(),
        valid,
        "RawValue on {doc:?}"
    );
    let mut out = Vec::new();
    let minified = minify(doc, &mut out).is_ok();
    let pretty = prettify(doc, &mut out, &PrettyOptions::default()).is_ok();
    // One grammar: the copying tools accept exactly what validate accepts.
    assert_eq!(minified, valid, "minify disagrees with validate on {doc:?}");
    assert_eq!(pretty, valid, "prettify disagrees with validate on {doc:?}");
    let _ = skip_value(doc, 0, 1024);
    // The empty pointer reads the whole document: it accepts exactly what validate accepts.
    assert_eq!(pointer(doc, "").is_ok(), valid, "pointer \"\" on {doc:?}");
    let _ = pointer(doc, "/name");
    let _ = pointer(doc, "/0/a");
    let _ = from_slice::<Vec<String>>(doc);
    let _ = from_slice::<BTreeMap<String, String>>(doc);
    let _ = from_slice::<(String, f64, bool)>(doc);
    let _ = from_slice::<u64>(doc);
    let _ = from_slice::<f64>(doc);
    let _ = from_slice::<&str>(doc);
    let _ = from_slice::<Option<Vec<Option<BTreeMap<String, Vec<f64>>>>>>(doc);
    valid
}

fn deep(open: &[u8], inner: &[u8], close: &[u8], depth: usize) -> Vec<u8> {
    let mut v = Vec::with_capacity(depth * (open.len() + close.len()) + inner.len());
    for _ in 0..depth {
        v.extend_from_slice(open);
    }
    v.extend_from_slice(inner);
    for _ in 0..depth {
        v.extend_from_slice(close);
    }
    v
}

#[test]
fn nesting_a_million_deep_is_a_depth_error() {
    for doc in [
        deep(b"[", b"", b"]", MILLION),
        deep(b"{\"a\":", b"1", b"}", MILLION),
        deep(b"[{\"a\":", b"1", b"}]", MILLION / 2),
        deep(b"[", b"", b"", MILLION),
        deep(b"", b"", b"]", MILLION),
    ] {
        let e = validate(&doc).unwrap_err();
        assert!(
            matches!(
                e.kind(),
                ErrorKind::DepthLimit | ErrorKind::TrailingCharacters | ErrorKind::ExpectedValue
            ),
            "{e:?}"
        );
        assert!(!all_readers(&doc));
        // The typed reader skipping an unknown member skips with the same limit.
        let mut member = b"{\"skip\":".to_vec();
        member.extend_from_slice(&doc);
        member.extend_from_slice(b",\"x\":1}");
        assert!(from_slice::<BTreeMap<String, u8>>(&member).is_err());
        assert!(pointer(&member, "/x").is_err());
    }
    // Just inside the shared limit is fine everywhere, one level past it fails everywhere:
    // the text tools, the skip inside a typed read and the typed read itself agree.
    let ok = deep(b"[", b"", b"]", 128);
    assert!(all_readers(&ok));
    assert!(minify(&ok, &mut Vec::new()).is_ok());
    let too_deep = deep(b"[", b"", b"]", 129);
    assert!(!all_readers(&too_deep));
    let mut out = Vec::new();
    assert_eq!(
        validate(&too_deep).unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
    assert_eq!(
        minify(&too_deep, &mut out).unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
    let pretty = prettify(&too_deep, &mut out, &PrettyOptions::default());
    assert_eq!(pretty.unwrap_err().kind(), ErrorKind::DepthLimit);
    assert_eq!(
        RawValue::from_slice(&too_deep).unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
    assert_eq!(
        pointer(&too_deep, "").unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
    let skipped = structio_json::Reader::new(&too_deep)
        .skip_value()
        .unwrap_err();
    assert_eq!(skipped.kind(), ErrorKind::DepthLimit);
    let typed = from_slice::<Vec<Vec<u8>>>(&too_deep);
    assert!(typed.is_err());
}

#[test]
fn every_prefix_errors_cleanly_or_is_a_shorter_document() {
    for doc in DOCS {
        assert!(all_readers(doc), "{:?}", String::from_utf8_lossy(doc));
        for n in 0..doc.len() {
            let prefix = &doc[..n];
            if all_readers(prefix) {
                // The only valid prefixes of these documents are shorter numbers, or the whole
                // document short of its trailing whitespace.
                let t = String::from_utf8_lossy(prefix);
                let t = t.trim();
                let whole = String::from_utf8_lossy(doc);
                assert!(
                    t == whole.trim() || (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())),
                    "prefix {t:?} validated"
                );
            } else {
                let e = validate(prefix).unwrap_err();
                assert!(e.offset() <= n, "{e:?} past the end of {n} bytes");
            }
        }
    }
}

#[test]
fn every_single_byte_mutation() {
    // The byte values that matter to a JSON reader, plus a spread of the rest.
    let mut bytes: Vec<u8> = b"{}[]\":,\\/ \t\r\n0123456789-+.eEtrufalsn\x00\x1f\x7f".to_vec();
    bytes.extend([0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xed, 0xf0, 0xf4, 0xf5, 0xff]);
    for doc in DOCS {
        let mut m = doc.to_vec();
        for i in 0..doc.len() {
            for &b in &bytes {
                m[i] = b;
                all_readers(&m);
            }
            m[i] = doc[i];
        }
    }
}

#[test]
fn invalid_utf8_at_every_position_is_an_error() {
    let bad: &[&[u8]] = &[
        b"\xff",
        b"\x80",
        b"\xc3",             // a lead byte without its continuation
        b"\xc0\x80",         // overlong NUL
        b"\xed\xa0\x80",     // a UTF-16 surrogate encoded in UTF-8
        b"\xf4\x90\x80\x80", // past U+10FFFF
        b"\xe2\x82",         // cut short
    ];
    for doc in DOCS {
        for i in 0..=doc.len() {
            for b in bad {
                let mut m = doc[..i].to_vec();
                m.extend_from_slice(b);
                m.extend_from_slice(&doc[i..]);
                let e = validate(&m).unwrap_err();
                assert!(e.offset() <= m.len());
                assert!(!all_readers(&m));
            }
        }
    }
    // Inside a string, the kind says so, at the bad byte.
    let e = validate(b"[\"ab\xffc\"]").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidUtf8, 4));
    let e = from_slice::<String>(b"\"ab\xc0\x80\"").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidUtf8);
    let e = from_slice::<&str>(b"\"\xed\xa0\x80\"").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidUtf8);
}

#[test]
fn numbers_of_ten_thousand_digits() {
    let digits: String = (0..10_000)
        .map(|i| char::from(b'1' + (i % 9) as u8))
        .collect();
    let big = digits.clone();
    let frac = format!("0.{digits}");
    let tiny = format!("0.{}1", "0".repeat(10_000));
    let mantissa = format!("{}.{}e-9000", &digits[..5000], &digits[5000..]);
    for text in [&big, &frac, &tiny, &mantissa] {
        let doc = text.as_bytes();
        let want: f64 = text.parse().unwrap();
        // Past f64's range every API says so (the crate docs' number policy).
        if want.is_infinite() {
            let e = validate(doc).unwrap_err();
            assert_eq!((e.kind(), e.offset()), (ErrorKind::NumberOutOfRange, 0));
            continue;
        }
        validate(doc).unwrap();
        let mut out = Vec::new();
        assert_eq!(minify(doc, &mut out).unwrap(), doc.len());
        // Past f64's range is `float_overflow_is_an_error`'s subject; here only no panic.
        match from_slice::<f64>(doc) {
            Ok(v) if want.is_finite() => assert_eq!(v.to_bits(), want.to_bits(), "{text:.20}..."),
            Ok(_) => {}
            Err(e) => {
                assert!(want.is_infinite(), "{e:?}");
                assert_eq!(e.kind(), ErrorKind::NumberOutOfRange);
            }
        }
        let w: f32 = text.parse().unwrap();
        if let Ok(v) = from_slice::<f32>(doc) {
            assert_eq!(v.to_bits(), w.to_bits());
        }
    }
    assert_eq!(
        from_slice::<u64>(big.as_bytes()).unwrap_err().kind(),
        ErrorKind::NumberOutOfRange
    );
    assert_eq!(
        from_slice::<i128>(big.as_bytes()).unwrap_err().kind(),
        ErrorKind::NumberOutOfRange
    );
    let neg = format!("-{big}");
    assert_eq!(
        from_slice::<i64>(neg.as_bytes()).unwrap_err().kind(),
        ErrorKind::NumberOutOfRange
    );
    // Leading zeros stay invalid however many there are.
    let zeros = format!("0{big}");
    assert_eq!(
        validate(zeros.as_bytes()).unwrap_err().kind(),
        ErrorKind::InvalidNumber
    );
    assert!(from_slice::<f64>(zeros.as_bytes()).is_err());
    // In an array, next to other values.
    let arr = format!("[{tiny},{frac},1]");
    let v: Vec<f64> = from_slice(arr.as_bytes()).unwrap();
    assert_eq!(v[2], 1.0);
}

/// DESIGN.md: "numbers that overflow the destination type are errors". A float past its type's
/// range reads as an infinity today, which the writer then writes `null`, so the value does not
/// read back.
#[test]
fn float_overflow_is_an_error() {
    for doc in [&b"1e400"[..], b"-1e400", b"1797693134862315808e290"] {
        let e = from_slice::<f64>(doc).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NumberOutOfRange);
    }
    let e = from_slice::<f32>(b"1e39").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NumberOutOfRange);
    // The largest finite values still read.
    assert_eq!(
        from_slice::<f64>(b"1.7976931348623157e308").unwrap(),
        f64::MAX
    );
    assert_eq!(from_slice::<f32>(b"3.4028235e38").unwrap(), f32::MAX);
}

#[test]
fn a_hundred_thousand_duplicate_keys_keep_the_last() {
    let n = 100_000;
    let mut doc = String::from("{");
    for i in 0..n {
        if i > 0 {
            doc.push(',');
        }
        doc.push_str(&format!("\"k\":{i}"));
    }
    doc.push('}');
    let b: BTreeMap<String, u32> = from_slice(doc.as_bytes()).unwrap();
    assert_eq!(b.len(), 1);
    assert_eq!(b["k"], n - 1);
    let h: HashMap<String, u32> = from_slice(doc.as_bytes()).unwrap();
    assert_eq!(h.len(), 1);
    assert_eq!(h["k"], n - 1);
    // Integer keys, and two alternating keys.
    let doc2 = doc.replace("\"k\"", "\"7\"");
    let b: BTreeMap<u8, u32> = from_slice(doc2.as_bytes()).unwrap();
    assert_eq!(b[&7], n - 1);
    let mut doc3 = String::from("{");
    for i in 0..n {
        if i > 0 {
            doc3.push(',');
        }
        doc3.push_str(&format!("\"{}\":{i}", if i % 2 == 0 { "a" } else { "b" }));
    }
    doc3.push('}');
    let h: HashMap<&str, u32> = from_slice(doc3.as_bytes()).unwrap();
    assert_eq!((h["a"], h["b"]), (n - 2, n - 1));
    // The pointer agrees with the typed reader: the last value.
    let last = (n - 1).to_string();
    assert_eq!(
        pointer(doc.as_bytes(), "/k").unwrap().unwrap().as_str(),
        last
    );
}

#[test]
fn a_failed_read_into_leaves_a_value_safe_to_use_and_to_read_again() {
    // A vector that fails partway: whatever it holds is well-formed, can be written, dropped and
    // read into again, and the next successful read replaces it whole.
    let mut v: Vec<String> = vec!["old".into(); 4];
    let e = read_into(&mut v, br#"["a","b",3,"d"]"#).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidType("a string"));
    let written = to_vec(&v).unwrap();
    validate(&written).unwrap();
    assert!(v.len() <= 4, "{v:?}");
    read_into(&mut v, br#"["x"]"#).unwrap();
    assert_eq!(v, ["x"]);
    // Truncated partway through the input.
    let e = read_into(&mut v, br#"["a","b","#).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnexpectedEnd);
    let _ = to_vec(&v).unwrap();
    read_into(&mut v, br#"[]"#).unwrap();
    assert!(v.is_empty());

    // A map that fails partway.
    let mut m: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    m.insert("keep".into(), vec![1]);
    assert!(read_into(&mut m, br#"{"a":[1,2],"b":[300]}"#).is_err());
    validate(&to_vec(&m).unwrap()).unwrap();
    read_into(&mut m, br#"{"c":[]}"#).unwrap();
    assert_eq!(m.len(), 1);
    assert!(m["c"].is_empty());

    // Every prefix of a good document read into the same value in turn: never a panic, the value
    // always writable, and the whole document afterwards reads exactly.
    let doc = br#"[["a","bb"],[],["c\n\u00e9"]]"#;
    let mut w: Vec<Vec<String>> = Vec::new();
    for n in 0..doc.len() {
        assert!(read_into(&mut w, &doc[..n]).is_err());
        validate(&to_vec(&w).unwrap()).unwrap();
    }
    read_into(&mut w, doc).unwrap();
    assert_eq!(w, from_slice::<Vec<Vec<String>>>(doc).unwrap());
}
