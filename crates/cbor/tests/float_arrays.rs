//! Arrays of floats written as plain CBOR arrays (not RFC 8746 typed arrays), which the reader
//! checks and converts a block at a time when every item is a full-width float of the
//! destination's type: every length around the block size, reuse of a filled vector, and each
//! case that must fall back to the item-by-item reader (shorter floats, integers, tags,
//! indefinite lengths, a short input, a fixed capacity) giving the same answer or error.

use structio_cbor::{from_slice, read_into, ErrorKind};

/// The head of a definite-length array of `n` items.
fn array_head(n: usize) -> Vec<u8> {
    match n {
        0..=23 => vec![0x80 | n as u8],
        24..=0xff => vec![0x98, n as u8],
        0x100..=0xffff => {
            let mut h = vec![0x99];
            h.extend_from_slice(&(n as u16).to_be_bytes());
            h
        }
        _ => {
            let mut h = vec![0x9a];
            h.extend_from_slice(&(n as u32).to_be_bytes());
            h
        }
    }
}

/// `values` as a plain array of doubles (`0xfb` and eight big-endian bytes each).
fn doubles(values: &[f64]) -> Vec<u8> {
    let mut out = array_head(values.len());
    for v in values {
        out.push(0xfb);
        out.extend_from_slice(&v.to_be_bytes());
    }
    out
}

/// `values` as a plain array of singles (`0xfa` and four big-endian bytes each).
fn singles(values: &[f32]) -> Vec<u8> {
    let mut out = array_head(values.len());
    for v in values {
        out.push(0xfa);
        out.extend_from_slice(&v.to_be_bytes());
    }
    out
}

/// Values that change in every byte and include the awkward ones.
fn pattern(n: usize) -> Vec<f64> {
    (0..n)
        .map(|i| match i % 7 {
            0 => -0.0,
            1 => f64::INFINITY,
            2 => f64::MIN_POSITIVE / 3.0,
            _ => (i as f64 * 1.618_033_988_7).sin() * 10f64.powi(i as i32 % 40 - 20),
        })
        .collect()
}

/// Bitwise equality, so that `-0.0` and NaN payloads are compared exactly.
fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

#[test]
fn every_length_around_the_block_size_reads_every_bit() {
    for n in (0..=140).chain([255, 256, 257, 1000, 5000, 70_000]) {
        let want = pattern(n);
        let got = from_slice::<Vec<f64>>(&doubles(&want)).unwrap();
        assert_eq!(bits(&got), bits(&want), "{n} doubles");
        let want32: Vec<f32> = want.iter().map(|&x| x as f32).collect();
        let got32 = from_slice::<Vec<f32>>(&singles(&want32)).unwrap();
        let b32 = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(b32(&got32), b32(&want32), "{n} singles");
    }
}

#[test]
fn nan_payloads_are_kept() {
    let want = [
        f64::from_bits(0x7ff8_0000_0000_0001),
        f64::from_bits(0xfff0_0000_dead_beef),
    ];
    let got = from_slice::<Vec<f64>>(&doubles(&want)).unwrap();
    assert_eq!(bits(&got), bits(&want));
}

#[test]
fn a_filled_vector_is_replaced_not_appended_to() {
    for (held, n) in [(0, 70), (10, 70), (70, 10), (200, 0)] {
        let mut v = vec![7.5; held];
        let want = pattern(n);
        read_into(&mut v, &doubles(&want)).unwrap();
        assert_eq!(bits(&v), bits(&want), "{held} held, {n} read");
    }
}

#[test]
fn nested_arrays_leave_their_levels() {
    let want = vec![pattern(3), vec![], pattern(65)];
    let mut bytes = array_head(want.len());
    for inner in &want {
        bytes.extend(doubles(inner));
    }
    assert_eq!(from_slice::<Vec<Vec<f64>>>(&bytes).unwrap(), want);
    // One level per array: a depth limit of 2 takes the outer array and the inner ones.
    let mut r = structio_cbor::Reader::new(&bytes).with_depth_limit(2);
    let v: Vec<Vec<f64>> = structio_cbor::CborRead::read_cbor(&mut r).unwrap();
    assert_eq!(v, want);
    assert!(r.finish().is_ok());
}

#[test]
fn items_of_other_widths_and_types_take_the_item_by_item_path() {
    // [1.5 (double), 2.5 (single), 0.5 (half), 3 (integer), 55799(4.5) (tagged double)]
    let mut bytes = vec![0x85, 0xfb];
    bytes.extend_from_slice(&1.5f64.to_be_bytes());
    bytes.push(0xfa);
    bytes.extend_from_slice(&2.5f32.to_be_bytes());
    bytes.extend_from_slice(&[0xf9, 0x38, 0x00, 0x03, 0xd9, 0xd9, 0xf7, 0xfb]);
    bytes.extend_from_slice(&4.5f64.to_be_bytes());
    assert_eq!(
        from_slice::<Vec<f64>>(&bytes).unwrap(),
        [1.5, 2.5, 0.5, 3.0, 4.5]
    );
    // A double in an array of singles is narrowed like `as`, by the item-by-item reader.
    let mut bytes = singles(&[1.0, 2.0]);
    bytes[0] = 0x83;
    bytes.push(0xfb);
    bytes.extend_from_slice(&0.1f64.to_be_bytes());
    assert_eq!(from_slice::<Vec<f32>>(&bytes).unwrap(), [1.0, 2.0, 0.1f32]);
    // [_ 1.0, 2.0]: an indefinite length.
    let mut indefinite = doubles(&[1.0, 2.0]);
    indefinite[0] = 0x9f;
    indefinite.push(0xff);
    assert_eq!(from_slice::<Vec<f64>>(&indefinite).unwrap(), [1.0, 2.0]);
}

#[test]
fn a_wrong_item_is_reported_where_it_stands() {
    // [1.0, 2.0, "x", 4.0]: the string's head is at 1 + 9 + 9.
    let mut bytes = doubles(&[1.0, 2.0]);
    bytes[0] = 0x84;
    bytes.extend_from_slice(&[0x61, b'x', 0xfb]);
    bytes.extend_from_slice(&4.0f64.to_be_bytes());
    let err = from_slice::<Vec<f64>>(&bytes).unwrap_err();
    assert_eq!(err.offset(), 19, "{err}");
}

#[test]
fn a_length_past_the_input_is_an_error_not_a_short_vector() {
    // Four doubles announced, three there (and the input long enough for four items' heads).
    let mut bytes = doubles(&[1.0, 2.0, 3.0]);
    bytes[0] = 0x84;
    let err = from_slice::<Vec<f64>>(&bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEnd, "{err}");
    assert_eq!(err.offset(), bytes.len(), "{err}");
    // The last double cut short: reported at its payload, after its head at 10.
    let bytes = doubles(&[1.0, 2.0]);
    let err = from_slice::<Vec<f64>>(&bytes[..bytes.len() - 1]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEnd, "{err}");
    assert_eq!(err.offset(), 11, "{err}");
}

#[test]
fn trailing_bytes_after_the_array_are_not_items() {
    let mut bytes = doubles(&[1.0, 2.0]);
    bytes.push(0xf5);
    let err = from_slice::<Vec<f64>>(&bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TrailingBytes, "{err}");
    assert_eq!(err.offset(), 19, "{err}");
}

#[test]
fn a_fixed_array_takes_exactly_its_length() {
    let bytes = doubles(&pattern(5));
    let v: [f64; 5] = from_slice(&bytes).unwrap();
    assert_eq!(bits(&v), bits(&pattern(5)));
    let err = from_slice::<[f64; 4]>(&bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements, "{err}");
}

#[cfg(feature = "heapless")]
#[test]
fn a_fixed_capacity_too_small_is_too_many_elements_at_the_array() {
    let bytes = doubles(&pattern(70));
    let v: heapless::Vec<f64, 70> = from_slice(&bytes).unwrap();
    assert_eq!(bits(&v), bits(&pattern(70)));
    let err = from_slice::<heapless::Vec<f64, 69>>(&bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements, "{err}");
    assert_eq!(err.offset(), 0, "{err}");
}
