//! The firmware configuration: reading into fixed arrays, borrowed strings and slices and
//! `heapless` containers, writing into a `&mut [u8]` or a `heapless::Vec`, with no allocator.
//! Runs under `--no-default-features` (and `--features heapless`) as well as the default.

use structio_cbor::{
    from_slice, read_into, to_slice, CborRead, CborWrite, ErrorKind, KeyBuf, Reader, Sink, Writer,
};

/// A config record written and read by hand, the way a derived struct is, with no allocation.
#[derive(Debug, PartialEq)]
struct Config<'a> {
    name: &'a str,
    gains: [f32; 3],
    ids: [u16; 2],
    enabled: [bool; 2],
    raw: &'a [u8],
}

impl CborWrite for Config<'_> {
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> structio_cbor::Result<()> {
        w.begin_map(5)?;
        w.write_str("name")?;
        w.write_str(self.name)?;
        w.write_str("gains")?;
        self.gains.write_cbor(w)?;
        w.write_str("ids")?;
        self.ids.write_cbor(w)?;
        w.write_str("enabled")?;
        self.enabled.write_cbor(w)?;
        w.write_str("raw")?;
        self.raw.write_cbor(w)
    }
}

impl<'de> CborRead<'de> for Config<'de> {
    fn read_cbor(r: &mut Reader<'de>) -> structio_cbor::Result<Self> {
        let mut c = Config {
            name: "",
            gains: [0.0; 3],
            ids: [0; 2],
            enabled: [false; 2],
            raw: &[],
        };
        let mut entries = r.begin_map()?;
        let mut buf = KeyBuf::new();
        while r.next(&mut entries)? {
            let at = r.offset();
            match r.read_key(&mut buf)? {
                b"name" => c.name = r.read_str()?,
                b"gains" => c.gains.read_cbor_into(r)?,
                b"ids" => c.ids.read_cbor_into(r)?,
                b"enabled" => c.enabled.read_cbor_into(r)?,
                b"raw" => c.raw = <&[u8]>::read_cbor(r)?,
                _ => r.unknown_field(at)?,
            }
        }
        Ok(c)
    }
}

#[test]
fn config_round_trip_without_an_allocator() {
    let c = Config {
        name: "pump",
        gains: [1.5, 0.25, -2.0],
        ids: [7, 300],
        enabled: [true, false],
        raw: &[1, 2, 3],
    };
    let mut buf = [0u8; 128];
    let n = to_slice(&c, &mut buf).unwrap();
    let back: Config = from_slice(&buf[..n]).unwrap();
    assert_eq!(back, c);
    // Too small a buffer is an error, never a truncated success.
    let mut small = [0u8; 16];
    assert_eq!(
        to_slice(&c, &mut small).unwrap_err().kind(),
        ErrorKind::BufferFull
    );
    // Fixed arrays and numbers of other widths read in place.
    let mut gains = [0f64; 2];
    read_into(&mut gains, &[0x82, 0xf9, 0x3e, 0x00, 0x01]).unwrap();
    assert_eq!(gains, [1.5, 1.0]);
    assert!(structio_cbor::validate(&buf[..n]).is_ok());
}

#[cfg(feature = "heapless")]
#[test]
fn heapless_containers() {
    let mut names: heapless::Vec<heapless::String<8>, 4> = heapless::Vec::new();
    read_into(
        &mut names,
        &[0x82, 0x61, b'a', 0x7f, 0x61, b'b', 0x61, b'c', 0xff],
    )
    .unwrap();
    assert_eq!(names.len(), 2);
    assert_eq!(names[1].as_str(), "bc");
    let nums: heapless::Vec<f64, 4> =
        from_slice(&[0xd8, 0x56, 0x48, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]).unwrap();
    assert_eq!(nums[..], [1.5]);
    let mut out: heapless::Vec<u8, 32> = heapless::Vec::new();
    let out = structio_cbor::to_sink(&nums, &mut out).unwrap();
    assert_eq!(out[..3], [0xd8, 0x56, 0x48]);
    let mut tiny: heapless::Vec<u8, 4> = heapless::Vec::new();
    assert_eq!(
        structio_cbor::to_sink(&nums, &mut tiny).unwrap_err().kind(),
        ErrorKind::BufferFull
    );
}
