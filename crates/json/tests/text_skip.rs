//! `skip_value`: what it steps over, and every way it refuses, with the offset of the refusal.

use structio_json::{skip_value, ErrorKind};

fn ok(doc: &str) -> usize {
    match skip_value(doc.as_bytes(), 0, 128) {
        Ok(n) => n,
        Err(e) => panic!("{doc:?}: {e}"),
    }
}

fn err(doc: &[u8]) -> (ErrorKind, usize) {
    let e = skip_value(doc, 0, 128).expect_err(&String::from_utf8_lossy(doc));
    (e.kind(), e.offset())
}

#[test]
fn steps_over_one_value() {
    for (doc, end) in [
        ("0", 1),
        ("-0", 2),
        ("12345678901234567890 ", 20),
        ("-1.5e+10,", 8),
        ("1E-2]", 4),
        ("0.000000001}", 11),
        ("true", 4),
        ("false ", 5),
        ("null,", 4),
        (r#""""#, 2),
        (r#""abcdefghijklmnopqrstuvwxyz" "#, 28),
        (r#""a\"b\\c\/\b\f\n\r\t\u00e9\uD83D\uDE00" 1"#, 39),
        ("  \t\r\n []", 8),
        ("{}", 2),
        ("[[],{},[[]]] 5", 12),
        (
            r#"{ "a" : 1 , "b" : [ true , false , null ] , "c" : { "d" : "e" } }"#,
            65,
        ),
        (r#"{"a":{"b":{"c":[1,[2,[3]]]}}},"#, 29),
    ] {
        assert_eq!(ok(doc), end, "{doc:?}");
    }
}

#[test]
fn starts_at_pos_and_skips_whitespace() {
    assert_eq!(skip_value(b"[1,  2]", 3, 8).unwrap(), 6);
    assert_eq!(skip_value(b"xx  \"a\"", 2, 8).unwrap(), 7);
}

#[test]
fn long_strings_and_numbers_cross_word_boundaries() {
    let mut s = String::from("\"");
    for i in 0..100 {
        s.push_str(&"x".repeat(i % 17));
        s.push_str("\\n\u{e9}");
    }
    s.push('"');
    assert_eq!(ok(&s), s.len());
    let utf8 = "\"h\u{e9}llo w\u{f6}rld, \u{1F600} and more text here\"";
    assert_eq!(ok(utf8), utf8.len());
    let n = format!("-{}.{}e-{}", "9".repeat(40), "1".repeat(33), "7".repeat(9));
    assert_eq!(ok(&n), n.len());
}

#[test]
fn structural_errors() {
    let cases: &[(&[u8], ErrorKind, usize)] = &[
        (b"", ErrorKind::UnexpectedEnd, 0),
        (b"   ", ErrorKind::UnexpectedEnd, 3),
        (b"]", ErrorKind::ExpectedValue, 0),
        (b"[1,2,]", ErrorKind::TrailingComma, 5),
        (b"{\"a\":1,}", ErrorKind::TrailingComma, 7),
        (b"{\"a\" 1}", ErrorKind::ExpectedColon, 5),
        (b"{\"a\":1 \"b\":2}", ErrorKind::ExpectedCommaOrObjectEnd, 7),
        (b"[1 2]", ErrorKind::ExpectedCommaOrArrayEnd, 3),
        (b"[1}", ErrorKind::ExpectedCommaOrArrayEnd, 2),
        (b"{\"a\":1]", ErrorKind::ExpectedCommaOrObjectEnd, 6),
        (b"{1:2}", ErrorKind::ExpectedString, 1),
        (b"{,}", ErrorKind::ExpectedString, 1),
        (b"{\"a\":1,]", ErrorKind::ExpectedString, 7),
        (b"[,1]", ErrorKind::ExpectedValue, 1),
        (b"[1,}", ErrorKind::ExpectedValue, 3),
        (b"[1,", ErrorKind::UnexpectedEnd, 3),
        (b"[[1]", ErrorKind::UnexpectedEnd, 4),
        (b"{\"a\":", ErrorKind::UnexpectedEnd, 5),
        (b"{\"a\"", ErrorKind::UnexpectedEnd, 4),
        (b"{", ErrorKind::UnexpectedEnd, 1),
        (b"[tru]", ErrorKind::ExpectedBool, 4),
        (b"trUe", ErrorKind::ExpectedBool, 2),
        (b"fals", ErrorKind::UnexpectedEnd, 4),
        (b"[nul1]", ErrorKind::ExpectedNull, 4),
        (b"nil", ErrorKind::ExpectedNull, 1),
        (b"[x]", ErrorKind::ExpectedValue, 1),
    ];
    for &(doc, kind, offset) in cases {
        assert_eq!(
            err(doc),
            (kind, offset),
            "{:?}",
            String::from_utf8_lossy(doc)
        );
    }
}

#[test]
fn number_errors() {
    let cases: &[(&[u8], ErrorKind, usize)] = &[
        (b"01", ErrorKind::InvalidNumber, 1),
        (b"-01", ErrorKind::InvalidNumber, 2),
        (b"-", ErrorKind::UnexpectedEnd, 1),
        (b"-a", ErrorKind::InvalidNumber, 1),
        (b"[-]", ErrorKind::InvalidNumber, 2),
        (b"1.", ErrorKind::UnexpectedEnd, 2),
        (b"[1.]", ErrorKind::InvalidNumber, 3),
        (b"[1.e5]", ErrorKind::InvalidNumber, 3),
        (b"[1e]", ErrorKind::InvalidNumber, 3),
        (b"[1e+]", ErrorKind::InvalidNumber, 4),
        (b"[.5]", ErrorKind::ExpectedValue, 1),
        (b"[+1]", ErrorKind::ExpectedValue, 1),
        (b"[1.5.2]", ErrorKind::InvalidNumber, 4),
    ];
    for &(doc, kind, offset) in cases {
        assert_eq!(
            err(doc),
            (kind, offset),
            "{:?}",
            String::from_utf8_lossy(doc)
        );
    }
}

#[test]
fn string_errors() {
    let cases: &[(&[u8], ErrorKind, usize)] = &[
        (b"\"abc", ErrorKind::UnexpectedEnd, 4),
        (b"\"abcdefghijklmnop", ErrorKind::UnexpectedEnd, 17),
        (b"\"ab\x01c\"", ErrorKind::ControlCharacterInString, 3),
        (
            b"\"abcdefghijk\nlm\"",
            ErrorKind::ControlCharacterInString,
            12,
        ),
        (b"\"a\\x\"", ErrorKind::InvalidEscape, 3),
        (b"\"a\\", ErrorKind::UnexpectedEnd, 3),
        (b"\"\\u12G4\"", ErrorKind::InvalidUnicodeEscape, 5),
        (b"\"\\u12", ErrorKind::UnexpectedEnd, 5),
        (b"\"\\uD800\"", ErrorKind::LoneSurrogate, 7),
        (b"\"\\uD800\\n\"", ErrorKind::LoneSurrogate, 7),
        (b"\"\\uD800\\u0041\"", ErrorKind::LoneSurrogate, 7),
        (b"\"\\uDC00\"", ErrorKind::LoneSurrogate, 1),
        (b"\"ab\xffcd\"", ErrorKind::InvalidUtf8, 3),
        (b"\"abcdefghij\xc3(\"", ErrorKind::InvalidUtf8, 11),
        (b"\"a\xe9\x01\"", ErrorKind::InvalidUtf8, 2),
        (b"\"\xed\xa0\x80\"", ErrorKind::InvalidUtf8, 1),
    ];
    for &(doc, kind, offset) in cases {
        assert_eq!(
            err(doc),
            (kind, offset),
            "{:?}",
            String::from_utf8_lossy(doc)
        );
    }
}

#[test]
fn depth_limit() {
    assert_eq!(skip_value(b"[[1]]", 0, 2).unwrap(), 5);
    let e = skip_value(b"[[1]]", 0, 1).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::DepthLimit, 1));
    let e = skip_value(b"{}", 0, 0).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::DepthLimit, 0));
    assert_eq!(skip_value(b"7", 0, 0).unwrap(), 1);
}

#[test]
fn a_million_brackets_do_not_overflow_the_stack() {
    let doc = vec![b'['; 1_000_000];
    let e = skip_value(&doc, 0, u32::MAX).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::DepthLimit, 1024));
    let mut deep = vec![b'['; 1024];
    deep.extend(std::iter::repeat_n(b']', 1024));
    assert_eq!(skip_value(&deep, 0, u32::MAX).unwrap(), 2048);
    let mut mixed = Vec::new();
    for _ in 0..500 {
        mixed.extend_from_slice(b"{\"k\":[");
    }
    for _ in 0..500 {
        mixed.extend_from_slice(b"]}");
    }
    assert_eq!(skip_value(&mixed, 0, 1000).unwrap(), mixed.len());
    let e = skip_value(&mixed, 0, 999).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DepthLimit);
}

#[test]
fn numbers_whose_grammar_stops_before_their_alphabet() {
    let cases: &[(&[u8], ErrorKind, usize)] = &[
        (b"[1.2.3]", ErrorKind::InvalidNumber, 4),
        (b"[1-2]", ErrorKind::InvalidNumber, 2),
        (b"[1e5e5]", ErrorKind::InvalidNumber, 4),
        (b"[--1]", ErrorKind::InvalidNumber, 2),
        (b"[1+2]", ErrorKind::InvalidNumber, 2),
        (b"[12345678901234567890.5.5]", ErrorKind::InvalidNumber, 23),
        (b"1.5e+3-", ErrorKind::InvalidNumber, 6),
    ];
    for &(doc, kind, offset) in cases {
        assert_eq!(
            err(doc),
            (kind, offset),
            "{:?}",
            String::from_utf8_lossy(doc)
        );
    }
    // Every length around the word boundaries, at the end of the input and inside an array.
    for len in 1..40 {
        let digits = "7".repeat(len);
        for text in [
            digits.clone(),
            format!("-{digits}"),
            format!("{digits}.5"),
            format!("1.{digits}e-{len}"),
        ] {
            assert_eq!(ok(&text), text.len(), "{text}");
            let arr = format!("[{text},{text}]");
            assert_eq!(ok(&arr), arr.len(), "{arr}");
        }
    }
}

#[test]
fn bools_far_from_and_near_the_end() {
    let mut doc = String::from("[");
    for i in 0..50 {
        doc.push_str(if i % 3 == 0 { "false," } else { "true," });
    }
    doc.push_str("true]");
    assert_eq!(ok(&doc), doc.len());
    assert_eq!(
        err(b"[true, falsy, true, true, true]"),
        (ErrorKind::ExpectedBool, 11)
    );
    assert_eq!(
        err(b"[true, trUe, true, true, true]"),
        (ErrorKind::ExpectedBool, 9)
    );
    assert_eq!(err(b"[false, fals"), (ErrorKind::UnexpectedEnd, 12));
}

#[test]
fn utf8_inside_containers_is_checked_and_ordered() {
    let fine = "[\"\u{e9}\", {\"\u{4e2d}\": \"\u{1F600}\"}]";
    assert_eq!(ok(fine), fine.len());
    assert_eq!(err(b"[\"ok\", \"\xff\"]"), (ErrorKind::InvalidUtf8, 8));
    assert_eq!(err(b"{\"\xc3\": 1}"), (ErrorKind::InvalidUtf8, 2));
    // The bad UTF-8 comes before the grammar error, so it is the one reported.
    assert_eq!(err(b"[\"\xff\", x]"), (ErrorKind::InvalidUtf8, 2));
    assert_eq!(err(b"[\"\xe9\", \"\\q\"]"), (ErrorKind::InvalidUtf8, 2));
    // And the grammar error that comes first wins over bad UTF-8 later.
    assert_eq!(err(b"[x, \"\xff\"]"), (ErrorKind::ExpectedValue, 1));
}

#[test]
fn whitespace_of_every_shape() {
    for doc in [
        "[\r\n  1,\r\n  2\r\n]",
        "[\n\n\t1 ,\n\n\t 2\n]",
        "{\n                    \"deep\": [\n                                        1,\n                                        2\n                    ]\n}",
        "[1,\n 2,\n  3,\n   4,\n  5,\n 6]",
    ] {
        assert_eq!(ok(doc), doc.len(), "{doc:?}");
    }
    assert_eq!(err(b"[1,\n \x0c2]"), (ErrorKind::ExpectedValue, 5));
}
