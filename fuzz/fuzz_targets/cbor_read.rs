//! CBOR read into typed destinations (numbers, strings, typed arrays, maps, tags, zero-copy
//! views, fixed-capacity containers) and validated as any item: no input panics, and whatever
//! reads writes, reads back and writes the same bytes again.
#![no_main]

use std::borrow::Cow;
use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use structio_cbor::{CborRead, CborWrite, Embedded, Simple, Tagged};

/// Read, write, read the written bytes back, and write them again: both writes must agree (a
/// float read into `f32` or a repeated map key may change the value once, never twice).
fn round_trip<T>(data: &[u8])
where
    T: for<'de> CborRead<'de> + CborWrite,
{
    if let Ok(v) = structio_cbor::from_slice::<T>(data) {
        let b1 = structio_cbor::to_vec(&v).expect("a value that read must write");
        let v2 = structio_cbor::from_slice::<T>(&b1).expect("written CBOR must read back");
        let b2 = structio_cbor::to_vec(&v2).unwrap();
        assert_eq!(b1, b2, "writing is not stable");
        let d1 = structio_cbor::to_vec_deterministic(&v).unwrap();
        let d2 = structio_cbor::to_vec_deterministic(&v2).unwrap();
        assert_eq!(d1, d2, "deterministic writing is not stable");
        structio_cbor::validate(&b1).expect("written CBOR must validate");
    }
}

type Record = (
    Vec<f64>,
    BTreeMap<String, Vec<i64>>,
    Option<String>,
    (u128, i128),
    Vec<Vec<u8>>,
    [f32; 2],
    Tagged<bool>,
    Embedded<Vec<u16>>,
    Simple,
    char,
);

fuzz_target!(|data: &[u8]| {
    let _ = structio_cbor::validate(data);
    round_trip::<Record>(data);
    round_trip::<Vec<String>>(data);
    round_trip::<BTreeMap<i64, Option<f64>>>(data);
    round_trip::<Vec<Vec<i8>>>(data);
    round_trip::<Vec<u64>>(data);
    round_trip::<i128>(data);
    round_trip::<BTreeMap<Vec<u8>, (bool, f32)>>(data);
    // Zero-copy views.
    let _ = structio_cbor::from_slice::<&[f64]>(data);
    let _ = structio_cbor::from_slice::<&str>(data);
    let _ = structio_cbor::from_slice::<&[u8]>(data);
    if let Ok(v) = structio_cbor::from_slice::<(Cow<[u32]>, Cow<str>)>(data) {
        let b = structio_cbor::to_vec(&v).unwrap();
        let v2 = structio_cbor::from_slice::<(Cow<[u32]>, Cow<str>)>(&b).unwrap();
        assert_eq!(v, v2);
    }
    // Reading into values that hold data: whatever it returns, the value is usable after.
    let mut old: Vec<String> = vec!["k".into(); 2];
    let _ = structio_cbor::read_into(&mut old, data);
    let _ = structio_cbor::to_vec(&old).unwrap();
    let mut hv: heapless::Vec<heapless::String<4>, 3> = heapless::Vec::new();
    let _ = structio_cbor::read_into(&mut hv, data);
    let mut buf = [0u8; 64];
    let _ = structio_cbor::to_slice(&hv, &mut buf);
    let mut fixed = [0u16; 4];
    let _ = structio_cbor::read_into(&mut fixed, data);
    // A shallow depth limit on the same input.
    let mut r = structio_cbor::Reader::new(data).with_depth_limit(3);
    let _ = r.skip_value();
});
