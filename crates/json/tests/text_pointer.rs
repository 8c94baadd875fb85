//! `pointer` and the raw iterators: every leaf of generated documents found, escapes in keys and
//! pointers, and malformed documents refused where they are malformed.

#[path = "text_gen.rs"]
mod text_gen;

use structio_json::{
    array_elements, object_entries, pointer, pointer_as, ErrorKind, RawKind, RawValue,
};

fn get<'a>(doc: &'a [u8], path: &str) -> Option<&'a str> {
    pointer(doc, path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .map(|v| v.as_str())
}

#[test]
fn finds_every_leaf_of_generated_documents() {
    let mut leaves = 0;
    for seed in 1..300 {
        let doc = text_gen::generate(seed * 7919, 7);
        let text = doc.text.as_bytes();
        for (path, raw) in &doc.leaves {
            let v = pointer(text, path)
                .unwrap()
                .unwrap_or_else(|| panic!("seed {seed}: {path}"));
            assert_eq!(v.as_str(), raw, "seed {seed}: {path}");
            assert_eq!(&doc.text[v.offset()..v.offset() + raw.len()], raw);
            leaves += 1;
        }
        assert_eq!(get(text, ""), Some(doc.text.as_str()));
        // Past the last element, and a key no generated document has.
        assert_eq!(get(text, "/999"), None);
        assert_eq!(get(text, "/no such key"), None);
    }
    assert!(leaves > 2000, "{leaves}");
}

#[test]
fn finds_leaves_in_laid_out_documents() {
    for seed in 1..50 {
        let doc = text_gen::generate(seed, 5);
        let mut buf = vec![0u8; doc.text.len() * 40 + 64];
        let n = structio_json::prettify(doc.text.as_bytes(), &mut buf[..], &Default::default())
            .unwrap();
        for (path, raw) in &doc.leaves {
            let v = pointer(&buf[..n], path).unwrap().unwrap();
            if !raw.starts_with(['{', '[']) {
                assert_eq!(v.as_str(), raw);
            }
        }
    }
}

#[test]
fn keys_and_tokens_are_compared_decoded() {
    let doc = br#"{"a/b": 1, "m~n": 2, "\u0061": 3, "\"q\"": 4, "\u00e9\ud83d\ude00": 5, "": 6, "x\\y": 7, "\/": 8}"#;
    assert_eq!(get(doc, "/a~1b"), Some("1"));
    assert_eq!(get(doc, "/m~0n"), Some("2"));
    assert_eq!(get(doc, "/a"), Some("3"));
    assert_eq!(get(doc, "/\"q\""), Some("4"));
    assert_eq!(get(doc, "/\u{e9}\u{1F600}"), Some("5"));
    assert_eq!(get(doc, "/"), Some("6"));
    assert_eq!(get(doc, "/x\\y"), Some("7"));
    assert_eq!(get(doc, "/~1"), Some("8"));
    assert_eq!(get(doc, "/a~1c"), None);
    assert_eq!(get(doc, "/\\u0061"), None);
}

#[test]
fn array_indices() {
    let doc = b"[10, [20, 21], {\"k\": [30]}]";
    assert_eq!(get(doc, "/0"), Some("10"));
    assert_eq!(get(doc, "/1/1"), Some("21"));
    assert_eq!(get(doc, "/2/k/0"), Some("30"));
    for missing in [
        "/3",
        "/-",
        "/01",
        "/+1",
        "/x",
        "/99999999999999999999",
        "/0/0",
        "/1/2",
    ] {
        assert_eq!(get(doc, missing), None, "{missing}");
    }
    assert_eq!(get(b"[]", "/0"), None);
    assert_eq!(get(b"{}", "/a"), None);
}

#[test]
fn stops_at_the_answer() {
    // Whatever follows the answer (or, for a member, its object) is not read, however broken.
    assert_eq!(get(b"[1, 2, oops", "/1"), Some("2"));
    assert_eq!(get(b"[{\"b\": true}, ]]]", "/0/b"), Some("true"));
    // An object on the way is read to its end, since a later repeat of the key would answer.
    let e = pointer(b"{\"a\": {\"b\": true}, ]]]", "/a/b").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::ExpectedString, 19));
    // Except for the empty pointer, whose answer is the whole document: it must be one value.
    let e = pointer(b"  7 trailing", "").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::TrailingCharacters, 4));
    assert_eq!(get(b"  7 \n", ""), Some("7"));
    // A scalar has no children: nothing is validated past its first byte.
    assert_eq!(get(b"[tru", "/0/x"), None);
}

#[test]
fn malformed_documents_are_errors_where_they_are_malformed() {
    let cases: &[(&[u8], &str, ErrorKind, usize)] = &[
        (
            b"{\"a\": [1,], \"b\": 2}",
            "/b",
            ErrorKind::TrailingComma,
            9,
        ),
        (b"{\"a\": tru, \"b\": 2}", "/b", ErrorKind::ExpectedBool, 9),
        (b"{\"a\" 1, \"b\": 2}", "/b", ErrorKind::ExpectedColon, 5),
        (
            b"{\"a\": 1 \"b\": 2}",
            "/b",
            ErrorKind::ExpectedCommaOrObjectEnd,
            8,
        ),
        (b"{\"a\": 1,}", "/b", ErrorKind::TrailingComma, 8),
        (b"{\"a\": 1", "/b", ErrorKind::UnexpectedEnd, 7),
        (b"[1, 2,]", "/5", ErrorKind::TrailingComma, 6),
        (b"[1 2]", "/1", ErrorKind::ExpectedCommaOrArrayEnd, 3),
        (b"[01, 2]", "/1", ErrorKind::InvalidNumber, 2),
        (b"[\"a\\x\", 2]", "/1", ErrorKind::InvalidEscape, 4),
        (b"[\"\xff\", 2]", "/1", ErrorKind::InvalidUtf8, 2),
        (b"{\"a\": [1}", "/a", ErrorKind::ExpectedCommaOrArrayEnd, 8),
        (b"{\"a\": }", "/a", ErrorKind::ExpectedValue, 6),
        (b"x", "/a", ErrorKind::ExpectedValue, 0),
        (b"", "/a", ErrorKind::UnexpectedEnd, 0),
        (b"", "", ErrorKind::UnexpectedEnd, 0),
        (b"{1: 2}", "/a", ErrorKind::ExpectedString, 1),
    ];
    for &(doc, path, kind, offset) in cases {
        let e = pointer(doc, path).unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (kind, offset),
            "{:?} {path}",
            String::from_utf8_lossy(doc)
        );
    }
    let deep = format!("{}{}", "[".repeat(2000), "]".repeat(2000));
    let e = pointer(deep.as_bytes(), "").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::DepthLimit, 128));
    let path = "/0".repeat(1100);
    let e = pointer(deep.as_bytes(), &path).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::DepthLimit, 128));
}

#[test]
fn malformed_pointers() {
    for (path, offset) in [("a", 0), ("/a~", 3), ("/a~2", 3), ("/~x/b", 2)] {
        let e = pointer(b"{}", path).unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (ErrorKind::InvalidPointer, offset),
            "{path}"
        );
        let e = pointer_as::<u8>(b"{}", path).unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (ErrorKind::InvalidPointer, offset),
            "{path}"
        );
        let raw = RawValue::from_slice(b" {\"a\": 1}").unwrap();
        let e = raw.pointer(path).unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (ErrorKind::InvalidPointer, offset),
            "{path}"
        );
    }
    assert!(ErrorKind::InvalidPointer
        .description()
        .contains("JSON pointer"));
}

#[test]
fn raw_values_and_iterators() {
    let doc = br#" {"id": 7, "tags": ["a", {"b": null}], "e": {}} "#;
    let v = RawValue::from_slice(doc).unwrap();
    assert_eq!(v.kind(), RawKind::Object);
    assert_eq!(v.offset(), 1);
    let members: Vec<(&str, &str)> = v
        .entries()
        .map(|m| m.map(|(k, v)| (k, v.as_str())).unwrap())
        .collect();
    assert_eq!(
        members,
        [("id", "7"), ("tags", r#"["a", {"b": null}]"#), ("e", "{}")]
    );
    let tags = v.pointer("/tags").unwrap().unwrap();
    assert_eq!(tags.offset(), 19);
    let kinds: Vec<RawKind> = tags.elements().map(|e| e.unwrap().kind()).collect();
    assert_eq!(kinds, [RawKind::String, RawKind::Object]);
    let inner = tags.pointer("/1/b").unwrap().unwrap();
    assert_eq!(
        (inner.as_str(), inner.offset(), inner.kind()),
        ("null", 31, RawKind::Null)
    );
    assert_eq!(v.elements().count(), 0);
    assert_eq!(tags.entries().count(), 0);
    assert_eq!(
        RawValue::from_slice(b"false").unwrap().kind(),
        RawKind::Bool
    );
    assert_eq!(
        RawValue::from_slice(b"\"s\"").unwrap().kind(),
        RawKind::String
    );
    let e = RawValue::from_slice(b"[1] 2").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::TrailingCharacters, 4));
    let e = RawValue::from_slice(b"[1,]").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::TrailingComma, 3));
    assert!(v.pointer("x").is_err());
}

#[test]
fn iterators_over_documents_validate_as_they_go() {
    let mut it = object_entries(b"{\"a\": 1, \"b\": [2,], \"c\": 3}").unwrap();
    assert_eq!(it.next().unwrap().unwrap().0, "a");
    let e = it.next().unwrap().unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::TrailingComma, 17));
    assert!(it.next().is_none());

    let cases: &[(&[u8], ErrorKind, usize)] = &[
        (b"{\"a\": 1,}", ErrorKind::TrailingComma, 8),
        (b"{\"a\": 1 \"b\"}", ErrorKind::ExpectedCommaOrObjectEnd, 8),
        (b"{\"a\" 1}", ErrorKind::ExpectedColon, 5),
        (b"{\"a\": 1", ErrorKind::UnexpectedEnd, 7),
    ];
    for &(doc, kind, offset) in cases {
        let e = object_entries(doc).unwrap().find_map(Result::err).unwrap();
        assert_eq!(
            (e.kind(), e.offset()),
            (kind, offset),
            "{:?}",
            String::from_utf8_lossy(doc)
        );
    }
    let cases: &[(&[u8], ErrorKind, usize)] = &[
        (b"[1,]", ErrorKind::TrailingComma, 3),
        (b"[1 2]", ErrorKind::ExpectedCommaOrArrayEnd, 3),
        (b"[1, nul]", ErrorKind::ExpectedNull, 7),
    ];
    for &(doc, kind, offset) in cases {
        let e = array_elements(doc).unwrap().find_map(Result::err).unwrap();
        assert_eq!(
            (e.kind(), e.offset()),
            (kind, offset),
            "{:?}",
            String::from_utf8_lossy(doc)
        );
    }
    assert_eq!(object_entries(b" {}").unwrap().count(), 0);
    assert_eq!(array_elements(b"[]").unwrap().count(), 0);
    assert_eq!(
        array_elements(b"{}").unwrap_err().kind(),
        ErrorKind::ExpectedArray
    );
    assert_eq!(
        object_entries(b"").unwrap_err().kind(),
        ErrorKind::UnexpectedEnd
    );
    // Text after the closing bracket is never read.
    assert_eq!(array_elements(b"[1] junk").unwrap().count(), 1);
}

#[test]
fn typed_reads_through_pointers() {
    let doc = br#"{"a": {"list": [1, 2, 3], "name": "n", "big": 300}}"#;
    assert_eq!(
        pointer_as::<[u8; 3]>(doc, "/a/list").unwrap(),
        Some([1, 2, 3])
    );
    assert_eq!(pointer_as::<u32>(doc, "/a/list/2").unwrap(), Some(3));
    assert_eq!(pointer_as::<u32>(doc, "/a/nope").unwrap(), None);
    let e = pointer_as::<u8>(doc, "/a/big").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NumberOutOfRange, 46));
    let e = pointer_as::<u8>(br#"{"a": [1,]}"#, "/a").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::TrailingComma, 9));
}

#[test]
fn the_whole_document_pointer_rejects_every_malformed_value() {
    // Every malformed value of the other text tests: the empty pointer reads the whole value, so
    // it must refuse each one where `validate` does (text after the value is never read).
    let bad: &[(&[u8], ErrorKind, usize)] = &[
        (b"[1,2", ErrorKind::UnexpectedEnd, 4),
        (b"{\"a\":[1,2}", ErrorKind::ExpectedCommaOrArrayEnd, 9),
        (b"[tru]", ErrorKind::ExpectedBool, 4),
        (b"[nul]", ErrorKind::ExpectedNull, 4),
        (b"{\"a\" 1}", ErrorKind::ExpectedColon, 5),
        (b"{\"a\":1,}", ErrorKind::TrailingComma, 7),
        (b"[1, ]", ErrorKind::TrailingComma, 4),
        (b"[1 2]", ErrorKind::ExpectedCommaOrArrayEnd, 3),
        (b"{a:1}", ErrorKind::ExpectedString, 1),
        (b"[01]", ErrorKind::InvalidNumber, 2),
        (b"[1.]", ErrorKind::InvalidNumber, 3),
        (b"[1.2.3]", ErrorKind::InvalidNumber, 4),
        (b"[\"a\\qb\"]", ErrorKind::InvalidEscape, 4),
        (b"[\"\x01\"]", ErrorKind::ControlCharacterInString, 2),
        (b"[\"\\uDC00\"]", ErrorKind::LoneSurrogate, 2),
        (b"[\"\\u00G0\"]", ErrorKind::InvalidUnicodeEscape, 6),
        (b"[\"\xff\"]", ErrorKind::InvalidUtf8, 2),
        (b"]", ErrorKind::ExpectedValue, 0),
    ];
    for &(doc, kind, offset) in bad {
        let name = String::from_utf8_lossy(doc);
        let e = pointer(doc, "").unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "pointer {name}");
        let e = structio_json::validate(doc).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "validate {name}");
    }
}

/// Every member and element of `v` by the `RawValue` iterators (which step over the values
/// inside by their structure, `v` being validated) and by `object_entries`/`array_elements`
/// over the same text (which validate as they go), with offsets in the outermost document.
fn walk_both_ways(v: RawValue<'_>, seen: &mut Vec<(String, usize)>) {
    let validating: Vec<(String, &str)> = match v.kind() {
        RawKind::Object => object_entries(v.as_bytes())
            .unwrap()
            .map(|m| m.map(|(k, x)| (k.to_owned(), x.as_str())).unwrap())
            .collect(),
        RawKind::Array => array_elements(v.as_bytes())
            .unwrap()
            .map(|e| (String::new(), e.unwrap().as_str()))
            .collect(),
        _ => Vec::new(),
    };
    let inside: Vec<(String, RawValue<'_>)> = v
        .entries()
        .map(|m| m.map(|(k, x)| (k.to_owned(), x)).unwrap())
        .chain(v.elements().map(|e| (String::new(), e.unwrap())))
        .collect();
    let texts: Vec<(String, &str)> = inside
        .iter()
        .map(|(k, x)| (k.clone(), x.as_str()))
        .collect();
    assert_eq!(texts, validating, "inside {}", v.as_str());
    for (_, x) in inside {
        seen.push((x.as_str().to_owned(), x.offset()));
        walk_both_ways(x, seen);
    }
}

#[test]
fn validated_values_are_walked_by_structure_with_the_same_answers() {
    // Strings holding brackets, quotes and backslashes, long enough to cross 64-byte blocks.
    let tricky = br#" {"a]": "}{[\"", "long": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx ]] \\", "n": [[], {}, [1, [2, [3, "]"]]], {"k": {"\"}": -0.5e3}}, true, null], "u": "\u00e9\u4e2d\ud83d\ude00 [{"} "#;
    let mut docs: Vec<Vec<u8>> = vec![tricky.to_vec()];
    for seed in 1..120 {
        let doc = text_gen::generate(seed * 104_729, 6);
        let mut buf = vec![0u8; doc.text.len() * 40 + 64];
        let n = structio_json::prettify(doc.text.as_bytes(), &mut buf[..], &Default::default())
            .unwrap();
        docs.push(buf[..n].to_vec());
        docs.push(doc.text.into_bytes());
    }
    for doc in &docs {
        let root = RawValue::from_slice(doc).unwrap();
        let mut seen = Vec::new();
        walk_both_ways(root, &mut seen);
        for (text, offset) in &seen {
            assert_eq!(&doc[*offset..*offset + text.len()], text.as_bytes());
        }
    }
    let root = RawValue::from_slice(tricky).unwrap();
    let deep = root.pointer("/n/3/k").unwrap().unwrap();
    assert_eq!(deep.as_str(), r#"{"\"}": -0.5e3}"#);
    assert_eq!(deep.pointer("/\"}").unwrap().unwrap().as_str(), "-0.5e3");
    assert_eq!(
        root.pointer("/n/2/1/1/1").unwrap().unwrap().as_str(),
        r#""]""#
    );
    let u = br#""\u00e9"#;
    let at = tricky.windows(u.len()).position(|w| w == u).unwrap();
    assert_eq!(root.pointer("/u").unwrap().unwrap().offset(), at);
}

#[test]
fn pointers_into_validated_values_agree_with_pointers_into_documents() {
    for seed in 1..200 {
        let doc = text_gen::generate(seed * 7919, 7);
        let text = doc.text.as_bytes();
        let root = RawValue::from_slice(text).unwrap();
        for (path, raw) in &doc.leaves {
            let v = root.pointer(path).unwrap().unwrap();
            assert_eq!(
                (v.as_str(), v.offset()),
                (raw.as_str(), pointer(text, path).unwrap().unwrap().offset())
            );
        }
        assert_eq!(root.pointer("").unwrap().unwrap().as_str(), doc.text);
        assert_eq!(root.pointer("/999").unwrap(), None);
    }
}
