//! The writer's heads at every width boundary, for every major type that takes an argument and
//! for text and byte strings (whose one- and two-byte heads are chosen without a branch),
//! against a reference encoder written from RFC 8949 §3; and the same heads into a slice with
//! exactly the room they need and one byte less.

use structio_cbor::{header, ErrorKind, SliceSink, Writer};

/// The shortest head of `major` with argument `arg`, byte by byte as §3.1 lays it out.
fn reference_head(major: u8, arg: u64) -> Vec<u8> {
    let (ai, width) = match arg {
        0..=23 => (arg as u8, 0),
        24..=0xff => (24, 1),
        0x100..=0xffff => (25, 2),
        0x1_0000..=0xffff_ffff => (26, 4),
        _ => (27, 8),
    };
    let mut out = vec![major | ai];
    out.extend_from_slice(&arg.to_be_bytes()[8 - width..]);
    out
}

/// Arguments at and around every width boundary.
const ARGS: &[u64] = &[
    0,
    1,
    23,
    24,
    25,
    0xfe,
    0xff,
    0x100,
    0x1234,
    0xffff,
    0x1_0000,
    0x0102_0304,
    0xffff_ffff,
    0x1_0000_0000,
    0x0102_0304_0506_0708,
    u64::MAX,
];

#[test]
fn heads_match_the_reference_at_every_width() {
    let majors = [
        header::UNSIGNED,
        header::NEGATIVE,
        header::BYTES,
        header::TEXT,
        header::ARRAY,
        header::MAP,
        header::TAG,
    ];
    for major in majors {
        for &arg in ARGS {
            let mut w = Writer::new(Vec::new());
            w.head(major, arg).unwrap();
            assert_eq!(
                w.into_inner(),
                reference_head(major, arg),
                "{major:#x} {arg}"
            );
        }
    }
}

#[test]
fn string_heads_match_the_reference_for_every_length_to_300() {
    for len in 0..300usize {
        let text = "x".repeat(len);
        let mut w = Writer::new(Vec::new());
        w.write_str(&text).unwrap();
        w.write_bytes(text.as_bytes()).unwrap();
        let mut want = reference_head(header::TEXT, len as u64);
        want.extend_from_slice(text.as_bytes());
        want.extend(reference_head(header::BYTES, len as u64));
        want.extend_from_slice(text.as_bytes());
        assert_eq!(w.into_inner(), want, "length {len}");
    }
}

#[test]
fn heads_fill_a_slice_exactly_or_fail_without_a_partial_success() {
    for &arg in ARGS {
        let want = reference_head(header::UNSIGNED, arg);
        // Exactly the room: the head is written whole.
        let mut buf = vec![0u8; want.len()];
        let mut w = Writer::new(SliceSink::new(&mut buf));
        w.head(header::UNSIGNED, arg).unwrap();
        assert_eq!(w.into_inner().written(), &want[..], "{arg}");
        // One byte less: an error, not a shortened head.
        let mut short = vec![0u8; want.len() - 1];
        let mut w = Writer::new(SliceSink::new(&mut short));
        let err = w.head(header::UNSIGNED, arg).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BufferFull, "{arg}");
    }
    for len in [0usize, 23, 24, 255, 256] {
        let text = "y".repeat(len);
        let need = reference_head(header::TEXT, len as u64).len() + len;
        let mut buf = vec![0u8; need];
        let n = structio_cbor::to_slice(text.as_str(), &mut buf).unwrap();
        assert_eq!(n, need);
        assert_eq!(structio_cbor::from_slice::<&str>(&buf).unwrap(), text);
        let mut short = vec![0u8; need - 1];
        let err = structio_cbor::to_slice(text.as_str(), &mut short).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::BufferFull, "length {len}");
    }
}
