//! prettify, minify and validate over the same bytes: they agree on the grammar, their output is
//! valid wherever the input was, and minify undoes prettify. The reader's structural skip
//! (`validate_skipped(false)`) ends where the validating skip does whenever that one succeeds,
//! skipping a value or the rest of a container.
#![no_main]

use libfuzzer_sys::fuzz_target;
use structio_json::{
    minify, minify_trusted, prettify, prettify_trusted, validate, PrettyOptions, ReadOptions,
    Reader,
};

fuzz_target!(|data: &[u8]| {
    // The first byte picks the layout, so that tabs and odd widths are reached too.
    let (opts, doc) = match data.split_first() {
        Some((&b, rest)) => (
            PrettyOptions {
                indent_width: b & 7,
                indent_tabs: b & 8 != 0,
                max_depth: if b & 16 != 0 {
                    1024
                } else {
                    u32::from(b >> 5) * 3
                },
            },
            rest,
        ),
        None => return,
    };
    let valid = validate(doc).is_ok();
    let mut min = Vec::new();
    let min_ok = minify(doc, &mut min).is_ok();
    let mut pretty = Vec::new();
    let pretty_ok = prettify(doc, &mut pretty, &opts).is_ok();
    // One grammar: minify accepts exactly what validate accepts, and so does prettify when its
    // depth limit is at least the shared default.
    assert_eq!(min_ok, valid, "minify and validate disagree");
    if opts.max_depth >= 128 {
        assert_eq!(pretty_ok, valid, "prettify and validate disagree");
    }
    if valid {
        let mut trusted = Vec::new();
        minify_trusted(doc, &mut trusted).expect("minify_trusted of a valid document");
        assert_eq!(trusted, min, "minify_trusted differs from minify");
        if pretty_ok {
            let mut trusted = Vec::new();
            prettify_trusted(doc, &mut trusted, &opts).expect("prettify_trusted, valid input");
            assert_eq!(trusted, pretty, "prettify_trusted differs from prettify");
        }
        assert!(min.len() <= doc.len());
        validate(&min).expect("minified output must validate");
        // A valid document fits a buffer of its own length.
        let mut buf = vec![0u8; doc.len()];
        let n = minify(doc, &mut buf[..]).expect("minify into a slice of the input's length");
        assert_eq!(&buf[..n], &min[..]);
    }
    if min_ok {
        let mut again = Vec::new();
        minify(&min, &mut again).expect("minify of minified output");
        assert_eq!(again, min, "minify is not idempotent");
    }
    if pretty_ok {
        assert!(min_ok, "prettify accepted what minify rejects");
        let mut back = Vec::new();
        minify(&pretty, &mut back).expect("minify of prettified output");
        assert_eq!(back, min, "minify does not undo prettify");
        if valid {
            validate(&pretty).expect("prettified output must validate");
        }
        // A slice one byte short is BufferFull, never a truncated success.
        if !pretty.is_empty() {
            let mut short = vec![0u8; pretty.len() - 1];
            assert!(prettify(doc, &mut short[..], &opts).is_err());
        }
    }
    let mut buf = [0u8; 16];
    let _ = minify(doc, &mut buf);
    let _ = prettify(doc, &mut buf, &opts);

    let mut checked = Reader::new(doc);
    let mut structural = Reader::with_options(doc, ReadOptions::new().validate_skipped(false));
    let skipped = structural.skip_value();
    if checked.skip_value().is_ok() {
        assert!(
            skipped.is_ok(),
            "the structural skip failed where the validating one did not"
        );
        assert_eq!(
            structural.offset(),
            checked.offset(),
            "the two skips end apart"
        );
    }

    // Leaving a container after its first element or member: both skips leave it at the
    // same byte whenever the validating one succeeds.
    let first_then_rest = |mut r: Reader<'_>| -> Option<structio_json::Result<usize>> {
        let rest = match r.peek().ok()? {
            b'[' => {
                if r.begin_array().ok()? {
                    return None;
                }
                r.skip_value().ok()?;
                r.skip_rest_of_array()
            }
            b'{' => {
                if r.begin_object().ok()? {
                    return None;
                }
                r.object_key(&mut structio_json::KeyBuf::new()).ok()?;
                r.skip_value().ok()?;
                r.skip_rest_of_object()
            }
            _ => return None,
        };
        Some(rest.map(|()| r.offset()))
    };
    let checked = first_then_rest(Reader::new(doc));
    let structural = first_then_rest(Reader::with_options(
        doc,
        ReadOptions::new().validate_skipped(false),
    ));
    if let Some(Ok(end)) = checked {
        assert_eq!(
            structural.map(|r| r.ok()),
            Some(Some(end)),
            "leaving a container: the two skips end apart"
        );
    }
});
