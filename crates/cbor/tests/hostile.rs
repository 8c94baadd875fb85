//! Every error path fed its bad input: the error kind and the byte offset are asserted.
#![cfg(feature = "std")]

use std::borrow::Cow;
use std::collections::BTreeMap;

use structio_cbor::{
    from_slice, to_slice, validate, CborRead, Embedded, ErrorKind, ErrorKind::*, KeyBuf, Reader,
    Simple, Tagged, Writer,
};

/// The error of reading a whole document as `T`, as (kind, offset).
fn err<'de, T: CborRead<'de> + std::fmt::Debug>(bytes: &'de [u8]) -> (ErrorKind, usize) {
    let e = from_slice::<T>(bytes).unwrap_err();
    (e.kind(), e.offset())
}

/// The error of validating (skipping) one item, as (kind, offset).
fn skip_err(bytes: &[u8]) -> (ErrorKind, usize) {
    let e = validate(bytes).unwrap_err();
    (e.kind(), e.offset())
}

fn wrong(expected: u8, found: u8) -> ErrorKind {
    WrongType { expected, found }
}

#[test]
fn truncated_input() {
    assert_eq!(err::<u8>(&[]), (UnexpectedEnd, 0));
    assert_eq!(err::<u32>(&[0x1a, 0, 0]), (UnexpectedEnd, 1));
    assert_eq!(err::<i64>(&[0x3b, 0]), (UnexpectedEnd, 1));
    assert_eq!(err::<f64>(&[0xfb, 0, 0]), (UnexpectedEnd, 1));
    assert_eq!(err::<f32>(&[0xf9, 0]), (UnexpectedEnd, 1));
    assert_eq!(err::<&str>(&[0x62, b'a']), (LengthExceedsInput, 0));
    assert_eq!(err::<String>(&[0x7f, 0x61, b'a']), (UnexpectedEnd, 3));
    assert_eq!(err::<Vec<u8>>(&[0x82, 0x01]), (LengthExceedsInput, 0));
    assert_eq!(err::<Vec<u8>>(&[0x82, 0x01, 0x18]), (UnexpectedEnd, 3));
    assert_eq!(err::<Vec<u8>>(&[0x9f, 0x01]), (UnexpectedEnd, 2));
    assert_eq!(err::<Simple>(&[0xf8]), (UnexpectedEnd, 1));
    assert_eq!(skip_err(&[0xfa, 0]), (UnexpectedEnd, 1));
    assert_eq!(skip_err(&[0xf9]), (UnexpectedEnd, 1));
    assert_eq!(skip_err(&[0xfb]), (UnexpectedEnd, 1));
    assert_eq!(skip_err(&[0xf8]), (UnexpectedEnd, 1));
    assert_eq!(skip_err(&[0xbf, 0x01]), (UnexpectedEnd, 2));
    assert_eq!(skip_err(&[0x5f, 0x41]), (LengthExceedsInput, 1));
    assert_eq!(skip_err(&[0x5f, 0x41, 0x00]), (UnexpectedEnd, 3));
    assert_eq!(err::<u128>(&[0xc2, 0x42, 1]), (LengthExceedsInput, 1));
    assert_eq!(err::<u128>(&[0xc2]), (UnexpectedEnd, 1));
}

#[test]
fn lengths_past_the_input_fail_before_reserving() {
    // A count of 2^60 on a ten-byte input: an error at once, nothing reserved.
    let huge = [0x9b, 0x10, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(err::<Vec<u64>>(&huge), (LengthExceedsInput, 0));
    assert_eq!(err::<Vec<String>>(&huge), (LengthExceedsInput, 0));
    assert_eq!(skip_err(&huge), (LengthExceedsInput, 0));
    let huge_map = [0xbb, 0x10, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(err::<BTreeMap<u8, u8>>(&huge_map), (LengthExceedsInput, 0));
    assert_eq!(skip_err(&huge_map), (LengthExceedsInput, 0));
    // A map of n entries needs 2n bytes.
    assert_eq!(
        err::<BTreeMap<u8, u8>>(&[0xa2, 0, 0, 0]),
        (LengthExceedsInput, 0)
    );
    let huge_str = [0x7b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, b'a'];
    assert_eq!(err::<String>(&huge_str), (LengthExceedsInput, 0));
    assert_eq!(skip_err(&huge_str), (LengthExceedsInput, 0));
    assert_eq!(err::<&[u8]>(&[0x45, 1, 2]), (LengthExceedsInput, 0));
    assert_eq!(
        err::<Vec<f64>>(&[0xd8, 0x56, 0x58, 0x10, 0]),
        (LengthExceedsInput, 2)
    );
    // Inside an indefinite-length string, each chunk's length is checked too.
    assert_eq!(
        err::<Vec<u8>>(&[0x5f, 0x59, 0xff, 0xff, 0xff]),
        (LengthExceedsInput, 1)
    );
    assert_eq!(
        skip_err(&[0x7f, 0x7a, 0, 0, 1, 0, 0xff]),
        (LengthExceedsInput, 1)
    );
}

#[test]
fn reserved_additional_information_and_misplaced_breaks() {
    for b in [0x1c, 0x1d, 0x1e, 0x1f, 0x3c, 0x3f] {
        assert_eq!(err::<i32>(&[b]), (InvalidHeader(b), 0));
        assert_eq!(skip_err(&[b]), (InvalidHeader(b), 0));
    }
    for b in [0x5c, 0x7d, 0x9e, 0xbc, 0xdc, 0xdf, 0xfc, 0xfd, 0xfe] {
        assert_eq!(skip_err(&[b, 0, 0]), (InvalidHeader(b), 0), "{b:#x}");
    }
    assert_eq!(err::<Vec<u8>>(&[0x9c]), (InvalidHeader(0x9c), 0));
    assert_eq!(err::<u8>(&[0xdc, 0]), (InvalidHeader(0xdc), 0));
    assert_eq!(err::<u8>(&[0xdf, 0]), (InvalidHeader(0xdf), 0));
    // A break where an item is due.
    assert_eq!(skip_err(&[0xff]), (InvalidHeader(0xff), 0));
    assert_eq!(skip_err(&[0x81, 0xff]), (InvalidHeader(0xff), 1));
    assert_eq!(skip_err(&[0xbf, 0x01, 0xff]), (InvalidHeader(0xff), 2));
    assert_eq!(err::<Vec<u8>>(&[0x81, 0xff]), (InvalidHeader(0xff), 1));
    assert_eq!(err::<Option<u8>>(&[0xff]), (InvalidHeader(0xff), 0));
    // A break after a complete item is trailing bytes.
    assert_eq!(err::<u8>(&[0x01, 0xff]), (TrailingBytes, 1));
    assert_eq!(skip_err(&[0x01, 0xff]), (TrailingBytes, 1));
    // A two-byte simple value below 32 is not well-formed (RFC 8949 §3.3).
    assert_eq!(err::<Simple>(&[0xf8, 0x18]), (InvalidHeader(0xf8), 0));
    assert_eq!(skip_err(&[0xf8, 0x1f]), (InvalidHeader(0xf8), 0));
    // Nor is a simple value 24-31 writable.
    let mut w = Writer::new(Vec::new());
    assert_eq!(w.write_simple(31).unwrap_err().kind(), InvalidHeader(0xf8));
}

#[test]
fn chunks_of_indefinite_strings() {
    // A chunk of another major type, or itself indefinite.
    assert_eq!(
        err::<String>(&[0x7f, 0x41, b'a', 0xff]),
        (InvalidHeader(0x41), 1)
    );
    assert_eq!(
        err::<Vec<u8>>(&[0x5f, 0x5f, 0xff, 0xff]),
        (InvalidHeader(0x5f), 1)
    );
    assert_eq!(skip_err(&[0x5f, 0x01, 0xff]), (InvalidHeader(0x01), 1));
    assert_eq!(
        skip_err(&[0x7f, 0x7f, 0xff, 0xff]),
        (InvalidHeader(0x7f), 1)
    );
    // Borrowed destinations cannot hold chunks.
    assert_eq!(err::<&str>(&[0x7f, 0xff]), (ChunkedInBorrowed, 0));
    assert_eq!(err::<&[u8]>(&[0x5f, 0xff]), (ChunkedInBorrowed, 0));
    assert_eq!(
        err::<&[f64]>(&[0xd8, 0x56, 0x5f, 0xff]),
        (ChunkedInBorrowed, 2)
    );
    assert_eq!(
        err::<Vec<u16>>(&[0xd8, 0x45, 0x5f, 0xff]),
        (ChunkedInBorrowed, 2)
    );
    // ...but owned ones can.
    assert_eq!(
        from_slice::<Cow<str>>(&[0x7f, 0x61, b'a', 0xff]).unwrap(),
        "a"
    );
    assert_eq!(
        from_slice::<[u8; 2]>(&[0x5f, 0x41, 1, 0x41, 2, 0xff]).unwrap(),
        [1, 2]
    );
    assert_eq!(
        err::<[u8; 1]>(&[0x5f, 0x41, 1, 0x41, 2, 0xff]),
        (TooManyElements, 0)
    );
    assert_eq!(
        err::<[u8; 3]>(&[0x5f, 0x41, 1, 0x41, 2, 0xff]),
        (TooFewElements, 0)
    );
}

#[test]
fn invalid_utf8_names_the_byte() {
    let bad = [0x64, b'a', b'b', 0xc3, 0x28];
    assert_eq!(err::<&str>(&bad), (InvalidUtf8, 3));
    assert_eq!(err::<String>(&bad), (InvalidUtf8, 3));
    assert_eq!(skip_err(&bad), (InvalidUtf8, 3));
    // Each chunk must be UTF-8 on its own: a character split over two chunks is invalid.
    let split = [0x7f, 0x61, 0xc3, 0x61, 0xbc, 0xff];
    assert_eq!(err::<String>(&split), (InvalidUtf8, 2));
    assert_eq!(skip_err(&split), (InvalidUtf8, 2));
    let mut buf = KeyBuf::new();
    let e = Reader::new(&bad).read_key(&mut buf).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (InvalidUtf8, 3));
    let e = Reader::new(&split).read_key(&mut buf).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (InvalidUtf8, 2));
    // Map keys and char destinations too.
    assert_eq!(
        err::<BTreeMap<String, u8>>(&[0xa1, 0x61, 0xff, 0x00]),
        (InvalidUtf8, 2)
    );
    assert_eq!(err::<char>(&[0x61, 0x80]), (InvalidUtf8, 1));
}

#[test]
fn nesting_is_depth_limited() {
    let deep_arrays = [0x81u8; 200];
    assert_eq!(skip_err(&deep_arrays), (DepthLimit, 128));
    let deep_indef = [0x9fu8; 200];
    assert_eq!(skip_err(&deep_indef), (DepthLimit, 128));
    let deep_maps: Vec<u8> = [0xa1, 0x00].repeat(200);
    assert_eq!(skip_err(&deep_maps), (DepthLimit, 256));
    let deep_tags = [0xc6u8; 200];
    assert_eq!(skip_err(&deep_tags), (DepthLimit, 128));
    // A typed read passing tags through counts them.
    let mut tags = vec![0xc6u8; 200];
    tags.push(0x01);
    assert_eq!(err::<u8>(&tags), (DepthLimit, 128));
    assert_eq!(err::<Vec<u8>>(&tags), (DepthLimit, 128));
    assert_eq!(err::<bool>(&tags), (DepthLimit, 128));
    // Recursive destinations.
    type Tree = Vec<Vec<Vec<u8>>>;
    let e = Reader::new(&[0x81, 0x81, 0x81, 0x00]).with_depth_limit(2);
    let mut r = e;
    let e = Tree::read_cbor(&mut r).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (DepthLimit, 2));
    let mut r = Reader::new(&[0xc1, 0xc1, 0x00]).with_depth_limit(1);
    let e = Tagged::<Tagged<u8>>::read_cbor(&mut r).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (DepthLimit, 2));
    let mut r = Reader::new(&[]).with_depth_limit(0);
    assert_eq!(r.enter().unwrap_err().kind(), DepthLimit);
}

#[test]
fn numbers_out_of_range_and_wrong_types() {
    assert_eq!(err::<u8>(&[0x19, 0x01, 0x00]), (NumberOutOfRange, 0));
    assert_eq!(err::<u64>(&[0x20]), (NumberOutOfRange, 0));
    assert_eq!(err::<i8>(&[0x38, 0x80]), (NumberOutOfRange, 0));
    assert_eq!(
        err::<i64>(&[0x3b, 0x80, 0, 0, 0, 0, 0, 0, 0]),
        (NumberOutOfRange, 0)
    );
    // Bignums: past 128 bits, a negative one below i128::MIN, a positive one into i64.
    let mut big = vec![0xc2, 0x51, 1];
    big.extend([0; 16]);
    assert_eq!(err::<u128>(&big), (NumberOutOfRange, 0));
    let mut neg = vec![0xc3, 0x50, 0x80];
    neg.extend([0; 15]);
    assert_eq!(err::<i128>(&neg), (NumberOutOfRange, 0));
    assert_eq!(
        err::<i64>(&[0xc2, 0x49, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
        (NumberOutOfRange, 0)
    );
    assert_eq!(err::<u64>(&[0xc3, 0x41, 0]), (NumberOutOfRange, 0));
    // Leading zero bytes of a bignum are fine.
    assert_eq!(from_slice::<u8>(&[0xc2, 0x43, 0, 0, 7]).unwrap(), 7);
    // Floats never truncate into integers; other types are named by their initial byte.
    assert_eq!(err::<u8>(&[0xf9, 0x3c, 0x00]), (InvalidType("u8"), 0));
    assert_eq!(err::<u8>(&[0x61, b'a']), (InvalidType("u8"), 0));
    assert_eq!(err::<u8>(&[0xc1, 0x61, b'a']), (InvalidType("u8"), 1));
    assert_eq!(err::<f64>(&[0x61, b'a']), (InvalidType("f64"), 0));
    assert_eq!(err::<f32>(&[0xf5]), (InvalidType("f32"), 0));
    assert_eq!(err::<bool>(&[0xf6]), (InvalidType("a boolean"), 0));
    assert_eq!(err::<bool>(&[0xc1, 0xf6]), (wrong(0xf5, 0xf6), 1));
    assert_eq!(err::<()>(&[0xf5]), (InvalidType("null"), 0));
    assert_eq!(err::<&str>(&[0x41, b'a']), (InvalidType("a string"), 0));
    assert_eq!(err::<&[u8]>(&[0x61, b'a']), (InvalidType("an array"), 0));
    assert_eq!(err::<Vec<String>>(&[0xa0]), (InvalidType("an array"), 0));
    assert_eq!(
        err::<BTreeMap<u8, u8>>(&[0x80]),
        (InvalidType("an object"), 0)
    );
    assert_eq!(
        err::<Simple>(&[0xf9, 0, 0]),
        (InvalidType("a simple value"), 0)
    );
    assert_eq!(err::<Tagged<u8>>(&[0x01]), (InvalidType("a tag"), 0));
    assert_eq!(err::<char>(&[0x62, b'a', b'b']), (ExpectedChar, 0));
    assert_eq!(err::<char>(&[0x60]), (ExpectedChar, 0));
}

#[test]
fn typed_arrays() {
    // A payload that is not a whole number of elements.
    assert_eq!(
        err::<Vec<f64>>(&[0xd8, 0x56, 0x43, 0, 0, 0]),
        (TypedArrayLength, 2)
    );
    assert_eq!(
        err::<[u16; 1]>(&[0xd8, 0x45, 0x43, 0, 0, 0]),
        (TypedArrayLength, 2)
    );
    // A typed-array tag around something other than a byte string, or bytes with no tag.
    assert_eq!(
        err::<Vec<f64>>(&[0xd8, 0x56, 0x61, b'a']),
        (InvalidType("an array"), 0)
    );
    assert_eq!(err::<Vec<f64>>(&[0x41, 0]), (InvalidType("an array"), 0));
    // The reserved tag 76 and 128-bit floats have no element this reader converts.
    assert_eq!(
        err::<Vec<u8>>(&[0xd8, 0x4c, 0x41, 0]),
        (InvalidType("an array"), 0)
    );
    let mut f128 = vec![0xd8, 0x57, 0x50];
    f128.extend([0; 16]);
    assert_eq!(err::<Vec<f64>>(&f128), (InvalidType("an array"), 3));
    // Converted elements keep the scalar rules: in range, never float to integer.
    assert_eq!(
        err::<Vec<u8>>(&[0xd8, 0x45, 0x42, 0, 1]),
        (NumberOutOfRange, 3)
    );
    assert_eq!(
        err::<Vec<i32>>(&[0xd8, 0x55, 0x44, 0, 0, 0x80, 0x3f]),
        (InvalidType("i32"), 3)
    );
    assert_eq!(
        err::<[i8; 1]>(&[0xd8, 0x40, 0x41, 200]),
        (NumberOutOfRange, 3)
    );
    assert_eq!(
        err::<[u8; 2]>(&[0xd8, 0x45, 0x42, 1, 0]),
        (TooFewElements, 0)
    );
    assert_eq!(err::<[u8; 1]>(&[0x82, 0x01, 0x02]), (TooManyElements, 0));
    assert_eq!(err::<[u8; 3]>(&[0x82, 0x01, 0x02]), (TooFewElements, 0));
    assert_eq!(
        err::<[f64; 2]>(&[0xd8, 0x56, 0x48, 0, 0, 0, 0, 0, 0, 0, 0]),
        (TooFewElements, 0)
    );
    assert_eq!(err::<&[f64]>(&[0x81, 0x00]), (InvalidType("a tag"), 0));
    assert_eq!(
        err::<&[f64]>(&[0xd8, 0x52, 0x40]),
        (InvalidType("a tag"), 0)
    );
}

#[test]
fn misaligned_borrowed_slices() {
    // 86(h'...') puts the payload at offset 3 of the document: never aligned for f64 at the
    // start of an 8-aligned buffer.
    let mut storage = [0u64; 3];
    let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut storage);
    bytes[..3].copy_from_slice(&[0xd8, 0x56, 0x48]);
    bytes[3..11].copy_from_slice(&1.5f64.to_le_bytes());
    let doc = &bytes[..11];
    assert_eq!(err::<&[f64]>(doc), (Misaligned, 3));
    // A `Cow` copies instead.
    assert_eq!(from_slice::<Cow<[f64]>>(doc).unwrap().as_ref(), [1.5]);
}

#[test]
fn containers_of_the_wrong_size() {
    assert_eq!(err::<(u8, u8)>(&[0x81, 0x01]), (TooFewElements, 0));
    assert_eq!(err::<(u8,)>(&[0x82, 0x01, 0x02]), (TooManyElements, 0));
    assert_eq!(
        err::<(u8,)>(&[0x9f, 0x01, 0x02, 0xff]),
        (TooManyElements, 0)
    );
    assert_eq!(err::<[String; 2]>(&[0x81, 0x60]), (TooFewElements, 0));
    assert_eq!(
        err::<[String; 1]>(&[0x82, 0x60, 0x60]),
        (TooManyElements, 0)
    );
    let mut fixed = [String::new(), String::new()];
    let e = structio_cbor::read_into(&mut fixed, &[0x81, 0x60]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (TooFewElements, 0));
    let e = structio_cbor::read_into(&mut fixed, &[0x83, 0x60, 0x60, 0x60]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (TooManyElements, 0));
}

#[cfg(feature = "heapless")]
#[test]
fn fixed_capacity_destinations() {
    assert_eq!(
        err::<heapless::String<2>>(&[0x63, b'a', b'b', b'c']),
        (StringTooLong, 0)
    );
    assert_eq!(
        err::<heapless::String<2>>(&[0x7f, 0x62, b'a', b'b', 0x61, b'c', 0xff]),
        (StringTooLong, 0)
    );
    assert_eq!(
        err::<heapless::Vec<u16, 1>>(&[0x82, 0x01, 0x02]),
        (TooManyElements, 0)
    );
    assert_eq!(
        err::<heapless::Vec<u8, 1>>(&[0x42, 1, 2]),
        (TooManyElements, 0)
    );
    assert_eq!(
        err::<heapless::Vec<u8, 1>>(&[0x5f, 0x42, 1, 2, 0xff]),
        (TooManyElements, 0)
    );
    assert_eq!(
        err::<heapless::Vec<u16, 1>>(&[0xd8, 0x45, 0x44, 1, 0, 2, 0]),
        (TooManyElements, 0)
    );
    assert_eq!(
        err::<heapless::Vec<u16, 1>>(&[0xd8, 0x41, 0x44, 0, 1, 0, 2]),
        (TooManyElements, 0)
    );
    assert_eq!(
        err::<heapless::Vec<u8, 1>>(&[0xd8, 0x45, 0x44, 1, 0, 2, 0]),
        (TooManyElements, 0)
    );
}

#[test]
fn keys_and_fields() {
    let mut buf = KeyBuf::new();
    // A chunked key longer than the key buffer.
    let mut long = vec![0x7f];
    for _ in 0..3 {
        long.extend([0x78, 100]);
        long.extend([b'k'; 100]);
    }
    long.push(0xff);
    let e = Reader::new(&long).read_key(&mut buf).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (KeyTooLong, 0));
    // A key that is not text.
    let e = Reader::new(&[0x01]).read_key(&mut buf).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (wrong(0x60, 0x01), 0));
    // Unknown fields denied or skipped (and validated when skipped).
    let mut r = Reader::new(&[0x01]).deny_unknown_fields(true);
    assert_eq!(
        r.unknown_field(7).unwrap_err(),
        structio_cbor::Error::new(UnknownField, 7)
    );
    let mut r = Reader::new(&[0x61, 0xff]);
    assert_eq!(r.unknown_field(0).unwrap_err().kind(), InvalidUtf8);
    assert_eq!(
        Reader::new(&[]).missing_field("id").kind(),
        MissingField("id")
    );
}

#[test]
fn embedded_items() {
    assert_eq!(
        err::<Embedded<u8>>(&[0xc1, 0x41, 0x01]),
        (wrong(0xd8, 0xc1), 1)
    );
    assert_eq!(
        err::<Embedded<u8>>(&[0x41, 0x01]),
        (InvalidType("embedded CBOR"), 0)
    );
    // Inside, offsets are the document's, and nothing may follow the embedded item.
    assert_eq!(
        err::<Embedded<u8>>(&[0xd8, 0x18, 0x42, 0x01, 0x02]),
        (TrailingBytes, 4)
    );
    assert_eq!(
        err::<Embedded<u8>>(&[0xd8, 0x18, 0x41, 0x61]),
        (InvalidType("u8"), 3)
    );
    assert_eq!(
        err::<Embedded<u8>>(&[0xd8, 0x18, 0x42, 0x19, 0x01]),
        (UnexpectedEnd, 4)
    );
}

#[test]
fn output_buffer_full() {
    let mut buf = [0u8; 4];
    let e = to_slice(&"hello", &mut buf).unwrap_err();
    assert_eq!(e.kind(), BufferFull);
    let e = to_slice(&1.1f64, &mut buf).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (BufferFull, 0));
    let e = to_slice(&[1.5f64, 2.5], &mut buf).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (BufferFull, 3));
    let mut one = [0u8; 1];
    let e = to_slice(&1000u32, &mut one).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (BufferFull, 0));
}

#[test]
fn checkpoints_never_go_past_the_end() {
    let long = [0xf6, 0xf6, 0xf6];
    let mut r = Reader::new(&long);
    r.read_null().unwrap();
    r.read_null().unwrap();
    let c = r.checkpoint();
    let mut short = Reader::new(&[0xf6]);
    short.restore(c);
    assert_eq!(short.offset(), 1);
    assert_eq!(short.read_null().unwrap_err().kind(), UnexpectedEnd);
}
