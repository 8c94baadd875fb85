//! Every error path fed its bad input: the error kind and the byte offset are asserted.
#![cfg(feature = "std")]

use std::borrow::Cow;
use std::collections::BTreeMap;

use structio_beve::{
    from_slice, to_slice, Complex, ErrorKind, ErrorKind::*, Layout, Matrix, Reader, Sink,
    SliceSink, Writer, F128,
};

/// The error of reading a whole document as `T`, as (kind, offset).
fn err<'de, T: structio_beve::BeveRead<'de> + std::fmt::Debug>(
    bytes: &'de [u8],
) -> (ErrorKind, usize) {
    let e = from_slice::<T>(bytes).unwrap_err();
    (e.kind(), e.offset())
}

/// The error of skipping (validating) one value, as (kind, offset).
fn skip_err(bytes: &[u8]) -> (ErrorKind, usize) {
    let e = Reader::new(bytes).skip_value().unwrap_err();
    (e.kind(), e.offset())
}

fn wrong(expected: u8, found: u8) -> ErrorKind {
    WrongType { expected, found }
}

/// What a whole-document read reports for a [`WrongType`] it can name.
fn invalid(expected: &'static str) -> ErrorKind {
    InvalidType(expected)
}

#[test]
fn truncated_input() {
    assert_eq!(err::<u8>(&[]), (UnexpectedEnd, 0));
    assert_eq!(err::<f64>(&[0x61, 0, 0]), (UnexpectedEnd, 1));
    assert_eq!(err::<u64>(&[0x61, 0, 0]), (UnexpectedEnd, 1));
    assert_eq!(err::<&str>(&[0x02]), (UnexpectedEnd, 1));
    assert_eq!(err::<&str>(&[0x02, 0x01]), (UnexpectedEnd, 1)); // 2-byte SIZE cut short
    assert_eq!(skip_err(&[0x61, 0, 0]), (UnexpectedEnd, 1));
    assert_eq!(skip_err(&[0x1e, 0x60, 0]), (UnexpectedEnd, 2));
    let mut r = Reader::new(&[1]);
    assert_eq!(r.take(2).unwrap_err().kind(), UnexpectedEnd);
}

#[test]
fn lengths_past_the_input_fail_before_reserving() {
    assert_eq!(err::<&str>(&[0x02, 0x10, b'a']), (LengthExceedsInput, 1));
    assert_eq!(
        err::<Vec<f64>>(&[0x64, 0x08, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f]),
        (LengthExceedsInput, 1)
    );
    let huge = [0x05, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
    assert_eq!(err::<Vec<u8>>(&huge), (LengthExceedsInput, 1));
    assert_eq!(skip_err(&huge), (LengthExceedsInput, 1));
    assert_eq!(
        err::<Vec<String>>(&[0x3c, 0x02, 0, 0, 0x40]),
        (LengthExceedsInput, 1)
    );
    assert_eq!(err::<Vec<bool>>(&[0x1c, 0x44]), (LengthExceedsInput, 1));
    assert_eq!(
        err::<BTreeMap<String, u8>>(&[0x03, 0x08, 0x00, 0x00]),
        (LengthExceedsInput, 1)
    );
    assert_eq!(
        err::<BTreeMap<u32, u8>>(&[0x53, 0x04, 0x00, 0x00]),
        (LengthExceedsInput, 1)
    );
    let mut r = Reader::new(&[0x03, 0x08, 0x00, 0x00]);
    assert_eq!(r.begin_object().unwrap_err().offset(), 1);
    let mut r = Reader::new(&[0x10, b'a']);
    assert_eq!(r.object_key().unwrap_err().kind(), LengthExceedsInput);
    // Aligned arrays: the count, and the count plus padding.
    assert_eq!(
        err::<Vec<f64>>(&[0x5c, 0x64, 0x08, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]),
        (LengthExceedsInput, 2)
    );
    assert_eq!(
        err::<Vec<u16>>(&[0x5c, 0x34, 0x04, 0x01, 0, 0]),
        (LengthExceedsInput, 2)
    );
    assert_eq!(
        err::<Vec<Complex<f32>>>(&[0x1e, 0x41, 0x08, 0, 0, 0, 0]),
        (LengthExceedsInput, 2)
    );
}

#[test]
fn wrong_types_name_both_headers() {
    assert_eq!(err::<bool>(&[0x02, 0x00]), (invalid("a boolean"), 0));
    assert_eq!(err::<&str>(&[0x18]), (invalid("a string"), 0));
    assert_eq!(err::<()>(&[0x18]), (invalid("null"), 0));
    assert_eq!(err::<i32>(&[0x02, 0x00]), (invalid("i32"), 0));
    assert_eq!(
        err::<i32>(&[0x61, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]),
        (invalid("i32"), 0)
    ); // never float to int
    assert_eq!(
        err::<f64>(&[0x81, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        (invalid("f64"), 0)
    );
    assert_eq!(
        err::<F128>(&[0x61, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]),
        (invalid("f128"), 0)
    );
    assert_eq!(
        err::<Vec<f64>>(&[0x02, 0x00]),
        (invalid("an array of f64"), 0)
    );
    assert_eq!(
        err::<Vec<i32>>(&[0x44, 0x04, 0, 0, 0, 0]),
        (invalid("i32"), 2)
    ); // per element
    assert_eq!(
        err::<Vec<u8>>(&[0x02, 0x00]),
        (invalid("an array of u8"), 0)
    );
    assert_eq!(err::<(u8,)>(&[0x14, 0x00]), (invalid("an array"), 0));
    assert_eq!(
        err::<BTreeMap<String, u8>>(&[0x53, 0x00]),
        (invalid("an object"), 0)
    );
    assert_eq!(
        err::<BTreeMap<u32, u8>>(&[0x03, 0x00]),
        (invalid("an object with integer keys"), 0)
    );
    assert_eq!(err::<char>(&[0x18]), (invalid("a string"), 0));
    assert_eq!(
        err::<Complex<f64>>(&[0x1e, 0x40, 0, 0, 0, 0, 0, 0, 0, 0]),
        (wrong(0x60, 0x40), 1)
    );
    assert_eq!(
        err::<Vec<Complex<f64>>>(&[0x1e, 0x60]),
        (wrong(0x61, 0x60), 1)
    );
    assert_eq!(
        err::<Vec<Complex<f64>>>(&[0x1e, 0x62, 0x64, 0x00]),
        (wrong(0x5c, 0x64), 2)
    );
    assert_eq!(
        err::<Vec<Complex<f64>>>(&[0x1e, 0x62, 0x5c, 0x44, 0x00, 0x00]),
        (wrong(0x64, 0x44), 3)
    );
    assert_eq!(
        err::<&[f64]>(&[0x44, 0x00]),
        (invalid("an array of f64"), 0)
    );
    assert_eq!(
        err::<&[f64]>(&[0x5c, 0x44, 0x00, 0x00]),
        (wrong(0x64, 0x44), 1)
    );
    let mut r = Reader::new(&[0x05, 0x00]);
    assert_eq!(r.begin_object().unwrap_err().kind(), wrong(0x03, 0x05));
    let e = structio_beve::Error::new(wrong(0x02, 0x18), 3);
    assert_eq!(
        e.to_string(),
        "wrong type: expected header 0x02, found 0x18 at byte 3"
    );
    let mut r = Reader::new(&[0x1e, 0x62, 0x64]);
    assert_eq!(r.skip_value().unwrap_err().kind(), wrong(0x5c, 0x64));
    let mut r = Reader::new(&[0x1e, 0x62, 0x5c, 0x44]);
    assert_eq!(r.skip_value().unwrap_err().kind(), wrong(0x64, 0x44));
}

#[test]
fn numbers_out_of_range_are_not_wrapped() {
    assert_eq!(err::<u8>(&[0x31, 0x00, 0x01]), (NumberOutOfRange, 0));
    assert_eq!(err::<u32>(&[0x09, 0xff]), (NumberOutOfRange, 0));
    assert_eq!(
        err::<Vec<u8>>(&[0x34, 0x08, 1, 0, 0, 1]),
        (NumberOutOfRange, 4)
    );
    assert_eq!(err::<[u8; 1]>(&[0x34, 0x04, 0, 1]), (NumberOutOfRange, 2));
    assert_eq!(
        err::<Matrix<f64>>(&[0x16, 0x00, 0x2c, 0x04, 0xff, 0xff, 0x64, 0x00]),
        (NumberOutOfRange, 4)
    );
    assert_eq!(
        err::<char>(&[0x51, 0x00, 0xd8, 0x00, 0x00]),
        (ExpectedChar, 0)
    );
    assert_eq!(err::<char>(&[0x02, 0x08, b'a', b'b']), (ExpectedChar, 0));
    assert_eq!(err::<char>(&[0x09, 0xff]), (NumberOutOfRange, 0));
}

#[test]
fn invalid_headers() {
    assert_eq!(skip_err(&[0x07]), (InvalidHeader(0x07), 0));
    assert_eq!(skip_err(&[0x10]), (InvalidHeader(0x10), 0));
    assert_eq!(skip_err(&[0xa1]), (InvalidHeader(0xa1), 0)); // float of 32 bytes
    assert_eq!(skip_err(&[0x19]), (InvalidHeader(0x19), 0)); // number class 3
    assert_eq!(skip_err(&[0x0a]), (InvalidHeader(0x0a), 0));
    assert_eq!(skip_err(&[0x1b, 0x00]), (InvalidHeader(0x1b), 0));
    assert_eq!(skip_err(&[0x23, 0x00]), (InvalidHeader(0x23), 0));
    assert_eq!(skip_err(&[0xab, 0x00]), (InvalidHeader(0xab), 0)); // 32-byte integer keys
    assert_eq!(skip_err(&[0x7c, 0x00]), (InvalidHeader(0x7c), 0));
    assert_eq!(skip_err(&[0xa4, 0x00]), (InvalidHeader(0xa4), 0));
    assert_eq!(skip_err(&[0x0d, 0x00]), (InvalidHeader(0x0d), 0));
    assert_eq!(skip_err(&[0x3e]), (InvalidHeader(0x3e), 0));
    assert_eq!(skip_err(&[0x06]), (InvalidHeader(0x06), 0)); // a delimiter is not a value
    assert_eq!(
        skip_err(&[0x5c, 0x1c, 0x04, 0x00, 0x01]),
        (InvalidHeader(0x1c), 1)
    );
    assert_eq!(
        skip_err(&[0x1e, 0x18, 0x00, 0x00]),
        (InvalidHeader(0x18), 1)
    );
    assert_eq!(skip_err(&[0x1e, 0x63, 0x00]), (InvalidHeader(0x63), 1));
    assert_eq!(err::<u8>(&[0xa1, 0]), (InvalidHeader(0xa1), 0));
    assert_eq!(
        err::<Vec<f64>>(&[0x5c, 0x1c, 0x04, 0x00, 0x01]),
        (InvalidHeader(0x1c), 1)
    );
    let odd = [
        0x1e, 0x62, 0x5c, 0x64, 0x04, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f,
    ];
    assert_eq!(err::<Vec<Complex<f64>>>(&odd), (InvalidHeader(0x1e), 0));
    assert_eq!(skip_err(&odd).0, InvalidHeader(0x1e));
}

#[test]
fn padding() {
    let bad_pad = [
        0x5c, 0x64, 0x04, 0x09, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    assert_eq!(skip_err(&bad_pad), (InvalidPadding, 3));
    assert_eq!(err::<Vec<f64>>(&bad_pad), (InvalidPadding, 3));
    assert_eq!(err::<Cow<[f64]>>(&bad_pad), (InvalidPadding, 3));
    assert_eq!(err::<Vec<bool>>(&[0x1c, 0x14, 0x2d]), (InvalidPadding, 2));
    assert_eq!(skip_err(&[0x1c, 0x24, 0xff, 0x03]), (InvalidPadding, 3));
}

#[test]
fn invalid_utf8() {
    assert_eq!(
        err::<&str>(&[0x02, 0x0c, b'a', 0xff, b'b']),
        (InvalidUtf8, 3)
    );
    assert_eq!(skip_err(&[0x02, 0x04, 0xff]), (InvalidUtf8, 2));
    assert_eq!(
        err::<Vec<String>>(&[0x3c, 0x04, 0x04, 0xc3]),
        (InvalidUtf8, 3)
    );
    assert_eq!(
        err::<BTreeMap<String, u8>>(&[0x03, 0x04, 0x04, 0xff, 0x11, 0]),
        (InvalidUtf8, 3)
    );
}

#[test]
fn nesting_is_limited() {
    let mut deep = [0x05, 0x04].repeat(200);
    deep.push(0x00);
    assert_eq!(skip_err(&deep), (DepthLimit, 256));
    let e = from_slice::<Vec<Vec<Vec<u8>>>>(&[0x05, 0x04, 0x05, 0x04, 0x05, 0x04, 0x11, 0]);
    assert!(e.is_ok());
    let mut r = Reader::new(&[0x05, 0x04, 0x05, 0x04, 0x14, 0x00]).with_depth_limit(1);
    assert_eq!(
        <Vec<Vec<Vec<u8>>> as structio_beve::BeveRead>::read_beve(&mut r)
            .unwrap_err()
            .kind(),
        DepthLimit
    );
    let mut tags = [0x0e, 0x00].repeat(200);
    tags.push(0x00);
    assert_eq!(skip_err(&tags), (DepthLimit, 256));
    let mut objects = [0x03, 0x04, 0x04, b'k'].repeat(200);
    objects.push(0x00);
    assert_eq!(skip_err(&objects), (DepthLimit, 512));
    let mut r = Reader::new(&[0x03, 0x00]).with_depth_limit(0);
    assert_eq!(r.begin_object().unwrap_err().kind(), DepthLimit);
    let mut maps = [0x03, 0x04, 0x04, b'k'].repeat(200);
    maps.push(0x00);
    type Deep = BTreeMap<String, BTreeMap<String, BTreeMap<String, BTreeMap<String, ()>>>>;
    let mut r = Reader::new(&maps).with_depth_limit(2);
    assert_eq!(
        <Deep as structio_beve::BeveRead>::read_beve(&mut r).unwrap_err(),
        structio_beve::Error::new(DepthLimit, 8)
    );
}

#[test]
fn element_counts() {
    assert_eq!(err::<[u8; 2]>(&[0x14, 0x04, 1]), (TooFewElements, 0));
    assert_eq!(err::<[u8; 1]>(&[0x14, 0x08, 1, 2]), (TooManyElements, 0));
    assert_eq!(
        err::<[u8; 1]>(&[0x34, 0x08, 1, 0, 2, 0]),
        (TooManyElements, 0)
    );
    assert_eq!(
        err::<[u8; 1]>(&[0x05, 0x08, 0x11, 1, 0x11, 2]),
        (TooManyElements, 0)
    );
    assert_eq!(err::<[bool; 1]>(&[0x1c, 0x08, 0x00]), (TooManyElements, 0));
    assert_eq!(err::<[bool; 2]>(&[0x05, 0x04, 0x18]), (TooFewElements, 0));
    assert_eq!(err::<[String; 2]>(&[0x3c, 0x04, 0x00]), (TooFewElements, 0));
    assert_eq!(err::<[&str; 2]>(&[0x3c, 0x04, 0x00]), (TooFewElements, 0));
    assert_eq!(err::<[String; 1]>(&[0x05, 0x00]), (TooFewElements, 0));
    assert_eq!(err::<[(u8,); 1]>(&[0x05, 0x00]), (TooFewElements, 0));
    assert_eq!(
        err::<[(u8,); 1]>(&[0x05, 0x04, 0x18]),
        (invalid("an array"), 2)
    );
    assert_eq!(err::<(u8, u8)>(&[0x05, 0x04, 0x11, 1]), (TooFewElements, 0));
    assert_eq!(
        err::<(u8,)>(&[0x05, 0x08, 0x11, 1, 0x11, 1]),
        (TooManyElements, 0)
    );
    let mut t = (0u8,);
    let e = structio_beve::read_into(&mut t, &[0x05, 0x00]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (TooFewElements, 0));
    let mut a = [String::new()];
    let e = structio_beve::read_into(&mut a, &[0x3c, 0x00]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (TooFewElements, 0));
    let mut a = [0u8; 2];
    let e = structio_beve::read_into(&mut a, &[0x05, 0x04, 0x11, 1]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (TooFewElements, 0));
    let mut a = [false; 2];
    let e = structio_beve::read_into(&mut a, &[0x1c, 0x04, 0x01]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (TooFewElements, 0));
}

#[test]
fn matrices() {
    assert_eq!(err::<Matrix<f64>>(&[0x16, 0x02]), (InvalidMatrix, 1));
    assert_eq!(
        err::<Matrix<f64>>(&[0x16, 0x00, 0x64, 0x00]),
        (InvalidMatrix, 2)
    );
    assert_eq!(
        err::<Matrix<f64>>(&[0x16, 0x00, 0x54, 0x00, 0x05, 0x00]),
        (InvalidMatrix, 4)
    );
    assert_eq!(
        err::<Matrix<f64>>(&[0x16, 0x00, 0x54, 0x04, 2, 0, 0, 0, 0x64, 0x00]),
        (InvalidMatrix, 0)
    );
    assert_eq!(skip_err(&[0x16, 0x02]), (InvalidMatrix, 1));
    assert_eq!(skip_err(&[0x16, 0x00, 0x64, 0x00]), (InvalidMatrix, 2));
    assert_eq!(
        skip_err(&[0x16, 0x00, 0x54, 0x00, 0x05, 0x00]),
        (InvalidMatrix, 4)
    );
    let m = Matrix {
        layout: Layout::RowMajor,
        extents: vec![usize::MAX],
        data: Vec::<u8>::new(),
    };
    assert_eq!(structio_beve::to_vec(&m).unwrap_err().kind(), InvalidMatrix);
}

#[test]
fn trailing_bytes_and_unknown_fields() {
    assert_eq!(err::<()>(&[0x00, 0x00]), (TrailingBytes, 1));
    let mut r = Reader::new(&[0x18]).deny_unknown_fields(true);
    let e = r.unknown_field(7).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (UnknownField, 7));
    let r = Reader::new(&[]);
    assert_eq!(r.missing_field("id").kind(), MissingField("id"));
    assert_eq!(
        r.missing_field("id").to_string(),
        "missing field `id` at byte 0"
    );
    assert_eq!(
        structio_beve::Error::new(InvalidHeader(7), 0).to_string(),
        "invalid header byte 0x07 at byte 0"
    );
}

#[test]
fn zero_copy_slices_refuse_misaligned_data() {
    let doc = structio_beve::to_beve_aligned(&vec![1.0f64, 2.0]).unwrap();
    let mut buf = vec![0u64; doc.len() / 8 + 2];
    let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut buf);
    bytes[1..1 + doc.len()].copy_from_slice(&doc);
    let shifted = &bytes[1..1 + doc.len()];
    assert_eq!(err::<&[f64]>(shifted), (Misaligned, 8));
}

#[test]
fn full_sinks_are_errors_not_truncations() {
    let mut buf = [0u8; 3];
    let e = to_slice(&"hello", &mut buf).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (BufferFull, 2));
    let mut s = SliceSink::new(&mut buf);
    assert_eq!(s.write_bytes(&[0; 4]).unwrap_err().kind(), BufferFull);
    assert_eq!(s.len(), 0);
    let mut w = Writer::new(SliceSink::new(&mut buf));
    assert_eq!(w.typed_array(&[1u16, 2]).unwrap_err().offset(), 2);
    let mut w = Writer::aligned(SliceSink::new(&mut buf));
    assert_eq!(w.typed_array(&[1u16, 2]).unwrap_err().kind(), BufferFull);
    // Offsets count from where the document started.
    let mut prefix = vec![0xaa; 5];
    let mut w = Writer::new(&mut prefix);
    w.write_null().unwrap();
    assert_eq!(w.error(Custom("x")).offset(), 1);
}
