//! A key repeated in one BEVE object: the last value wins, or with `deny_duplicate_keys` an
//! error at the second key, as in structio-json.

use std::collections::{BTreeMap, HashMap};

use structio_beve::{BeveRead, Reader, DUPLICATE_KEY};

/// `{"a": 1, "b": 2, "a": 3}` with u8 values.
fn doc() -> Vec<u8> {
    let mut w = structio_beve::Writer::new(Vec::new());
    w.begin_object(3).unwrap();
    for (k, v) in [(b"a", 1u8), (b"b", 2), (b"a", 3)] {
        w.key(k).unwrap();
        w.write_number(v).unwrap();
    }
    w.into_inner()
}

#[test]
fn maps_keep_the_last_value() {
    let m: BTreeMap<String, u8> = structio_beve::from_slice(&doc()).unwrap();
    assert_eq!((m["a"], m.len()), (3, 2));
    let bytes = doc();
    let h: HashMap<&str, u8> = structio_beve::from_slice(&bytes).unwrap();
    assert_eq!(h["a"], 3);
}

#[test]
fn a_denying_reader_refuses_the_second_key() {
    let doc = doc();
    // Header and count, then four bytes a member (key size, key, number header, number): the
    // second "a" starts after two members.
    let second = 2 + 2 * 4;
    let mut r = Reader::new(&doc).deny_duplicate_keys(true);
    let err = BTreeMap::<String, u8>::read_beve(&mut r).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, second));
    let mut r = Reader::new(&doc).deny_duplicate_keys(true);
    let err = HashMap::<String, u8>::read_beve(&mut r).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, second));
    let mut into = HashMap::<String, u8>::new();
    let mut r = Reader::new(&doc).deny_duplicate_keys(true);
    assert!(into.read_beve_into(&mut r).is_err());
    // Distinct keys pass.
    let ok = structio_beve::to_vec(&BTreeMap::from([("x", 1u8), ("y", 2)])).unwrap();
    let mut r = Reader::new(&ok).deny_duplicate_keys(true);
    assert_eq!(BTreeMap::<String, u8>::read_beve(&mut r).unwrap().len(), 2);
}
