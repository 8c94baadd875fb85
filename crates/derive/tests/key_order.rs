//! The derived reader's in-order guess: the member after the previous one is tried as the
//! key's encoded bytes at the cursor (one comparison), and anything else — another order, the
//! same key written another way, a key cut short — goes to the reader's key path. Each case
//! is read by `from_slice` (the builder) and by `read_into` (in place), which must agree.

use structio_derive::Structio;

#[derive(Structio, Debug, Default, PartialEq, Clone)]
#[structio(format = "structio_json")]
#[structio(format = "structio_beve")]
#[structio(format = "structio_cbor")]
#[structio(format = "structio_bjdata")]
struct Rec {
    a: u32,
    #[structio(rename = "b\"q")]
    quoted: bool,
    long_name_past_eight_bytes: i8,
    #[structio(default)]
    d: Option<u8>,
}

const REC: Rec = Rec {
    a: 7,
    quoted: true,
    long_name_past_eight_bytes: -3,
    d: None,
};

/// `text` read both ways through JSON, with duplicate keys denied.
fn json(text: &str) -> structio_json::Result<Rec> {
    let opts = structio_json::ReadOptions::new().deny_duplicate_keys(true);
    let whole = structio_json::from_slice_with::<Rec>(text.as_bytes(), opts);
    let mut into = Rec {
        a: 99,
        quoted: false,
        long_name_past_eight_bytes: 99,
        d: Some(99),
    };
    let in_place = structio_json::read_into_with(&mut into, text.as_bytes(), opts).map(|()| into);
    match (&whole, &in_place) {
        (Ok(x), Ok(y)) => assert_eq!(x, y, "{text}"),
        (Err(x), Err(y)) => assert_eq!((x.kind(), x.offset()), (y.kind(), y.offset()), "{text}"),
        _ => panic!("from_slice and read_into disagree on {text}: {whole:?} / {in_place:?}"),
    }
    whole
}

#[test]
fn json_in_order_and_spaced() {
    for text in [
        r#"{"a":7,"b\"q":true,"long_name_past_eight_bytes":-3}"#,
        r#"{ "a" : 7 , "b\"q" :true,"long_name_past_eight_bytes":-3 }"#,
        "{\n  \"a\": 7,\n  \"b\\\"q\": true,\n  \"long_name_past_eight_bytes\": -3\n}",
    ] {
        assert_eq!(json(text).unwrap(), REC, "{text}");
    }
}

#[test]
fn json_other_orders_and_spellings() {
    for text in [
        // Reversed, and the optional member first.
        r#"{"long_name_past_eight_bytes":-3,"b\"q":true,"a":7}"#,
        r#"{"d":null,"a":7,"b\"q":true,"long_name_past_eight_bytes":-3}"#,
        // The expected key escaped differently: `\u0061` is `a`, `\u0022` is `"`.
        r#"{"\u0061":7,"b\u0022q":true,"long_name_past_eight_bytes":-3}"#,
        // An unknown key where the next one was expected, sharing its first bytes.
        r#"{"a":7,"b\"qq":[1,{"x":2}],"b\"q":true,"long_name_past_eight_bytes":-3}"#,
        r#"{"aa":0,"a":7,"b\"q":true,"long_name_past_eight_bytes":-3}"#,
    ] {
        assert_eq!(json(text).unwrap(), REC, "{text}");
    }
}

#[test]
fn json_errors_keep_their_offsets() {
    use structio_json::ErrorKind as K;
    let cases: &[(&str, K, usize)] = &[
        // A repeat of the member just read: the guess (the next member) misses, the lookup
        // finds the repeat.
        (r#"{"a":7,"a":8}"#, structio_json::DUPLICATE_KEY, 7),
        // Cut inside, and right after, the expected key's bytes.
        (r#"{"a"#, K::UnexpectedEnd, 3),
        (r#"{"a":"#, K::UnexpectedEnd, 5),
        (r#"{"a":7,"b\"q""#, K::UnexpectedEnd, 13),
        // The expected key followed by something other than a colon.
        (r#"{"a",7}"#, K::ExpectedColon, 4),
        // A member missing.
        (
            r#"{"a":7,"b\"q":true}"#,
            K::MissingField("long_name_past_eight_bytes"),
            19,
        ),
        // The value after a matched key is still checked, at its own offset.
        (r#"{"a": -7}"#, K::NumberOutOfRange, 6),
    ];
    for &(text, kind, offset) in cases {
        let e = json(text).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "{text}");
    }
}

#[test]
fn beve_other_key_widths() {
    let bytes = structio_beve::to_vec(&REC).unwrap();
    assert_eq!(structio_beve::from_slice::<Rec>(&bytes).unwrap(), REC);
    // The first key, `a`, with a two-byte SIZE (width code 1) instead of one: the same key
    // written another way, read by the key path.
    let at = bytes.iter().position(|&b| b == 0x04).unwrap();
    assert_eq!(&bytes[at..at + 2], [0x04, b'a']);
    let mut wide = bytes[..at].to_vec();
    wide.extend_from_slice(&[0x05, 0x00, b'a']);
    wide.extend_from_slice(&bytes[at + 2..]);
    assert_eq!(structio_beve::from_slice::<Rec>(&wide).unwrap(), REC);
    let mut into = Rec::default();
    structio_beve::read_into(&mut into, &wide).unwrap();
    assert_eq!(into, REC);
}

#[test]
fn cbor_other_key_heads() {
    let bytes = structio_cbor::to_vec(&REC).unwrap();
    assert_eq!(structio_cbor::from_slice::<Rec>(&bytes).unwrap(), REC);
    // `a` as `0x78 0x01 'a'` (a one-byte length argument) and as chunks `0x7f 0x61 'a' 0xff`.
    let at = bytes.iter().position(|&b| b == 0x61).unwrap();
    assert_eq!(&bytes[at..at + 2], [0x61, b'a']);
    for head in [&[0x78, 0x01, b'a'][..], &[0x7f, 0x61, b'a', 0xff]] {
        let mut other = bytes[..at].to_vec();
        other.extend_from_slice(head);
        other.extend_from_slice(&bytes[at + 2..]);
        assert_eq!(structio_cbor::from_slice::<Rec>(&other).unwrap(), REC);
        let mut into = Rec::default();
        structio_cbor::read_into(&mut into, &other).unwrap();
        assert_eq!(into, REC);
    }
    // Cut inside the third key (26 bytes, head `0x78 0x1a`): an error at its head, not a
    // match.
    let head = bytes.windows(2).position(|w| w == [0x78, 26]).unwrap();
    let e = structio_cbor::from_slice::<Rec>(&bytes[..head + 10]).unwrap_err();
    assert_eq!(
        (e.kind(), e.offset()),
        (structio_cbor::ErrorKind::LengthExceedsInput, head)
    );
}

#[test]
fn bjdata_other_key_lengths() {
    let bytes = structio_bjdata::to_vec(&REC).unwrap();
    assert_eq!(structio_bjdata::from_slice::<Rec>(&bytes).unwrap(), REC);
    // `a`'s length as an int16 (`I 1 0`) instead of a uint8 (`U 1`).
    let at = bytes.windows(3).position(|w| w == b"U\x01a").unwrap();
    let mut other = bytes[..at].to_vec();
    other.extend_from_slice(b"I\x01\x00a");
    other.extend_from_slice(&bytes[at + 3..]);
    assert_eq!(structio_bjdata::from_slice::<Rec>(&other).unwrap(), REC);
    let mut into = Rec::default();
    structio_bjdata::read_into(&mut into, &other).unwrap();
    assert_eq!(into, REC);
}
