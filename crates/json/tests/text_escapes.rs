//! Documents of many strings, in runs with escapes in most strings and runs with none, so that
//! the text tools' string scan switches between looking for a plain string first and going
//! straight to the escapes (it learns which from the strings before): every tool gives the
//! document back, and one broken string anywhere is the same error at the same byte whichever
//! way the scan was looking when it came.

use structio_json::{minify, minify_trusted, prettify, skip_value, validate, ErrorKind};
use structio_json::{PrettyOptions, Result};
use structio_testkit::Rng;

/// Pieces of string text: plain runs, every one-letter escape, runs of backslashes, `\u`
/// escapes with and without surrogate pairs, and UTF-8 of every length.
const PLAIN: &[&str] = &[
    "a",
    "bcd",
    "The quick brown fox ",
    "0123456789",
    " ",
    "é",
    "中文",
    "😀",
];
const ESCAPES: &[&str] = &[
    r#"\""#,
    r"\\",
    r"\/",
    r"\b",
    r"\f",
    r"\n",
    r"\r",
    r"\t",
    r"\\\\",
    r"\u00e9",
    r"\ud83d\ude00",
];

/// One broken piece, the error it gives and the offset of that error within the piece.
const BROKEN: &[(&[u8], ErrorKind, usize)] = &[
    (b"\x01", ErrorKind::ControlCharacterInString, 0),
    (b"\x1f", ErrorKind::ControlCharacterInString, 0),
    (b"\\x", ErrorKind::InvalidEscape, 1),
    (b"\\\\\\a", ErrorKind::InvalidEscape, 3),
    (b"\\u12g4", ErrorKind::InvalidUnicodeEscape, 4),
    (b"\\udc00", ErrorKind::LoneSurrogate, 0),
    (b"\xff", ErrorKind::InvalidUtf8, 0),
    (b"\xc3(", ErrorKind::InvalidUtf8, 0),
];

/// A string's text: with escapes in about `escape_percent` of the strings.
fn string(rng: &mut Rng, escape_percent: u64) -> Vec<u8> {
    let mut s = Vec::new();
    let escapes = rng.below(100) < escape_percent;
    for _ in 0..rng.below(12) {
        if escapes && rng.below(3) == 0 {
            s.extend_from_slice(rng.pick(ESCAPES).as_bytes());
        } else {
            s.extend_from_slice(rng.pick(PLAIN).as_bytes());
        }
    }
    s
}

/// A document `[...]` of strings, compact and laid out one per line, and where a broken piece
/// was put (its error, and its offset in each form), if one was.
struct Doc {
    compact: Vec<u8>,
    pretty: Vec<u8>,
    broken: Option<(ErrorKind, usize, usize)>,
}

fn document(rng: &mut Rng, strings: usize, break_at: Option<usize>) -> Doc {
    let mut doc = Doc {
        compact: b"[".to_vec(),
        pretty: b"[".to_vec(),
        broken: None,
    };
    // Runs of strings, each run escape-heavy or escape-free.
    let mut escape_percent = 0;
    for k in 0..strings {
        if k % 40 == 0 {
            escape_percent = *rng.pick(&[0, 5, 50, 90, 100]);
        }
        if k > 0 {
            doc.compact.push(b',');
            doc.pretty.push(b',');
        }
        doc.pretty.extend_from_slice(b"\n   ");
        let mut s = string(rng, escape_percent);
        let mut at = None;
        if break_at == Some(k) {
            let (piece, kind, offset) = *rng.pick(BROKEN);
            let cut = rng.below(s.len() as u64 + 1) as usize;
            // Cut at a character's start, so that the piece alone is the first error.
            let cut = (0..=cut)
                .rev()
                .find(|&c| c == s.len() || (s[c] & 0xc0) != 0x80 && !escape_at(&s, c))
                .unwrap_or(0);
            s.splice(cut..cut, piece.iter().copied());
            at = Some((kind, cut + offset));
        }
        if let Some((kind, offset)) = at {
            doc.broken = Some((
                kind,
                doc.compact.len() + 1 + offset,
                doc.pretty.len() + 1 + offset,
            ));
        }
        for out in [&mut doc.compact, &mut doc.pretty] {
            out.push(b'"');
            out.extend_from_slice(&s);
            out.push(b'"');
        }
    }
    doc.compact.push(b']');
    doc.pretty.extend_from_slice(b"\n]");
    doc
}

/// Whether position `c` of `s` is inside an escape (so that a piece put there would change it).
fn escape_at(s: &[u8], c: usize) -> bool {
    let mut k = 0;
    while k < c {
        if s[k] == b'\\' {
            // A surrogate pair is one escape of twelve bytes.
            let len = match s.get(k + 1..k + 4) {
                Some(b"ud8" | b"ud9" | b"uda" | b"udb") => 12,
                Some([b'u', ..]) => 6,
                _ => 2,
            };
            if c < k + len {
                return true;
            }
            k += len;
        } else {
            k += 1;
        }
    }
    false
}

fn kind_at(r: Result<usize>) -> (ErrorKind, usize) {
    let e = r.expect_err("a broken document was accepted");
    (e.kind(), e.offset())
}

#[test]
fn every_tool_gives_valid_documents_back() {
    let mut rng = Rng::new(0x0e5c_a9e5);
    let options = PrettyOptions::default();
    for _ in 0..60 {
        let n = 1 + rng.below(400) as usize;
        let doc = document(&mut rng, n, None);
        assert_eq!(validate(&doc.pretty), Ok(()));
        assert_eq!(skip_value(&doc.compact, 0, 8), Ok(doc.compact.len()));
        let mut out = Vec::new();
        minify(&doc.pretty, &mut out).unwrap();
        assert_eq!(out, doc.compact);
        minify_trusted(&doc.pretty, &mut out).unwrap();
        assert_eq!(out, doc.compact);
        let mut laid = Vec::new();
        prettify(&doc.compact, &mut laid, &options).unwrap();
        minify(&laid, &mut out).unwrap();
        assert_eq!(out, doc.compact);
    }
}

#[test]
fn a_broken_string_is_the_same_error_wherever_it_comes() {
    let mut rng = Rng::new(0x00b2_0ce5);
    let options = PrettyOptions::default();
    let mut out = Vec::new();
    for round in 0..600 {
        let n = 1 + rng.below(300) as usize;
        let at = rng.below(n as u64) as usize;
        let doc = document(&mut rng, n, Some(at));
        let (kind, in_compact, in_pretty) = doc.broken.unwrap();
        let ctx = format!("round {round}, string {at} of {n}");
        assert_eq!(
            validate(&doc.compact)
                .map(|_| 0)
                .map_err(|e| (e.kind(), e.offset())),
            Err((kind, in_compact)),
            "{ctx}"
        );
        assert_eq!(
            kind_at(skip_value(&doc.pretty, 0, 8)),
            (kind, in_pretty),
            "{ctx}"
        );
        assert_eq!(
            kind_at(minify(&doc.pretty, &mut out)),
            (kind, in_pretty),
            "{ctx}"
        );
        assert_eq!(
            kind_at(prettify(&doc.compact, &mut out, &options)),
            (kind, in_compact),
            "{ctx}"
        );
    }
}
