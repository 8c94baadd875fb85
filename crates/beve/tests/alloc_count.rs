//! Allocations counted: reading documents of one shape into the same value settles into none,
//! and a hostile length prefix reserves nothing.
#![cfg(feature = "std")]

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
);

fn record(i: usize) -> Record {
    (
        (0..4).map(|k| format!("name {i} {k}")).collect(),
        (0..50).map(|k| (i * k) as f64 * 0.25).collect(),
        (0..20).map(|k| (i + k).is_multiple_of(3)).collect(),
        vec![vec![i as u32; 3], vec![7; 5]],
        Some(format!("note {i}")),
    )
}

fn a_read_loop_settles_into_no_allocation() {
    let docs: Vec<Vec<u8>> = (0..10)
        .map(|i| structio_beve::to_vec(&record(i)).unwrap())
        .collect();
    let mut place = Record::default();
    structio_beve::read_into(&mut place, &docs[9]).unwrap();
    let (Counts { allocs, .. }, _) = counted(|| {
        for _ in 0..3 {
            for doc in &docs {
                structio_beve::read_into(&mut place, doc).unwrap();
            }
        }
    });
    assert_eq!(place, record(9));
    assert_eq!(allocs, 0);

    let mut out = Vec::new();
    structio_beve::write_into(&record(9), &mut out).unwrap();
    let values: Vec<Record> = (0..10).map(record).collect();
    let (Counts { allocs, .. }, _) = counted(|| {
        for v in &values {
            structio_beve::write_into(v, &mut out).unwrap();
        }
    });
    assert_eq!(allocs, 0);
}

fn hostile_counts_reserve_nothing() {
    let docs: [&[u8]; 5] = [
        &[0x64, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00],
        &[0x05, 0xff, 0xff, 0xff, 0x0f, 0x00, 0x00],
        &[0x3c, 0xfe, 0xff, 0xff, 0x0f, 0x00],
        &[0x1c, 0xfe, 0xff, 0xff, 0x7f, 0xff],
        &[0x03, 0xfe, 0xff, 0xff, 0x0f, 0x04, b'a', 0x00],
    ];
    let (Counts { bytes, .. }, _) = counted(|| {
        assert!(structio_beve::from_slice::<Vec<f64>>(docs[0]).is_err());
        assert!(structio_beve::from_slice::<Vec<Vec<u8>>>(docs[1]).is_err());
        assert!(structio_beve::from_slice::<Vec<String>>(docs[2]).is_err());
        assert!(structio_beve::from_slice::<Vec<bool>>(docs[3]).is_err());
        assert!(
            structio_beve::from_slice::<std::collections::HashMap<String, ()>>(docs[4]).is_err()
        );
    });
    assert!(bytes < 1024, "{bytes} bytes requested for hostile input");

    // A count backed by a byte an element, of elements of 8 KiB: the reservation is capped at
    // 1 MiB (it had been the count times the element, 800 MB from this 100 KB document).
    let n: u32 = 100_000;
    let mut doc = vec![0x05];
    doc.extend_from_slice(&(n << 2 | 2).to_le_bytes());
    doc.resize(doc.len() + n as usize, 0);
    let (Counts { bytes, .. }, r) = counted(|| structio_beve::from_slice::<Vec<[u64; 1024]>>(&doc));
    assert!(r.is_err());
    assert!(bytes <= (1 << 20) + 1024, "{bytes} bytes requested");
}

/// `String::read_beve_into` (and a string array's elements): no allocation while the capacity
/// holds the new text, whatever the old length; one, of exactly the shortfall, when it does not.
fn a_string_with_room_refills_without_allocating() {
    let short = structio_beve::to_vec("abc").unwrap();
    let long = structio_beve::to_vec(&"x".repeat(100)).unwrap();
    let full = structio_beve::to_vec(&"y".repeat(128)).unwrap();
    let mut s = String::with_capacity(128);
    let (Counts { allocs, .. }, _) = counted(|| {
        for doc in [&short, &long, &short, &full, &long] {
            structio_beve::read_into(&mut s, doc).unwrap();
        }
    });
    assert_eq!((allocs, s.len()), (0, 100));

    let mut s = String::from("abcd");
    s.shrink_to_fit();
    let (Counts { allocs, bytes }, _) =
        counted(|| structio_beve::read_into(&mut s, &long).unwrap());
    assert_eq!((allocs, bytes), (1, 100));
    assert_eq!(s, "x".repeat(100));

    // Elements of a string array, refilled in place.
    let names = |n: usize| -> Vec<String> { (0..4).map(|k| "n".repeat(n + k)).collect() };
    let mut v = names(30);
    let (small, big) = (
        structio_beve::to_vec(&names(2)).unwrap(),
        structio_beve::to_vec(&names(30)).unwrap(),
    );
    let (Counts { allocs, .. }, _) = counted(|| {
        structio_beve::read_into(&mut v, &small).unwrap();
        structio_beve::read_into(&mut v, &big).unwrap();
    });
    assert_eq!((allocs, &v), (0, &names(30)));
    let mut v = names(0);
    v.iter_mut().for_each(String::shrink_to_fit);
    let (Counts { allocs, .. }, _) = counted(|| structio_beve::read_into(&mut v, &big).unwrap());
    assert_eq!((allocs, &v), (4, &names(30)));
}

#[test]
fn allocations() {
    a_read_loop_settles_into_no_allocation();
    a_string_with_room_refills_without_allocating();
    hostile_counts_reserve_nothing();
}
