//! A `Value` read from a broken binary document: the error names the path to the value and
//! what was found there, as the typed readers' errors do.

#[test]
fn beve_errors_have_paths() {
    // {"a": [null, <no header 0xff>]}
    let doc = [0x03, 0x04, 0x04, b'a', 0x05, 0x08, 0x00, 0xff];
    let e = structio_value::from_beve(&doc).unwrap_err();
    assert_eq!(e.to_string(), "invalid header byte 0xff at /a/1, byte 7");
    assert_eq!(e.path().as_str(), "/a/1");
}

#[cfg(feature = "bjdata")]
#[test]
fn bjdata_errors_have_paths() {
    // {"a": ["x", <cut off>
    let e = structio_value::from_bjdata(b"{U\x01a[SU\x01xSU\x05ab").unwrap_err();
    assert_eq!(
        e.to_string(),
        "length larger than the bytes left at /a/1, byte 12"
    );
}

#[cfg(feature = "cbor")]
#[test]
fn cbor_errors_have_paths() {
    // {"a": {"b": <reserved head 0x1c>}}
    let e = structio_value::from_cbor(&[0xa1, 0x61, b'a', 0xa1, 0x61, b'b', 0x1c]).unwrap_err();
    assert_eq!(e.to_string(), "invalid header byte 0x1c at /a/b, byte 6");
}
