//! BEVE read into `Value`: what reads writes, and writing is stable.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(v) = structio_value::from_beve(data) {
        let b1 = structio_value::to_beve(&v).expect("a Value that read must write");
        let v2 = structio_value::from_beve(&b1).expect("written BEVE must read back");
        let b2 = structio_value::to_beve(&v2).unwrap();
        assert_eq!(b1, b2, "writing is not stable");
        // Whatever BEVE held (NaN, infinities, integer keys), the JSON written is valid.
        let j = structio_value::to_vec(&v);
        structio_json::validate(&j).expect("Value wrote invalid JSON");
        let _ = v.to_string();
    }
});
