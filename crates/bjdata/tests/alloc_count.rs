//! Allocations counted: reading documents of one shape into the same value settles into none,
//! and a hostile count reserves nothing.
#![cfg(feature = "std")]

use std::collections::BTreeMap;
use structio_testkit::alloc_count::{counted, CountingAllocator, Counts};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Its tests need this file's counting allocator; a test file of their own would be one more
/// binary linked in every test configuration.
#[path = "alloc_count/reserve_budget.rs"]
mod reserve_budget;

type Record = (
    Vec<String>,
    Vec<f64>,
    Vec<bool>,
    Vec<Vec<u32>>,
    Option<String>,
    BTreeMap<String, i64>,
);

type Refilled = (
    Vec<String>,
    Vec<f64>,
    Vec<bool>,
    Vec<Vec<u32>>,
    Option<String>,
);

fn record(i: usize) -> Record {
    (
        (0..4).map(|k| format!("name {i} {k}")).collect(),
        (0..50).map(|k| (i * k) as f64 * 0.25).collect(),
        (0..9).map(|k| (i + k).is_multiple_of(3)).collect(),
        (0..3).map(|k| vec![(i + k) as u32; 5]).collect(),
        Some(format!("note {i}")),
        (0..3).map(|k| (format!("k{k}"), (i * k) as i64)).collect(),
    )
}

#[test]
fn allocations() {
    use structio_bjdata::{from_slice, read_into, to_vec_with, Mode};
    // Documents of one shape, in both modes: after the first read, refills allocate nothing.
    for mode in [Mode::Speed, Mode::Size] {
        let docs: Vec<Vec<u8>> = (0..20)
            .map(|i| to_vec_with(&record(i), mode).unwrap())
            .collect();
        let mut value: Record = Default::default();
        read_into(&mut value, &docs[0]).unwrap();
        // Maps rebuild their nodes (as every structio format's BTreeMap does); the rest is
        // refilled in place.
        let mut v2: Refilled = Default::default();
        let docs2: Vec<Vec<u8>> = (0..20)
            .map(|i| {
                let r = record(i);
                to_vec_with(&(r.0, r.1, r.2, r.3, r.4), mode).unwrap()
            })
            .collect();
        // Warm up on the longest strings.
        read_into(&mut v2, &docs2[19]).unwrap();
        let (Counts { allocs: n, .. }, _) = counted(|| {
            for d in &docs2 {
                read_into(&mut v2, d).unwrap();
            }
        });
        assert_eq!(n, 0, "{mode:?}: refills allocated");
        assert_eq!(v2.1, record(19).1);
        read_into(&mut value, &docs[19]).unwrap();
        assert_eq!(value, record(19));
    }
    // A hostile count reserves nothing: what is allocated is the two errors (each one small
    // box, and the detail the entry point fills in).
    let doc = b"[#M\x00\x00\x00\x00\x00\x00\x00\x10";
    let (Counts { bytes, .. }, _) = counted(|| {
        assert!(from_slice::<Vec<String>>(doc).is_err());
        assert!(from_slice::<Vec<f64>>(doc).is_err());
    });
    assert!(bytes < 1024, "{bytes} bytes for two errors");
    // A count the input seems to back, of large elements, reserves at most a capped amount
    // before the first element fails.
    let mut doc = b"[#m\x00\x00\x01\x00".to_vec();
    doc.resize(doc.len() + 65536, b'x');
    let (Counts { bytes, .. }, _) = counted(|| {
        assert!(from_slice::<Vec<Option<[u64; 64]>>>(&doc).is_err());
    });
    // The cap is 1 MiB; the error itself takes a few bytes more.
    assert!(bytes <= (1 << 20) + 1024, "{bytes} bytes reserved");
    // Numeric arrays: one allocation each, the exact size.
    let doc = structio_bjdata::to_vec(&vec![1.5f64; 1000]).unwrap();
    let (Counts { allocs: n, bytes }, _) = counted(|| {
        let v: Vec<f64> = from_slice(&doc).unwrap();
        assert_eq!(v.len(), 1000);
    });
    assert_eq!((n, bytes), (1, 8000));
}
