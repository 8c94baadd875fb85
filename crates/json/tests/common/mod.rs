//! A hand-written reader and writer for a struct shaped like the benchmark's `mixed` records,
//! through the methods derive-generated code calls.
#![allow(dead_code)]

use structio_json::{JsonRead, JsonWrite, KeyBuf, Reader, Result, Sink, Writer};

#[derive(Debug, Default, PartialEq, Clone)]
pub struct Record {
    pub test_strings: Vec<String>,
    pub test_uints: Vec<u64>,
    pub test_doubles: Vec<f64>,
    pub test_ints: Vec<i64>,
    pub test_bools: Vec<bool>,
}

impl Record {
    fn slot<'de>(&mut self, key: &[u8], r: &mut Reader<'de>, seen: &mut u8) -> Result<bool> {
        let (bit, done) = match key {
            b"testStrings" => (1, self.test_strings.read_json_into(r)),
            b"testUints" => (2, self.test_uints.read_json_into(r)),
            b"testDoubles" => (4, self.test_doubles.read_json_into(r)),
            b"testInts" => (8, self.test_ints.read_json_into(r)),
            b"testBools" => (16, self.test_bools.read_json_into(r)),
            _ => return Ok(false),
        };
        done?;
        *seen |= bit;
        Ok(true)
    }
}

impl<'de> JsonRead<'de> for Record {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = Record::default();
        v.read_json_into(r)?;
        Ok(v)
    }

    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        let mut seen = 0u8;
        if !r.begin_object()? {
            let mut buf = KeyBuf::new();
            loop {
                let at = r.offset();
                let key = r.object_key(&mut buf)?;
                // Copy the key out of `buf` so the reader can be borrowed again.
                let mut k = [0u8; 16];
                let n = key.len().min(16);
                k[..n].copy_from_slice(&key[..n]);
                let known = key.len() <= 16 && self.slot(&k[..n], r, &mut seen)?;
                if !known {
                    r.unknown_field(at)?;
                }
                if !r.object_next()? {
                    break;
                }
            }
        }
        const NAMES: [&str; 5] = [
            "testStrings",
            "testUints",
            "testDoubles",
            "testInts",
            "testBools",
        ];
        for (i, name) in NAMES.iter().enumerate() {
            if seen & (1 << i) == 0 {
                return Err(r.missing_field(name));
            }
        }
        Ok(())
    }
}

impl JsonWrite for Record {
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.begin_object()?;
        w.field(true, b"\"testStrings\":")?;
        self.test_strings.write_json(w)?;
        w.field(false, b"\"testUints\":")?;
        self.test_uints.write_json(w)?;
        w.field(false, b"\"testDoubles\":")?;
        self.test_doubles.write_json(w)?;
        w.field(false, b"\"testInts\":")?;
        self.test_ints.write_json(w)?;
        w.field(false, b"\"testBools\":")?;
        self.test_bools.write_json(w)?;
        w.end_object(false)
    }
}

/// The shared fixed-seed generator, so tests need no data files.
pub use structio_testkit::Rng;

/// `n` records of random content. The shape (vector lengths, string lengths) depends only on
/// `n`, so documents of different seeds have one shape.
pub fn records(seed: u64, n: usize) -> Vec<Record> {
    let mut rng = Rng::new(seed | 1);
    (0..n)
        .map(|i| {
            let len = i % 6 + 1;
            Record {
                test_strings: (0..len)
                    .map(|j| {
                        let l = (i * 7 + j * 3) % 30;
                        (0..l)
                            .map(|_| (b'a' + (rng.next_u64() % 26) as u8) as char)
                            .collect()
                    })
                    .collect(),
                test_uints: (0..len).map(|_| rng.next_u64() % 10_000_000).collect(),
                test_doubles: (0..len)
                    .map(|_| (rng.next_u64() % 1_000_000) as f64 / 1000.0 + 0.5)
                    .collect(),
                test_ints: (0..len)
                    .map(|_| (rng.next_u64() % 2_000_000) as i64 - 1_000_000)
                    .collect(),
                test_bools: (0..len).map(|_| rng.next_u64() & 1 == 1).collect(),
            }
        })
        .collect()
}
