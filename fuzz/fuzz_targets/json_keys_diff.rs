//! Differential: a derived struct's reader (which first compares the bytes at the cursor with
//! the encoding of the member after the last one read, and reads and looks up any other key)
//! against serde_json's derive on the same document, both denying repeated keys (serde's
//! derive always does). Only documents serde_json reads as JSON, at most 100 levels deep, are
//! compared, so that the readers can differ on keys alone; the builder (`from_slice`) and the
//! in-place reader (`read_into` over a filled value) must agree with each other as well.
#![no_main]

use libfuzzer_sys::fuzz_target;
use structio_fuzz::{Keyed, KeyedSerde};

fuzz_target!(|data: &[u8]| {
    let opts = structio_json::ReadOptions::new().deny_duplicate_keys(true);
    let whole = structio_json::from_slice_with::<Keyed>(data, opts);
    let mut filled = Keyed {
        a: true,
        quoted: true,
        long_name_past_eight_bytes: true,
        ab: true,
        d: Some(true),
    };
    let in_place = structio_json::read_into_with(&mut filled, data, opts).map(|()| filled);
    match (&whole, &in_place) {
        (Ok(x), Ok(y)) => assert_eq!(x, y, "from_slice and read_into read different values"),
        (Err(x), Err(y)) => assert_eq!(
            (x.kind(), x.offset()),
            (y.kind(), y.offset()),
            "from_slice and read_into fail differently"
        ),
        _ => panic!("from_slice and read_into disagree: {whole:?} / {in_place:?}"),
    }
    let nesting = data.iter().filter(|&&b| b == b'[' || b == b'{').count();
    if nesting > 100 || serde_json::from_slice::<serde_json::Value>(data).is_err() {
        return;
    }
    match (&whole, serde_json::from_slice::<KeyedSerde>(data)) {
        (Ok(x), Ok(y)) => {
            let y = Keyed {
                a: y.a,
                quoted: y.quoted,
                long_name_past_eight_bytes: y.long_name_past_eight_bytes,
                ab: y.ab,
                d: y.d,
            };
            assert_eq!(x, &y);
        }
        (Err(_), Err(_)) => {}
        (ours, theirs) => panic!("structio {ours:?}, serde_json {theirs:?}"),
    }
});
