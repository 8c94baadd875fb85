//! The firmware configuration: reading into fixed arrays, borrowed strings and slices and
//! `heapless` containers, writing into a `&mut [u8]` or a `heapless::Vec`, with no allocator.
//! Runs under `--no-default-features` (and `--features heapless`) as well as the default.

use structio_beve::{
    from_slice, read_into, to_slice, BeveRead, BeveWrite, ErrorKind, Reader, Sink, Writer,
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

impl BeveWrite for Config<'_> {
    fn write_beve<S: Sink>(&self, w: &mut Writer<S>) -> structio_beve::Result<()> {
        w.begin_object(5)?;
        w.raw(b"\x10name")?;
        w.write_str(self.name)?;
        w.key(b"gains")?;
        self.gains.write_beve(w)?;
        w.key(b"ids")?;
        self.ids.write_beve(w)?;
        w.key(b"enabled")?;
        self.enabled.write_beve(w)?;
        w.key(b"raw")?;
        self.raw.write_beve(w)
    }
}

impl<'de> BeveRead<'de> for Config<'de> {
    fn read_beve(r: &mut Reader<'de>) -> structio_beve::Result<Self> {
        let mut c = Config {
            name: "",
            gains: [0.0; 3],
            ids: [0; 2],
            enabled: [false; 2],
            raw: &[],
        };
        let n = r.begin_object()?;
        for _ in 0..n {
            let at = r.offset();
            match r.object_key()? {
                b"name" => c.name = r.read_str()?,
                b"gains" => c.gains.read_beve_into(r)?,
                b"ids" => c.ids.read_beve_into(r)?,
                b"enabled" => c.enabled.read_beve_into(r)?,
                b"raw" => c.raw = BeveRead::read_beve(r)?,
                _ => r.unknown_field(at)?,
            }
        }
        r.end_object();
        Ok(c)
    }
}

#[test]
fn config_round_trip_in_a_stack_buffer() {
    let c = Config {
        name: "pump",
        gains: [1.0, 0.5, -2.0],
        ids: [7, 9],
        enabled: [true, false],
        raw: &[1, 2, 3],
    };
    let mut buf = [0u8; 128];
    let n = to_slice(&c, &mut buf).unwrap();
    let doc = &buf[..n];
    assert_eq!(doc[..8], [0x03, 0x14, 0x10, b'n', b'a', b'm', b'e', 0x02]);
    let back: Config = from_slice(doc).unwrap();
    assert_eq!(back, c);
    let mut small = [0u8; 20];
    assert_eq!(
        to_slice(&c, &mut small).unwrap_err().kind(),
        ErrorKind::BufferFull
    );
}

#[test]
fn unknown_fields_are_skipped_or_denied() {
    // {"x": [1, "a"], "name": "q"}
    let doc = [
        0x03, 0x08, 0x04, b'x', 0x05, 0x08, 0x11, 1, 0x02, 0x04, b'a', 0x10, b'n', b'a', b'm',
        b'e', 0x02, 0x04, b'q',
    ];
    let c: Config = from_slice(&doc).unwrap();
    assert_eq!(c.name, "q");
    let mut r = Reader::new(&doc).deny_unknown_fields(true);
    let e = Config::read_beve(&mut r).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnknownField, 2));
}

#[test]
fn fixed_arrays_and_borrowed_values() {
    let a: [i32; 2] = from_slice(&[0x4c, 0x08, 1, 0, 0, 0, 2, 0, 0, 0]).unwrap();
    assert_eq!(a, [1, 2]);
    let mut b = [0u64; 1];
    read_into(&mut b, &[0x74, 0x04, 5, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    assert_eq!(b, [5]);
    let s: &str = from_slice(&[0x02, 0x04, b'z']).unwrap();
    assert_eq!(s, "z");
    let t: (u8, &str, Option<bool>) =
        from_slice(&[0x05, 0x0c, 0x11, 1, 0x02, 0x04, b'y', 0x00]).unwrap();
    assert_eq!(t, (1, "y", None));
    let mut buf = [0u8; 16];
    let n = to_slice(&t, &mut buf).unwrap();
    assert_eq!(&buf[..n], &[0x05, 0x0c, 0x11, 1, 0x02, 0x04, b'y', 0x00]);
}

#[cfg(feature = "heapless")]
mod heapless_containers {
    use super::*;

    #[test]
    fn strings_and_vectors_of_fixed_capacity() {
        let s: heapless::String<4> = from_slice(&[0x02, 0x08, b'h', b'i']).unwrap();
        assert_eq!(s.as_str(), "hi");
        let e = from_slice::<heapless::String<1>>(&[0x02, 0x08, b'h', b'i']).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::StringTooLong, 2));
        let v: heapless::Vec<f64, 2> =
            from_slice(&[0x64, 0x04, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]).unwrap();
        assert_eq!(v.as_slice(), &[1.5]);
        let e = from_slice::<heapless::Vec<u8, 1>>(&[0x14, 0x08, 1, 2]).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::TooManyElements, 0));
        let e = from_slice::<heapless::Vec<u16, 1>>(&[0x14, 0x08, 1, 2]).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::TooManyElements, 0));
        let e = from_slice::<heapless::Vec<bool, 1>>(&[0x1c, 0x08, 0x03]).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::TooManyElements, 0));
        let e = from_slice::<heapless::Vec<u8, 1>>(&[0x05, 0x08, 0x11, 1, 0x11, 2]).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::TooManyElements, 0));
        let e = from_slice::<heapless::Vec<heapless::String<2>, 1>>(&[0x3c, 0x08, 0x00, 0x00])
            .unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::TooManyElements, 0));
        let names: heapless::Vec<heapless::String<2>, 2> =
            from_slice(&[0x3c, 0x08, 0x04, b'a', 0x04, b'b']).unwrap();
        assert_eq!(names.len(), 2);
        let e =
            from_slice::<heapless::Vec<heapless::String<1>, 2>>(&[0x3c, 0x04, 0x08, b'a', b'b'])
                .unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::StringTooLong, 3));
        let bits: heapless::Vec<bool, 8> = from_slice(&[0x1c, 0x0c, 0x05]).unwrap();
        assert_eq!(bits.as_slice(), &[true, false, true]);
        let mut reuse: heapless::Vec<u32, 4> = heapless::Vec::from_slice(&[9, 9, 9]).unwrap();
        read_into(&mut reuse, &[0x54, 0x04, 1, 0, 0, 0]).unwrap();
        assert_eq!(reuse.as_slice(), &[1]);
    }

    #[test]
    fn writing_into_a_heapless_vec() {
        let mut out: heapless::Vec<u8, 8> = heapless::Vec::new();
        let mut w = Writer::new(&mut out);
        let names: heapless::Vec<heapless::String<2>, 2> =
            from_slice(&[0x3c, 0x04, 0x04, b'a']).unwrap();
        names.write_beve(&mut w).unwrap();
        assert_eq!(out.as_slice(), &[0x3c, 0x04, 0x04, b'a']);
        let out =
            structio_beve::to_sink(&[1u16, 2, 3, 4], heapless::Vec::<u8, 8>::new()).unwrap_err();
        assert_eq!((out.kind(), out.offset()), (ErrorKind::BufferFull, 2));
        let s: heapless::String<4> = from_slice(&[0x02, 0x04, b'k']).unwrap();
        let out = structio_beve::to_sink(&s, heapless::Vec::<u8, 8>::new()).unwrap();
        assert_eq!(out.as_slice(), &[0x02, 0x04, b'k']);
    }

    #[test]
    fn heapless_keys() {
        use structio_beve::{KeyRead, KeyWrite};
        let mut r = Reader::new(&[0x08, b'a', b'b']);
        let k = heapless::String::<2>::read_key(&mut r).unwrap();
        assert_eq!(k.as_str(), "ab");
        let mut r = Reader::new(&[0x08, b'a', b'b']);
        let e = heapless::String::<1>::read_key(&mut r).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (ErrorKind::StringTooLong, 0));
        let mut out: heapless::Vec<u8, 4> = heapless::Vec::new();
        k.write_key(&mut Writer::new(&mut out)).unwrap();
        assert_eq!(out.as_slice(), &[0x08, b'a', b'b']);
    }
}
