//! `Vec<bool>` is read through a fast path for compact text (`,true` and `,false` matched 64
//! bytes or a word at a time). It must agree with the element-by-element reader on every
//! document: the same values, and on bad input the same error kind at the same offset.

use structio_json::{JsonRead, Reader};
use structio_testkit::Rng;

/// The element-by-element reading the fast path must match, behind the same document reader
/// (which also names the value it found in its error messages).
struct ByElements(Vec<bool>);

impl<'de> JsonRead<'de> for ByElements {
    fn read_json(r: &mut Reader<'de>) -> structio_json::Result<Self> {
        let mut v = Vec::new();
        if !r.begin_array()? {
            loop {
                v.push(r.read_bool()?);
                if !r.array_next()? {
                    break;
                }
            }
        }
        Ok(ByElements(v))
    }
}

fn by_elements(doc: &[u8]) -> structio_json::Result<Vec<bool>> {
    structio_json::from_slice::<ByElements>(doc).map(|b| b.0)
}

fn agree(doc: &[u8]) {
    let fast = structio_json::from_slice::<Vec<bool>>(doc);
    let slow = by_elements(doc);
    match (&fast, &slow) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{:?}", String::from_utf8_lossy(doc)),
        (Err(a), Err(b)) => assert_eq!(
            (a.kind(), a.offset()),
            (b.kind(), b.offset()),
            "{:?}",
            String::from_utf8_lossy(doc)
        ),
        _ => panic!(
            "{:?}: {fast:?} against {slow:?}",
            String::from_utf8_lossy(doc)
        ),
    }
    // Refilling a vector that held other values gives the same answer.
    let mut held = vec![true; 70];
    let refill = structio_json::read_into(&mut held, doc);
    assert_eq!(refill.is_ok(), fast.is_ok());
    if let Ok(v) = fast {
        assert_eq!(held, v);
    }
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
        agree(&doc);
    }
}
