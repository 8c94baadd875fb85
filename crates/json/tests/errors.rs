//! Every error kind the reader and writer produce, from bad input, with its offset.
#![cfg(feature = "std")]

mod common;

use std::collections::BTreeMap;

use structio_json::{
    from_slice, from_slice_with, from_str, to_slice, ErrorKind, ErrorKind::*, KeyBuf, ReadOptions,
    Reader,
};

#[track_caller]
fn fails<T: for<'de> structio_json::JsonRead<'de> + std::fmt::Debug>(
    input: &[u8],
    kind: ErrorKind,
    offset: usize,
) {
    let err = from_slice::<T>(input).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (kind, offset),
        "input {:?}",
        String::from_utf8_lossy(input)
    );
}

#[test]
fn unexpected_end() {
    fails::<u8>(b"", UnexpectedEnd, 0);
    fails::<u8>(b"  ", UnexpectedEnd, 2);
    fails::<Vec<u8>>(b"[1,", UnexpectedEnd, 3);
    fails::<Vec<u8>>(b"[1", UnexpectedEnd, 2);
    fails::<String>(br#""abc"#, UnexpectedEnd, 4);
    fails::<String>(br#""a\"#, UnexpectedEnd, 3);
    fails::<String>(br#""\u12"#, UnexpectedEnd, 5);
    fails::<String>(br#""\ud834"#, UnexpectedEnd, 7);
    fails::<bool>(b"tru", UnexpectedEnd, 3);
    fails::<()>(b"nul", UnexpectedEnd, 3);
    fails::<f64>(b"-", UnexpectedEnd, 1);
    fails::<BTreeMap<String, u8>>(br#"{"a""#, UnexpectedEnd, 4);
}

#[test]
fn expected_value_from_skip() {
    let mut r = Reader::new(b"[?]");
    r.begin_array().unwrap();
    let err = r.skip_value().unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ExpectedValue, 1));
}

#[test]
fn wrong_token_for_the_destination() {
    fails::<BTreeMap<String, u8>>(b"[]", ExpectedObject, 0);
    fails::<Vec<u8>>(b" {}", ExpectedArray, 1);
    fails::<String>(b"12", ExpectedString, 0);
    let err = from_slice::<&str>(b"null").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ExpectedString, 0));
    fails::<BTreeMap<String, u8>>(b"{1:2}", ExpectedString, 1);
    fails::<BTreeMap<String, u8>>(br#"{"a" 1}"#, ExpectedColon, 5);
    fails::<BTreeMap<String, u8>>(br#"{"a":1 "b":2}"#, ExpectedCommaOrObjectEnd, 7);
    fails::<Vec<u8>>(b"[1 2]", ExpectedCommaOrArrayEnd, 3);
    fails::<Vec<u8>>(b"[1,]", TrailingComma, 3);
    fails::<BTreeMap<String, u8>>(br#"{"a":1, }"#, TrailingComma, 8);
    fails::<bool>(b"trUe and more", ExpectedBool, 0);
    fails::<bool>(b"fals", UnexpectedEnd, 4);
    fails::<bool>(b"nope", ExpectedBool, 0);
    fails::<()>(b"nil", ExpectedNull, 0);
    fails::<Option<u8>>(b"nulL", ExpectedNull, 0);
}

#[test]
fn numbers() {
    fails::<u8>(b"01", InvalidNumber, 1);
    fails::<u8>(b"x", InvalidNumber, 0);
    fails::<u8>(b"-1", InvalidNumber, 0);
    fails::<i32>(b"1.5", InvalidNumber, 1);
    fails::<f64>(b"1.e5", InvalidNumber, 2);
    fails::<f64>(b"+1", InvalidNumber, 0);
    fails::<f64>(b".5", InvalidNumber, 0);
    fails::<u8>(b"256", NumberOutOfRange, 0);
    fails::<Vec<f64>>(b"[1, -1e400]", NumberOutOfRange, 4);
    fails::<f32>(b" 1e39", NumberOutOfRange, 1);
    fails::<Vec<i8>>(b"[-129]", NumberOutOfRange, 1);
    fails::<u64>(b"18446744073709551616", NumberOutOfRange, 0);
    fails::<i64>(b"-9223372036854775809", NumberOutOfRange, 0);
    fails::<BTreeMap<u8, u8>>(br#"{"300":1}"#, NumberOutOfRange, 1);
    fails::<BTreeMap<u8, u8>>(br#"{"3x":1}"#, InvalidNumber, 1);
}

#[test]
fn strings() {
    fails::<String>(br#""a\x""#, InvalidEscape, 2);
    fails::<String>(br#""\u12G4""#, InvalidUnicodeEscape, 1);
    fails::<String>(br#""ab\udc00""#, LoneSurrogate, 3);
    fails::<String>(br#""\ud800x""#, LoneSurrogate, 1);
    fails::<String>(br#""\ud800\u0041""#, LoneSurrogate, 1);
    fails::<String>(b"\"tab\there\"", ControlCharacterInString, 4);
    fails::<String>(b"\"0123456789\x01\"", ControlCharacterInString, 11);
    fails::<String>(b"\"ok \xff\"", InvalidUtf8, 4);
    fails::<String>(b"\"0123456789abc\xe2\x82\"", InvalidUtf8, 14);
    fails::<String>(b"\"a\\n\xc3\"", InvalidUtf8, 4);
    let err = from_slice::<&str>(br#""a\nb""#).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (EscapeInBorrowedStr, 2));
    fails::<char>(br#""ab""#, ExpectedChar, 0);
    fails::<char>(br#""""#, ExpectedChar, 0);
}

#[test]
fn key_too_long() {
    let mut text = String::from("\"\\n");
    text.push_str(&"k".repeat(300));
    text.push('"');
    let mut r = Reader::new(text.as_bytes());
    let err = r.read_str_raw(&mut KeyBuf::new()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (KeyTooLong, 0));
    // Without escapes a long key is borrowed, and fine.
    let long = format!("\"{}\"", "k".repeat(300));
    assert_eq!(
        Reader::new(long.as_bytes())
            .read_str_raw(&mut KeyBuf::new())
            .unwrap()
            .len(),
        300
    );
}

#[test]
fn depth_limit() {
    let deep = "[".repeat(1_000_000);
    fails::<Vec<Vec<u8>>>(b"[[[1]]]", InvalidNumber, 2);
    let err =
        from_slice_with::<Vec<Vec<u8>>>(b"[[1]]", ReadOptions::new().max_depth(1)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DepthLimit, 1));
    // An unknown field holding a million-deep array is stopped by the limit, not the stack.
    let text = format!("{{\"x\":{deep}");
    let err = from_str::<common::Record>(&text).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DepthLimit, 5 + 127));
}

#[test]
fn trailing_characters() {
    fails::<u8>(b"1 2", TrailingCharacters, 2);
    fails::<Vec<u8>>(b"[] x", TrailingCharacters, 3);
}

#[test]
fn struct_fields() {
    let err = from_str::<common::Record>(r#"{"testStrings":[],"testUints":[]}"#).unwrap_err();
    assert_eq!(err.kind(), MissingField("testDoubles"));
    assert_eq!(err.offset(), 33);
    let text = r#"{"testStrings":[],"extra":{"a":[1,"b"]},"testUints":[],"testDoubles":[],"testInts":[],"testBools":[]}"#;
    assert!(from_str::<common::Record>(text).is_ok());
    let err = from_slice_with::<common::Record>(
        text.as_bytes(),
        ReadOptions::new().deny_unknown_fields(true),
    )
    .unwrap_err();
    assert_eq!((err.kind(), err.offset()), (UnknownField, 18));
    // A duplicate key: the last one wins.
    let text = r#"{"testStrings":["a"],"testUints":[1],"testDoubles":[],"testInts":[],"testBools":[],"testUints":[2]}"#;
    assert_eq!(from_str::<common::Record>(text).unwrap().test_uints, [2]);
}

#[test]
fn fixed_sizes() {
    fails::<[u8; 2]>(b"[1]", TooFewElements, 2);
    fails::<[u8; 2]>(b"[]", TooFewElements, 1);
    fails::<[u8; 2]>(b"[1,2,3]", TooManyElements, 5);
    fails::<[u8; 0]>(b"[1]", TooManyElements, 1);
    fails::<(u8, bool)>(b"[1]", TooFewElements, 2);
    fails::<(u8,)>(b"[1, 2]", TooManyElements, 4);
    let mut fixed = [0u8; 2];
    let err = structio_json::read_into(&mut fixed, b"[1]").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (TooFewElements, 2));
}

#[test]
fn buffer_full() {
    let mut buf = [0u8; 5];
    let err = to_slice(&[1u32, 2, 3], &mut buf).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (BufferFull, 5));
    let err = to_slice(&"abcdef", &mut buf).unwrap_err();
    assert_eq!(err.kind(), BufferFull);
    // Exactly enough room is not an error, for every kind of value.
    let exact = |n: usize| {
        let mut buf = vec![0u8; n];
        to_slice(&(true, 12345u32, -1.5f64, "q\"\n\u{2}", ()), &mut buf)
            .map(|len| buf[..len].to_vec())
    };
    let text = br#"[true,12345,-1.5,"q\"\n\u0002",null]"#;
    assert_eq!(exact(text.len()).unwrap(), text);
    for n in 0..text.len() {
        let err = exact(n).unwrap_err();
        assert_eq!(err.kind(), BufferFull, "{n}");
        assert!(err.offset() <= n);
    }
}

#[test]
fn display_gives_line_column_and_excerpt() {
    let err = from_str::<Vec<u8>>("[1,\n 2,\n x]").unwrap_err();
    assert_eq!((err.line(), err.column(), err.offset()), (3, 2, 9));
    assert_eq!(
        err.to_string(),
        "invalid number at line 3 column 2 (byte 9): ` x]`"
    );
    let err = from_str::<common::Record>("{}").unwrap_err();
    assert_eq!(
        err.to_string(),
        "missing field `testStrings` at line 1 column 3 (byte 2): `{}`"
    );
    let e: &dyn std::error::Error = &err;
    assert!(!e.to_string().is_empty());
}
