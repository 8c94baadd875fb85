//! serde_json::Value's everyday API on `Value`: parsing with `parse`, comparisons both ways,
//! the entry API, retain, key sorting, take, pointer_mut, indexing, conversions and the enum
//! view.

// The comparisons are written both ways on purpose: both impls are under test.
#![allow(
    clippy::nonminimal_bool,
    clippy::bool_comparison,
    clippy::op_ref,
    clippy::cmp_owned
)]

use std::collections::{BTreeMap, HashMap};

use structio_value::{value, Entry, Object, Value, ValueRef};

#[test]
fn parse_and_compare_from_either_side() {
    let v: Value = r#"{"n": 1, "neg": -2, "f": 0.5, "s": "x", "b": true}"#
        .parse()
        .unwrap();
    assert!(v["n"] == 1 && 1 == v["n"] && 1u64 == v["n"] && v["n"] == 1i8);
    assert!(-2 == v["neg"] && v["neg"] != 2);
    assert!(0.5 == v["f"] && 0.5f32 == v["f"] && v["f"] == 0.5f32);
    assert!("x" == v["s"] && v["s"] == "x" && String::from("x") == v["s"]);
    assert!(true == v["b"] && v["b"] != false);
    // Kind matters, as in serde_json: 1 and 1.0 differ.
    assert!(v["n"] != 1.0);
    let err = "[1,".parse::<Value>().unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (structio_value::ErrorKind::UnexpectedEnd, 3)
    );
}

#[test]
fn entry_api() {
    let mut o = Object::new();
    for word in ["a", "b", "a", "c", "a"] {
        let n = o.entry(word).or_insert(0);
        *n = Value::from(n.as_u64().unwrap_or(0) + 1);
    }
    assert_eq!(Value::from(o.clone()), value!({"a": 3, "b": 1, "c": 1}));
    match o.entry("b") {
        Entry::Occupied(e) => assert_eq!(e.remove(), 1),
        Entry::Vacant(_) => unreachable!(),
    }
    assert!(!o.contains_key("b"));
    o.entry(String::from("z")).or_default();
    assert!(o["z"].is_null());
    let list = o.entry("list").or_insert_with(|| value!([]));
    list.as_array_mut().unwrap().push(1);
    assert_eq!(o["list"], value!([1]));
    o.entry("a")
        .and_modify(|v| *v = "changed".into())
        .or_insert(0);
    assert_eq!(o["a"], "changed");
    assert_eq!(o.entry("q").key(), "q");
    // Large objects (past the lookup index's threshold) work the same.
    let mut big: Object = (0..100).map(|i| (format!("k{i}"), i)).collect();
    *big.entry("k50").or_insert(0) = Value::from(-1);
    big.entry("new").or_insert(7);
    assert_eq!((big["k50"].clone(), big.len()), (Value::from(-1), 101));
}

#[test]
fn retain_and_sort_keys() {
    let mut v = value!({"c": 3, "a": 1, "b": {"z": 1, "y": [{"q": 1, "p": 2}]}});
    let o = v.as_object_mut().unwrap();
    o.retain(|_, v| *v != 3);
    assert_eq!(o.keys().collect::<Vec<_>>(), ["a", "b"]);
    v.sort_all_objects();
    assert_eq!(
        structio_value::to_string(&v),
        r#"{"a":1,"b":{"y":[{"p":2,"q":1}],"z":1}}"#
    );
    // Lookups still work after the rebuild, on small and large objects.
    let mut big: Object = (0..200).rev().map(|i| (format!("{i:03}"), i)).collect();
    big.sort_keys();
    assert_eq!(big.get_index(0).map(|(k, _)| k), Some("000"));
    assert_eq!(big["150"], 150);
    big.retain(|k, _| k.ends_with('0'));
    assert_eq!((big.len(), big["190"].clone()), (20, Value::from(190)));
    assert!(big.get("191").is_none());
}

#[test]
fn take_pointer_mut_and_index() {
    let mut v = value!({"a": [1, {"b": "x"}]});
    *v.pointer_mut("/a/1/b").unwrap() = Value::from("y");
    assert_eq!(v["a"][1]["b"], "y");
    let taken = v["a"][0].take();
    assert_eq!((taken, v["a"][0].clone()), (Value::from(1), Value::NULL));
    v["new"] = value!(true);
    assert_eq!(v["new"], true);
    assert!(v["missing"]["deeper"][3].is_null());
}

#[test]
fn conversions() {
    assert_eq!(Value::from('c'), "c");
    assert_eq!(Value::from(Box::<str>::from("b")), "b");
    assert_eq!(Value::from([1.5, 2.5]), value!([1.5, 2.5]));
    assert_eq!(
        Value::from(BTreeMap::from([("k", vec![1])])),
        value!({"k": [1]})
    );
    assert_eq!(
        Value::from(HashMap::from([("k".to_string(), "v")])),
        value!({"k": "v"})
    );
    let s: String = value!([1, "a"]).into();
    assert_eq!(s, r#"[1,"a"]"#);
}

#[test]
fn enum_view() {
    let v =
        value!({"o": {}, "a": [], "s": "text", "u": 1, "i": -1, "f": 2.5, "b": false, "n": null});
    let mut seen = Vec::new();
    for (k, e) in v.as_object().unwrap() {
        let kind = match e.as_ref() {
            ValueRef::Object(o) => format!("object {}", o.len()),
            ValueRef::Array(a) => format!("array {}", a.len()),
            ValueRef::String(s) => format!("string {s}"),
            ValueRef::U64(n) => format!("u64 {n}"),
            ValueRef::I64(n) => format!("i64 {n}"),
            ValueRef::F64(f) => format!("f64 {f}"),
            ValueRef::Bool(b) => format!("bool {b}"),
            ValueRef::Null => "null".to_string(),
        };
        seen.push(format!("{k}: {kind}"));
    }
    assert_eq!(
        seen,
        [
            "o: object 0",
            "a: array 0",
            "s: string text",
            "u: u64 1",
            "i: i64 -1",
            "f: f64 2.5",
            "b: bool false",
            "n: null"
        ]
    );
    let long = Value::from("a string longer than fourteen bytes");
    assert_eq!(
        long.as_ref(),
        ValueRef::String("a string longer than fourteen bytes")
    );
}
