//! `read_int` decodes a head with nine bytes left without branching on its width or sign, and
//! item by item near the end of the input. Every head form (each width, shortest or not, both
//! signs) into every integer type must give the same value or the same error either way, and
//! the cursor must land after the head.

use structio_cbor::{ErrorKind, Integer, Reader};

/// The head of major type `major` (0 or 1) carrying `n` in `width` argument bytes (0: in the
/// initial byte, `n` < 24).
fn head(major: u8, n: u64, width: usize) -> Vec<u8> {
    let ai = match width {
        0 => n as u8,
        1 => 24,
        2 => 25,
        4 => 26,
        _ => 27,
    };
    let mut out = vec![major << 5 | ai];
    out.extend_from_slice(&n.to_be_bytes()[8 - width..]);
    out
}

/// `Ok((value, offset after))` or `Err((kind, offset))` of `read_int::<T>` on `bytes`.
fn read<T: Integer>(bytes: &[u8]) -> Result<(T, usize), (ErrorKind, usize)> {
    let mut r = Reader::new(bytes);
    match r.read_int::<T>() {
        Ok(v) => Ok((v, r.offset())),
        Err(e) => Err((e.kind(), e.offset())),
    }
}

/// Reads `h` alone (the item-by-item path) and followed by eight or more bytes (the word
/// path) into `T`; both agree, and agree with `expect` (the value as an `i128`).
fn check<T>(h: &[u8], expect: i128)
where
    T: Integer + TryFrom<i128> + PartialEq + core::fmt::Debug,
{
    let alone = read::<T>(h);
    for pad in [8, 9, 16] {
        let mut padded = h.to_vec();
        padded.extend(core::iter::repeat_n(0xa5, pad));
        assert_eq!(read::<T>(&padded), alone, "{h:02x?} padded by {pad}");
    }
    match T::try_from(expect) {
        Ok(v) => assert_eq!(alone, Ok((v, h.len())), "{h:02x?}"),
        Err(_) => assert_eq!(alone, Err((ErrorKind::NumberOutOfRange, 0)), "{h:02x?}"),
    }
}

fn check_all_types(h: &[u8], expect: i128) {
    check::<u8>(h, expect);
    check::<u16>(h, expect);
    check::<u32>(h, expect);
    check::<u64>(h, expect);
    check::<u128>(h, expect);
    check::<usize>(h, expect);
    check::<i8>(h, expect);
    check::<i16>(h, expect);
    check::<i32>(h, expect);
    check::<i64>(h, expect);
    check::<i128>(h, expect);
    check::<isize>(h, expect);
}

#[test]
fn every_width_and_sign_agrees() {
    let mut values: Vec<u64> = vec![0, 1, 23, 24, 127, 128, 255, 256, 32767, 32768, 65535];
    values.extend([65536, 1 << 31, u32::MAX as u64, 1 << 32, i64::MAX as u64]);
    values.extend([1 << 63, u64::MAX - 1, u64::MAX]);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..2000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        values.push(seed >> (seed % 64));
    }
    for &n in &values {
        for width in [0, 1, 2, 4, 8] {
            let fits = match width {
                0 => n < 24,
                8 => true,
                w => n >> (8 * w) == 0,
            };
            if !fits {
                continue;
            }
            check_all_types(&head(0, n, width), i128::from(n));
            check_all_types(&head(1, n, width), -1 - i128::from(n));
        }
    }
}

#[test]
fn other_heads_keep_their_errors() {
    // Reserved additional information (28 to 30), an indefinite length (31), a float, a
    // string and a tagged bignum, alone and padded: the same result either way.
    for h in [
        &[0x1c][..],
        &[0x3d],
        &[0x1f],
        &[0xfb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0],
        &[0x61, b'a'],
        &[0xc2, 0x41, 0x05],
        &[0xc3, 0x41, 0x05],
    ] {
        let alone = read::<i64>(h);
        let mut padded = h.to_vec();
        padded.extend([0u8; 9]);
        let padded = read::<i64>(&padded);
        assert_eq!(alone, padded, "{h:02x?}");
    }
    assert_eq!(read::<i64>(&[0xc2, 0x41, 0x05]), Ok((5, 3)));
    assert_eq!(read::<i64>(&[0xc3, 0x41, 0x05]), Ok((-6, 3)));
    // A head whose argument bytes run past the end.
    assert_eq!(
        read::<u64>(&[0x1b, 0, 0, 0]).unwrap_err().0,
        ErrorKind::UnexpectedEnd
    );
}
