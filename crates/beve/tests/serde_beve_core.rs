//! `structio_beve::serde` in every feature configuration (no allocator included): reading and
//! writing into a slice, and what needs an allocator failing cleanly without one.

use serde::{Deserialize, Serialize};
use structio_beve::serde::{from_slice, to_slice};
use structio_beve::ErrorKind;

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Config<'a> {
    name: &'a str,
    rate: u32,
    gains: [f32; 3],
    enabled: bool,
    samples: &'a [u8],
}

#[test]
fn read_and_write_with_a_slice() {
    let c = Config {
        name: "pump",
        rate: 100,
        gains: [0.5, 1.0, 2.0],
        enabled: true,
        samples: b"\x01\x02",
    };
    let mut buf = [0u8; 128];
    let n = to_slice(&c, &mut buf).unwrap();
    let back: Config = from_slice(&buf[..n]).unwrap();
    assert_eq!(back, c);
    let err = to_slice(&c, &mut buf[..n - 1]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BufferFull);
}

/// A map whose length serde does not know (as `#[serde(flatten)]` writes).
struct Unsized;
impl Serialize for Unsized {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("a", &1u8)?;
        m.end()
    }
}

/// 200 characters through `collect_str`.
struct Long;
impl Serialize for Long {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Text;
        impl core::fmt::Display for Text {
            fn fmt(&self, f: &mut core::fmt::Formatter) -> core::fmt::Result {
                for _ in 0..20 {
                    f.write_str("0123456789")?;
                }
                Ok(())
            }
        }
        s.collect_str(&Text)
    }
}

/// `collect_str` of a `Display` that fails.
struct Failing;
impl Serialize for Failing {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Text;
        impl core::fmt::Display for Text {
            fn fmt(&self, _: &mut core::fmt::Formatter) -> core::fmt::Result {
                Err(core::fmt::Error)
            }
        }
        s.collect_str(&Text)
    }
}

#[test]
fn collect_str_and_unknown_lengths() {
    let mut buf = [0u8; 512];
    let short = to_slice(&std::net::Ipv4Addr::LOCALHOST, &mut buf);
    assert!(short.is_ok());
    let err = to_slice(&Failing, &mut buf).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Custom(_)));
    let long = to_slice(&Long, &mut buf);
    let unsized_map = to_slice(&Unsized, &mut buf);
    if cfg!(feature = "alloc") {
        assert_eq!(long.unwrap(), 3 + 200);
        assert_eq!(
            &buf[..unsized_map.unwrap()],
            [0x03, 0x04, 0x04, b'a', 0x11, 1]
        );
    } else {
        let err = long.unwrap_err();
        assert_eq!((err.kind(), err.offset()), (ErrorKind::StringTooLong, 0));
        let err = unsized_map.unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Custom(_)));
        assert_eq!(err.message(), err.kind().description());
    }
}
