//! serde's vocabulary (`with`, `transparent`, `from` / `try_from` / `into`, `other`, `bound`,
//! untagged variants) on a format that `structio-derive` has never heard of: the attributes
//! need nothing of a format beyond the protocol, `ErrorKind::Custom` included.

use std::marker::PhantomData;
use structio_derive::Structio;
use structio_testfmt::{from_slice, to_vec, ErrorKind};

fn round_trip<T>(v: &T, text: &[u8])
where
    T: structio_testfmt::DebugWrite
        + for<'de> structio_testfmt::DebugRead<'de>
        + PartialEq
        + std::fmt::Debug,
{
    let bytes = to_vec(v).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&bytes),
        String::from_utf8_lossy(text)
    );
    assert_eq!(&from_slice::<T>(&bytes).unwrap(), v);
}

fn halve(v: u32) -> Result<u32, &'static str> {
    if !v.is_multiple_of(2) {
        Err("odd")
    } else {
        Ok(v / 2)
    }
}

fn double(v: &u32) -> u32 {
    v * 2
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
struct Halved {
    #[structio(deserialize_with = "halve", serialize_with = "double")]
    n: u32,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt", transparent)]
struct Id(u64);

#[derive(Structio, Debug, PartialEq, Clone, Copy)]
#[structio(format = "structio_testfmt", try_from = "i64", into = "i64")]
struct Positive(i64);

impl TryFrom<i64> for Positive {
    type Error = ();
    fn try_from(v: i64) -> Result<Self, ()> {
        if v > 0 {
            Ok(Positive(v))
        } else {
            Err(())
        }
    }
}

impl From<Positive> for i64 {
    fn from(p: Positive) -> i64 {
        p.0
    }
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt")]
enum Level {
    Low,
    High,
    #[structio(other)]
    Unknown,
    #[structio(untagged)]
    Number(i64),
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_testfmt", bound = "")]
struct Marked<T> {
    v: u8,
    #[structio(skip)]
    t: PhantomData<T>,
}

#[test]
fn with_transparent_and_conversions() {
    round_trip(&Halved { n: 21 }, b"{1:1:ni42;}");
    let e = from_slice::<Halved>(b"{1:1:ni3;}").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Custom("odd"));
    assert_eq!(e.offset(), 6); // the `i`
    round_trip(&Id(9), b"i9;");
    round_trip(&Positive(4), b"i4;");
    let e = from_slice::<Positive>(b"i-4;").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Custom("invalid value for Positive"));
    assert_eq!(e.offset(), 0);
}

#[test]
fn other_untagged_and_bound() {
    round_trip(&Level::High, b"s4:High");
    assert_eq!(from_slice::<Level>(b"s7:Extreme").unwrap(), Level::Unknown);
    round_trip(&Level::Number(-2), b"i-2;");
    #[derive(Debug, PartialEq)]
    struct NoImpls; // implements neither DebugRead nor DebugWrite
    round_trip(
        &Marked::<NoImpls> {
            v: 1,
            t: PhantomData,
        },
        b"{1:1:vi1;}",
    );
}
