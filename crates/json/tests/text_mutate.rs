//! Mutated documents (fixed-seed xorshift): every tool gives a value or an error, never a panic,
//! and the tools agree with each other about what they accept.

#[path = "text_gen.rs"]
mod text_gen;

use structio_json::{minify, pointer, prettify, skip_value, validate, ErrorKind, PrettyOptions};
use text_gen::Rng;

/// Bytes a mutation may insert: the grammar's own characters and some that break it.
const BYTES: &[u8] = b"{}[],:\"\\ \n\t0123456789-+.eEtrufalsn\x00\x01\x7f\x80\xc3\xa9\xff";

fn mutate(rng: &mut Rng, doc: &[u8]) -> Vec<u8> {
    let mut out = doc.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(out.len() as u64 + 1) as usize;
        match rng.below(4) {
            0 if at < out.len() => {
                out.remove(at);
            }
            1 if at < out.len() => out[at] = BYTES[rng.below(BYTES.len() as u64) as usize],
            2 => out.insert(at, BYTES[rng.below(BYTES.len() as u64) as usize]),
            _ => out.truncate(at),
        }
    }
    out
}

#[test]
fn mutated_documents() {
    let mut rng = Rng::new(0x5EED_7E47);
    let mut pretty = vec![0u8; 1 << 20];
    let mut small = vec![0u8; 1 << 20];
    let mut back = vec![0u8; 1 << 20];
    let options = PrettyOptions::default();
    let (mut valid, mut invalid) = (0, 0);
    for seed in 1..400 {
        let doc = text_gen::generate(seed, 5);
        for _ in 0..25 {
            let bad = mutate(&mut rng, doc.text.as_bytes());
            let checked = validate(&bad);
            let p = prettify(&bad, &mut pretty[..], &options);
            let m = minify(&bad, &mut small[..]);
            let whole = pointer(&bad, "");
            match checked {
                Ok(()) => {
                    valid += 1;
                    // Everything validate accepts, every tool accepts, and the forms agree.
                    let (p, m) = (p.unwrap(), m.unwrap());
                    assert!(whole.unwrap().is_some());
                    let b = minify(&pretty[..p], &mut back[..]).unwrap();
                    assert_eq!(back[..b], small[..m]);
                }
                Err(e) => {
                    invalid += 1;
                    // The copying tools check less (not strings), so they may accept; when they
                    // refuse, it is at or after the first fault validate found, and the
                    // two agree with each other.
                    match (p, m) {
                        (Err(pe), Err(me)) => {
                            assert_eq!((pe.kind(), pe.offset()), (me.kind(), me.offset()));
                            assert!(me.offset() >= e.offset(), "{e} / {me}");
                        }
                        (Ok(_), Ok(_)) => {}
                        (p, m) => panic!("prettify {p:?} but minify {m:?}"),
                    }
                    // The whole-document pointer reads the same value validate does.
                    if e.kind() != ErrorKind::TrailingCharacters {
                        let pe = whole.unwrap_err();
                        assert_eq!((pe.kind(), pe.offset()), (e.kind(), e.offset()));
                    }
                }
            }
            let _ = skip_value(&bad, 0, 8);
        }
    }
    assert!(
        valid > 500 && invalid > 5000,
        "{valid} valid, {invalid} invalid"
    );
}

/// Mutated laid-out documents: the whitespace after commas and brackets is where the tools
/// predict the next token's position, and an array's scalars after its first element take
/// their own loop in `minify`. Every error is the one `validate` reports first or after it, and
/// `minify` and `prettify` agree on it.
#[test]
fn mutated_laid_out_documents() {
    let mut rng = Rng::new(0x1A1D_0E57);
    let mut pretty = vec![0u8; 1 << 20];
    let mut small = vec![0u8; 1 << 20];
    let mut again = vec![0u8; 1 << 20];
    let options = PrettyOptions::default();
    let (mut valid, mut invalid) = (0, 0);
    for seed in 1..300 {
        let doc = text_gen::generate(seed, 5);
        let n = prettify(doc.text.as_bytes(), &mut pretty[..], &options).unwrap();
        let laid_out = pretty[..n].to_vec();
        for _ in 0..25 {
            let bad = mutate(&mut rng, &laid_out);
            let checked = validate(&bad);
            let m = minify(&bad, &mut small[..]);
            let p = prettify(&bad, &mut again[..], &options);
            match checked {
                Ok(()) => {
                    valid += 1;
                    let m = m.unwrap();
                    let b = minify(&again[..p.unwrap()], &mut pretty[..]).unwrap();
                    assert_eq!(pretty[..b], small[..m]);
                }
                Err(e) => {
                    invalid += 1;
                    match (p, m) {
                        (Err(pe), Err(me)) => {
                            assert_eq!((pe.kind(), pe.offset()), (me.kind(), me.offset()));
                            assert!(me.offset() >= e.offset(), "{e} / {me}");
                        }
                        (Ok(_), Ok(_)) => {}
                        (p, m) => panic!("prettify {p:?} but minify {m:?}"),
                    }
                }
            }
        }
    }
    assert!(
        valid > 300 && invalid > 3000,
        "{valid} valid, {invalid} invalid"
    );
}
