//! Strings read from the middle of a document (32 bytes or more after them, the case checked as
//! one block) and from its end (fewer, checked by the general path) give the same text, the
//! same error at the same offset, and borrow from the input where the type can.
#![cfg(feature = "std")]

use std::borrow::Cow;

use structio_beve::{from_slice, read_into, to_vec, BeveRead, ErrorKind, Reader};
use structio_derive::Beve;

/// Byte sequences to splice into text: valid ones of every width, and invalid ones (stray
/// continuation, cut sequences, overlong, surrogate, past U+10FFFF, 0xff).
const PIECES: &[&[u8]] = &[
    b"a",
    b"\x00",
    b"\x7f",
    "\u{e9}".as_bytes(),
    "\u{20ac}".as_bytes(),
    "\u{1f600}".as_bytes(),
    b"\x80",
    b"\xbf",
    b"\xc3",
    b"\xe2\x82",
    b"\xf0\x9f\x98",
    b"\xc0\x80",
    b"\xe0\x80\x80",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\xff",
];

/// One-byte SIZE followed by the bytes.
fn body(s: &[u8]) -> Vec<u8> {
    assert!(s.len() < 64);
    [&[(s.len() << 2) as u8][..], s].concat()
}

/// The string body at offset `at` of `doc` (after `at` null headers), as the reader gives it.
fn read_at(doc: &[u8], at: usize) -> Result<(String, usize), (ErrorKind, usize)> {
    let mut r = Reader::new(doc);
    for _ in 0..at {
        r.read_null().unwrap();
    }
    match r.read_str_body() {
        Ok(s) => Ok((s.to_owned(), r.offset())),
        Err(e) => Err((e.kind(), e.offset())),
    }
}

/// What `read_str_body` must give for `s` whose SIZE is at `at`.
fn expected(s: &[u8], at: usize) -> Result<(String, usize), (ErrorKind, usize)> {
    let start = at + 1;
    match std::str::from_utf8(s) {
        Ok(t) => Ok((t.to_owned(), start + s.len())),
        Err(e) => Err((ErrorKind::InvalidUtf8, start + e.valid_up_to())),
    }
}

/// Strings of 0 to 40 bytes built from the pieces, each read with 0 to 40 bytes after it (the
/// block path needs 32) and after filler of 0 to 3 bytes, agree with `core::str::from_utf8`.
#[test]
fn every_length_and_tail_agrees_with_core() {
    let mut seed = 0x5eed_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..3000 {
        let mut s = Vec::new();
        let target = round % 41;
        while s.len() < target {
            let piece = PIECES[(next() % PIECES.len() as u64) as usize];
            // Mostly valid text: an invalid piece in about one string of three.
            if std::str::from_utf8(piece).is_ok() || next() % 12 == 0 {
                s.extend_from_slice(piece);
            }
        }
        // A piece may overshoot the target; cutting at 40 may split a sequence, which is one
        // more invalid case.
        s.truncate(40);
        for filler in 0..4 {
            for tail in [0usize, 1, 15, 31, 32, 40] {
                // What follows the string: bytes that would change the verdict if they were
                // taken as part of it (continuations, a lead byte, 0xff).
                let after: Vec<u8> = (0..tail).map(|i| [0x80, 0xe2, 0xff, b'x'][i % 4]).collect();
                let doc = [vec![0x00; filler], body(&s), after].concat();
                assert_eq!(
                    read_at(&doc, filler),
                    expected(&s, filler),
                    "{s:02x?} after {filler} with {tail} following"
                );
            }
        }
    }
}

/// An invalid byte in a short string in the middle of a string array is reported at its own
/// offset, whatever type the array is read into.
#[test]
fn invalid_utf8_mid_array_is_reported_at_its_byte() {
    let good = "a string long enough to follow any short one by 32 bytes";
    for bad in [
        &b"\xff"[..],
        b"\x80",
        b"\xc3",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
    ] {
        for pre in 0..20 {
            let mut s = vec![b'q'; pre];
            s.extend_from_slice(bad);
            s.extend_from_slice(b"tail");
            let valid_up_to = std::str::from_utf8(&s).unwrap_err().valid_up_to();
            // 0x3c, SIZE(3), "ok", the bad string, then a long good one.
            let mut doc = vec![0x3c, 3 << 2];
            doc.extend(body(b"ok"));
            let at = doc.len() + 1 + valid_up_to;
            doc.extend(body(&s));
            doc.extend(body(good.as_bytes()));
            let check = |e: structio_beve::Error| {
                assert_eq!(
                    (e.kind(), e.offset()),
                    (ErrorKind::InvalidUtf8, at),
                    "{s:02x?}"
                );
            };
            check(from_slice::<Vec<String>>(&doc).unwrap_err());
            check(from_slice::<Vec<&str>>(&doc).unwrap_err());
            check(from_slice::<Vec<Cow<str>>>(&doc).unwrap_err());
            check(from_slice::<[String; 3]>(&doc).unwrap_err());
            let mut place = vec![String::from("old"); 5];
            check(read_into(&mut place, &doc).unwrap_err());
            // As a string value, followed by the long one in a tuple.
            let mut tuple = vec![0x05, 2 << 2, 0x02];
            let at = tuple.len() + 1 + valid_up_to;
            tuple.extend(body(&s));
            tuple.push(0x02);
            tuple.extend(body(good.as_bytes()));
            let e = from_slice::<(String, String)>(&tuple).unwrap_err();
            assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidUtf8, at));
        }
    }
}

#[derive(Beve, Debug, PartialEq)]
struct Borrowed<'a> {
    name: &'a str,
    label: Cow<'a, str>,
    tags: Vec<&'a str>,
    names: Vec<Cow<'a, str>>,
    pair: (&'a str, Cow<'a, str>),
}

/// `&str` and `Cow<str>` point into the input, short or long, ASCII or not, in the middle of
/// the document or at its end, as fields, tuple members and string-array elements.
#[test]
fn str_and_cow_borrow_from_the_input() {
    let v = Borrowed {
        name: "n\u{e9}",
        label: Cow::Borrowed("a label longer than thirty-two bytes, \u{20ac}"),
        tags: vec![
            "",
            "t",
            "caf\u{e9}",
            "a tag of more than thirty-two bytes of text",
        ],
        names: vec![Cow::Borrowed("x"), Cow::Borrowed("\u{1f600}")],
        pair: ("p", Cow::Borrowed("at the end")),
    };
    let doc = to_vec(&v).unwrap();
    let inside = |s: &str| doc.as_ptr_range().contains(&s.as_ptr()) || s.is_empty();
    let check = |back: &Borrowed<'_>| {
        assert_eq!(*back, v);
        assert!(inside(back.name));
        assert!(matches!(&back.label, Cow::Borrowed(s) if inside(s)));
        assert!(back.tags.iter().all(|s| inside(s)));
        assert!(back
            .names
            .iter()
            .all(|s| matches!(s, Cow::Borrowed(s) if inside(s))));
        assert!(inside(back.pair.0));
        assert!(matches!(&back.pair.1, Cow::Borrowed(s) if inside(s)));
    };
    let back: Borrowed = from_slice(&doc).unwrap();
    check(&back);
    let mut place = Borrowed {
        name: "",
        label: Cow::Owned("owned before".into()),
        tags: vec!["old"; 6],
        names: vec![Cow::Owned("old".into())],
        pair: ("", Cow::Owned(String::new())),
    };
    read_into(&mut place, &doc).unwrap();
    check(&place);
    let mut r = Reader::new(&doc);
    check(&Borrowed::read_beve(&mut r).unwrap());
}

/// Reading into existing strings reuses their buffers when they are large enough.
#[test]
fn read_into_reuses_string_buffers() {
    let doc = to_vec(&vec!["short", "caf\u{e9} au lait", ""]).unwrap();
    let mut place: Vec<String> = (0..3).map(|_| String::with_capacity(40)).collect();
    let before: Vec<*const u8> = place.iter().map(|s| s.as_ptr()).collect();
    read_into(&mut place, &doc).unwrap();
    assert_eq!(place, ["short", "caf\u{e9} au lait", ""]);
    let after: Vec<*const u8> = place.iter().map(|s| s.as_ptr()).collect();
    assert_eq!(before, after);
}

/// Refilling existing strings copies every length right, whatever the old contents and
/// capacity (more, fewer or as many bytes as the new text).
#[test]
fn refill_copies_every_length() {
    let texts: Vec<String> = (0..=40)
        .map(|n| {
            let mut s: String = (0..n)
                .map(|i| char::from(b'a' + (i * 7 % 26) as u8))
                .collect();
            if n >= 2 && n % 3 == 0 {
                s.replace_range(n - 2.., "\u{e9}");
            }
            s
        })
        .collect();
    let doc = to_vec(&texts).unwrap();
    for old in [0usize, 1, 7, 16, 33, 64] {
        let mut place: Vec<String> = (0..texts.len())
            .map(|i| {
                "\u{2603}"
                    .repeat((old + i) % 11)
                    .chars()
                    .take(old)
                    .collect()
            })
            .collect();
        read_into(&mut place, &doc).unwrap();
        assert_eq!(place, texts);
        read_into(&mut place, &doc).unwrap();
        assert_eq!(place, texts);
        for t in &texts {
            let mut one = "x".repeat(old);
            read_into(&mut one, &to_vec(t).unwrap()).unwrap();
            assert_eq!(&one, t);
        }
    }
}
