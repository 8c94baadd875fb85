//! Every way out of the writers against `to_vec`'s bytes: a fixed `heapless::Vec` (the whole
//! document, or `BufferFull` when it does not fit), a slice of exactly the length and one byte
//! short, `std::io::Write` through the stream writer and serde's `to_writer` into a writer that
//! takes a few bytes a call, BEVE's aligned documents copied into an `AlignedBuf` piece by
//! piece and read back borrowing, BEVE's half, bfloat and quad number wrappers, and
//! `structio_num::Buffer::format` for integers and floats from the input's bits.
#![no_main]

use std::borrow::Cow;
use std::io::Write;

use libfuzzer_sys::fuzz_target;
use structio_beve::{Bf16, F128, F16};

/// A writer that accepts at most `step` bytes a call (and at least one), so that the callers'
/// loops over partial writes run.
struct Trickle {
    out: Vec<u8>,
    step: usize,
}

impl Write for Trickle {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.step.max(1));
        self.out.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

type Record = (String, f64, i64, bool, Vec<u32>);

/// Records made from the input: strings of its bytes (any UTF-8 they hold), numbers of its
/// bits (finite floats only: JSON has no others).
fn records(data: &[u8]) -> Vec<Record> {
    data.chunks(13)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..c.len().min(8)].copy_from_slice(&c[..c.len().min(8)]);
            let bits = u64::from_le_bytes(w);
            let f = f64::from_bits(bits);
            (
                String::from_utf8_lossy(c).into_owned(),
                if f.is_finite() { f } else { bits as f64 },
                bits as i64,
                bits & 1 != 0,
                c.iter().map(|&b| u32::from(b) << (b % 24)).collect(),
            )
        })
        .collect()
}

/// The JSON writer's other ways out agree with `to_vec`.
fn json(value: &Vec<Record>, step: usize) {
    let want = structio_json::to_vec(value).unwrap();
    let fixed = structio_json::to_sink(value, heapless::Vec::<u8, 512>::new());
    match fixed {
        Ok(v) => assert_eq!(v.as_slice(), want.as_slice()),
        Err(e) => {
            assert!(want.len() > 512);
            assert_eq!(e.kind(), structio_json::ErrorKind::BufferFull);
        }
    }
    let mut buf = vec![0u8; want.len()];
    assert_eq!(
        structio_json::to_slice(value, &mut buf).unwrap(),
        want.len()
    );
    assert_eq!(buf, want);
    if !want.is_empty() {
        let short = structio_json::to_slice(value, &mut buf[..want.len() - 1]).unwrap_err();
        assert_eq!(short.kind(), structio_json::ErrorKind::BufferFull);
    }
    let mut w = Trickle {
        out: Vec::new(),
        step,
    };
    structio_json::to_writer(&mut w, value).unwrap();
    assert_eq!(w.out, want);
    // serde's writer: the same bytes as serde's `to_vec`.
    let serde_want = structio_json::serde::to_vec(value).unwrap();
    let mut w = Trickle {
        out: Vec::new(),
        step,
    };
    structio_json::serde::to_writer(&mut w, value).unwrap();
    assert_eq!(w.out, serde_want);
}

/// BEVE's aligned document read back from an `AlignedBuf` filled in pieces, borrowing its
/// numbers; a fixed sink; the number wrappers.
fn beve(value: &Vec<Record>, data: &[u8], step: usize) {
    let want = structio_beve::to_vec(value).unwrap();
    match structio_beve::to_sink(value, heapless::Vec::<u8, 512>::new()) {
        Ok(v) => assert_eq!(v.as_slice(), want.as_slice()),
        Err(e) => {
            assert!(want.len() > 512);
            assert_eq!(e.kind(), structio_beve::ErrorKind::BufferFull);
        }
    }
    let floats: Vec<f64> = value.iter().map(|r| r.1).collect();
    let doc = structio_beve::to_beve_aligned(&(1u8, floats.clone())).unwrap();
    let mut buf = structio_beve::AlignedBuf::new();
    for piece in doc.chunks(step.max(1)) {
        buf.extend_from_slice(piece);
    }
    assert_eq!(buf.as_bytes(), doc.as_slice());
    let (_, back): (u8, Cow<[f64]>) = structio_beve::from_slice(&buf).unwrap();
    assert!(matches!(back, Cow::Borrowed(_)) || floats.is_empty());
    assert_eq!(
        back.iter().map(|f| f.to_bits()).collect::<Vec<_>>(),
        floats.iter().map(|f| f.to_bits()).collect::<Vec<_>>()
    );

    let halves: Vec<F16> = data
        .chunks(2)
        .map(|c| F16(u16::from(c[0]) << 8 | u16::from(*c.last().unwrap())))
        .collect();
    let brains: Vec<Bf16> = halves.iter().map(|h| Bf16(h.0.rotate_left(3))).collect();
    let quads: Vec<F128> = value
        .iter()
        .map(|r| F128(u128::from(r.2 as u64) << 64 | u128::from(r.4.len() as u64)))
        .collect();
    let doc = structio_beve::to_vec(&(halves.clone(), brains.clone(), quads.clone())).unwrap();
    let back: (Vec<F16>, Vec<Bf16>, Vec<F128>) = structio_beve::from_slice(&doc).unwrap();
    assert_eq!(back, (halves, brains, quads));
}

/// `Buffer::format` writes what the crate's writers write, and it reads back.
fn numbers(value: &[Record]) {
    let mut b = structio_num::Buffer::new();
    for r in value {
        assert_eq!(b.format(r.2), r.2.to_string());
        assert_eq!(b.format(r.2 as u64), (r.2 as u64).to_string());
        let f = b.format(r.1).to_owned();
        assert_eq!(f.parse::<f64>().unwrap().to_bits(), r.1.to_bits(), "{f}");
        let g = r.1 as f32;
        if g.is_finite() {
            let s = b.format(g).to_owned();
            assert_eq!(s.parse::<f32>().unwrap().to_bits(), g.to_bits(), "{s}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&step, rest)) = data.split_first() else {
        return;
    };
    let value = records(rest);
    let step = usize::from(step % 17) + 1;
    json(&value, step);
    beve(&value, rest, step);
    numbers(&value);
});
