//! Interop with Python's `cbor2`, the reference client: random trees (fixed seed) and typed
//! structs written by structio are decoded by cbor2 and written back, and read by structio to
//! the same values (floats by bits); values cbor2 generates (its own fixed seed) read into
//! structio; and the canonical form is byte-identical to `cbor2.dumps(v, canonical=True)`.
//! Skipped, with a message, when `python3 -c 'import cbor2'` fails.
#![cfg(feature = "std")]

#[path = "support/dynamic.rs"]
mod dynamic;

use std::io::Write;
use std::process::{Command, Stdio};

use dynamic::{to_hex, Dyn};
use structio_cbor::{
    from_slice, to_vec, to_vec_canonical, to_vec_deterministic, CborRead, CborWrite, KeyBuf,
    Reader, Result, Sink, Writer,
};

fn cbor2_available() -> bool {
    Command::new("python3")
        .args(["-c", "import cbor2"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// Sends `request` to the cbor2 script and returns its answer's bytes.
fn cbor2(request: &Dyn) -> Vec<u8> {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/support/cbor2_interop.py"
    );
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("python3 runs");
    let input = to_vec(request).unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "the cbor2 script failed");
    out.stdout
}

/// xorshift64*: a fixed-seed generator, so a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_float(rng: &mut Rng) -> f64 {
    match rng.below(6) {
        0 => [
            0.0,
            -0.0,
            1.5,
            65504.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ][rng.below(7) as usize],
        // Values exact at half precision, then single, then random doubles (NaNs excluded:
        // cbor2 writes every NaN as the quiet NaN f9 7e00).
        1 => {
            let h = (rng.below(0x7c00) as u16) | (rng.below(2) as u16) << 15;
            let mut w = Writer::new(Vec::new());
            w.raw(&[0xf9]).unwrap();
            w.raw(&h.to_be_bytes()).unwrap();
            from_slice::<f64>(&w.into_inner()).unwrap()
        }
        2 => f64::from(f32::from_bits(
            rng.below(0x7f80_0000) as u32 | (rng.below(2) as u32) << 31,
        )),
        _ => f64::from_bits(rng.below(0x7ff0_0000_0000_0000) | rng.below(2) << 63),
    }
}

fn random_text(rng: &mut Rng) -> String {
    (0..rng.below(20))
        .map(|_| match rng.below(3) {
            0 => char::from_u32(0x20 + rng.below(0x5f) as u32).unwrap(),
            1 => char::from_u32(0xa0 + rng.below(0xd700) as u32).unwrap(),
            _ => char::from_u32(0x10000 + rng.below(0xf_ffff) as u32).unwrap(),
        })
        .collect()
}

fn random_dyn(rng: &mut Rng, depth: u32) -> Dyn {
    let kinds = if depth < 4 { 13 } else { 10 };
    match rng.below(kinds) {
        0 => Dyn::Int(match rng.below(4) {
            0 => rng.below(24) as i128,
            1 => rng.next() as i64 as i128 >> rng.below(64),
            2 => rng.next() as i128,
            _ => {
                // A bignum: past 64 bits, either sign.
                let m = (i128::from(rng.next()) << 63 | i128::from(rng.next())) | 1 << 64;
                if rng.below(2) == 0 {
                    m
                } else {
                    -m
                }
            }
        }),
        1 => Dyn::Float(random_float(rng)),
        2 => Dyn::Text(random_text(rng)),
        3 => Dyn::Bytes((0..rng.below(30)).map(|_| rng.next() as u8).collect()),
        4 => Dyn::Bool(rng.below(2) == 0),
        5 => Dyn::Null,
        6 => Dyn::Undefined,
        7 => {
            let v = rng.below(20 + 224) as u8;
            Dyn::Simple(if v < 20 { v } else { v + 12 })
        }
        8 => Dyn::Tag(2000 + rng.below(8000), Box::new(random_dyn(rng, depth + 1))),
        9 => Dyn::Float(random_float(rng)),
        10 => Dyn::Array(
            (0..rng.below(6))
                .map(|_| random_dyn(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let mut entries: Vec<(Dyn, Dyn)> = Vec::new();
            for _ in 0..rng.below(6) {
                let key = if rng.below(2) == 0 {
                    Dyn::Int(rng.below(600) as i128 - 300)
                } else {
                    Dyn::Text(random_text(rng))
                };
                if entries.iter().all(|(k, _)| *k != key) {
                    entries.push((key, random_dyn(rng, depth + 1)));
                }
            }
            Dyn::Map(entries)
        }
    }
}

/// A typed struct with numeric arrays of several element types, its fields written in the
/// canonical key order (as the derive would order them for a deterministic writer).
#[derive(Debug, Default)]
struct Frame {
    raw: Vec<u8>,
    name: String,
    gains: [f32; 3],
    counts: Vec<u32>,
    deltas: Vec<i16>,
    samples: Vec<f64>,
}

impl PartialEq for Frame {
    /// Floats by bits.
    fn eq(&self, other: &Self) -> bool {
        let bits32 = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        let bits64 = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        (&self.raw, &self.name, &self.counts, &self.deltas)
            == (&other.raw, &other.name, &other.counts, &other.deltas)
            && bits32(&self.gains) == bits32(&other.gains)
            && bits64(&self.samples) == bits64(&other.samples)
    }
}

impl CborWrite for Frame {
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.begin_map(6)?;
        w.write_str("raw")?;
        self.raw.write_cbor(w)?;
        w.write_str("name")?;
        self.name.write_cbor(w)?;
        w.write_str("gains")?;
        self.gains.write_cbor(w)?;
        w.write_str("counts")?;
        self.counts.write_cbor(w)?;
        w.write_str("deltas")?;
        self.deltas.write_cbor(w)?;
        w.write_str("samples")?;
        self.samples.write_cbor(w)
    }
}

impl<'de> CborRead<'de> for Frame {
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let mut f = Frame::default();
        let mut entries = r.begin_map()?;
        let mut buf = KeyBuf::new();
        while r.next(&mut entries)? {
            let at = r.offset();
            match r.read_key(&mut buf)? {
                b"raw" => f.raw.read_cbor_into(r)?,
                b"name" => f.name.read_cbor_into(r)?,
                b"gains" => f.gains.read_cbor_into(r)?,
                b"counts" => f.counts.read_cbor_into(r)?,
                b"deltas" => f.deltas.read_cbor_into(r)?,
                b"samples" => f.samples.read_cbor_into(r)?,
                _ => r.unknown_field(at)?,
            }
        }
        Ok(f)
    }
}

fn random_frame(rng: &mut Rng) -> Frame {
    Frame {
        raw: (0..rng.below(10)).map(|_| rng.next() as u8).collect(),
        name: random_text(rng),
        gains: [0; 3].map(|_| f32::from_bits(rng.below(0x7f80_0000) as u32)),
        counts: (0..rng.below(10)).map(|_| rng.next() as u32).collect(),
        deltas: (0..rng.below(10)).map(|_| rng.next() as i16).collect(),
        samples: (0..rng.below(10)).map(|_| random_float(rng)).collect(),
    }
}

/// The value with every map's entries sorted by canonical key, for comparing maps whose
/// order one side changed.
fn canonical(v: &Dyn) -> Vec<u8> {
    to_vec_canonical(v).unwrap()
}

#[test]
fn cbor2_reads_what_structio_writes_and_back() {
    if !cbor2_available() {
        println!("skipped: cbor2 not installed");
        return;
    }
    let mut rng = Rng(0x5eed_cb02);
    let trees: Vec<Dyn> = (0..400).map(|_| random_dyn(&mut rng, 0)).collect();
    let frames: Vec<Frame> = (0..50).map(|_| random_frame(&mut rng)).collect();
    let mut docs: Vec<Dyn> = trees
        .iter()
        .map(|t| Dyn::Bytes(to_vec(t).unwrap()))
        .collect();
    docs.extend(frames.iter().map(|f| Dyn::Bytes(to_vec(f).unwrap())));
    let request = Dyn::Array(vec![Dyn::Text("reencode".into()), Dyn::Array(docs)]);
    let answer = cbor2(&request);
    let answers: Vec<(Vec<u8>, Vec<u8>, Vec<u8>)> = from_slice(&answer).unwrap();
    assert_eq!(answers.len(), trees.len() + frames.len());
    for (tree, (plain, canon, untyped)) in trees.iter().zip(&answers) {
        let back: Dyn = from_slice(plain).unwrap();
        assert_eq!(&back, tree, "cbor2 wrote {}", to_hex(plain));
        let back: Dyn = from_slice(untyped).unwrap();
        assert_eq!(&back, tree);
        // The canonical form is byte-identical to cbor2's.
        assert_eq!(to_hex(&canonical(tree)), to_hex(canon), "{tree:?}");
    }
    for (frame, (plain, canon, untyped)) in frames.iter().zip(&answers[trees.len()..]) {
        // cbor2 kept the typed arrays as tags around byte strings...
        assert_eq!(&from_slice::<Frame>(plain).unwrap(), frame);
        // ...and read their elements as the numbers structio wrote.
        assert_eq!(
            &from_slice::<Frame>(untyped).unwrap(),
            frame,
            "{}",
            to_hex(untyped)
        );
        assert_eq!(to_hex(&to_vec_canonical(frame).unwrap()), to_hex(canon));
        // A struct's text keys sort the same way in both deterministic orders.
        assert_eq!(to_vec_deterministic(frame).unwrap(), *canon);
    }
}

#[test]
fn structio_reads_what_cbor2_writes() {
    if !cbor2_available() {
        println!("skipped: cbor2 not installed");
        return;
    }
    let count = 400;
    let request = Dyn::Array(vec![
        Dyn::Text("generate".into()),
        Dyn::Int(20261201),
        Dyn::Int(count),
    ]);
    let answer = cbor2(&request);
    let answers: Vec<(Vec<u8>, Vec<u8>)> = from_slice(&answer).unwrap();
    assert_eq!(answers.len() as i128, count);
    for (plain, canon) in &answers {
        let a: Dyn = from_slice(plain).unwrap_or_else(|e| panic!("{}: {e}", to_hex(plain)));
        let b: Dyn = from_slice(canon).unwrap_or_else(|e| panic!("{}: {e}", to_hex(canon)));
        structio_cbor::validate(plain).unwrap();
        // Both of cbor2's forms are one value, whose canonical form structio writes
        // byte for byte as cbor2 does.
        assert_eq!(to_hex(&canonical(&a)), to_hex(canon));
        assert_eq!(to_hex(&canonical(&b)), to_hex(canon));
    }
}
