//! Reading and writing BJData: every kind a tree holds, the forms other writers use (packed,
//! N-dimensional, counted, no-ops, `H`, `C`), both write modes, and the error paths.
#![cfg(feature = "bjdata")]

use structio_bjdata::{ErrorKind, Mode};
use structio_value::{from_bjdata, to_bjdata, to_bjdata_with, value, Kind, Value};

#[test]
fn round_trips_in_both_modes() {
    let docs = [
        value!(null),
        value!(true),
        value!(-5),
        value!(u64::MAX),
        value!(i64::MIN),
        value!(1.5),
        value!(f64::MAX),
        value!("é日"),
        value!([]),
        value!({}),
        value!([1.5, 2.5, -0.0]),
        value!([1, 2, 300, 70000]),
        value!([-1, 2, -300]),
        value!([1, "x", null, [true, {"a": []}]]),
        value!({"id": 7, "xs": [1.5, 2.5], "s": "x", "n": {"deep": [[1], [2.25]]}}),
    ];
    for v in &docs {
        for mode in [Mode::Speed, Mode::Size] {
            let bytes = to_bjdata_with(v, mode).unwrap();
            assert_eq!(&from_bjdata(&bytes).unwrap(), v, "{mode:?} {bytes:?}");
            assert!(structio_bjdata::validate(&bytes).is_ok());
        }
    }
    // Packed arrays in speed mode, one copy of their elements.
    let bytes = to_bjdata(&value!([1.5, 2.5])).unwrap();
    assert_eq!(&bytes[..6], b"[$D#U\x02");
    let bytes = to_bjdata(&value!([1, 2])).unwrap();
    assert_eq!(&bytes[..6], b"[$M#U\x02");
    let bytes = to_bjdata(&value!([-1, 2])).unwrap();
    assert_eq!(&bytes[..6], b"[$L#U\x02");
    // Size mode: the smallest markers, containers with end markers.
    assert_eq!(
        to_bjdata_with(&value!({"a": [1, -2]}), Mode::Size).unwrap(),
        b"{U\x01a[U\x01i\xfe]}"
    );
}

#[test]
fn every_form_reads() {
    let cases: Vec<(&[u8], Value)> = vec![
        (b"[NU\x01NU\x02]", value!([1, 2])),
        (b"[#U\x02SU\x01xZ", value!(["x", null])),
        (b"[$U#U\x03\x01\x02\x03", value!([1, 2, 3])),
        (b"[$i#U\x02\xff\x01", value!([-1, 1])),
        (b"[$d#U\x01\x00\x00\xc0\x3f", value!([1.5])),
        (b"h\x00\x3e", value!(1.5)),
        (b"Ca", value!("a")),
        (b"B\x7b", value!(123)),
        (b"HU\x0212", value!(12)),
        (b"HU\x031.5", value!(1.5)),
        (
            b"HU\x1418446744073709551616",
            value!(18446744073709551616.0),
        ),
        (b"{$U#U\x02U\x01a\x01U\x01b\x02", value!({"a": 1, "b": 2})),
        (b"{NU\x01aT}", value!({"a": true})),
        (
            b"[$U#[$U#U\x02\x02\x03\x01\x02\x03\x04\x05\x06",
            value!([[1, 2, 3], [4, 5, 6]]),
        ),
        (
            b"[$U#[[$U#U\x02\x02\x03]\x01\x04\x02\x05\x03\x06",
            value!([[1, 2, 3], [4, 5, 6]]),
        ),
        (b"[$D#[$U#U\x02\x00\x03", value!([])),
        (b"M\xff\xff\xff\xff\xff\xff\xff\xff", value!(u64::MAX)),
        (
            b"{${U\x01aiU\x01bT}#U\x02\x01\xffTF",
            value!([{"a": 1, "b": true}, {"a": -1, "b": false}]),
        ),
        // Strings in a counted container, one longer than a short node holds.
        (b"[#U\x02SU\x01aCb", value!(["a", "b"])),
        (
            b"{#U\x01U\x01kSU\x1ethirty bytes of text, no less.",
            value!({"k": "thirty bytes of text, no less."}),
        ),
        // A repeated key keeps its first position and its last value, as JSON's do.
        (
            b"{U\x01aU\x01U\x01bU\x02U\x01aU\x03}",
            value!({"a": 3, "b": 2}),
        ),
        // Nested containers, empty ones among them.
        (
            b"[{U\x01x[]U\x01y{}}[[U\x01]]]",
            value!([{"x": [], "y": {}}, [[1]]]),
        ),
    ];
    for (bytes, expected) in cases {
        assert_eq!(from_bjdata(bytes).unwrap(), expected, "{bytes:?}");
    }
    assert_eq!(from_bjdata(b"l\xff\xff\xff\xff").unwrap().kind(), Kind::I64);
}

#[test]
fn errors_name_their_offset() {
    let cases: Vec<(&[u8], ErrorKind, usize)> = vec![
        (b"", ErrorKind::UnexpectedEnd, 0),
        (b"x", ErrorKind::InvalidHeader(b'x'), 0),
        (b"[U\x01", ErrorKind::UnexpectedEnd, 3),
        (b"SU\x02a\xff", ErrorKind::InvalidUtf8, 4),
        (
            b"[#M\x00\x00\x00\x00\x00\x00\x00\x10",
            ErrorKind::LengthExceedsInput,
            0,
        ),
        (b"[$S#U\x01U\x01a", ErrorKind::InvalidHeader(b'S'), 2),
        (b"ZZ", ErrorKind::TrailingBytes, 1),
        (
            b"EU\x01U\x04\x00\x00\x00\x00",
            ErrorKind::Custom("extensions have no Value form"),
            0,
        ),
        (b"HU\x02--", ErrorKind::InvalidNumber, 0),
    ];
    for (bytes, kind, offset) in cases {
        let e = from_bjdata(bytes).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "{bytes:?}");
    }
    // Many dimensions are many levels; a zero extent is an empty array, whatever the others.
    let mut nd = b"[$U#[$U#M\x00\x01\x00\x00\x00\x00\x00\x00".to_vec();
    nd.extend_from_slice(&[1; 256]);
    nd.push(7);
    assert_eq!(from_bjdata(&nd).unwrap_err().kind(), ErrorKind::DepthLimit);
    let zero = b"[$D#[$U#U\x03\xff\x00\xff";
    assert_eq!(from_bjdata(zero).unwrap(), value!([]));
    let deep = vec![b'['; 1000];
    assert_eq!(
        from_bjdata(&deep).unwrap_err().kind(),
        ErrorKind::DepthLimit
    );
}

#[test]
fn value_as_a_field() {
    let doc = structio_bjdata::to_vec(&(1u8, value!({"k": [1.5]}))).unwrap();
    let (n, v): (u8, Value) = structio_bjdata::from_slice(&doc).unwrap();
    assert_eq!((n, v), (1, value!({"k": [1.5]})));
}

/// An N-dimensional array's extents of 1 add an array per element each, with no bytes behind
/// them: up to twice the elements plus the document's length they are built, past that the
/// array is refused where it starts (127 such extents had made 12,000 times the input).
#[test]
fn nd_extents_of_one_stay_in_proportion_to_the_input() {
    let doc = |n: u32, ones: usize| {
        let mut d = b"[$U#[$l#U".to_vec();
        d.push(1 + ones as u8);
        d.extend_from_slice(&n.to_le_bytes());
        for _ in 0..ones {
            d.extend_from_slice(&1u32.to_le_bytes());
        }
        d.extend((0..n).map(|i| i as u8));
        d
    };
    // A column of three: three rows of one.
    assert_eq!(from_bjdata(&doc(3, 1)).unwrap(), value!([[0], [1], [2]]));
    assert_eq!(
        from_bjdata(&doc(3, 2)).unwrap(),
        value!([[[0]], [[1]], [[2]]])
    );
    let e = from_bjdata(&doc(10_000, 127)).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::LengthExceedsInput, 0));
    // The typed reader has no nested form to build and reads it.
    let a: structio_bjdata::NdArray<u8> = structio_bjdata::from_slice(&doc(10_000, 127)).unwrap();
    assert_eq!((a.dims.len(), a.data.len()), (128, 10_000));
}
