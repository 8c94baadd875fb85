//! Short text strings (length in the initial byte) with at least 32 bytes of input after them
//! take a one-block UTF-8 check: every destination gives the text or the offset of the first
//! bad byte exactly as `core::str::from_utf8` places it.

use std::borrow::Cow;
use std::collections::BTreeMap;

use structio_cbor::{from_slice, read_into, ErrorKind, KeyBuf, Reader};
use structio_testkit::Rng;

/// Bytes that make valid and invalid UTF-8 when strung together: ASCII, lead and continuation
/// bytes of every width, an overlong lead, a surrogate lead and bytes never valid.
const PIECES: &[&[u8]] = &[
    b"a",
    b"Z",
    b" ",
    "é".as_bytes(),
    "€".as_bytes(),
    "😀".as_bytes(),
    &[0xc3],
    &[0x80],
    &[0xe2, 0x82],
    &[0xf0, 0x9f],
    &[0xc0, 0xaf],
    &[0xed, 0xa0, 0x80],
    &[0xff],
    &[0xf5, 0x80, 0x80, 0x80],
];

/// A random byte string of at most 40 bytes (past the one-block path's 32).
fn short_bytes(rng: &mut Rng) -> Vec<u8> {
    let mut b = Vec::new();
    let target = rng.below(41) as usize;
    while b.len() < target {
        let p = *rng.pick(PIECES);
        if b.len() + p.len() > 40 {
            break;
        }
        b.extend_from_slice(p);
    }
    b
}

/// `[text, "<40 bytes>"]`: the short string first, so 32 bytes follow it; its length in the
/// initial byte below 24 (and every third string of those in the byte after it, `0x78`, which
/// is legal if not the shortest form).
fn doc(text: &[u8]) -> Vec<u8> {
    let mut d = vec![0x82];
    if in_the_initial_byte(text.len()) {
        d.push(0x60 + text.len() as u8);
    } else {
        d.extend_from_slice(&[0x78, text.len() as u8]);
    }
    d.extend_from_slice(text);
    d.extend_from_slice(&[0x78, 40]);
    d.extend_from_slice(&[b'x'; 40]);
    d
}

/// Whether [`doc`] puts a length in the initial byte (else in the byte after `0x78`).
fn in_the_initial_byte(len: usize) -> bool {
    len < 24 && !len.is_multiple_of(3)
}

/// Where the text starts in [`doc`]'s output.
fn d_text_at(len: usize) -> usize {
    if in_the_initial_byte(len) {
        2
    } else {
        3
    }
}

#[test]
fn short_strings_agree_with_from_utf8() {
    let mut rng = Rng::new(0x5eed);
    let mut invalid = 0;
    for _ in 0..20_000 {
        let text = short_bytes(&mut rng);
        let d = doc(&text);
        let want = std::str::from_utf8(&text).map(str::to_owned).map_err(|e| {
            (
                ErrorKind::InvalidUtf8,
                d_text_at(text.len()) + e.valid_up_to(),
            )
        });
        invalid += usize::from(want.is_err());
        let first = |v: Vec<String>| v[0].clone();
        let got = from_slice::<Vec<String>>(&d).map(first);
        assert_eq!(got.map_err(|e| (e.kind(), e.offset())), want, "{text:x?}");
        let got = from_slice::<Vec<&str>>(&d).map(|v| v[0].to_owned());
        assert_eq!(got.map_err(|e| (e.kind(), e.offset())), want, "{text:x?}");
        let got = from_slice::<Vec<Cow<str>>>(&d).map(|v| v[0].to_string());
        assert_eq!(got.map_err(|e| (e.kind(), e.offset())), want, "{text:x?}");
        // Into a value that already holds strings of other lengths.
        let mut reused = vec![String::from("a previous, longer string"), String::new()];
        let got = read_into(&mut reused, &d).map(|()| reused[0].clone());
        assert_eq!(got.map_err(|e| (e.kind(), e.offset())), want, "{text:x?}");
        // As a map key.
        let mut key_doc = vec![0xa1];
        key_doc.extend_from_slice(&d[1..]);
        let got = from_slice::<BTreeMap<String, String>>(&key_doc)
            .map(|m| m.into_keys().next().unwrap_or_default());
        assert_eq!(got.map_err(|e| (e.kind(), e.offset())), want, "{text:x?}");
        let mut buf = KeyBuf::new();
        let mut r = Reader::new(&d[1..]);
        let got = r
            .read_key(&mut buf)
            .map(|k| String::from_utf8(k.to_vec()).unwrap());
        assert_eq!(
            got.map_err(|e| (e.kind(), e.offset() + 1)),
            want,
            "{text:x?}"
        );
    }
    // Both outcomes were fed, many times each.
    assert!(invalid > 1_000 && invalid < 19_000, "{invalid} invalid");
}
