//! Arrays of booleans, which the reader checks and converts a block at a time when every item
//! is a plain `false`/`true` byte: every length around the block size, reuse of a filled
//! vector, and each case that must fall back to the item-by-item reader (tags, other types,
//! indefinite lengths, a short input, a fixed capacity) giving the same answer or error.

use structio_cbor::{from_slice, read_into, to_vec, ErrorKind};

/// A pattern of booleans that changes within every block.
fn pattern(n: usize) -> Vec<bool> {
    (0..n).map(|i| (i * 7 + i / 3) % 5 < 2).collect()
}

#[test]
fn every_length_around_the_block_size_round_trips() {
    for n in (0..=130).chain([255, 256, 1000, 5000]) {
        let want = pattern(n);
        let bytes = to_vec(&want).unwrap();
        assert_eq!(
            from_slice::<Vec<bool>>(&bytes).unwrap(),
            want,
            "{n} booleans"
        );
    }
}

#[test]
fn a_filled_vector_is_replaced_not_appended_to() {
    for (held, n) in [(0, 70), (10, 70), (70, 10), (200, 0)] {
        let mut v = pattern(held);
        v.iter_mut().for_each(|b| *b = !*b);
        let want = pattern(n);
        read_into(&mut v, &to_vec(&want).unwrap()).unwrap();
        assert_eq!(v, want, "{held} held, {n} read");
    }
}

#[test]
fn nested_arrays_leave_their_levels() {
    let want = vec![pattern(3), vec![], pattern(65)];
    let bytes = to_vec(&want).unwrap();
    assert_eq!(from_slice::<Vec<Vec<bool>>>(&bytes).unwrap(), want);
    // One level per array: a depth limit of 2 takes the outer array and the inner ones.
    let mut r = structio_cbor::Reader::new(&bytes).with_depth_limit(2);
    let v: Vec<Vec<bool>> = structio_cbor::CborRead::read_cbor(&mut r).unwrap();
    assert_eq!(v, want);
    assert!(r.finish().is_ok());
}

#[test]
fn items_that_are_not_plain_booleans_take_the_item_by_item_path() {
    // [true, 55799(false), true]: a tag before an item is looked past.
    let tagged = [0x83, 0xf5, 0xd9, 0xd9, 0xf7, 0xf4, 0xf5];
    assert_eq!(
        from_slice::<Vec<bool>>(&tagged).unwrap(),
        [true, false, true]
    );
    // [_ true, false]: an indefinite length.
    let indefinite = [0x9f, 0xf5, 0xf4, 0xff];
    assert_eq!(from_slice::<Vec<bool>>(&indefinite).unwrap(), [true, false]);
}

#[test]
fn a_wrong_item_is_reported_where_it_stands() {
    // [true, false, 1, true]
    let err = from_slice::<Vec<bool>>(&[0x84, 0xf5, 0xf4, 0x01, 0xf5]).unwrap_err();
    assert_eq!(err.offset(), 3, "{err}");
    // [true, null]
    let err = from_slice::<Vec<bool>>(&[0x82, 0xf5, 0xf6]).unwrap_err();
    assert_eq!(err.offset(), 2, "{err}");
}

#[test]
fn a_length_past_the_input_is_refused_at_the_head() {
    // Five booleans announced, three there.
    let err = from_slice::<Vec<bool>>(&[0x85, 0xf5, 0xf4, 0xf5]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::LengthExceedsInput, "{err}");
    assert_eq!(err.offset(), 0, "{err}");
}

#[test]
fn trailing_bytes_after_the_array_are_not_items() {
    let err = from_slice::<Vec<bool>>(&[0x82, 0xf5, 0xf4, 0xf5]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TrailingBytes, "{err}");
    assert_eq!(err.offset(), 3, "{err}");
}

#[test]
fn a_fixed_array_takes_exactly_its_length() {
    let bytes = to_vec(&pattern(5)).unwrap();
    let v: [bool; 5] = from_slice(&bytes).unwrap();
    assert_eq!(v.to_vec(), pattern(5));
    let err = from_slice::<[bool; 4]>(&bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements, "{err}");
}

#[cfg(feature = "heapless")]
#[test]
fn a_fixed_capacity_too_small_is_too_many_elements_at_the_array() {
    let bytes = to_vec(&pattern(70)).unwrap();
    let v: heapless::Vec<bool, 70> = from_slice(&bytes).unwrap();
    assert_eq!(v.as_slice(), pattern(70));
    let err = from_slice::<heapless::Vec<bool, 69>>(&bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements, "{err}");
    assert_eq!(err.offset(), 0, "{err}");
}

/// A definite-length array head for `n` items.
fn array_head(n: usize) -> Vec<u8> {
    match n {
        0..=23 => vec![0x80 | n as u8],
        24..=0xff => vec![0x98, n as u8],
        0x100..=0xffff => [vec![0x99], (n as u16).to_be_bytes().to_vec()].concat(),
        _ => [vec![0x9a], (n as u32).to_be_bytes().to_vec()].concat(),
    }
}

#[test]
fn the_writer_puts_one_byte_per_boolean_after_the_head() {
    for n in (0..=70).chain([255, 256, 1000, 65_535, 65_536]) {
        let v = pattern(n);
        let mut want = array_head(n);
        want.extend(v.iter().map(|&b| if b { 0xf5u8 } else { 0xf4 }));
        assert_eq!(to_vec(&v).unwrap(), want, "{n} booleans");
    }
}

#[test]
fn a_buffer_too_short_for_the_booleans_is_full_and_one_long_enough_is_not() {
    let v = pattern(40);
    for room in [0, 1, 2, 30, 41] {
        let mut buf = [0u8; 64];
        let e = structio_cbor::to_slice(&v, &mut buf[..room]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::BufferFull, "{room} bytes of room");
    }
    let mut buf = [0u8; 42];
    assert_eq!(structio_cbor::to_slice(&v, &mut buf).unwrap(), 42);
    assert_eq!(&buf[..], &to_vec(&v).unwrap()[..]);
}
