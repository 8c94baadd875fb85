//! A format the derive has never heard of gets errors that name what the destination
//! accepts, through the protocol alone (`Error::one_of`, `invalid_type`).

use structio_derive::Structio;
use structio_testfmt::{from_slice, DebugRead, ErrorKind, Reader};

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt", deny_unknown_fields)]
struct Strict {
    name: String,
    #[structio(alias = "hz")]
    rate: u32,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
struct Loose {
    name: String,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
enum Mode {
    Fast,
    #[structio(rename = "slow")]
    Slow,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt", tag = "t")]
enum Tagged {
    A { x: u8 },
}

#[test]
fn unknown_field_names_the_fields() {
    let doc = b"{2:4:names1:n1:xi1;}";
    let e = from_slice::<Strict>(doc).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownField);
    assert_eq!(e.expected_one_of(), ["name", "rate"]);
    let mut r = Reader::new(doc).deny_unknown_fields();
    let e = Loose::read_debug(&mut r).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownField);
    assert_eq!(e.expected_one_of(), ["name"]);
}

#[test]
fn unknown_variant_names_the_variants() {
    let e = from_slice::<Mode>(b"s6:medium").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownVariant);
    assert_eq!(e.expected_one_of(), ["Fast", "slow"]);
    let e = from_slice::<Tagged>(b"{1:1:ts1:Z}").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UnknownVariant);
    assert_eq!(e.expected_one_of(), ["A"]);
    assert_eq!(from_slice::<Mode>(b"s4:slow").unwrap(), Mode::Slow);
}

#[test]
fn another_kind_names_the_enum() {
    for doc in [&b"i3;"[..], b"[0:]", b"t"] {
        let e = from_slice::<Mode>(doc).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidType("enum Mode"));
        assert_eq!(e.expected_one_of(), ["Fast", "slow"]);
        assert_eq!(e.offset(), 0);
        let e = from_slice::<Tagged>(doc).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidType("enum Tagged"));
    }
}

#[test]
fn a_repeated_key_goes_to_the_reader_policy() {
    let doc = b"{2:4:names1:a4:names1:b}";
    assert_eq!(from_slice::<Loose>(doc).unwrap().name, "b");
    let mut r = Reader::new(doc).deny_duplicate_keys();
    let e = Loose::read_debug(&mut r).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::DuplicateKey, 13));
}
