//! BEVE read into the same derived struct as the JSON target, and into the BEVE-only views;
//! whatever reads writes, and what it writes reads back to the same bytes.
#![no_main]

use std::borrow::Cow;

use libfuzzer_sys::fuzz_target;
use structio_fuzz::{AllKinds, Maps};

fuzz_target!(|data: &[u8]| {
    if let Ok(v) = structio_beve::from_slice::<AllKinds>(data) {
        let b1 = structio_beve::to_vec(&v).expect("a value that read must write");
        let v2 = structio_beve::from_slice::<AllKinds>(&b1).expect("written BEVE must read back");
        if structio_fuzz::self_equal(&v) {
            assert_eq!(v, v2);
        }
        let b2 = structio_beve::to_vec(&v2).unwrap();
        assert_eq!(b1, b2, "writing is not stable");
        // The aligned layout reads back to the same value too.
        let al = structio_beve::to_beve_aligned(&v).unwrap();
        let v3 = structio_beve::from_slice::<AllKinds>(&al).expect("aligned BEVE must read");
        assert_eq!(structio_beve::to_vec(&v3).unwrap(), b1);
    }
    if let Ok(m) = structio_beve::from_slice::<Maps>(data) {
        let b = structio_beve::to_vec(&m).unwrap();
        let m2 = structio_beve::from_slice::<Maps>(&b).expect("written maps must read back");
        assert_eq!(m, m2);
    }
    // Zero-copy views and the other BEVE-only destinations.
    type Views<'a> = (
        Cow<'a, [f64]>,
        Box<[u16]>,
        Box<str>,
        structio_beve::Complex<f32>,
    );
    if let Ok(v) = structio_beve::from_slice::<Views>(data) {
        let b1 = structio_beve::to_vec(&v).unwrap();
        let v2 = structio_beve::from_slice::<Views>(&b1).expect("written views must read back");
        assert_eq!(structio_beve::to_vec(&v2).unwrap(), b1);
    }
    let _ = structio_beve::from_slice::<&[u32]>(data);
    // read_into over a value that holds data: whatever it returns, the value is usable after.
    let mut old = Maps::default();
    old.hm.insert("k".into(), vec![1, 2]);
    let _ = structio_beve::read_into(&mut old, data);
    let _ = structio_beve::to_vec(&old).unwrap();
    let mut hv: heapless::Vec<heapless::String<4>, 3> = heapless::Vec::new();
    let _ = structio_beve::read_into(&mut hv, data);
    let mut buf = [0u8; 64];
    let _ = structio_beve::to_slice(&hv, &mut buf);
});
