//! Hostile BEVE input: whatever the bytes, every reader returns a value or an error, never a
//! panic, an unbounded recursion, or a reservation larger than the input can back.
#![cfg(feature = "std")]

use std::borrow::Cow;
use std::collections::BTreeMap;

use structio_beve::{from_slice, read_into, to_vec, ErrorKind, Reader};

const MILLION: usize = 1_000_000;

/// A compressed SIZE of 8 bytes (the two low bits `0b11`), whatever the value.
fn size8(n: u64) -> [u8; 8] {
    ((n << 2) | 3).to_le_bytes()
}

type Record = (
    u8,
    i64,
    f64,
    String,
    Vec<u16>,
    Vec<bool>,
    Vec<String>,
    BTreeMap<String, Vec<i32>>,
    Option<(bool, char)>,
);

fn sample_docs() -> Vec<Vec<u8>> {
    let mut m = BTreeMap::new();
    m.insert("k\u{e9}y".to_string(), vec![-1, 2, 3]);
    m.insert(String::new(), vec![]);
    let r: Record = (
        7,
        -5_000_000_000,
        1.5,
        "h\u{e9}llo \u{1f600}".into(),
        vec![1, 2, 65535],
        vec![true, false, true],
        vec!["a".into(), "\u{20ac}".into()],
        m,
        Some((true, '\u{e9}')),
    );
    vec![
        to_vec(&r).unwrap(),
        to_vec(&vec![Some("x".to_string()), None]).unwrap(),
        to_vec(&(0u128, -1i8, f32::MIN_POSITIVE)).unwrap(),
    ]
}

/// Every reader of this crate over `doc`; none may panic. Returns whether the value validated.
fn all_readers(doc: &[u8]) -> bool {
    let mut r = Reader::new(doc);
    let skipped = r.skip_value().is_ok();
    let typed = from_slice::<Record>(doc);
    if typed.is_ok() {
        assert!(skipped, "read a Record that skip_value rejects");
    }
    let _ = from_slice::<Vec<Option<String>>>(doc);
    let _ = from_slice::<(u128, i8, f32)>(doc);
    let _ = from_slice::<Vec<Vec<u8>>>(doc);
    let _ = from_slice::<BTreeMap<String, Cow<[f64]>>>(doc);
    let _ = from_slice::<&str>(doc);
    let _ = from_slice::<Box<str>>(doc);
    let _ = from_slice::<(Vec<bool>, Vec<String>)>(doc);
    skipped
}

#[test]
fn nesting_a_million_deep_is_a_depth_error() {
    // Generic arrays of one element, objects of one member, and the two alternating.
    let mut arrays = [0x05, 0x04].repeat(MILLION);
    arrays.push(0x00);
    let mut objects = [0x03, 0x04, 0x04, b'a'].repeat(MILLION);
    objects.push(0x00);
    let mut mixed = [0x05, 0x04, 0x03, 0x04, 0x04, b'a'].repeat(MILLION / 2);
    mixed.push(0x00);
    for doc in [arrays, objects, mixed] {
        let e = Reader::new(&doc).skip_value().unwrap_err();
        assert_eq!(e.kind(), ErrorKind::DepthLimit);
        assert!(!all_readers(&doc));
        // A typed reader that recurses with the document.
        type Deep = Vec<Vec<Vec<Vec<Option<BTreeMap<String, Vec<Vec<u8>>>>>>>>;
        assert!(from_slice::<Deep>(&doc).is_err());
    }
}

#[test]
fn a_length_prefix_of_two_to_the_sixty_fails_before_reserving() {
    let n = 1u64 << 60;
    let docs: Vec<Vec<u8>> = vec![
        [&[0x02][..], &size8(n), b"abc"].concat(),  // string
        [&[0x05][..], &size8(n), &[0x00]].concat(), // generic array
        [&[0x03][..], &size8(n), &[0x04, b'a', 0]].concat(), // object
        [&[0x64][..], &size8(n), &[0; 8]].concat(), // [f64]
        [&[0x1c][..], &size8(n), &[0xff]].concat(), // bool array
        [&[0x3c][..], &size8(n), &[0x04, b'a']].concat(), // string array
        [&[0x3c][..], &[0x04], &size8(n)[..], b"a"].concat(), // one string of 2^60 inside
        [&[0x05][..], &[0x04, 0x02], &size8(n)[..]].concat(), // nested
    ];
    for doc in &docs {
        let e = Reader::new(doc).skip_value().unwrap_err();
        assert!(
            matches!(
                e.kind(),
                ErrorKind::LengthExceedsInput | ErrorKind::UnexpectedEnd | ErrorKind::InvalidSize
            ),
            "{e:?} on {doc:02x?}"
        );
        assert!(!all_readers(doc));
        assert!(from_slice::<String>(doc).is_err());
        assert!(from_slice::<Vec<f64>>(doc).is_err());
        assert!(from_slice::<Vec<Vec<String>>>(doc).is_err());
        assert!(from_slice::<BTreeMap<String, u8>>(doc).is_err());
        assert!(from_slice::<Vec<bool>>(doc).is_err());
    }
    // The largest SIZE there is, too.
    let max = [&[0x02][..], &u64::MAX.to_le_bytes()].concat();
    assert!(from_slice::<String>(&max).is_err());
    assert!(!all_readers(&max));
}

#[test]
fn every_prefix_errors_cleanly() {
    for doc in sample_docs() {
        assert!(all_readers(&doc));
        // A BEVE value carries its own lengths, so no proper prefix is a complete document.
        for n in 0..doc.len() {
            assert!(!all_readers(&doc[..n]), "prefix of {n} bytes read");
            let e = Reader::new(&doc[..n]).skip_value().unwrap_err();
            assert!(e.offset() <= n, "{e:?}");
        }
    }
}

#[test]
fn every_single_byte_mutation() {
    for doc in sample_docs() {
        let mut m = doc.clone();
        for i in 0..doc.len() {
            for b in 0..=255u8 {
                m[i] = b;
                if let Ok(v) = from_slice::<Record>(&m) {
                    // Whatever a mutation left readable writes and reads back.
                    let w = to_vec(&v).unwrap();
                    let back: Record = from_slice(&w).unwrap();
                    assert_eq!(to_vec(&back).unwrap(), w);
                } else {
                    all_readers(&m);
                }
            }
            m[i] = doc[i];
        }
    }
}

#[test]
fn invalid_utf8_in_every_string_position_is_an_error() {
    let text = "ab\u{e9}\u{20ac}\u{1f600}z";
    let bad: &[&[u8]] = &[
        b"\xff",
        b"\x80",
        b"\xc3",
        b"\xc0\x80",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
    ];
    for i in 0..=text.len() {
        for b in bad {
            let mut s = text.as_bytes()[..i].to_vec();
            s.extend_from_slice(b);
            s.extend_from_slice(&text.as_bytes()[i..]);
            assert!(std::str::from_utf8(&s).is_err());
            let size = u8::try_from(s.len() << 2).unwrap();
            // As a string value, as an object key, and inside a string array.
            let value = [&[0x02, size][..], &s].concat();
            let key = [&[0x03, 0x04, size][..], &s, &[0x00]].concat();
            let array = [&[0x3c, 0x04, size][..], &s].concat();
            for doc in [&value, &key, &array] {
                assert!(Reader::new(doc).skip_value().is_err(), "{doc:02x?}");
                assert!(!all_readers(doc));
            }
            assert_eq!(
                from_slice::<String>(&value).unwrap_err().kind(),
                ErrorKind::InvalidUtf8
            );
            assert_eq!(
                from_slice::<&str>(&value).unwrap_err().kind(),
                ErrorKind::InvalidUtf8
            );
            assert!(from_slice::<BTreeMap<String, ()>>(&key).is_err());
            assert!(from_slice::<Vec<String>>(&array).is_err());
        }
    }
}

#[test]
fn a_hundred_thousand_duplicate_keys_keep_the_last() {
    let n: u32 = 100_000;
    // An object of n members, every key "k": 0x03, SIZE(n) in 4 bytes, then key, u32 value.
    let mut doc = vec![0x03];
    doc.extend_from_slice(&((n << 2) | 2).to_le_bytes());
    for i in 0..n {
        doc.extend_from_slice(&[0x04, b'k', 0x51]);
        doc.extend_from_slice(&i.to_le_bytes());
    }
    let m: BTreeMap<String, u32> = from_slice(&doc).unwrap();
    assert_eq!(m.len(), 1);
    assert_eq!(m["k"], n - 1);
    let h: std::collections::HashMap<&str, u32> = from_slice(&doc).unwrap();
    assert_eq!(h["k"], n - 1);
}

#[test]
fn a_failed_read_into_leaves_a_value_safe_to_use_and_to_read_again() {
    let good = to_vec(&vec!["a".to_string(), "bb".to_string(), "ccc".to_string()]).unwrap();
    let mut v: Vec<String> = vec!["old".into(); 5];
    for n in 0..good.len() {
        assert!(read_into(&mut v, &good[..n]).is_err());
        // Whatever it holds is a well-formed value: it writes, and what it writes reads.
        let w = to_vec(&v).unwrap();
        let _: Vec<String> = from_slice(&w).unwrap();
    }
    read_into(&mut v, &good).unwrap();
    assert_eq!(v, ["a", "bb", "ccc"]);

    let mut m: BTreeMap<String, Vec<u16>> = BTreeMap::new();
    m.insert("keep".into(), vec![1]);
    let mut bad = to_vec(&BTreeMap::from([("a".to_string(), vec![1u32, 70_000])])).unwrap();
    assert!(read_into(&mut m, &bad).is_err());
    let _ = to_vec(&m).unwrap();
    bad.truncate(3);
    assert!(read_into(&mut m, &bad).is_err());
    drop(m);
}
