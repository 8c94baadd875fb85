//! The firmware configuration: reading into fixed arrays, borrowed strings and slices and
//! `heapless` containers, writing into a `&mut [u8]`, with no allocator. Runs under
//! `--no-default-features` (and `--features heapless`) as well as the default.

use structio_bjdata::{
    from_slice, read_into, to_slice, BjdataRead, BjdataWrite, ErrorKind, KeyBuf, Mode, Reader,
    Sink, Writer,
};

#[derive(Debug, PartialEq)]
struct Config<'a> {
    name: &'a str,
    gains: [f32; 3],
    ids: [u16; 2],
    enabled: [bool; 2],
    offset: i64,
}

impl BjdataWrite for Config<'_> {
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> structio_bjdata::Result<()> {
        w.begin_object(5)?;
        w.write_key("name")?;
        w.write_str(self.name)?;
        w.write_key("gains")?;
        self.gains.write_bjdata(w)?;
        w.write_key("ids")?;
        self.ids.write_bjdata(w)?;
        w.write_key("enabled")?;
        self.enabled.write_bjdata(w)?;
        w.write_key("offset")?;
        self.offset.write_bjdata(w)?;
        w.end_object()
    }
}

impl<'de> BjdataRead<'de> for Config<'de> {
    fn read_bjdata(r: &mut Reader<'de>) -> structio_bjdata::Result<Self> {
        let mut c = Config {
            name: "",
            gains: [0.0; 3],
            ids: [0; 2],
            enabled: [false; 2],
            offset: 0,
        };
        let mut members = r.begin_object()?;
        let mut buf = KeyBuf::new();
        while r.next(&mut members)? {
            let at = r.offset();
            match r.read_key(&mut buf)? {
                b"name" => c.name = <&str>::read_bjdata(r)?,
                b"gains" => c.gains.read_bjdata_into(r)?,
                b"ids" => c.ids.read_bjdata_into(r)?,
                b"enabled" => c.enabled = <[bool; 2]>::read_bjdata(r)?,
                b"offset" => c.offset = i64::read_bjdata(r)?,
                _ => r.unknown_field(at)?,
            }
        }
        Ok(c)
    }
}

#[test]
fn config_without_an_allocator() {
    let c = Config {
        name: "pump",
        gains: [1.0, -0.5, 2.25],
        ids: [7, 300],
        enabled: [true, false],
        offset: -5,
    };
    for mode in [Mode::Speed, Mode::Size] {
        let mut buf = [0u8; 128];
        let n = to_slice(&c, &mut buf, mode).unwrap();
        let back: Config = from_slice(&buf[..n]).unwrap();
        assert_eq!(back, c);
        let mut again = back;
        read_into(&mut again, &buf[..n]).unwrap();
        assert_eq!(again, c);
        // Too small a buffer is an error, never a truncated document.
        let mut small = [0u8; 16];
        assert_eq!(
            to_slice(&c, &mut small, mode).unwrap_err().kind(),
            ErrorKind::BufferFull
        );
    }
    // Packed numbers borrow when aligned, and fixed arrays take any array form.
    let ids: [u16; 2] = from_slice(b"[U\x07u\x2c\x01]").unwrap();
    assert_eq!(ids, [7, 300]);
    let bytes: &[u8] = from_slice(b"[$U#U\x02\x01\x02").unwrap();
    assert_eq!(bytes, [1, 2]);
    let blob: &[u8] = from_slice(b"[$B#U\x02\x01\x02").unwrap();
    assert_eq!(blob, [1, 2]);
}

#[cfg(feature = "heapless")]
#[test]
fn heapless_destinations() {
    let v: heapless::Vec<f64, 4> =
        from_slice(b"[$d#U\x02\x00\x00\xc0\x3f\x00\x00\x00\x40").unwrap();
    assert_eq!(v, [1.5, 2.0]);
    let s: heapless::String<8> = from_slice(b"SU\x03abc").unwrap();
    assert_eq!(s, "abc");
    let mut out: heapless::Vec<u8, 32> = heapless::Vec::new();
    out = structio_bjdata::to_sink(&v, out, Mode::Speed).unwrap();
    assert_eq!(from_slice::<heapless::Vec<f64, 4>>(&out).unwrap(), v);
    let mut w = Writer::new(heapless::Vec::<u8, 8>::new());
    assert!(s.write_bjdata(&mut w).is_ok());
}
