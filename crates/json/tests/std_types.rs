//! The std and core types serde_json users reach for: written byte for byte as serde_json
//! writes them, and read back.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashSet, VecDeque};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{NonZeroI64, NonZeroU16, NonZeroU8};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use structio_json::{ErrorKind, JsonRead, JsonWrite, ReadOptions};

/// Writes `v` with both libraries, checks the bytes agree, reads structio's text back and
/// checks it equals `v`.
#[track_caller]
fn same<T>(v: &T)
where
    T: JsonWrite + serde::Serialize + for<'de> JsonRead<'de> + PartialEq + std::fmt::Debug,
{
    let ours = structio_json::to_string(v).unwrap();
    let theirs = serde_json::to_string(v).unwrap();
    assert_eq!(ours, theirs);
    let back: T = structio_json::from_str(&ours).unwrap();
    assert_eq!(&back, v);
}

#[test]
fn collections_as_serde_json_writes_them() {
    same(&BTreeSet::from([3u8, 1, 2]));
    same(&BTreeSet::<String>::new());
    same(&HashSet::from([
        "a".to_string(),
        "b".to_string(),
        "c".to_string(),
    ]));
    same(&VecDeque::from([15i64, -2, i64::MAX]));
    let mut wrapped = VecDeque::from([1u32, 2, 3]);
    wrapped.rotate_left(2);
    same(&wrapped);
    same(&VecDeque::<bool>::new());
}

#[test]
fn sets_keep_a_repeated_element_once() {
    let s: BTreeSet<u8> = structio_json::from_str("[2,1,2]").unwrap();
    assert_eq!(s, BTreeSet::from([1, 2]));
    let h: HashSet<u8> = structio_json::from_str("[2,1,2]").unwrap();
    assert_eq!(h, HashSet::from([1, 2]));
}

#[test]
fn read_into_refills_sets_and_deques() {
    let mut s = BTreeSet::from([9u8]);
    structio_json::read_into(&mut s, b"[1]").unwrap();
    assert_eq!(s, BTreeSet::from([1]));
    let mut h = HashSet::from([9u8]);
    structio_json::read_into(&mut h, b"[]").unwrap();
    assert!(h.is_empty());
    let mut d = VecDeque::from([9u8]);
    structio_json::read_into(&mut d, b"[1,2]").unwrap();
    assert_eq!(d, [1, 2]);
}

#[test]
fn pointers_and_boxed_slices() {
    same(&Arc::new(7u8));
    same(&Rc::new("x".to_string()));
    same(&Box::<str>::from("boxed"));
    same(&Box::<[u16]>::from([1u16, 2]));
    same(&Arc::<str>::from("shared"));
    same(&Rc::<[i8]>::from([-1i8]));
}

#[test]
fn nonzero_integers() {
    same(&NonZeroU8::new(200).unwrap());
    same(&NonZeroI64::new(i64::MIN).unwrap());
    let err = structio_json::from_str::<NonZeroU16>(" 0").unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::Custom("expected a nonzero integer"), 1)
    );
    let err = structio_json::from_str::<NonZeroU8>("256").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NumberOutOfRange);
}

#[test]
fn durations_as_serde_writes_them() {
    same(&Duration::new(0, 0));
    same(&Duration::new(1, 500_000_000));
    same(&Duration::MAX);
    let pretty = structio_json::to_string_pretty_with(&Duration::from_millis(1), 2).unwrap();
    assert_eq!(
        pretty,
        serde_json::to_string_pretty(&Duration::from_millis(1)).unwrap()
    );
    // Members in any order, the array form, and nanoseconds that carry into seconds.
    let d: Duration = structio_json::from_str(r#"{"nanos":5,"secs":2}"#).unwrap();
    assert_eq!(d, Duration::new(2, 5));
    let d: Duration = structio_json::from_str("[3, 4]").unwrap();
    assert_eq!(d, Duration::new(3, 4));
    let d: Duration = structio_json::from_str(r#"{"secs":1,"nanos":1500000000}"#).unwrap();
    assert_eq!(d, Duration::new(2, 500_000_000));
    let d: Duration = structio_json::from_str(r#"{"secs":1,"x":[1],"nanos":0}"#).unwrap();
    assert_eq!(d, Duration::new(1, 0));
}

#[test]
fn duration_errors() {
    let err = structio_json::from_str::<Duration>(r#"{"secs":1}"#).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::MissingField("nanos"));
    let err = structio_json::from_str::<Duration>(r#"{"nanos":1}"#).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::MissingField("secs"));
    let err = structio_json::from_str::<Duration>("{}").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::MissingField("secs"));
    let text = r#"{"secs":18446744073709551615,"nanos":1000000000}"#;
    let err = structio_json::from_str::<Duration>(text).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::NumberOutOfRange, 0));
    let opts = ReadOptions::new().deny_unknown_fields(true);
    let err = structio_json::from_slice_with::<Duration>(br#"{"secs":1,"x":0}"#, opts).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::UnknownField, 10));
    let err = structio_json::from_str::<Duration>("7").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidType("an object"));
}

#[test]
fn addresses_as_strings() {
    same(&IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)));
    same(&IpAddr::V6(Ipv6Addr::LOCALHOST));
    same(&Ipv4Addr::BROADCAST);
    same(&"fe80::1:2".parse::<Ipv6Addr>().unwrap());
    same(&SocketAddr::from(([127, 0, 0, 1], 8080)));
    same(&SocketAddrV4::new(Ipv4Addr::new(1, 2, 3, 4), 5));
    // The longest text a socket address has:
    // `[ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255%4294967295]:65535`.
    let v6 = SocketAddrV6::new(
        "ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255"
            .parse()
            .unwrap(),
        65535,
        0,
        u32::MAX,
    );
    same(&v6);
    let err = structio_json::from_str::<IpAddr>(r#" "10.0.0.256""#).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::Custom("invalid IP address"), 1)
    );
    let err = structio_json::from_str::<SocketAddr>("1").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidType("a string"));
    let huge = format!("\"{}\"", "\\u0031".repeat(300));
    let err = structio_json::from_str::<Ipv4Addr>(&huge).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::Custom("invalid IPv4 address"), 0)
    );
    // Escapes are decoded before parsing.
    let ip: Ipv4Addr = structio_json::from_str(r#""1.2.3.\u0034""#).unwrap();
    assert_eq!(ip, Ipv4Addr::new(1, 2, 3, 4));
}

#[test]
fn paths_as_strings() {
    same(&PathBuf::from("/etc/structio/config.json"));
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bad = PathBuf::from(std::ffi::OsStr::from_bytes(b"\xff"));
        let err = structio_json::to_string(&bad).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Unrepresentable);
        assert!(serde_json::to_string(&bad).is_err());
    }
}

#[test]
fn chars_are_one_character_strings() {
    same(&'é');
    same(&'"');
    let err = structio_json::from_str::<char>(r#""ab""#).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::ExpectedChar);
}

#[test]
fn cow_slices_read_owned() {
    let v: Cow<'_, [f64]> = structio_json::from_str("[1.5, 2]").unwrap();
    assert!(matches!(v, Cow::Owned(_)));
    assert_eq!(&*v, [1.5, 2.0]);
    assert_eq!(structio_json::to_string(&v).unwrap(), "[1.5,2]");
    let borrowed: Cow<'_, [u8]> = Cow::Borrowed(&[1, 2]);
    assert_eq!(
        structio_json::to_string(&borrowed).unwrap(),
        serde_json::to_string(&borrowed).unwrap()
    );
}

#[test]
fn tuples_to_sixteen() {
    let t16 = (
        1u8, 2u16, 3u32, 4u64, 5i8, 6i16, 7i32, 8i64, 9u8, 10u8, 11u8, 12u8, 13u8, 14u8, 15u8, true,
    );
    // std's tuples have `PartialEq` and `Debug` only up to 12 elements: compare by parts.
    let ours = structio_json::to_string(&t16).unwrap();
    assert_eq!(ours, serde_json::to_string(&t16).unwrap());
    type T16 = (
        u8,
        u16,
        u32,
        u64,
        i8,
        i16,
        i32,
        i64,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        u8,
        bool,
    );
    let back: T16 = structio_json::from_str(&ours).unwrap();
    assert_eq!((back.0, back.7, back.14, back.15), (1, 8, 15, true));
    let t9 = ("a".to_string(), 2u8, 3u8, 4u8, 5u8, 6u8, 7u8, 8u8, 9.5f64);
    same(&t9);
    let err = structio_json::from_str::<(u8, u8, u8, u8, u8, u8, u8, u8, u8)>("[1,2,3,4,5,6,7,8]")
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooFewElements);
    let mut t = (0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8);
    structio_json::read_into(&mut t, b"[1,2,3,4,5,6,7,8,9,10]").unwrap();
    assert_eq!(t.9, 10);
}

#[test]
fn arrays_of_any_length() {
    let a: [u16; 40] = core::array::from_fn(|i| i as u16 * 3);
    let ours = structio_json::to_string(&a).unwrap();
    assert_eq!(ours, serde_json::to_string(&a.to_vec()).unwrap());
    let back: [u16; 40] = structio_json::from_str(&ours).unwrap();
    assert_eq!(back, a);
    let big: [u8; 1000] = [7; 1000];
    let back: [u8; 1000] =
        structio_json::from_str(&structio_json::to_string(&big).unwrap()).unwrap();
    assert_eq!(back, big);
}

#[test]
fn phantom_data_is_null() {
    same(&std::marker::PhantomData::<u8>);
}
