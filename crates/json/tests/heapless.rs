//! `heapless` strings and vectors: round trips, capacity errors, and the `heapless::Vec` sink.
#![cfg(feature = "heapless")]

use structio_json::{from_slice, read_into, to_sink, to_slice, ErrorKind};

#[test]
fn strings_and_vectors_round_trip() {
    let s: heapless::String<8> = from_slice(br#""a\tb""#).unwrap();
    assert_eq!(s, "a\tb");
    let v: heapless::Vec<heapless::String<4>, 3> = from_slice(br#"["x","yz"]"#).unwrap();
    assert_eq!(v.len(), 2);
    let mut buf = [0u8; 32];
    let n = to_slice(&v, &mut buf).unwrap();
    assert_eq!(&buf[..n], br#"["x","yz"]"#);
    let n = to_slice(&s, &mut buf).unwrap();
    assert_eq!(&buf[..n], br#""a\tb""#);
}

#[test]
fn too_long_is_an_error() {
    let err = from_slice::<heapless::String<3>>(br#" "abcd""#).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::StringTooLong, 1));
    let err = from_slice::<heapless::String<3>>(br#""abc\n""#).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::StringTooLong, 0));
    let err = from_slice::<heapless::Vec<u8, 2>>(b"[1, 2, 3]").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::TooManyElements, 7));
    // Exactly full is fine.
    let s: heapless::String<3> = from_slice(br#""abc""#).unwrap();
    assert_eq!(s, "abc");
}

#[test]
fn read_into_refills() {
    let mut v: heapless::Vec<u16, 4> = heapless::Vec::new();
    read_into(&mut v, b"[1,2,3]").unwrap();
    read_into(&mut v, b"[9]").unwrap();
    assert_eq!(v.as_slice(), [9]);
    let mut s: heapless::String<8> = heapless::String::new();
    read_into(&mut s, br#""too long!""#).unwrap_err();
    read_into(&mut s, br#""ok""#).unwrap();
    assert_eq!(s, "ok");
}

#[test]
fn heapless_vec_sink_reports_buffer_full() {
    let out: heapless::Vec<u8, 16> = to_sink(&[1u8, 2, 3], heapless::Vec::new()).unwrap();
    assert_eq!(out.as_slice(), b"[1,2,3]");
    let err = to_sink(&[100u32; 8], heapless::Vec::<u8, 16>::new()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::BufferFull, 16));
}
