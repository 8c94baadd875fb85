//! Structure-of-arrays containers (BJData Draft 4): every field type, both layouts, and the
//! error paths.
#![cfg(feature = "std")]

use structio_bjdata::{from_slice, validate, Error, ErrorKind, Soa, SoaType, SoaValue};

#[test]
fn every_field_type() {
    // {a: int16, b: fixed string of 3, c: [uint8 bool], d: {e: float32}, f: dictionary, g: Z}
    let mut doc = b"[${U\x01aIU\x01bSU\x03U\x01c[UT]U\x01d{U\x01ed}U\x01f[$S#U\x02U\x03offU\x02onU\x01gZ}#U\x02".to_vec();
    doc.extend_from_slice(&(-2i16).to_le_bytes());
    doc.extend_from_slice(b"ab\0");
    doc.extend_from_slice(&[7, b'T']);
    doc.extend_from_slice(&1.5f32.to_le_bytes());
    doc.push(1);
    doc.extend_from_slice(&300i16.to_le_bytes());
    doc.extend_from_slice(b"xyz");
    doc.extend_from_slice(&[8, b'F']);
    doc.extend_from_slice(&(-0.5f32).to_le_bytes());
    doc.push(0);
    let soa: Soa = from_slice(&doc).unwrap();
    assert_eq!(soa.schema.len(), 6);
    assert_eq!(soa.schema[1].1, SoaType::FixedString(3));
    assert_eq!(
        soa.records[0],
        vec![
            ("a", SoaValue::Int(-2)),
            ("b", SoaValue::Str("ab")),
            (
                "c",
                SoaValue::Tuple(vec![SoaValue::Int(7), SoaValue::Bool(true)])
            ),
            ("d", SoaValue::Record(vec![("e", SoaValue::Float(1.5))])),
            ("f", SoaValue::Str("on")),
            ("g", SoaValue::Null),
        ]
    );
    assert_eq!(soa.records[1][1].1, SoaValue::Str("xyz"));
    assert_eq!(soa.records[1][4].1, SoaValue::Str("off"));
    validate(&doc).unwrap();
}

#[test]
fn offset_tables_and_dimensions() {
    // {n: offset-table string (uint8 index)}, 2x1 records, then offsets 0 2 5 and "hiyou".
    let doc = b"{${U\x01n[$U]}#[U\x02U\x01]\x01\x00\x00\x02\x05hiyou";
    let soa: Soa = from_slice(doc).unwrap();
    assert_eq!(soa.dims, [2, 1]);
    assert!(soa.column_major);
    assert_eq!(soa.records[0][0].1, SoaValue::Str("you"));
    assert_eq!(soa.records[1][0].1, SoaValue::Str("hi"));
}

#[test]
fn errors() {
    let at = |kind, offset| Err(Error::new(kind, offset));
    // A count the payload cannot back.
    assert_eq!(
        validate(b"[${U\x01aD}#M\x00\x00\x00\x00\x00\x00\x00\x10"),
        at(ErrorKind::LengthExceedsInput, 0)
    );
    // Nulls take no bytes, but a huge count of them is still refused.
    assert_eq!(
        validate(b"[${U\x01aZ}#M\x00\x00\x00\x00\x00\x00\x00\x10"),
        at(ErrorKind::LengthExceedsInput, 0)
    );
    assert_eq!(validate(b"[${U\x01aZ}#U\x03"), Ok(()));
    // An empty schema: records of nothing, still bounded.
    assert_eq!(
        validate(b"{${}#l\x00\x00\x00\x10"),
        at(ErrorKind::LengthExceedsInput, 0)
    );
    // A boolean byte other than T or F.
    assert_eq!(
        validate(b"[${U\x01aT}#U\x01X"),
        at(ErrorKind::InvalidHeader(b'X'), 11)
    );
    // A dictionary index past its strings.
    assert_eq!(
        validate(b"[${U\x01a[$S#U\x01U\x01x}#U\x01\x01"),
        at(ErrorKind::NumberOutOfRange, 19)
    );
    // Field types the schema cannot have.
    assert_eq!(
        validate(b"[${U\x01aF}#U\x00"),
        at(ErrorKind::InvalidHeader(b'F'), 6)
    );
    assert_eq!(
        validate(b"[${U\x01a[$D]}#U\x00"),
        at(ErrorKind::InvalidHeader(b'D'), 8)
    );
    assert_eq!(validate(b"[${U\x01a"), at(ErrorKind::UnexpectedEnd, 6));
    // Invalid UTF-8 in a fixed string.
    assert_eq!(
        validate(b"[${U\x01aSU\x01}#U\x01\xff"),
        at(ErrorKind::InvalidUtf8, 13)
    );
    // Offsets past the string bytes.
    assert_eq!(
        validate(b"[${U\x01n[$U]}#U\x01\x00\x00\x09ab"),
        at(ErrorKind::LengthExceedsInput, 15)
    );
    // A record index past the table (u64 indices near the top).
    let mut doc = b"{${U\x01n[$M]}#U\x01".to_vec();
    doc.extend_from_slice(&u64::MAX.to_le_bytes());
    doc.extend_from_slice(&[0; 16]);
    assert_eq!(validate(&doc), at(ErrorKind::InvalidSize, 22));
    // Schemas nest no deeper than the depth limit.
    let mut deep = b"[${U\x01a".to_vec();
    for _ in 0..300 {
        deep.extend_from_slice(b"{U\x01a");
    }
    assert_eq!(validate(&deep).unwrap_err().kind(), ErrorKind::DepthLimit);
    // UBJSON has none.
    assert!(structio_bjdata::from_slice_ubjson::<Soa>(b"[${U\x01aZ}#U\x01").is_err());
}

/// A schema whose fixed-string sizes, read from the input, add up past `usize::MAX`: the sum
/// saturates, so the count's check refuses it (it wrapped to a small size once, and the record
/// loop then sliced past the payload), in both layouts and inside a nested record.
#[test]
fn field_sizes_past_usize_are_refused() {
    let huge = |name: u8| {
        let mut f = vec![b'U', 1, name, b'S', b'M'];
        f.extend_from_slice(&(1u64 << 63).to_le_bytes());
        f
    };
    for open in [b'[', b'{'] {
        for nested in [false, true] {
            let mut doc = vec![open, b'$', b'{'];
            if nested {
                doc.extend_from_slice(b"U\x01r{");
            }
            doc.extend(huge(b'a'));
            doc.extend(huge(b'b'));
            if nested {
                doc.push(b'}');
            }
            doc.extend_from_slice(b"}#U\x01");
            let want = Err(Error::new(ErrorKind::LengthExceedsInput, 0));
            assert_eq!(validate(&doc), want);
            assert_eq!(from_slice::<Soa>(&doc).map(drop), want);
            assert!(from_slice::<Vec<u8>>(&doc).is_err());
            // No records: nothing to read, whatever the sizes.
            let n = doc.len();
            doc[n - 1] = 0;
            assert_eq!(validate(&doc), Ok(()));
        }
    }
}

/// Tables of nulls make values from no payload bytes: each table is bounded by the bytes left,
/// and all of a document's tables together by its length (plus room for small tables), so a
/// run of small tables cannot make a value per byte each.
#[test]
fn values_without_bytes_are_bounded_per_document() {
    let table = b"[${U\x01aZ}#u\xff\xff";
    let doc = |k: u16, count: u16| {
        let mut d = b"[#u".to_vec();
        d.extend_from_slice(&k.to_le_bytes());
        for _ in 0..k {
            d.extend_from_slice(&table[..10]);
            d.extend_from_slice(&count.to_le_bytes());
        }
        d
    };
    assert_eq!(validate(&doc(1, 65535)), Ok(()));
    assert_eq!(validate(&doc(2, 30000)), Ok(()));
    // The second table passes the allowance: refused where it starts.
    let want = Err(Error::new(ErrorKind::LengthExceedsInput, 5 + table.len()));
    assert_eq!(validate(&doc(2, 65535)), want);
    assert_eq!(validate(&doc(100, 65535)), want);
    assert_eq!(from_slice::<Vec<Soa>>(&doc(100, 65535)).map(drop), want);
}
