//! Deterministic generation of the seven documents (values and their text).
//!
//! Sizes follow the reference notes (mixed ~250 KB, strings ~130 KB, uints ~31 KB, ints ~33 KB,
//! doubles ~69 KB, exact decimals ~30 KB, bools ~27 KB); each array's length is drawn around a
//! per-document mean, so the arrays are uneven as real documents are.

use crate::docs::{
    BoolRecord, Bools, DocKind, Doubles, ExactDecimals, IntRecord, Ints, Mixed, RealRecord, Record,
    StringRecord, Strings, TestObject, Uints,
};
use crate::layout;
use crate::rng::Rng;

/// The seed every published table uses.
pub const DEFAULT_SEED: u64 = 0x5EED_2026;

/// Non-ASCII text mixed into strings (2-, 3- and 4-byte UTF-8), as JSONifier inserts emoji.
const NON_ASCII: [&str; 8] = ["é", "ü", "ß", "Ω", "中", "文", "€", "😀"];

/// Characters that JSON writes escaped; both Glaze and serde_json escape each of these the same
/// way (`\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f`).
const ESCAPED: [char; 7] = ['"', '\\', '\n', '\t', '\r', '\u{8}', '\u{c}'];

/// A string of 0-32 characters: mostly ASCII, about one in 25 characters escaped and one in 40
/// non-ASCII, so that every string path (plain run, escape, multi-byte) is exercised.
pub fn gen_string(rng: &mut Rng) -> String {
    const PLAIN: &[u8] =
        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:;!?/()[]{}#$%&'*+<=>@^`|~";
    let len = rng.below(33) as usize;
    let mut s = String::with_capacity(len + 8);
    for _ in 0..len {
        let pick = rng.below(1000);
        if pick < 40 {
            s.push(ESCAPED[rng.below(ESCAPED.len() as u64) as usize]);
        } else if pick < 65 {
            s.push_str(NON_ASCII[rng.below(NON_ASCII.len() as u64) as usize]);
        } else {
            s.push(PLAIN[rng.below(PLAIN.len() as u64) as usize] as char);
        }
    }
    s
}

/// An unsigned integer of 1 to 7 digits, the digit count uniform.
pub fn gen_uint(rng: &mut Rng) -> u64 {
    let digits = rng.range(1, 7) as u32;
    let lo = if digits == 1 {
        0
    } else {
        10u64.pow(digits - 1)
    };
    rng.range(lo, 10u64.pow(digits) - 1)
}

/// A 1-7 digit integer of random sign.
pub fn gen_int(rng: &mut Rng) -> i64 {
    let v = gen_uint(rng) as i64;
    if rng.coin() {
        -v
    } else {
        v
    }
}

/// An arbitrary double: 52 random mantissa bits at a random scale, so its shortest form has 16-17
/// significant digits. One in ten lies outside Glaze's fixed-notation range and is written with an
/// exponent.
pub fn gen_double(rng: &mut Rng) -> f64 {
    let mantissa = 1.0 + rng.unit_f64();
    let exp = if rng.below(10) == 0 {
        // Outside -4..=15: both small and large exponents.
        if rng.coin() {
            -(rng.range(5, 40) as i32)
        } else {
            rng.range(16, 300) as i32
        }
    } else {
        rng.range(0, 11) as i32 - 3
    };
    let v = mantissa * 10f64.powi(exp);
    if rng.coin() {
        -v
    } else {
        v
    }
}

/// A short exact decimal: up to four integer digits and two decimals (1234.56), random sign.
pub fn gen_decimal(rng: &mut Rng) -> f64 {
    let cents = rng.below(1_000_000) as f64;
    let v = cents / 100.0;
    if rng.coin() {
        -v
    } else {
        v
    }
}

/// A length drawn uniformly from `mean/2 ..= mean*3/2`.
fn len_around(rng: &mut Rng, mean: u64) -> usize {
    rng.range(mean / 2, mean + mean / 2) as usize
}

/// Fills the 26 arrays of a single-type document with `mean` elements each on average.
macro_rules! fill26 {
    ($doc:expr, $rng:expr, $mean:expr, $gen:expr) => {{
        let rng: &mut Rng = $rng;
        for field in $doc.fields_mut() {
            let n = len_around(rng, $mean);
            field.extend((0..n).map(|_| $gen(rng)));
        }
    }};
}

/// One element of `mixed`.
fn gen_test_object(rng: &mut Rng) -> TestObject {
    let mut o = TestObject::default();
    let mean = 6;
    o.testStrings = (0..len_around(rng, mean))
        .map(|_| gen_string(rng))
        .collect();
    o.testUints = (0..len_around(rng, mean)).map(|_| gen_uint(rng)).collect();
    o.testDoubles = (0..len_around(rng, mean))
        .map(|_| gen_double(rng))
        .collect();
    o.testInts = (0..len_around(rng, mean)).map(|_| gen_int(rng)).collect();
    o.testBools = (0..len_around(rng, mean)).map(|_| rng.coin()).collect();
    o
}

/// The generated values of all seven documents.
#[derive(Clone, Debug, Default)]
pub struct DocSet {
    /// `mixed`.
    pub mixed: Mixed,
    /// `strings`.
    pub strings: Strings,
    /// `uints`.
    pub uints: Uints,
    /// `ints`.
    pub ints: Ints,
    /// `doubles`.
    pub doubles: Doubles,
    /// `exact_decimals`.
    pub exact_decimals: ExactDecimals,
    /// `bools`.
    pub bools: Bools,
    /// `records`: ten thousand records of five members.
    pub records: Vec<Record>,
    /// `strings-5`: ten thousand records of five strings.
    pub rec_strings: Vec<StringRecord>,
    /// `booleans-5`.
    pub rec_bools: Vec<BoolRecord>,
    /// `integers-5`.
    pub rec_ints: Vec<IntRecord>,
    /// `reals-5`.
    pub rec_reals: Vec<RealRecord>,
    /// `numbers-100x2000`: 100 arrays of 2000 doubles.
    pub bulk: Vec<Vec<f64>>,
}

/// The number of records in each document of the records benchmark.
pub const RECORD_COUNT: usize = 10_000;

impl DocSet {
    /// Generates every document from `seed`. Each document draws from its own stream, so
    /// changing one document's recipe leaves the others' bytes alone.
    pub fn generate(seed: u64) -> DocSet {
        let mut set = DocSet::default();
        for kind in DocKind::ALL.into_iter().chain(DocKind::RECORDS) {
            set.fill(seed, kind);
        }
        set
    }

    /// Generates only the document `kind` (the others stay empty): what the instruction-count
    /// benches need, since they run under valgrind where generating all seven is slow.
    pub fn generate_one(seed: u64, kind: DocKind) -> DocSet {
        let mut set = DocSet::default();
        set.fill(seed, kind);
        set
    }

    /// Fills document `kind` from its own stream of `seed`.
    fn fill(&mut self, seed: u64, kind: DocKind) {
        let k = match DocKind::ALL.iter().position(|&d| d == kind) {
            Some(i) => i as u64 + 1,
            None => {
                DocKind::RECORDS
                    .iter()
                    .position(|&d| d == kind)
                    .unwrap_or(0) as u64
                    + 101
            }
        };
        let rng = &mut Rng::new(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        match kind {
            DocKind::Mixed => {
                for field in self.mixed.fields_mut() {
                    let n = len_around(rng, 24);
                    field.extend((0..n).map(|_| gen_test_object(rng)));
                }
            }
            DocKind::Strings => fill26!(self.strings, rng, 247, gen_string),
            DocKind::Uints => fill26!(self.uints, rng, 237, gen_uint),
            DocKind::Ints => fill26!(self.ints, rng, 235, gen_int),
            DocKind::Doubles => fill26!(self.doubles, rng, 128, gen_double),
            DocKind::ExactDecimals => fill26!(self.exact_decimals, rng, 139, gen_decimal),
            DocKind::Bools => fill26!(self.bools, rng, 179, |r: &mut Rng| r.coin()),
            DocKind::Records => {
                self.records = (0..RECORD_COUNT)
                    .map(|_| Record {
                        id: gen_int(rng),
                        name: gen_string(rng),
                        x: gen_double(rng),
                        y: gen_decimal(rng),
                        active: rng.coin(),
                    })
                    .collect()
            }
            DocKind::RecStrings => {
                self.rec_strings = rec5(rng, gen_string, |a, b, c, d, e| StringRecord {
                    a,
                    b,
                    c,
                    d,
                    e,
                })
            }
            DocKind::RecBools => {
                self.rec_bools = rec5(
                    rng,
                    |r| r.coin(),
                    |a, b, c, d, e| BoolRecord { a, b, c, d, e },
                )
            }
            DocKind::RecInts => {
                self.rec_ints = rec5(rng, gen_int, |a, b, c, d, e| IntRecord { a, b, c, d, e })
            }
            DocKind::RecReals => {
                self.rec_reals = rec5(rng, gen_double, |a, b, c, d, e| RealRecord {
                    a,
                    b,
                    c,
                    d,
                    e,
                })
            }
            DocKind::Bulk => {
                self.bulk = (0..100)
                    .map(|_| (0..2000).map(|_| gen_double(rng)).collect())
                    .collect()
            }
        }
    }

    /// The compact text of one document, in Glaze's layout.
    pub fn compact(&self, kind: DocKind) -> Vec<u8> {
        match kind {
            DocKind::Mixed => layout::to_compact(&self.mixed),
            DocKind::Strings => layout::to_compact(&self.strings),
            DocKind::Uints => layout::to_compact(&self.uints),
            DocKind::Ints => layout::to_compact(&self.ints),
            DocKind::Doubles => layout::to_compact(&self.doubles),
            DocKind::ExactDecimals => layout::to_compact(&self.exact_decimals),
            DocKind::Bools => layout::to_compact(&self.bools),
            DocKind::Records => layout::to_compact(&self.records),
            DocKind::RecStrings => layout::to_compact(&self.rec_strings),
            DocKind::RecBools => layout::to_compact(&self.rec_bools),
            DocKind::RecInts => layout::to_compact(&self.rec_ints),
            DocKind::RecReals => layout::to_compact(&self.rec_reals),
            DocKind::Bulk => layout::to_compact(&self.bulk),
        }
    }
}

/// [`RECORD_COUNT`] records of five members drawn by `element`, in member order.
fn rec5<E, R>(rng: &mut Rng, element: fn(&mut Rng) -> E, make: fn(E, E, E, E, E) -> R) -> Vec<R> {
    (0..RECORD_COUNT)
        .map(|_| {
            let (a, b, c, d, e) = (
                element(rng),
                element(rng),
                element(rng),
                element(rng),
                element(rng),
            );
            make(a, b, c, d, e)
        })
        .collect()
}

/// A document's texts: compact and prettified (three spaces).
#[derive(Clone, Debug)]
pub struct DocText {
    /// Which document.
    pub kind: DocKind,
    /// The compact form, the input of read and prettify.
    pub compact: Vec<u8>,
    /// The prettified form, the input of minify.
    pub pretty: Vec<u8>,
}

/// The texts of the seven documents in `set`.
pub fn texts(set: &DocSet) -> Vec<DocText> {
    texts_of(set, &DocKind::ALL)
}

/// The texts of the documents `kinds` in `set`.
pub fn texts_of(set: &DocSet, kinds: &[DocKind]) -> Vec<DocText> {
    kinds
        .iter()
        .copied()
        .map(|kind| {
            let compact = set.compact(kind);
            let pretty = layout::prettify(&compact);
            DocText {
                kind,
                compact,
                pretty,
            }
        })
        .collect()
}

/// Writes `<name>.json` and `<name>.pretty.json` for every document into `dir`.
pub fn write_docs(dir: &std::path::Path, docs: &[DocText]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for d in docs {
        std::fs::write(dir.join(format!("{}.json", d.kind.name())), &d.compact)?;
        std::fs::write(
            dir.join(format!("{}.pretty.json", d.kind.name())),
            &d.pretty,
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_bytes() {
        let a = texts(&DocSet::generate(DEFAULT_SEED));
        let b = texts(&DocSet::generate(DEFAULT_SEED));
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.compact, y.compact, "{}", x.kind.name());
        }
        let c = DocSet::generate(DEFAULT_SEED + 1).compact(DocKind::Uints);
        assert_ne!(a[2].compact, c);
        let one = DocSet::generate_one(DEFAULT_SEED, DocKind::Uints).compact(DocKind::Uints);
        assert_eq!(a[2].compact, one);
    }

    #[test]
    fn documents_read_back_equal_through_serde_json() {
        let set = DocSet::generate(DEFAULT_SEED);
        let mixed: Mixed = serde_json::from_slice(&set.compact(DocKind::Mixed)).unwrap();
        assert_eq!(mixed, set.mixed);
        let strings: Strings = serde_json::from_slice(&set.compact(DocKind::Strings)).unwrap();
        assert_eq!(strings, set.strings);
        let doubles: Doubles = serde_json::from_slice(&set.compact(DocKind::Doubles)).unwrap();
        assert_eq!(doubles, set.doubles);
        let dec: ExactDecimals =
            serde_json::from_slice(&set.compact(DocKind::ExactDecimals)).unwrap();
        assert_eq!(dec, set.exact_decimals);
    }

    #[test]
    fn pretty_form_minifies_back_and_parses() {
        for d in texts(&DocSet::generate(DEFAULT_SEED)) {
            assert_eq!(layout::minify(&d.pretty), d.compact, "{}", d.kind.name());
            let a: serde_json::Value = serde_json::from_slice(&d.pretty).unwrap();
            let b: serde_json::Value = serde_json::from_slice(&d.compact).unwrap();
            assert_eq!(a, b);
        }
    }

    #[test]
    fn strings_hold_escapes_and_non_ascii() {
        let text = DocSet::generate(DEFAULT_SEED).compact(DocKind::Strings);
        let s = String::from_utf8(text).unwrap();
        for needle in ["\\\"", "\\\\", "\\n", "é", "😀"] {
            assert!(s.contains(needle), "{needle}");
        }
    }
}
