//! Real serde types through `structio_json::serde`: each reads back what it wrote, reads what
//! serde_json writes, writes what serde_json reads back to the same value, and the two texts
//! hold the same JSON value.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::time::Duration;

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// JSON values equal, numbers compared as numbers: structio writes `1.0` as `1` (Glaze's
/// layout), which serde_json reads as an integer.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            if x.is_f64() || y.is_f64() {
                x.as_f64() == y.as_f64()
            } else {
                x == y
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// `v` through both libraries, both ways.
#[track_caller]
fn check<T: Serialize + DeserializeOwned + PartialEq + Debug>(v: &T) -> String {
    let ours = structio_json::serde::to_string(v).unwrap();
    let theirs = serde_json::to_string(v).unwrap();
    let (a, b): (Value, Value) = (
        serde_json::from_str(&ours).unwrap(),
        serde_json::from_str(&theirs).unwrap(),
    );
    assert!(
        same(&a, &b),
        "values differ:\n ours   {ours}\n theirs {theirs}"
    );
    assert_eq!(
        &structio_json::serde::from_str::<T>(&ours).unwrap(),
        v,
        "{ours}"
    );
    assert_eq!(
        &structio_json::serde::from_str::<T>(&theirs).unwrap(),
        v,
        "{theirs}"
    );
    assert_eq!(
        &serde_json::from_str::<T>(&ours).unwrap(),
        v,
        "serde_json reads {ours}"
    );
    // The other writers agree with `to_string`.
    assert_eq!(structio_json::serde::to_vec(v).unwrap(), ours.as_bytes());
    let mut out = Vec::new();
    structio_json::serde::to_writer(&mut out, v).unwrap();
    assert_eq!(out, ours.as_bytes());
    let mut buf = vec![0u8; ours.len()];
    let n = structio_json::serde::to_slice(v, &mut buf).unwrap();
    assert_eq!(&buf[..n], ours.as_bytes());
    if !ours.is_empty() {
        let err = structio_json::serde::to_slice(v, &mut buf[..ours.len() - 1]).unwrap_err();
        assert_eq!(err.kind(), structio_json::ErrorKind::BufferFull);
    }
    // Pretty output holds the same value.
    let pretty = structio_json::serde::to_string_pretty(v).unwrap();
    assert_eq!(
        &structio_json::serde::from_str::<T>(&pretty).unwrap(),
        v,
        "{pretty}"
    );
    ours
}

#[test]
fn chrono_datetime() {
    use chrono::{DateTime, TimeZone, Utc};
    let t: DateTime<Utc> = Utc.with_ymd_and_hms(2024, 2, 29, 23, 59, 58).unwrap();
    assert_eq!(check(&t), r#""2024-02-29T23:59:58Z""#);
    let t = t + chrono::Duration::nanoseconds(123_456_789);
    check(&t);
    check(&vec![t, t]);
    let err = structio_json::serde::from_str::<DateTime<Utc>>(r#""yesterday""#).unwrap_err();
    assert!(matches!(err.kind(), structio_json::ErrorKind::Custom(_)));
}

#[test]
fn uuid_url_ip_duration() {
    let id = uuid::Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8);
    assert_eq!(check(&id), r#""67e55044-10b1-426f-9247-bb680e5fe0c8""#);
    let url = url::Url::parse("https://example.com/a b?q=\"x\"#frag").unwrap();
    check(&url);
    check(&IpAddr::V4(Ipv4Addr::new(192, 168, 1, 20)));
    check(&IpAddr::V6(Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 1)));
    check(&std::net::SocketAddr::new(
        IpAddr::V4(Ipv4Addr::LOCALHOST),
        8080,
    ));
    assert_eq!(
        check(&Duration::new(5, 250_000_000)),
        r#"{"secs":5,"nanos":250000000}"#
    );
    check(&Duration::MAX);
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
enum External {
    Unit,
    Newtype(u32),
    Tuple(i8, String),
    Struct { a: bool, b: Option<f64> },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type")]
enum Internal {
    Unit,
    Struct { a: bool, b: Vec<u8> },
    Newtype(Inner),
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(String),
    Tuple(u8, u8),
    Struct { x: i64 },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Untagged {
    Int(i64),
    Float(f64),
    Text(String),
    Pair(bool, bool),
    Record { id: u64, tags: Vec<String> },
    Nothing,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Inner {
    x: i32,
    y: String,
}

#[test]
fn enum_representations() {
    assert_eq!(check(&External::Unit), r#""Unit""#);
    assert_eq!(check(&External::Newtype(7)), r#"{"Newtype":7}"#);
    assert_eq!(
        check(&External::Tuple(-1, "é\n".into())),
        r#"{"Tuple":[-1,"é\n"]}"#
    );
    assert_eq!(
        check(&External::Struct {
            a: true,
            b: Some(1.0)
        }),
        r#"{"Struct":{"a":true,"b":1}}"#
    );
    check(&External::Struct { a: false, b: None });
    // serde_json accepts `{"Unit": null}` for a unit variant; so does this.
    let v: External = structio_json::serde::from_str(r#"{"Unit": null}"#).unwrap();
    assert_eq!(v, External::Unit);

    assert_eq!(check(&Internal::Unit), r#"{"type":"Unit"}"#);
    check(&Internal::Struct {
        a: true,
        b: vec![1, 2],
    });
    check(&Internal::Newtype(Inner {
        x: -5,
        y: "q".into(),
    }));
    // The tag need not come first.
    let v: Internal =
        structio_json::serde::from_str(r#"{"b":[3],"a":false,"type":"Struct"}"#).unwrap();
    assert_eq!(
        v,
        Internal::Struct {
            a: false,
            b: vec![3]
        }
    );

    assert_eq!(check(&Adjacent::Unit), r#"{"t":"Unit"}"#);
    assert_eq!(
        check(&Adjacent::Newtype("n".into())),
        r#"{"t":"Newtype","c":"n"}"#
    );
    check(&Adjacent::Tuple(1, 2));
    check(&Adjacent::Struct { x: i64::MIN });

    check(&Untagged::Int(-3));
    check(&Untagged::Float(2.5));
    check(&Untagged::Text("t".into()));
    check(&Untagged::Pair(true, false));
    check(&Untagged::Record {
        id: u64::MAX,
        tags: vec!["a".into(), "\u{1F600}".into()],
    });
    check(&Untagged::Nothing);
    let v: Untagged = structio_json::serde::from_str("1e2").unwrap();
    assert_eq!(v, Untagged::Float(100.0));
    let v: Untagged = structio_json::serde::from_str(r#" "a\"b" "#).unwrap();
    assert_eq!(v, Untagged::Text("a\"b".into()));
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Flat {
    id: u32,
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    rest: BTreeMap<String, Value>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Renamed {
    user_name: String,
    #[serde(default)]
    login_count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_seen: Option<u64>,
    #[serde(with = "as_string")]
    big: u64,
    #[serde(rename = "KIND")]
    kind: External,
}

/// A `with` module: a number written as a string.
mod as_string {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let s = <std::borrow::Cow<str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[test]
fn flatten_and_attributes() {
    let mut rest = BTreeMap::new();
    rest.insert("extra".to_string(), serde_json::json!([1, "two", null]));
    rest.insert("more".to_string(), serde_json::json!({"k": false}));
    let f = Flat {
        id: 1,
        inner: Inner {
            x: 2,
            y: "y".into(),
        },
        rest,
    };
    assert_eq!(
        check(&f),
        r#"{"id":1,"x":2,"y":"y","extra":[1,"two",null],"more":{"k":false}}"#
    );

    let r = Renamed {
        user_name: "ada".into(),
        login_count: 3,
        last_seen: None,
        big: u64::MAX,
        kind: External::Unit,
    };
    assert_eq!(
        check(&r),
        r#"{"userName":"ada","loginCount":3,"big":"18446744073709551615","KIND":"Unit"}"#
    );
    check(&Renamed {
        last_seen: Some(9),
        ..r
    });
    let d: Renamed =
        structio_json::serde::from_str(r#"{"userName":"x","big":"1","KIND":{"Newtype":2}}"#)
            .unwrap();
    assert_eq!((d.login_count, d.last_seen, d.big), (0, None, 1));
    let err =
        structio_json::serde::from_str::<Renamed>(r#"{"userName":"x","big":"x1","KIND":"Unit"}"#)
            .unwrap_err();
    assert!(matches!(err.kind(), structio_json::ErrorKind::Custom(_)));
    assert_eq!(err.message(), "invalid digit found in string");
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Newtype(u64);
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct TupleStruct(i8, String, Option<bool>);
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Unit;

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Options {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nested: Option<Option<u8>>,
    plain: Option<Option<u8>>,
}

#[test]
fn structs_and_options() {
    assert_eq!(check(&Newtype(42)), "42");
    assert_eq!(
        check(&TupleStruct(-8, "s".into(), None)),
        r#"[-8,"s",null]"#
    );
    assert_eq!(check(&Unit), "null");
    check(&Options {
        nested: Some(Some(1)),
        plain: Some(Some(2)),
    });
    check(&Options {
        nested: None,
        plain: None,
    });
    // `Some(None)` is written `null`, which reads back as `None`: lossy in both libraries alike.
    let lossy = Options {
        nested: Some(None),
        plain: Some(None),
    };
    let text = structio_json::serde::to_string(&lossy).unwrap();
    assert_eq!(text, serde_json::to_string(&lossy).unwrap());
    let ours: Options = structio_json::serde::from_str(&text).unwrap();
    let theirs: Options = serde_json::from_str(&text).unwrap();
    assert_eq!(ours, theirs);
}

#[test]
fn maps_with_integer_keys() {
    let m: HashMap<u32, Vec<i16>> =
        HashMap::from([(0, vec![]), (7, vec![-1]), (u32::MAX, vec![1, 2])]);
    check(&m);
    let m: BTreeMap<i64, bool> = BTreeMap::from([(i64::MIN, true), (-1, false), (5, true)]);
    assert_eq!(
        check(&m),
        r#"{"-9223372036854775808":true,"-1":false,"5":true}"#
    );
    let m: BTreeMap<u128, ()> = BTreeMap::from([(u128::MAX, ())]);
    check(&m);
    let m: BTreeMap<bool, u8> = BTreeMap::from([(false, 0), (true, 1)]);
    assert_eq!(check(&m), r#"{"false":0,"true":1}"#);
    let m: BTreeMap<char, u8> = BTreeMap::from([('"', 0), ('é', 1)]);
    check(&m);
    #[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum Color {
        Red,
        Green,
    }
    let m = BTreeMap::from([(Color::Red, 1u8), (Color::Green, 2)]);
    assert_eq!(check(&m), r#"{"Red":1,"Green":2}"#);
    // An escaped key is decoded before it is read as a number.
    let m: BTreeMap<u8, u8> = structio_json::serde::from_str(r#"{"\u0037": 1}"#).unwrap();
    assert_eq!(m[&7], 1);
    for bad in [
        r#"{"x":1}"#,
        r#"{"7x":1}"#,
        r#"{" 7":1}"#,
        r#"{"":1}"#,
        r#"{"256":1}"#,
    ] {
        assert!(
            structio_json::serde::from_str::<BTreeMap<u8, u8>>(bad).is_err(),
            "{bad}"
        );
    }
    // Keys that are not strings, numbers, bools or chars are errors, at the key.
    let m: BTreeMap<Vec<u8>, u8> = BTreeMap::from([(vec![1], 1)]);
    let err = structio_json::serde::to_string(&m).unwrap_err();
    assert_eq!(err.offset(), 1);
    assert!(serde_json::to_string(&m).is_err());
}

#[test]
fn wide_integers_and_floats() {
    check(&(i128::MIN, i128::MAX, u128::MAX, 0u128));
    check(&(
        f64::MAX,
        f64::MIN_POSITIVE,
        5e-324f64,
        -0.0f64,
        0.1f64,
        1e16f64,
        123456.789f64,
    ));
    check(&(f32::MAX, 0.1f32, -1.5e-7f32));
    assert_eq!(structio_json::serde::to_string(&1e16f64).unwrap(), "1E16");
    assert_eq!(structio_json::serde::to_string(&f64::NAN).unwrap(), "null");
    assert_eq!(
        structio_json::serde::to_string(&f32::INFINITY).unwrap(),
        "null"
    );
    let big: u128 =
        structio_json::serde::from_str("340282366920938463463374607431768211455").unwrap();
    assert_eq!(big, u128::MAX);
    for (text, ok) in [("1e39", false), ("3.4e38", true), ("-1e39", false)] {
        assert_eq!(
            structio_json::serde::from_str::<f32>(text).is_ok(),
            ok,
            "{text}"
        );
    }
}

#[derive(Deserialize, Debug, PartialEq)]
struct Borrowed<'a> {
    plain: &'a str,
    #[serde(borrow)]
    cow: Cow<'a, str>,
    #[serde(borrow)]
    bytes: &'a [u8],
}

#[test]
fn borrowing() {
    let text = r#"{"plain": "abc", "cow": "d\te", "bytes": "raw"}"#;
    let v: Borrowed = structio_json::serde::from_str(text).unwrap();
    assert_eq!((v.plain, &*v.cow, v.bytes), ("abc", "d\te", &b"raw"[..]));
    assert!(matches!(v.cow, Cow::Owned(_)));
    let range = text.as_bytes().as_ptr_range();
    assert!(range.contains(&v.plain.as_ptr()));
    let v: Borrowed =
        structio_json::serde::from_str(r#"{"plain":"a","cow":"b","bytes":""}"#).unwrap();
    assert!(matches!(v.cow, Cow::Borrowed("b")));
    // `&str` cannot hold a string with escapes: an error, as in serde_json.
    let bad = r#"{"plain": "a\nb", "cow": "", "bytes": ""}"#;
    assert!(structio_json::serde::from_str::<Borrowed>(bad).is_err());
    assert!(serde_json::from_str::<Borrowed>(bad).is_err());
    // Bytes as serde_json writes them: an array of numbers.
    let b = serde_bytes_like(&[0, 255]);
    assert_eq!(b, "[0,255]");
}

fn serde_bytes_like(b: &[u8]) -> String {
    struct Bytes<'a>(&'a [u8]);
    impl Serialize for Bytes<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(self.0)
        }
    }
    let ours = structio_json::serde::to_string(&Bytes(b)).unwrap();
    assert_eq!(ours, serde_json::to_string(&Bytes(b)).unwrap());
    ours
}

#[test]
fn json_value_and_ignored_any() {
    let text =
        r#"{"a":[1,-2,3.5,"x\u00e9",true,null,{}],"b":{"c":[]},"d":-0,"e":18446744073709551616}"#;
    let ours: Value = structio_json::serde::from_str(text).unwrap();
    let theirs: Value = serde_json::from_str(text).unwrap();
    assert_eq!(ours, theirs);
    check(&ours);
    let _: IgnoredAny = structio_json::serde::from_str(text).unwrap();
    // IgnoredAny validates what it skips.
    for bad in [r#"["\x"]"#, "[1,]", r#"{"a" 1}"#, "[01]", "\"\u{1}\""] {
        assert!(
            structio_json::serde::from_str::<IgnoredAny>(bad).is_err(),
            "{bad}"
        );
    }
}

/// A type with both derives writes the same bytes through structio's own writer and serde.
mod same_bytes {
    use serde::{Deserialize, Serialize};
    use structio_derive::Json;

    #[derive(Json, Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[structio(crate = "structio_json")]
    enum Shape {
        Dot,
        Circle(f64),
        Rect { w: f32, h: f32 },
    }

    #[derive(Json, Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[structio(crate = "structio_json")]
    struct Record {
        id: u64,
        name: String,
        score: f64,
        ratio: f32,
        tags: Vec<String>,
        coords: [f64; 3],
        maybe: Option<i32>,
        pair: (u8, bool),
        nested: Vec<Vec<i64>>,
        shapes: Vec<Shape>,
        map: std::collections::BTreeMap<String, u16>,
        big: i128,
    }

    #[test]
    fn identical_output() {
        let floats = [0.1, 1.0, 1e16, 1e-7, 123456789.125, -0.0, 5e-324, 2.5e300];
        // The `f32` fields take a stand-in where the `f64` is past their range (written `null`,
        // which would not read back).
        for (i, &f) in floats.iter().enumerate() {
            let r = Record {
                id: i as u64 * 1_000_000_007,
                name: format!("n\"{i}\\\u{1}\u{7f}é"),
                score: f,
                ratio: if (f as f32).is_finite() {
                    f as f32
                } else {
                    0.5
                },
                tags: vec!["a".into(), String::new(), "\n\t".into()],
                coords: [f, -f, f * 3.0],
                maybe: if i % 2 == 0 { Some(-(i as i32)) } else { None },
                pair: (i as u8, i % 3 == 0),
                nested: vec![vec![], vec![i64::MIN, i64::MAX]],
                shapes: vec![
                    Shape::Dot,
                    Shape::Circle(f),
                    Shape::Rect {
                        w: 1.5,
                        h: if (f as f32).is_finite() {
                            f as f32
                        } else {
                            2.0
                        },
                    },
                ],
                map: [("k".to_string(), 7), ("\u{2028}".to_string(), 8)].into(),
                big: -(i as i128) << 100,
            };
            let native = structio_json::to_vec(&r).unwrap();
            let via_serde = structio_json::serde::to_vec(&r).unwrap();
            assert_eq!(
                String::from_utf8_lossy(&via_serde),
                String::from_utf8_lossy(&native)
            );
            let pretty = structio_json::to_string_pretty(&r).unwrap();
            assert_eq!(structio_json::serde::to_string_pretty(&r).unwrap(), pretty);
            let back: Record = structio_json::serde::from_slice(&native)
                .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&native)));
            assert_eq!(back, r);
        }
    }
}
