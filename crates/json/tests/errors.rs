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
    fails::<BTreeMap<String, u8>>(b"[]", InvalidType("an object"), 0);
    fails::<Vec<u8>>(b" {}", InvalidType("an array"), 1);
    fails::<String>(b"12", InvalidType("a string"), 0);
    fails::<Vec<u8>>(b"x", ExpectedArray, 0);
    fails::<String>(b"x", ExpectedString, 0);
    let err = from_slice::<&str>(b"null").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (InvalidType("a string"), 0));
    fails::<BTreeMap<String, u8>>(b"{1:2}", InvalidType("a string"), 1);
    fails::<BTreeMap<String, u8>>(br#"{"a" 1}"#, ExpectedColon, 5);
    fails::<BTreeMap<String, u8>>(br#"{"a":1 "b":2}"#, ExpectedCommaOrObjectEnd, 7);
    fails::<Vec<u8>>(b"[1 2]", ExpectedCommaOrArrayEnd, 3);
    fails::<Vec<u8>>(b"[1,]", TrailingComma, 3);
    fails::<BTreeMap<String, u8>>(br#"{"a":1, }"#, TrailingComma, 8);
    fails::<bool>(b"trUe and more", ExpectedBool, 0);
    fails::<bool>(b"fals", UnexpectedEnd, 4);
    fails::<bool>(b"nope", ExpectedBool, 0);
    fails::<bool>(b"1", InvalidType("a boolean"), 0);
    fails::<()>(b"nil", ExpectedNull, 0);
    fails::<Option<u8>>(b"nulL", ExpectedNull, 0);
}

#[test]
fn numbers() {
    fails::<u8>(b"01", InvalidNumber, 1);
    fails::<u8>(b"x", InvalidNumber, 0);
    fails::<u8>(b"-1", NumberOutOfRange, 0);
    fails::<i32>(b"1.5", InvalidType("i32"), 0);
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
    fails::<Vec<Vec<u8>>>(b"[[[1]]]", InvalidType("u8"), 2);
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
        "invalid number at /2, line 3 column 2 (byte 9): ` x]`"
    );
    let err = from_str::<common::Record>("{}").unwrap_err();
    assert_eq!(
        err.to_string(),
        "missing field `testStrings` at line 1 column 3 (byte 2): `{}`"
    );
    let e: &dyn std::error::Error = &err;
    assert!(!e.to_string().is_empty());
}

/// The messages a user sees, whole: what was expected and found, the key or variant, the path,
/// line, column, offset and excerpt. The config mirrors a firmware or service config file.
mod messages {
    use std::collections::BTreeMap;
    use structio_derive::Json;
    use structio_json::{from_slice_with, from_str, ReadOptions};

    #[derive(Json, Debug)]
    #[structio(deny_unknown_fields)]
    struct Config {
        name: String,
        mode: Mode,
        rate_hz: u32,
        network: Network,
        channels: Vec<Channel>,
    }

    #[derive(Json, Debug)]
    #[structio(rename_all = "lowercase")]
    enum Mode {
        Fast,
        Slow,
    }

    #[derive(Json, Debug)]
    struct Network {
        host: String,
        port: u16,
    }

    #[derive(Json, Debug)]
    struct Channel {
        pin: u8,
        gain: f32,
        on: bool,
    }

    /// A valid config with `field` replaced by `value` (the whole member text).
    fn config(member: &str, replacement: &str) -> String {
        let good = r#"{
  "name": "pump",
  "mode": "fast",
  "rate_hz": 1000,
  "network": {"host": "10.0.0.1", "port": 8080},
  "channels": [{"pin": 1, "gain": 0.5, "on": true}, {"pin": 2, "gain": 1.5, "on": false}]
}"#;
        assert!(good.contains(member), "{member}");
        good.replacen(member, replacement, 1)
    }

    #[track_caller]
    fn says<T: for<'de> structio_json::JsonRead<'de> + std::fmt::Debug>(text: &str, message: &str) {
        let err = from_str::<T>(text).unwrap_err();
        assert_eq!(err.to_string(), message, "input {text:?}");
    }

    #[track_caller]
    fn config_says(member: &str, replacement: &str, message: &str) {
        says::<Config>(&config(member, replacement), message);
    }

    #[test]
    fn the_good_config_reads() {
        from_str::<Config>(&config("", "")).unwrap();
    }

    #[test]
    fn wrong_types_name_what_was_expected_and_found() {
        config_says(
            r#""port": 8080"#,
            r#""port": "8080""#,
            r#"invalid type: string "8080", expected u16 at /network/port, line 5 column 43 (byte 99): `"port": "8080"},`"#,
        );
        config_says(
            r#""pin": 2"#,
            r#""pin": null"#,
            r#"invalid type: null, expected u8 at /channels/1/pin, line 6 column 61 (byte 166): `{"pin": null, "gain": 1.`"#,
        );
        config_says(
            r#""pin": 1"#,
            r#""pin": 3.0"#,
            r#"invalid type: floating point `3.0`, expected u8 at /channels/0/pin, line 6 column 24 (byte 129): `{"pin": 3.0, "gain": 0.5`"#,
        );
        config_says(
            r#""on": true"#,
            r#""on": 1"#,
            r#"invalid type: integer `1`, expected a boolean at /channels/0/on, line 6 column 46 (byte 151): `, "on": 1}, {"pin": 2, "`"#,
        );
        config_says(
            r#""gain": 1.5"#,
            r#""gain": "1.5""#,
            r#"invalid type: string "1.5", expected f32 at /channels/1/gain, line 6 column 72 (byte 177): `"gain": "1.5", "on": fal`"#,
        );
        config_says(
            r#""name": "pump""#,
            r#""name": 7"#,
            r#"invalid type: integer `7`, expected a string at /name, line 2 column 11 (byte 12): `"name": 7,`"#,
        );
        config_says(
            r#""network": {"host": "10.0.0.1", "port": 8080}"#,
            r#""network": ["10.0.0.1", 8080]"#,
            r#"invalid type: array, expected an object at /network, line 5 column 14 (byte 70): `twork": ["10.0.0.1", 808`"#,
        );
        config_says(
            r#""channels": [{"pin": 1, "gain": 0.5, "on": true}, {"pin": 2, "gain": 1.5, "on": false}]"#,
            r#""channels": {"pin": 1}"#,
            r#"invalid type: object, expected an array at /channels, line 6 column 15 (byte 120): `nnels": {"pin": 1}`"#,
        );
        config_says(
            r#""rate_hz": 1000"#,
            r#""rate_hz": true"#,
            r#"invalid type: boolean `true`, expected u32 at /rate_hz, line 4 column 14 (byte 51): `te_hz": true,`"#,
        );
        says::<Vec<i64>>(
            r#"[1, 2, 1e3]"#,
            "invalid type: floating point `1e3`, expected i64 at /2, line 1 column 8 (byte 7): `[1, 2, 1e3]`",
        );
        says::<BTreeMap<String, bool>>(
            r#"{"a": true, "b": "yes"}"#,
            r#"invalid type: string "yes", expected a boolean at /b, line 1 column 18 (byte 17): `e, "b": "yes"}`"#,
        );
        says::<(u8, String)>(
            r#"[1, [2]]"#,
            "invalid type: array, expected a string at /1, line 1 column 5 (byte 4): `[1, [2]]`",
        );
    }

    #[test]
    fn numbers_out_of_range_show_the_number() {
        config_says(
            r#""port": 8080"#,
            r#""port": 80800"#,
            "number out of range for the destination type: `80800` at /network/port, line 5 column 43 (byte 99): `\"port\": 80800},`",
        );
        config_says(
            r#""pin": 2"#,
            r#""pin": -2"#,
            "number out of range for the destination type: `-2` at /channels/1/pin, line 6 column 61 (byte 166): `{\"pin\": -2, \"gain\": 1.5,`",
        );
        says::<f32>("1e39", "number out of range for the destination type: `1e39` at line 1 column 1 (byte 0): `1e39`");
    }

    #[test]
    fn keys_and_variants_are_named() {
        config_says(
            r#""rate_hz": 1000"#,
            r#""rate_khz": 1"#,
            "unknown field `rate_khz`, expected one of `name`, `mode`, `rate_hz`, `network`, `channels` at /rate_khz, line 4 column 3 (byte 40): `  \"rate_khz\": 1,`",
        );
        config_says(
            r#""rate_hz": 1000,"#,
            "",
            "missing field `rate_hz` at line 7 column 2 (byte 181): `}`",
        );
        config_says(
            r#""mode": "fast""#,
            r#""mode": "turbo""#,
            "unknown variant `turbo`, expected one of `fast`, `slow` at /mode, line 3 column 11 (byte 30): `\"mode\": \"turbo\",`",
        );
        config_says(
            r#""mode": "fast""#,
            r#""mode": 3"#,
            "invalid type: integer `3`, expected enum Mode (one of `fast`, `slow`) at /mode, line 3 column 11 (byte 30): `\"mode\": 3,`",
        );
        config_says(
            r#""host": "10.0.0.1", "#,
            "",
            "missing field `host` at /network, line 5 column 28 (byte 84): `\": 8080},`",
        );
        let text = r#"{"a": 1, "a": 2}"#;
        let err = from_slice_with::<BTreeMap<String, u8>>(
            text.as_bytes(),
            ReadOptions::new().deny_duplicate_keys(true),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "duplicate key: `a` at /a, line 1 column 10 (byte 9): `\"a\": 1, \"a\": 2}`"
        );
    }

    #[test]
    fn syntax_errors_keep_their_position_and_path() {
        config_says(
            r#""port": 8080}"#,
            r#""port": 8080 "tls": true}"#,
            "expected `,` or `}` at /network/port, line 5 column 48 (byte 104): `\": 8080 \"tls\": true},`",
        );
        config_says(
            r#""gain": 0.5"#,
            r#""gain": .5"#,
            "invalid number at /channels/0/gain, line 6 column 35 (byte 140): `\"gain\": .5, \"on\": true},`",
        );
        config_says(
            r#""on": false"#,
            r#""on": fals"#,
            "expected `true` or `false` at /channels/1/on, line 6 column 83 (byte 188): `, \"on\": fals}]`",
        );
        config_says(
            r#""name": "pump""#,
            r#""name": "pu\mp""#,
            "invalid escape at /name, line 2 column 14 (byte 15): `me\": \"pu\\mp\",`",
        );
        config_says(
            r#""host": "10.0.0.1""#,
            "\"host\": \"10.0\u{1}.1\"",
            "control character in string at /network/host, line 5 column 28 (byte 84): `\": \"10.0\\u{1}.1\", \"port\": 80`",
        );
        config_says(
            r#", {"pin": 2"#,
            r#",, {"pin": 2"#,
            "expected `{` at /channels/1, line 6 column 52 (byte 157): `: true},, {\"pin\": 2, \"ga`",
        );
        config_says(
            r#""on": false}]"#,
            r#""on": false},]"#,
            "trailing comma at /channels, line 6 column 90 (byte 195): ` false},]`",
        );
        config_says(
            r#""rate_hz": 1000"#,
            r#""rate_hz" 1000"#,
            "expected `:` after an object key at /rate_hz, line 4 column 13 (byte 50): `ate_hz\" 1000,`",
        );
        says::<Config>(
            &config("", "")[..120],
            "unexpected end of input at /channels, line 6 column 15 (byte 120): `nnels\": `",
        );
        says::<Vec<u8>>(
            "[1, 2] 3",
            "trailing characters after the value at line 1 column 8 (byte 7): `[1, 2] 3`",
        );
        says::<String>(
            "\"caf\u{e9}",
            "unexpected end of input at line 1 column 7 (byte 6): `\"café`",
        );
        let err = structio_json::from_slice::<String>(b"\"ok \xff\"").unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid UTF-8 in string at line 1 column 5 (byte 4): `\"ok \\xff\"`"
        );
    }

    #[test]
    fn limits_name_the_path() {
        let err = from_slice_with::<Vec<Vec<Vec<u8>>>>(
            b"[[], [[1], [[2]]]]",
            ReadOptions::new().max_depth(2),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "nesting too deep at /1/0, line 1 column 7 (byte 6): `[[], [[1], [[2]]]]`"
        );
        says::<[u8; 2]>(
            "[1, 2, 3]",
            "too many elements for the destination at /2, line 1 column 8 (byte 7): `[1, 2, 3]`",
        );
        says::<(u8, u8)>(
            "[1]",
            "too few elements for the destination at line 1 column 3 (byte 2): `[1]`",
        );
        says::<char>(
            r#""ab""#,
            "expected a string of one character at line 1 column 1 (byte 0): `\"ab\"`",
        );
        // Past the depth limit the path keeps its deepest levels, and says it was cut.
        let err = structio_json::validate("[".repeat(200).as_bytes()).unwrap_err();
        assert!(err.path().is_cut());
        assert_eq!(err.path().to_string(), format!("…{}", "/0".repeat(16)));
    }
}

/// The error every reader returns is one pointer (its line, column and excerpt sit behind it),
/// so that a `Result<bool>` comes back in registers.
#[test]
fn an_error_is_one_pointer() {
    assert_eq!(
        std::mem::size_of::<structio_json::Error>(),
        std::mem::size_of::<usize>()
    );
}
