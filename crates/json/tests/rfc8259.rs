//! RFC 8259's grammar, rule by rule, accepted and rejected by the typed reader (through an
//! "any value" type built from the reader's methods) and by `Reader::skip_value`.
#![cfg(feature = "std")]

use structio_json::{from_slice, ErrorKind, JsonRead, KeyBuf, Reader, Result};

/// Any JSON value, read through the typed reader's own methods.
#[derive(Debug, PartialEq)]
enum Any {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Any>),
    Obj(Vec<(String, Any)>),
}

impl<'de> JsonRead<'de> for Any {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        Ok(match r.peek()? {
            b'n' => {
                r.read_null()?;
                Any::Null
            }
            b't' | b'f' => Any::Bool(r.read_bool()?),
            b'"' => Any::Str(String::read_json(r)?),
            b'[' => Any::Arr(Vec::read_json(r)?),
            b'{' => {
                let mut members = Vec::new();
                if !r.begin_object()? {
                    let mut buf = KeyBuf::new();
                    loop {
                        let key = String::from_utf8(r.object_key(&mut buf)?.to_vec()).unwrap();
                        members.push((key, Any::read_json(r)?));
                        if !r.object_next()? {
                            break;
                        }
                    }
                }
                Any::Obj(members)
            }
            _ => Any::Num(r.read_f64()?),
        })
    }
}

/// Both validating paths agree that `text` is JSON.
#[track_caller]
fn accept(text: &[u8]) -> Any {
    let mut r = Reader::new(text);
    r.skip_value()
        .unwrap_or_else(|e| panic!("skip rejects {:?}: {e}", String::from_utf8_lossy(text)));
    r.finish().unwrap();
    from_slice::<Any>(text)
        .unwrap_or_else(|e| panic!("reader rejects {:?}: {e}", String::from_utf8_lossy(text)))
}

/// Both validating paths reject `text`; returns the typed reader's error kind and offset.
#[track_caller]
fn reject(text: &[u8]) -> (ErrorKind, usize) {
    let mut r = Reader::new(text);
    let skipped = r.skip_value().and_then(|()| r.finish());
    assert!(
        skipped.is_err(),
        "skip accepts {:?}",
        String::from_utf8_lossy(text)
    );
    let e = from_slice::<Any>(text).unwrap_err();
    (e.kind(), e.offset())
}

#[test]
fn json_text_is_ws_value_ws() {
    assert_eq!(accept(b" \t\r\n1 \t\r\n"), Any::Num(1.0));
    assert_eq!(
        accept(b"\"only a string\""),
        Any::Str("only a string".into())
    );
    assert_eq!(reject(b""), (ErrorKind::UnexpectedEnd, 0));
    assert_eq!(reject(b" "), (ErrorKind::UnexpectedEnd, 1));
    assert_eq!(reject(b"1 2"), (ErrorKind::TrailingCharacters, 2));
    assert_eq!(reject(b"[] []"), (ErrorKind::TrailingCharacters, 3));
}

#[test]
fn whitespace_is_four_bytes_only() {
    for bad in [&b"\x0b1"[..], b"\x0c1", b"\xc2\xa01", b"[1,\x0b2]"] {
        reject(bad);
    }
    assert_eq!(
        accept(b"[\t1\n,\r2 ]"),
        Any::Arr(vec![Any::Num(1.0), Any::Num(2.0)])
    );
}

#[test]
fn literals_are_lowercase_and_exact() {
    assert_eq!(accept(b"true"), Any::Bool(true));
    assert_eq!(accept(b"false"), Any::Bool(false));
    assert_eq!(accept(b"null"), Any::Null);
    for bad in [
        &b"True"[..],
        b"FALSE",
        b"nul",
        b"nulll",
        b"t",
        b"truee",
        b"fals e",
    ] {
        reject(bad);
    }
    assert_eq!(reject(b"True"), (ErrorKind::InvalidNumber, 0));
    assert_eq!(reject(b"[tru]"), (ErrorKind::ExpectedBool, 1));
    assert_eq!(reject(b"truex"), (ErrorKind::TrailingCharacters, 4));
}

#[test]
fn numbers_follow_the_grammar() {
    for (text, v) in [
        (&b"0"[..], 0.0),
        (b"-0", -0.0),
        (b"7", 7.0),
        (b"-12", -12.0),
        (b"1.5", 1.5),
        (b"0.25", 0.25),
        (b"1e3", 1e3),
        (b"1E3", 1e3),
        (b"1e+3", 1e3),
        (b"1e-3", 1e-3),
        (b"-1.25E+02", -125.0),
        (b"123456789012345678901234567890", 1.2345678901234568e29),
    ] {
        assert_eq!(
            accept(text),
            Any::Num(v),
            "{}",
            String::from_utf8_lossy(text)
        );
    }
    // int = zero / ( digit1-9 *DIGIT ); frac = "." 1*DIGIT; exp = e [ minus / plus ] 1*DIGIT
    for bad in [
        &b"01"[..],
        b"-01",
        b"+1",
        b".5",
        b"1.",
        b"1.e3",
        b"1e",
        b"1e+",
        b"-",
        b"--1",
        b"0x10",
        b"1.5.",
        b"Infinity",
        b"NaN",
        b"-Infinity",
        b"1_000",
    ] {
        reject(bad);
    }
}

#[test]
fn strings_follow_the_grammar() {
    assert_eq!(accept(br#""""#), Any::Str(String::new()));
    assert_eq!(accept(b"\" !#[]~\x7f\""), Any::Str(" !#[]~\u{7f}".into()));
    // Every escape of section 7.
    assert_eq!(
        accept(br#""\"\\\/\b\f\n\r\t\u0000\uFFFF\ud83d\ude00""#),
        Any::Str("\"\\/\u{8}\u{c}\n\r\t\u{0}\u{ffff}😀".into())
    );
    // All of U+0080..U+10FFFF unescaped, as UTF-8.
    assert_eq!(
        accept("\"é€𝄞\u{10ffff}\"".as_bytes()),
        Any::Str("é€𝄞\u{10ffff}".into())
    );
    for c in 0u8..0x20 {
        assert_eq!(
            reject(&[b'"', c, b'"']),
            (ErrorKind::ControlCharacterInString, 1),
            "{c}"
        );
    }
    assert_eq!(reject(br#""\a""#), (ErrorKind::InvalidEscape, 1));
    assert_eq!(reject(br#""\U0041""#), (ErrorKind::InvalidEscape, 1));
    assert_eq!(reject(br#""\u004""#), (ErrorKind::InvalidUnicodeEscape, 1));
    assert_eq!(reject(br#""\ud800""#), (ErrorKind::LoneSurrogate, 1));
    assert_eq!(reject(br#""\udfff\ud800""#), (ErrorKind::LoneSurrogate, 1));
    assert_eq!(reject(br#""\ud800\ud800""#), (ErrorKind::LoneSurrogate, 1));
    assert_eq!(reject(br#"'single'"#).0, ErrorKind::InvalidNumber);
    assert_eq!(reject(br#""unterminated"#), (ErrorKind::UnexpectedEnd, 13));
}

#[test]
fn strings_are_utf8() {
    for (bad, at) in [
        (&b"\"\x80\""[..], 1),
        (b"\"\xc0\xaf\"", 1),
        (b"\"ab\xed\xa0\x80\"", 3),
        (b"\"\xf4\x90\x80\x80\"", 1),
        (b"\"\xe2\x82\"", 1),
        (b"\"0123456789\xff\"", 11),
    ] {
        assert_eq!(reject(bad), (ErrorKind::InvalidUtf8, at), "{bad:?}");
    }
}

#[test]
fn arrays_follow_the_grammar() {
    assert_eq!(accept(b"[]"), Any::Arr(vec![]));
    assert_eq!(accept(b"[ ]"), Any::Arr(vec![]));
    assert_eq!(
        accept(b"[[],[[]]]"),
        Any::Arr(vec![Any::Arr(vec![]), Any::Arr(vec![Any::Arr(vec![])])])
    );
    assert_eq!(accept(br#"[1,"a",null,true,{}]"#), {
        Any::Arr(vec![
            Any::Num(1.0),
            Any::Str("a".into()),
            Any::Null,
            Any::Bool(true),
            Any::Obj(vec![]),
        ])
    });
    assert_eq!(reject(b"[1,]"), (ErrorKind::TrailingComma, 3));
    assert_eq!(reject(b"[,1]"), (ErrorKind::InvalidNumber, 1));
    assert_eq!(reject(b"[1 2]"), (ErrorKind::ExpectedCommaOrArrayEnd, 3));
    assert_eq!(reject(b"[1;2]"), (ErrorKind::ExpectedCommaOrArrayEnd, 2));
    assert_eq!(reject(b"[1"), (ErrorKind::UnexpectedEnd, 2));
    assert_eq!(reject(b"[1}"), (ErrorKind::ExpectedCommaOrArrayEnd, 2));
    assert_eq!(reject(b"]"), (ErrorKind::InvalidNumber, 0));
}

#[test]
fn objects_follow_the_grammar() {
    assert_eq!(accept(b"{}"), Any::Obj(vec![]));
    assert_eq!(
        accept(br#"{ "a" : 1 , "b":[true] }"#),
        Any::Obj(vec![
            ("a".into(), Any::Num(1.0)),
            ("b".into(), Any::Arr(vec![Any::Bool(true)]))
        ])
    );
    assert_eq!(
        accept(br#"{"\u0041":{}}"#),
        Any::Obj(vec![("A".into(), Any::Obj(vec![]))])
    );
    // Duplicate names are allowed by the grammar.
    assert_eq!(
        accept(br#"{"a":1,"a":2}"#),
        Any::Obj(vec![
            ("a".into(), Any::Num(1.0)),
            ("a".into(), Any::Num(2.0))
        ])
    );
    assert_eq!(reject(br#"{"a":1,}"#), (ErrorKind::TrailingComma, 7));
    assert_eq!(reject(br#"{a:1}"#), (ErrorKind::ExpectedString, 1));
    assert_eq!(reject(br#"{1:1}"#), (ErrorKind::InvalidType("a string"), 1));
    assert_eq!(reject(br#"{"a" 1}"#), (ErrorKind::ExpectedColon, 5));
    assert_eq!(reject(br#"{"a"=1}"#), (ErrorKind::ExpectedColon, 4));
    assert_eq!(reject(br#"{"a":}"#).0, ErrorKind::InvalidNumber);
    assert_eq!(
        reject(br#"{"a":1 "b":2}"#),
        (ErrorKind::ExpectedCommaOrObjectEnd, 7)
    );
    assert_eq!(
        reject(br#"{"a":1]"#),
        (ErrorKind::ExpectedCommaOrObjectEnd, 6)
    );
    assert_eq!(reject(br#"{"a""#), (ErrorKind::UnexpectedEnd, 4));
    assert_eq!(reject(br#"{"a\x":1}"#), (ErrorKind::InvalidEscape, 3));
    assert_eq!(reject(b"{\"\xff\":1}"), (ErrorKind::InvalidUtf8, 2));
}

#[test]
fn nesting_is_limited() {
    // `Any` recurses through the reader once per level; unoptimized frames are large, so give
    // the 128 levels room.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(nesting)
        .unwrap()
        .join()
        .unwrap();
}

fn nesting() {
    let ok = format!("{}{}", "[".repeat(128), "]".repeat(128));
    accept(ok.as_bytes());
    let deep = format!("{}{}", "[".repeat(129), "]".repeat(129));
    assert_eq!(reject(deep.as_bytes()), (ErrorKind::DepthLimit, 128));
    let huge = "[".repeat(1_000_000);
    assert_eq!(reject(huge.as_bytes()), (ErrorKind::DepthLimit, 128));
    let objects = "{\"a\":".repeat(200);
    assert_eq!(reject(objects.as_bytes()), (ErrorKind::DepthLimit, 128 * 5));
}
