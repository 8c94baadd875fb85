//! Every type tag written from a Rust type and read back: the bytes are derived by hand from the
//! specification (and agree with what Glaze writes for the same C++ shapes).
#![cfg(feature = "std")]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use structio_beve::{
    from_slice, read_into, to_vec, BeveRead, BeveWrite, Bf16, Complex, ErrorKind, Layout, Matrix,
    Reader, F128, F16,
};

/// Writes `value`, compares with `bytes`, reads `bytes` back and compares with `value`.
fn round_trip<T>(value: T, bytes: &[u8])
where
    T: BeveWrite + for<'de> BeveRead<'de> + PartialEq + std::fmt::Debug,
{
    assert_eq!(to_vec(&value).unwrap(), bytes, "{value:?}");
    assert_eq!(from_slice::<T>(bytes).unwrap(), value);
}

#[test]
fn null_bool_and_unit() {
    round_trip((), &[0x00]);
    round_trip(false, &[0x08]);
    round_trip(true, &[0x18]);
    round_trip(None::<i32>, &[0x00]);
    round_trip(Some(7u8), &[0x11, 7]);
}

#[test]
fn numbers_in_their_own_width() {
    round_trip(-1i8, &[0x09, 0xff]);
    round_trip(-2i16, &[0x29, 0xfe, 0xff]);
    round_trip(-5i32, &[0x49, 0xfb, 0xff, 0xff, 0xff]);
    round_trip(i64::MIN, &[0x69, 0, 0, 0, 0, 0, 0, 0, 0x80]);
    round_trip(
        -1i128,
        &[
            0x89, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0xff, 0xff, 0xff,
        ],
    );
    round_trip(200u8, &[0x11, 0xc8]);
    round_trip(0x1234u16, &[0x31, 0x34, 0x12]);
    round_trip(1_000_000u32, &[0x51, 0x40, 0x42, 0x0f, 0x00]);
    round_trip(
        u64::MAX,
        &[0x71, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    );
    round_trip(
        1u128 << 64,
        &[0x91, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
    );
    round_trip(1.5f32, &[0x41, 0x00, 0x00, 0xc0, 0x3f]);
    round_trip(
        -0.1f64,
        &[0x61, 0x9a, 0x99, 0x99, 0x99, 0x99, 0x99, 0xb9, 0xbf],
    );
    round_trip(Bf16(0x3f80), &[0x01, 0x80, 0x3f]);
    round_trip(F16(0x3c00), &[0x21, 0x00, 0x3c]);
    round_trip(
        F128(0x3fff << 112),
        &[0x81, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0x3f],
    );
    round_trip(7usize, &[0x71, 7, 0, 0, 0, 0, 0, 0, 0]);
    round_trip(
        -7isize,
        &[0x69, 0xf9, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    );
}

#[test]
fn numbers_convert_when_they_fit() {
    assert_eq!(from_slice::<i64>(&[0x09, 0xff]).unwrap(), -1);
    assert_eq!(
        from_slice::<u8>(&[0x71, 200, 0, 0, 0, 0, 0, 0, 0]).unwrap(),
        200
    );
    assert_eq!(
        from_slice::<f64>(&[0x41, 0x00, 0x00, 0xc0, 0x3f]).unwrap(),
        1.5
    );
    assert_eq!(from_slice::<f32>(&[0x01, 0x80, 0x3f]).unwrap(), 1.0);
    assert_eq!(from_slice::<f32>(&[0x21, 0x00, 0x3c]).unwrap(), 1.0);
    assert_eq!(
        from_slice::<f64>(&[0x49, 0xfb, 0xff, 0xff, 0xff]).unwrap(),
        -5.0
    );
    assert_eq!(
        from_slice::<Vec<i64>>(&[0x2c, 0x08, 1, 0, 0xff, 0xff]).unwrap(),
        [1, -1]
    );
    assert_eq!(
        from_slice::<[f64; 2]>(&[0x44, 0x08, 0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0]).unwrap(),
        [1.0, -2.0]
    );
    assert_eq!(
        from_slice::<Vec<u8>>(&[0x05, 0x08, 0x11, 1, 0x11, 2]).unwrap(),
        [1, 2]
    );
    assert_eq!(
        from_slice::<[u8; 2]>(&[0x05, 0x08, 0x11, 1, 0x11, 2]).unwrap(),
        [1, 2]
    );
}

#[test]
fn half_precision_bits() {
    assert_eq!(F16(0x0001).to_f32(), 2f32.powi(-24));
    assert_eq!(F16(0x7c00).to_f32(), f32::INFINITY);
    assert!(F16(0x7e00).to_f32().is_nan());
    assert_eq!(Bf16::from_f32(1.0 + 1.0 / 256.0), Bf16(0x3f80)); // ties to even
    assert!(Bf16::from_f32(f32::NAN).to_f32().is_nan());
}

#[test]
fn strings_and_chars() {
    round_trip(String::new(), &[0x02, 0x00]);
    round_trip(
        "é日".to_string(),
        &[0x02, 0x14, 0xc3, 0xa9, 0xe6, 0x97, 0xa5],
    );
    let long = "x".repeat(300);
    let mut bytes = vec![0x02, 0xb1, 0x04];
    bytes.extend_from_slice(long.as_bytes());
    round_trip(long, &bytes);
    let big = "y".repeat(16384);
    let doc = to_vec(&big).unwrap();
    assert_eq!(doc[..5], [0x02, 0x02, 0x00, 0x01, 0x00]);
    assert_eq!(from_slice::<&str>(&doc).unwrap(), big);
    round_trip('é', &[0x02, 0x08, 0xc3, 0xa9]);
    assert_eq!(from_slice::<char>(&[0x09, b'a']).unwrap(), 'a');
    assert_eq!(
        from_slice::<Cow<str>>(&[0x02, 0x04, b'a']).unwrap(),
        Cow::Borrowed("a")
    );
    assert!(matches!(
        from_slice::<Cow<str>>(&[0x02, 0x04, b'a']).unwrap(),
        Cow::Borrowed(_)
    ));
    assert_eq!(
        from_slice::<Box<str>>(&[0x02, 0x04, b'a']).unwrap(),
        Box::from("a")
    );
    // A SIZE in a longer form than needed is accepted.
    assert_eq!(
        from_slice::<&str>(&[0x02, 0x09, 0x00, b'h', b'i']).unwrap(),
        "hi"
    );
}

#[test]
fn typed_arrays() {
    round_trip(
        vec![1.0f32, -2.0],
        &[0x44, 0x08, 0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0],
    );
    round_trip(Vec::<f64>::new(), &[0x64, 0x00]);
    round_trip(
        vec![1i16, -1, 256],
        &[0x2c, 0x0c, 0x01, 0x00, 0xff, 0xff, 0x00, 0x01],
    );
    round_trip([0u8, 127, 255], &[0x14, 0x0c, 0x00, 0x7f, 0xff]);
    round_trip(
        vec![1u64, 1 << 63],
        &[
            0x74, 0x08, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80,
        ],
    );
    round_trip(vec![Bf16(0x3f80)], &[0x04, 0x04, 0x80, 0x3f]);
    round_trip(vec![F16(0x3c00)], &[0x24, 0x04, 0x00, 0x3c]);
    round_trip(vec![1i8, -1], &[0x0c, 0x08, 0x01, 0xff]);
    round_trip(
        vec![1i128],
        &[0x8c, 0x04, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    );
    round_trip(
        vec![1u128],
        &[0x94, 0x04, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    );
    round_trip(
        vec![F128(1)],
        &[0x84, 0x04, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    );
    round_trip(vec![1i32], &[0x4c, 0x04, 1, 0, 0, 0]);
    round_trip(vec![1i64], &[0x6c, 0x04, 1, 0, 0, 0, 0, 0, 0, 0]);
    round_trip(vec![1u16], &[0x34, 0x04, 1, 0]);
    round_trip(vec![1u32], &[0x54, 0x04, 1, 0, 0, 0]);
}

#[test]
fn bool_and_string_arrays() {
    round_trip(vec![true, false, true, true, false], &[0x1c, 0x14, 0x0d]);
    round_trip(vec![true; 9], &[0x1c, 0x24, 0xff, 0x01]);
    round_trip([true, false], &[0x1c, 0x08, 0x01]);
    round_trip(Vec::<bool>::new(), &[0x1c, 0x00]);
    // Long arrays cross the writer's 64-byte blocks and the reader's byte unpacking.
    for n in [7usize, 8, 9, 255, 256, 257, 511, 512, 513, 1000] {
        let bits: Vec<bool> = (0..n).map(|i| (i * 7 + i / 3) % 5 < 2).collect();
        let doc = to_vec(&bits).unwrap();
        for (i, &b) in bits.iter().enumerate() {
            assert_eq!(
                doc[doc.len() - n.div_ceil(8) + i / 8] >> (i % 8) & 1 == 1,
                b
            );
        }
        assert_eq!(from_slice::<Vec<bool>>(&doc).unwrap(), bits);
        // Into a vector that held more, and into fixed arrays of exactly `n`.
        let mut into = vec![true; 2000];
        read_into(&mut into, &doc).unwrap();
        assert_eq!(into, bits);
        if n == 257 {
            assert_eq!(from_slice::<[bool; 257]>(&doc).unwrap()[..], bits[..]);
            assert!(from_slice::<[bool; 256]>(&doc).is_err());
        }
    }
    round_trip(
        vec!["a".to_string(), "bc".to_string()],
        &[0x3c, 0x08, 0x04, b'a', 0x08, b'b', b'c'],
    );
    round_trip(["".to_string(), "".to_string()], &[0x3c, 0x08, 0x00, 0x00]);
    assert_eq!(
        to_vec(&vec!["a", "bc"]).unwrap(),
        [0x3c, 0x08, 0x04, b'a', 0x08, b'b', b'c']
    );
    assert_eq!(
        from_slice::<Vec<&str>>(&[0x3c, 0x08, 0x04, b'a', 0x08, b'b', b'c']).unwrap(),
        ["a", "bc"]
    );
    assert_eq!(
        from_slice::<[&str; 2]>(&[0x3c, 0x08, 0x04, b'a', 0x08, b'b', b'c']).unwrap(),
        ["a", "bc"]
    );
    assert_eq!(
        from_slice::<Vec<Cow<str>>>(&[0x3c, 0x04, 0x04, b'a']).unwrap(),
        ["a"]
    );
    // A generic array of strings and of booleans is read too.
    assert_eq!(
        from_slice::<Vec<String>>(&[0x05, 0x04, 0x02, 0x04, b'a']).unwrap(),
        ["a"]
    );
    assert_eq!(
        from_slice::<[String; 1]>(&[0x05, 0x04, 0x02, 0x04, b'a']).unwrap(),
        ["a"]
    );
    assert_eq!(
        from_slice::<Vec<bool>>(&[0x05, 0x04, 0x18]).unwrap(),
        [true]
    );
    assert_eq!(
        from_slice::<[bool; 1]>(&[0x05, 0x04, 0x18]).unwrap(),
        [true]
    );
}

#[test]
fn generic_arrays_tuples_and_nesting() {
    round_trip(
        (Option::<u8>::None, 1u8, "x".to_string(), true),
        &[0x05, 0x10, 0x00, 0x11, 0x01, 0x02, 0x04, b'x', 0x18],
    );
    round_trip(
        vec![vec![1u8], vec![]],
        &[0x05, 0x08, 0x14, 0x04, 0x01, 0x14, 0x00],
    );
    round_trip(vec![Some(1u8), None], &[0x05, 0x08, 0x11, 0x01, 0x00]);
    round_trip([(1u8,)], &[0x05, 0x04, 0x05, 0x04, 0x11, 0x01]);
    round_trip(Box::new(5u8), &[0x11, 5]);
    round_trip(vec!['a'], &[0x05, 0x04, 0x02, 0x04, b'a']);
    let twelve = (
        1u8, 2u8, 3u8, 4u8, 5u8, 6u8, 7u8, 8u8, 9u8, 10u8, 11u8, 12u8,
    );
    assert_eq!(
        from_slice::<(u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8)>(&to_vec(&twelve).unwrap())
            .unwrap(),
        twelve
    );
}

#[test]
fn objects_with_string_and_integer_keys() {
    let mut m = BTreeMap::new();
    m.insert("id".to_string(), 7i32);
    round_trip(m, &[0x03, 0x04, 0x08, b'i', b'd', 0x49, 7, 0, 0, 0]);
    let mut m = BTreeMap::new();
    m.insert(1u32, "x".to_string());
    round_trip(m, &[0x53, 0x04, 0x01, 0x00, 0x00, 0x00, 0x02, 0x04, b'x']);
    let mut m = BTreeMap::new();
    m.insert(-2i16, 7u8);
    m.insert(5i16, 9u8);
    round_trip(
        m,
        &[0x2b, 0x08, 0xfe, 0xff, 0x11, 0x07, 0x05, 0x00, 0x11, 0x09],
    );
    round_trip(BTreeMap::<String, u8>::new(), &[0x03, 0x00]);
    let mut h: HashMap<u8, bool> = HashMap::new();
    h.insert(3, true);
    round_trip(h.clone(), &[0x13, 0x04, 0x03, 0x18]);
    let mut again: HashMap<u8, bool> = HashMap::from([(9, false)]);
    read_into(&mut again, &[0x13, 0x04, 0x03, 0x18]).unwrap();
    assert_eq!(again, h);
    let borrowed: BTreeMap<&str, Cow<str>> =
        from_slice(&[0x03, 0x04, 0x04, b'k', 0x02, 0x04, b'v']).unwrap();
    assert_eq!(borrowed["k"], "v");
    let keys: BTreeMap<Cow<str>, u8> = from_slice(&[0x03, 0x04, 0x04, b'k', 0x11, 1]).unwrap();
    assert_eq!(to_vec(&keys).unwrap(), [0x03, 0x04, 0x04, b'k', 0x11, 1]);
    for doc in [
        &[0x0b, 0x04, 0xff, 0x00][..],
        &[0x6b, 0x04, 0, 0, 0, 0, 0, 0, 0, 0, 0x00],
    ] {
        let mut r = Reader::new(doc);
        r.skip_value().unwrap();
        r.finish().unwrap();
    }
    assert_eq!(
        from_slice::<BTreeMap<i8, ()>>(&[0x0b, 0x04, 0xff, 0x00]).unwrap()[&-1],
        ()
    );
}

#[test]
fn extensions() {
    round_trip(
        Complex {
            re: 1.0f64,
            im: 2.0,
        },
        &[
            0x1e, 0x60, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0x40,
        ],
    );
    round_trip(
        Complex { re: -3i16, im: 4 },
        &[0x1e, 0x28, 0xfd, 0xff, 0x04, 0x00],
    );
    round_trip(
        vec![
            Complex {
                re: 1.0f32,
                im: 2.0,
            },
            Complex { re: 3.0, im: -4.0 },
        ],
        &[
            0x1e, 0x41, 0x08, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40, 0, 0, 0x40, 0x40, 0, 0, 0x80, 0xc0,
        ],
    );
    assert_eq!(
        from_slice::<Vec<Complex<u8>>>(&[0x05, 0x04, 0x1e, 0x10, 1, 2]).unwrap(),
        [Complex { re: 1, im: 2 }]
    );
    let m = Matrix {
        layout: Layout::ColumnMajor,
        extents: vec![1, 2],
        data: vec![1u8, 2],
    };
    round_trip(
        m,
        &[
            0x16, 0x01, 0x6c, 0x08, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0x14, 0x08, 1,
            2,
        ],
    );
    let mut out = Vec::new();
    let mut w = structio_beve::Writer::new(&mut out);
    1u8.write_beve(&mut w).unwrap();
    w.delimiter().unwrap();
    2u8.write_beve(&mut w).unwrap();
    assert_eq!(out, [0x11, 1, 0x06, 0x11, 2]);
    let docs: Vec<u8> = structio_beve::documents(&out)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(docs, [1, 2]);
    let mut docs = structio_beve::documents::<u8>(&[0x11, 1, 0x06]);
    assert_eq!(docs.next().unwrap().unwrap(), 1);
    assert!(docs.next().is_none());
    let mut docs = structio_beve::documents::<u8>(&[0x18, 0x11, 1]);
    assert!(docs.next().unwrap().is_err());
    assert!(docs.next().is_none());
}

#[test]
fn read_into_reuses_buffers() {
    let mut v: Vec<String> = vec!["previous contents".to_string(); 3];
    let ptr = v[0].as_ptr();
    read_into(&mut v, &[0x3c, 0x04, 0x04, b'a']).unwrap();
    assert_eq!(v, ["a"]);
    assert_eq!(v[0].as_ptr(), ptr);
    let mut v: Vec<Vec<u8>> = vec![Vec::with_capacity(8)];
    let ptr = v[0].as_ptr();
    read_into(&mut v, &[0x05, 0x08, 0x14, 0x04, 9, 0x14, 0x00]).unwrap();
    assert_eq!(v, [vec![9], vec![]]);
    assert_eq!(v[0].as_ptr(), ptr);
    let mut s = String::with_capacity(16);
    let ptr = s.as_ptr();
    read_into(&mut s, &[0x02, 0x04, b'z']).unwrap();
    assert_eq!((s.as_str(), s.as_ptr()), ("z", ptr));
    let mut a = [String::new(), String::new()];
    read_into(&mut a, &[0x3c, 0x08, 0x04, b'a', 0x04, b'b']).unwrap();
    assert_eq!(a, ["a", "b"]);
    let mut a = [0u16; 2];
    read_into(&mut a, &[0x34, 0x08, 1, 0, 2, 0]).unwrap();
    assert_eq!(a, [1, 2]);
    let mut a = [false; 2];
    read_into(&mut a, &[0x1c, 0x08, 0x02]).unwrap();
    assert_eq!(a, [false, true]);
    let mut o = Some(String::with_capacity(8));
    read_into(&mut o, &[0x02, 0x04, b'q']).unwrap();
    assert_eq!(o.as_deref(), Some("q"));
    read_into(&mut o, &[0x00]).unwrap();
    assert_eq!(o, None);
    read_into(&mut o, &[0x02, 0x04, b'r']).unwrap();
    assert_eq!(o.as_deref(), Some("r"));
    let mut t = (0u8, String::new());
    read_into(&mut t, &[0x05, 0x08, 0x11, 4, 0x02, 0x04, b's']).unwrap();
    assert_eq!(t, (4, "s".to_string()));
    let mut b = Box::new(0u8);
    read_into(&mut b, &[0x11, 3]).unwrap();
    assert_eq!(*b, 3);
    let mut out = vec![0u8; 32];
    structio_beve::write_into(&1u8, &mut out).unwrap();
    assert_eq!(out, [0x11, 1]);
}

#[test]
fn options_as_struct_fields_default_to_none() {
    assert_eq!(<Option<u8> as BeveRead>::missing_field(), Some(None));
    assert_eq!(<u8 as BeveRead>::missing_field(), None);
}

#[test]
fn strings_of_every_short_length_refill_exactly() {
    // Every length across the size classes of the short copy, into strings of every capacity
    // relation (empty, shorter, longer), as values and as string-array elements.
    let texts: Vec<String> = (0..=70)
        .map(|n| {
            (0..n)
                .map(|k| char::from(b'a' + (k * 7 % 26) as u8))
                .collect()
        })
        .collect();
    let docs: Vec<Vec<u8>> = texts.iter().map(|t| to_vec(t).unwrap()).collect();
    for (old, start) in texts.iter().enumerate() {
        for (t, doc) in texts.iter().zip(&docs) {
            let mut s = start.clone();
            read_into(&mut s, doc).unwrap();
            assert_eq!(&s, t, "from {old}");
        }
    }
    let mut v: Vec<String> = texts.iter().rev().cloned().collect();
    let arr = to_vec(&texts).unwrap();
    read_into(&mut v, &arr).unwrap();
    assert_eq!(v, texts);
    let mixed = to_vec(&vec!["\u{e9}t\u{e9}", "\u{1f600}", "a\u{20ac}b"]).unwrap();
    read_into(&mut v, &mixed).unwrap();
    assert_eq!(v, ["\u{e9}t\u{e9}", "\u{1f600}", "a\u{20ac}b"]);
}

#[test]
fn a_byte_above_0x7f_anywhere_in_a_short_string_is_checked() {
    // Lengths across every size class of the short ASCII check, one invalid byte at each
    // position: always InvalidUtf8 at that byte; and a valid non-ASCII character there reads.
    for n in 1..=40usize {
        for p in 0..n {
            let mut s = vec![b'a'; n];
            s[p] = 0xff;
            let doc = [&[0x02, (n as u8) << 2][..], &s].concat();
            let e = from_slice::<String>(&doc).unwrap_err();
            assert_eq!((e.kind(), e.offset()), (ErrorKind::InvalidUtf8, 2 + p));
            let arr = [&[0x3c, 0x04, (n as u8) << 2][..], &s].concat();
            assert!(from_slice::<Vec<String>>(&arr).is_err());
            let mut t = "a".repeat(n - 1);
            t.insert(p.min(n - 1), '\u{e9}');
            assert_eq!(from_slice::<String>(&to_vec(&t).unwrap()).unwrap(), t);
        }
    }
}
