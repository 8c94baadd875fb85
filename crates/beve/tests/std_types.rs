//! The std and core types beyond the basics: each written as the crate docs say, and read back.

use std::collections::{BTreeSet, HashSet, VecDeque};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV6};
use std::num::{NonZeroI32, NonZeroU64, NonZeroU8};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use structio_beve::{BeveRead, BeveWrite, ErrorKind};

#[track_caller]
fn round_trip<T>(v: &T) -> Vec<u8>
where
    T: BeveWrite + for<'de> BeveRead<'de> + PartialEq + std::fmt::Debug,
{
    let doc = structio_beve::to_vec(v).unwrap();
    let back: T = structio_beve::from_slice(&doc).unwrap();
    assert_eq!(&back, v);
    doc
}

#[test]
fn sets_and_deques_write_as_the_vec_of_their_elements() {
    let v = vec![1.5f64, 2.5, 3.5];
    let vec_doc = structio_beve::to_vec(&v).unwrap();
    assert_eq!(
        round_trip(&BTreeSet::from([2u32, 1, 3])),
        structio_beve::to_vec(&vec![1u32, 2, 3]).unwrap()
    );
    assert_eq!(round_trip(&VecDeque::from(v.clone())), vec_doc);
    // Not contiguous (a push to the front wraps): written element by element, same bytes.
    let mut d = VecDeque::with_capacity(4);
    d.push_back(2.5);
    d.push_back(3.5);
    d.push_front(1.5);
    assert_ne!(d.as_slices().1, &[] as &[f64]);
    assert_eq!(round_trip(&d), vec_doc);
    let strings = BTreeSet::from(["b".to_string(), "a".to_string()]);
    assert_eq!(
        round_trip(&strings),
        structio_beve::to_vec(&vec!["a", "b"]).unwrap()
    );
    let bools = VecDeque::from_iter([true, false, true, true, false, false, true, true, true]);
    let mut wrapped = VecDeque::with_capacity(16);
    for &b in bools.iter().skip(1) {
        wrapped.push_back(b);
    }
    wrapped.push_front(bools[0]);
    assert!(!wrapped.as_slices().1.is_empty());
    assert_eq!(
        round_trip(&wrapped),
        structio_beve::to_vec(&Vec::from(bools)).unwrap()
    );
    let nested = BTreeSet::from([(1u8, "x".to_string())]);
    assert_eq!(
        round_trip(&nested),
        structio_beve::to_vec(&vec![(1u8, "x")]).unwrap()
    );
    let hs = HashSet::from([7i16]);
    assert_eq!(round_trip(&hs), structio_beve::to_vec(&vec![7i16]).unwrap());
    assert_eq!(
        round_trip(&BTreeSet::<u8>::new()),
        structio_beve::to_vec(&Vec::<u8>::new()).unwrap()
    );
    // A set of u64 reads from any numeric array whose values fit.
    let s: BTreeSet<u64> =
        structio_beve::from_slice(&structio_beve::to_vec(&vec![3u8, 3, 1]).unwrap()).unwrap();
    assert_eq!(s, BTreeSet::from([1, 3]));
}

#[test]
fn shared_pointers_write_their_contents() {
    assert_eq!(
        round_trip(&Arc::new(7u8)),
        structio_beve::to_vec(&7u8).unwrap()
    );
    assert_eq!(
        round_trip(&Rc::<str>::from("x")),
        structio_beve::to_vec("x").unwrap()
    );
    round_trip(&Arc::<[f32]>::from([1.0f32, 2.0]));
    round_trip(&Box::<[u16]>::from([1u16]));
    round_trip(&Box::<str>::from("boxed"));
}

#[test]
fn nonzero_integers_are_numbers() {
    assert_eq!(
        round_trip(&NonZeroU8::new(9).unwrap()),
        structio_beve::to_vec(&9u8).unwrap()
    );
    round_trip(&NonZeroI32::new(-1).unwrap());
    let err = structio_beve::from_slice::<NonZeroU64>(&structio_beve::to_vec(&0u64).unwrap())
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::Custom("expected a nonzero integer"), 0)
    );
}

#[test]
fn durations_are_objects_as_serde_writes_them() {
    for d in [Duration::ZERO, Duration::new(1, 5), Duration::MAX] {
        let _ours = round_trip(&d);
        #[cfg(feature = "serde")]
        assert_eq!(_ours, structio_beve::serde::to_vec(&d).unwrap());
    }
    // Members in any order, unknown ones skipped, nanoseconds carried.
    let mut w = structio_beve::Writer::new(Vec::new());
    w.begin_object(3).unwrap();
    w.key(b"nanos").unwrap();
    w.write_number(1_500_000_000u32).unwrap();
    w.key(b"x").unwrap();
    w.write_null().unwrap();
    w.key(b"secs").unwrap();
    w.write_number(2u8).unwrap();
    let doc = w.into_inner();
    let d: Duration = structio_beve::from_slice(&doc).unwrap();
    assert_eq!(d, Duration::new(3, 500_000_000));
}

#[test]
fn duration_errors() {
    let mut w = structio_beve::Writer::new(Vec::new());
    w.begin_object(1).unwrap();
    w.key(b"secs").unwrap();
    w.write_number(1u64).unwrap();
    let err = structio_beve::from_slice::<Duration>(&w.into_inner()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::MissingField("nanos"));
    let mut w = structio_beve::Writer::new(Vec::new());
    w.begin_object(1).unwrap();
    w.key(b"nanos").unwrap();
    w.write_number(1u64).unwrap();
    let err = structio_beve::from_slice::<Duration>(&w.into_inner()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::MissingField("secs"));
    let mut w = structio_beve::Writer::new(Vec::new());
    w.begin_object(2).unwrap();
    w.key(b"secs").unwrap();
    w.write_number(u64::MAX).unwrap();
    w.key(b"nanos").unwrap();
    w.write_number(1_000_000_000u32).unwrap();
    let err = structio_beve::from_slice::<Duration>(&w.into_inner()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::NumberOutOfRange, 0));
}

#[test]
fn addresses_and_paths_are_strings() {
    let ip = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
    assert_eq!(round_trip(&ip), structio_beve::to_vec("10.0.0.1").unwrap());
    round_trip(&Ipv6Addr::LOCALHOST);
    round_trip(&SocketAddr::from(([127, 0, 0, 1], 80)));
    round_trip(&SocketAddrV6::new(
        Ipv6Addr::UNSPECIFIED,
        65535,
        0,
        u32::MAX,
    ));
    let err =
        structio_beve::from_slice::<IpAddr>(&structio_beve::to_vec("x").unwrap()).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::Custom("invalid IP address"), 0)
    );
    let p = PathBuf::from("/etc/x.beve");
    assert_eq!(
        round_trip(&p),
        structio_beve::to_vec("/etc/x.beve").unwrap()
    );
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bad = PathBuf::from(std::ffi::OsStr::from_bytes(b"\xff"));
        let err = structio_beve::to_vec(&bad).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Unrepresentable);
    }
}

#[test]
fn chars_phantoms_tuples_and_long_arrays() {
    round_trip(&'é');
    assert_eq!(round_trip(&std::marker::PhantomData::<u8>), [0x00]);
    let t16 = (
        1u8, 2u16, 3u32, 4u64, 5i8, 6i16, 7i32, 8i64, 9u8, 10u8, 11u8, 12u8, 13u8, 14u8, 15u8, true,
    );
    let doc = structio_beve::to_vec(&t16).unwrap();
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
    let back: T16 = structio_beve::from_slice(&doc).unwrap();
    assert_eq!((back.0, back.7, back.15), (1, 8, true));
    let mut into = back;
    into.14 = 0;
    structio_beve::read_into(&mut into, &doc).unwrap();
    assert_eq!(into.14, 15);
    type T13 = (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8);
    let err = structio_beve::from_slice::<T13>(&doc)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);
    let a: [u32; 100] = core::array::from_fn(|i| i as u32);
    round_trip(&a);
}
