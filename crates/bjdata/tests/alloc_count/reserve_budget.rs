//! The document's reservation budget (a module of `alloc_count.rs`, whose counting allocator it
//! uses): every sequence's up-front reservation comes out of one budget of an element per input
//! byte, so counts nested down to the depth limit reserve no more than the document's length in
//! elements, while a valid document's sequences each reserve their whole count at once.
structio_testkit::reserve_budget_tests! {
    krate: structio_bjdata,
    format: "structio_bjdata",
    header: 7,
    // An array with an `int32` count.
    open: |doc: &mut Vec<u8>, left: usize| {
        doc.extend_from_slice(b"[#l");
        doc.extend_from_slice(&(left as i32).to_le_bytes());
    },
}
