//! The document's reservation budget (a module of `alloc_count.rs`, whose counting allocator it
//! uses): every counted sequence read element by element reserves out of one budget of an element
//! per input byte, so counts nested down to the depth limit reserve no more than the document's
//! length in elements, while a valid document's sequences each reserve their whole count at once.
use structio_testkit::alloc_count::{counted, Counts};

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
fn a_string_array_under_nested_counts_reserves_only_its_own_count() {
    // The fourth level a string array of 16,383 strings, read into plain vectors: the levels
    // above share the budget; the string array, a leaf whose strings take their bytes as they
    // are read, reserves its count under the 1 MiB cap alone.
    let mut doc = nested_counts();
    doc[HEADER * 3..HEADER * 4].copy_from_slice(&[0x3c, 0xfe, 0xff, 0x00, 0x00]);
    let (Counts { bytes, .. }, r) =
        counted(|| structio_beve::from_slice::<Vec<Vec<Vec<Vec<String>>>>>(&doc));
    assert!(r.is_err());
    let bound = LEN * 24 + 16_383 * 24 + 4096;
    assert!(bytes <= bound, "{bytes} bytes asked for, bound {bound}");
}

/// A fixed capacity is checked against the whole count, not what the budget reserves: with
/// the budget spent by the two outer arrays (45 and 5 of 50), a count of 5 into
/// `heapless::Vec<_, 2>` is TooManyElements at its header, before its first (bad) element
/// is read.
#[cfg(feature = "heapless")]
#[test]
fn a_fixed_capacity_is_checked_against_the_whole_count() {
    let mut doc = vec![0x05];
    doc.extend_from_slice(&(45u32 << 2 | 2).to_le_bytes());
    doc.extend_from_slice(&[0x05, 5 << 2, 0x05, 5 << 2, 0xff]);
    doc.resize(50, 0);
    let e = structio_beve::from_slice::<Vec<Vec<heapless::Vec<u8, 2>>>>(&doc).unwrap_err();
    assert_eq!(
        (e.kind(), e.offset()),
        (structio_beve::ErrorKind::TooManyElements, 7)
    );
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

    #[derive(serde::Deserialize, Debug)]
    struct SerdeMapNode(#[allow(dead_code)] std::collections::HashMap<String, SerdeMapNode>);

    #[test]
    fn nested_map_counts_reserve_at_most_the_document_in_members() {
        // 100 objects each of one key, "a", whose value is the next: each count claims every
        // byte left after its header, two a member.
        let mut doc = Vec::with_capacity(LEN);
        for _ in 0..LEVELS {
            let left = (LEN - doc.len() - 5) as u32 / 2;
            doc.push(0x03);
            doc.extend_from_slice(&(left << 2 | 2).to_le_bytes());
            doc.extend_from_slice(&[0x04, b'a']);
        }
        doc.resize(LEN, 0);
        let (Counts { bytes, .. }, r) =
            counted(|| structio_beve::serde::from_slice::<SerdeMapNode>(&doc));
        assert!(r.is_err());
        // A member's bucket (a key and a node, 72 bytes, and a control byte) twice over for the
        // table's load factor and power-of-two size.
        let bound = LEN * 2 * 73 + 4096;
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
