//! A key repeated in one Cbor object: the last value wins (as in serde_json), or with
//! `deny_duplicate_keys` an error at the second key, in maps and derived structs alike, as in
//! structio-json and structio-beve.
#![cfg(feature = "std")]

use std::collections::{BTreeMap, HashMap};

use structio_cbor::{CborRead, Reader, DUPLICATE_KEY};

/// `{"a": 1, "b": 2, "a": 3}`: text keys of one byte, values of one byte; the second "a" at offset 7 (1 + 2 * 3).
const DOC: &[u8] = &[0xa3, 0x61, b'a', 0x01, 0x61, b'b', 0x02, 0x61, b'a', 0x03];
const SECOND: usize = 7;

#[derive(structio_derive::Structio, Debug, PartialEq, Default)]
#[structio(format = "structio_cbor")]
struct Inner {
    c: u8,
}

#[derive(structio_derive::Structio, Debug, PartialEq, Default)]
#[structio(format = "structio_cbor")]
struct Derived {
    a: u8,
    b: u8,
    #[structio(flatten)]
    inner: Inner,
}

#[derive(structio_derive::Structio, Debug, PartialEq, Default)]
#[structio(format = "structio_cbor")]
struct Plain {
    a: u8,
    b: u8,
}

#[derive(structio_derive::Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
enum E {
    V { a: u8 },
}

fn deny(doc: &[u8]) -> Reader<'_> {
    Reader::new(doc).deny_duplicate_keys(true)
}

#[test]
fn maps_keep_the_last_value_or_refuse() {
    let m: BTreeMap<String, u8> = structio_cbor::from_slice(DOC).unwrap();
    assert_eq!((m["a"], m.len()), (3, 2));
    let h: HashMap<&str, u8> = structio_cbor::from_slice(DOC).unwrap();
    assert_eq!(h["a"], 3);
    let err = BTreeMap::<String, u8>::read_cbor(&mut deny(DOC)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    let err = HashMap::<String, u8>::read_cbor(&mut deny(DOC)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    let mut into = HashMap::<String, u8>::new();
    assert!(into.read_cbor_into(&mut deny(DOC)).is_err());
    let ok = BTreeMap::<String, u8>::read_cbor(&mut deny(&[
        0xa3, 0x61, b'a', 0x01, 0x61, b'b', 0x02, 0x61, b'c', 0x03,
    ]))
    .unwrap();
    assert_eq!(ok.len(), 3);
}

#[test]
fn derived_structs_keep_the_last_value_or_refuse() {
    assert_eq!(
        structio_cbor::from_slice::<Plain>(DOC).unwrap(),
        Plain { a: 3, b: 2 }
    );
    let err = Plain::read_cbor(&mut deny(DOC)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    let mut into = Plain::default();
    let err = into.read_cbor_into(&mut deny(DOC)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    into.read_cbor_into(&mut Reader::new(DOC)).unwrap();
    assert_eq!(into, Plain { a: 3, b: 2 });
    // A flattened struct's field is checked by that struct; a struct variant's by the variant.
    let flat: &[u8] = &[
        0xa4, 0x61, b'c', 0x01, 0x61, b'a', 0x02, 0x61, b'c', 0x03, 0x61, b'b', 0x04,
    ];
    assert_eq!(
        structio_cbor::from_slice::<Derived>(flat).unwrap().inner.c,
        3
    );
    let err = Derived::read_cbor(&mut deny(flat)).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, SECOND));
    let err = E::read_cbor(&mut deny(&[
        0xa1, 0x61, b'V', 0xa2, 0x61, b'a', 0x01, 0x61, b'a', 0x02,
    ]))
    .unwrap_err();
    assert_eq!((err.kind(), err.offset()), (DUPLICATE_KEY, 7));
    // Distinct keys pass with the option on.
    assert_eq!(
        Derived::read_cbor(&mut deny(&[
            0xa3, 0x61, b'a', 0x01, 0x61, b'b', 0x02, 0x61, b'c', 0x03
        ]))
        .unwrap()
        .inner
        .c,
        3
    );
}
