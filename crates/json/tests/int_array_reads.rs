//! Integer vectors read compact text (`,12,-3`) through a fast path, 64 bytes at a time on
//! x86-64. It must agree with the element-by-element reader on every document: the same
//! values, and on bad input the same error kind at the same offset, for every width.

use core::fmt::Debug;
use structio_json::{JsonRead, Reader};
use structio_num::Integer;
use structio_testkit::Rng;

/// The element-by-element reading the fast path must match.
struct ByElements<T>(Vec<T>);

impl<'de, T: Integer> JsonRead<'de> for ByElements<T> {
    fn read_json(r: &mut Reader<'de>) -> structio_json::Result<Self> {
        let mut v = Vec::new();
        if !r.begin_array()? {
            loop {
                v.push(r.read_int()?);
                if !r.array_next()? {
                    break;
                }
            }
        }
        Ok(ByElements(v))
    }
}

fn agree<T>(doc: &[u8])
where
    T: Integer + for<'de> JsonRead<'de> + PartialEq + Debug + Default,
{
    let fast = structio_json::from_slice::<Vec<T>>(doc);
    let slow = structio_json::from_slice::<ByElements<T>>(doc).map(|b| b.0);
    let text = String::from_utf8_lossy(doc);
    match (&fast, &slow) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{text:?}"),
        (Err(a), Err(b)) => {
            assert_eq!((a.kind(), a.offset()), (b.kind(), b.offset()), "{text:?}")
        }
        _ => panic!("{text:?}: {fast:?} against {slow:?}"),
    }
    // Refilling a vector that held other values gives the same answer.
    let mut held = vec![T::default(); 70];
    let refill = structio_json::read_into(&mut held, doc);
    assert_eq!(refill.is_ok(), fast.is_ok(), "{text:?}");
    if let Ok(v) = fast {
        assert_eq!(held, v, "{text:?}");
    }
}

fn agree_all(doc: &[u8]) {
    agree::<u8>(doc);
    agree::<u16>(doc);
    agree::<u32>(doc);
    agree::<u64>(doc);
    agree::<u128>(doc);
    agree::<usize>(doc);
    agree::<i8>(doc);
    agree::<i16>(doc);
    agree::<i32>(doc);
    agree::<i64>(doc);
    agree::<i128>(doc);
    agree::<isize>(doc);
}

/// Compact arrays of up to 200 numbers of up to `longest` digits, a quarter negative.
fn compact(rng: &mut Rng, longest: u64) -> Vec<u8> {
    let mut doc = b"[".to_vec();
    for i in 0..rng.below(200) {
        if i > 0 {
            doc.push(b',');
        }
        if rng.below(4) == 0 {
            doc.push(b'-');
        }
        let digits = 1 + rng.below(longest);
        for k in 0..digits {
            let first = u8::from(k == 0 && digits > 1);
            let digit = rng.below(10 - u64::from(first)) as u8;
            doc.push(b'0' + first + digit);
        }
    }
    doc.push(b']');
    doc
}

#[test]
fn compact_arrays_at_every_width() {
    let mut rng = Rng::new(21);
    for longest in [1, 3, 5, 10, 16, 17, 20, 40] {
        for _ in 0..60 {
            let doc = compact(&mut rng, longest);
            agree_all(&doc);
        }
    }
}

#[test]
fn the_bounds_of_every_width_inside_long_arrays() {
    let pad = ",1".repeat(40);
    for bound in [
        "127",
        "128",
        "-128",
        "-129",
        "255",
        "256",
        "32767",
        "32768",
        "-32769",
        "65535",
        "65536",
        "2147483647",
        "2147483648",
        "-2147483649",
        "4294967295",
        "4294967296",
        "9999999999999999",
        "-9999999999999999",
        "10000000000000000",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775809",
        "18446744073709551615",
        "18446744073709551616",
        "-0",
        "0",
        "-1",
    ] {
        for at in [0, 3, 25, 60] {
            let (before, after) = pad.split_at(2 * at.min(40));
            let doc = format!("[0{before},{bound}{after}]");
            agree_all(doc.as_bytes());
        }
    }
}

#[test]
fn whitespace_errors_and_truncations() {
    let long = ",1".repeat(50);
    for middle in [
        ",", ",,", ", 2", " ,2", ",-", ",-,", ",--1", ",01", ",-01", ",00", ",1.5", ",1e3", ",1E3",
        ",x", ",\"1\"", ",+1", ",1 ", ",\n1", ",9]", ",-0", "]", "",
    ] {
        for doc in [
            format!("[7{long}{middle}{long}]"),
            format!("[7{middle}{long}]"),
            format!("[7{long}{middle}"),
            format!("[7{long}{middle}{long}"),
        ] {
            agree_all(doc.as_bytes());
        }
    }
}

#[test]
fn random_documents_and_their_mutations() {
    let mut rng = Rng::new(23);
    let pieces: [&[u8]; 12] = [
        b"1",
        b"-",
        b",",
        b" ",
        b"]",
        b"[",
        b"0",
        b"12345678901234567",
        b"\n",
        b"x",
        b".5",
        b"e",
    ];
    for _ in 0..4_000 {
        let longest = if rng.below(4) == 0 { 18 } else { 4 };
        let mut doc = compact(&mut rng, longest);
        for _ in 0..rng.below(3) {
            let at = rng.below(doc.len() as u64 + 1) as usize;
            match rng.below(3) {
                0 => {
                    let piece = rng.pick(&pieces);
                    doc.splice(at..at, piece.iter().copied());
                }
                1 if at < doc.len() => {
                    doc.remove(at);
                }
                _ => doc.truncate(at),
            }
        }
        agree::<i64>(&doc);
        agree::<u64>(&doc);
        agree::<i8>(&doc);
        agree::<u16>(&doc);
    }
}
