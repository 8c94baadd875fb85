//! A key repeated in one object: one member at the first key's position holding the last value
//! (as serde_json's `Value` with `preserve_order`), the same answer from indexing, `get`,
//! `pointer` and the typed reader; or an error at the second key when asked.

use structio_value::{from_beve, from_slice, from_slice_with, value, ReadOptions, Value};

fn deny() -> ReadOptions {
    ReadOptions::new().deny_duplicate_keys(true)
}

/// The member count of the object `text`, read with repeated keys refused.
fn members_with_repeats_denied(text: &str) -> usize {
    let v = from_slice_with(text.as_bytes(), deny()).unwrap();
    v.as_object().unwrap().len()
}

#[test]
fn every_lookup_answers_the_last_value() {
    let text = br#"{"a": 1, "b": {"c": 2, "c": 3}, "a": 4}"#;
    let v = from_slice(text).unwrap();
    assert_eq!(v, value!({"a": 4, "b": {"c": 3}}));
    assert_eq!(v["a"], 4);
    assert_eq!(v.get("a"), Some(&Value::from(4u64)));
    assert_eq!(v.pointer("/b/c"), Some(&Value::from(3u64)));
    assert_eq!(v.as_object().unwrap().len(), 2);
    // The same answers as the typed reader and the raw pointer.
    let typed: std::collections::BTreeMap<String, Value> = structio_json::from_slice(text).unwrap();
    assert_eq!(typed["a"], v["a"]);
    let raw = structio_json::pointer(text, "/b/c").unwrap().unwrap();
    assert_eq!(raw.as_str(), "3");
    // First position kept, as an IndexMap insert keeps it.
    let v = from_slice(br#"{"x": 1, "y": 2, "x": 3}"#).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["x", "y"]);
    assert_eq!(structio_value::to_string(&v), r#"{"x":3,"y":2}"#);
}

#[test]
fn escaped_and_plain_spellings_are_one_key() {
    let v = from_slice(br#"{"a": 1, "\u0061": 2}"#).unwrap();
    assert_eq!(v, value!({"a": 2}));
    let err = from_slice_with(br#"{"a": 1, "\u0061": 2}"#, deny()).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (structio_json::DUPLICATE_KEY, 9)
    );
    let err = from_slice_with(br#"{"\u0062": 1, "b": 2}"#, deny()).unwrap_err();
    assert_eq!(err.offset(), 14);
    let err = from_slice_with(br#"{"\u0062": 1, "\u0062": 2}"#, deny()).unwrap_err();
    assert_eq!(err.offset(), 14);
}

#[test]
fn many_keys_with_one_repeat() {
    // Past the small objects' filter, into the hash table, and past the object index's
    // threshold.
    let mut text = String::from("{");
    for i in 0..500 {
        text.push_str(&format!("\"key{i}\":{i},"));
    }
    text.push_str("\"key250\":-1}");
    let v = from_slice(text.as_bytes()).unwrap();
    let o = v.as_object().unwrap();
    assert_eq!(o.len(), 500);
    assert_eq!(o["key250"], -1);
    assert_eq!(o.get_index(250).map(|(k, _)| k), Some("key250"));
    let err = from_slice_with(text.as_bytes(), deny()).unwrap_err();
    assert_eq!(err.offset(), text.rfind("\"key250\"").unwrap());
    // Distinct keys pass with the option on.
    let distinct = text.replace("\"key250\":-1", "\"other\":-1");
    assert_eq!(members_with_repeats_denied(&distinct), 501);
}

#[test]
fn keys_that_differ_only_in_the_middle_are_told_apart() {
    // The hash reads a key's length and its first and last eight bytes: these 3,000 keys all
    // collide, so the check falls back to sorting; the answers must not change, and it must not
    // take quadratic time (3,000 keys would be 4.5 million comparisons).
    let key = |i: usize| format!("prefix__{i:06}__suffix");
    let mut text = String::from("{");
    for i in 0..3000 {
        text.push_str(&format!("\"{}\":{i},", key(i)));
    }
    let repeated = key(1234);
    text.push_str(&format!("\"{}\":0,\"{repeated}\":-1}}", key(3000)));
    let v = from_slice(text.as_bytes()).unwrap();
    let o = v.as_object().unwrap();
    assert_eq!(o.len(), 3001);
    assert_eq!(o[repeated.as_str()], -1);
    assert_eq!(o.get_index(1234).map(|(k, _)| k), Some(repeated.as_str()));
    let err = from_slice_with(text.as_bytes(), deny()).unwrap_err();
    assert_eq!(
        err.offset(),
        text.rfind(&format!("\"{repeated}\"")).unwrap()
    );
    // The first repeat is the one named, when two keys repeat.
    let two = text.replacen(
        &format!("\"{}\":0", key(3000)),
        &format!("\"{}\":0", key(7)),
        1,
    );
    let err = from_slice_with(two.as_bytes(), deny()).unwrap_err();
    assert_eq!(err.offset(), two.rfind(&format!("\"{}\"", key(7))).unwrap());
    let distinct = text.replace(&format!("\"{repeated}\":-1"), "\"other\":-1");
    assert_eq!(members_with_repeats_denied(&distinct), 3002);
}

#[test]
fn nested_and_typed_field_reads_follow_the_option() {
    let text = br#"[{"v": {"k": 1, "k": 2}}]"#;
    let err = from_slice_with(text, deny()).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (structio_json::DUPLICATE_KEY, 16)
    );
    // A `Value` read by the typed reader takes the typed reader's option.
    let v: Vec<Value> = structio_json::from_slice(text).unwrap();
    assert_eq!(v[0]["v"]["k"], 2);
    let err = structio_json::from_slice_with::<Vec<Value>>(text, deny()).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (structio_json::DUPLICATE_KEY, 16)
    );
    // The reader forgets the option after the read.
    let mut r = structio_value::Reader::new();
    assert!(r.read_with(text, deny()).is_err());
    assert!(r.read(text).is_ok());
    // max_depth applies as in from_slice_with_depth.
    let err = from_slice_with(b"[[1]]", ReadOptions::new().max_depth(1)).unwrap_err();
    assert_eq!(err.kind(), structio_value::ErrorKind::DepthLimit);
}

#[test]
fn beve_objects_fold_too() {
    let mut w = structio_beve::Writer::new(Vec::new());
    w.begin_object(3).unwrap();
    w.key(b"a").unwrap();
    w.write_number(1u8).unwrap();
    w.key(b"b").unwrap();
    w.write_null().unwrap();
    w.key(b"a").unwrap();
    w.write_number(2u8).unwrap();
    let v = from_beve(&w.into_inner()).unwrap();
    assert_eq!(v, value!({"a": 2, "b": null}));
}

#[test]
fn folded_subtrees_drop_cleanly() {
    // Repeated keys whose values own blocks (long strings, containers), nested in containers
    // that close after them: every block is freed once (valgrind reports nothing on this test).
    let text = br#"[{"o": {"a": ["a string longer than a node", {"x": [1, 2]}],
        "a": {"y": "another string longer than a node"}, "b": [[], {}]},
        "p": [{"q": "long string long string", "q": "x", "q": {"r": "yet another long one"}}]},
        {"o": 1, "o": [2, "a string longer than a node"]}, "tail string longer than a node"]"#;
    for _ in 0..3 {
        let v = from_slice(text).unwrap();
        let copy = v.clone();
        assert_eq!(v[0]["o"]["a"]["y"], "another string longer than a node");
        assert_eq!(v[0]["p"][0]["q"]["r"], "yet another long one");
        assert_eq!(v[1]["o"][1], "a string longer than a node");
        assert_eq!(copy, v);
        drop(v);
        assert_eq!(copy[2], "tail string longer than a node");
    }
}

/// Objects of 1 to 70 members (two compared by their keys, the check while keys are copied up
/// to 64, a hash table past that), keys of every length class the copy reads differently (1-3,
/// 4-7, 8-16, 17-32 bytes, longer), sharing prefixes and lengths so that tags and filter bits
/// meet: with a repeat at random positions the tree equals the folded reference (first
/// position, last value), and without one every member is kept. JSON and BEVE alike.
#[test]
fn repeats_found_at_every_object_size_and_key_length() {
    let mut rng = structio_testkit::Rng::new(0xd0b1e);
    let shapes: [fn(usize) -> String; 6] = [
        |i| format!("{}", (b'a' + (i % 26) as u8) as char).repeat(1 + i / 26),
        |i| format!("k{i}"),
        |i| format!("profile_{i:03}"),
        |i| format!("profile_image_url_{i:04}_https"),
        |i| format!("{}{i}", "x".repeat(i % 20)),
        |i| format!("{}_{i}", "long_key_segment".repeat(1 + i % 3)),
    ];
    let sizes: &[usize] = if cfg!(miri) {
        &[2, 3, 17, 64]
    } else {
        &[1, 2, 3, 8, 16, 17, 33, 40, 63, 64, 65, 70]
    };
    for &n in sizes {
        for shape in shapes {
            for _ in 0..if cfg!(miri) { 1 } else { 20 } {
                let keys: Vec<String> = (0..n).map(shape).collect();
                // The members as written: every key once, then maybe a repeat of one of them
                // inserted at a random place after it.
                let mut members: Vec<(String, u64)> = keys
                    .iter()
                    .enumerate()
                    .map(|(i, k)| (k.clone(), i as u64))
                    .collect();
                let repeat = rng.below(3) != 0;
                if repeat {
                    let k = rng.below(n as u64) as usize;
                    let at = k + 1 + rng.below((n - k) as u64) as usize;
                    members.insert(at.min(members.len()), (keys[k].clone(), 1000));
                }
                let body: Vec<String> = members
                    .iter()
                    .map(|(k, v)| format!("\"{k}\":{v}"))
                    .collect();
                let text = format!("{{{}}}", body.join(","));
                // The reference: first position, last value.
                let mut want: Vec<(String, u64)> = Vec::new();
                for (k, v) in &members {
                    match want.iter_mut().find(|(w, _)| w == k) {
                        Some(slot) => slot.1 = *v,
                        None => want.push((k.clone(), *v)),
                    }
                }
                let v = from_slice(text.as_bytes()).unwrap();
                let got: Vec<(String, u64)> = v
                    .as_object()
                    .unwrap()
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.as_u64().unwrap()))
                    .collect();
                assert_eq!(got, want, "{text}");
                assert_eq!(
                    from_slice_with(text.as_bytes(), deny()).is_err(),
                    repeat,
                    "{text}"
                );
                // The same members as BEVE, which closes objects through the same builder.
                let mut w = structio_beve::Writer::new(Vec::new());
                w.begin_object(members.len()).unwrap();
                for (k, n) in &members {
                    w.key(k.as_bytes()).unwrap();
                    w.write_number(*n).unwrap();
                }
                assert_eq!(from_beve(&w.into_inner()).unwrap(), v, "{text}");
            }
        }
    }
}
