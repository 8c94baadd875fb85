//! The serde_json-like API: construction, access, mutation, comparison, display.

use structio_value::{value, Array, Kind, Object, Value};

#[test]
fn node_is_sixteen_bytes() {
    assert!(core::mem::size_of::<Value>() <= 16);
    // One pointer each (8 bytes on 64-bit targets).
    assert_eq!(core::mem::size_of::<Array>(), core::mem::size_of::<usize>());
    assert_eq!(
        core::mem::size_of::<Object>(),
        core::mem::size_of::<usize>()
    );
}

#[test]
fn macro_builds_every_kind() {
    let x = 5u8;
    let v = value!({
        "null": null,
        "t": true,
        "f": false,
        "u": 18446744073709551615u64,
        "i": -9223372036854775808i64,
        "f64": 0.25,
        "s": "short",
        "long": "a string longer than fourteen bytes",
        "arr": [1, [2, [3]], {}, [], null, x, -1,],
        "obj": {"nested": {"deep": [true]}},
        ("computed".to_string()): "k",
    });
    assert_eq!(v["null"], Value::NULL);
    assert_eq!(v["t"], true);
    assert_eq!(v["f"].as_bool(), Some(false));
    assert_eq!(v["u"].as_u64(), Some(u64::MAX));
    assert_eq!(v["i"].as_i64(), Some(i64::MIN));
    assert_eq!(v["f64"].as_f64(), Some(0.25));
    assert_eq!(v["s"], "short");
    assert_eq!(
        v["long"].as_str(),
        Some("a string longer than fourteen bytes")
    );
    assert_eq!(v["arr"][1][1][0], 3);
    assert_eq!(v["arr"][5], 5);
    assert_eq!(v["arr"][6], -1);
    assert_eq!(v["arr"].as_array().unwrap().len(), 7);
    assert_eq!(v["obj"]["nested"]["deep"][0], true);
    assert_eq!(v["computed"], "k");
    assert_eq!(value!([]), Value::from(Array::new()));
    assert_eq!(value!({}), Value::from(Object::new()));
    assert_eq!(value!(null), Value::NULL);
    assert_eq!(value!(-3), Value::from(-3i64));
}

#[test]
fn kinds_and_predicates() {
    let cases = [
        (value!(null), Kind::Null),
        (value!(true), Kind::Bool),
        (value!(1), Kind::U64),
        (value!(-1), Kind::I64),
        (value!(1.5), Kind::F64),
        (value!("s"), Kind::String),
        (value!("a long string, heap allocated"), Kind::String),
        (value!([1]), Kind::Array),
        (value!({"a": 1}), Kind::Object),
    ];
    for (v, k) in &cases {
        assert_eq!(v.kind(), *k);
        assert_eq!(v.is_null(), *k == Kind::Null);
        assert_eq!(v.is_boolean(), *k == Kind::Bool);
        assert_eq!(
            v.is_number(),
            matches!(k, Kind::U64 | Kind::I64 | Kind::F64)
        );
        assert_eq!(v.is_u64(), *k == Kind::U64);
        assert_eq!(v.is_f64(), *k == Kind::F64);
        assert_eq!(v.is_string(), *k == Kind::String);
        assert_eq!(v.is_array(), *k == Kind::Array);
        assert_eq!(v.is_object(), *k == Kind::Object);
        assert_eq!(v.as_null().is_some(), *k == Kind::Null);
        assert_eq!(v.as_str().is_some(), *k == Kind::String);
        assert_eq!(v.as_f64().is_some(), v.is_number());
    }
    assert!(value!(-1).is_i64() && value!(1).is_i64() && !Value::from(u64::MAX).is_i64());
    assert!(!value!("x").is_i64());
    assert_eq!(Value::from(u64::MAX).as_i64(), None);
    assert_eq!(value!(-2).as_f64(), Some(-2.0));
    assert_eq!(value!(1.5).as_u64(), None);
    assert_eq!(value!(1.5).as_i64(), None);
    assert_eq!(value!(1).as_bool(), None);
    assert!(value!(1).as_array().is_none() && value!(1).as_object().is_none());
    assert!(value!(1).as_array_mut().is_none() && value!(1).as_object_mut().is_none());
}

#[test]
fn conversions() {
    assert_eq!(Value::from(3u8), 3);
    assert_eq!(Value::from(3u16), 3u16);
    assert_eq!(Value::from(3u32), 3u32);
    assert_eq!(Value::from(3usize), 3usize);
    assert_eq!(Value::from(-3i8), -3i8);
    assert_eq!(Value::from(-3i16), -3i16);
    assert_eq!(Value::from(3isize).kind(), Kind::U64);
    assert_eq!(Value::from(1.5f32), 1.5f64);
    assert_eq!(Value::from(String::from("s")), "s");
    assert_eq!(Value::from(&String::from("s")), String::from("s"));
    assert_eq!(Value::from(std::borrow::Cow::Borrowed("c")), "c");
    assert_eq!(Value::from(()), Value::NULL);
    assert_eq!(Value::from(Some(1)), 1);
    assert_eq!(Value::from(None::<i32>), Value::NULL);
    assert_eq!(Value::from(vec![1, 2]), value!([1, 2]));
    assert_eq!(Value::from(&[1, 2][..]), value!([1, 2]));
    let v: Value = [("a", 1), ("b", 2), ("a", 3)].into_iter().collect();
    assert_eq!(v.to_string(), r#"{"a":3,"b":2}"#);
    let v: Value = (0..3).collect();
    assert_eq!(v, value!([0, 1, 2]));
    assert_eq!(Value::default(), Value::NULL);
    // Numbers compare by kind as in serde_json.
    assert_ne!(value!(1), value!(1.0));
    assert_ne!(value!(1), value!("1"));
    assert_ne!(value!(1.0), 1);
    assert_ne!(value!("x"), 1);
    assert_ne!(value!(1), true);
    assert_ne!(value!(1), 1.0);
    assert_ne!(value!([1]), value!({"a": 1}));
    assert_ne!(Value::from(f64::NAN), Value::from(f64::NAN));
    assert_eq!(
        value!("a long string, heap allocated"),
        value!("a long string, heap allocated")
    );
}

#[test]
fn indexing_never_panics_when_reading() {
    let v = value!({"a": [1, 2], "b": "s"});
    assert!(v["missing"].is_null());
    assert!(v["a"][9].is_null());
    assert!(v["b"]["x"].is_null());
    assert!(v["b"][0].is_null());
    assert!(v[0].is_null());
    assert!(v[&String::from("zz")].is_null());
    assert_eq!(v[String::from("b")], "s");
    assert_eq!(v.get("a").and_then(|a| a.get(1)), Some(&value!(2)));
    assert!(v.get(0).is_none() && v.get("zz").is_none());
    let o = v.as_object().unwrap();
    assert!(o["nope"].is_null());
    assert_eq!(o["b"], "s");
}

#[test]
fn index_mut_inserts_like_serde_json() {
    let mut v = Value::NULL;
    v["a"]["b"] = value!(1);
    v["a"]["c"] = value!([0, 0]);
    v["a"]["c"][1] = value!(true);
    v["a"][&String::from("d")] = value!(2);
    v["a"][String::from("e")] = value!(3);
    assert_eq!(v, value!({"a": {"b": 1, "c": [0, true], "d": 2, "e": 3}}));
    *v.get_mut("a").unwrap().get_mut("b").unwrap() = value!("x");
    assert_eq!(v["a"]["b"], "x");
    assert!(v.get_mut("zz").is_none() && v.get_mut(0).is_none());
}

#[test]
#[should_panic(expected = "out of range")]
fn index_mut_out_of_range_panics() {
    let mut v = value!([1]);
    v[3] = value!(2);
}

#[test]
#[should_panic(expected = "with a number")]
fn index_mut_number_into_object_panics() {
    let mut v = value!({});
    v[0] = value!(2);
}

#[test]
#[should_panic(expected = "with a string")]
fn index_mut_string_into_array_panics() {
    let mut v = value!([]);
    v["a"] = value!(2);
}

#[test]
fn pointer_access() {
    let mut v = value!({"a": [{"b/c": 1, "d~e": 2}], "": 3, "x": {"0": 4}});
    assert_eq!(v.pointer(""), Some(&v));
    assert_eq!(v.pointer("/a/0/b~1c"), Some(&value!(1)));
    assert_eq!(v.pointer("/a/0/d~0e"), Some(&value!(2)));
    assert_eq!(v.pointer("/"), Some(&value!(3)));
    assert_eq!(v.pointer("/x/0"), Some(&value!(4)));
    for bad in [
        "a",
        "/a/00",
        "/a/-",
        "/a/1",
        "/a/0/zz",
        "/a/0/b~2c",
        "/a/0/b~",
        "/a/x",
        "/x/0/1",
        "/a/+0",
    ] {
        assert_eq!(v.pointer(bad), None, "{bad}");
        assert!(v.pointer_mut(bad).is_none(), "{bad}");
    }
    *v.pointer_mut("/a/0/b~1c").unwrap() = value!("new");
    assert_eq!(v["a"][0]["b/c"], "new");
    assert!(v.pointer_mut("").unwrap().is_object());
    *v.pointer_mut("/x/0").unwrap() = value!(5);
    assert_eq!(v["x"]["0"], 5);
}

#[test]
fn take_leaves_null() {
    let mut v = value!({"a": {"b": [1]}});
    let inner = v["a"].take();
    assert_eq!(inner, value!({"b": [1]}));
    assert_eq!(v, value!({"a": null}));
}

#[test]
fn array_mutation() {
    let mut a = Array::with_capacity(2);
    assert!(a.capacity() >= 2);
    for i in 0..100u64 {
        a.push(i);
    }
    assert_eq!(a.len(), 100);
    assert_eq!(a.pop(), Some(value!(99)));
    a.insert(0, "first");
    a.insert(a.len(), "last");
    assert_eq!(a[0], "first");
    assert_eq!(a[a.len() - 1], "last");
    assert_eq!(a.remove(0), Some(value!("first")));
    assert_eq!(a.remove(1000), None);
    a.truncate(3);
    a.truncate(10);
    assert_eq!(Value::from(a.clone()), value!([0, 1, 2]));
    a.as_mut_slice()[0] = value!("s");
    for v in &mut a {
        *v = value!(true);
    }
    assert!((&a).into_iter().all(|v| *v == true));
    a.extend([value!(1)]);
    let v: Vec<Value> = a.clone().into_iter().collect();
    assert_eq!(v.len(), 4);
    assert_eq!(format!("{a:?}"), "[true, true, true, 1]");
    a.clear();
    assert!(a.is_empty());
    let mut e = Array::new();
    assert_eq!(e.pop(), None);
    e.insert(0, 1);
    assert_eq!(e, Array::from(vec![value!(1)]));
    assert_eq!(Array::default().capacity(), 0);
}

#[test]
#[should_panic(expected = "insertion index")]
fn array_insert_past_end_panics() {
    Array::new().insert(1, 1);
}

#[test]
fn object_mutation_keeps_order() {
    let mut o = Object::with_capacity(1, 1);
    assert_eq!(o.insert("z", 1), None);
    assert_eq!(o.insert("a", 2), None);
    assert_eq!(o.insert("m", 3), None);
    assert_eq!(o.insert("a", 4), Some(value!(2)));
    assert_eq!(o.keys().collect::<Vec<_>>(), ["z", "a", "m"]);
    assert_eq!(o.remove("z"), Some(value!(1)));
    assert_eq!(o.remove("z"), None);
    assert_eq!(o.remove_index(7), None);
    assert_eq!(o.keys().collect::<Vec<_>>(), ["a", "m"]);
    // Re-growth compacts the bytes of removed keys.
    for i in 0..50 {
        let k = format!("key number {i}");
        o.insert(&k, i);
        if i % 2 == 0 {
            o.remove(&k);
        }
    }
    assert_eq!(o.len(), 27);
    assert_eq!(o["key number 49"], 49);
    assert!(o.get("key number 48").is_none());
    for (_, v) in o.iter_mut() {
        *v = value!(0);
    }
    assert!(o.values().all(|v| *v == 0));
    o.values_mut().for_each(|v| *v = value!(1));
    assert!(o.iter().all(|(_, v)| *v == 1));
    assert_eq!((&o).into_iter().count(), 27);
    assert_eq!((&mut o).into_iter().count(), 27);
    assert_eq!(o.iter().size_hint(), (27, Some(27)));
    assert_eq!(o.iter_mut().size_hint(), (27, Some(27)));
    assert_eq!(o.get_index(0), Some(("a", &value!(1))));
    assert!(o.contains_key("m") && !o.contains_key("q"));
    o.clear();
    assert!(o.is_empty());
    o.insert("after clear", 1);
    assert_eq!(format!("{o:?}"), r#"{"after clear": 1}"#);
    assert_eq!(Object::default().len(), 0);
}

#[test]
fn large_objects_use_the_index_and_stay_consistent() {
    let mut o = Object::new();
    let n = 300;
    // Keys inserted in an order unlike their sorted order.
    for i in 0..n {
        o.insert(&format!("k{}", (i * 7919) % n), i);
    }
    assert_eq!(o.len(), n);
    for i in 0..n {
        let k = format!("k{}", (i * 7919) % n);
        assert_eq!(o[k.as_str()], i, "{k}");
    }
    assert!(o.get("nope").is_none() && o.get("k").is_none() && o.get("k9999").is_none());
    // Removal shifts positions; the index must follow.
    for i in (0..n).step_by(3) {
        let k = format!("k{}", (i * 7919) % n);
        assert_eq!(o.remove(&k), Some(value!(i)));
    }
    for i in 0..n {
        let k = format!("k{}", (i * 7919) % n);
        assert_eq!(o.get(&k).is_some(), i % 3 != 0, "{k}");
    }
    // Shrinking below the threshold drops the index; lookups keep working.
    while o.len() > 10 {
        let k = o.get_index(0).unwrap().0.to_string();
        o.remove(&k);
    }
    assert_eq!(o.len(), 10);
    let k = o.get_index(5).unwrap().0.to_string();
    assert!(o.get(&k).is_some());
    let c = o.clone();
    assert_eq!(c, o);
}

#[test]
fn object_equality_ignores_order() {
    let a = value!({"a": 1, "b": 2});
    let b = value!({"b": 2, "a": 1});
    assert_eq!(a, b);
    assert_ne!(a, value!({"a": 1}));
    assert_ne!(a, value!({"a": 1, "c": 2}));
    assert_ne!(a, value!({"a": 1, "b": 3}));
}

#[test]
fn clone_is_deep() {
    let v = value!({"a": ["long string value here", {"b": null}], "n": -1.5});
    let mut c = v.clone();
    assert_eq!(c, v);
    c["a"][1]["b"] = value!(1);
    assert_ne!(c, v);
    let big: Value = (0..100).map(|i| (format!("k{i}"), i)).collect();
    assert_eq!(big.clone(), big);
}

#[test]
fn display_compact_and_pretty() {
    let v = value!({"a": [1, -2, 0.5, "x\"\\\n\u{1}\u{7f}é"], "b": {}, "c": [], "d": {"e": null}});
    assert_eq!(
        v.to_string(),
        concat!(
            r#"{"a":[1,-2,0.5,"x\"\\\n\u0001"#,
            "\u{7f}é",
            r#""],"b":{},"c":[],"d":{"e":null}}"#
        )
    );
    assert_eq!(
        format!("{v:#}"),
        "{\n  \"a\": [\n    1,\n    -2,\n    0.5,\n    \"x\\\"\\\\\\n\\u0001\u{7f}é\"\n  ],\n  \"b\": {},\n  \"c\": [],\n  \"d\": {\n    \"e\": null\n  }\n}"
    );
    assert_eq!(format!("{:?}", value!([true])), "[true]");
    assert_eq!(value!(f64::NAN).to_string(), "null");
    assert_eq!(value!(f64::INFINITY).to_string(), "null");
    assert_eq!(value!(1.0).to_string(), "1.0");
    assert_eq!(value!("\u{8}\u{c}\r\t").to_string(), r#""\b\f\r\t""#);
    assert_eq!(Value::from(i64::MIN).to_string(), "-9223372036854775808");
    assert_eq!(Value::from(u64::MAX).to_string(), "18446744073709551615");
    for n in [0u64, 7, 10, 99, 100, 12345, 1 << 40] {
        assert_eq!(Value::from(n).to_string(), n.to_string());
    }
    assert_eq!(structio_value::to_string_pretty(&value!(1)), "1");
    let mut out = Vec::new();
    structio_value::write_json(&value!([1]), &mut out, true);
    assert_eq!(out, b"[\n  1\n]");
}

#[test]
fn values_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Value>();
    check::<Array>();
    check::<Object>();
}
