//! Reading and writing BEVE: every kind a tree holds, the forms other writers use, and every
//! error path.

use structio_beve::ErrorKind;
use structio_value::{from_beve, to_beve, value, Kind, Value};

fn f32s(xs: &[f32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn f64s(xs: &[f64]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

#[test]
fn numbers_of_every_width() {
    let cases: Vec<(Vec<u8>, Value)> = vec![
        (vec![0x09, 0xfb], value!(-5)),
        (vec![0x29, 0xfe, 0xff], value!(-2)),
        (cat(&[&[0x49], &(-7i32).to_le_bytes()]), value!(-7)),
        (cat(&[&[0x69], &i64::MIN.to_le_bytes()]), value!(i64::MIN)),
        (cat(&[&[0x69], &5i64.to_le_bytes()]), value!(5)),
        (vec![0x11, 7], value!(7)),
        (vec![0x31, 1, 1], value!(257)),
        (cat(&[&[0x51], &70000u32.to_le_bytes()]), value!(70000)),
        (cat(&[&[0x71], &u64::MAX.to_le_bytes()]), value!(u64::MAX)),
        (cat(&[&[0x89], &(-1i128).to_le_bytes()]), value!(-1)),
        (
            cat(&[&[0x89], &(-(1i128 << 40)).to_le_bytes()]),
            value!(-(1i64 << 40)),
        ),
        (
            cat(&[&[0x89], &(i128::from(i64::MIN) - 1).to_le_bytes()]),
            value!(i64::MIN as f64),
        ),
        (
            cat(&[&[0x89], &(1i128 << 100).to_le_bytes()]),
            value!((1u128 << 100) as f64),
        ),
        (
            cat(&[&[0x89], &(u64::MAX as i128).to_le_bytes()]),
            value!(u64::MAX),
        ),
        (cat(&[&[0x91], &5u128.to_le_bytes()]), value!(5)),
        (
            cat(&[&[0x91], &(1u128 << 70).to_le_bytes()]),
            value!((1u128 << 70) as f64),
        ),
        (cat(&[&[0x41], &1.5f32.to_le_bytes()]), value!(1.5)),
        (cat(&[&[0x61], &0.1f64.to_le_bytes()]), value!(0.1)),
        (vec![0x01, 0x80, 0x3f], value!(1.0)),
        (vec![0x21, 0x00, 0x3c], value!(1.0)),
        (vec![0x21, 0x00, 0xc0], value!(-2.0)),
        (
            vec![0x21, 0x01, 0x00],
            value!(f64::from_bits((1023 - 24) << 52)),
        ),
        (vec![0x21, 0x00, 0x7c], value!(f64::INFINITY)),
    ];
    for (bytes, want) in cases {
        let v = from_beve(&bytes).unwrap();
        assert_eq!(v, want, "{bytes:x?}");
        assert_eq!(v.kind(), want.kind(), "{bytes:x?}");
    }
    assert!(from_beve(&[0x21, 0x00, 0x7e])
        .unwrap()
        .as_f64()
        .unwrap()
        .is_nan());
    assert_eq!(from_beve(&[0x00]).unwrap(), Value::NULL);
    assert_eq!(from_beve(&[0x08]).unwrap(), false);
    assert_eq!(from_beve(&[0x18]).unwrap(), true);
}

#[test]
fn arrays_in_every_form() {
    let cases: Vec<(Vec<u8>, Value)> = vec![
        (
            cat(&[&[0x44, 0x08], &f32s(&[1.0, -2.0])]),
            value!([1.0, -2.0]),
        ),
        (
            vec![0x2c, 0x0c, 1, 0, 0xff, 0xff, 0, 1],
            value!([1, -1, 256]),
        ),
        (vec![0x14, 0x08, 1, 2], value!([1, 2])),
        (
            cat(&[&[0x64, 0x08], &f64s(&[0.5, 1e300])]),
            value!([0.5, 1e300]),
        ),
        (cat(&[&[0x74, 0x04], &7u64.to_le_bytes()]), value!([7])),
        (
            vec![0x1c, 0x14, 0x0d],
            value!([true, false, true, true, false]),
        ),
        (
            vec![0x1c, 0x20, 0xff],
            value!([true, true, true, true, true, true, true, true]),
        ),
        (
            vec![0x3c, 0x08, 0x04, b'a', 0x08, b'b', b'c'],
            value!(["a", "bc"]),
        ),
        (
            cat(&[
                &[0x5c, 0x64, 0x0c, 0x04, 0, 0, 0, 0],
                &f64s(&[1.0, 2.0, 3.0]),
            ]),
            value!([1.0, 2.0, 3.0]),
        ),
        (
            cat(&[&[0x5c, 0x54, 0x04, 0x00], &9u32.to_le_bytes()]),
            value!([9]),
        ),
        (
            vec![0x05, 0x10, 0x00, 0x11, 0x01, 0x02, 0x04, b'x', 0x18],
            value!([null, 1, "x", true]),
        ),
        (vec![0x05, 0x00], value!([])),
    ];
    for (bytes, want) in cases {
        assert_eq!(from_beve(&bytes).unwrap(), want, "{bytes:x?}");
    }
}

#[test]
fn objects_with_string_and_integer_keys() {
    let bytes = [
        0x03, 0x08, 0x08, b'i', b'd', 0x49, 7, 0, 0, 0, 0x08, b'o', b'k', 0x18,
    ];
    assert_eq!(from_beve(&bytes).unwrap(), value!({"id": 7, "ok": true}));
    let bytes = [
        0x53, 0x08, 1, 0, 0, 0, 0x02, 0x04, b'x', 0x70, 0x11, 0x01, 0x00, 0x08,
    ];
    let v = from_beve(&bytes).unwrap();
    assert_eq!(v, value!({"1": "x", "70000": false}));
    assert_eq!(
        from_beve(&[0x0b, 0x04, 0xff, 0x00]).unwrap(),
        value!({"-1": null})
    );
    // Large objects get their index on the BEVE path too.
    let o: Value = (0..50).map(|i| (format!("k{i}"), i)).collect();
    let back = from_beve(&to_beve(&o).unwrap()).unwrap();
    assert_eq!(back["k49"], 49);
    assert_eq!(back, o);
}

#[test]
fn type_tag_gives_its_value() {
    assert_eq!(from_beve(&[0x0e, 0x04, 0x02, 0x04, b'x']).unwrap(), "x");
}

#[test]
fn writes_typed_arrays_where_it_can() {
    assert_eq!(
        to_beve(&value!([1.5])).unwrap(),
        cat(&[&[0x64, 0x04], &f64s(&[1.5])])
    );
    assert_eq!(to_beve(&value!([1, 2])).unwrap()[..2], [0x74, 0x08]);
    assert_eq!(to_beve(&value!([-1, 2])).unwrap()[..2], [0x6c, 0x08]);
    assert_eq!(to_beve(&value!([])).unwrap(), [0x05, 0x00]);
    assert_eq!(to_beve(&value!([1, 1.5])).unwrap()[..2], [0x05, 0x08]);
    assert_eq!(
        to_beve(&value!(-3)).unwrap(),
        cat(&[&[0x69], &(-3i64).to_le_bytes()])
    );
    assert_eq!(
        to_beve(&value!({"a": null})).unwrap(),
        [0x03, 0x04, 0x04, b'a', 0x00]
    );
    let many: Value = (0..200).map(|i| i as f64).collect();
    assert_eq!(from_beve(&to_beve(&many).unwrap()).unwrap(), many);
    let v = value!({"s": "a string longer than fourteen", "n": [null, false, {"x": [[-1.5], [u64::MAX], [i64::MIN, 3]]}]});
    let back = from_beve(&to_beve(&v).unwrap()).unwrap();
    assert_eq!(back, v);
    assert_eq!(back["n"][2]["x"][1][0].kind(), Kind::U64);
}

#[test]
fn value_inside_typed_beve() {
    let v: Vec<Value> =
        structio_beve::from_slice(&[0x05, 0x08, 0x11, 0x07, 0x02, 0x04, b'x']).unwrap();
    assert_eq!(v, vec![value!(7), value!("x")]);
    let bytes = structio_beve::to_vec(&vec![value!(1.5), value!(null)]).unwrap();
    assert_eq!(
        structio_beve::from_slice::<Vec<Value>>(&bytes).unwrap(),
        vec![value!(1.5), value!(null)]
    );
}

#[test]
fn every_error_has_its_kind_and_offset() {
    let cases: Vec<(Vec<u8>, ErrorKind, usize)> = vec![
        (vec![], ErrorKind::UnexpectedEnd, 0),
        (vec![0x07], ErrorKind::InvalidHeader(0x07), 0),
        (vec![0x10], ErrorKind::InvalidHeader(0x10), 0),
        (vec![0x12], ErrorKind::InvalidHeader(0x12), 0),
        (vec![0x15], ErrorKind::InvalidHeader(0x15), 0),
        (vec![0x06], ErrorKind::InvalidHeader(0x06), 0),
        (vec![0x05, 0x04, 0xa1], ErrorKind::InvalidHeader(0xa1), 2),
        (
            vec![0x03, 0x04, 0x04, b'a', 0xa4],
            ErrorKind::InvalidHeader(0xa4),
            4,
        ),
        (vec![0x1b, 0x00], ErrorKind::InvalidHeader(0x1b), 0),
        (vec![0xb3, 0x00], ErrorKind::InvalidHeader(0xb3), 0),
        (
            vec![0x5c, 0x1c, 0x00, 0x00],
            ErrorKind::InvalidHeader(0x1c),
            1,
        ),
        (vec![0x5c, 0x64, 0x04, 0x08], ErrorKind::InvalidPadding, 3),
        (
            vec![0x5c, 0x64, 0x40, 0x00],
            ErrorKind::LengthExceedsInput,
            2,
        ),
        (vec![0x1c, 0x04, 0x03], ErrorKind::InvalidPadding, 2),
        (vec![0x61, 0, 0], ErrorKind::UnexpectedEnd, 1),
        (vec![0x02, 0x04, 0xff], ErrorKind::InvalidUtf8, 2),
        (
            vec![0x03, 0x04, 0x04, 0xff, 0x00],
            ErrorKind::InvalidUtf8,
            3,
        ),
        (vec![0x3c, 0x04, 0x04, 0xc3], ErrorKind::InvalidUtf8, 3),
        (vec![0x02, 0x08, b'a'], ErrorKind::LengthExceedsInput, 1),
        (vec![0x05, 0x08, 0x00], ErrorKind::LengthExceedsInput, 1),
        (
            vec![0x03, 0x08, 0x04, b'a'],
            ErrorKind::LengthExceedsInput,
            1,
        ),
        (
            vec![0x64, 0x08, 0, 0, 0, 0],
            ErrorKind::LengthExceedsInput,
            1,
        ),
        (vec![0x00, 0x00], ErrorKind::TrailingBytes, 1),
        (
            cat(&[&[0x81], &[0u8; 16]]),
            ErrorKind::Custom("128-bit floats have no Value form"),
            0,
        ),
        (
            vec![0x16, 0x00],
            ErrorKind::Custom("matrices and complex numbers have no Value form"),
            0,
        ),
        (
            vec![0x1e, 0x60],
            ErrorKind::Custom("matrices and complex numbers have no Value form"),
            0,
        ),
    ];
    for (bytes, kind, offset) in cases {
        let e = from_beve(&bytes).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "{bytes:x?}");
    }
    let mut deep = [0x05u8, 0x04].repeat(200);
    deep.push(0x00);
    assert_eq!(from_beve(&deep).unwrap_err().kind(), ErrorKind::DepthLimit);
    let mut deep = [0x03u8, 0x04, 0x04, b'a'].repeat(200);
    deep.push(0x00);
    assert_eq!(from_beve(&deep).unwrap_err().kind(), ErrorKind::DepthLimit);
    let mut tags = [0x0eu8, 0x00].repeat(200);
    tags.push(0x00);
    assert_eq!(from_beve(&tags).unwrap_err().kind(), ErrorKind::DepthLimit);
}

/// A read that fails part way (every cut of a document) leaves the thread's reader ready: the
/// whole document, and the same in JSON, read right after it.
#[test]
fn a_failed_read_leaves_the_reader_ready() {
    let want = value!({"a": [1, {"b": "a string longer than fourteen"}, []], "c": {"d": null}});
    let good = to_beve(&want).unwrap();
    let json = structio_value::to_vec(&want);
    for cut in 0..good.len() {
        assert!(from_beve(&good[..cut]).is_err(), "cut at {cut}");
        assert_eq!(from_beve(&good).unwrap(), want, "after a cut at {cut}");
        assert_eq!(structio_value::from_slice(&json).unwrap(), want);
    }
}
