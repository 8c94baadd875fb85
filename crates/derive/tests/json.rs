//! The derive against structio-json: every attribute, every struct and enum shape, borrowed
//! fields, errors with their offsets.

use std::borrow::Cow;
use structio_derive::Json;
use structio_json::{from_str, to_string, ErrorKind};

#[derive(Json, Debug, PartialEq)]
struct Config<'a> {
    name: &'a str,
    rate_hz: u32,
    gains: [f64; 3],
    enabled: bool,
    note: Option<String>,
}

#[test]
fn round_trip_and_borrow() {
    let text = r#"{"name":"pump","rate_hz":100,"gains":[1.5,0.25,0],"enabled":true,"note":null}"#;
    let c: Config = from_str(text).unwrap();
    assert_eq!(c.name, "pump");
    assert_eq!(c.rate_hz, 100);
    assert_eq!(to_string(&c).unwrap(), text);
    // The borrowed field points into the input.
    let start = text.as_ptr() as usize;
    let p = c.name.as_ptr() as usize;
    assert!(p >= start && p < start + text.len());
}

#[test]
fn any_order_whitespace_and_duplicates() {
    let text = r#" { "enabled" : false , "gains":[1,2,3], "name":"a", "rate_hz": 1, "name":"b", "rate_hz":7 } "#;
    let c: Config = from_str(text).unwrap();
    assert_eq!(
        (c.name, c.rate_hz, c.enabled, c.note),
        ("b", 7, false, None)
    );
}

#[test]
fn missing_and_unknown() {
    let e = from_str::<Config>(r#"{"name":"a","gains":[1,2,3],"enabled":true}"#).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingField("rate_hz"));
    // Unknown keys are skipped by default.
    let c: Config =
        from_str(r#"{"x":{"deep":[1,2]},"name":"a","rate_hz":1,"gains":[1,2,3],"enabled":true}"#)
            .unwrap();
    assert_eq!(c.rate_hz, 1);
}

#[derive(Json, Debug, PartialEq)]
#[structio(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[test]
fn deny_unknown_fields_errs_at_the_key() {
    let text = r#"{"a":1, "b":2}"#;
    let e = from_str::<Strict>(text).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownField);
    assert_eq!(e.offset(), text.find("\"b\"").unwrap());
}

#[derive(Json, Debug, PartialEq, Default)]
#[structio(rename_all = "camelCase")]
struct Renamed {
    first_name: String,
    #[structio(rename = "LAST")]
    last_name: String,
    #[structio(alias = "years", alias = "age_years")]
    age: u32,
    #[structio(skip)]
    cache: u64,
    #[structio(skip_serializing_if = "Option::is_none")]
    nick: Option<String>,
    #[structio(default = "seven")]
    lucky: u8,
    #[structio(default)]
    tags: Vec<String>,
}

fn seven() -> u8 {
    7
}

#[test]
fn rename_alias_skip_default() {
    let r: Renamed = from_str(r#"{"firstName":"Ada","LAST":"L","years":36,"cache":5}"#).unwrap();
    assert_eq!(r.first_name, "Ada");
    assert_eq!(r.last_name, "L");
    assert_eq!(r.age, 36);
    assert_eq!(r.cache, 0);
    assert_eq!(r.lucky, 7);
    assert!(r.tags.is_empty());
    assert_eq!(
        to_string(&r).unwrap(),
        r#"{"firstName":"Ada","LAST":"L","age":36,"lucky":7,"tags":[]}"#
    );
    let r: Renamed =
        from_str(r#"{"firstName":"A","LAST":"B","age_years":1,"nick":"x","lucky":1,"tags":["t"]}"#)
            .unwrap();
    assert_eq!(r.nick.as_deref(), Some("x"));
    assert!(to_string(&r).unwrap().contains(r#""nick":"x""#));
}

#[derive(Json, Debug, PartialEq, Default)]
#[structio(default)]
struct AllDefault {
    a: u8,
    b: String,
}

#[test]
fn container_default() {
    let v: AllDefault = from_str(r#"{"b":"x"}"#).unwrap();
    assert_eq!(
        v,
        AllDefault {
            a: 0,
            b: "x".into()
        }
    );
}

#[derive(Json, Debug, PartialEq)]
#[structio(rename_all = "SCREAMING-KEBAB-CASE")]
struct Kebab {
    one_two: u8,
}

#[test]
fn case_styles() {
    assert_eq!(
        to_string(&Kebab { one_two: 1 }).unwrap(),
        r#"{"ONE-TWO":1}"#
    );
}

#[derive(Json, Debug, PartialEq)]
struct Inner {
    x: i32,
    y: i32,
}

#[derive(Json, Debug, PartialEq)]
struct Outer {
    id: u32,
    #[structio(flatten)]
    pos: Inner,
    label: String,
}

#[test]
fn flatten() {
    let o = Outer {
        id: 1,
        pos: Inner { x: 2, y: 3 },
        label: "p".into(),
    };
    let text = to_string(&o).unwrap();
    assert_eq!(text, r#"{"id":1,"x":2,"y":3,"label":"p"}"#);
    assert_eq!(from_str::<Outer>(&text).unwrap(), o);
    assert_eq!(
        from_str::<Outer>(r#"{"y":3,"label":"p","x":2,"id":1}"#).unwrap(),
        o
    );
    let e = from_str::<Outer>(r#"{"id":1,"x":2,"label":"p"}"#).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingField("y"));
}

#[derive(Json, Debug, PartialEq)]
struct Pair(u8, String);

#[derive(Json, Debug, PartialEq)]
struct Meters(f64);

#[derive(Json, Debug, PartialEq)]
struct Nothing;

#[test]
fn tuple_newtype_unit() {
    assert_eq!(to_string(&Pair(1, "a".into())).unwrap(), r#"[1,"a"]"#);
    assert_eq!(
        from_str::<Pair>(r#"[1, "a"]"#).unwrap(),
        Pair(1, "a".into())
    );
    assert_eq!(
        from_str::<Pair>("[1]").unwrap_err().kind(),
        ErrorKind::TooFewElements
    );
    assert_eq!(
        from_str::<Pair>(r#"[1,"a",2]"#).unwrap_err().kind(),
        ErrorKind::TooManyElements
    );
    assert_eq!(to_string(&Meters(1.5)).unwrap(), "1.5");
    assert_eq!(from_str::<Meters>("2.5").unwrap(), Meters(2.5));
    assert_eq!(to_string(&Nothing).unwrap(), "null");
    assert_eq!(from_str::<Nothing>("null").unwrap(), Nothing);
}

#[derive(Json, Debug, PartialEq)]
struct Wrapper<T> {
    items: Vec<T>,
    first: Option<T>,
}

#[derive(Json, Debug, PartialEq)]
struct Borrowed<'a> {
    s: Cow<'a, str>,
    f: Vec<f64>,
}

#[test]
fn generics_and_cow() {
    let w: Wrapper<u16> = from_str(r#"{"items":[1,2],"first":3}"#).unwrap();
    assert_eq!(
        w,
        Wrapper {
            items: vec![1, 2],
            first: Some(3)
        }
    );
    assert_eq!(to_string(&w).unwrap(), r#"{"items":[1,2],"first":3}"#);
    let text = r#"{"s":"plain","f":[1,2.5]}"#; // Cow<[f64]> borrows in BEVE (tests/beve.rs)
    let b: Borrowed = from_str(text).unwrap();
    assert!(matches!(b.s, Cow::Borrowed("plain")));
    assert_eq!(&*b.f, &[1.0, 2.5]);
    let b: Borrowed = from_str(r#"{"s":"esc\n","f":[]}"#).unwrap();
    assert_eq!(b.s, "esc\n");
}

#[derive(Json, Debug, PartialEq)]
#[structio(rename_all = "snake_case")]
enum External {
    Off,
    #[structio(rename = "on")]
    On(u8),
    Pair(u8, u8),
    Move {
        dx: i32,
        dy: i32,
    },
    #[structio(alias = "Stop")]
    FullStop,
}

#[test]
fn externally_tagged() {
    let cases = [
        (External::Off, r#""off""#),
        (External::On(3), r#"{"on":3}"#),
        (External::Pair(1, 2), r#"{"pair":[1,2]}"#),
        (
            External::Move { dx: -1, dy: 2 },
            r#"{"move":{"dx":-1,"dy":2}}"#,
        ),
        (External::FullStop, r#""full_stop""#),
    ];
    for (v, text) in cases {
        assert_eq!(to_string(&v).unwrap(), text);
        assert_eq!(from_str::<External>(text).unwrap(), v);
    }
    assert_eq!(
        from_str::<External>(r#""Stop""#).unwrap(),
        External::FullStop
    );
    let e = from_str::<External>(r#"  "nope""#).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownVariant, 2));
    assert_eq!(
        from_str::<External>(r#"{"nope":1}"#).unwrap_err().kind(),
        ErrorKind::UnknownVariant
    );
}

#[derive(Json, Debug, PartialEq)]
#[structio(tag = "type")]
enum Internal {
    Ping,
    Move { dx: i32, dy: i32 },
    At(Inner),
}

#[test]
fn internally_tagged() {
    let cases = [
        (Internal::Ping, r#"{"type":"Ping"}"#),
        (
            Internal::Move { dx: 1, dy: 2 },
            r#"{"type":"Move","dx":1,"dy":2}"#,
        ),
        (
            Internal::At(Inner { x: 5, y: 6 }),
            r#"{"type":"At","x":5,"y":6}"#,
        ),
    ];
    for (v, text) in cases {
        assert_eq!(to_string(&v).unwrap(), text);
        assert_eq!(from_str::<Internal>(text).unwrap(), v);
    }
    // The tag may come last.
    assert_eq!(
        from_str::<Internal>(r#"{"dx":1,"dy":2,"type":"Move"}"#).unwrap(),
        Internal::Move { dx: 1, dy: 2 }
    );
    assert_eq!(
        from_str::<Internal>(r#"{"dx":1}"#).unwrap_err().kind(),
        ErrorKind::MissingTag
    );
    assert_eq!(
        from_str::<Internal>(r#"{"type":"Zap"}"#)
            .unwrap_err()
            .kind(),
        ErrorKind::UnknownVariant
    );
}

#[derive(Json, Debug, PartialEq)]
#[structio(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    One(String),
    Two(u8, u8),
    Named { a: bool },
}

#[test]
fn adjacently_tagged() {
    let cases = [
        (Adjacent::Unit, r#"{"t":"Unit"}"#),
        (Adjacent::One("x".into()), r#"{"t":"One","c":"x"}"#),
        (Adjacent::Two(1, 2), r#"{"t":"Two","c":[1,2]}"#),
        (
            Adjacent::Named { a: true },
            r#"{"t":"Named","c":{"a":true}}"#,
        ),
    ];
    for (v, text) in cases {
        assert_eq!(to_string(&v).unwrap(), text);
        assert_eq!(from_str::<Adjacent>(text).unwrap(), v);
    }
    assert_eq!(
        from_str::<Adjacent>(r#"{"c":[3,4],"t":"Two"}"#).unwrap(),
        Adjacent::Two(3, 4)
    );
    assert_eq!(
        from_str::<Adjacent>(r#"{"t":"One"}"#).unwrap_err().kind(),
        ErrorKind::MissingField("c")
    );
}

#[derive(Json, Debug, PartialEq)]
#[structio(untagged)]
enum Untagged {
    Num(f64),
    Text(String),
    Point { x: i32, y: i32 },
    Nil,
}

#[test]
fn untagged() {
    let cases = [
        (Untagged::Num(1.5), "1.5"),
        (Untagged::Text("a".into()), r#""a""#),
        (Untagged::Point { x: 1, y: 2 }, r#"{"x":1,"y":2}"#),
        (Untagged::Nil, "null"),
    ];
    for (v, text) in cases {
        assert_eq!(to_string(&v).unwrap(), text);
        assert_eq!(from_str::<Untagged>(text).unwrap(), v);
    }
    assert_eq!(
        from_str::<Untagged>("[1]").unwrap_err().kind(),
        ErrorKind::NoVariantMatched
    );
}

#[test]
fn read_into_reuses_fields() {
    let mut r = Renamed::default();
    structio_json::read_into(
        &mut r,
        br#"{"firstName":"Ada","LAST":"Lovelace","age":36,"tags":["a","b"]}"#,
    )
    .unwrap();
    let cap = r.first_name.capacity();
    let ptr = r.first_name.as_ptr();
    structio_json::read_into(
        &mut r,
        br#"{"firstName":"Bob","LAST":"X","age":1,"tags":["c"]}"#,
    )
    .unwrap();
    assert_eq!(r.first_name, "Bob");
    assert_eq!((r.first_name.as_ptr(), r.first_name.capacity()), (ptr, cap));
    assert_eq!(r.tags, ["c"]);
    assert_eq!(r.lucky, 7);
    let e = structio_json::read_into(&mut r, br#"{"LAST":"X","age":1}"#).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingField("firstName"));
}

#[test]
fn hostile_inputs_error_not_panic() {
    for text in [
        "",
        "{",
        "{\"name\"",
        "{\"name\":",
        "[",
        "{\"a\":1,}",
        "{\"type\":",
        "nul",
        "{}}",
        "{\"x\":[[[[",
    ] {
        let _ = from_str::<Config>(text);
        let _ = from_str::<Internal>(text);
        let _ = from_str::<Adjacent>(text);
        let _ = from_str::<Untagged>(text);
        let _ = from_str::<External>(text);
        let _ = from_str::<Outer>(text);
    }
}

mod raw_idents {
    use structio_derive::Json;

    #[derive(Json, Debug, PartialEq)]
    pub struct Keyword {
        pub r#type: u8,
    }

    #[test]
    fn raw_identifier_keys() {
        assert_eq!(
            structio_json::to_string(&Keyword { r#type: 1 }).unwrap(),
            r#"{"type":1}"#
        );
    }
}

#[derive(Json, Debug, PartialEq)]
enum WithSkip {
    Shown,
    #[structio(skip)]
    Hidden,
    #[structio(rename_all = "UPPERCASE")]
    Point {
        x_pos: i32,
    },
}

#[test]
fn skipped_variant_and_variant_rename_all() {
    assert_eq!(
        to_string(&WithSkip::Point { x_pos: 1 }).unwrap(),
        r#"{"Point":{"X_POS":1}}"#
    );
    assert_eq!(
        from_str::<WithSkip>(r#"{"Point":{"X_POS":1}}"#).unwrap(),
        WithSkip::Point { x_pos: 1 }
    );
    assert_eq!(
        to_string(&WithSkip::Hidden).unwrap_err().kind(),
        ErrorKind::UnknownVariant
    );
    assert_eq!(
        from_str::<WithSkip>(r#""Hidden""#).unwrap_err().kind(),
        ErrorKind::UnknownVariant
    );
}

/// Keys out of order take the hash path; in order, the expected-key path. Both agree, and a
/// struct of many fields (a full-hash table) finds every key.
#[derive(Json, Debug, PartialEq, Default)]
struct Wide {
    alpha: u8,
    alpine: u8,
    alps: u8,
    beta: u8,
    betamax: u8,
    gamma: u8,
    gammas: u8,
    delta: u8,
    deltas: u8,
    epsilon: u8,
}

#[test]
fn in_order_and_out_of_order() {
    let w = Wide {
        alpha: 1,
        alpine: 2,
        alps: 3,
        beta: 4,
        betamax: 5,
        gamma: 6,
        gammas: 7,
        delta: 8,
        deltas: 9,
        epsilon: 10,
    };
    let text = to_string(&w).unwrap();
    assert_eq!(from_str::<Wide>(&text).unwrap(), w);
    let reversed = r#"{"epsilon":10,"deltas":9,"delta":8,"gammas":7,"gamma":6,"betamax":5,"beta":4,"alps":3,"alpine":2,"alpha":1}"#;
    assert_eq!(from_str::<Wide>(reversed).unwrap(), w);
    // Near misses of real keys are unknown, not mistaken for a field.
    let near = r#"{"alphA":9,"alp":9,"alphaa":9,"epsilon":10,"deltas":9,"delta":8,"gammas":7,"gamma":6,"betamax":5,"beta":4,"alps":3,"alpine":2,"alpha":1}"#;
    assert_eq!(from_str::<Wide>(near).unwrap(), w);
}
