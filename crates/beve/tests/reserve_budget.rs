//! The document's reservation budget: every sequence's up-front reservation comes out of one
//! budget of an element per input byte, so counts nested down to the depth limit reserve no
//! more than the document's length in elements, while a valid document's sequences each
//! reserve their whole count at once.
#![cfg(feature = "std")]

use structio_derive::Structio;
use structio_testkit::alloc_count::{counted, CountingAllocator, Counts};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// A type as deep as the document: a list of itself.
#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_beve", transparent)]
struct Node(Vec<Node>);

const LEVELS: usize = 100;
const LEN: usize = 40_000;

/// `LEVELS` generic arrays each opened with a count of every byte left after its header (the
/// most the count check allows), then zeros to `LEN`: each level can claim ~40,000 elements.
fn nested_counts() -> Vec<u8> {
    let mut doc = Vec::with_capacity(LEN);
    for _ in 0..LEVELS {
        let left = (LEN - doc.len() - 5) as u32;
        doc.push(0x05);
        doc.extend_from_slice(&(left << 2 | 2).to_le_bytes());
    }
    doc.resize(LEN, 0);
    doc
}

#[test]
fn nested_counts_reserve_at_most_the_document_in_elements() {
    let doc = nested_counts();
    // Without the budget every level reserved its count (capped at 1 MiB): 100 levels of
    // ~40,000 elements of 24 bytes, 96 MB asked for by a 40 KB document.
    let (Counts { bytes, .. }, r) = counted(|| structio_beve::from_slice::<Node>(&doc));
    let e = r.unwrap_err();
    assert_eq!(e.offset(), 5 * LEVELS, "{e}");
    let bound = LEN * core::mem::size_of::<Node>() + 4096;
    assert!(bytes <= bound, "{bytes} bytes asked for, bound {bound}");

    // The same nesting as plain vectors, and a string array inside them.
    let mut strings = doc.clone();
    strings[5 * 3..5 * 3 + 5].copy_from_slice(&[0x3c, 0xfe, 0xff, 0x00, 0x00]);
    let (Counts { bytes, .. }, r) =
        counted(|| structio_beve::from_slice::<Vec<Vec<Vec<Vec<String>>>>>(&strings));
    assert!(r.is_err());
    assert!(bytes <= LEN * 24 + 4096, "{bytes} bytes asked for");
}

#[test]
fn valid_sequences_reserve_their_count_once() {
    // 1,000 arrays of ten: 1,001 allocations, none of them a regrowth.
    let v: Vec<Vec<u32>> = (0..1000u32).map(|i| (i..i + 10).collect()).collect();
    let doc = structio_beve::to_vec(&v).unwrap();
    let (Counts { allocs, bytes }, back) =
        counted(|| structio_beve::from_slice::<Vec<Vec<u32>>>(&doc).unwrap());
    assert_eq!(back, v);
    assert_eq!((allocs, bytes), (1001, 1000 * 24 + 1000 * 40));

    // A document whose every byte is an element still reserves every count in full.
    let nested: Vec<Vec<Node>> = (0..300)
        .map(|_| (0..3).map(|_| Node(vec![])).collect())
        .collect();
    let doc = structio_beve::to_vec(&nested).unwrap();
    let (Counts { allocs, .. }, back) =
        counted(|| structio_beve::from_slice::<Vec<Vec<Node>>>(&doc).unwrap());
    assert_eq!(back, nested);
    assert_eq!(allocs, 301);
}

#[cfg(feature = "serde")]
#[test]
fn serde_nested_counts_reserve_at_most_the_document_in_elements() {
    #[derive(serde::Deserialize, Debug)]
    struct SerdeNode(#[allow(dead_code)] Vec<SerdeNode>);

    let doc = nested_counts();
    let (Counts { bytes, .. }, r) = counted(|| structio_beve::serde::from_slice::<SerdeNode>(&doc));
    assert!(r.is_err());
    let bound = LEN * core::mem::size_of::<SerdeNode>() + 4096;
    assert!(bytes <= bound, "{bytes} bytes asked for, bound {bound}");

    // A valid document: each sequence offered its whole count.
    let v: Vec<Vec<u32>> = (0..1000u32).map(|i| (i..i + 10).collect()).collect();
    let doc = structio_beve::to_vec(&v).unwrap();
    let (Counts { allocs, .. }, back) =
        counted(|| structio_beve::serde::from_slice::<Vec<Vec<u32>>>(&doc).unwrap());
    assert_eq!(back, v);
    assert_eq!(allocs, 1001);
}

#[cfg(feature = "serde")]
#[test]
fn serde_packed_booleans_are_offered_their_whole_count() {
    // 8,000 booleans in 1,000 bytes: the hint is charged the bytes, so the vector is reserved
    // once, not grown past a budget counted in elements.
    let v: Vec<bool> = (0..8000).map(|i| i % 3 == 0).collect();
    let doc = structio_beve::to_vec(&v).unwrap();
    let (Counts { allocs, bytes }, back) =
        counted(|| structio_beve::serde::from_slice::<Vec<bool>>(&doc).unwrap());
    assert_eq!(back, v);
    assert_eq!((allocs, bytes), (1, 8000));
}
