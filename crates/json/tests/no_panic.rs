//! Hostile input gives a value or an error, never a panic: valid documents mutated at random
//! (bytes flipped, inserted, deleted, cut short) and read into many types.
#![cfg(feature = "std")]

mod common;

use std::borrow::Cow;
use std::collections::BTreeMap;

use structio_json::from_slice;

fn read_all(bytes: &[u8]) {
    let _ = from_slice::<common::Record>(bytes);
    let _ = from_slice::<Vec<common::Record>>(bytes);
    let _ = from_slice::<BTreeMap<String, Vec<f64>>>(bytes);
    let _ = from_slice::<BTreeMap<u16, Option<bool>>>(bytes);
    let _ = from_slice::<Vec<Cow<str>>>(bytes);
    let _ = from_slice::<Vec<&str>>(bytes);
    let _ = from_slice::<(String, [i8; 2], char)>(bytes);
    let _ = from_slice::<Vec<Vec<u64>>>(bytes);
    let mut r = structio_json::Reader::new(bytes);
    let _ = r.skip_value();
    if let Err(e) = from_slice::<common::Record>(bytes) {
        let _ = e.to_string();
    }
}

#[test]
fn mutated_documents_never_panic() {
    let docs: Vec<Vec<u8>> = vec![
        structio_json::to_vec(&common::records(3, 4)).unwrap(),
        br#"{"7":true,"8":null,"x":[1.5e300,-0,"\ud83d\ude00\u00e9\n"],"y":{"a":["\"",[]]}}"#
            .to_vec(),
        r#"["a", ["b", 1], "c\u0041", "é", 'x', 12, 3.5]"#.as_bytes().to_vec(),
    ];
    let mut rng = common::Rng::new(0x1234_5678);
    const NASTY: &[u8] =
        b"\"\\{}[],:0123456789-+.eEtrufalsn \t\n\x00\x1f\x7f\xc3\xa9\xed\xa0\x80\xf4\x90\xffu";
    for _ in 0..20_000 {
        let mut doc = docs[(rng.next_u64() % docs.len() as u64) as usize].clone();
        for _ in 0..(1 + rng.next_u64() % 4) {
            let at = (rng.next_u64() % (doc.len() as u64 + 1)) as usize;
            let b = NASTY[(rng.next_u64() % NASTY.len() as u64) as usize];
            match rng.next_u64() % 4 {
                0 if at < doc.len() => doc[at] = b,
                1 => doc.insert(at, b),
                2 if at < doc.len() => {
                    doc.remove(at);
                }
                _ => doc.truncate(at),
            }
        }
        read_all(&doc);
    }
}

#[test]
fn every_prefix_of_a_document_is_an_error_not_a_panic() {
    let doc = structio_json::to_vec(&common::records(9, 3)).unwrap();
    for n in 0..doc.len() {
        assert!(from_slice::<Vec<common::Record>>(&doc[..n]).is_err());
        read_all(&doc[..n]);
    }
}
