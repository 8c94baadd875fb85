//! Differential: the padded readers (`from_padded` and `read_into_padded` in structio-json,
//! `from_padded` in structio-value) against the bounded ones on the same document. The read
//! over the padded bytes must succeed exactly where the bounded read succeeds, with the same
//! value, and the padded entry points must fail with the bounded read's error (kind and
//! offset), for derived structs, vectors, maps and the tree, with skipped values validated and
//! not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use structio_fuzz::{AllKinds, Maps};
use structio_json::{JsonRead, PaddedBytes, ReadOptions};

fn agree<'a, T>(data: &'a [u8], padded: &'a PaddedBytes, opts: ReadOptions)
where
    T: JsonRead<'a> + PartialEq + std::fmt::Debug,
{
    let bounded = structio_json::from_slice_with::<T>(data, opts);
    let only = structio_json::read_padded_only::<T>(padded.as_padded(), opts);
    match (&bounded, &only) {
        (Ok(a), Ok(b)) => {
            if structio_fuzz::self_equal(a) {
                assert_eq!(a, b, "the padded read's value differs");
            }
        }
        (Err(_), Err(_)) => {}
        _ => panic!("padded {only:?}, bounded {bounded:?}"),
    }
    if let (Err(a), Err(b)) = (&bounded, structio_json::from_padded_with::<T>(padded, opts)) {
        assert_eq!((a.kind(), a.offset()), (b.kind(), b.offset()), "errors differ");
    }
}

fuzz_target!(|data: &[u8]| {
    let padded = PaddedBytes::new(data);
    for opts in [
        ReadOptions::new(),
        ReadOptions::new().validate_skipped(false),
    ] {
        agree::<AllKinds>(data, &padded, opts);
        agree::<Maps>(data, &padded, opts);
        agree::<Vec<f64>>(data, &padded, opts);
        agree::<Vec<i64>>(data, &padded, opts);
        agree::<Vec<&str>>(data, &padded, opts);
        agree::<Vec<bool>>(data, &padded, opts);
    }
    // `read_into_padded` over a filled value: the bounded `read_into`'s result or error.
    let filled = || vec![String::from("old"); 3];
    let (mut a, mut b) = (filled(), filled());
    match (
        structio_json::read_into(&mut a, data),
        structio_json::read_into_padded(&mut b, &padded),
    ) {
        (Ok(()), Ok(())) => assert_eq!(a, b),
        (Err(x), Err(y)) => assert_eq!((x.kind(), x.offset()), (y.kind(), y.offset())),
        (x, y) => panic!("read_into {x:?}, read_into_padded {y:?}"),
    }
    let bounded = structio_value::from_slice(data);
    let only = structio_value::Reader::new().read_padded_only(padded.as_padded());
    match (&bounded, &only) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "the padded tree differs"),
        (Err(_), Err(_)) => {}
        _ => panic!("padded tree {only:?}, bounded {bounded:?}"),
    }
    if let (Err(a), Err(b)) = (&bounded, structio_value::from_padded(&padded)) {
        assert_eq!((a.kind(), a.offset()), (b.kind(), b.offset()), "tree errors differ");
    }
});
