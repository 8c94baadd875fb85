//! JSON read into `Value`: what reads writes, writing is stable, the tree agrees with the
//! validator, it survives a trip through BEVE, and a `Reader` reused across inputs (carving
//! from the last tree's chunk, or not while that tree lives) reads what a fresh one reads.
#![no_main]

use std::cell::RefCell;

use libfuzzer_sys::fuzz_target;

thread_local! {
    /// A reader kept across inputs, and the last tree it read when that one is kept alive.
    static REUSED: RefCell<(structio_value::Reader, Option<structio_value::Value>)> =
        RefCell::new(Default::default());
}

fuzz_target!(|data: &[u8]| {
    let parsed = structio_value::from_slice(data);
    REUSED.with(|cell| {
        let (reader, kept) = &mut *cell.borrow_mut();
        let again = reader.read(data);
        match (&parsed, &again) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(a), Err(b)) => assert_eq!((a.kind(), a.offset()), (b.kind(), b.offset())),
            _ => panic!("a reused Reader disagrees with from_slice: {parsed:?} {again:?}"),
        }
        // Every other tree lives until the next input, so the reader meets both a spare chunk
        // still in use and one given back.
        *kept = if data.len() % 2 == 1 {
            again.ok()
        } else {
            None
        };
    });
    let valid = structio_json::validate(data);
    if let Ok(v) = parsed {
        // Value accepts only documents the validator accepts (it may refuse more: depth).
        assert!(
            valid.is_ok(),
            "Value read a document validate rejects: {valid:?}"
        );
        let b1 = structio_value::to_vec(&v);
        let v2 = structio_value::from_slice(&b1).expect("written JSON must read back");
        let b2 = structio_value::to_vec(&v2);
        assert_eq!(b1, b2, "writing is not stable");
        let pretty = structio_value::to_vec_pretty(&v);
        let v3 = structio_value::from_slice(&pretty).expect("pretty JSON must read back");
        assert_eq!(structio_value::to_vec(&v3), b1);
        // JSON -> Value -> BEVE -> Value -> JSON gives the same text.
        let beve = structio_value::to_beve(&v).expect("a Value must write BEVE");
        let v4 = structio_value::from_beve(&beve).expect("written BEVE must read back");
        assert_eq!(structio_value::to_vec(&v4), b1);
        let _ = v.to_string();
    }
});
