//! Quick throughput check of the typed reader and writer on documents shaped like the
//! benchmark's seven (generated here, so nothing is read from disk). Not the benchmark: that is
//! `cargo xtask bench`, with the peers in the same run. Run in release:
//!
//! ```sh
//! cargo run -p structio-json --release --example perf [-- SECONDS_PER_CELL [DOCUMENT]]
//! ```

use std::time::{Duration, Instant};

use structio_json::{
    read_into, write_into, JsonRead, JsonWrite, KeyBuf, Reader, Result, Sink, Writer,
};

/// One element of `mixed`.
#[derive(Default, Debug, PartialEq, Clone)]
struct Record {
    test_strings: Vec<String>,
    test_uints: Vec<u64>,
    test_doubles: Vec<f64>,
    test_ints: Vec<i64>,
    test_bools: Vec<bool>,
}

impl<'de> JsonRead<'de> for Record {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = Record::default();
        v.read_json_into(r)?;
        Ok(v)
    }

    #[inline]
    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        if r.begin_object()? {
            return Ok(());
        }
        let mut buf = KeyBuf::new();
        loop {
            let at = r.offset();
            // What a derive's perfect hash does: one byte and the length pick the field, then
            // one compare of the whole key confirms it.
            let key = r.object_key(&mut buf)?;
            let field = match (key.len(), key.get(4)) {
                (11, Some(b'S')) if key == b"testStrings" => 0,
                (9, Some(b'U')) if key == b"testUints" => 1,
                (11, Some(b'D')) if key == b"testDoubles" => 2,
                (8, Some(b'I')) if key == b"testInts" => 3,
                (9, Some(b'B')) if key == b"testBools" => 4,
                _ => 5,
            };
            match field {
                0 => self.test_strings.read_json_into(r)?,
                1 => self.test_uints.read_json_into(r)?,
                2 => self.test_doubles.read_json_into(r)?,
                3 => self.test_ints.read_json_into(r)?,
                4 => self.test_bools.read_json_into(r)?,
                _ => r.unknown_field(at)?,
            }
            if !r.object_next()? {
                return Ok(());
            }
        }
    }
}

impl JsonWrite for Record {
    #[inline]
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

/// An object with keys "a".."z", each an array of `T`.
#[derive(Default, Debug, PartialEq, Clone)]
struct Doc26<T> {
    fields: [Vec<T>; 26],
}

impl<'de, T: JsonRead<'de>> JsonRead<'de> for Doc26<T> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut d = Doc26 {
            fields: std::array::from_fn(|_| Vec::new()),
        };
        d.read_json_into(r)?;
        Ok(d)
    }

    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        if r.begin_object()? {
            return Ok(());
        }
        let mut buf = KeyBuf::new();
        loop {
            let at = r.offset();
            let slot = match r.object_key(&mut buf)? {
                [k @ b'a'..=b'z'] => Some(usize::from(k - b'a')),
                _ => None,
            };
            match slot.and_then(|i| self.fields.get_mut(i)) {
                Some(field) => field.read_json_into(r)?,
                None => r.unknown_field(at)?,
            }
            if !r.object_next()? {
                return Ok(());
            }
        }
    }
}

impl<T: JsonWrite> JsonWrite for Doc26<T> {
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        const KEYS: [&[u8]; 26] = [
            b"\"a\":", b"\"b\":", b"\"c\":", b"\"d\":", b"\"e\":", b"\"f\":", b"\"g\":", b"\"h\":",
            b"\"i\":", b"\"j\":", b"\"k\":", b"\"l\":", b"\"m\":", b"\"n\":", b"\"o\":", b"\"p\":",
            b"\"q\":", b"\"r\":", b"\"s\":", b"\"t\":", b"\"u\":", b"\"v\":", b"\"w\":", b"\"x\":",
            b"\"y\":", b"\"z\":",
        ];
        w.begin_object()?;
        for (i, field) in self.fields.iter().enumerate() {
            w.field(i == 0, KEYS[i])?;
            field.write_json(w)?;
        }
        w.end_object(false)
    }
}

/// xorshift64*, enough for test data.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }
    fn len(&mut self, mean: u64) -> usize {
        (mean / 2 + self.below(mean + 1)) as usize
    }
}

fn gen_string(rng: &mut Rng) -> String {
    const PLAIN: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:;!?/()[]{}#$%&'*+<=>@^`|~";
    const ESCAPED: [char; 7] = ['"', '\\', '\n', '\t', '\r', '\u{8}', '\u{c}'];
    const NON_ASCII: [&str; 8] = ["é", "ü", "ß", "Ω", "中", "文", "€", "😀"];
    let len = rng.below(33);
    let mut s = String::new();
    for _ in 0..len {
        let pick = rng.below(1000);
        if pick < 40 {
            s.push(ESCAPED[rng.below(7) as usize]);
        } else if pick < 65 {
            s.push_str(NON_ASCII[rng.below(8) as usize]);
        } else {
            s.push(PLAIN[rng.below(PLAIN.len() as u64) as usize] as char);
        }
    }
    s
}

fn gen_uint(rng: &mut Rng) -> u64 {
    let digits = 1 + rng.below(7) as u32;
    let lo = if digits == 1 {
        0
    } else {
        10u64.pow(digits - 1)
    };
    lo + rng.below(10u64.pow(digits) - lo)
}

fn gen_int(rng: &mut Rng) -> i64 {
    let v = gen_uint(rng) as i64;
    if rng.coin() {
        -v
    } else {
        v
    }
}

fn gen_double(rng: &mut Rng) -> f64 {
    let mantissa = 1.0 + (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let exp = if rng.below(10) == 0 {
        if rng.coin() {
            -(5 + rng.below(36) as i32)
        } else {
            16 + rng.below(285) as i32
        }
    } else {
        rng.below(12) as i32 - 3
    };
    let v = mantissa * 10f64.powi(exp);
    if rng.coin() {
        -v
    } else {
        v
    }
}

fn gen_decimal(rng: &mut Rng) -> f64 {
    let v = rng.below(1_000_000) as f64 / 100.0;
    if rng.coin() {
        -v
    } else {
        v
    }
}

fn doc26<T>(rng: &mut Rng, mean: u64, mut element: impl FnMut(&mut Rng) -> T) -> Doc26<T> {
    Doc26 {
        fields: std::array::from_fn(|_| (0..rng.len(mean)).map(|_| element(rng)).collect()),
    }
}

fn gen_record(rng: &mut Rng) -> Record {
    Record {
        test_strings: (0..rng.len(6)).map(|_| gen_string(rng)).collect(),
        test_uints: (0..rng.len(6)).map(|_| gen_uint(rng)).collect(),
        test_doubles: (0..rng.len(6)).map(|_| gen_double(rng)).collect(),
        test_ints: (0..rng.len(6)).map(|_| gen_int(rng)).collect(),
        test_bools: (0..rng.len(6)).map(|_| rng.coin()).collect(),
    }
}

/// Best MB/s of `f` over batches filling `budget`.
fn measure(bytes: usize, budget: Duration, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    let mut best = f64::MAX;
    while start.elapsed() < budget {
        let t = Instant::now();
        let mut n = 0u32;
        while t.elapsed() < Duration::from_millis(20) {
            f();
            n += 1;
        }
        best = best.min(t.elapsed().as_secs_f64() / f64::from(n));
    }
    bytes as f64 / best / 1e6
}

fn row<T>(name: &str, value: T, budget: Duration)
where
    T: for<'de> JsonRead<'de> + JsonWrite + PartialEq + Default + std::fmt::Debug,
{
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).is_some_and(|a| a == "count") {
        // `count read|write DOC ITERS`: a fixed amount of work, for `perf stat` to count
        // cycles and instructions, which a loaded machine does not distort as it does a clock.
        if args.get(3).is_some_and(|d| d != name) {
            return;
        }
        let iters: u32 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1000);
        let text = structio_json::to_vec(&value).unwrap();
        let mut place = T::default();
        let mut out = Vec::new();
        for _ in 0..iters {
            if args.get(2).is_some_and(|op| op == "read") {
                read_into(
                    std::hint::black_box(&mut place),
                    std::hint::black_box(&text),
                )
                .unwrap();
            } else {
                write_into(std::hint::black_box(&value), &mut out).unwrap();
            }
        }
        eprintln!("{name}: {} bytes x {iters}", text.len());
        return;
    }
    if args.get(2).is_some_and(|only| only != name) {
        return;
    }
    let text = structio_json::to_vec(&value).unwrap();
    let mut place = T::default();
    read_into(&mut place, &text).unwrap();
    assert_eq!(place, value, "{name}: read back");
    let read = measure(text.len(), budget, || {
        read_into(
            std::hint::black_box(&mut place),
            std::hint::black_box(&text),
        )
        .unwrap();
    });
    let mut out = Vec::new();
    let write = measure(text.len(), budget, || {
        write_into(std::hint::black_box(&value), &mut out).unwrap();
    });
    assert_eq!(out, text, "{name}: write is stable");
    println!("| {name} | {} | {read:.0} | {write:.0} |", text.len());
}

fn main() {
    let secs: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    if std::env::args().nth(1).is_some_and(|a| a == "count") {
        let mut rng = Rng(0x5EED_2026);
        row("mixed", doc26(&mut rng, 24, gen_record), Duration::ZERO);
        row("strings", doc26(&mut rng, 230, gen_string), Duration::ZERO);
        row("uints", doc26(&mut rng, 240, gen_uint), Duration::ZERO);
        row("ints", doc26(&mut rng, 200, gen_int), Duration::ZERO);
        row("doubles", doc26(&mut rng, 130, gen_double), Duration::ZERO);
        row(
            "exact decimals",
            doc26(&mut rng, 150, gen_decimal),
            Duration::ZERO,
        );
        row("bools", doc26(&mut rng, 190, |r| r.coin()), Duration::ZERO);
        return;
    }
    let budget = Duration::from_secs_f64(secs);
    let mut rng = Rng(0x5EED_2026);
    println!("| document | bytes | read MB/s | write MB/s |\n|---|---:|---:|---:|");
    row("mixed", doc26(&mut rng, 24, gen_record), budget);
    row("strings", doc26(&mut rng, 230, gen_string), budget);
    row("uints", doc26(&mut rng, 240, gen_uint), budget);
    row("ints", doc26(&mut rng, 200, gen_int), budget);
    row("doubles", doc26(&mut rng, 130, gen_double), budget);
    row("exact decimals", doc26(&mut rng, 150, gen_decimal), budget);
    row("bools", doc26(&mut rng, 190, |r| r.coin()), budget);
}
