//! `Vec<bool>` is read through a fast path for compact text (`,true` and `,false` matched 64
//! bytes or a word at a time). It must agree with the element-by-element reader on every
//! document: the same values, and on bad input the same error kind at the same offset.

mod by_elements;

use structio_testkit::Rng;

fn agree(doc: &[u8]) {
    by_elements::agree(doc, true);
}

#[test]
fn compact_arrays_of_every_length() {
    let mut rng = Rng::new(7);
    for len in 0..80 {
        let items: Vec<bool> = (0..len).map(|_| rng.below(2) == 1).collect();
        let text = format!("{items:?}").replace(' ', "");
        agree(text.as_bytes());
        let v: Vec<bool> = structio_json::from_str(&text).unwrap();
        assert_eq!(v, items);
    }
}

#[test]
fn whitespace_errors_and_truncations() {
    for doc in [
        "[true,]",
        "[true,false,]",
        "[true ,false]",
        "[true, false]",
        "[true,\nfalse]",
        "[true,tru]",
        "[true,trux,false]",
        "[true,truefalse]",
        "[true,fals]",
        "[true,falsy,true]",
        "[true,false,true",
        "[true,false,true,",
        "[true,nul]",
        "[true,true ]",
        "[true,false]x",
        "[true,,false]",
        "[true,\"true\"]",
        "[ ]",
        "[]",
        "[true,false,true,false,true,false]",
    ] {
        agree(doc.as_bytes());
    }
}

#[test]
fn random_documents_and_their_mutations() {
    let mut rng = Rng::new(11);
    let pieces: [&[u8]; 12] = [
        b"true", b"false", b",", b" ", b"]", b"[", b"t", b"fals", b"\n", b"x", b"tru", b"e",
    ];
    for _ in 0..20_000 {
        let mut doc = b"[".to_vec();
        // Long enough for several of the 64-byte blocks compact arrays are read in.
        for i in 0..rng.below(80) {
            if i > 0 {
                doc.push(b',');
            }
            doc.extend_from_slice(if rng.below(2) == 0 { b"true" } else { b"false" });
        }
        doc.push(b']');
        by_elements::mutate(&mut doc, &mut rng, &pieces);
        agree(&doc);
    }
}
