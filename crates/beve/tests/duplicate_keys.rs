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

#[derive(structio_derive::Beve, Debug, PartialEq, Default)]
#[structio(crate = "structio_beve")]
struct Inner {
    c: u8,
}

#[derive(structio_derive::Beve, Debug, PartialEq, Default)]
#[structio(crate = "structio_beve")]
struct Derived {
    a: u8,
    b: u8,
    #[structio(flatten)]
    inner: Inner,
}

#[derive(structio_derive::Beve, Debug, PartialEq, Default)]
#[structio(crate = "structio_beve")]
struct Plain {
    a: u8,
    b: u8,
}

/// An object of `u8` members, keys as given.
fn object(members: &[(&[u8], u8)]) -> Vec<u8> {
    let mut w = structio_beve::Writer::new(Vec::new());
    w.begin_object(members.len()).unwrap();
    for (k, v) in members {
        w.key(k).unwrap();
        w.write_number(*v).unwrap();
    }
    w.into_inner()
}

#[test]
fn derived_structs_keep_the_last_value_or_refuse() {
    let doc = doc();
    let second = 2 + 2 * 4;
    assert_eq!(
        structio_beve::from_slice::<Plain>(&doc).unwrap(),
        Plain { a: 3, b: 2 }
    );
    let mut r = Reader::new(&doc).deny_duplicate_keys(true);
    let err = Plain::read_beve(&mut r).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, second));
    let mut into = Plain::default();
    let mut r = Reader::new(&doc).deny_duplicate_keys(true);
    let err = into.read_beve_into(&mut r).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, second));
    into.read_beve_into(&mut Reader::new(&doc)).unwrap();
    assert_eq!(into, Plain { a: 3, b: 2 });
    // A flattened struct's field is checked by that struct.
    let flat = object(&[(b"c", 1), (b"a", 2), (b"c", 3), (b"b", 4)]);
    let got = structio_beve::from_slice::<Derived>(&flat);
    assert_eq!(got.unwrap().inner.c, 3);
    let mut r = Reader::new(&flat).deny_duplicate_keys(true);
    let err = Derived::read_beve(&mut r).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, second));
    // Distinct keys pass with the option on.
    let ok = object(&[(b"a", 1), (b"b", 2), (b"c", 3)]);
    let mut r = Reader::new(&ok).deny_duplicate_keys(true);
    assert_eq!(Derived::read_beve(&mut r).unwrap().inner.c, 3);
}
