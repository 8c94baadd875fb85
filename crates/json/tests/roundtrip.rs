//! Every implemented type reads back what it wrote, and writing reproduces Glaze-layout input.
#![cfg(feature = "std")]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use structio_json::{
    from_slice, from_str, read_into, to_string, to_string_pretty, to_vec, JsonRead, JsonWrite,
};

fn round<T>(v: T, text: &str)
where
    T: JsonWrite + for<'de> JsonRead<'de> + PartialEq + std::fmt::Debug,
{
    assert_eq!(to_string(&v).unwrap(), text, "write");
    let back: T = from_str(text).unwrap();
    assert_eq!(back, v, "read");
    let mut into = from_str::<T>(text).unwrap();
    read_into(&mut into, text.as_bytes()).unwrap();
    assert_eq!(into, v, "read_into");
}

#[test]
fn scalars() {
    round(true, "true");
    round(false, "false");
    round(0u8, "0");
    round(u8::MAX, "255");
    round(i8::MIN, "-128");
    round(u16::MAX, "65535");
    round(i16::MIN, "-32768");
    round(u32::MAX, "4294967295");
    round(i32::MIN, "-2147483648");
    round(u64::MAX, "18446744073709551615");
    round(i64::MIN, "-9223372036854775808");
    round(u128::MAX, "340282366920938463463374607431768211455");
    round(i128::MIN, "-170141183460469231731687303715884105728");
    round(usize::MAX, &usize::MAX.to_string());
    round(isize::MIN, &isize::MIN.to_string());
    round(1.5f64, "1.5");
    round(1.0f64, "1");
    round(-0.25f32, "-0.25");
    round(1e16f64, "1E16");
    round(5e-324f64, "5E-324");
    round('x', "\"x\"");
    round('é', "\"é\"");
    round((), "null");
}

#[test]
fn non_finite_floats_are_written_null() {
    assert_eq!(to_string(&f64::NAN).unwrap(), "null");
    assert_eq!(
        to_string(&[f64::INFINITY, f64::NEG_INFINITY]).unwrap(),
        "[null,null]"
    );
    assert_eq!(to_string(&f32::NAN).unwrap(), "null");
}

#[test]
fn strings() {
    round(String::new(), r#""""#);
    round(
        String::from("plain ascii text that is longer than a word"),
        r#""plain ascii text that is longer than a word""#,
    );
    round(
        String::from("q\"b\\n\nr\rt\tb\u{8}f\u{c}"),
        r#""q\"b\\n\nr\rt\tb\bf\f""#,
    );
    round(
        String::from("\u{0}\u{1}\u{1f}\u{7f}"),
        "\"\\u0000\\u0001\\u001F\u{7f}\"",
    );
    round(String::from("ünïcødé ✓ 𝄞"), "\"ünïcødé ✓ 𝄞\"");
    round(
        String::from("0123456789abcde\"0123456789"),
        r#""0123456789abcde\"0123456789""#,
    );
}

#[test]
fn every_escape_reads() {
    let s: String =
        from_str(r#""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC \ud834\udd1e""#).unwrap();
    assert_eq!(s, "\" \\ / \u{8} \u{c} \n \r \t A é € 𝄞");
}

#[test]
fn borrowed_and_cow_strings() {
    let s: &str = from_str(r#""no escapes""#).unwrap();
    assert_eq!(s, "no escapes");
    let c: Cow<str> = from_str(r#""plain""#).unwrap();
    assert!(matches!(c, Cow::Borrowed("plain")));
    let c: Cow<str> = from_str(r#""tab\there and more""#).unwrap();
    assert!(matches!(&c, Cow::Owned(s) if s == "tab\there and more"));
    assert_eq!(to_string(&c).unwrap(), r#""tab\there and more""#);
    assert_eq!(to_string("borrowed").unwrap(), r#""borrowed""#);
}

#[test]
fn containers() {
    round(Vec::<u32>::new(), "[]");
    round(vec![1u32, 2, 3], "[1,2,3]");
    round(vec![vec![1i8], vec![], vec![-1, 2]], "[[1],[],[-1,2]]");
    round([1.5f64, 2.0, -3.25], "[1.5,2,-3.25]");
    round([0u8; 0], "[]");
    round(Some(3u8), "3");
    round(None::<u8>, "null");
    round(vec![Some(true), None], "[true,null]");
    round(Box::new(7u16), "7");
    round((1u8,), "[1]");
    round(
        (1u8, String::from("a"), [true, false]),
        r#"[1,"a",[true,false]]"#,
    );
    round(
        (1u8, 2u8, 3u8, 4u8, 5u8, 6u8, 7u8, 8u8),
        "[1,2,3,4,5,6,7,8]",
    );
    round(
        BTreeMap::from([(String::from("a"), 1u8), (String::from("b"), 2)]),
        r#"{"a":1,"b":2}"#,
    );
    round(
        BTreeMap::from([(-7i32, true), (10, false)]),
        r#"{"-7":true,"10":false}"#,
    );
    round(BTreeMap::<String, u8>::new(), "{}");
    round(
        HashMap::from([(String::from("k"), vec![1u8])]),
        r#"{"k":[1]}"#,
    );
    round(HashMap::from([(5u64, ())]), r#"{"5":null}"#);
}

#[test]
fn borrowed_map_keys() {
    let m: BTreeMap<&str, u8> = from_str(r#"{"x":1,"y":2}"#).unwrap();
    assert_eq!(m["y"], 2);
    let m: BTreeMap<Cow<str>, u8> = from_str(r#"{"\u0078":1}"#).unwrap();
    assert_eq!(m["x"], 1);
}

#[test]
fn duplicate_map_key_last_wins() {
    let m: BTreeMap<String, u8> = from_str(r#"{"a":1,"a":2}"#).unwrap();
    assert_eq!(m.len(), 1);
    assert_eq!(m["a"], 2);
}

#[test]
fn whitespace_everywhere() {
    let v: Vec<BTreeMap<String, Vec<u8>>> =
        from_str(" \t\n\r[ { \"a\" \n: [ 1 , 2 ] } , { } ] \r\n").unwrap();
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["a"], [1, 2]);
}

#[test]
fn read_into_reuses_and_truncates() {
    let mut v: Vec<String> = vec![
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".into(),
        "y".into(),
        "z".into(),
    ];
    let cap = v[0].capacity();
    let ptr = v[0].as_ptr();
    read_into(&mut v, br#"["a","b"]"#).unwrap();
    assert_eq!(v, ["a", "b"]);
    assert_eq!(v[0].capacity(), cap);
    assert_eq!(v[0].as_ptr(), ptr);
    read_into(&mut v, b"[]").unwrap();
    assert!(v.is_empty());
    let mut o: Option<Vec<u8>> = Some(vec![9; 4]);
    read_into(&mut o, b"[1]").unwrap();
    assert_eq!(o, Some(vec![1]));
    read_into(&mut o, b"null").unwrap();
    assert_eq!(o, None);
    let mut m = BTreeMap::from([(String::from("old"), 1u8)]);
    read_into(&mut m, br#"{"new":2}"#).unwrap();
    assert_eq!(m, BTreeMap::from([(String::from("new"), 2u8)]));
}

#[test]
fn from_slice_matches_from_str() {
    let a: Vec<f64> = from_slice(b"[0.1, 1e300, -2.5E-3]").unwrap();
    assert_eq!(a, [0.1, 1e300, -2.5e-3]);
    assert_eq!(to_vec(&a).unwrap(), b"[0.1,1E300,-0.0025]");
}

#[test]
fn pretty_layout_matches_glaze() {
    let v = BTreeMap::from([
        (String::from("a"), vec![1u8, 2]),
        (String::from("b"), vec![]),
    ]);
    assert_eq!(
        to_string_pretty(&v).unwrap(),
        "{\n   \"a\": [\n      1,\n      2\n   ],\n   \"b\": []\n}"
    );
    assert_eq!(
        to_string_pretty(&BTreeMap::<String, u8>::new()).unwrap(),
        "{}"
    );
    assert_eq!(
        structio_json::to_string_pretty_with(&[[1u8]], 2).unwrap(),
        "[\n  [\n    1\n  ]\n]"
    );
    // Elements of every scalar kind, each on its own line after its comma.
    assert_eq!(
        structio_json::to_string_pretty_with(&([true, false], [1.5f64, f64::NAN], [-1i8, 2]), 1)
            .unwrap(),
        "[\n [\n  true,\n  false\n ],\n [\n  1.5,\n  null\n ],\n [\n  -1,\n  2\n ]\n]"
    );
}

#[test]
fn a_long_string_with_many_escapes_round_trips() {
    let mut s = String::new();
    for i in 0..2000u32 {
        s.push(char::from_u32(i % 0x80).unwrap());
        s.push_str("abc é");
    }
    let text = to_string(&s).unwrap();
    let back: String = from_str(&text).unwrap();
    assert_eq!(back, s);
}

/// Documents in Glaze's layout (its escapes, its float text, its key order) are written back
/// byte for byte after being read.
#[test]
fn glaze_layout_documents_round_trip_byte_for_byte() {
    type Doc = BTreeMap<String, (Vec<String>, Vec<u64>, Vec<f64>, Vec<i64>, Vec<bool>)>;
    let text = concat!(
        r#"{"a":[["plain","esc \" \\ \b \f \n \r \t","ctl \u0001\u001F","utf8 é中😀",""],"#,
        r#"[0,7,1234567,18446744073709551615],"#,
        r#"[0,-0,1,-1.5,0.1,123.456,1E16,1.7976931348623157E308,5E-324,0.0001,1.5E-5,1234567890123456],"#,
        r#"[0,-1,-9223372036854775808,9223372036854775807],[true,false]],"#,
        r#""b":[[],[],[],[],[]]}"#
    );
    let doc: Doc = from_str(text).unwrap();
    assert_eq!(to_string(&doc).unwrap(), text);
    let mut again = Doc::new();
    read_into(&mut again, text.as_bytes()).unwrap();
    assert_eq!(structio_json::to_vec(&again).unwrap(), text.as_bytes());
    // And laid out, then read back to the same value.
    let pretty = to_string_pretty(&doc).unwrap();
    let back: Doc = from_str(&pretty).unwrap();
    assert_eq!(to_string(&back).unwrap(), text);
}
