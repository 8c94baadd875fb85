//! The reservation-budget tests every binary format runs (BEVE, CBOR, BJData), written once:
//! a format names its crate, its derive `format` string and how one level's array header with
//! a count is written.

/// Expands to a recursive `Node` (a list of itself, derived for the format), the document
/// `nested_counts()` (`LEVELS` array headers, each with a count of every byte left after it,
/// then zeros to `LEN` bytes), and two tests: those nested counts ask for no more than `LEN`
/// nodes' bytes in all, and a valid document of arrays reserves each count once. Needs
/// `structio_derive` and the counting allocator installed as the test's global allocator.
///
/// ```text
/// structio_testkit::reserve_budget_tests! {
///     krate: structio_cbor,
///     format: "structio_cbor",
///     header: 5,
///     open: |doc: &mut Vec<u8>, left: usize| {
///         doc.push(0x9a);
///         doc.extend_from_slice(&(left as u32).to_be_bytes());
///     },
/// }
/// ```
#[macro_export]
macro_rules! reserve_budget_tests {
    (krate: $krate:ident, format: $format:tt, header: $header:expr, open: $open:expr $(,)?) => {
        /// A type as deep as the document: a list of itself.
        #[derive(structio_derive::Structio, Debug, PartialEq)]
        #[structio(format = $format, transparent)]
        struct Node(Vec<Node>);

        const LEVELS: usize = 100;
        const LEN: usize = 40_000;
        /// The bytes of one level's array header.
        const HEADER: usize = $header;

        /// `LEVELS` arrays each opened with a count of every byte left after its header (the
        /// most the count check allows), then zeros to `LEN`: each level can claim ~40,000
        /// elements.
        fn nested_counts() -> Vec<u8> {
            let open: fn(&mut Vec<u8>, usize) = $open;
            let mut doc = Vec::with_capacity(LEN);
            for _ in 0..LEVELS {
                let left = LEN - doc.len() - HEADER;
                open(&mut doc, left);
            }
            doc.resize(LEN, 0);
            doc
        }

        #[test]
        fn nested_counts_reserve_at_most_the_document_in_elements() {
            use $crate::alloc_count::{counted, Counts};
            let doc = nested_counts();
            assert_eq!(doc.len(), LEN);
            // Without the budget every level reserved its count (capped at 1 MiB): 100 levels
            // of ~40,000 elements of 24 bytes, about 95 MB asked for by a 40 KB document.
            let (Counts { bytes, .. }, r) = counted(|| $krate::from_slice::<Node>(&doc));
            let e = r.unwrap_err();
            assert_eq!(e.offset(), HEADER * LEVELS, "{e}");
            let bound = LEN * core::mem::size_of::<Node>() + 4096;
            assert!(bytes <= bound, "{bytes} bytes asked for, bound {bound}");
        }

        #[test]
        fn valid_sequences_reserve_their_count_once() {
            use $crate::alloc_count::{counted, Counts};
            // Every element an array of three empty ones: each sequence reserves its count
            // once, none regrows.
            let nested: Vec<Vec<Node>> = (0..300)
                .map(|_| (0..3).map(|_| Node(vec![])).collect())
                .collect();
            let doc = $krate::to_vec(&nested).unwrap();
            let (Counts { allocs, .. }, back) =
                counted(|| $krate::from_slice::<Vec<Vec<Node>>>(&doc).unwrap());
            assert_eq!(back, nested);
            assert_eq!(allocs, 301);
        }
    };
}
