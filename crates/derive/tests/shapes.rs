//! A derived struct reads the same in either code shape its format picks: JSON's `size` feature
//! reads it through one shared member walk and a key table (`__derive::COMPACT`), the default
//! inlines every field. Run this file in both configurations
//! (`cargo test -p structio-derive --features structio-json/size --test shapes`).
//!
//! In each, `read` and `read_into` of the struct (compact under `size`) are held against the
//! same struct read through its `Fields` impl, flattened into a wrapper (inline in both
//! shapes): the same value, or the same error kind at the same offset, for a set of documents
//! and random mutations of them, under every combination of the reader's unknown-key and
//! repeated-key policies.

use structio_derive::Json;
use structio_json::{ErrorKind, JsonRead, ReadOptions, Reader, DUPLICATE_KEY};
use structio_testkit::Rng;

#[derive(Json, Debug, PartialEq, Clone, Default)]
struct Inner {
    x: i32,
    #[structio(default)]
    tags: Vec<String>,
}

fn five() -> u16 {
    5
}

#[derive(Json, Debug, PartialEq, Clone, Default)]
struct Rec {
    name: String,
    #[structio(alias = "n", alias = "num")]
    count: u32,
    note: Option<String>,
    #[structio(default = "five")]
    level: u16,
    #[structio(skip)]
    cache: u8,
    #[structio(rename = "on")]
    enabled: bool,
    pair: [i8; 2],
    inner: Inner,
}

/// `Rec` read through its `Fields` impl, the inline shape in every configuration.
#[derive(Json, Debug, PartialEq)]
struct Wrap {
    #[structio(flatten)]
    rec: Rec,
}

#[derive(Json, Debug, PartialEq)]
#[structio(deny_unknown_fields)]
struct Strict {
    a: u8,
    #[structio(alias = "bee")]
    b: Option<u8>,
}

const REC_NAMES: &[&str] = &["name", "count", "note", "level", "on", "pair", "inner"];

const DOCS: &[&str] = &[
    r#"{"name":"a","count":1,"note":"x","level":2,"on":true,"pair":[1,-2],"inner":{"x":3,"tags":["t"]}}"#,
    r#"{"inner":{"x":-1},"on":false,"n":7,"na\u006de":"b","pair":[0,0]}"#,
    r#"{"name":"a","zzz":[1,{"q":2}],"count":1,"num":2,"on":true,"pair":[1,2],"inner":{"x":0},"cache":9}"#,
    r#" { "count" : 1 , "name" : "" , "count" : 4 , "on" : true , "pair" : [ 0 , 0 ] , "inner" : { "x" : 1 } } "#,
    r#"{"count":1}"#,
    r#"{}"#,
    r#"[1]"#,
];

/// The reader policies: unknown keys denied, repeated keys denied.
const POLICIES: [(bool, bool); 4] = [(false, false), (true, false), (false, true), (true, true)];

fn options((deny_unknown, deny_duplicates): (bool, bool)) -> ReadOptions {
    ReadOptions::new()
        .deny_unknown_fields(deny_unknown)
        .deny_duplicate_keys(deny_duplicates)
}

/// A value, or an error's kind and offset.
type Outcome<T> = Result<T, (ErrorKind, usize)>;

/// `T` read from `doc` by its `read_json` and the reader's `finish`, the error as the reader
/// makes it (`from_slice` rewords some kinds for a typed reader).
fn read<'de, T: JsonRead<'de>>(doc: &'de [u8], policy: (bool, bool)) -> Outcome<T> {
    let mut r = Reader::with_options(doc, options(policy));
    let v = T::read_json(&mut r)
        .and_then(|v| r.finish().map(|()| v))
        .map_err(|e| (e.kind(), e.offset()))?;
    Ok(v)
}

/// `read_json_into` a `Rec` that already holds values (which must all be replaced).
fn read_into(doc: &[u8], policy: (bool, bool)) -> Outcome<Rec> {
    let mut v = Rec {
        name: "old".into(),
        count: 99,
        note: Some("old".into()),
        level: 98,
        cache: 97,
        enabled: true,
        pair: [9, 9],
        inner: Inner {
            x: 96,
            tags: vec!["old".into()],
        },
    };
    let mut r = Reader::with_options(doc, options(policy));
    v.read_json_into(&mut r)
        .and_then(|()| r.finish())
        .map_err(|e| (e.kind(), e.offset()))?;
    Ok(v)
}

/// Checks one document in every policy; returns how many reads succeeded.
fn check(doc: &[u8]) -> usize {
    let mut ok = 0;
    for policy in POLICIES {
        let direct = read::<Rec>(doc, policy);
        let wrapped = read::<Wrap>(doc, policy).map(|w| w.rec);
        assert_eq!(direct, wrapped, "read, {policy:?}: {}", doc.escape_ascii());
        let into = read_into(doc, policy);
        assert_eq!(
            direct,
            into,
            "read_into, {policy:?}: {}",
            doc.escape_ascii()
        );
        ok += usize::from(direct.is_ok());
    }
    ok
}

#[test]
fn documents_read_alike() {
    let ok: usize = DOCS.iter().map(|d| check(d.as_bytes())).sum();
    // The first four documents are complete in the lenient policy, not every one in the others.
    assert!(ok >= 4, "{ok}");
    let first = read::<Rec>(DOCS[0].as_bytes(), (true, true)).unwrap();
    assert_eq!(
        (first.count, first.level, first.inner.tags.len()),
        (1, 2, 1)
    );
    let second = read::<Rec>(DOCS[1].as_bytes(), (false, false)).unwrap();
    assert_eq!(
        (second.name.as_str(), second.count, second.level),
        ("b", 7, 5)
    );
    assert_eq!(second.note, None);
    let third = read::<Rec>(DOCS[2].as_bytes(), (false, false)).unwrap();
    assert_eq!((third.count, third.cache), (2, 0));
}

#[test]
fn mutated_documents_read_alike() {
    const ALPHABET: &[u8] = b"{}[]\":,0123456789-.eEtruefalsnamecoutpirx \\";
    let mut rng = Rng::new(23);
    let mut ok = 0;
    for _ in 0..3000 {
        let mut v = rng.pick(DOCS).as_bytes().to_vec();
        for _ in 0..=rng.below(3) {
            let at = rng.below(v.len() as u64 + 1) as usize;
            let c = *rng.pick(ALPHABET);
            match rng.below(3) {
                0 if at < v.len() => v[at] = c,
                1 if at < v.len() => {
                    v.remove(at);
                }
                _ => v.insert(at, c),
            }
        }
        ok += check(&v);
    }
    // Some mutations leave a valid document (a digit for a digit, a space): both paths ran.
    assert!(ok > 0);
}

#[test]
fn walk_errors_at_the_key() {
    let lenient = (false, false);
    // A repeated key, denied: at the second key's quote.
    let doc = br#"{"count":1,"num":2}"#;
    assert_eq!(
        read::<Rec>(doc, (false, true)).unwrap_err(),
        (DUPLICATE_KEY, 11)
    );
    // An unknown key, denied by the reader: at the key, listing the fields.
    let doc = br#"{"name":"a","zzz":1}"#;
    let e = structio_json::from_slice_with::<Rec>(doc, options((true, false))).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownField, 12));
    assert_eq!(e.expected_one_of(), REC_NAMES);
    // Denied by the type: the same, aliases accepted first.
    let e = structio_json::from_slice::<Strict>(br#"{"bee":1,"a":2,"c":3}"#).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownField, 15));
    assert_eq!(e.expected_one_of(), &["a", "b"]);
    // A bad value inside an unknown member: the skipper's error, where it is.
    let doc = br#"{"zzz":[1,}"#;
    assert_eq!(read::<Rec>(doc, lenient).unwrap_err().1, 10);
    // The first missing field in declaration order, at the end of the object.
    let doc = br#"{"pair":[1,1]}"#;
    assert_eq!(
        read::<Rec>(doc, lenient).unwrap_err(),
        (ErrorKind::MissingField("name"), 14)
    );
    assert_eq!(
        read::<Rec>(b" 7", lenient).unwrap_err(),
        (ErrorKind::ExpectedObject, 1)
    );
}

#[test]
fn shape_follows_the_feature() {
    // The derive emits both shapes; the format crate's feature picks one.
    let picked = structio_json::__derive::shape! { compact { "compact" } inline { "inline" } };
    assert_eq!(picked == "compact", structio_json::__derive::COMPACT);
}
