//! Hostile input through derived types: recursion a million deep, no-alloc containers one element
//! too small, duplicate keys, and what a failed `read_into` leaves behind, in both formats.

use structio_derive::{Beve, Json};

const MILLION: usize = 1_000_000;

/// A recursive type: each level recurses in the reader, so only the depth limit keeps the stack
/// bounded.
#[derive(Json, Beve, Debug, PartialEq, Default)]
struct Node {
    children: Vec<Node>,
    next: Option<Box<Node>>,
}

#[derive(Json, Beve, Debug, PartialEq, Default)]
struct Skips {
    a: u8,
}

#[test]
fn a_million_deep_recursive_type_is_a_depth_error() {
    let mut json = b"{\"children\":[".repeat(MILLION);
    json.extend(b"]}".repeat(MILLION));
    assert!(structio_json::from_slice::<Node>(&json).is_err());
    let mut json = b"{\"next\":".repeat(MILLION);
    json.extend(b"null");
    json.extend(b"}".repeat(MILLION));
    assert!(structio_json::from_slice::<Node>(&json).is_err());
    // An unknown member of that depth is skipped with the same limit.
    let mut json = b"{\"zz\":".to_vec();
    json.extend(b"[".repeat(MILLION));
    json.extend(b"]".repeat(MILLION));
    json.extend(b",\"a\":1}");
    let e = structio_json::from_slice::<Skips>(&json).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::DepthLimit);

    // BEVE: an object {"next": {"next": ...}}, keys as SIZE + bytes.
    let mut beve = [&[0x03u8, 0x04, 0x10][..], b"next"]
        .concat()
        .repeat(MILLION);
    beve.push(0x00);
    let e = structio_beve::from_slice::<Node>(&beve).unwrap_err();
    assert_eq!(e.kind(), structio_beve::ErrorKind::DepthLimit);
    let mut beve = [&[0x03u8, 0x04, 0x08][..], b"zz", &[0x05, 0x04]].concat();
    beve.extend([0x05, 0x04].repeat(MILLION));
    beve.push(0x00);
    let e = structio_beve::from_slice::<Skips>(&beve).unwrap_err();
    assert_eq!(e.kind(), structio_beve::ErrorKind::DepthLimit);

    // Within the limit, both formats read and write the same tree.
    let mut json = b"{\"children\":[".repeat(50);
    json.extend(b"],\"next\":null}".repeat(50));
    let n: Node = structio_json::from_slice(&json).unwrap();
    let b = structio_beve::to_vec(&n).unwrap();
    assert_eq!(structio_beve::from_slice::<Node>(&b).unwrap(), n);
    assert_eq!(structio_json::to_vec(&n).unwrap(), json);
}

#[derive(Json, Beve, Debug, PartialEq, Default)]
struct Fixed {
    id: u8,
    samples: heapless::Vec<u16, 3>,
    name: heapless::String<4>,
}

#[test]
fn a_heapless_vec_one_element_too_small() {
    let e = structio_json::from_slice::<Fixed>(br#"{"id":1,"samples":[1,2,3,4],"name":"ab"}"#)
        .unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::TooManyElements);
    assert_eq!(e.offset(), 25, "at the fourth element");
    // Exactly full reads.
    let f: Fixed =
        structio_json::from_slice(br#"{"id":1,"samples":[1,2,3],"name":"abcd"}"#).unwrap();
    assert_eq!(f.samples.as_slice(), [1, 2, 3]);
    // Over the same value with read_into: the failed read leaves something usable.
    let mut g = Fixed::default();
    let bad = br#"{"id":9,"samples":[1,2,3,4],"name":"ab"}"#;
    assert!(structio_json::read_into(&mut g, bad).is_err());
    assert!(g.samples.len() <= 3);
    let mut buf = [0u8; 64];
    structio_json::to_slice(&g, &mut buf).unwrap();
    structio_json::read_into(&mut g, br#"{"id":2,"samples":[7],"name":"x"}"#).unwrap();
    assert_eq!(
        (g.id, g.samples.as_slice(), g.name.as_str()),
        (2, &[7][..], "x")
    );

    // BEVE: a [u16] typed array of 4 into a capacity of 3.
    let four = structio_beve::to_vec(&[1u16, 2, 3, 4][..]).unwrap();
    let e = structio_beve::from_slice::<heapless::Vec<u16, 3>>(&four).unwrap_err();
    assert_eq!(e.kind(), structio_beve::ErrorKind::TooManyElements);
    let three = structio_beve::to_vec(&[1u16, 2, 3][..]).unwrap();
    let v = structio_beve::from_slice::<heapless::Vec<u16, 3>>(&three).unwrap();
    assert_eq!(v.as_slice(), [1, 2, 3]);
    let five = structio_beve::to_vec(&"abcde").unwrap();
    let e = structio_beve::from_slice::<heapless::String<4>>(&five).unwrap_err();
    assert_eq!(e.kind(), structio_beve::ErrorKind::StringTooLong);
}

#[derive(Json, Beve, Debug, PartialEq, Default, Clone)]
struct Record {
    id: u32,
    name: String,
    tags: Vec<String>,
    score: Option<f64>,
}

#[test]
fn a_hundred_thousand_duplicate_keys_into_a_struct_keep_the_last() {
    let n = 100_000u32;
    let mut doc = String::from("{\"name\":\"x\",\"tags\":[]");
    for i in 0..n {
        doc.push_str(&format!(",\"id\":{i}"));
    }
    doc.push('}');
    let r: Record = structio_json::from_str(&doc).unwrap();
    assert_eq!(r.id, n - 1);
}

#[test]
fn a_failed_read_into_leaves_a_value_safe_to_use_and_to_read_again() {
    let full = Record {
        id: 7,
        name: "seven".into(),
        tags: vec!["a".into(), "b".into()],
        score: Some(0.5),
    };
    let json = structio_json::to_vec(&full).unwrap();
    let beve = structio_beve::to_vec(&full).unwrap();
    // Every prefix of each document into the same value in turn: an error each time, the value
    // always writable and droppable, and the whole document afterwards reads exactly.
    let mut r = Record {
        id: 1,
        name: "old".into(),
        tags: vec!["o".into(); 5],
        score: None,
    };
    for n in 0..json.len() {
        assert!(structio_json::read_into(&mut r, &json[..n]).is_err());
        let w = structio_json::to_vec(&r).unwrap();
        structio_json::validate(&w).unwrap();
        let _ = r.clone();
    }
    structio_json::read_into(&mut r, &json).unwrap();
    assert_eq!(r, full);
    for n in 0..beve.len() {
        assert!(structio_beve::read_into(&mut r, &beve[..n]).is_err());
        let w = structio_beve::to_vec(&r).unwrap();
        let _: Record = structio_beve::from_slice(&w).unwrap();
    }
    structio_beve::read_into(&mut r, &beve).unwrap();
    assert_eq!(r, full);
    // A type error partway through a field.
    let bad = br#"{"id":3,"name":"n","tags":["x",4],"score":1}"#;
    assert!(structio_json::read_into(&mut r, bad).is_err());
    drop(r);
}
