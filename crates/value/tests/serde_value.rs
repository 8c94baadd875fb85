//! `Value` and serde: `Serialize`/`Deserialize` through serde_json, structio_json::serde and
//! structio_beve::serde, `to_value`/`from_value` on every shape of serde's data model, compared
//! with serde_json's own `Value` on the shapes of the seven benchmark documents and on random
//! trees; and the errors.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};
use structio_testkit::Rng;
use structio_value::{from_value, to_value, value, ErrorKind, Object, Value};

// ---------------------------------------------------------------------------------------------
// The seven benchmark documents, generated with the bench's recipes (benches/src/docgen.rs): an
// object of 26 arrays `a`..`z` of one element kind, and `mixed`, 26 arrays of test objects.

const NON_ASCII: [&str; 8] = ["é", "ü", "ß", "Ω", "中", "文", "€", "😀"];
const ESCAPED: [char; 7] = ['"', '\\', '\n', '\t', '\r', '\u{8}', '\u{c}'];

fn range(rng: &mut Rng, lo: u64, hi: u64) -> u64 {
    lo + rng.below(hi - lo + 1)
}

fn gen_string(rng: &mut Rng) -> serde_json::Value {
    const PLAIN: &[u8] =
        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:;!?/()[]{}#";
    let mut s = String::new();
    for _ in 0..rng.below(33) {
        let pick = rng.below(1000);
        if pick < 40 {
            s.push(*rng.pick(&ESCAPED));
        } else if pick < 65 {
            s.push_str(rng.pick::<&str>(&NON_ASCII));
        } else {
            s.push(*rng.pick(PLAIN) as char);
        }
    }
    s.into()
}

fn gen_uint(rng: &mut Rng) -> u64 {
    let digits = range(rng, 1, 7) as u32;
    let lo = if digits == 1 {
        0
    } else {
        10u64.pow(digits - 1)
    };
    range(rng, lo, 10u64.pow(digits) - 1)
}

fn gen_int(rng: &mut Rng) -> i64 {
    let v = gen_uint(rng) as i64;
    if rng.below(2) == 0 {
        -v
    } else {
        v
    }
}

fn gen_double(rng: &mut Rng) -> f64 {
    let mantissa = 1.0 + (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let exp = if rng.below(10) == 0 {
        if rng.below(2) == 0 {
            -(range(rng, 5, 40) as i32)
        } else {
            range(rng, 16, 300) as i32
        }
    } else {
        range(rng, 0, 11) as i32 - 3
    };
    let v = mantissa * 10f64.powi(exp);
    if rng.below(2) == 0 {
        -v
    } else {
        v
    }
}

fn gen_decimal(rng: &mut Rng) -> f64 {
    let v = rng.below(1_000_000) as f64 / 100.0;
    if rng.below(2) == 0 {
        -v
    } else {
        v
    }
}

fn array(
    rng: &mut Rng,
    mean: u64,
    mut f: impl FnMut(&mut Rng) -> serde_json::Value,
) -> serde_json::Value {
    let n = range(rng, mean / 2, mean + mean / 2);
    (0..n).map(|_| f(rng)).collect()
}

fn doc26(rng: &mut Rng, mean: u64, f: fn(&mut Rng) -> serde_json::Value) -> serde_json::Value {
    let mut m = serde_json::Map::new();
    for k in b'a'..=b'z' {
        m.insert((k as char).to_string(), array(rng, mean, f));
    }
    m.into()
}

fn test_object(rng: &mut Rng) -> serde_json::Value {
    serde_json::json!({
        "testStrings": array(rng, 6, gen_string),
        "testUints": array(rng, 6, |r| gen_uint(r).into()),
        "testDoubles": array(rng, 6, |r| gen_double(r).into()),
        "testInts": array(rng, 6, |r| gen_int(r).into()),
        "testBools": array(rng, 6, |r| (r.below(2) == 0).into()),
    })
}

fn seven_docs() -> Vec<(&'static str, serde_json::Value)> {
    let rng = &mut Rng::new(0x5EED_2026);
    vec![
        ("mixed", doc26(rng, 24, test_object)),
        ("strings", doc26(rng, 247, gen_string)),
        ("uints", doc26(rng, 237, |r| gen_uint(r).into())),
        ("ints", doc26(rng, 235, |r| gen_int(r).into())),
        ("doubles", doc26(rng, 128, |r| gen_double(r).into())),
        ("exact_decimals", doc26(rng, 139, |r| gen_decimal(r).into())),
        ("bools", doc26(rng, 179, |r| (r.below(2) == 0).into())),
    ]
}

/// Every route between the two `Value`s agrees, on one document given as serde_json's.
fn check_doc(name: &str, sj: &serde_json::Value) {
    let text = serde_json::to_string(sj).unwrap();
    // The reference: this crate's own JSON reader.
    let v = structio_value::from_str(&text).unwrap();
    // Deserialize for Value, driven by three formats.
    let via_serde_json: Value = serde_json::from_str(&text).unwrap();
    assert!(via_serde_json == v, "{name}: serde_json -> Value");
    let via_structio: Value = structio_json::serde::from_str(&text).unwrap();
    assert!(via_structio == v, "{name}: structio_json::serde -> Value");
    let beve = structio_beve::serde::to_vec(&v).unwrap();
    let via_beve: Value = structio_beve::serde::from_slice(&beve).unwrap();
    assert!(via_beve == v, "{name}: BEVE round trip");
    assert!(
        structio_value::from_beve(&beve).unwrap() == v,
        "{name}: BEVE as this crate reads it"
    );
    // Serialize for Value, into serde_json's Value and text.
    assert!(
        serde_json::to_value(&v).unwrap() == *sj,
        "{name}: Value -> serde_json::Value"
    );
    assert_eq!(
        structio_json::serde::to_string(&v).unwrap(),
        structio_json::serde::to_string(sj).unwrap(),
        "{name}"
    );
    // to_value / from_value.
    assert!(
        to_value(sj).unwrap() == v,
        "{name}: to_value(serde_json::Value)"
    );
    assert!(to_value(&v).unwrap() == v, "{name}: to_value(Value)");
    assert!(
        from_value::<serde_json::Value>(v.clone()).unwrap() == *sj,
        "{name}: from_value"
    );
    assert!(
        from_value::<Value>(v.clone()).unwrap() == v,
        "{name}: from_value into Value"
    );
}

#[test]
fn seven_documents_agree_with_serde_json_value() {
    for (name, sj) in seven_docs() {
        check_doc(name, &sj);
    }
}

// ---------------------------------------------------------------------------------------------
// Random trees.

fn random_tree(rng: &mut Rng, depth: u32) -> serde_json::Value {
    let pick = if depth == 0 {
        rng.below(6)
    } else {
        rng.below(8)
    };
    match pick {
        0 => serde_json::Value::Null,
        1 => (rng.below(2) == 0).into(),
        2 => match rng.below(4) {
            0 => rng.next_u64().into(),
            1 => (rng.next_u64() as i64).into(),
            2 => (rng.below(1000) as i64 - 500).into(),
            _ => u64::MAX.into(),
        },
        3 => {
            let f = f64::from_bits(rng.next_u64());
            if f.is_finite() {
                f.into()
            } else {
                0.25.into()
            }
        }
        4 | 5 => gen_string(rng),
        6 => (0..rng.below(6))
            .map(|_| random_tree(rng, depth - 1))
            .collect(),
        _ => {
            let mut m = serde_json::Map::new();
            for _ in 0..rng.below(6) {
                let k = gen_string(rng).as_str().unwrap().to_owned();
                m.insert(k, random_tree(rng, depth - 1));
            }
            m.into()
        }
    }
}

#[test]
fn random_trees_agree_with_serde_json_value() {
    let rng = &mut Rng::new(24);
    for i in 0..2000 {
        let sj = random_tree(rng, 5);
        check_doc(&format!("tree {i}"), &sj);
    }
}

#[test]
fn duplicate_keys_keep_the_last_value_when_read_and_in_to_value() {
    let text = r#"{"a":1,"b":0,"a":2}"#;
    let v: Value = structio_json::serde::from_str(text).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 2);
    assert_eq!(v["a"].as_u64(), Some(2));
    assert!(v == structio_value::from_str(text).unwrap());
    // Past eight members the repeat is found by sorting the keys.
    let long = r#"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k3":33}"#;
    let v: Value = structio_json::serde::from_str(long).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 9);
    assert_eq!(v["k3"].as_u64(), Some(33));
    assert!(v == structio_value::from_str(long).unwrap());
    // A serialized map is a set of keys: the last value stays, in the first one's place.
    struct Dup;
    impl Serialize for Dup {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeMap;
            let mut m = s.serialize_map(None)?;
            m.serialize_entry("a", &1)?;
            m.serialize_entry("b", &2)?;
            m.serialize_entry("a", &3)?;
            m.end()
        }
    }
    assert_eq!(to_value(&Dup).unwrap(), value!({"a": 3, "b": 2}));
}

// ---------------------------------------------------------------------------------------------
// Every shape of serde's data model, against serde_json's layout.

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Unit;

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Newtype(u32);

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Tuple(i8, String);

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
enum External {
    Unit,
    Newtype(i64),
    Tuple(u8, bool),
    Struct { a: f64 },
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Color {
    Red,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "type")]
enum Internal {
    A { x: u8 },
    B(Newtype2),
    C,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Newtype2 {
    y: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    A(u8),
    B { s: String },
    C,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(untagged)]
enum Untagged {
    Num(i32),
    Text(String),
    List(Vec<Untagged>),
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Inner {
    k: u16,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "camelCase")]
struct Everything {
    a_bool: bool,
    i8: i8,
    i16: i16,
    i32: i32,
    i64: i64,
    i128: i128,
    u8: u8,
    u16: u16,
    u32: u32,
    u64: u64,
    u128: u128,
    f32: f32,
    f64: f64,
    ch: char,
    s: String,
    none: Option<u8>,
    some: Option<Option<u8>>,
    some_none: Option<Option<u8>>,
    unit: (),
    unit_struct: Unit,
    newtype: Newtype,
    tuple: (u8, String, f64),
    tuple_struct: Tuple,
    seq: Vec<External>,
    internal: Vec<Internal>,
    adjacent: Vec<Adjacent>,
    untagged: Vec<Untagged>,
    int_map: HashMap<u32, String>,
    neg_map: BTreeMap<i64, bool>,
    bool_map: BTreeMap<bool, u8>,
    char_map: BTreeMap<char, u8>,
    #[serde(default)]
    defaulted: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<u8>,
    #[serde(flatten)]
    flat: Inner,
}

fn everything() -> Everything {
    Everything {
        a_bool: true,
        i8: -8,
        i16: -16,
        i32: i32::MIN,
        i64: i64::MIN,
        i128: -170_141_183_460_469,
        u8: 8,
        u16: 16,
        u32: u32::MAX,
        u64: u64::MAX,
        u128: u128::from(u64::MAX),
        f32: 1.5,
        f64: -0.1,
        ch: 'é',
        s: "text \"quoted\"\n".into(),
        none: None,
        some: Some(Some(3)),
        some_none: Some(None),
        unit: (),
        unit_struct: Unit,
        newtype: Newtype(7),
        tuple: (1, "x".into(), 2.5),
        tuple_struct: Tuple(-1, "y".into()),
        seq: vec![
            External::Unit,
            External::Newtype(-5),
            External::Tuple(1, false),
            External::Struct { a: 0.5 },
        ],
        internal: vec![
            Internal::A { x: 1 },
            Internal::B(Newtype2 { y: "z".into() }),
            Internal::C,
        ],
        adjacent: vec![Adjacent::A(1), Adjacent::B { s: "s".into() }, Adjacent::C],
        untagged: vec![
            Untagged::Num(-3),
            Untagged::Text("t".into()),
            Untagged::List(vec![Untagged::Num(1)]),
        ],
        int_map: HashMap::from([(1, "one".into()), (2, "two".into())]),
        neg_map: BTreeMap::from([(-1, true), (5, false)]),
        bool_map: BTreeMap::from([(false, 0), (true, 1)]),
        char_map: BTreeMap::from([('a', 1)]),
        defaulted: 0,
        skipped: None,
        flat: Inner { k: 9 },
    }
}

#[test]
fn every_shape_converts_as_serde_json_does() {
    let x = everything();
    let v = to_value(&x).unwrap();
    // Same tree as serde_json makes (compared through serde_json's Value, which sorts keys).
    assert_eq!(
        serde_json::to_value(&v).unwrap(),
        serde_json::to_value(&x).unwrap()
    );
    assert_eq!(v["newtype"], 7);
    assert_eq!(v["unitStruct"], Value::NULL);
    assert_eq!(v["seq"][0], "Unit");
    assert_eq!(v["seq"][1], value!({"Newtype": -5}));
    assert_eq!(v["seq"][2], value!({"Tuple": [1, false]}));
    assert_eq!(v["intMap"]["1"], "one");
    assert_eq!(v["k"], 9);
    assert!(v["someNone"].is_null());
    assert_eq!(v["u64"].as_u64(), Some(u64::MAX));
    assert_eq!(v["i64"].as_i64(), Some(i64::MIN));
    assert!(v["f32"].is_f64());
    // And back, through from_value and through every format.
    assert_eq!(from_value::<Everything>(v.clone()).unwrap().some_none, None);
    let mut back = from_value::<Everything>(v.clone()).unwrap();
    // serde_json reads `Some(None)` as `None` too: null cannot say which.
    back.some_none = Some(None);
    assert_eq!(back, x);
    let text = structio_json::serde::to_string(&v).unwrap();
    let mut back: Everything = structio_json::serde::from_str(&text).unwrap();
    back.some_none = Some(None);
    assert_eq!(back, x);
    let via_sj: Value = serde_json::from_str(&serde_json::to_string(&x).unwrap()).unwrap();
    assert!(via_sj == v);
}

#[test]
fn scalars_keep_their_kind() {
    assert_eq!(to_value(&-1i8).unwrap().as_i64(), Some(-1));
    assert!(to_value(&1i64).unwrap().is_u64());
    assert!(to_value(&1.0f64).unwrap().is_f64());
    assert_eq!(
        to_value(&(u64::MAX as u128)).unwrap().as_u64(),
        Some(u64::MAX)
    );
    assert_eq!(
        to_value(&(i64::MIN as i128)).unwrap().as_i64(),
        Some(i64::MIN)
    );
    assert!(to_value(&f64::NAN).unwrap().as_f64().unwrap().is_nan());
    assert_eq!(to_value(&'x').unwrap(), "x");
    assert_eq!(to_value(&()).unwrap(), Value::NULL);
    assert_eq!(to_value(&None::<u8>).unwrap(), Value::NULL);
    assert_eq!(from_value::<i128>(value!(-5)).unwrap(), -5);
    assert_eq!(from_value::<u128>(value!(5)).unwrap(), 5);
    assert_eq!(from_value::<f32>(value!(0.5)).unwrap(), 0.5);
    assert_eq!(from_value::<f64>(value!(2)).unwrap(), 2.0);
    assert_eq!(from_value::<char>(value!("é")).unwrap(), 'é');
    assert_eq!(from_value::<Option<u8>>(value!(null)).unwrap(), None);
    assert_eq!(from_value::<()>(value!(null)).unwrap(), ());
    // Integers past 64 bits read from a format become the nearest f64, as from JSON text.
    let v: Value =
        structio_json::serde::from_str("[18446744073709551616, -9223372036854775809]").unwrap();
    assert!(v[0].is_f64() && v[1].is_f64());
    #[derive(Serialize)]
    struct Wide(i128, u128);
    let v: Value = serde_json::from_value(serde_json::json!([1, 2])).unwrap();
    assert_eq!(v, value!([1, 2]));
    let v = to_value(&Wide(-1, 1)).unwrap();
    assert_eq!(v, value!([-1, 1]));
}

#[test]
fn bytes_are_arrays_of_numbers_and_read_back_from_strings() {
    struct Bytes<'a>(&'a [u8]);
    impl Serialize for Bytes<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(self.0)
        }
    }
    assert_eq!(to_value(&Bytes(b"ab")).unwrap(), value!([97, 98]));
    // A `Value` read from a format's bytes holds them as numbers too.
    let v: Value =
        structio_beve::serde::from_slice(&structio_beve::serde::to_vec(&Bytes(b"ab")).unwrap())
            .unwrap();
    assert_eq!(v, value!([97, 98]));
    #[derive(Deserialize, Debug, PartialEq)]
    struct B(#[serde(with = "bytes_field")] Vec<u8>);
    mod bytes_field {
        pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Vec<u8>;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("bytes")
                }
                fn visit_borrowed_bytes<E>(self, v: &'de [u8]) -> Result<Vec<u8>, E> {
                    Ok(v.to_vec())
                }
                fn visit_seq<A: serde::de::SeqAccess<'de>>(
                    self,
                    mut s: A,
                ) -> Result<Vec<u8>, A::Error> {
                    let mut out = Vec::new();
                    while let Some(b) = s.next_element()? {
                        out.push(b);
                    }
                    Ok(out)
                }
            }
            d.deserialize_bytes(V)
        }
    }
    assert_eq!(from_value::<B>(value!("hi")).unwrap(), B(b"hi".to_vec()));
    assert_eq!(from_value::<B>(value!([1, 2])).unwrap(), B(vec![1, 2]));
}

#[test]
fn borrowed_strings_come_from_the_tree() {
    #[derive(Deserialize)]
    struct User<'a> {
        name: &'a str,
        #[serde(borrow)]
        tags: Vec<&'a str>,
    }
    let v = value!({"name": "a name longer than fourteen bytes", "tags": ["x", "y"]});
    let u = User::deserialize(&v).unwrap();
    assert_eq!(u.name, "a name longer than fourteen bytes");
    assert_eq!(u.tags, ["x", "y"]);
    assert!(std::ptr::eq(
        u.name.as_ptr(),
        v["name"].as_str().unwrap().as_ptr()
    ));
    use serde::de::IntoDeserializer;
    let d: &Value = (&v["tags"]).into_deserializer();
    assert_eq!(Vec::<String>::deserialize(d).unwrap(), ["x", "y"]);
}

#[test]
fn value_is_a_field_of_serde_types_in_every_format() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Envelope {
        id: u32,
        body: Value,
    }
    let e = Envelope {
        id: 1,
        body: value!({"k": [1, -1, 0.5, "s", null, true], "o": {}}),
    };
    let text = serde_json::to_string(&e).unwrap();
    assert_eq!(
        text,
        r#"{"id":1,"body":{"k":[1,-1,0.5,"s",null,true],"o":{}}}"#
    );
    assert_eq!(serde_json::from_str::<Envelope>(&text).unwrap(), e);
    assert_eq!(
        structio_json::serde::from_str::<Envelope>(&text).unwrap(),
        e
    );
    let doc = structio_beve::serde::to_vec(&e).unwrap();
    assert_eq!(
        structio_beve::serde::from_slice::<Envelope>(&doc).unwrap(),
        e
    );
    assert_eq!(
        to_value(&e).unwrap(),
        value!({"id": 1, "body": e.body.clone()})
    );
    // A BEVE typed array reads as an array of numbers.
    let typed = structio_beve::to_vec(&vec![1u32, 2, 3]).unwrap();
    assert_eq!(
        structio_beve::serde::from_slice::<Value>(&typed).unwrap(),
        value!([1, 2, 3])
    );
    let typed = structio_beve::to_vec(&vec![-1.5f64, 2.0]).unwrap();
    assert_eq!(
        structio_beve::serde::from_slice::<Value>(&typed).unwrap(),
        value!([-1.5, 2.0])
    );
    // A map with integer keys (BEVE writes those natively) has their text as keys.
    let doc = structio_beve::serde::to_vec(&BTreeMap::from([(7u32, "x")])).unwrap();
    assert_eq!(
        structio_beve::serde::from_slice::<Value>(&doc).unwrap(),
        value!({"7": "x"})
    );
}

// ---------------------------------------------------------------------------------------------
// structio-derived types.

#[derive(structio_derive::Json, Debug, PartialEq)]
struct Point {
    x: i32,
    y: Option<String>,
}

#[test]
fn derived_types_convert_through_json_text() {
    let v = structio_value::to_value_json(&Point {
        x: -1,
        y: Some("a".into()),
    })
    .unwrap();
    assert_eq!(v, value!({"x": -1, "y": "a"}));
    let p: Point = structio_value::from_value_json(&value!({"x": 3})).unwrap();
    assert_eq!(p, Point { x: 3, y: None });
    let err = structio_value::from_value_json::<Point>(&value!({"y": "b"})).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::MissingField("x"));
    // The offset is in the value's compact JSON: the end of the object.
    assert_eq!(err.offset(), r#"{"y":"b"}"#.len());
    let err = structio_value::from_value_json::<Point>(&value!({"x": "no"})).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::InvalidType("i32"), 5)
    );
    // structio-json writes a whole float as an integer: it comes back as one.
    assert_eq!(
        structio_value::to_value_json(&[2.0f64, 2.5]).unwrap(),
        value!([2, 2.5])
    );
}

#[test]
fn deep_nesting_stops_at_the_formats_limit() {
    let text = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let err = structio_json::serde::from_str::<Value>(&text).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::DepthLimit, 128));
    assert!(serde_json::from_str::<Value>(&text).is_err());
    let text = format!("{}{}", "[".repeat(128), "]".repeat(128));
    let v: Value = structio_json::serde::from_str(&text).unwrap();
    assert!(v == structio_value::from_str(&text).unwrap());
    let back = from_value::<Value>(v.clone()).unwrap();
    assert!(back == v);
}

// ---------------------------------------------------------------------------------------------
// Errors.

#[test]
fn errors_name_their_kind_and_serde_json_message() {
    let e = from_value::<u8>(value!("x")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Custom("invalid type"));
    assert_eq!(e.to_string(), r#"invalid type: string "x", expected u8"#);

    let e = from_value::<u8>(value!(300)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Custom("invalid value"));
    assert_eq!(e.message(), "invalid value: integer `300`, expected u8");

    let e = from_value::<(u8, u8)>(value!([1, 2, 3])).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Custom("invalid length"));
    assert_eq!(
        e.message(),
        "invalid length 3, expected fewer elements in array"
    );

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct P {
        x: i32,
    }
    let e = from_value::<P>(value!({})).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingField("x"));
    assert_eq!(e.to_string(), "missing field `x`");
    let e = from_value::<P>(value!({"x": 1, "z": 2})).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownField);
    assert_eq!(e.message(), "unknown field `z`, expected `x`");
    // A Value holds one member per key (the last value), so there is no repeat left to refuse.
    let p = from_value::<P>(structio_value::from_str(r#"{"x": 1, "x": 2}"#).unwrap()).unwrap();
    assert_eq!(p.x, 2);

    let e = from_value::<External>(value!("Nope")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownVariant);
    assert_eq!(
        e.message(),
        "unknown variant `Nope`, expected one of `Unit`, `Newtype`, `Tuple`, `Struct`"
    );
    let e = from_value::<External>(value!(1)).unwrap_err();
    assert_eq!(
        e.message(),
        "invalid type: integer `1`, expected a string or a map"
    );
    let e = from_value::<External>(value!({"Unit": null, "Tuple": [1, true]})).unwrap_err();
    assert_eq!(
        e.message(),
        "invalid value: map, expected a map of exactly one member"
    );
    let e = from_value::<External>(value!({"Newtype": [1]})).unwrap_err();
    assert_eq!(e.message(), "invalid type: sequence, expected i64");
    let e = from_value::<External>(value!({"Tuple": 1})).unwrap_err();
    assert_eq!(
        e.message(),
        "invalid type: integer `1`, expected tuple variant"
    );
    let e = from_value::<External>(value!({"Struct": true})).unwrap_err();
    assert_eq!(
        e.message(),
        "invalid type: boolean `true`, expected struct variant"
    );
    let e = from_value::<External>(value!("Newtype")).unwrap_err();
    assert_eq!(
        e.message(),
        "invalid type: unit variant, expected newtype variant"
    );
    let e = from_value::<External>(value!("Tuple")).unwrap_err();
    assert_eq!(
        e.message(),
        "invalid type: unit variant, expected tuple variant"
    );
    let e = from_value::<External>(value!("Struct")).unwrap_err();
    assert_eq!(
        e.message(),
        "invalid type: unit variant, expected struct variant"
    );
    let e = from_value::<External>(value!({"Unit": 5})).unwrap_err();
    assert_eq!(e.message(), "invalid type: integer `5`, expected unit");

    let e = from_value::<HashMap<u32, u8>>(value!({"x": 1})).unwrap_err();
    assert_eq!(e.message(), r#"invalid value: string "x", expected u32"#);
    let e = from_value::<HashMap<u32, u8>>(value!({"1": "a"})).unwrap_err();
    assert_eq!(e.message(), r#"invalid type: string "a", expected u8"#);
    assert_eq!(
        from_value::<HashMap<u32, u8>>(value!({"1": 2})).unwrap()[&1],
        2
    );
    assert_eq!(
        from_value::<BTreeMap<bool, u8>>(value!({"true": 2})).unwrap()[&true],
        2
    );
    assert_eq!(
        from_value::<BTreeMap<Color, u8>>(value!({"Red": 2})).unwrap()[&Color::Red],
        2
    );
}

#[test]
fn to_value_errors() {
    let e = to_value(&(u64::MAX as u128 + 1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NumberOutOfRange);
    assert_eq!(
        e.to_string(),
        "number out of range for the destination type"
    );
    let e = to_value(&(i64::MIN as i128 - 1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NumberOutOfRange);
    let e = to_value(&BTreeMap::from([((1u8, 2u8), 0u8)])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a map key must be a string, an integer, a float, a bool or a char"
    );
    let e = to_value(&BTreeMap::from([(Some(1u8), 0u8)])).unwrap_err();
    assert!(e.message().starts_with("a map key must be"));
    // Keys that are text: numbers, floats, bools, chars, unit variants, newtypes.
    let v = to_value(&HashMap::from([(1.5f64.to_bits(), 0)])).unwrap();
    assert!(v.as_object().unwrap().len() == 1);
    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    struct Id(u8);
    let v = to_value(&BTreeMap::from([(Id(3), 0)])).unwrap();
    assert_eq!(v, value!({"3": 0}));
    let v = to_value(&BTreeMap::from([(Color::Red, 0)])).unwrap();
    assert_eq!(v, value!({"Red": 0}));
    struct F(f64);
    impl Serialize for F {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeMap;
            let mut m = s.serialize_map(Some(1))?;
            m.serialize_entry(&self.0, &0)?;
            m.end()
        }
    }
    assert_eq!(to_value(&F(1.5)).unwrap(), value!({"1.5": 0}));
    let e = to_value(&F(f64::NAN)).unwrap_err();
    assert_eq!(e.to_string(), "a float map key must be finite");
    // A serde type's own error passes through with its message.
    struct Fails;
    impl Serialize for Fails {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("no can do"))
        }
    }
    let e = to_value(&vec![Fails]).unwrap_err();
    assert_eq!(
        e.kind(),
        ErrorKind::Custom("custom error from a serde type")
    );
    assert_eq!(e.to_string(), "no can do");
    assert_eq!(
        format!("{e:?}"),
        r#"Error { kind: Custom("custom error from a serde type"), message: "no can do" }"#
    );
}

#[test]
fn object_order_is_kept() {
    let mut o = Object::new();
    for k in ["z", "a", "m"] {
        o.insert(k, 1u8);
    }
    let v = Value::from(o);
    assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"z":1,"a":1,"m":1}"#);
    let back: Value = structio_json::serde::from_str(r#"{"z":1,"a":1,"m":1}"#).unwrap();
    assert_eq!(
        back.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["z", "a", "m"]
    );
}
