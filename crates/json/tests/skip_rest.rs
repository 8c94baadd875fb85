//! `Reader::skip_rest_of_object` and `skip_rest_of_array`: leaving a container partway, where
//! `object_next` or `array_next` would be called. With either skip the cursor ends after the
//! container's closing bracket, at the same byte; the nesting level is left (a long array of
//! objects each left early never reaches the depth limit); what the validating skip checks is
//! still checked, and an unclosed container is the end of the input either way.

use structio_json::{ErrorKind, KeyBuf, ReadOptions, Reader};
use structio_testkit::Rng;

fn both(doc: &[u8]) -> [Reader<'_>; 2] {
    [
        Reader::new(doc),
        Reader::with_options(doc, ReadOptions::new().validate_skipped(false)),
    ]
}

/// A random value whose strings hold brackets, quotes and backslashes.
fn value(rng: &mut Rng, depth: u32, out: &mut String) {
    match if depth == 0 {
        rng.below(3)
    } else {
        rng.below(6)
    } {
        0 => out.push_str(rng.pick::<&str>(&["0", "-1.5e3", "true", "null"][..])),
        1 | 2 => {
            out.push('"');
            for _ in 0..rng.below(10) {
                let pieces = ["a", "[", "]", "{", "}", "\\\"", "\\\\", ",", ":", "é"];
                out.push_str(rng.pick::<&str>(&pieces[..]));
            }
            out.push('"');
        }
        3 => {
            out.push('[');
            for i in 0..rng.below(5) {
                if i > 0 {
                    out.push_str(", ");
                }
                value(rng, depth - 1, out);
            }
            out.push(']');
        }
        _ => {
            out.push('{');
            for i in 0..rng.below(5) {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&format!("\"k{i}\": "));
                value(rng, depth - 1, out);
            }
            out.push('}');
        }
    }
}

#[test]
fn both_skips_leave_at_the_same_byte() {
    let mut rng = Rng::new(0x1eaf);
    for _ in 0..3000 {
        // An object whose first member is read, then the rest left; then an array likewise.
        let mut doc = String::from("[{\"id\": 1");
        for i in 0..rng.below(4) {
            doc.push_str(&format!(", \"m{i}\": "));
            value(&mut rng, 4, &mut doc);
        }
        doc.push_str(" } , [2");
        for _ in 0..rng.below(4) {
            doc.push_str(" ,");
            value(&mut rng, 4, &mut doc);
        }
        doc.push_str("], 3]");
        for mut r in both(doc.as_bytes()) {
            r.begin_array().unwrap();
            assert!(!r.begin_object().unwrap());
            assert_eq!(r.object_key(&mut KeyBuf::new()).unwrap(), b"id");
            assert_eq!(r.read_int::<u8>().unwrap(), 1);
            r.skip_rest_of_object().unwrap();
            assert!(r.array_next().unwrap(), "{doc}");
            assert!(!r.begin_array().unwrap());
            assert_eq!(r.read_int::<u8>().unwrap(), 2);
            r.skip_rest_of_array().unwrap();
            assert!(r.array_next().unwrap(), "{doc}");
            assert_eq!(r.read_int::<u8>().unwrap(), 3);
            assert!(!r.array_next().unwrap());
            r.finish().unwrap();
        }
    }
}

#[test]
fn the_level_is_left() {
    // 1,000 objects, each left after its first member: past the default depth limit of 128
    // if a level were not left.
    let mut doc = String::from("[");
    for i in 0..1000 {
        if i > 0 {
            doc.push(',');
        }
        doc.push_str(r#"{"a":{"b":[1]},"c":2}"#);
    }
    doc.push(']');
    for mut r in both(doc.as_bytes()) {
        r.begin_array().unwrap();
        loop {
            assert!(!r.begin_object().unwrap());
            r.object_key(&mut KeyBuf::new()).unwrap();
            r.skip_value().unwrap();
            r.skip_rest_of_object().unwrap();
            if !r.array_next().unwrap() {
                break;
            }
        }
        r.finish().unwrap();
    }
}

#[test]
fn errors_in_what_is_skipped() {
    // The validating skip holds the rest to the grammar; the structural one its brackets.
    let doc = br#"{"id":1,"x":[1 2],"y":tru}"#;
    let [mut checked, mut structural] = both(doc);
    for r in [&mut checked, &mut structural] {
        r.begin_object().unwrap();
        r.object_key(&mut KeyBuf::new()).unwrap();
        r.read_int::<u8>().unwrap();
    }
    let e = checked.skip_rest_of_object().unwrap_err();
    assert_eq!(
        (e.kind(), e.offset()),
        (ErrorKind::ExpectedCommaOrArrayEnd, 15)
    );
    // The size configuration always validates.
    #[cfg(not(feature = "size"))]
    {
        structural.skip_rest_of_object().unwrap();
        assert_eq!(structural.offset(), doc.len());
    }
    #[cfg(feature = "size")]
    structural.skip_rest_of_object().unwrap_err();
    // Unclosed: the end of the input, either way.
    for doc in [&br#"{"id":1,"x":[1,2]"#[..], br#"{"id":1,"s":"}"#] {
        for mut r in both(doc) {
            r.begin_object().unwrap();
            r.object_key(&mut KeyBuf::new()).unwrap();
            r.read_int::<u8>().unwrap();
            let e = r.skip_rest_of_object().unwrap_err();
            assert_eq!(
                e.kind(),
                ErrorKind::UnexpectedEnd,
                "{}",
                String::from_utf8_lossy(doc)
            );
        }
    }
    let doc = b"[1,[2,3]";
    for mut r in both(doc) {
        r.begin_array().unwrap();
        r.read_int::<u8>().unwrap();
        let e = r.skip_rest_of_array().unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (ErrorKind::UnexpectedEnd, doc.len())
        );
    }
}
