//! `ReadOptions::validate_skipped(false)`: values the reader steps over are skipped by their
//! brackets and quotes alone. On valid JSON it ends where the validating skip does (random
//! documents with strings full of brackets, quotes and backslashes); an unclosed container is
//! still an error; what is malformed inside a skipped container is not looked at.

use structio_derive::Json;
use structio_json::{from_slice_with, ReadOptions, Reader};
use structio_testkit::Rng;

fn structural() -> ReadOptions {
    ReadOptions::new().validate_skipped(false)
}

/// A random JSON value whose strings are heavy in what the structural skip must see through.
fn value(rng: &mut Rng, depth: u32, out: &mut String) {
    let kind = if depth == 0 {
        rng.below(4)
    } else {
        rng.below(7)
    };
    match kind {
        0 => {
            let scalars = ["0", "-1.5e3", "true", "false", "null", "123456789"];
            out.push_str(rng.pick::<&str>(&scalars[..]));
        }
        1..=3 => {
            out.push('"');
            let pieces = [
                "a", "[", "]", "{", "}", "\\\"", "\\\\", "\\n", "\\u00e9", "é", " ", ",", ":",
            ];
            for _ in 0..rng.below(12) {
                out.push_str(rng.pick::<&str>(&pieces[..]));
            }
            out.push('"');
        }
        4 | 5 => {
            out.push('[');
            for i in 0..rng.below(6) {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(rng.pick::<&str>(&["", " ", "\n  "][..]));
                value(rng, depth - 1, out);
            }
            out.push(']');
        }
        _ => {
            out.push('{');
            for i in 0..rng.below(6) {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&format!("\"k{i}\\\\\": "));
                value(rng, depth - 1, out);
            }
            out.push('}');
        }
    }
}

#[test]
fn on_valid_documents_both_skips_end_at_the_same_byte() {
    let mut rng = Rng::new(0x5eed);
    for _ in 0..3000 {
        let mut doc = String::from(" ");
        value(&mut rng, 5, &mut doc);
        doc.push_str(" ,");
        let mut checked = Reader::new(doc.as_bytes());
        let mut skipped = Reader::with_options(doc.as_bytes(), structural());
        checked.skip_value().unwrap();
        skipped.skip_value().unwrap();
        assert_eq!(skipped.offset(), checked.offset(), "{doc}");
    }
}

#[derive(Json, Debug, PartialEq)]
struct Config {
    name: String,
    port: u16,
}

#[test]
fn unknown_fields_are_skipped_by_structure() {
    let doc = br#"{"extra": {"a": [1, "]}", {"b": "\"["}], "c": []}, "name": "pump", "more": [[]], "port": 80}"#;
    let want = Config {
        name: "pump".into(),
        port: 80,
    };
    assert_eq!(
        from_slice_with::<Config>(doc, ReadOptions::new()).unwrap(),
        want
    );
    assert_eq!(from_slice_with::<Config>(doc, structural()).unwrap(), want);
}

#[test]
#[cfg(not(feature = "size"))] // the size configuration always validates
fn what_the_structural_skip_does_not_check() {
    // A missing comma, a bad literal and a mismatched bracket inside a skipped value.
    let doc = br#"{"extra": [1 2, tru, {]], "name": "pump", "port": 80}"#;
    assert!(from_slice_with::<Config>(doc, ReadOptions::new()).is_err());
    let read = from_slice_with::<Config>(doc, structural()).unwrap();
    assert_eq!(read.port, 80);
    // What is read is checked as always.
    let doc = br#"{"extra": [], "name": "pump", "port": 80x}"#;
    assert!(from_slice_with::<Config>(doc, structural()).is_err());
}

#[test]
#[cfg(not(feature = "size"))] // the size configuration always validates
fn an_unclosed_container_is_the_end_of_the_input() {
    for doc in [
        &br#"{"extra": [1, [2]"#[..],
        br#"{"extra": {"a": "]}"#,
        br#"{"extra": ["unclosed string]}"#,
        br#"{"extra": ["\"]}"#,
    ] {
        let err = from_slice_with::<Config>(doc, structural()).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (structio_json::ErrorKind::UnexpectedEnd, doc.len()),
            "{}",
            String::from_utf8_lossy(doc)
        );
    }
}

#[test]
fn long_skipped_values_cross_many_blocks() {
    let mut extra = String::from("[");
    for i in 0..500 {
        extra.push_str(&format!(r#"{{"i": {i}, "s": "x\\\"]{{[\\\\"}},"#));
    }
    extra.push_str("null]");
    let doc = format!(r#"{{"extra": {extra}, "name": "pump", "port": 80}}"#);
    let read = from_slice_with::<Config>(doc.as_bytes(), structural()).unwrap();
    assert_eq!(read.port, 80);
    assert_eq!(
        from_slice_with::<Config>(doc.as_bytes(), ReadOptions::new()).unwrap(),
        read
    );
}

#[test]
fn a_pointer_steps_over_its_siblings_by_structure_and_finds_the_same_value() {
    let mut rng = Rng::new(0xbeef);
    for _ in 0..1000 {
        let mut doc = String::from("{\"a\": ");
        value(&mut rng, 4, &mut doc);
        doc.push_str(", \"b\": [");
        value(&mut rng, 3, &mut doc);
        doc.push_str(", 7], \"c\": \"end\"}");
        for path in ["/b/1", "/c", "/b/0", "/z"] {
            let checked = structio_json::pointer(doc.as_bytes(), path).unwrap();
            let skipped = structio_json::pointer_with(doc.as_bytes(), path, structural()).unwrap();
            assert_eq!(
                skipped.map(|v| v.as_str().to_owned()),
                checked.map(|v| v.as_str().to_owned()),
                "{path} in {doc}"
            );
        }
    }
}
