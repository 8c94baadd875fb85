//! Typed arrays under the destination's own tag are read by a short inline path; everything
//! else by the general one, which also reports every error. Here: every length form of the
//! byte string's head (preferred or not), every truncation, a length that is not whole
//! elements, other tags and heads, and a tag with no depth left.
#![cfg(feature = "std")]

use structio_cbor::{from_slice, CborRead, ErrorKind, Reader, DEFAULT_DEPTH_LIMIT};

/// The byte string head for `len` bytes in the form with `extra` length bytes (0, 1, 2 or 4).
fn bytes_head(len: usize, extra: usize) -> Option<Vec<u8>> {
    Some(match extra {
        0 if len < 24 => vec![0x40 + len as u8],
        1 if len < 0x100 => vec![0x58, len as u8],
        2 if len < 0x1_0000 => [&[0x59][..], &(len as u16).to_be_bytes()].concat(),
        4 => [&[0x5a][..], &(len as u32).to_be_bytes()].concat(),
        _ => return None,
    })
}

/// `tag(payload)`: the tag in one byte after `0xd8`.
fn typed(tag: u8, head: &[u8], payload: &[u8]) -> Vec<u8> {
    [&[0xd8, tag][..], head, payload].concat()
}

fn every_form<T>(tag: u8, values: &[T])
where
    T: bytemuck::Pod + PartialEq + std::fmt::Debug,
    Vec<T>: for<'de> CborRead<'de>,
{
    let payload: &[u8] = bytemuck::cast_slice(values);
    for extra in [0, 1, 2, 4] {
        let Some(head) = bytes_head(payload.len(), extra) else {
            continue;
        };
        let doc = typed(tag, &head, payload);
        assert_eq!(from_slice::<Vec<T>>(&doc).unwrap(), values, "{extra}");
        // Every truncation: the end within the tag and head, then the payload too long for
        // what is left, at the byte string's head.
        for cut in 0..doc.len() {
            let e = from_slice::<Vec<T>>(&doc[..cut]).unwrap_err();
            let want = if cut < 3 + extra {
                ErrorKind::UnexpectedEnd
            } else {
                ErrorKind::LengthExceedsInput
            };
            assert_eq!(e.kind(), want, "{extra} {cut}");
            if want == ErrorKind::LengthExceedsInput {
                assert_eq!(e.offset(), 2);
            }
        }
        // A length one byte short of whole elements, where elements are wider than a byte.
        if payload.len() > 1
            && std::mem::size_of::<T>() > 1
            && let Some(head) = bytes_head(payload.len() - 1, extra)
        {
            let short = typed(tag, &head, &payload[..payload.len() - 1]);
            let e = from_slice::<Vec<T>>(&short).unwrap_err();
            assert_eq!((e.kind(), e.offset()), (ErrorKind::TypedArrayLength, 2));
        }
    }
}

#[test]
fn every_head_form_and_truncation_agrees_with_the_general_path() {
    for n in [0usize, 1, 2, 3, 5, 31, 32, 33, 40] {
        let f64s: Vec<f64> = (0..n).map(|i| i as f64 * 1.5 - 7.0).collect();
        every_form(86, &f64s);
        let u64s: Vec<u64> = (0..n as u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        every_form(71, &u64s);
        let i32s: Vec<i32> = (0..n as i32).map(|i| i * -12345).collect();
        every_form(78, &i32s);
        let u8s: Vec<u8> = (0..n as u8).collect();
        every_form(64, &u8s);
    }
    // Long enough for the two- and four-byte lengths' own ranges.
    let long: Vec<f64> = (0..9000).map(|i| i as f64).collect();
    every_form(86, &long[..40]);
    let doc = typed(
        86,
        &bytes_head(8 * 9000, 4).unwrap(),
        bytemuck::cast_slice(&long),
    );
    assert_eq!(from_slice::<Vec<f64>>(&doc).unwrap(), long);
}

#[test]
fn other_tags_and_heads_take_the_general_path() {
    let values = [1.5f64, -2.0];
    let payload: Vec<u8> = bytemuck::cast_slice(&values).to_vec();
    let swapped: Vec<u8> = values.iter().flat_map(|v| v.to_be_bytes()).collect();
    let read = |doc: &[u8]| from_slice::<Vec<f64>>(doc).map_err(|e| (e.kind(), e.offset()));
    // Big-endian f64 (tag 82) is swapped, f32 (85) converted, the tag in two bytes read.
    assert_eq!(read(&typed(82, &[0x50], &swapped)), Ok(values.to_vec()));
    let f32s = typed(85, &[0x48], bytemuck::cast_slice(&[1.5f32, -2.0]));
    assert_eq!(read(&f32s), Ok(values.to_vec()));
    let two_byte_tag = [&[0xd9, 0x00, 0x56, 0x50][..], &payload].concat();
    assert_eq!(read(&two_byte_tag), Ok(values.to_vec()));
    // An indefinite-length byte string cannot be a typed array; a text string is the wrong
    // type, reported at the tag.
    let chunked = [&[0xd8, 0x56, 0x5f, 0x50][..], &payload, &[0xff]].concat();
    assert_eq!(read(&chunked), Err((ErrorKind::ChunkedInBorrowed, 2)));
    let text = typed(86, &[0x70], &payload);
    let e = read(&text);
    assert!(matches!(e, Err((ErrorKind::InvalidType(_), 0))), "{e:?}");
}

#[test]
fn a_tag_with_no_depth_left_is_the_depth_error() {
    let payload: Vec<u8> = bytemuck::cast_slice(&[1.5f64]).to_vec();
    let levels = DEFAULT_DEPTH_LIMIT as usize;
    let doc = [vec![0x81; levels], typed(86, &[0x48], &payload)].concat();
    let mut r = Reader::new(&doc);
    for _ in 0..levels {
        r.begin_array().unwrap();
    }
    let e = Vec::<f64>::read_cbor(&mut r).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::DepthLimit, levels));
    // One level up, it reads.
    let mut r = Reader::new(&doc[1..]);
    for _ in 1..levels {
        r.begin_array().unwrap();
    }
    assert_eq!(Vec::<f64>::read_cbor(&mut r).unwrap(), [1.5]);
}
