//! Reading and writing JSON text: every kind, number edge cases, escapes, and every error path.

use structio_value::{
    from_slice, from_slice_with_depth, from_str, value, ErrorKind, Kind, Reader, Value,
};

fn kind_at(input: &[u8]) -> (ErrorKind, usize) {
    let e = from_slice(input).unwrap_err();
    (e.kind(), e.offset())
}

#[test]
fn reads_every_kind() {
    let v = from_str(
        r#" { "n" : null , "t":true,"f":false, "a":[1,-1,1.5,"s",[],{}] , "o":{"k":"v"} } "#,
    )
    .unwrap();
    assert_eq!(
        v,
        value!({"n": null, "t": true, "f": false, "a": [1, -1, 1.5, "s", [], {}], "o": {"k": "v"}})
    );
    assert_eq!(from_str("\t\r\n 7 \n").unwrap(), 7);
    assert_eq!(from_str("\"at the very end\"").unwrap(), "at the very end");
    assert_eq!(from_str("\"ab\"").unwrap(), "ab");
    assert_eq!(from_str("[\"ab\"]").unwrap(), value!(["ab"]));
    assert_eq!(
        from_str("[\"日本語のテキスト、長めの文字列\", \"é\"]").unwrap()[0],
        "日本語のテキスト、長めの文字列"
    );
    assert_eq!(
        from_str("{\"ключ\": \"\\u0041é\\n\"}").unwrap()["ключ"],
        "Aé\n"
    );
    let long = "x".repeat(1000);
    assert_eq!(
        from_str(&format!("[\"{long}\"]")).unwrap()[0],
        long.as_str()
    );
    // Indentation runs longer than eight spaces.
    assert_eq!(
        from_str("[\n                   1,\n                  2]").unwrap(),
        value!([1, 2])
    );
}

#[test]
fn integers_are_kept_whole() {
    let cases: [(&str, Value); 9] = [
        ("18446744073709551615", Value::from(u64::MAX)),
        ("-9223372036854775808", Value::from(i64::MIN)),
        ("1234567890123456789", Value::from(1234567890123456789u64)),
        ("0", Value::from(0)),
        ("-1", Value::from(-1)),
        ("-0", Value::from(-0.0)),
        ("18446744073709551616", Value::from(18446744073709551616.0)),
        ("-9223372036854775809", Value::from(-9223372036854775809.0)),
        (
            "123456789012345678901234567890",
            Value::from(123456789012345678901234567890.0),
        ),
    ];
    for (text, want) in cases {
        let v = from_str(text).unwrap();
        assert_eq!(v, want, "{text}");
        assert_eq!(v.kind(), want.kind(), "{text}");
    }
    assert_eq!(from_str("-12345678901234567890").unwrap().kind(), Kind::F64);
    assert_eq!(from_str("-10000000000000000000").unwrap().kind(), Kind::F64);
    assert_eq!(
        from_str("[10000000000000000000]").unwrap()[0],
        10000000000000000000u64
    );
}

#[test]
fn floats_are_correctly_rounded() {
    for text in [
        "0.1",
        "1.5",
        "-2.5e-3",
        "1E2",
        "1e+2",
        "1e22",
        "1e23",
        "9007199254740993.0",
        "0.30000000000000004",
        "-65.613616999999977",
        "2.2250738585072014e-308",
        "5e-324",
        "1.7976931348623157e308",
        "123.456e-30",
        "0.000001234",
        "12345678901234567890.5",
        "0e999999",
        "1e-999999",
    ] {
        let v = from_str(text).unwrap();
        assert_eq!(v.as_f64(), Some(text.parse::<f64>().unwrap()), "{text}");
        assert!(v.is_f64(), "{text}");
        let back = from_str(&v.to_string()).unwrap();
        assert_eq!(back, v, "{text} -> {v}");
    }
}

#[test]
fn escapes_are_decoded() {
    let v =
        from_str(r#"["\"\\\/\b\f\n\r\t\u00e9\u20AC\ud83d\ude00 tail", {"k\ney": 1, "plain": 2}]"#)
            .unwrap();
    assert_eq!(v[0], "\"\\/\u{8}\u{c}\n\r\t\u{e9}\u{20ac}\u{1f600} tail");
    assert_eq!(v[1]["k\ney"], 1);
    assert_eq!(v[1]["plain"], 2);
    assert_eq!(from_str(r#""\u0041""#).unwrap(), "A");
    // Written back escaped the way serde_json escapes.
    assert_eq!(
        v[0].to_string(),
        "\"\\\"\\\\/\\b\\f\\n\\r\\t\u{e9}\u{20ac}\u{1f600} tail\""
    );
}

/// Escaped keys' text stays in the reader until the document ends, while objects close around
/// it: keys of nested and sibling objects, escaped and not, interleaved, must each come back.
#[test]
fn escaped_keys_of_nested_and_sibling_objects_come_back() {
    let text = r#"{"a\u0062": {"c\u0064": 1, "e": {"\u0066": 2}, "g\n": 3},
        "h": [{"\u0069": 4}, {"j": 5}, {"k\tl": {"m": 6, "\u006e": 7}}], "o\u0070": 8}"#;
    let v = from_str(text).unwrap();
    let want = structio_value::value!({
        "ab": {"cd": 1, "e": {"f": 2}, "g\n": 3},
        "h": [{"i": 4}, {"j": 5}, {"k\tl": {"m": 6, "n": 7}}],
        "op": 8
    });
    assert_eq!(v, want);
    // Read again by the same thread's reader: nothing of the last document's keys is left.
    assert_eq!(
        from_str(r#"{"\u0071": {"r": 9}}"#).unwrap(),
        structio_value::value!({"q": {"r": 9}})
    );
}

#[test]
fn objects_keep_one_member_per_key_in_order() {
    let v = from_str(r#"{"b":1,"a":2,"b":3}"#).unwrap();
    let o = v.as_object().unwrap();
    assert_eq!(o.keys().collect::<Vec<_>>(), ["b", "a"]);
    assert_eq!(v["b"], 3);
    // Large objects get an index; a repeated key holds its last value at its first position.
    let mut text = String::from("{");
    for i in 0..100 {
        text.push_str(&format!("\"k{}\":{i},", 99 - i));
    }
    text.push_str("\"k5\":\"dup\",\"esc\\u0061ped\":true}");
    let v = from_str(&text).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 101);
    assert_eq!(v["k5"], "dup");
    assert_eq!(
        v.as_object().unwrap().get_index(94).map(|(k, _)| k),
        Some("k5")
    );
    assert_eq!(v["k99"], 0);
    assert_eq!(v["escaaped"], Value::NULL);
    assert_eq!(v["escaped"], true);
    assert!(v["k100"].is_null());
}

#[test]
fn round_trips_through_text() {
    let v = value!({"a": [1, -2, 3.25, 1e300, -0.0, 1.0, "é\u{1}", null, true], "b": {"c": {}}, "d": []});
    for text in [
        structio_value::to_vec(&v),
        structio_value::to_vec_pretty(&v),
    ] {
        assert_eq!(from_slice(&text).unwrap(), v);
    }
    assert_eq!(value!(1.0).to_string(), "1.0");
    assert_eq!(value!(1e300).to_string(), "1E300");
    assert_eq!(value!(-0.0).to_string(), "-0.0");
}

/// Compact and pretty text of containers nested past the depth whose indentation the writer
/// copies from a table (32 levels), every level holding scalars of each kind around the next
/// one, against text built here line by line.
#[test]
fn deep_nesting_writes_the_same_text_at_every_depth() {
    fn nest(depth: usize, max: usize) -> Value {
        let inner = if depth == max {
            Value::NULL
        } else {
            nest(depth + 1, max)
        };
        if depth.is_multiple_of(2) {
            value!([1, -2, 0.5, "s", true, inner, {}, []])
        } else {
            value!({"k": inner, "n": 18446744073709551615u64})
        }
    }
    fn pretty(depth: usize, max: usize, ind: usize) -> String {
        let pad = |n: usize| " ".repeat(2 * n);
        let inner = if depth == max {
            "null".to_string()
        } else {
            pretty(depth + 1, max, ind + 1)
        };
        let (i, j) = (pad(ind + 1), pad(ind));
        if depth.is_multiple_of(2) {
            let items = ["1", "-2", "0.5", "\"s\"", "true", &inner, "{}", "[]"];
            let body: Vec<String> = items.iter().map(|x| format!("{i}{x}")).collect();
            format!("[\n{}\n{j}]", body.join(",\n"))
        } else {
            format!("{{\n{i}\"k\": {inner},\n{i}\"n\": 18446744073709551615\n{j}}}")
        }
    }
    fn compact(depth: usize, max: usize) -> String {
        let inner = if depth == max {
            "null".to_string()
        } else {
            compact(depth + 1, max)
        };
        if depth.is_multiple_of(2) {
            format!("[1,-2,0.5,\"s\",true,{inner},{{}},[]]")
        } else {
            format!("{{\"k\":{inner},\"n\":18446744073709551615}}")
        }
    }
    for max in [0, 1, 2, 5, 31, 32, 33, 40] {
        let v = nest(0, max);
        assert_eq!(v.to_string(), compact(0, max), "depth {max}");
        assert_eq!(format!("{v:#}"), pretty(0, max, 0), "depth {max}");
        assert_eq!(from_str(&format!("{v:#}")).unwrap(), v, "depth {max}");
    }
}

#[test]
fn reader_is_reusable_after_errors() {
    let mut r = Reader::new();
    assert!(r.read(b"{\"a\":[1,2").is_err());
    assert_eq!(r.read(b"{\"a\":[1,2]}").unwrap(), value!({"a": [1, 2]}));
    assert_eq!(
        r.read(b"\"\xff\"").unwrap_err().kind(),
        ErrorKind::InvalidUtf8
    );
    assert_eq!(
        r.read(b"\xff").unwrap_err().kind(),
        ErrorKind::ExpectedValue
    );
    assert!(Reader::default().read(b"[]").is_ok());
}

#[test]
fn every_error_has_its_kind_and_offset() {
    use ErrorKind::*;
    let cases: &[(&[u8], ErrorKind, usize)] = &[
        (b"", UnexpectedEnd, 0),
        (b"  ", UnexpectedEnd, 2),
        (b"[1", UnexpectedEnd, 2),
        (b"[1,", UnexpectedEnd, 3),
        (b"{\"a\"", UnexpectedEnd, 4),
        (b"{\"a\":1", UnexpectedEnd, 6),
        (b"{", UnexpectedEnd, 1),
        (b"{\"a", UnexpectedEnd, 3),
        (b"\"abc", UnexpectedEnd, 4),
        (b"\"ab\\", UnexpectedEnd, 4),
        (b"\"a\\nb", UnexpectedEnd, 5),
        (b"\"\\u12", UnexpectedEnd, 5),
        (b"-", UnexpectedEnd, 1),
        (b"1.", UnexpectedEnd, 2),
        (b"1e", UnexpectedEnd, 2),
        (b"1e+", UnexpectedEnd, 3),
        (b"x", ExpectedValue, 0),
        (b"[x]", ExpectedValue, 1),
        (b"]", ExpectedValue, 0),
        (b"[1,]", TrailingComma, 3),
        (b"[1 , ]", TrailingComma, 5),
        (b"{\"a\":1,}", TrailingComma, 7),
        (b"{1:2}", ExpectedString, 1),
        (b"{\"a\":1,2}", ExpectedString, 7),
        (b"{}}", TrailingCharacters, 2),
        (b"{\"a\" 1}", ExpectedColon, 5),
        (b"\"a\x01\"", ControlCharacterInString, 2),
        (b"{\"a\x1f\":1}", ControlCharacterInString, 3),
        (b"\"a\\n\x01\"", ControlCharacterInString, 4),
        (b"01", InvalidNumber, 1),
        (b"-01", InvalidNumber, 2),
        (b"-x", InvalidNumber, 1),
        (b"1.x", InvalidNumber, 2),
        (b"1ex", InvalidNumber, 2),
        (b"1e400", NumberOutOfRange, 0),
        (b"[-1e400]", NumberOutOfRange, 1),
        (b"\"\\x\"", InvalidEscape, 2),
        (b"\"\\u12G4\"", InvalidUnicodeEscape, 5),
        (b"\"\\ud800\"", LoneSurrogate, 1),
        (b"\"\\ud800\\u0041\"", LoneSurrogate, 1),
        (b"\"\\ud800\\u", UnexpectedEnd, 9),
        (b"\"\\udc00\"", LoneSurrogate, 1),
        (b"1 2", TrailingCharacters, 2),
        (b"[1 2]", ExpectedCommaOrArrayEnd, 3),
        (b"{\"a\":1 \"b\":2}", ExpectedCommaOrObjectEnd, 7),
        (b"tru", ExpectedBool, 0),
        (b"fals", ExpectedBool, 0),
        (b"nul", ExpectedNull, 0),
        (b"[\"\xff\"]", InvalidUtf8, 2),
        (b"[\"ab\xc3\"]", InvalidUtf8, 4),
        (b"[\"\xc3\xa9\xff\"]", InvalidUtf8, 4),
        (b"[\"\\n\xe9\"]", InvalidUtf8, 4),
        (b"{\"\xe9\":1}", InvalidUtf8, 2),
        (b"{\"a\\n\xe9\":1}", InvalidUtf8, 5),
        (b"\"\xc3\xa9\x01\"", ControlCharacterInString, 3),
        (b"[1,\xff]", ExpectedValue, 3),
        (b"1\xff", TrailingCharacters, 1),
    ];
    for &(input, kind, offset) in cases {
        assert_eq!(
            kind_at(input),
            (kind, offset),
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }
    let e = from_slice(b"[1,\n  x]").unwrap_err();
    assert_eq!((e.line(), e.column()), (2, 3));
}

#[test]
fn nesting_is_limited() {
    let deep = "[".repeat(129) + &"]".repeat(129);
    assert_eq!(kind_at(deep.as_bytes()), (ErrorKind::DepthLimit, 128));
    let ok = "[".repeat(128) + &"]".repeat(128);
    assert!(from_slice(ok.as_bytes()).is_ok());
    let objects = "{\"a\":".repeat(200) + "1" + &"}".repeat(200);
    assert_eq!(
        from_slice(objects.as_bytes()).unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
    assert!(from_slice_with_depth(b"[[[]]]", 3).is_ok());
    assert_eq!(
        from_slice_with_depth(b"[[[]]]", 2).unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
    // Empty containers count as a level too.
    assert_eq!(
        from_slice_with_depth(b"[]", 0).unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
}

#[test]
fn value_inside_typed_json() {
    let v: Vec<Value> = structio_json::from_str(r#"[ 1, {"a": ["x", 2.5]} ,null]"#).unwrap();
    assert_eq!(v, vec![value!(1), value!({"a": ["x", 2.5]}), value!(null)]);
    let text = structio_json::to_string(&v).unwrap();
    assert_eq!(text, r#"[1,{"a":["x",2.5]},null]"#);
    let pretty =
        structio_json::to_string_pretty(&value!({"a": [1.0, -1, true], "b": {}, "c": []})).unwrap();
    assert_eq!(
        structio_value::from_str(&pretty).unwrap(),
        value!({"a": [1.0, -1, true], "b": {}, "c": []})
    );
    assert_eq!(structio_json::to_string(&value!(f64::NAN)).unwrap(), "null");
    let e = structio_json::from_slice::<Vec<Value>>(b"[1, \"\xff\"]").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidUtf8);
    let e = structio_json::from_slice::<Value>(b"[1e400]").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NumberOutOfRange, 1));
    assert!(structio_json::from_slice::<Value>(b"[1,]").is_err());
}

#[test]
fn long_decimals_match_str_parse() {
    // A fixed-seed generator: 17- to 19-digit significands with exponents either side of zero,
    // the shapes of canada's coordinates and beyond.
    let mut rng = structio_testkit::Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut next = move || rng.next_u64();
    let cases = if cfg!(miri) { 300 } else { 100_000 };
    for _ in 0..cases {
        let digits = 1 + next() % 19;
        let m = next() % 10u64.pow(digits as u32);
        let point = next() % (digits + 1);
        let e = (next() % 41) as i64 - 20;
        let mut text = m.to_string();
        if point > 0 && (point as usize) < text.len() {
            text.insert(point as usize, '.');
        }
        if next() % 2 == 0 {
            text = format!("{text}e{e}");
        }
        if next() % 2 == 0 {
            text.insert(0, '-');
        }
        let v = from_str(&text).unwrap();
        let want: f64 = text.parse().unwrap();
        match v.as_f64() {
            Some(got) => assert_eq!(got.to_bits(), want.to_bits(), "{text}"),
            None => panic!("{text}"),
        }
    }
}

#[test]
fn floats_keep_their_kind_in_text() {
    for (f, text) in [
        (1.0, "1.0"),
        (-0.0, "-0.0"),
        (0.0, "0.0"),
        (123456789.0, "123456789.0"),
        (9007199254740992.0, "9007199254740992.0"),
        (1e15, "1000000000000000.0"),
        (1e16, "1E16"),
        (0.5, "0.5"),
        (-2.25, "-2.25"),
        (1e-7, "1E-7"),
        (4503599627370495.5, "4503599627370495.5"),
    ] {
        assert_eq!(Value::from(f).to_string(), text, "{f}");
        assert_eq!(from_str(text).unwrap(), Value::from(f), "{text}");
        assert!(from_str(text).unwrap().is_f64(), "{text}");
    }
}

#[test]
fn short_strings_at_either_end_of_the_input() {
    // A string at offset 1 with 14 bytes after it, and one too near the end for a 16-byte load.
    assert_eq!(from_str("\"ab\"              ").unwrap(), "ab");
    assert_eq!(from_str(" \"ab\"").unwrap(), "ab");
    assert_eq!(from_str("[\"\"]").unwrap()[0], "");
    assert_eq!(
        from_str("{\"k\":\"fourteen bytes\"}").unwrap()["k"],
        "fourteen bytes"
    );
}

#[test]
fn lookups_from_many_threads_share_one_index() {
    let text: String = format!(
        "{{{}}}",
        (0..200)
            .map(|i| format!("\"k{i}\":{i}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    let v = from_str(&text).unwrap();
    std::thread::scope(|s| {
        for t in 0..4 {
            let v = &v;
            s.spawn(move || {
                for i in (t..200).step_by(4) {
                    assert_eq!(v[format!("k{i}").as_str()], i);
                }
            });
        }
    });
}
