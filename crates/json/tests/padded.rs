//! The padded entry points (`from_padded`, `read_into_padded`, `Padded`, `PaddedBytes`): the
//! read over the padded bytes succeeds exactly where the bounded read of the document succeeds,
//! with the same value, and `from_padded` fails with the bounded read's error, on documents cut
//! at every byte and with every byte replaced, for several destination types and options.

use std::collections::BTreeMap;
use structio_json::{
    from_padded, from_padded_with, from_slice_with, read_padded_only, Error, JsonRead, Padded,
    PaddedBytes, ReadOptions, PADDING,
};

#[derive(structio_derive::Json, Debug, PartialEq)]
struct Inner {
    x: f32,
    on: bool,
}

#[derive(structio_derive::Json, Debug, PartialEq)]
struct Message<'a> {
    id: u64,
    name: &'a str,
    note: String,
    price: f64,
    small: i8,
    ok: bool,
    tags: Vec<String>,
    extra: Option<u32>,
    inner: Vec<Inner>,
}

/// Documents whose last bytes are each kind of token: numbers of every shape, strings with
/// escapes and bytes past ASCII, literals, closing brackets, whitespace.
const DOCS: &[&str] = &[
    r#"{"id": 12345678901, "name": "widget", "note": "a\"b\\c\u00e9\ud83d\ude00", "price": -1234.5678e-3, "small": -7, "ok": true, "tags": ["x", "y z", "\n"], "extra": null, "inner": [{"x": 1.5, "on": false}, {"on": true, "x": -0.25}]}"#,
    r#"{"inner":[],"tags":[],"ok":false,"small":127,"price":1e308,"note":"","name":"ñ","id":0,"extra":4294967295,"unknown":{"a":[1,2,{"b":null}],"c":"\""}}"#,
    "[1, 22, 333, 4444, 55555, 666666, 7777777, 88888888, 999999999, 12345678901234567890]",
    "[0.1, -2.25, 3e5, 4E-5, 5.000000000000001, 1.7976931348623157e308, 2.2250738585072014e-308, -0.0]",
    r#"{"a": 1.5, "b": -2, "cé": 3e2, "d\"": 4}"#,
    r#"["short", "a string of more than thirty-two bytes, to reach the vector loop", "é\u0041", ""]"#,
    "  [true, false, null]  \n\t",
    "123456789",
    "-9.75",
    "\"tail\"",
];

/// The replacement bytes tried at every position: the end's stand-in, structure, escapes,
/// digits, whitespace, a byte past ASCII, and the bytes that continue a number.
const SWAPS: &[u8] = b"\0\"\\1 }],:.eE-+\x80\xffx";

fn same<'a, T>(doc: &'a [u8], padded: &'a PaddedBytes, opts: ReadOptions, what: &str)
where
    T: JsonRead<'a> + PartialEq + std::fmt::Debug,
{
    let bounded = from_slice_with::<T>(doc, opts);
    let only = read_padded_only::<T>(padded.as_padded(), opts);
    let full = from_padded_with::<T>(padded, opts);
    let show = String::from_utf8_lossy(doc);
    match (&bounded, &only) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{what}: padded value differs on {show:?}"),
        (Err(_), Err(_)) => {}
        _ => panic!("{what}: padded {only:?}, bounded {bounded:?} on {show:?}"),
    }
    match (&bounded, &full) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => assert_eq!(key(a), key(b), "{what}: errors differ on {show:?}"),
        _ => panic!("{what}: from_padded {full:?}, bounded {bounded:?} on {show:?}"),
    }
}

fn key(e: &Error) -> (structio_json::ErrorKind, usize) {
    (e.kind(), e.offset())
}

fn every_type(doc: &[u8]) {
    let padded = PaddedBytes::new(doc);
    for opts in [
        ReadOptions::new(),
        ReadOptions::new().validate_skipped(false),
        ReadOptions::new().deny_unknown_fields(true).max_depth(3),
    ] {
        same::<Message>(doc, &padded, opts, "Message");
        same::<Vec<f64>>(doc, &padded, opts, "Vec<f64>");
        same::<Vec<u64>>(doc, &padded, opts, "Vec<u64>");
        same::<Vec<&str>>(doc, &padded, opts, "Vec<&str>");
        same::<Vec<String>>(doc, &padded, opts, "Vec<String>");
        same::<Vec<Option<bool>>>(doc, &padded, opts, "Vec<Option<bool>>");
        same::<BTreeMap<String, f64>>(doc, &padded, opts, "BTreeMap<String, f64>");
        same::<f64>(doc, &padded, opts, "f64");
        same::<i32>(doc, &padded, opts, "i32");
        same::<String>(doc, &padded, opts, "String");
    }
    // `read_into_padded` over a filled value: the bounded `read_into`'s result or error.
    let filled = || vec![String::from("old"); 3];
    let (mut a, mut b) = (filled(), filled());
    match (
        structio_json::read_into(&mut a, doc),
        structio_json::read_into_padded(&mut b, &padded),
    ) {
        (Ok(()), Ok(())) => assert_eq!(a, b),
        (Err(x), Err(y)) => assert_eq!(key(&x), key(&y)),
        (x, y) => panic!("read_into {x:?}, read_into_padded {y:?}"),
    }
}

#[test]
fn every_cut_and_every_byte_replaced_reads_as_bounded() {
    structio_testkit::cuts_and_swaps(DOCS, SWAPS, every_type);
}

#[test]
fn valid_documents_take_the_padded_read() {
    // `read_padded_only` is the fast read alone: a valid document must not need the bounded
    // read that words errors.
    let doc = DOCS[0].as_bytes();
    let padded = PaddedBytes::new(doc);
    let m = read_padded_only::<Message>(padded.as_padded(), ReadOptions::new())
        .expect("a valid document reads over its padding");
    assert_eq!(m.inner[1].x, -0.25);
    let v: Vec<u64> = from_padded(&PaddedBytes::from(DOCS[2])).unwrap();
    assert_eq!(v[9], 12345678901234567890);
}

#[test]
fn errors_at_the_end_are_the_bounded_ones() {
    use structio_json::ErrorKind::*;
    for (doc, kind, offset) in [
        ("[1, 2", UnexpectedEnd, 5),
        ("[1, 2.5e", UnexpectedEnd, 8),
        ("[1.", UnexpectedEnd, 3),
        ("[1] x", TrailingCharacters, 4),
        ("", UnexpectedEnd, 0),
    ] {
        let e = from_padded::<Vec<f64>>(&PaddedBytes::from(doc)).unwrap_err();
        assert_eq!(key(&e), (kind, offset), "{doc:?}");
    }
    let e = from_padded::<Vec<bool>>(&PaddedBytes::from("[tru")).unwrap_err();
    let b = structio_json::from_slice::<Vec<bool>>(b"[tru").unwrap_err();
    assert_eq!(key(&e), key(&b));
    // A zero byte inside the document is the document's: an error there, not its end.
    let e = from_padded::<Vec<u8>>(&PaddedBytes::from(&b"[1,\0]"[..])).unwrap_err();
    assert_eq!(e.offset(), 3);
}

#[test]
fn padded_checks_its_padding() {
    let mut buf = vec![0u8; 3 + PADDING + 10];
    buf[..3].copy_from_slice(b"[7]");
    let p = Padded::new(&buf, 3).unwrap();
    assert_eq!((p.document(), p.len()), (&b"[7]"[..], 3));
    assert_eq!(from_padded::<Vec<u8>>(p).unwrap(), [7]);
    // Exactly PADDING bytes after the document are enough; one fewer is not.
    assert!(Padded::new(&buf[..3 + PADDING], 3).is_some());
    assert!(Padded::new(&buf[..3 + PADDING - 1], 3).is_none());
    assert!(Padded::new(&buf, buf.len() + 1).is_none());
    // Any nonzero byte among the PADDING after the document is refused; beyond them, anything.
    for i in 3..3 + PADDING {
        let mut b = buf.clone();
        b[i] = b' ';
        assert!(Padded::new(&b, 3).is_none(), "byte {i}");
    }
    buf[3 + PADDING] = b'x';
    assert!(Padded::new(&buf, 3).is_some());
}

#[test]
fn padded_bytes_keep_the_document() {
    let p = PaddedBytes::from(String::from("{\"a\": 1}"));
    assert_eq!(p.document(), b"{\"a\": 1}");
    assert_eq!(p.as_padded().with_padding().len(), 8 + PADDING);
    assert!(p.as_padded().with_padding()[8..].iter().all(|&b| b == 0));
    assert_eq!(p.clone().into_vec(), b"{\"a\": 1}");
    assert_eq!(PaddedBytes::default().document(), b"");
    let m: BTreeMap<&str, u8> = from_padded(&p).unwrap();
    assert_eq!(m["a"], 1);
}
