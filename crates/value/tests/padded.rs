//! `structio_value::from_padded`: the tree read over the padded bytes succeeds exactly where
//! the bounded read succeeds, with the same tree, and fails with the bounded read's error, on
//! documents cut at every byte and with every byte replaced.

use structio_value::{from_padded, from_slice, Error, PaddedBytes, Reader};

const DOCS: &[&str] = &[
    r#"{"id": 12345678901, "name": "widget", "note": "a\"b\\c\u00e9\ud83d\ude00", "price": -1234.5678e-3, "ok": true, "tags": ["x", "y z", "\n"], "extra": null, "inner": [{"x": 1.5, "on": false}, {"on": true, "x": -0.25}]}"#,
    r#"{"a":1,"a":2,"k\u0041":"","n":-0,"big":123456789012345678901234567890,"deep":[[[[]]]]}"#,
    "[1, 22, 333, 4444, 55555, 666666, 7777777, 88888888, 999999999, 12345678901234567890]",
    "[0.1, -2.25, 3e5, 4E-5, 5.000000000000001, 1.7976931348623157e308, -0.0, 1e400]",
    r#"["short", "a string of more than thirty-two bytes, to reach the vector loop", "é\u0041", ""]"#,
    "  [true, false, null]  \n\t",
    "123456789",
    "\"tail\"",
];

const SWAPS: &[u8] = b"\0\"\\1 }],:.eE-+\x80\xffx";

fn key(e: &Error) -> (structio_value::ErrorKind, usize) {
    (e.kind(), e.offset())
}

fn same(doc: &[u8]) {
    let padded = PaddedBytes::new(doc);
    let bounded = from_slice(doc);
    let only = Reader::new().read_padded_only(padded.as_padded());
    let full = from_padded(&padded);
    let show = String::from_utf8_lossy(doc);
    match (&bounded, &only) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "padded tree differs on {show:?}"),
        (Err(_), Err(_)) => {}
        _ => panic!("padded {only:?}, bounded {bounded:?} on {show:?}"),
    }
    match (&bounded, &full) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => assert_eq!(key(a), key(b), "errors differ on {show:?}"),
        _ => panic!("from_padded {full:?}, bounded {bounded:?} on {show:?}"),
    }
}

#[test]
fn every_cut_and_every_byte_replaced_reads_as_bounded() {
    structio_testkit::cuts_and_swaps(DOCS, SWAPS, same);
}

#[test]
fn a_reader_reused_across_padded_and_bounded_documents() {
    let mut r = Reader::new();
    for doc in DOCS {
        let p = PaddedBytes::from(*doc);
        let a = r.read_padded(&p);
        let b = r.read(doc.as_bytes());
        match (a, b) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(a), Err(b)) => assert_eq!(key(&a), key(&b)),
            (a, b) => panic!("{a:?} / {b:?} on {doc:?}"),
        }
    }
    // A valid document is read over its padding, not by the bounded read that words errors.
    let p = PaddedBytes::from(DOCS[0]);
    assert_eq!(
        r.read_padded_only(p.as_padded()).unwrap()["inner"][1]["x"],
        -0.25
    );
}
