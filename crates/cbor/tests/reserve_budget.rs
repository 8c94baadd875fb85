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
#[structio(format = "structio_cbor", transparent)]
struct Node(Vec<Node>);

const LEVELS: usize = 100;
const LEN: usize = 40_000;
/// The bytes of one level's array header.
const HEADER: usize = 5;

/// `LEVELS` arrays each opened with a count of every byte left after its header (the most the
/// count check allows), then zeros to `LEN`: each level can claim ~40,000 elements.
fn nested_counts() -> Vec<u8> {
    let mut doc = Vec::with_capacity(LEN);
    for _ in 0..LEVELS {
        let left = (LEN - doc.len() - HEADER) as u32;
        doc.push(0x9a);
        doc.extend_from_slice(&left.to_be_bytes());
    }
    doc.resize(LEN, 0);
    doc
}

#[test]
fn nested_counts_reserve_at_most_the_document_in_elements() {
    let doc = nested_counts();
    // Without the budget every level reserved its count (capped at 1 MiB): 100 levels of
    // ~40,000 elements of 24 bytes, about 95 MB asked for by a 40 KB document.
    let (Counts { bytes, .. }, r) = counted(|| structio_cbor::from_slice::<Node>(&doc));
    let e = r.unwrap_err();
    assert_eq!(e.offset(), HEADER * LEVELS, "{e}");
    let bound = LEN * core::mem::size_of::<Node>() + 4096;
    assert!(bytes <= bound, "{bytes} bytes asked for, bound {bound}");
}

#[test]
fn valid_sequences_reserve_their_count_once() {
    // A document whose every element is an array of three empty ones: each sequence reserves
    // its count once, none regrows.
    let nested: Vec<Vec<Node>> = (0..300)
        .map(|_| (0..3).map(|_| Node(vec![])).collect())
        .collect();
    let doc = structio_cbor::to_vec(&nested).unwrap();
    let (Counts { allocs, .. }, back) =
        counted(|| structio_cbor::from_slice::<Vec<Vec<Node>>>(&doc).unwrap());
    assert_eq!(back, nested);
    assert_eq!(allocs, 301);
}

#[test]
fn an_embedded_item_reserves_within_its_own_length() {
    // 24(h'…') around the nested counts: the embedded reader's budget is the item's length.
    let inner = nested_counts();
    let mut doc = vec![0xd8, 0x18, 0x5a];
    doc.extend_from_slice(&(inner.len() as u32).to_be_bytes());
    doc.extend_from_slice(&inner);
    let mut r = structio_cbor::Reader::new(&doc);
    let mut embedded = r.read_embedded().unwrap();
    let (Counts { bytes, .. }, read) =
        counted(|| <Node as structio_cbor::CborRead>::read_cbor(&mut embedded));
    let e = read.unwrap_err();
    assert_eq!(e.offset(), 7 + HEADER * LEVELS, "{e}");
    let bound = LEN * core::mem::size_of::<Node>() + 4096;
    assert!(bytes <= bound, "{bytes} bytes asked for, bound {bound}");
}
