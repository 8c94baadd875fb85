//! BJData read into a `Value`: no input panics, and whatever reads writes in both modes to
//! bytes that read back to a tree that writes the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use structio_bjdata::Mode;
use structio_value::{from_bjdata, to_bjdata_with};

fuzz_target!(|data: &[u8]| {
    let Ok(v) = from_bjdata(data) else {
        return;
    };
    assert!(
        structio_bjdata::validate(data).is_ok(),
        "read but did not validate"
    );
    for mode in [Mode::Speed, Mode::Size] {
        let once = to_bjdata_with(&v, mode).unwrap();
        let back = from_bjdata(&once).expect("own output reads");
        assert_eq!(to_bjdata_with(&back, mode).unwrap(), once);
    }
});
