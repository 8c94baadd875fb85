//! Allocations counted: reading documents of one shape into the same value settles into none,
//! and a hostile length prefix reserves nothing.
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

fn record(i: usize) -> Record {
    (
        (0..4).map(|k| format!("name {i} {k}")).collect(),
        (0..50).map(|k| (i * k) as f64 * 0.25).collect(),
        (0..20).map(|k| (i + k).is_multiple_of(3)).collect(),
        vec![vec![i as u32; 3], vec![7; 5]],
        Some(format!("note {i}")),
        BTreeMap::new(),
    )
}

#[test]
fn allocations() {
    // Records of one shape read into the same value: after the first, no allocation.
    let docs: Vec<Vec<u8>> = (0..20)
        .map(|i| structio_cbor::to_vec(&record(i)).unwrap())
        .collect();
    let mut value = Record::default();
    // Primed with the longest strings, so that no later record needs more room.
    structio_cbor::read_into(&mut value, &docs[19]).unwrap();
    let (Counts { allocs, .. }, _) = counted(|| {
        for doc in &docs[1..] {
            structio_cbor::read_into(&mut value, doc).unwrap();
        }
    });
    assert_eq!(allocs, 0);
    assert_eq!(value, record(19));

    // Hostile counts reserve nothing: 2^60 elements claimed by a ten-byte input.
    let huge = [0x9b, 0x10, 0, 0, 0, 0, 0, 0, 0, 0];
    let (Counts { allocs, bytes }, _) = counted(|| {
        assert!(structio_cbor::from_slice::<Vec<u64>>(&huge).is_err());
        assert!(structio_cbor::from_slice::<Vec<String>>(&huge).is_err());
        assert!(structio_cbor::from_slice::<BTreeMap<u8, u8>>(&[
            0xbb, 0x10, 0, 0, 0, 0, 0, 0, 0, 0
        ])
        .is_err());
        assert!(
            structio_cbor::from_slice::<String>(&[0x7b, 0x10, 0, 0, 0, 0, 0, 0, 0, 0]).is_err()
        );
        assert!(structio_cbor::from_slice::<Vec<f64>>(&[
            0xd8, 0x56, 0x5b, 0x10, 0, 0, 0, 0, 0, 0, 0
        ])
        .is_err());
    });
    // What is allocated is the five errors (a small box each, and the detail the entry point
    // fills in), nothing in proportion to the counts.
    assert!(bytes < 2048, "{allocs} allocations, {bytes} bytes");

    // A definite count the input can hold, of a large element type: the up-front reservation
    // is capped in bytes, so memory stays in proportion to what is actually read.
    let mut doc = vec![0x9a, 0x00, 0x10, 0x00, 0x00]; // 2^20 elements...
    doc.extend(std::iter::repeat_n(0xf6, 1 << 20)); // ...each a one-byte null
    let (Counts { bytes, .. }, _) = counted(|| {
        let v: Vec<Option<[u64; 8]>> = structio_cbor::from_slice(&doc).unwrap();
        assert_eq!(v.len(), 1 << 20);
    });
    // The elements themselves need 72 MiB; growing by doubling ends with at most twice that
    // and, over all its steps, asks for at most twice the final size.
    assert!(bytes <= 4 * 72 * (1 << 20), "{bytes}");
}
