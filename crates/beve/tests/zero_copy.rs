//! `to_beve_aligned` documents read in place: a `Cow<[f64]>`/`&[f64]` points into the input when
//! the input's address allows, and copies (or, for `&[f64]`, fails) when it does not.
#![cfg(feature = "std")]

use std::borrow::Cow;
use std::ops::Range;

use structio_beve::{
    from_slice, to_beve_aligned, BeveRead, BeveWrite, ErrorKind, Reader, Sink, Writer,
};

/// A document copied into 8-byte-aligned storage, optionally shifted by `shift` bytes.
fn placed(doc: &[u8], shift: usize) -> Vec<u64> {
    let mut storage = vec![0u64; (doc.len() + shift).div_ceil(8) + 1];
    let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut storage);
    bytes[shift..shift + doc.len()].copy_from_slice(doc);
    storage
}

fn points_into<T>(slice: &[T], buf: &[u8]) -> bool {
    let Range { start, end } = buf.as_ptr_range();
    let s = slice.as_ptr_range();
    start <= s.start.cast() && s.end.cast() <= end
}

/// A record with numeric arrays of several widths among other fields, written by hand the way
/// a derived struct is.
#[derive(Debug, PartialEq)]
struct Frame<'a> {
    name: &'a str,
    samples: Cow<'a, [f64]>,
    counts: Cow<'a, [u32]>,
    flags: Vec<bool>,
}

impl BeveWrite for Frame<'_> {
    fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> structio_beve::Result<()> {
        w.begin_object(4)?;
        w.key(b"name")?;
        w.write_str(self.name)?;
        w.key(b"samples")?;
        self.samples.write_beve(w)?;
        w.key(b"counts")?;
        self.counts.write_beve(w)?;
        w.key(b"flags")?;
        self.flags.write_beve(w)
    }
}

impl<'de> BeveRead<'de> for Frame<'de> {
    fn read_beve(r: &mut Reader<'de>) -> structio_beve::Result<Self> {
        let n = r.begin_object()?;
        assert_eq!(n, 4);
        r.object_key()?;
        let name = r.read_str()?;
        r.object_key()?;
        let samples = Cow::read_beve(r)?;
        r.object_key()?;
        let counts = Cow::read_beve(r)?;
        r.object_key()?;
        let flags = Vec::read_beve(r)?;
        r.end_object();
        Ok(Frame {
            name,
            samples,
            counts,
            flags,
        })
    }
}

#[test]
fn aligned_buffer_borrows_and_misaligned_copies() {
    let data: Vec<f64> = (0..1000).map(|i| i as f64 * 0.5).collect();
    let doc = to_beve_aligned(&data).unwrap();
    assert_eq!(doc[..4], [0x5c, 0x64, 0xa1, 0x0f]); // SIZE 1000 in two bytes
    assert_eq!(doc[4], 3); // PAD_LEN: data at offset 8

    let aligned = placed(&doc, 0);
    let input = &bytemuck::cast_slice::<u64, u8>(&aligned)[..doc.len()];
    let cow: Cow<[f64]> = from_slice(input).unwrap();
    assert!(matches!(cow, Cow::Borrowed(_)));
    assert!(points_into(&cow, input));
    assert_eq!(*cow, data[..]);
    let slice: &[f64] = from_slice(input).unwrap();
    assert!(points_into(slice, input));
    assert_eq!(slice, data);

    let shifted = placed(&doc, 1);
    let input = &bytemuck::cast_slice::<u64, u8>(&shifted)[1..1 + doc.len()];
    let cow: Cow<[f64]> = from_slice(input).unwrap();
    assert!(matches!(cow, Cow::Owned(_)));
    assert!(!points_into(&cow, input));
    assert_eq!(*cow, data[..]);
    let e = from_slice::<&[f64]>(input).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::Misaligned, 8));
}

#[test]
fn aligned_fields_inside_a_record() {
    let frame = Frame {
        name: "abc",
        samples: Cow::Owned(vec![1.0, -2.5, 3.25]),
        counts: Cow::Owned(vec![7, 8]),
        flags: vec![true, false],
    };
    let doc = to_beve_aligned(&frame).unwrap();
    let storage = placed(&doc, 0);
    let input = &bytemuck::cast_slice::<u64, u8>(&storage)[..doc.len()];
    let back: Frame = from_slice(input).unwrap();
    assert_eq!(back, frame);
    assert!(matches!(back.samples, Cow::Borrowed(s) if points_into(s, input)));
    assert!(matches!(back.counts, Cow::Borrowed(s) if points_into(s, input)));
    assert_eq!(back.samples.as_ptr() as usize % 8, 0);

    // The plain writer's document reads the same values (copied where misaligned).
    let plain = structio_beve::to_vec(&frame).unwrap();
    assert!(plain.len() < doc.len());
    assert_eq!(from_slice::<Frame>(&plain).unwrap(), frame);
    // Converting reads of an aligned array of another element type copy.
    let narrow = to_beve_aligned(&vec![1.5f32]).unwrap();
    let wide: Cow<[f64]> = from_slice(&narrow).unwrap();
    assert!(matches!(wide, Cow::Owned(_)));
    assert_eq!(*wide, [1.5][..]);
}

#[test]
fn aligned_layout_matches_glaze() {
    // Glaze (`aligned_arrays`): numeric arrays wider than a byte aligned, byte arrays plain.
    assert_eq!(to_beve_aligned(&vec![1u8, 2]).unwrap(), [0x14, 0x08, 1, 2]);
    assert_eq!(
        to_beve_aligned(&vec![1.0f32, 2.0]).unwrap(),
        [0x5c, 0x44, 0x08, 0x00, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40]
    );
    let mut expected = vec![0x5c, 0x64, 0x0c, 0x04, 0, 0, 0, 0];
    for v in [1.0f64, 2.0, 3.0] {
        expected.extend_from_slice(&v.to_le_bytes());
    }
    assert_eq!(to_beve_aligned(&vec![1.0f64, 2.0, 3.0]).unwrap(), expected);
    let doc = to_beve_aligned(&(1u8, vec![1u128])).unwrap();
    assert_eq!(doc[..7], [0x05, 0x08, 0x11, 0x01, 0x5c, 0x94, 0x04]);
    assert_eq!(doc[7], 8); // data at offset 16
    assert_eq!(doc.len(), 32);
    // Offsets count from the document's start, even after a prefix in the same Vec.
    let mut out = vec![0xee; 3];
    let mut w = Writer::aligned(&mut out);
    vec![1u32].write_beve(&mut w).unwrap();
    assert_eq!(out[3..], [0x5c, 0x54, 0x04, 0x00, 1, 0, 0, 0]);
    let mut reused = vec![0xee; 64];
    structio_beve::write_into_aligned(&vec![1u32], &mut reused).unwrap();
    assert_eq!(reused, [0x5c, 0x54, 0x04, 0x00, 1, 0, 0, 0]);
    let mut buf = [0u8; 16];
    let n = structio_beve::to_slice_aligned(&[1.0f64][..], &mut buf).unwrap();
    assert_eq!(n, 16);
}
