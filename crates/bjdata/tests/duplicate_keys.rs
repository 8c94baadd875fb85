//! A key repeated in one Bjdata object: the last value wins (as in serde_json), or with
//! `deny_duplicate_keys` an error at the second key, in maps and derived structs alike, as in
//! structio-json and structio-beve.
#![cfg(feature = "std")]

use std::collections::{BTreeMap, HashMap};

use structio_bjdata::{BjdataRead, Reader, DUPLICATE_KEY};

/// `{"a": 1, "b": 2, "a": 3}`: keys as `i` length bytes, values `U` bytes; the second "a" at offset 11 (1 + 2 * 5).
const DOC: &[u8] = b"{i\x01aU\x01i\x01bU\x02i\x01aU\x03}";
const SECOND: usize = 11;

#[derive(structio_derive::Structio, Debug, PartialEq, Default)]
#[structio(format = "structio_bjdata")]
struct Inner {
    c: u8,
}

#[derive(structio_derive::Structio, Debug, PartialEq, Default)]
#[structio(format = "structio_bjdata")]
struct Derived {
    a: u8,
    b: u8,
    #[structio(flatten)]
    inner: Inner,
}

#[derive(structio_derive::Structio, Debug, PartialEq, Default)]
#[structio(format = "structio_bjdata")]
struct Plain {
    a: u8,
    b: u8,
}

#[derive(structio_derive::Structio, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
enum E {
    V { a: u8 },
}

fn deny(doc: &[u8]) -> Reader<'_> {
    Reader::new(doc).deny_duplicate_keys(true)
}

#[test]
fn maps_keep_the_last_value_or_refuse() {
    let m: BTreeMap<String, u8> = structio_bjdata::from_slice(DOC).unwrap();
    assert_eq!((m["a"], m.len()), (3, 2));
    let h: HashMap<&str, u8> = structio_bjdata::from_slice(DOC).unwrap();
    assert_eq!(h["a"], 3);
    let err = BTreeMap::<String, u8>::read_bjdata(&mut deny(DOC)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    let err = HashMap::<String, u8>::read_bjdata(&mut deny(DOC)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    let mut into = HashMap::<String, u8>::new();
    assert!(into.read_bjdata_into(&mut deny(DOC)).is_err());
    let ok = BTreeMap::<String, u8>::read_bjdata(&mut deny(b"{i\x01aU\x01i\x01bU\x02i\x01cU\x03}"))
        .unwrap();
    assert_eq!(ok.len(), 3);
}

#[test]
fn derived_structs_keep_the_last_value_or_refuse() {
    assert_eq!(
        structio_bjdata::from_slice::<Plain>(DOC).unwrap(),
        Plain { a: 3, b: 2 }
    );
    let err = Plain::read_bjdata(&mut deny(DOC)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    let mut into = Plain::default();
    let err = into.read_bjdata_into(&mut deny(DOC)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    into.read_bjdata_into(&mut Reader::new(DOC)).unwrap();
    assert_eq!(into, Plain { a: 3, b: 2 });
    // A flattened struct's field is checked by that struct; a struct variant's by the variant.
    let flat: &[u8] = b"{i\x01cU\x01i\x01aU\x02i\x01cU\x03i\x01bU\x04}";
    assert_eq!(
        structio_bjdata::from_slice::<Derived>(flat)
            .unwrap()
            .inner
            .c,
        3
    );
    let err = Derived::read_bjdata(&mut deny(flat)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    let err = E::read_bjdata(&mut deny(b"{i\x01V{i\x01aU\x01i\x01aU\x02}}")).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 10));
    // Distinct keys pass with the option on.
    assert_eq!(
        Derived::read_bjdata(&mut deny(b"{i\x01aU\x01i\x01bU\x02i\x01cU\x03}"))
            .unwrap()
            .inner
            .c,
        3
    );
}
