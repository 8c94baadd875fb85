//! JSON pointer over raw text: never panics, and on a valid document it names the same value as
//! the pointer of the parsed `Value`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Input: pointer, a 0 byte, then the document.
    let (path, doc) = structio_fuzz::split_at_byte(data, 0);
    let Ok(path) = std::str::from_utf8(path) else {
        return;
    };
    let raw = structio_json::pointer(doc, path);
    let _ = structio_json::pointer_as::<u32>(doc, path);
    let _ = structio_json::pointer_as::<Vec<String>>(doc, path);
    if let Ok(Some(r)) = &raw {
        let bytes = r.as_bytes();
        let _ = (r.kind(), r.offset(), r.as_str());
        assert_eq!(&doc[r.offset()..r.offset() + bytes.len()], bytes);
        same_walk_both_ways(*r);
    }
    // A whole valid document walked by the validated iterators (structural skips) and by the
    // validating ones over the same text: the same members, elements and offsets, no error.
    if let Ok(root) = structio_json::RawValue::from_slice(doc) {
        same_walk_both_ways(root);
        if let (Ok(Some(a)), Ok(Some(b))) = (root.pointer(path), &raw) {
            assert_eq!((a.as_str(), a.offset()), (b.as_str(), b.offset()));
        }
    }
    // Differential with the tree; keys repeated in an object may resolve differently (the raw
    // walk stops at the first match), so documents with duplicates are left out by comparing
    // only where the tree and the text both answer and the text's answer is unique.
    if structio_json::validate(doc).is_ok() {
        let Ok(v) = structio_value::from_slice(doc) else {
            return;
        };
        let tree = v.pointer(path);
        match (&raw, tree) {
            (Ok(Some(r)), Some(t)) => {
                let from_raw = structio_value::from_slice(r.as_bytes()).expect("answer parses");
                if !has_duplicate_keys(doc) {
                    assert_eq!(
                        &from_raw, t,
                        "pointer {path:?} disagrees with Value::pointer"
                    );
                }
            }
            (Ok(None), Some(_)) | (Ok(Some(_)), None) => {
                assert!(
                    has_duplicate_keys(doc),
                    "pointer {path:?}: text {:?} vs tree {:?}",
                    raw.as_ref().map(|o| o.map(|r| r.as_str())),
                    tree
                );
            }
            // A pointer that is not RFC 6901 syntax is an error whatever the document.
            (Err(e), _) if e.kind() == structio_json::ErrorKind::InvalidPointer => {}
            (Err(e), _) => panic!("pointer {path:?} failed on a valid document: {e:?}"),
            (Ok(None), None) => {}
        }
    }
});

/// `v`'s members or elements (and theirs, down to every leaf) by `RawValue`'s iterators, which
/// step over the values inside by their structure, against `object_entries`/`array_elements`
/// over the same text, which validate: equal, and never an error (`v` is validated).
fn same_walk_both_ways(v: structio_json::RawValue<'_>) {
    let inside: Vec<(&str, structio_json::RawValue<'_>)> = v
        .entries()
        .map(|m| m.expect("a validated object iterates"))
        .chain(v.elements().map(|e| ("", e.expect("a validated array iterates"))))
        .collect();
    let checked: Vec<(&str, structio_json::RawValue<'_>)> = match v.kind() {
        structio_json::RawKind::Object => structio_json::object_entries(v.as_bytes())
            .expect("an object")
            .map(|m| m.expect("a validated object iterates"))
            .collect(),
        structio_json::RawKind::Array => structio_json::array_elements(v.as_bytes())
            .expect("an array")
            .map(|e| ("", e.expect("a validated array iterates")))
            .collect(),
        _ => Vec::new(),
    };
    assert_eq!(inside.len(), checked.len());
    for ((k, x), (ck, cx)) in inside.iter().zip(&checked) {
        assert_eq!((*k, x.as_str()), (*ck, cx.as_str()));
        assert_eq!(x.offset(), v.offset() + cx.offset());
        same_walk_both_ways(*x);
    }
}

/// Whether any object in the (valid) document repeats a key, comparing keys by their decoded
/// text (`"a"` and `"\u0061"` are the same key).
fn has_duplicate_keys(doc: &[u8]) -> bool {
    fn check(raw: structio_json::RawValue<'_>) -> bool {
        match raw.kind() {
            structio_json::RawKind::Object => {
                let mut seen = std::collections::HashSet::new();
                for e in raw.entries() {
                    let Ok((k, val)) = e else { return false };
                    let key: String = serde_json::from_str(&format!("\"{k}\"")).unwrap_or_default();
                    if !seen.insert(key) || check(val) {
                        return true;
                    }
                }
                false
            }
            structio_json::RawKind::Array => raw.elements().flatten().any(check),
            _ => false,
        }
    }
    structio_json::RawValue::from_slice(doc)
        .map(check)
        .unwrap_or(false)
}
