//! Hostile input: every error path names its kind and offset, nothing panics, and no count
//! reserves memory the input cannot back.
#![cfg(feature = "std")]

#[path = "support/dynamic.rs"]
mod dynamic;

use structio_bjdata::{BjdataRead, Error, ErrorKind, Reader};

/// The kind and offset of an error, without the path and found value (tests/errors.rs
/// asserts those).
fn strip(e: Error) -> Error {
    Error::new(e.kind(), e.offset())
}

fn from_slice<'de, T: BjdataRead<'de>>(input: &'de [u8]) -> Result<T, Error> {
    structio_bjdata::from_slice(input).map_err(strip)
}

fn from_slice_ubjson<'de, T: BjdataRead<'de>>(input: &'de [u8]) -> Result<T, Error> {
    structio_bjdata::from_slice_ubjson(input).map_err(strip)
}

fn validate(input: &[u8]) -> Result<(), Error> {
    structio_bjdata::validate(input).map_err(strip)
}

fn err<'de, T: BjdataRead<'de> + core::fmt::Debug>(input: &'de [u8]) -> Error {
    from_slice::<T>(input).unwrap_err()
}

fn at(kind: ErrorKind, offset: usize) -> Error {
    Error::new(kind, offset)
}

#[test]
fn absurd_counts_fail_at_once() {
    // `#` 2^60 in a ten-byte document.
    let doc = b"[#M\x00\x00\x00\x00\x00\x00\x00\x10";
    assert_eq!(validate(doc), Err(at(ErrorKind::LengthExceedsInput, 0)));
    assert_eq!(err::<Vec<u8>>(doc), at(ErrorKind::LengthExceedsInput, 0));
    assert_eq!(
        err::<Vec<String>>(doc),
        at(ErrorKind::LengthExceedsInput, 0)
    );
    // Typed: 4 doubles promised, 8 bytes given.
    let doc = b"[$D#U\x04\x00\x00\x00\x00\x00\x00\x00\x00";
    assert_eq!(err::<Vec<f64>>(doc), at(ErrorKind::LengthExceedsInput, 0));
    // Objects: each member takes at least three bytes.
    assert_eq!(
        validate(b"{#U\x02U\x01aZ"),
        Err(at(ErrorKind::LengthExceedsInput, 0))
    );
    // A count past usize.
    assert_eq!(
        validate(b"[#M\xff\xff\xff\xff\xff\xff\xff\xff"),
        Err(at(ErrorKind::LengthExceedsInput, 0))
    );
}

#[test]
fn dimension_products_are_checked() {
    // 2^63 * 4 overflows: the error names the dimension vector.
    let doc = b"[$U#[$M#U\x02\x00\x00\x00\x00\x00\x00\x00\x80\x04\x00\x00\x00\x00\x00\x00\x00";
    assert_eq!(validate(doc), Err(at(ErrorKind::LengthExceedsInput, 4)));
    // 3 * 3 bytes promised, 2 given.
    assert_eq!(
        validate(b"[$U#[U\x03U\x03]\x01\x02"),
        Err(at(ErrorKind::LengthExceedsInput, 0))
    );
    #[cfg(feature = "std")]
    assert_eq!(
        err::<structio_bjdata::NdArray<u8>>(doc),
        at(ErrorKind::LengthExceedsInput, 0)
    );
    // Dimensions only in typed arrays.
    assert_eq!(
        validate(b"[#[U\x01]Z"),
        Err(at(ErrorKind::InvalidHeader(b'['), 2))
    );
    // Dimension vectors nested inside dimension vectors are still depth-limited.
    let mut deep = Vec::new();
    for _ in 0..300 {
        deep.extend_from_slice(b"[$U#");
    }
    assert_eq!(validate(&deep).unwrap_err().kind(), ErrorKind::DepthLimit);
}

#[test]
fn depth_is_limited() {
    let doc = vec![b'['; 10_000];
    assert_eq!(validate(&doc).unwrap_err().kind(), ErrorKind::DepthLimit);
    let mut doc = Vec::new();
    for _ in 0..10_000 {
        doc.extend_from_slice(b"{U\x01a");
    }
    assert_eq!(validate(&doc).unwrap_err().kind(), ErrorKind::DepthLimit);
    let mut r = Reader::new(b"[[[]]]").with_depth_limit(2);
    assert_eq!(r.skip_value(), Err(at(ErrorKind::DepthLimit, 2)));
    #[cfg(feature = "std")]
    assert_eq!(
        err::<Vec<Vec<Vec<Vec<u8>>>>>(&[b'['; 200]),
        at(ErrorKind::InvalidType("u8"), 4)
    );
}

#[test]
fn short_strings_with_room_after_are_checked_as_blocks() {
    // A string or key of at most 32 bytes with 32 bytes of input after its length: the
    // one-block check, which must find the same offset as the general one.
    let mut doc = b"SU\x03a\xffb".to_vec();
    doc.extend_from_slice(&[b'Z'; 40]);
    assert_eq!(err::<&str>(&doc), at(ErrorKind::InvalidUtf8, 4));
    assert_eq!(err::<String>(&doc), at(ErrorKind::InvalidUtf8, 4));
    let mut doc = b"{U\x02\xc3\x28Z".to_vec();
    doc.extend_from_slice(&[b'N'; 40]);
    doc.push(b'}');
    assert_eq!(
        err::<std::collections::BTreeMap<String, ()>>(&doc),
        at(ErrorKind::InvalidUtf8, 3)
    );
    let mut r = Reader::new(&doc);
    let mut entries = r.begin_object().unwrap();
    assert!(r.next(&mut entries).unwrap());
    assert_eq!(r.read_key_str().unwrap_err(), at(ErrorKind::InvalidUtf8, 3));
    // Valid text read the same way, ASCII or not, and a string read back into a reused one.
    let mut doc = "SU\x05caf\u{e9}".as_bytes().to_vec();
    doc.extend_from_slice(&[b'N'; 40]);
    let mut s = String::from("a longer string than the next one");
    structio_bjdata::read_into(&mut s, &doc).unwrap();
    assert_eq!(s, "caf\u{e9}");
}

#[test]
fn bool_arrays_read_in_runs_stop_at_anything_else() {
    let runs = |doc: &[u8]| from_slice::<Vec<bool>>(doc);
    // Runs longer than a block, counted and ended by `]`, with a no-op inside.
    let mut doc = b"[#U\x22".to_vec();
    doc.extend_from_slice(&[b'T'; 17]);
    doc.push(b'N');
    doc.extend_from_slice(&[b'F'; 17]);
    let mut want = vec![true; 17];
    want.extend_from_slice(&[false; 17]);
    assert_eq!(runs(&doc).unwrap(), want);
    doc[1..4].copy_from_slice(b"NNN");
    doc.push(b']');
    assert_eq!(runs(&doc[..]).unwrap(), want);
    // A value that is not a boolean, inside a block and in the tail.
    let mut doc = b"[".to_vec();
    doc.extend_from_slice(&[b'T'; 20]);
    doc[5] = b'Z';
    doc.push(b']');
    assert_eq!(
        runs(&doc).unwrap_err(),
        at(ErrorKind::InvalidType("a boolean"), 5)
    );
    // The count is kept: a counted array does not run past its end.
    assert_eq!(
        err::<Vec<bool>>(b"[#U\x02TTT"),
        at(ErrorKind::TrailingBytes, 6)
    );
    assert_eq!(
        err::<Vec<bool>>(b"[#U\x03TT"),
        at(ErrorKind::LengthExceedsInput, 0)
    );
}

#[cfg(feature = "heapless")]
#[test]
fn bool_runs_respect_a_fixed_capacity() {
    let mut doc = b"[#U\x20".to_vec();
    doc.extend_from_slice(&[b'F'; 32]);
    assert_eq!(
        from_slice::<heapless::Vec<bool, 16>>(&doc).unwrap_err(),
        at(ErrorKind::TooManyElements, 0)
    );
    assert_eq!(
        from_slice::<heapless::Vec<bool, 4>>(b"[TTTTT]").unwrap_err(),
        at(ErrorKind::TooManyElements, 0)
    );
}

#[test]
fn utf8_is_checked_with_its_offset() {
    assert_eq!(err::<&str>(b"SU\x03a\xffb"), at(ErrorKind::InvalidUtf8, 4));
    assert_eq!(
        validate(b"{U\x02\xc3\x28Z}"),
        Err(at(ErrorKind::InvalidUtf8, 3))
    );
    assert_eq!(
        validate(b"[$C#U\x01\x80"),
        Err(at(ErrorKind::InvalidHeader(b'C'), 6))
    );
}

#[test]
fn bad_markers_and_headers() {
    assert_eq!(validate(b"x"), Err(at(ErrorKind::InvalidHeader(b'x'), 0)));
    assert_eq!(
        validate(b"[U\x01}"),
        Err(at(ErrorKind::InvalidHeader(b'}'), 3))
    );
    assert_eq!(
        validate(b"[$S#U\x01U\x01a"),
        Err(at(ErrorKind::InvalidHeader(b'S'), 2))
    );
    assert_eq!(
        validate(b"[$T#U\x02"),
        Err(at(ErrorKind::InvalidHeader(b'T'), 2))
    );
    assert_eq!(
        validate(b"[$iU\x01]"),
        Err(at(ErrorKind::InvalidHeader(b'U'), 3))
    );
    assert_eq!(validate(b"[#i\xff"), Err(at(ErrorKind::InvalidSize, 2)));
    assert_eq!(
        validate(b"C\x80"),
        Err(at(ErrorKind::InvalidHeader(b'C'), 0))
    );
    assert_eq!(
        validate(b"{SU\x01aZ}"),
        Err(at(ErrorKind::InvalidHeader(b'S'), 1))
    );
    assert_eq!(
        validate(b"Sd\x00\x00\x80\x3fa"),
        Err(at(ErrorKind::InvalidHeader(b'd'), 1))
    );
    assert_eq!(
        validate(b"SU\x05ab"),
        Err(at(ErrorKind::LengthExceedsInput, 3))
    );
    assert_eq!(validate(b"[#U\x01Z]"), Err(at(ErrorKind::TrailingBytes, 5)));
    assert_eq!(validate(b""), Err(at(ErrorKind::UnexpectedEnd, 0)));
    assert_eq!(validate(b"NNN"), Err(at(ErrorKind::UnexpectedEnd, 3)));
    assert_eq!(validate(b"D\x00\x00"), Err(at(ErrorKind::UnexpectedEnd, 1)));
    assert_eq!(validate(b"[$D"), Err(at(ErrorKind::InvalidHeader(0), 3)));
    assert_eq!(validate(b"[$"), Err(at(ErrorKind::UnexpectedEnd, 2)));
    assert_eq!(validate(b"SU"), Err(at(ErrorKind::UnexpectedEnd, 2)));
    assert_eq!(validate(b"Su\x01"), Err(at(ErrorKind::UnexpectedEnd, 2)));
    // High-precision text must be a JSON number.
    assert_eq!(validate(b"HU\x021x"), Err(at(ErrorKind::InvalidNumber, 0)));
    assert_eq!(validate(b"HU\x02-."), Err(at(ErrorKind::InvalidNumber, 0)));
    assert_eq!(validate(b"HU\x0201"), Err(at(ErrorKind::InvalidNumber, 0)));
    // Extensions of the specification have fixed sizes.
    assert_eq!(
        validate(b"EU\x01U\x02\x00\x00"),
        Err(at(ErrorKind::InvalidSize, 0))
    );
    assert_eq!(
        validate(b"EM\x00\x01\x00\x00\x00\x00\x00\x00U\x09ab"),
        Err(at(ErrorKind::LengthExceedsInput, 12))
    );
}

#[test]
fn ubjson_has_its_own_markers() {
    assert_eq!(
        from_slice_ubjson::<u16>(b"u\x00\x01"),
        Err(at(ErrorKind::InvalidHeader(b'u'), 0))
    );
    assert_eq!(
        from_slice_ubjson::<u64>(b"L\x00\x00\x00\x00\x00\x00\x01\x00"),
        Ok(256)
    );
    let mut r = Reader::ubjson(b"[$h#U\x01\x00\x00");
    assert_eq!(r.skip_value(), Err(at(ErrorKind::InvalidHeader(b'h'), 2)));
    // UBJSON's zero-length types still count one byte each against the input.
    let mut r = Reader::ubjson(b"[$Z#U\xff");
    assert_eq!(r.skip_value(), Err(at(ErrorKind::LengthExceedsInput, 0)));
    let mut r = Reader::ubjson(b"[$T#U\x02Z");
    assert!(r.skip_value().is_err());
    // Typed strings are UBJSON, not BJData.
    let v: Vec<&str> = from_slice_ubjson(b"[$S#U\x02U\x01aU\x01b").unwrap();
    assert_eq!(v, ["a", "b"]);
    assert!(from_slice::<Vec<&str>>(b"[$S#U\x02U\x01aU\x01b").is_err());
}

/// UBJSON arrays of a zero-length type (`[$Z#n`): each count is checked against the bytes
/// left, but siblings each claim those bytes again, so the values they make are bounded over
/// the document (its length plus 2^16): 1,000 such arrays in 9 KB had made 4.5 million.
#[test]
fn ubjson_zero_length_children_are_bounded_over_the_document() {
    const ROOM: usize = 1 << 16;
    let k = 1000;
    let len = 1 + 9 * k + 1;
    let mut doc = vec![b'['];
    let mut made = 0;
    let mut over = None;
    for i in 0..k {
        let left = len - doc.len() - 9;
        made += left;
        if made > len + ROOM && over.is_none() {
            over = Some(1 + 9 * i);
        }
        doc.extend_from_slice(b"[$Z#l");
        doc.extend_from_slice(&(left as i32).to_be_bytes());
    }
    doc.push(b']');
    let over = over.unwrap();
    let e = from_slice_ubjson::<Vec<Vec<Option<u64>>>>(&doc).err();
    assert_eq!(e, Some(at(ErrorKind::LengthExceedsInput, over)));
    assert_eq!(
        Reader::ubjson(&doc).skip_value(),
        Err(at(ErrorKind::LengthExceedsInput, over))
    );
    // `$T` and `$F` count too.
    let doc = doc
        .iter()
        .map(|&b| if b == b'Z' { b'T' } else { b })
        .collect::<Vec<_>>();
    let e = from_slice_ubjson::<Vec<Vec<bool>>>(&doc).err();
    assert_eq!(e, Some(at(ErrorKind::LengthExceedsInput, over)));

    // Within the bound, such arrays read: 60 arrays of 1,000 nulls (in 423 bytes, with the
    // 1,000 bytes after them that the last one's count is checked against).
    let mut doc = b"[#U\x3c".to_vec();
    for _ in 0..60 {
        doc.extend_from_slice(b"[$Z#I\x03\xe8");
    }
    doc.extend_from_slice(&[0; 1000]);
    let mut r = Reader::ubjson(&doc);
    let v = <Vec<Vec<Option<u8>>> as BjdataRead>::read_bjdata(&mut r);
    let v = v.unwrap();
    assert_eq!((v.len(), v[59].len()), (60, 1000));
}

#[test]
fn numbers_do_not_wrap() {
    assert_eq!(err::<u8>(b"u\x00\x01"), at(ErrorKind::NumberOutOfRange, 0));
    assert_eq!(err::<u64>(b"i\xff"), at(ErrorKind::NumberOutOfRange, 0));
    assert_eq!(
        err::<i32>(b"D\x00\x00\x00\x00\x00\x00\xf0\x3f"),
        at(ErrorKind::InvalidType("i32"), 0)
    );
    assert_eq!(
        err::<[i8; 2]>(b"[$U#U\x02\x01\xff"),
        at(ErrorKind::NumberOutOfRange, 7)
    );
    assert_eq!(
        err::<[u8; 2]>(b"[$d#U\x02\x00\x00\x00\x00\x00\x00\x00\x00"),
        at(ErrorKind::InvalidType("u8"), 6)
    );
    assert_eq!(
        err::<u128>(b"HU\x2a1000000000000000000000000000000000000000000"),
        at(ErrorKind::InvalidNumber, 0)
    );
    assert_eq!(
        err::<bool>(b"Z"),
        at(ErrorKind::InvalidType("a boolean"), 0)
    );
}

#[test]
fn lengths_of_fixed_destinations() {
    assert_eq!(
        err::<[u8; 2]>(b"[$U#U\x03\x01\x02\x03"),
        at(ErrorKind::TooManyElements, 0)
    );
    assert_eq!(
        err::<[u8; 2]>(b"[$U#U\x01\x01"),
        at(ErrorKind::TooFewElements, 0)
    );
    assert_eq!(
        err::<[String; 2]>(b"[SU\x00]"),
        at(ErrorKind::TooFewElements, 0)
    );
    assert_eq!(
        err::<(u8, u8)>(b"[U\x01U\x02U\x03]"),
        at(ErrorKind::TooManyElements, 0)
    );
    assert_eq!(
        err::<(u8, u8)>(b"[U\x01]"),
        at(ErrorKind::TooFewElements, 0)
    );
    assert_eq!(err::<char>(b"SU\x02ab"), at(ErrorKind::ExpectedChar, 0));
}

#[cfg(feature = "heapless")]
#[test]
fn heapless_overflow_is_an_error() {
    assert_eq!(
        err::<heapless::Vec<u8, 2>>(b"[$U#U\x03\x01\x02\x03"),
        at(ErrorKind::TooManyElements, 0)
    );
    assert_eq!(
        err::<heapless::Vec<u16, 2>>(b"[U\x01U\x02U\x03]"),
        at(ErrorKind::TooManyElements, 0)
    );
    assert_eq!(
        err::<heapless::String<2>>(b"SU\x03abc"),
        at(ErrorKind::StringTooLong, 0)
    );
}

#[test]
fn misaligned_borrow() {
    // The payload starts at offset 6: never aligned for f64 when the input is.
    let mut buf = [0u64; 4];
    let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut buf);
    bytes[..6].copy_from_slice(b"[$D#U\x01");
    bytes[6..14].copy_from_slice(&1.5f64.to_le_bytes());
    let doc = &bytes[..14];
    assert_eq!(err::<&[f64]>(doc), at(ErrorKind::Misaligned, 6));
    #[cfg(feature = "std")]
    {
        let c: std::borrow::Cow<[f64]> = from_slice(doc).unwrap();
        assert!(matches!(c, std::borrow::Cow::Owned(_)));
        assert_eq!(&*c, &[1.5]);
        // Two bytes earlier the payload is aligned and borrowed.
        let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut buf);
        bytes[2..8].copy_from_slice(b"[$D#U\x01");
        bytes[8..16].copy_from_slice(&1.5f64.to_le_bytes());
        let doc = &bytes[2..16];
        let c: std::borrow::Cow<[f64]> = from_slice(doc).unwrap();
        assert!(matches!(c, std::borrow::Cow::Borrowed(_)));
        let s: &[f64] = from_slice(doc).unwrap();
        assert_eq!(s, &[1.5]);
    }
}

#[test]
fn full_buffers() {
    let mut buf = [0u8; 4];
    assert_eq!(
        structio_bjdata::to_slice(&"hello", &mut buf, structio_bjdata::Mode::Speed),
        Err(at(ErrorKind::BufferFull, 3))
    );
    // A string and a counted header that fit exactly, and a header that does not.
    let mut five = [0u8; 5];
    let speed = structio_bjdata::Mode::Speed;
    assert_eq!(structio_bjdata::to_slice(&"hi", &mut five, speed), Ok(5));
    assert_eq!(&five, b"SU\x02hi");
    assert_eq!(
        structio_bjdata::to_slice(&[true][..], &mut five, speed),
        Ok(5)
    );
    assert_eq!(&five, b"[#U\x01T");
    assert_eq!(
        structio_bjdata::to_slice(&[true][..], &mut buf, speed),
        Err(at(ErrorKind::BufferFull, 4))
    );
    assert_eq!(
        structio_bjdata::to_slice(&[true][..], &mut [0u8; 3], speed),
        Err(at(ErrorKind::BufferFull, 0))
    );
    assert_eq!(
        structio_bjdata::to_slice(&[1.5f64], &mut buf, structio_bjdata::Mode::Speed)
            .unwrap_err()
            .kind(),
        ErrorKind::BufferFull
    );
}

/// Every prefix and many single-byte mutations of valid documents give a value or an error.
#[cfg(feature = "std")]
#[test]
fn mutations_never_panic() {
    use dynamic::Dyn;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/docs");
    let mut docs: Vec<Vec<u8>> = ["Tiny.bjd", "MediaContent.counted.bjd"]
        .iter()
        .map(|n| std::fs::read(format!("{dir}/{n}")).unwrap())
        .collect();
    docs.push(b"[$U#[$U#U\x02\x02\x03\x01\x02\x03\x04\x05\x06".to_vec());
    docs.push(b"{$D#U\x01U\x01a\x00\x00\x00\x00\x00\x00\xf8\x3f".to_vec());
    docs.push(b"[$U#[[$U#U\x02\x02\x02]]\x01\x02\x03\x04".to_vec());
    // UBJSON: typed arrays of arrays (`$[`), whose children start at their `$` with the `[`
    // implicit, one holding dimensions (found by the fuzzer; the test's reader took the child's
    // `$` for its marker's next byte).
    let implicit: &[u8] = b"[$[#U\x02U\x03[[$[#U\x22$[#U\x02U\x03[[$[#U[$I#[#i\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x0aNNN\x22U\x03U\x04][[$[#U\x22$[#U\x02U\x03[[$[#U\x80\x00\x00\x00\x22$[#U\x02U\x03[[$[#U\x22";
    assert!(from_slice_ubjson::<Dyn>(implicit).is_err());
    docs.push(implicit.to_vec());
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for doc in &docs {
        for n in 0..doc.len() {
            let _ = from_slice::<Dyn>(&doc[..n]);
            let _ = validate(&doc[..n]);
        }
        for _ in 0..3000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mut m = doc.clone();
            let i = (seed % m.len() as u64) as usize;
            m[i] = (seed >> 32) as u8;
            let _ = from_slice::<Dyn>(&m);
            let _ = validate(&m);
            let _ = from_slice_ubjson::<Dyn>(&m);
        }
    }
}

#[test]
fn packed_arrays_of_the_own_type_keep_the_general_checks() {
    // The inline path for `[$T#n` of the destination's own type: counts in `U`, `u` and `m`.
    let mut doc = b"[$I#u\x2c\x01".to_vec();
    doc.extend((0..300i16).flat_map(i16::to_le_bytes));
    assert_eq!(
        from_slice::<Vec<i16>>(&doc).unwrap(),
        (0..300).collect::<Vec<_>>()
    );
    let mut doc = b"[$d#m\x02\x00\x00\x00".to_vec();
    doc.extend([1.5f32, -2.0].iter().flat_map(|x| x.to_le_bytes()));
    assert_eq!(from_slice::<Vec<f32>>(&doc).unwrap(), vec![1.5, -2.0]);
    // A container is still a level.
    let doc = b"[$D#U\x01\x00\x00\x00\x00\x00\x00\xf0\x3f";
    let mut r = Reader::new(doc).with_depth_limit(0);
    assert_eq!(
        Vec::<f64>::read_bjdata(&mut r).unwrap_err(),
        at(ErrorKind::DepthLimit, 0)
    );
    // A count past the input, in each length width, is the general path's error.
    for doc in [
        &b"[$D#U\x02\x00\x00\x00\x00\x00\x00\xf0\x3f"[..],
        &b"[$D#u\x02\x00\x00\x00\x00\x00\x00\x00\xf0\x3f"[..],
        &b"[$D#m\xff\xff\xff\xff"[..],
    ] {
        assert_eq!(err::<Vec<f64>>(doc), at(ErrorKind::LengthExceedsInput, 0));
    }
    // Cut inside the count.
    assert_eq!(
        err::<Vec<f64>>(b"[$D#m\x01"),
        at(ErrorKind::UnexpectedEnd, 5)
    );
}

/// Column-major elements are reordered with the extents of 1 left out, which move no element:
/// the same order, and a document of many such extents is not reordered in time quadratic in
/// its length.
#[cfg(feature = "std")]
#[test]
fn column_major_extents_of_one() {
    use structio_bjdata::{from_slice, NdArray};
    // 2 x 1 x 3, stored column-major: element (i, 0, k) = 10 i + k at offset i + 2 k.
    let doc = b"[$U#[[$U#U\x03\x02\x01\x03]\x00\x0a\x01\x0b\x02\x0c";
    let a: NdArray<u8> = from_slice(doc).unwrap();
    assert_eq!(a.dims, [2, 1, 3]);
    assert_eq!(a.data, [0, 1, 2, 10, 11, 12]);
    // 3 x 1 x ... x 1 x 2 (100 extents of 1): the same order as 3 x 2.
    let mut doc = b"[$U#[[$U#U\x66\x03".to_vec();
    doc.extend([1u8; 100]);
    doc.extend_from_slice(b"\x02]\x00\x0a\x14\x01\x0b\x15");
    let a: NdArray<u8> = from_slice(&doc).unwrap();
    assert_eq!(a.dims.len(), 102);
    assert_eq!(a.data, [0, 1, 10, 11, 20, 21]);
}
