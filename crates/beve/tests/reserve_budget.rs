//! The document's reservation budget: every sequence's up-front reservation comes out of one
//! budget of an element per input byte, so counts nested down to the depth limit reserve no
//! more than the document's length in elements, while a valid document's sequences each
//! reserve their whole count at once.
#![cfg(feature = "std")]

use structio_testkit::alloc_count::{counted, CountingAllocator, Counts};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

structio_testkit::reserve_budget_tests! {
    krate: structio_beve,
    format: "structio_beve",
    header: 5,
    // A generic array with a four-byte compressed SIZE.
    open: |doc: &mut Vec<u8>, left: usize| {
        doc.push(0x05);
        doc.extend_from_slice(&((left as u32) << 2 | 2).to_le_bytes());
    },
}

#[test]
fn a_string_array_under_nested_counts_takes_from_the_same_budget() {
    // The fourth level a string array of 16,383 strings, read into plain vectors.
    let mut doc = nested_counts();
    doc[HEADER * 3..HEADER * 4].copy_from_slice(&[0x3c, 0xfe, 0xff, 0x00, 0x00]);
    let (Counts { bytes, .. }, r) =
        counted(|| structio_beve::from_slice::<Vec<Vec<Vec<Vec<String>>>>>(&doc));
    assert!(r.is_err());
    assert!(bytes <= LEN * 24 + 4096, "{bytes} bytes asked for");
}

#[test]
fn typed_arrays_inside_a_valid_document_reserve_once() {
    // 1,000 typed arrays of ten: 1,001 allocations, none of them a regrowth.
    let v: Vec<Vec<u32>> = (0..1000u32).map(|i| (i..i + 10).collect()).collect();
    let doc = structio_beve::to_vec(&v).unwrap();
    let (Counts { allocs, bytes }, back) =
        counted(|| structio_beve::from_slice::<Vec<Vec<u32>>>(&doc).unwrap());
    assert_eq!(back, v);
    assert_eq!((allocs, bytes), (1001, 1000 * 24 + 1000 * 40));
}

#[cfg(feature = "serde")]
mod serde_path {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    struct SerdeNode(#[allow(dead_code)] Vec<SerdeNode>);

    #[test]
    fn nested_counts_reserve_at_most_the_document_in_elements() {
        let doc = nested_counts();
        let (Counts { bytes, .. }, r) =
            counted(|| structio_beve::serde::from_slice::<SerdeNode>(&doc));
        assert!(r.is_err());
        let bound = LEN * core::mem::size_of::<SerdeNode>() + 4096;
        assert!(bytes <= bound, "{bytes} bytes asked for, bound {bound}");
    }

    #[test]
    fn valid_sequences_are_offered_their_whole_count() {
        let v: Vec<Vec<u32>> = (0..1000u32).map(|i| (i..i + 10).collect()).collect();
        let doc = structio_beve::to_vec(&v).unwrap();
        let (Counts { allocs, .. }, back) =
            counted(|| structio_beve::serde::from_slice::<Vec<Vec<u32>>>(&doc).unwrap());
        assert_eq!(back, v);
        assert_eq!(allocs, 1001);
    }

    #[test]
    fn packed_booleans_are_offered_their_whole_count() {
        // 8,000 booleans in 1,000 bytes: the hint is charged the bytes, so the vector is
        // reserved once, not grown past a budget counted in elements.
        let v: Vec<bool> = (0..8000).map(|i| i % 3 == 0).collect();
        let doc = structio_beve::to_vec(&v).unwrap();
        let (Counts { allocs, bytes }, back) =
            counted(|| structio_beve::serde::from_slice::<Vec<bool>>(&doc).unwrap());
        assert_eq!(back, v);
        assert_eq!((allocs, bytes), (1, 8000));
    }
}
