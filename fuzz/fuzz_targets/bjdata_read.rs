//! BJData read into typed destinations (numbers, strings, packed arrays, ND arrays, maps,
//! tuples, zero-copy views, fixed-capacity containers), as UBJSON too, and validated as any
//! value: no input panics, whatever reads as a dynamic value validates and writes in both
//! modes to bytes that read back to the same value.
#![no_main]

use std::borrow::Cow;
use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use structio_bjdata::{
    from_slice, from_slice_ubjson, to_vec, to_vec_with, validate, BjdataRead, BjdataWrite,
    Extension, HighPrecision, Mode, NdArray,
};

#[path = "../../crates/bjdata/tests/support/dynamic.rs"]
mod dynamic;
use dynamic::Dyn;

/// Reads `T`; if that works, its speed-mode bytes read back and write the same bytes again.
fn typed<T>(data: &[u8])
where
    T: for<'de> BjdataRead<'de> + BjdataWrite,
{
    if let Ok(v) = from_slice::<T>(data) {
        let once = to_vec(&v).unwrap();
        let back: T = from_slice(&once).expect("own output reads");
        assert_eq!(to_vec(&back).unwrap(), once);
        let small = to_vec_with(&v, Mode::Size).unwrap();
        let back: T = from_slice(&small).expect("own size output reads");
        assert_eq!(to_vec(&back).unwrap(), once);
    }
}

fuzz_target!(|data: &[u8]| {
    let valid = validate(data).is_ok();
    if let Ok(v) = from_slice::<Dyn>(data) {
        assert!(valid, "read but did not validate");
        for mode in [Mode::Speed, Mode::Size] {
            let bytes = to_vec_with(&v, mode).unwrap();
            assert_eq!(from_slice::<Dyn>(&bytes).expect("own output reads"), v);
            assert!(validate(&bytes).is_ok());
        }
    }
    let _ = from_slice_ubjson::<Dyn>(data);
    typed::<Vec<f64>>(data);
    typed::<Vec<u8>>(data);
    typed::<Vec<i16>>(data);
    typed::<Vec<String>>(data);
    typed::<(u8, String, Option<bool>)>(data);
    typed::<Option<Vec<i32>>>(data);
    typed::<BTreeMap<String, i64>>(data);
    typed::<[u16; 3]>(data);
    typed::<Vec<Vec<f32>>>(data);
    typed::<NdArray<f32>>(data);
    typed::<NdArray<u64>>(data);
    typed::<u128>(data);
    typed::<i128>(data);
    typed::<char>(data);
    typed::<heapless::Vec<u8, 8>>(data);
    typed::<heapless::String<8>>(data);
    let _ = from_slice::<Cow<[f64]>>(data);
    let _ = from_slice::<&[u32]>(data);
    let _ = from_slice::<&str>(data);
    let _ = from_slice::<HighPrecision>(data);
    let _ = from_slice::<Extension>(data);
    let _ = from_slice_ubjson::<Vec<f64>>(data);
    let _ = from_slice_ubjson::<BTreeMap<String, Vec<i64>>>(data);
});
