//! `prettify`, `minify` and `validate`: layouts, round trips, full buffers and every structural
//! failure with its offset.

#[path = "text_gen.rs"]
mod text_gen;

use structio_json::{minify, prettify, validate, ErrorKind, PrettyOptions};

/// Runs a tool into a `&mut [u8]` (so the no-alloc configuration tests the same paths),
/// doubling the buffer while it reports `BufferFull`.
fn grow(mut run: impl FnMut(&mut [u8]) -> structio_json::Result<usize>) -> Vec<u8> {
    let mut buf = vec![0u8; 64];
    loop {
        match run(&mut buf) {
            Ok(n) => {
                buf.truncate(n);
                return buf;
            }
            Err(e) if e.kind() == ErrorKind::BufferFull => buf.resize(buf.len() * 2, 0),
            Err(e) => panic!("{e}"),
        }
    }
}

fn pretty(doc: &[u8], options: &PrettyOptions) -> Vec<u8> {
    grow(|buf| prettify(doc, buf, options))
}

fn mini(doc: &[u8]) -> Vec<u8> {
    grow(|buf| minify(doc, buf))
}

const GLAZE_LAYOUT_IN: &str =
    r#"{"a":1,"b":[true,false,null],"c":{},"d":[],"e":{"f":"g","h":[[],{"i":-1.5e3}]}}"#;
// Written out by hand from Glaze's prettify_json rules: a line per member or element, three
// spaces a level, `": "` after a key, empty containers kept as `{}` and `[]`.
const GLAZE_LAYOUT_OUT: &str = "{
   \"a\": 1,
   \"b\": [
      true,
      false,
      null
   ],
   \"c\": {},
   \"d\": [],
   \"e\": {
      \"f\": \"g\",
      \"h\": [
         [],
         {
            \"i\": -1.5e3
         }
      ]
   }
}";

#[test]
fn glaze_layout() {
    assert_eq!(
        pretty(GLAZE_LAYOUT_IN.as_bytes(), &PrettyOptions::GLAZE),
        GLAZE_LAYOUT_OUT.as_bytes()
    );
    assert_eq!(
        mini(GLAZE_LAYOUT_OUT.as_bytes()),
        GLAZE_LAYOUT_IN.as_bytes()
    );
}

#[test]
fn other_layouts() {
    let two = PrettyOptions {
        indent_width: 2,
        ..Default::default()
    };
    assert_eq!(
        pretty(br#"{"a":[1]}"#, &two),
        b"{\n  \"a\": [\n    1\n  ]\n}"
    );
    let tabs = PrettyOptions {
        indent_width: 1,
        indent_tabs: true,
        ..Default::default()
    };
    assert_eq!(
        pretty(br#"{"a":[1]}"#, &tabs),
        b"{\n\t\"a\":\t[\n\t\t1\n\t]\n}"
    );
    let none = PrettyOptions {
        indent_width: 0,
        ..Default::default()
    };
    assert_eq!(pretty(br#"[1,2]"#, &none), b"[\n1,\n2\n]");
    // Scalars alone, and whitespace in the input does not change the layout.
    assert_eq!(pretty(b" 12 ", &two), b"12");
    assert_eq!(pretty(b"[ { } , [ ] ]", &two), b"[\n  {},\n  []\n]");
}

#[test]
fn deep_lines_longer_than_a_block() {
    // 30 levels at 3 spaces and 120 at 255 spaces need breaks longer than 64 bytes.
    for (depth, width) in [(30usize, 3u8), (120, 255)] {
        let doc = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let doc = doc.replacen("[]", "[7]", 1);
        let options = PrettyOptions {
            indent_width: width,
            ..Default::default()
        };
        let out = pretty(doc.as_bytes(), &options);
        let inner = format!("\n{}7\n", " ".repeat(depth * usize::from(width)));
        assert!(String::from_utf8_lossy(&out).contains(&inner));
        assert_eq!(mini(&out), doc.as_bytes());
    }
}

#[test]
fn round_trips_generated_documents() {
    for seed in 1..200 {
        let doc = text_gen::generate(seed, 6);
        let text = doc.text.as_bytes();
        validate(text).unwrap();
        for width in [0u8, 1, 2, 3, 8] {
            let options = PrettyOptions {
                indent_width: width,
                ..Default::default()
            };
            let p = pretty(text, &options);
            validate(&p).unwrap();
            assert_eq!(mini(&p), text, "seed {seed} width {width}");
            // Prettifying is idempotent: its own output lays out the same.
            assert_eq!(pretty(&p, &options), p);
        }
        assert_eq!(mini(text), text);
    }
}

#[cfg(feature = "alloc")]
#[test]
fn vec_output_is_reused_and_grows() {
    let mut out = Vec::with_capacity(4096);
    let ptr = out.as_ptr();
    prettify(b"[1,2,3]", &mut out, &PrettyOptions::default()).unwrap();
    minify(b"[ 1 ]", &mut out).unwrap();
    assert_eq!(out, b"[1]");
    assert_eq!(out.as_ptr(), ptr);
    // Far more output than the first guess of twice the input: the writer grows and retries.
    let doc = format!("{}{}", "[".repeat(120), "]".repeat(120));
    let wide = PrettyOptions {
        indent_width: 200,
        ..Default::default()
    };
    let n = prettify(doc.as_bytes(), &mut out, &wide).unwrap();
    assert_eq!(n, out.len());
    assert!(n > 2_000_000);
    assert_eq!(mini(&out), doc.as_bytes());
}

#[test]
fn full_buffers_are_errors_never_truncations() {
    let doc = GLAZE_LAYOUT_IN.as_bytes();
    let expected = GLAZE_LAYOUT_OUT.as_bytes();
    let mut buf = vec![0u8; expected.len() + 100];
    for size in 0..=expected.len() + 100 {
        let r = prettify(doc, &mut buf[..size], &PrettyOptions::default());
        if size < expected.len() {
            assert_eq!(r.unwrap_err().kind(), ErrorKind::BufferFull, "size {size}");
        } else {
            assert_eq!(&buf[..r.unwrap()], expected, "size {size}");
        }
    }
    for size in 0..=doc.len() + 100 {
        let r = minify(expected, &mut buf[..size]);
        if size < doc.len() {
            let e = r.unwrap_err();
            assert_eq!(e.kind(), ErrorKind::BufferFull, "size {size}");
            assert!(e.offset() < expected.len());
        } else {
            assert_eq!(&buf[..r.unwrap()], doc, "size {size}");
        }
    }
    let mut arr = [0u8; 8];
    assert_eq!(minify(b"[ true ]", &mut arr).unwrap(), 6);
    assert_eq!(
        minify(b"[1,2,3,4,5]", &mut arr).unwrap_err().kind(),
        ErrorKind::BufferFull
    );
}

/// The structural failures, each with the kind and offset every tool must report.
const BAD: &[(&[u8], ErrorKind, usize)] = &[
    (b"", ErrorKind::UnexpectedEnd, 0),
    (b"[1,2", ErrorKind::UnexpectedEnd, 4),
    (b"{\"a\":[1,2}", ErrorKind::ExpectedCommaOrArrayEnd, 9),
    (b"[1,2]]", ErrorKind::TrailingCharacters, 5),
    (b"]", ErrorKind::ExpectedValue, 0),
    (b"{\"a\":1}}", ErrorKind::TrailingCharacters, 7),
    (b"[tru]", ErrorKind::ExpectedBool, 4),
    (b"[ture]", ErrorKind::ExpectedBool, 2),
    (b"[fals]", ErrorKind::ExpectedBool, 5),
    (b"[nul]", ErrorKind::ExpectedNull, 4),
    (b"{\"a\" 1}", ErrorKind::ExpectedColon, 5),
    (b"{\"a\",1}", ErrorKind::ExpectedColon, 4),
    (b"{\"a\":1,}", ErrorKind::TrailingComma, 7),
    (b"[1, ]", ErrorKind::TrailingComma, 4),
    (b"{\"a\":1 \"b\":2}", ErrorKind::ExpectedCommaOrObjectEnd, 7),
    (b"[1 2]", ErrorKind::ExpectedCommaOrArrayEnd, 3),
    (b"{a:1}", ErrorKind::ExpectedString, 1),
    (b"[01]", ErrorKind::InvalidNumber, 2),
    (b"[1.]", ErrorKind::InvalidNumber, 3),
    (b"[-x]", ErrorKind::InvalidNumber, 2),
    (b"[\"abc", ErrorKind::UnexpectedEnd, 5),
    (b"[\"ab\\\"", ErrorKind::UnexpectedEnd, 6),
    (b"1 2", ErrorKind::TrailingCharacters, 2),
];

#[test]
fn structural_failures_in_every_tool() {
    let mut out = vec![0u8; 1024];
    for &(doc, kind, offset) in BAD {
        let name = String::from_utf8_lossy(doc);
        let e = prettify(doc, &mut out[..], &PrettyOptions::default()).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "prettify {name}");
        let e = minify(doc, &mut out[..]).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "minify {name}");
        let e = validate(doc).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "validate {name}");
    }
}

#[test]
fn the_copying_tools_check_strings_as_validate_does() {
    // One grammar: whatever validate rejects inside a string, minify and prettify reject at the
    // same byte; the trusted forms copy it through.
    let cases: &[(&[u8], ErrorKind)] = &[
        (b"[\"a\\qb\"]", ErrorKind::InvalidEscape),
        (b"[\"\x01\"]", ErrorKind::ControlCharacterInString),
        (b"[\"\\u12\"]", ErrorKind::InvalidUnicodeEscape),
        (b"[\"\\ud800\"]", ErrorKind::LoneSurrogate),
        (b"[\"ab\xff\"]", ErrorKind::InvalidUtf8),
        (b"{\"k\xc3\":1}", ErrorKind::InvalidUtf8),
        (b"[\"\xe2\x82\", 1, ]", ErrorKind::InvalidUtf8),
    ];
    for &(doc, kind) in cases {
        let want = validate(doc).unwrap_err();
        let offset = want.offset();
        assert_eq!(want.kind(), kind, "{doc:?}");
        let mut out = Vec::new();
        let e = minify(doc, &mut out).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "minify {doc:?}");
        let e = prettify(doc, &mut out, &PrettyOptions::default()).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "prettify {doc:?}");
    }
    let doc = b"[\"a\\qb\"]";
    let mut out = Vec::new();
    structio_json::minify_trusted(doc, &mut out).unwrap();
    assert_eq!(out, doc);
    structio_json::prettify_trusted(doc, &mut out, &PrettyOptions::default()).unwrap();
    assert_eq!(out, b"[\n   \"a\\qb\"\n]");
}

#[test]
fn depth_limits() {
    // Every text tool stops one level past the shared default limit, as the readers do.
    let deep = format!("{}{}", "[".repeat(129), "]".repeat(129));
    for e in [
        prettify(
            deep.as_bytes(),
            &mut vec![0u8; 1 << 24][..],
            &PrettyOptions::default(),
        )
        .unwrap_err(),
        minify(deep.as_bytes(), &mut vec![0u8; 1 << 24][..]).unwrap_err(),
        validate(deep.as_bytes()).unwrap_err(),
    ] {
        assert_eq!((e.kind(), e.offset()), (ErrorKind::DepthLimit, 128));
    }
    // prettify takes a larger limit when asked, up to the bit stack's 1024 levels.
    let deeper = PrettyOptions {
        max_depth: 5000,
        ..Default::default()
    };
    let mut out = vec![0u8; 1 << 24];
    assert!(prettify(deep.as_bytes(), &mut out[..], &deeper).is_ok());
    let very_deep = format!("{}{}", "[".repeat(1025), "]".repeat(1025));
    let e = prettify(very_deep.as_bytes(), &mut out[..], &deeper).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::DepthLimit, 1024));
    let shallow = PrettyOptions {
        max_depth: 2,
        ..Default::default()
    };
    let e = prettify(b"[[[1]]]", &mut vec![0u8; 1 << 24][..], &shallow).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::DepthLimit, 2));
    let million = vec![b'{'; 1_000_000];
    assert_eq!(
        minify(&million, &mut vec![0u8; 1 << 24][..])
            .unwrap_err()
            .kind(),
        ErrorKind::ExpectedString
    );
    let million = vec![b'['; 1_000_000];
    assert_eq!(
        minify(&million, &mut vec![0u8; 1 << 24][..])
            .unwrap_err()
            .kind(),
        ErrorKind::DepthLimit
    );
}

#[test]
fn laid_out_inputs_of_every_shape_minify_the_same() {
    let compact = br#"{"a":[1,{"b":[true,null]},"x"],"c":{}}"#;
    for layout in [
        "{\r\n  \"a\": [\r\n    1,\r\n    {\r\n      \"b\": [true, null]\r\n    },\r\n    \"x\"\r\n  ],\r\n  \"c\": {}\r\n}\r\n",
        "{\n\t\"a\" : [ 1 , { \"b\" : [ true , null ] } , \"x\" ] ,\n\n\t\"c\" : { }\n}",
        "  {\"a\":\n[1,\n                       {\"b\":\n                                [true,\n                                null]},\n\"x\"],\"c\":{}}  ",
    ] {
        assert_eq!(mini(layout.as_bytes()), compact, "{layout:?}");
        validate(layout.as_bytes()).unwrap();
    }
    // Indentation that changes from line to line, deeper than sixteen bytes and back.
    let mut doc = String::from("[");
    for k in 0..40 {
        doc.push_str(&format!("\n{}{k},", " ".repeat((k * 7) % 37)));
    }
    doc.push_str("\n0]");
    let expected: String = doc.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(mini(doc.as_bytes()), expected.as_bytes());
}

#[test]
fn strings_are_copied_through_with_escaped_quotes_anywhere() {
    for len in 0..40 {
        for k in 0..=len {
            let mut s: String = "x".repeat(len);
            s.insert_str(k, "\\\"");
            for tail in ["", "\\\\", "\\\\\\\""] {
                let doc = format!("[\"{s}{tail}\", \"{s}\"]");
                assert_eq!(
                    mini(doc.as_bytes()),
                    doc.replace(", ", ",").as_bytes(),
                    "{doc}"
                );
                validate(doc.as_bytes()).unwrap();
            }
        }
        let open = format!("[\"{}\\\"", "y".repeat(len));
        let e = minify(open.as_bytes(), &mut [0u8; 64][..]).unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (ErrorKind::UnexpectedEnd, open.len())
        );
    }
}
