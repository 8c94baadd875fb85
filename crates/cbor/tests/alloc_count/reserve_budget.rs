//! The document's reservation budget (a module of `alloc_count.rs`, whose counting allocator it
//! uses): every sequence's up-front reservation comes out of one budget of an element per input
//! byte, so counts nested down to the depth limit reserve no more than the document's length in
//! elements, while a valid document's sequences each reserve their whole count at once.
use structio_testkit::alloc_count::{counted, Counts};

structio_testkit::reserve_budget_tests! {
    krate: structio_cbor,
    format: "structio_cbor",
    header: 5,
    // A definite-length array with a four-byte count.
    open: |doc: &mut Vec<u8>, left: usize| {
        doc.push(0x9a);
        doc.extend_from_slice(&(left as u32).to_be_bytes());
    },
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
