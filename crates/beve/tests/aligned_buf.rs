//! `AlignedBuf` makes the aligned writer's arrays borrowable wherever the bytes came from, and
//! the misaligned-slice error says what to do.

use std::borrow::Cow;

use structio_beve::{AlignedBuf, ErrorKind};

fn doc() -> Vec<u8> {
    structio_beve::to_beve_aligned(&(7u8, vec![1.5f64, -2.0, 3.25], vec![9u128])).unwrap()
}

#[test]
fn a_misaligned_copy_fails_and_names_the_remedy() {
    let doc = doc();
    // The same bytes one past an aligned address.
    let mut shifted = AlignedBuf::from_bytes(&[0]);
    shifted.extend_from_slice(&doc);
    let bytes = &shifted.as_bytes()[1..];
    let err = structio_beve::from_slice::<(u8, &[f64], Vec<u128>)>(bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Misaligned);
    let text = err.to_string();
    assert!(
        text.contains("to_beve_aligned") && text.contains("AlignedBuf"),
        "{text}"
    );
    // A Cow copies instead.
    let (_, v, _): (u8, Cow<[f64]>, Vec<u128>) = structio_beve::from_slice(bytes).unwrap();
    assert!(matches!(v, Cow::Owned(_)));
    assert_eq!(&*v, [1.5, -2.0, 3.25]);
}

#[test]
fn an_aligned_buf_borrows() {
    let buf = AlignedBuf::from_bytes(&doc());
    assert_eq!(buf.as_ptr() as usize % 16, 0);
    let (n, v, w): (u8, &[f64], &[u128]) = structio_beve::from_slice(&buf).unwrap();
    assert_eq!((n, v, w), (7, &[1.5, -2.0, 3.25][..], &[9u128][..]));
    let (_, c, _): (u8, Cow<[f64]>, Cow<[u128]>) = structio_beve::from_slice(&buf).unwrap();
    assert!(matches!(c, Cow::Borrowed(_)));
    // The compact writer's document reads too, copied.
    let compact = structio_beve::to_vec(&vec![1.5f64, 2.5]).unwrap();
    let buf = AlignedBuf::from(&compact[..]);
    let c: Cow<[f64]> = structio_beve::from_slice(&buf).unwrap();
    assert_eq!(&*c, [1.5, 2.5]);
}

#[test]
fn files_and_readers() {
    let doc = doc();
    let path = std::env::temp_dir().join(format!("structio_aligned_{}.beve", std::process::id()));
    std::fs::write(&path, &doc).unwrap();
    let buf = AlignedBuf::read_file(&path).unwrap();
    assert_eq!(buf.as_bytes(), doc.as_slice());
    let _: (u8, &[f64], &[u128]) = structio_beve::from_slice(&buf).unwrap();
    std::fs::remove_file(&path).unwrap();
    let missing = AlignedBuf::read_file(&path).unwrap_err();
    assert_eq!(missing.kind(), std::io::ErrorKind::NotFound);
    // Larger than one read's chunk, and than the first growth.
    let big: Vec<u8> = (0..100_000u32).map(|i| i as u8).collect();
    let from_reader = AlignedBuf::from_reader(&big[..]).unwrap();
    assert_eq!(from_reader.as_bytes(), big.as_slice());
    std::fs::write(&path, &big).unwrap();
    assert_eq!(AlignedBuf::read_file(&path).unwrap().len(), big.len());
    std::fs::remove_file(&path).unwrap();
    let empty = AlignedBuf::from_reader(&[][..]).unwrap();
    assert!(empty.is_empty() && empty.as_bytes().is_empty());
    assert_eq!(format!("{empty:?}"), "AlignedBuf { len: 0 }");
}
