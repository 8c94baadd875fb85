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

/// Output buffers for the tools, large enough for any document here.
struct Outputs {
    pretty: Vec<u8>,
    small: Vec<u8>,
    back: Vec<u8>,
}

impl Outputs {
    fn new() -> Self {
        Outputs {
            pretty: vec![0u8; 1 << 20],
            small: vec![0u8; 1 << 20],
            back: vec![0u8; 1 << 20],
        }
    }
}

/// `minify` and `prettify` of `doc` held to `validate`'s verdict, which it returns. Everything
/// `validate` accepts both tools accept, and the pretty form minifies to the minified one. On
/// an invalid document, when both refuse it is with one error (kind and offset), at or after
/// the first fault `validate` found; neither refuses alone.
fn tools_agree(doc: &[u8], out: &mut Outputs) -> structio_json::Result<()> {
    let checked = validate(doc);
    let p = prettify(doc, &mut out.pretty[..], &PrettyOptions::default());
    let m = minify(doc, &mut out.small[..]);
    match &checked {
        Ok(()) => {
            let (p, m) = (p.unwrap(), m.unwrap());
            let b = minify(&out.pretty[..p], &mut out.back[..]).unwrap();
            assert_eq!(out.back[..b], out.small[..m]);
        }
        Err(e) => match (p, m) {
            (Err(pe), Err(me)) => {
                assert_eq!((pe.kind(), pe.offset()), (me.kind(), me.offset()));
                assert!(me.offset() >= e.offset(), "{e} / {me}");
            }
            (Ok(_), Ok(_)) => {}
            (p, m) => panic!("prettify {p:?} but minify {m:?}"),
        },
    }
    checked
}

#[test]
fn mutated_documents() {
    let mut rng = Rng::new(0x5EED_7E47);
    let mut out = Outputs::new();
    let (mut valid, mut invalid) = (0, 0);
    for seed in 1..400 {
        let doc = text_gen::generate(seed, 5);
        for _ in 0..25 {
            let bad = mutate(&mut rng, doc.text.as_bytes());
            let whole = pointer(&bad, "");
            match tools_agree(&bad, &mut out) {
                Ok(()) => {
                    valid += 1;
                    assert!(whole.unwrap().is_some());
                }
                Err(e) => {
                    invalid += 1;
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
/// their own loop in `minify`.
#[test]
fn mutated_laid_out_documents() {
    let mut rng = Rng::new(0x1A1D_0E57);
    let mut out = Outputs::new();
    let (mut valid, mut invalid) = (0, 0);
    for seed in 1..300 {
        let doc = text_gen::generate(seed, 5);
        let mut laid_out = Vec::new();
        prettify(
            doc.text.as_bytes(),
            &mut laid_out,
            &PrettyOptions::default(),
        )
        .unwrap();
        for _ in 0..25 {
            let bad = mutate(&mut rng, &laid_out);
            match tools_agree(&bad, &mut out) {
                Ok(()) => valid += 1,
                Err(_) => invalid += 1,
            }
        }
    }
    assert!(
        valid > 300 && invalid > 3000,
        "{valid} valid, {invalid} invalid"
    );
}
