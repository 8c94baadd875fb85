//! `WriteOptions::serde_json()` and `serde_json_pretty()` give serde_json's bytes: random floats
//! of every magnitude, f32 too, and nested documents laid out.

use std::collections::BTreeMap;

use structio_json::WriteOptions;
use structio_testkit::Rng;

#[track_caller]
fn same<T: structio_json::JsonWrite + serde::Serialize + ?Sized>(v: &T) {
    let ours = structio_json::to_string_with(v, WriteOptions::serde_json()).unwrap();
    assert_eq!(ours, serde_json::to_string(v).unwrap());
    let pretty = structio_json::to_string_with(v, WriteOptions::serde_json_pretty()).unwrap();
    assert_eq!(pretty, serde_json::to_string_pretty(v).unwrap());
}

#[test]
fn floats_of_every_magnitude() {
    let fixed = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        100.0,
        0.1,
        0.5,
        1e15,
        1e16,
        1.5e16,
        9007199254740993.0,
        1e-4,
        1e-5,
        1.2345e-5,
        1e-6,
        1.5e-7,
        5e-324,
        2.2250738585072014e-308,
        1.7976931348623157e308,
        123456789012345.67,
        1e21,
        1e22,
        1e300,
        -1e-300,
        0.3,
        2.0 / 3.0,
    ];
    for f in fixed {
        same(&f);
    }
    let mut rng = Rng::new(0x5e7d_e150);
    for _ in 0..200_000 {
        let f = f64::from_bits(rng.next_u64());
        if f.is_finite() {
            same(&f);
        }
        // Values with few digits at every scale, where the layout thresholds are.
        let digits = (rng.next_u64() % 100_000) as f64;
        let scale = 10f64.powi((rng.next_u64() % 60) as i32 - 30);
        same(&(digits * scale));
    }
}

#[test]
fn f32_floats() {
    let mut rng = Rng::new(32);
    for _ in 0..100_000 {
        let f = f32::from_bits(rng.next_u64() as u32);
        if f.is_finite() {
            same(&f);
        }
    }
    for f in [0.1f32, 16777216.0, 1e20, 1e-7, f32::MAX, f32::MIN_POSITIVE] {
        same(&f);
    }
}

#[test]
fn nested_documents_laid_out() {
    let mut m = BTreeMap::new();
    m.insert("empty list".to_string(), vec![]);
    m.insert("floats".to_string(), vec![1.0, 2.5e-8, 3e100]);
    let doc = (m, vec![Some(1u8), None], "text", (true, [[0.5f64; 2]; 2]));
    same(&doc);
    // Non-finite floats are null in both.
    same(&[f64::NAN, f64::INFINITY]);
}

#[test]
fn the_default_stays_glaze_layout() {
    assert_eq!(
        structio_json::to_string(&[100.0f64, 1e300]).unwrap(),
        "[100,1E300]"
    );
    let o = WriteOptions::new().pretty(3);
    assert_eq!(
        structio_json::to_string_with(&[1.0f64], o).unwrap(),
        structio_json::to_string_pretty(&[1.0f64]).unwrap()
    );
    // A fixed sink with serde_json floats reports a full buffer, never a cut number.
    let mut buf = [0u8; 4];
    let mut w = structio_json::Writer::with_options(
        structio_json::SliceSink::new(&mut buf),
        WriteOptions::serde_json(),
    );
    let err = w.write_f64(1e300).unwrap_err();
    assert_eq!(err.kind(), structio_json::ErrorKind::BufferFull);
}
