//! What works with no allocator (this file runs in every feature configuration): scalars,
//! borrowed strings, fixed arrays, tuples and options, read from bytes and written to a slice.

use structio_json::{from_slice, read_into, to_slice, ErrorKind};

#[test]
fn scalars_strings_and_fixed_containers() {
    let v: (u8, i64, f64, bool, &str, [u16; 3], Option<char>, ()) =
        from_slice(br#"[255, -9000000000, 2.5e-3, true, "name", [1,2,3], null, null]"#).unwrap();
    assert_eq!(
        v,
        (
            255,
            -9_000_000_000,
            0.0025,
            true,
            "name",
            [1, 2, 3],
            None,
            ()
        )
    );
    let mut buf = [0u8; 64];
    let n = to_slice(&v, &mut buf).unwrap();
    assert_eq!(
        &buf[..n],
        br#"[255,-9000000000,0.0025,true,"name",[1,2,3],null,null]"#
    );
}

#[test]
fn read_into_fixed_array() {
    let mut a = [[0i8; 2]; 2];
    read_into(&mut a, b"[[1,-1],[2,-2]]").unwrap();
    assert_eq!(a, [[1, -1], [2, -2]]);
}

#[test]
fn slice_sink_is_exact_at_every_length() {
    let value = (12345u32, "a\"b", [true, false], -0.5f32);
    let text = br#"[12345,"a\"b",[true,false],-0.5]"#;
    let mut buf = [0u8; 64];
    for n in 0..=text.len() {
        match to_slice(&value, &mut buf[..n]) {
            Ok(len) => {
                assert_eq!(n, text.len());
                assert_eq!(&buf[..len], text);
            }
            Err(e) => {
                assert!(n < text.len());
                assert_eq!(e.kind(), ErrorKind::BufferFull);
            }
        }
    }
}

/// Arrays of numbers and booleans, whose elements write their comma with the value, into a
/// slice of every length: the whole text when it fits, else `BufferFull` and nothing more.
#[test]
fn scalar_arrays_are_exact_at_every_length() {
    let value = (
        [true, false, true],
        [0u8, 200],
        [-5i64, i64::MIN, 7],
        [0.5f64, f64::NAN, 1e300, f64::NEG_INFINITY],
        [1.5f32, f32::INFINITY],
        [[1u16, 2], [3, 4]],
    );
    let text = b"[[true,false,true],[0,200],[-5,-9223372036854775808,7],[0.5,null,1E300,null],[1.5,null],[[1,2],[3,4]]]";
    exact_at_every_length(&value, text);
}

/// Writes `value` into a slice of every length up to `text`'s: the whole text when it fits,
/// else `BufferFull` with only the start of the text before the error's offset.
fn exact_at_every_length<T: structio_json::JsonWrite>(value: &T, text: &[u8]) {
    let mut buf = [0u8; 128];
    assert!(text.len() <= buf.len());
    for n in 0..=text.len() {
        match to_slice(value, &mut buf[..n]) {
            Ok(len) => {
                assert_eq!(n, text.len());
                assert_eq!(&buf[..len], text);
            }
            Err(e) => {
                assert!(n < text.len(), "{n}");
                assert_eq!(e.kind(), ErrorKind::BufferFull, "{n}");
                // What was written before the error is the start of the text.
                assert_eq!(&buf[..e.offset()], &text[..e.offset()], "{n}");
            }
        }
    }
}

#[test]
fn errors_without_an_allocator() {
    let err = from_slice::<[u8; 2]>(b"[1, 300]").unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.line(), err.column()),
        (ErrorKind::NumberOutOfRange, 4, 1, 5)
    );
}

/// A derived struct's members, each key written with the comma before it under one capacity
/// test, into a slice of every length: the whole text when it fits, else `BufferFull` with only
/// the start of the text before the error's offset.
#[test]
fn struct_members_are_exact_at_every_length() {
    #[derive(structio_derive::Json)]
    struct Reals {
        a: f64,
        longer_key: f64,
        c: bool,
        #[structio(rename = "d d")]
        d: i32,
        e: Option<u8>,
    }
    let value = Reals {
        a: 0.25,
        longer_key: -1.5e-7,
        c: true,
        d: -42,
        e: None,
    };
    let text = br#"{"a":0.25,"longer_key":-1.5E-7,"c":true,"d d":-42,"e":null}"#;
    exact_at_every_length(&value, text);
}
