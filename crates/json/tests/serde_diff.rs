//! Differential: `structio_json::serde::from_slice::<serde_json::Value>` against
//! `serde_json::from_slice::<serde_json::Value>` on generated documents, on mutations of them
//! and on a list of invalid texts: the same values, the same accept/reject answers.

use serde_json::Value;

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// Whitespace as JSON allows it, mostly none.
fn ws(rng: &mut Rng, out: &mut String) {
    if rng.below(4) == 0 {
        for _ in 0..rng.below(3) + 1 {
            out.push(rng.pick(&[' ', '\n', '\t', '\r']));
        }
    }
}

fn string(rng: &mut Rng, out: &mut String) {
    out.push('"');
    for _ in 0..rng.below(12) {
        match rng.below(16) {
            0 => {
                out.push_str(rng.pick(&["\\n", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\t"]))
            }
            1 => out.push_str(&format!("\\u{:04x}", rng.below(0xd800))),
            2 => out.push_str(&format!("\\u{:04X}", 0xe000 + rng.below(0x2000))),
            3 => {
                // A surrogate pair.
                let hi = 0xd800 + rng.below(0x400);
                let lo = 0xdc00 + rng.below(0x400);
                out.push_str(&format!("\\u{hi:04x}\\u{lo:04x}"));
            }
            4 => out.push(rng.pick(&['é', '€', '\u{10348}', '\u{7f}', '\u{2028}'])),
            _ => out.push((b'a' + rng.below(26) as u8) as char),
        }
    }
    out.push('"');
}

fn number(rng: &mut Rng, out: &mut String) {
    match rng.below(10) {
        0 => out.push_str(&rng.next().to_string()),
        1 => out.push_str(&(rng.next() as i64).to_string()),
        2 => out.push_str(rng.pick(&[
            "0",
            "-0",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "123456789012345678901234567890",
            "-0.0",
            "1e308",
            "1e-400",
            "2.2250738585072014e-308",
            "5e-324",
            "0.1",
            "1E+2",
            "1e-2",
        ])),
        3 => out.push_str(&format!("{}.{}", rng.below(1000), rng.below(1000))),
        4 => out.push_str(&format!("-{}e{}", rng.below(100) + 1, rng.below(40))),
        5 => out.push_str(&format!("{}E-{}", rng.below(100), rng.below(40))),
        _ => out.push_str(&rng.below(100_000).to_string()),
    }
}

fn value(rng: &mut Rng, depth: u32, out: &mut String) {
    ws(rng, out);
    let scalar_only = depth == 0;
    match rng.below(if scalar_only { 5 } else { 8 }) {
        0 => out.push_str(rng.pick(&["true", "false", "null"])),
        1 | 2 => string(rng, out),
        3 | 4 => number(rng, out),
        5 => {
            out.push('[');
            let n = rng.below(5);
            for i in 0..n {
                if i > 0 {
                    out.push(',');
                }
                value(rng, depth - 1, out);
            }
            ws(rng, out);
            out.push(']');
        }
        _ => {
            out.push('{');
            let n = rng.below(5);
            for i in 0..n {
                if i > 0 {
                    out.push(',');
                }
                ws(rng, out);
                if rng.below(3) == 0 {
                    string(rng, out);
                } else {
                    // Repeated keys now and then: the last one wins in both.
                    out.push_str(rng.pick(&["\"a\"", "\"b\"", "\"id\"", "\"\""]));
                }
                ws(rng, out);
                out.push(':');
                value(rng, depth - 1, out);
            }
            ws(rng, out);
            out.push('}');
        }
    }
    ws(rng, out);
}

/// Values equal, floats within a few units in the last place: serde_json without its
/// `float_roundtrip` feature is not always correctly rounded, structio is. A float against an
/// integer compares as numbers: structio writes `0.0` as `0` (Glaze's layout), which reads back
/// as an integer, so with `loose` a float against an integer compares as numbers; without it,
/// only float against float does.
fn close(a: &Value, b: &Value, loose: bool) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y))
            if (x.is_f64() && y.is_f64()) || (loose && (x.is_f64() || y.is_f64())) =>
        {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            x == y || (x - y).abs() <= x.abs().max(y.abs()) * 4.0 * f64::EPSILON
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| close(a, b, loose))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| close(v, w, loose)))
        }
        _ => a == b,
    }
}

/// Both libraries on `doc`: the same answer, and equal values when they accept.
#[track_caller]
fn agree(doc: &[u8]) -> bool {
    let theirs = serde_json::from_slice::<Value>(doc);
    let ours = structio_json::serde::from_slice::<Value>(doc);
    let show = || String::from_utf8_lossy(doc).into_owned();
    match (&theirs, &ours) {
        (Ok(a), Ok(b)) => {
            assert!(
                close(a, b, false),
                "values differ on {}:\n {a}\n {b}",
                show()
            );
            true
        }
        (Err(_), Err(_)) => false,
        _ => panic!(
            "disagree on {:?}: serde_json {theirs:?}, structio {ours:?}",
            show()
        ),
    }
}

#[test]
fn generated_documents_read_the_same() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..3000 {
        let mut doc = String::new();
        value(&mut rng, 5, &mut doc);
        assert!(
            agree(doc.as_bytes()),
            "rejected a generated document: {doc}"
        );
        // What structio writes reads back to the same value in both.
        let v: Value = structio_json::serde::from_str(&doc).unwrap();
        let written = structio_json::serde::to_string(&v).unwrap();
        assert!(agree(written.as_bytes()));
        let again: Value = structio_json::serde::from_str(&written).unwrap();
        assert!(close(&v, &again, true), "{doc}\n{written}");
    }
}

#[test]
fn mutated_documents_get_the_same_answer() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut rejected = 0;
    let significant = b"{}[],:\"\\0123456789-+.eEtrufalsn \x01\x7f";
    for _ in 0..20_000 {
        let mut doc = String::new();
        value(&mut rng, 4, &mut doc);
        let mut bytes = doc.into_bytes();
        for _ in 0..rng.below(3) + 1 {
            let at = rng.below(bytes.len() as u64 + 1) as usize;
            let b = rng.pick(significant);
            match rng.below(3) {
                0 => bytes.insert(at, b),
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ if at < bytes.len() => bytes[at] = b,
                _ => bytes.push(b),
            }
        }
        if std::str::from_utf8(&bytes).is_ok() && !agree(&bytes) {
            rejected += 1;
        }
    }
    // The mutations do break most documents: the agreement above is not all on valid input.
    assert!(rejected > 5000, "{rejected}");
}

#[test]
fn invalid_texts_are_rejected_by_both() {
    let invalid: &[&[u8]] = &[
        b"",
        b" ",
        b"[1,]",
        b"[1,,2]",
        b"[,1]",
        br#"{"a":1,}"#,
        br#"{,"a":1}"#,
        br#"{"a" 1}"#,
        br#"{"a":}"#,
        br#"{a:1}"#,
        br#"{"a":1 "b":2}"#,
        b"[1 2]",
        b"[",
        b"]",
        b"{",
        br#"{"a""#,
        br#""\x""#,
        br#""\u12""#,
        br#""\u12G4""#,
        br#""\ud800""#,
        br#""\ud800x""#,
        br#""\ud800\u0041""#,
        br#""\udc00""#,
        br#""\udbff\udbff""#,
        b"\"a\x01b\"",
        b"\"\x1f\"",
        b"\"tab\there\"",
        b"\"\xff\"",
        b"\"\xc3\"",
        b"\"\xed\xa0\x80\"",
        b"\"unterminated",
        b"01",
        b"-01",
        b"1.",
        b".5",
        b"+1",
        b"-",
        b"1e",
        b"1e+",
        b"1.e5",
        b"0x10",
        b"1e400",
        b"-1e400",
        b"NaN",
        b"Infinity",
        b"-Infinity",
        b"tru",
        b"nul",
        b"True",
        b"nulll",
        b"1 2",
        b"{} x",
        b"[] []",
        b"\"a\" \"b\"",
        b"\xef\xbb\xbf[]",
        b"[1]\x00",
        b"'a'",
        b"[1,2]]",
    ];
    for doc in invalid {
        let theirs = serde_json::from_slice::<Value>(doc);
        let ours = structio_json::serde::from_slice::<Value>(doc);
        assert!(
            theirs.is_err(),
            "serde_json accepts {:?}",
            String::from_utf8_lossy(doc)
        );
        assert!(
            ours.is_err(),
            "structio accepts {:?}: {ours:?}",
            String::from_utf8_lossy(doc)
        );
    }
}

#[test]
fn nesting_limits() {
    // Well inside both limits: accepted alike.
    for depth in [1, 20, 100] {
        let doc = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert!(agree(doc.as_bytes()));
        let doc = format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth));
        assert!(agree(doc.as_bytes()));
    }
    // Far past both: rejected alike, with no stack overflow.
    for depth in [1000, 100_000] {
        let doc = "[".repeat(depth);
        assert!(!agree(doc.as_bytes()));
        let doc = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        assert!(!agree(doc.as_bytes()));
        let err = structio_json::serde::from_str::<Value>(&doc).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (structio_json::ErrorKind::DepthLimit, 128)
        );
    }
    // serde_json's limit is 127 levels, structio's 128 by default; set to 127 they agree.
    let opts = structio_json::ReadOptions::new().max_depth(127);
    for depth in [127, 128] {
        let doc = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let theirs = serde_json::from_str::<Value>(&doc);
        let ours = structio_json::serde::from_slice_with::<Value>(doc.as_bytes(), opts);
        assert_eq!(theirs.is_ok(), ours.is_ok(), "depth {depth}");
    }
}

/// A serde struct of the kinds the data model has, for the typed differential below (no signed
/// integers: serde_json reads `-0` as a float and refuses it for an integer, structio reads 0).
#[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
struct Typed<'a> {
    #[serde(default)]
    a: Option<u64>,
    #[serde(default)]
    b: Vec<f64>,
    #[serde(borrow, default)]
    id: Option<std::borrow::Cow<'a, str>>,
    #[serde(default)]
    nested: Vec<Typed<'a>>,
    #[serde(default)]
    kind: Option<Kind>,
    #[serde(default)]
    any: Option<Value>,
    #[serde(default)]
    flag: Option<bool>,
}

#[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
enum Kind {
    A,
    B(u8),
    C { x: String },
}

#[test]
fn typed_reads_agree_with_serde_json() {
    let mut rng = Rng(0x51_7c_c1_b7_27_22_0a_95);
    let seeds = [
        r#"{"a":1,"b":[1.5,2],"id":"x","nested":[{"a":2},{"kind":"A"}],"kind":{"B":7},"any":[1,{"z":null}],"flag":true}"#,
        r#"{"kind":{"C":{"x":"\u00e9"}},"b":[],"nested":[],"zz":[1,2,{"q":"\n"}]}"#,
        r#"[1,[0.5],"id",[],null,null,false]"#,
    ];
    let significant = b"{}[],:\"\\0123456789-.eEtrufalsnABC ";
    let (mut accepted, mut rejected) = (0, 0);
    for i in 0..30_000 {
        let mut bytes = seeds[i % seeds.len()].as_bytes().to_vec();
        for _ in 0..rng.below(3) + 1 {
            let at = rng.below(bytes.len() as u64 + 1) as usize;
            let b = rng.pick(significant);
            match rng.below(3) {
                0 => bytes.insert(at, b),
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ if at < bytes.len() => bytes[at] = b,
                _ => bytes.push(b),
            }
        }
        let theirs = serde_json::from_slice::<Typed>(&bytes);
        let ours = structio_json::serde::from_slice::<Typed>(&bytes);
        let show = String::from_utf8_lossy(&bytes);
        match (&theirs, &ours) {
            (Ok(a), Ok(b)) => {
                let (a, b) = (
                    serde_json::to_value(a).unwrap(),
                    serde_json::to_value(b).unwrap(),
                );
                assert!(close(&a, &b, false), "{show}: {a} {b}");
                accepted += 1;
            }
            (Err(_), Err(_)) => rejected += 1,
            _ => panic!("disagree on {show}: serde_json {theirs:?}, structio {ours:?}"),
        }
    }
    assert!(accepted > 1000 && rejected > 1000, "{accepted} {rejected}");
}

/// Strings with escapes are decoded into the deserializer's scratch buffer, their runs between
/// escapes copied 32 bytes at a time where the input has them: every length up to past two
/// blocks, with an escape at every position (and a second one after it), the string last in the
/// input (where fewer than 32 bytes follow a run) and followed by more, read as `String`, as
/// `Value` and in place, all as serde_json reads them.
#[test]
fn escaped_strings_of_every_length_and_place_read_the_same() {
    use serde::Deserialize;
    let chars = ['a', 'é', 'z', '€', '0', '😀', ' '];
    let escapes = ["\\n", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00", "\\/"];
    let mut place = String::from("left over from before");
    for len in 0..=70usize {
        let body: String = (0..len).map(|i| chars[i % chars.len()]).collect();
        let cuts: Vec<usize> = body
            .char_indices()
            .map(|(i, _)| i)
            .chain([body.len()])
            .collect();
        for (k, &at) in cuts.iter().enumerate() {
            let esc = escapes[(len + k) % escapes.len()];
            let mut text = format!("{}{esc}{}", &body[..at], &body[at..]);
            if k % 3 == 0 {
                text.push_str(escapes[k % escapes.len()]);
            }
            let alone = format!("\"{text}\"");
            let inside = format!("[\"{text}\",1]");
            let want: String = serde_json::from_str(&alone).unwrap();
            let got: String = structio_json::serde::from_slice(alone.as_bytes()).unwrap();
            assert_eq!(got, want, "len {len} at {at}");
            let got: Value = structio_json::serde::from_slice(inside.as_bytes()).unwrap();
            assert_eq!(
                got,
                serde_json::from_str::<Value>(&inside).unwrap(),
                "len {len} at {at}"
            );
            let mut de = structio_json::serde::Deserializer::from_slice(alone.as_bytes());
            String::deserialize_in_place(&mut de, &mut place).unwrap();
            assert_eq!(place, want, "in place, len {len} at {at}");
        }
    }
}
