//! Round trips through the core, alloc and typed-array impls, the shape a derived struct
//! takes (a map with text keys, written and read by hand here), zero-copy views and the
//! deterministic writer.
#![cfg(feature = "std")]

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use structio_cbor::{
    from_slice, read_into, to_vec, to_vec_deterministic, CborRead, CborWrite, ErrorKind, Items,
    KeyBuf, Reader, Result, Sink, Writer,
};

fn round_trip<T>(v: &T) -> Vec<u8>
where
    T: for<'de> CborRead<'de> + CborWrite + PartialEq + std::fmt::Debug,
{
    let doc = to_vec(v).unwrap();
    let back: T = from_slice(&doc).unwrap();
    assert_eq!(&back, v, "{doc:02x?}");
    structio_cbor::validate(&doc).unwrap();
    doc
}

/// A record as the derive will write it: a map with one text key per field, in declaration
/// order (a deterministic writer needs the order of the encoded keys: shorter keys first,
/// then bytewise, which the derive can fix at compile time).
#[derive(Debug, PartialEq, Default)]
struct Sensor {
    id: u32,
    name: String,
    samples: Vec<f64>,
    gain: Option<f32>,
    tags: BTreeMap<String, i64>,
}

impl CborWrite for Sensor {
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.begin_map(5)?;
        // Keys pre-encoded, as the derive emits them: head and text in one copy.
        w.raw(b"\x62id")?;
        self.id.write_cbor(w)?;
        w.raw(b"\x64gain")?;
        self.gain.write_cbor(w)?;
        w.raw(b"\x64name")?;
        self.name.write_cbor(w)?;
        w.raw(b"\x64tags")?;
        self.tags.write_cbor(w)?;
        w.raw(b"\x67samples")?;
        self.samples.write_cbor(w)
    }
}

impl<'de> CborRead<'de> for Sensor {
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let mut s = Sensor::default();
        s.read_cbor_into(r)?;
        Ok(s)
    }

    /// Fields matched by key in any order, unknown keys skipped, missing ones named (`gain`
    /// is optional): what the derive generates, with its perfect hash replaced by a `match`.
    fn read_cbor_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        let mut entries: Items = r.begin_map()?;
        let mut seen = [false; 5];
        let mut buf = KeyBuf::new();
        while r.next(&mut entries)? {
            let key_at = r.offset();
            let key = r.read_key(&mut buf)?;
            match key {
                b"id" => (self.id.read_cbor_into(r)?, seen[0] = true).1,
                b"name" => (self.name.read_cbor_into(r)?, seen[1] = true).1,
                b"samples" => (self.samples.read_cbor_into(r)?, seen[2] = true).1,
                b"gain" => (self.gain.read_cbor_into(r)?, seen[3] = true).1,
                b"tags" => (self.tags = BTreeMap::read_cbor(r)?, seen[4] = true).1,
                _ => r.unknown_field(key_at)?,
            }
        }
        for (i, name) in ["id", "name", "samples", "gain", "tags"].iter().enumerate() {
            if !seen[i] {
                match (i, Option::<f32>::missing_field()) {
                    (3, Some(none)) => self.gain = none,
                    _ => return Err(r.missing_field(name)),
                }
            }
        }
        Ok(())
    }
}

fn sensor() -> Sensor {
    Sensor {
        id: 7,
        name: "pump".into(),
        samples: vec![1.5, -0.25, 1e300],
        gain: Some(0.5),
        tags: BTreeMap::from([("zone".into(), -3), ("a".into(), 1 << 40)]),
    }
}

#[test]
fn a_struct_is_a_map_with_text_keys() {
    let s = sensor();
    let doc = round_trip(&s);
    assert_eq!(&doc[..4], [0xa5, 0x62, b'i', b'd']);
    // The samples are an f64 typed array: tag 86 around 24 bytes.
    let at = doc.windows(2).position(|w| w == [0xd8, 0x56]).unwrap();
    assert_eq!(doc[at + 2..at + 4], [0x58, 24]);
    // Keys in another order, an unknown key, a chunked key, `gain` absent.
    let mut w = Writer::new(Vec::new());
    w.begin_map(5).unwrap();
    w.write_str("name").unwrap();
    w.write_str("x").unwrap();
    w.write_str("extra").unwrap();
    w.write_f64(1.0).unwrap();
    w.raw(&[0x7f, 0x61, b'i', 0x61, b'd', 0xff]).unwrap();
    w.write_u64(9).unwrap();
    w.write_str("tags").unwrap();
    w.begin_map(0).unwrap();
    w.write_str("samples").unwrap();
    w.begin_array(1).unwrap();
    w.write_u64(2).unwrap();
    let doc = w.into_inner();
    let got: Sensor = from_slice(&doc).unwrap();
    assert_eq!(got.id, 9);
    assert_eq!(got.name, "x");
    assert_eq!(got.samples, [2.0]);
    assert_eq!(got.gain, None);
    let e = Sensor::read_cbor(&mut Reader::new(&doc).deny_unknown_fields(true)).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownField, 8));
    let e = from_slice::<Sensor>(&[0xa0]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::MissingField("id"));
}

#[test]
fn reading_into_reuses_buffers() {
    let doc = to_vec(&sensor()).unwrap();
    let mut s = Sensor::default();
    read_into(&mut s, &doc).unwrap();
    let (name_ptr, samples_ptr) = (s.name.as_ptr(), s.samples.as_ptr());
    read_into(&mut s, &doc).unwrap();
    assert_eq!(s, sensor());
    assert_eq!(
        (s.name.as_ptr(), s.samples.as_ptr()),
        (name_ptr, samples_ptr)
    );
}

#[test]
fn scalars() {
    for v in [
        0u64,
        23,
        24,
        255,
        256,
        65535,
        65536,
        u32::MAX as u64,
        u64::MAX,
    ] {
        round_trip(&v);
    }
    for v in [0i64, -1, -24, -25, -256, -257, i64::MIN, i64::MAX] {
        round_trip(&v);
    }
    for v in [
        0i128,
        i128::MAX,
        i128::MIN,
        -(1 << 64),
        (1 << 64) - 1,
        -(1 << 64) - 1,
    ] {
        round_trip(&v);
    }
    round_trip(&u128::MAX);
    assert_eq!(to_vec(&i128::MIN).unwrap()[..2], [0xc3, 0x50]);
    round_trip(&'水');
    round_trip(&());
    round_trip(&Some(false));
    round_trip(&None::<u8>);
    round_trip(&(1u8, "x".to_string(), [true, false], -2i16));
    assert_eq!(to_vec(&-1i8).unwrap(), [0x20]);
    assert_eq!(to_vec(&255u8).unwrap(), [0x18, 0xff]);
    assert_eq!(to_vec(&-256i16).unwrap(), [0x38, 0xff]);
    assert_eq!(to_vec(&-257i16).unwrap(), [0x39, 0x01, 0x00]);
    // Integers read into floats; wider floats into narrower ones.
    assert_eq!(from_slice::<f64>(&[0x38, 0x63]).unwrap(), -100.0);
    assert_eq!(
        from_slice::<f32>(&[0xfb, 0x3f, 0xf1, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a]).unwrap(),
        1.1f32
    );
    assert_eq!(from_slice::<f64>(&[0xc2, 0x41, 0x07]).unwrap(), 7.0);
}

#[test]
fn floats_take_the_shortest_exact_width() {
    let cases: [(f64, &[u8]); 10] = [
        (0.0, &[0xf9, 0x00, 0x00]),
        (-0.0, &[0xf9, 0x80, 0x00]),
        (65504.0, &[0xf9, 0x7b, 0xff]),
        (5.960464477539063e-8, &[0xf9, 0x00, 0x01]),
        (100000.0, &[0xfa, 0x47, 0xc3, 0x50, 0x00]),
        (f64::from(f32::MAX), &[0xfa, 0x7f, 0x7f, 0xff, 0xff]),
        (1.1, &[0xfb, 0x3f, 0xf1, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a]),
        (f64::INFINITY, &[0xf9, 0x7c, 0x00]),
        (f64::NAN, &[0xf9, 0x7e, 0x00]),
        // A NaN payload that does not fit a half is kept at the width that holds it.
        (
            f64::from_bits(0x7ff8_0000_2000_0000),
            &[0xfa, 0x7f, 0xc0, 0x00, 0x01],
        ),
    ];
    for (v, bytes) in cases {
        assert_eq!(to_vec(&v).unwrap(), bytes, "{v}");
        assert_eq!(from_slice::<f64>(bytes).unwrap().to_bits(), v.to_bits());
    }
    let odd_nan = f64::from_bits(0x7ff0_0000_0000_0001);
    assert_eq!(to_vec(&odd_nan).unwrap()[0], 0xfb);
    assert_eq!(
        from_slice::<f64>(&to_vec(&odd_nan).unwrap())
            .unwrap()
            .to_bits(),
        odd_nan.to_bits()
    );
    assert_eq!(to_vec(&1.5f32).unwrap(), [0xf9, 0x3e, 0x00]);
    assert_eq!(from_slice::<f32>(&[0xf9, 0x3e, 0x00]).unwrap(), 1.5);
}

#[test]
fn typed_arrays_of_every_element_type() {
    fn check<T>(items: Vec<T>, tag: u8)
    where
        T: for<'de> CborRead<'de> + CborWrite + PartialEq + std::fmt::Debug + Copy + Default,
        Vec<T>: for<'de> CborRead<'de>,
    {
        let doc = round_trip(&items);
        assert_eq!(doc[..2], [0xd8, tag]);
        let mut fixed = [T::default(); 3];
        read_into(&mut fixed, &doc).unwrap();
        assert_eq!(fixed[..], items[..]);
        let arr: [T; 3] = from_slice(&doc).unwrap();
        assert_eq!(arr[..], items[..]);
        // The same numbers as a plain array read into the same destination.
        let mut w = Writer::new(Vec::new());
        w.begin_array(items.len()).unwrap();
        for x in &items {
            x.write_cbor(&mut w).unwrap();
        }
        let plain = w.into_inner();
        assert_eq!(from_slice::<Vec<T>>(&plain).unwrap(), items);
    }
    check(vec![1u16, 0xffff, 300], 69);
    check(vec![1u32, u32::MAX, 70000], 70);
    check(vec![1u64, u64::MAX, 1 << 40], 71);
    check(vec![1i8, -128, 127], 72);
    check(vec![1i16, -32768, 300], 77);
    check(vec![1i32, i32::MIN, -70000], 78);
    check(vec![1i64, i64::MIN, -1], 79);
    check(vec![1.5f32, -0.0, f32::MAX], 85);
    check(vec![1.5f64, -0.0, 1e300], 86);
    check(vec![1usize, usize::MAX, 0], 71);
    check(vec![1isize, isize::MIN, 0], 79);
    // `u8` sequences are byte strings; the RFC 8746 uint8 array reads too.
    assert_eq!(to_vec(&vec![1u8, 2]).unwrap(), [0x42, 1, 2]);
    assert_eq!(
        from_slice::<Vec<u8>>(&[0xd8, 0x40, 0x42, 1, 2]).unwrap(),
        [1, 2]
    );
    assert_eq!(
        from_slice::<Vec<u8>>(&[0xd8, 0x44, 0x42, 1, 2]).unwrap(),
        [1, 2]
    );
    assert_eq!(from_slice::<Vec<u8>>(&[0x82, 1, 2]).unwrap(), [1, 2]);
    round_trip(&[9u8; 40]);
    // Empty arrays keep their tag.
    assert_eq!(to_vec(&Vec::<f64>::new()).unwrap(), [0xd8, 0x56, 0x40]);
    // Big-endian typed arrays and other element types convert.
    let be = [0xd8, 0x52, 0x48, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0];
    assert_eq!(from_slice::<Vec<f64>>(&be).unwrap(), [1.5]);
    assert_eq!(from_slice::<[f64; 1]>(&be).unwrap(), [1.5]);
    assert_eq!(from_slice::<Vec<f32>>(&be).unwrap(), [1.5]);
    assert_eq!(
        from_slice::<Vec<u16>>(&[0xd8, 0x41, 0x44, 0, 1, 1, 0]).unwrap(),
        [1, 256]
    );
    assert_eq!(
        from_slice::<Vec<i64>>(&[0xd8, 0x48, 0x42, 0xff, 1]).unwrap(),
        [-1, 1]
    );
    assert_eq!(
        from_slice::<Vec<f64>>(&[0xd8, 0x54, 0x42, 0x00, 0x3e]).unwrap(),
        [1.5]
    );
    assert_eq!(
        from_slice::<Vec<u32>>(&[0xd8, 0x45, 0x42, 7, 0]).unwrap(),
        [7]
    );
    // Tags that do not describe elements are passed through.
    assert_eq!(from_slice::<Vec<u32>>(&[0xc1, 0x81, 0x05]).unwrap(), [5]);
    // Slices, boxed slices and `Cow`s write the same typed array.
    let v = vec![2.5f64, 3.0];
    let doc = to_vec(&v).unwrap();
    assert_eq!(to_vec(&v[..]).unwrap(), doc);
    assert_eq!(to_vec(&Cow::Borrowed(&v[..])).unwrap(), doc);
    assert_eq!(to_vec(&v.clone().into_boxed_slice()).unwrap(), doc);
    assert_eq!(from_slice::<Box<[f64]>>(&doc).unwrap()[..], v[..]);
}

/// `doc` copied into 8-aligned storage so that its byte `payload_at` lands on a multiple of 8.
fn placed(doc: &[u8], payload_at: usize) -> (Vec<u64>, usize) {
    let shift = (8 - payload_at % 8) % 8;
    let mut storage = vec![0u64; (doc.len() + shift).div_ceil(8) + 1];
    let bytes: &mut [u8] = bytemuck::cast_slice_mut(&mut storage);
    bytes[shift..shift + doc.len()].copy_from_slice(doc);
    (storage, shift)
}

#[test]
fn zero_copy_views_when_aligned() {
    let data: Vec<f64> = (0..1000).map(|i| f64::from(i) * 0.5).collect();
    let doc = to_vec(&data).unwrap();
    // Tag 86 (2 bytes), then a byte-string head of 3 bytes (8000 bytes): payload at 5.
    assert_eq!(doc[..5], [0xd8, 0x56, 0x59, 0x1f, 0x40]);
    let (storage, shift) = placed(&doc, 5);
    let input = &bytemuck::cast_slice::<u64, u8>(&storage)[shift..shift + doc.len()];
    let view: &[f64] = from_slice(input).unwrap();
    assert_eq!(view, &data[..]);
    let range = input.as_ptr_range();
    assert!(range.contains(&view.as_ptr().cast()));
    let cow: Cow<[f64]> = from_slice(input).unwrap();
    assert!(matches!(cow, Cow::Borrowed(_)));
    // One byte off: `&[f64]` refuses, `Cow` copies.
    let (storage, shift) = placed(&doc, 4);
    let input = &bytemuck::cast_slice::<u64, u8>(&storage)[shift..shift + doc.len()];
    let e = from_slice::<&[f64]>(input).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::Misaligned, 5));
    let cow: Cow<[f64]> = from_slice(input).unwrap();
    assert!(matches!(cow, Cow::Owned(_)));
    assert_eq!(cow[..], data[..]);
    // A plain array reads into a `Cow` by conversion.
    let cow: Cow<[f64]> = from_slice(&[0x82, 0x01, 0xf9, 0x3e, 0x00]).unwrap();
    assert_eq!(cow[..], [1.0, 1.5]);
    // Bytes and text borrow with no alignment needed.
    let doc = [0x82, 0x43, 1, 2, 3, 0x62, b'h', b'i'];
    let (b, s): (&[u8], &str) = from_slice(&doc).unwrap();
    assert_eq!((b, s), (&[1u8, 2, 3][..], "hi"));
    let (b, s): (Cow<[u8]>, Cow<str>) = from_slice(&doc).unwrap();
    assert!(matches!((b, s), (Cow::Borrowed(_), Cow::Borrowed(_))));
}

#[test]
fn maps_and_collections() {
    round_trip(&BTreeMap::from([(1u8, "a".to_string()), (200, "b".into())]));
    round_trip(&BTreeMap::from([(vec![1u8], (true, -1i32))]));
    let hm: HashMap<String, Vec<u16>> =
        HashMap::from([("k".into(), vec![1, 2]), ("j".into(), vec![])]);
    let doc = to_vec(&hm).unwrap();
    assert_eq!(from_slice::<HashMap<String, Vec<u16>>>(&doc).unwrap(), hm);
    let mut reuse = HashMap::new();
    read_into(&mut reuse, &doc).unwrap();
    assert_eq!(reuse, hm);
    round_trip(&vec![vec!["a".to_string()], vec![]]);
    round_trip(&Box::new(5u8));
    assert_eq!(from_slice::<Box<str>>(&[0x61, b'z']).unwrap().as_ref(), "z");
    // Indefinite-length maps and arrays read like definite ones.
    let m: BTreeMap<String, Vec<u8>> =
        from_slice(&[0xbf, 0x61, b'a', 0x9f, 0x01, 0xff, 0xff]).unwrap();
    assert_eq!(m, BTreeMap::from([("a".into(), vec![1])]));
}

#[test]
fn deterministic_mode_sorts_map_keys_by_encoding() {
    // Shorter encodings sort first, then bytewise: 10, 100, -1, "z", "aa", [100], [-1], false.
    let m: BTreeMap<i64, u8> = BTreeMap::from([(-1, 0), (100, 0), (10, 0)]);
    assert_eq!(
        to_vec_deterministic(&m).unwrap(),
        [0xa3, 0x0a, 0, 0x18, 0x64, 0, 0x20, 0]
    );
    let m: BTreeMap<String, u8> = BTreeMap::from([("aa".into(), 1), ("z".into(), 2)]);
    assert_eq!(
        to_vec(&m).unwrap(),
        [0xa2, 0x62, b'a', b'a', 1, 0x61, b'z', 2]
    );
    assert_eq!(
        to_vec_deterministic(&m).unwrap(),
        [0xa2, 0x61, b'z', 2, 0x62, b'a', b'a', 1]
    );
    // Nested maps are sorted too, and the result reads back to the same map.
    let outer = BTreeMap::from([
        ("bb".to_string(), m.clone()),
        ("c".to_string(), BTreeMap::new()),
    ]);
    let doc = to_vec_deterministic(&outer).unwrap();
    assert_eq!(doc[..3], [0xa2, 0x61, b'c']);
    assert_eq!(
        from_slice::<BTreeMap<String, BTreeMap<String, u8>>>(&doc).unwrap(),
        outer
    );
    // A `HashMap` written deterministically does not depend on its iteration order.
    let hm: HashMap<u32, u32> = (0..50).map(|i| (i * 7919 % 1000, i)).collect();
    let a = to_vec_deterministic(&hm).unwrap();
    let hm2: HashMap<u32, u32> = hm.iter().map(|(k, v)| (*k, *v)).collect();
    assert_eq!(to_vec_deterministic(&hm2).unwrap(), a);
    let sorted: BTreeMap<u32, u32> = hm.into_iter().collect();
    assert_eq!(to_vec(&sorted).unwrap(), a);
}

#[test]
fn tags_simple_values_and_embedded_items() {
    use structio_cbor::{Embedded, Simple, Tagged};
    round_trip(&Tagged {
        tag: 1,
        value: 1363896240.5f64,
    });
    round_trip(&Tagged {
        tag: u64::MAX,
        value: "x".to_string(),
    });
    round_trip(&Simple(0));
    round_trip(&Simple(32));
    assert_eq!(from_slice::<Simple>(&[0xf5]).unwrap(), Simple(21));
    round_trip(&Embedded(vec![1.5f64]));
    round_trip(&Embedded(Embedded(BTreeMap::from([(1u8, 2u8)]))));
    let mut r = Reader::new(&[0xc1, 0xd8, 0x20, 0x01]);
    assert_eq!(r.skip_tags().unwrap(), Some(32));
    assert_eq!(r.read_int::<u8>().unwrap(), 1);
    // `undefined` reads as `None`.
    assert_eq!(from_slice::<Option<u8>>(&[0xf7]).unwrap(), None);
}

#[test]
fn writing_into_fixed_buffers() {
    let s = sensor();
    let doc = to_vec(&s).unwrap();
    let mut exact = vec![0u8; doc.len()];
    assert_eq!(structio_cbor::to_slice(&s, &mut exact).unwrap(), doc.len());
    assert_eq!(exact, doc);
    let mut short = vec![0u8; doc.len() - 1];
    assert_eq!(
        structio_cbor::to_slice(&s, &mut short).unwrap_err().kind(),
        ErrorKind::BufferFull
    );
    let mut out = vec![0xaa];
    let out = structio_cbor::to_sink(&s, &mut out).unwrap();
    assert_eq!(out[1..], doc[..]);
}

/// Typed arrays whose byte string's head takes each of its widths, into a growing `Vec` and
/// into fixed sinks from one byte short to roomy: the bytes spelled out by hand, or an error.
#[test]
fn typed_array_heads_of_every_width_into_every_room() {
    fn expected(tag: Option<u8>, payload: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(tag) = tag {
            out.extend([0xd8, tag]);
        }
        let n = payload.len() as u64;
        match n {
            0..=23 => out.push(0x40 | n as u8),
            24..=0xff => out.extend([0x58, n as u8]),
            0x100..=0xffff => out.extend([0x59, (n >> 8) as u8, n as u8]),
            _ => {
                out.push(0x5a);
                out.extend((n as u32).to_be_bytes());
            }
        }
        out.extend_from_slice(payload);
        out
    }
    fn check<T: structio_cbor::Number>(items: &[T], tag: Option<u8>, le: &[u8]) {
        let want = expected(tag, le);
        let mut w = Writer::new(Vec::new());
        w.typed_array(items).unwrap();
        assert_eq!(w.into_inner(), want, "{} bytes", le.len());
        for room in [want.len() - 1, want.len(), want.len() + 31, want.len() + 32] {
            let mut buf = vec![0u8; room];
            let mut w = Writer::new(structio_cbor::SliceSink::new(&mut buf));
            match w.typed_array(items) {
                Ok(()) => assert_eq!(w.into_inner().written(), &want[..], "room {room}"),
                Err(_) => assert!(room < want.len(), "room {room} for {}", want.len()),
            }
        }
    }
    for len in [
        0usize, 1, 2, 3, 11, 12, 23, 24, 31, 32, 255, 256, 8191, 8192, 65_535, 65_536,
    ] {
        let bytes: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
        check(&bytes, None, &bytes);
        let wide: Vec<u16> = (0..len / 2).map(|i| (i * 997) as u16).collect();
        let le: Vec<u8> = wide.iter().flat_map(|x| x.to_le_bytes()).collect();
        check(&wide, Some(69), &le);
        let reals: Vec<f64> = (0..len / 8).map(|i| i as f64 * 0.5 - 3.0).collect();
        let le: Vec<u8> = reals.iter().flat_map(|x| x.to_le_bytes()).collect();
        check(&reals, Some(86), &le);
    }
}
