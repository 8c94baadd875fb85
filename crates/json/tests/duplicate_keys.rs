//! One policy for a key repeated in an object: the last value wins everywhere (as in serde_json),
//! and with `deny_duplicate_keys` every API refuses it at the second key.

use std::collections::{BTreeMap, HashMap};

use structio_json::{pointer, pointer_with, ErrorKind, RawValue, ReadOptions, DUPLICATE_KEY};

const DOC: &[u8] = br#"{"a": 1, "b": {"c": 2}, "a": 3}"#;
/// The offset of the second `"a"`.
const SECOND: usize = 24;

fn deny() -> ReadOptions {
    ReadOptions::new().deny_duplicate_keys(true)
}

#[test]
fn maps_keep_the_last_value_or_refuse() {
    let text = br#"{"a": 1, "b": 2, "a": 3}"#;
    let m: BTreeMap<String, u8> = structio_json::from_slice(text).unwrap();
    assert_eq!((m["a"], m.len()), (3, 2));
    let h: HashMap<&str, u8> = structio_json::from_slice(text).unwrap();
    assert_eq!(h["a"], 3);
    let i: BTreeMap<u8, u8> = structio_json::from_slice(br#"{"1": 1, "1": 2}"#).unwrap();
    assert_eq!(i[&1], 2);
    let serde: BTreeMap<String, u8> = serde_json::from_slice(text).unwrap();
    assert_eq!(serde, m);

    let err = structio_json::from_slice_with::<BTreeMap<String, u8>>(text, deny()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 17));
    assert_eq!(err.line(), 1);
    let err = structio_json::from_slice_with::<HashMap<String, u8>>(text, deny()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 17));
    let mut into = HashMap::new();
    let err = structio_json::read_into_with(&mut into, br#"{"1":1,"1":2}"#, deny()).map(|()| {
        let _: &HashMap<u8, u8> = &into;
    });
    assert_eq!(err.unwrap_err().offset(), 7);
    // Nested maps are checked too; distinct keys pass.
    let nested = br#"{"x": {"k": 1, "k": 2}}"#;
    let err =
        structio_json::from_slice_with::<BTreeMap<String, BTreeMap<String, u8>>>(nested, deny())
            .unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 15));
    let ok: BTreeMap<String, u8> =
        structio_json::from_slice_with(br#"{"a":1,"b":2}"#, deny()).unwrap();
    assert_eq!(ok.len(), 2);
}

#[derive(structio_derive::Json, Debug, PartialEq)]
#[structio(crate = "structio_json")]
struct S {
    a: u8,
}

#[test]
fn derived_structs_keep_the_last_value() {
    let s: S = structio_json::from_slice(br#"{"a": 1, "a": 2}"#).unwrap();
    assert_eq!(s, S { a: 2 });
}

#[derive(structio_derive::Json, Debug, PartialEq, Default)]
#[structio(crate = "structio_json")]
struct Inner {
    c: u8,
}

#[derive(structio_derive::Json, Debug, PartialEq, Default)]
#[structio(crate = "structio_json")]
struct Derived {
    a: u8,
    #[structio(alias = "bee")]
    b: u8,
    #[structio(flatten)]
    inner: Inner,
}

#[derive(structio_derive::Json, Debug, PartialEq)]
#[structio(crate = "structio_json")]
enum E {
    V { a: u8 },
}

#[test]
fn derived_structs_refuse_a_repeat_when_denied() {
    let text = br#"{"a": 1, "b": 2, "c": 3, "a": 4}"#;
    let want = Derived {
        a: 4,
        b: 2,
        inner: Inner { c: 3 },
    };
    assert_eq!(structio_json::from_slice::<Derived>(text).unwrap(), want);
    let err = structio_json::from_slice_with::<Derived>(text, deny()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 25));
    // An alias is the same field; a flattened struct's field is checked by that struct.
    let err = structio_json::from_slice_with::<Derived>(br#"{"b":1,"bee":2}"#, deny()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 7));
    let err = structio_json::from_slice_with::<Derived>(br#"{"c":1,"c":2}"#, deny()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 7));
    // read_into and struct variants too.
    let mut s = S { a: 0 };
    let err = structio_json::read_into_with(&mut s, br#"{"a":1,"a":2}"#, deny()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 7));
    structio_json::read_into(&mut s, br#"{"a":1,"a":2}"#).unwrap();
    assert_eq!(s, S { a: 2 });
    let err = structio_json::from_slice_with::<E>(br#"{"V":{"a":1,"a":2}}"#, deny()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 12));
    // Distinct keys pass with the option on.
    let ok = structio_json::from_slice_with::<Derived>(br#"{"a":1,"b":2,"c":3}"#, deny());
    assert_eq!(ok.unwrap().inner.c, 3);
}

#[test]
fn pointer_answers_the_last_value_or_refuses() {
    assert_eq!(pointer(DOC, "/a").unwrap().unwrap().as_str(), "3");
    assert_eq!(pointer(DOC, "/b/c").unwrap().unwrap().as_str(), "2");
    let err = pointer_with(DOC, "/a", deny()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    // What is refused is a repeat of a key the pointer names (one that makes its answer
    // ambiguous); other keys are stepped over unchecked, which needs no memory.
    assert_eq!(
        pointer_with(DOC, "/b/c", deny()).unwrap().unwrap().as_str(),
        "2"
    );
    // A repeated key escaped differently is the same key.
    let escaped = br#"{"a": 1, "\u0061": 2}"#;
    assert_eq!(pointer(escaped, "/a").unwrap().unwrap().as_str(), "2");
    assert_eq!(pointer_with(escaped, "/a", deny()).unwrap_err().offset(), 9);
    // Without repeats the options change nothing, and max_depth applies.
    let v = pointer_with(br#"{"a": [1]}"#, "/a/0", deny())
        .unwrap()
        .unwrap();
    assert_eq!(v.as_str(), "1");
    let err = pointer_with(br#"{"a": [1]}"#, "/a/0", ReadOptions::new().max_depth(1)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::DepthLimit);
    let n: u8 = structio_json::pointer_as(DOC, "/a").unwrap().unwrap();
    assert_eq!(n, 3);
}

#[test]
fn raw_values_answer_the_last_value_or_refuse() {
    let raw = RawValue::from_slice(DOC).unwrap();
    assert_eq!(raw.pointer("/a").unwrap().unwrap().as_str(), "3");
    let err = raw.pointer_with("/a", deny()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    // The entries iterator shows the text as it is, repeats included.
    let keys: Vec<&str> = raw.entries().map(|e| e.unwrap().0).collect();
    assert_eq!(keys, ["a", "b", "a"]);
}

#[test]
fn the_error_message_names_the_repeat() {
    let err = structio_json::from_slice_with::<BTreeMap<String, u8>>(br#"{"a":1,"a":2}"#, deny())
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("duplicate key"), "{text}");
}
