//! Integer vectors read compact text (`,12,-3`) through a fast path, 64 bytes at a time on
//! x86-64. It must agree with the element-by-element reader on every document: the same
//! values, and on bad input the same error kind at the same offset, for every width.

mod by_elements;

use core::fmt::Debug;
use structio_json::JsonRead;
use structio_testkit::Rng;

fn agree<T>(doc: &[u8])
where
    T: by_elements::Element + for<'de> JsonRead<'de> + PartialEq + Debug + Clone + Default,
{
    by_elements::agree(doc, T::default());
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
        by_elements::mutate(&mut doc, &mut rng, &pieces);
        agree::<i64>(&doc);
        agree::<u64>(&doc);
        agree::<i8>(&doc);
        agree::<u16>(&doc);
    }
}
