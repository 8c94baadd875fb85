//! Random JSON documents from a fixed-seed xorshift, with every leaf's JSON pointer and raw text.
//! Included by the other `text_*` tests with `#[path]`; on its own it only checks itself.
#![allow(dead_code)]

/// The shared fixed-seed generator: the same documents on every run and every machine.
pub use structio_testkit::Rng;

/// A compact document and its leaves as (pointer, raw text).
pub struct Doc {
    /// The document, with no whitespace.
    pub text: String,
    /// Each leaf's JSON pointer and its raw text, in document order.
    pub leaves: Vec<(String, String)>,
}

const KEY_PARTS: &[&str] = &[
    "a",
    "id",
    "name",
    "x/y",
    "t~0",
    "\u{e9}t\u{e9}",
    "k",
    "~",
    "/",
    "",
];
const STRINGS: &[&str] = &[
    r#""""#,
    r#""plain""#,
    r#""with \"quotes\" and \\ backslash\\""#,
    r#""esc \n\t\r\b\f\/ \u00e9 \uD83D\uDE00""#,
    "\"utf-8 \u{e9}\u{4e2d}\u{1F600} here and a little more to cross words\"",
    r#""\\""#,
    r#""ends with escaped backslash \\\\""#,
];
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-17",
    "3.25",
    "1e10",
    "-2.5E-7",
    "12345678901234567890",
    "0.000001",
    "6.02e+23",
];

/// A document from `seed`, nested at most `max_depth` levels.
pub fn generate(seed: u64, max_depth: u32) -> Doc {
    let mut rng = Rng::new(seed);
    let mut doc = Doc {
        text: String::new(),
        leaves: Vec::new(),
    };
    // The top is a container, so there is something to point into.
    let mut path = String::new();
    while doc.leaves.len() < 2 {
        doc.text.clear();
        doc.leaves.clear();
        value(&mut rng, &mut doc, &mut path, max_depth);
    }
    doc
}

fn escape_pointer(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn value(rng: &mut Rng, doc: &mut Doc, path: &mut String, depth: u32) {
    let pick = if depth == 0 {
        rng.below(4)
    } else {
        rng.below(7)
    };
    match pick {
        0 => leaf(doc, path, STRINGS[rng.below(STRINGS.len() as u64) as usize]),
        1 => leaf(doc, path, NUMBERS[rng.below(NUMBERS.len() as u64) as usize]),
        2 => leaf(doc, path, ["true", "false"][rng.below(2) as usize]),
        3 => leaf(doc, path, "null"),
        4 | 5 => {
            let n = rng.below(6);
            doc.text.push('{');
            let mut used: Vec<String> = Vec::new();
            for k in 0..n {
                let mut key = String::from(KEY_PARTS[rng.below(KEY_PARTS.len() as u64) as usize]);
                key.push_str(&k.to_string());
                if used.contains(&key) {
                    continue;
                }
                used.push(key.clone());
                if !doc.text.ends_with('{') {
                    doc.text.push(',');
                }
                doc.text.push('"');
                doc.text.push_str(&key);
                doc.text.push_str("\":");
                let len = path.len();
                path.push('/');
                path.push_str(&escape_pointer(&key));
                value(rng, doc, path, depth - 1);
                path.truncate(len);
            }
            doc.text.push('}');
            if n == 0 {
                doc.leaves.push((path.clone(), "{}".into()));
            }
        }
        _ => {
            let n = rng.below(6);
            doc.text.push('[');
            for k in 0..n {
                if k > 0 {
                    doc.text.push(',');
                }
                let len = path.len();
                path.push('/');
                path.push_str(&k.to_string());
                value(rng, doc, path, depth - 1);
                path.truncate(len);
            }
            doc.text.push(']');
            if n == 0 {
                doc.leaves.push((path.clone(), "[]".into()));
            }
        }
    }
}

fn leaf(doc: &mut Doc, path: &str, text: &str) {
    doc.text.push_str(text);
    doc.leaves.push((path.into(), text.into()));
}

#[test]
fn generator_is_deterministic() {
    assert_eq!(generate(7, 6).text, generate(7, 6).text);
    assert!(generate(7, 6).leaves.len() > 1);
}
