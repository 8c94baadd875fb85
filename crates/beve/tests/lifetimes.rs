//! Borrowing impls are general in their lifetime (`impl<'de: 'a, 'a> BeveRead<'de> for &'a str`),
//! so a type holding two lifetimes reads from one document, derived or written by hand.
#![cfg(feature = "std")]

use std::borrow::Cow;
use std::collections::BTreeMap;

use structio_beve::{from_slice, to_beve_aligned, to_vec, BeveRead, Reader};
use structio_derive::Beve;

#[derive(Beve, Debug, PartialEq)]
struct Two<'a, 'b> {
    name: &'a str,
    label: Cow<'b, str>,
    samples: Cow<'a, [f64]>,
    raw: &'b [u8],
    tags: Vec<&'a str>,
    names: Vec<Cow<'b, str>>,
    by_key: BTreeMap<&'a str, Cow<'b, str>>,
}

fn sample() -> Two<'static, 'static> {
    Two {
        name: "pump",
        label: Cow::Borrowed("main \u{e9}"),
        samples: Cow::Owned(vec![1.5, -0.25, 8.0]),
        raw: b"\x01\x02\x03",
        tags: vec!["a", "bb"],
        names: vec![Cow::Borrowed("x"), Cow::Borrowed("")],
        by_key: BTreeMap::from([("k", Cow::Borrowed("v"))]),
    }
}

#[test]
fn a_derived_type_with_two_lifetimes_borrows_from_the_document() {
    let doc = to_vec(&sample()).unwrap();
    let back: Two = from_slice(&doc).unwrap();
    assert_eq!(back, sample());
    let range = doc.as_ptr_range();
    let inside = |p: *const u8| range.contains(&p);
    assert!(inside(back.name.as_ptr()));
    assert!(matches!(back.label, Cow::Borrowed(s) if inside(s.as_ptr())));
    assert!(inside(back.raw.as_ptr()));
    assert!(back.tags.iter().all(|s| inside(s.as_ptr())));
    assert!(back.names.iter().all(|s| matches!(s, Cow::Borrowed(_))));

    // Aligned: the f64 view borrows too when the buffer allows (else it is an owned copy).
    let aligned = to_beve_aligned(&sample()).unwrap();
    let mut storage = vec![0u64; aligned.len().div_ceil(8)];
    let bytes = &mut bytemuck::cast_slice_mut::<u64, u8>(&mut storage)[..aligned.len()];
    bytes.copy_from_slice(&aligned);
    let back: Two = from_slice(bytes).unwrap();
    assert_eq!(back, sample());
    assert!(matches!(back.samples, Cow::Borrowed(_)));
}

/// A hand-written impl in the shape the derive emits for two lifetimes.
#[derive(Debug, PartialEq)]
struct Pair<'a, 'b> {
    first: &'a str,
    second: Cow<'b, [u32]>,
}

impl<'de: 'a + 'b, 'a, 'b> BeveRead<'de> for Pair<'a, 'b> {
    fn read_beve(r: &mut Reader<'de>) -> structio_beve::Result<Self> {
        let (first, second) = <(&'a str, Cow<'b, [u32]>)>::read_beve(r)?;
        Ok(Pair { first, second })
    }
}

#[test]
fn a_hand_written_impl_with_two_lifetimes() {
    let doc = to_vec(&("s", vec![1u32, 2])).unwrap();
    let p: Pair = from_slice(&doc).unwrap();
    assert_eq!(p.first, "s");
    assert_eq!(&*p.second, [1, 2]);
    // The shorter lifetime of the two reads as well as the document's own.
    let short: &[u8] = &doc;
    let q = Pair::read_beve(&mut Reader::new(short)).unwrap();
    assert_eq!(q, p);
}
