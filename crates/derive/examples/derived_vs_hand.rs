//! Derived reader against a hand-written one for the benchmark's `mixed` element, on a document
//! generated here. The bench crate has the real comparison; this is for instruction counts:
//!
//! ```sh
//! cargo build -p structio-derive --release --example derived_vs_hand
//! valgrind --tool=callgrind target/release/examples/derived_vs_hand derived 20
//! valgrind --tool=callgrind target/release/examples/derived_vs_hand hand 20
//! valgrind --tool=callgrind target/release/examples/derived_vs_hand derived 20 reversed
//! ```
//!
//! Subtract a run with 0 repetitions (document generation) from each count.
#![allow(non_snake_case)]

use std::time::Instant;
use structio_derive::Json;
use structio_json::{read_into, JsonRead, KeyBuf, Reader, Result};

/// The element of `mixed`, derived.
#[derive(Json, Default, Debug, PartialEq)]
struct TestObject {
    testStrings: Vec<String>,
    testUints: Vec<u64>,
    testDoubles: Vec<f64>,
    testInts: Vec<i64>,
    testBools: Vec<bool>,
}

/// The same element, read by hand as a careful user would: length and one byte, one compare.
#[derive(Default, Debug, PartialEq)]
struct Hand {
    test_strings: Vec<String>,
    test_uints: Vec<u64>,
    test_doubles: Vec<f64>,
    test_ints: Vec<i64>,
    test_bools: Vec<bool>,
}

impl<'de> JsonRead<'de> for Hand {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = Hand::default();
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

/// `n` elements; `reversed` puts each element's keys in reverse order, so that the derived
/// reader takes its perfect-hash path instead of the in-order one.
fn document(n: usize, reversed: bool) -> String {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = String::from("[");
    for i in 0..n {
        if i > 0 {
            out.push(',');
        }
        let strings: Vec<String> = (0..3)
            .map(|_| format!("\"s{}\"", next() % 100_000))
            .collect();
        let uints: Vec<String> = (0..3).map(|_| (next() % 10_000_000).to_string()).collect();
        let doubles: Vec<String> = (0..3)
            .map(|_| format!("{:?}", (next() % 1_000_000) as f64 / 7.0))
            .collect();
        let ints: Vec<String> = (0..3)
            .map(|_| ((next() % 2_000_000) as i64 - 1_000_000).to_string())
            .collect();
        let bools: Vec<&str> = (0..3)
            .map(|_| if next() % 2 == 0 { "true" } else { "false" })
            .collect();
        let mut members = [
            format!("\"testStrings\":[{}]", strings.join(",")),
            format!("\"testUints\":[{}]", uints.join(",")),
            format!("\"testDoubles\":[{}]", doubles.join(",")),
            format!("\"testInts\":[{}]", ints.join(",")),
            format!("\"testBools\":[{}]", bools.join(",")),
        ];
        if reversed {
            members.reverse();
        }
        out.push_str(&format!("{{{}}}", members.join(",")));
    }
    out.push(']');
    out
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_else(|| "both".into());
    let reps: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let reversed = std::env::args().nth(3).is_some_and(|s| s == "reversed");
    let doc = document(2000, reversed);
    let mut derived: Vec<TestObject> = Vec::new();
    let mut hand: Vec<Hand> = Vec::new();
    if which != "hand" {
        let t = Instant::now();
        for _ in 0..reps {
            read_into(&mut derived, doc.as_bytes()).unwrap();
        }
        let mbs = (doc.len() * reps) as f64 / t.elapsed().as_secs_f64() / 1e6;
        println!("derived: {mbs:.0} MB/s");
    }
    if which != "derived" {
        let t = Instant::now();
        for _ in 0..reps {
            read_into(&mut hand, doc.as_bytes()).unwrap();
        }
        let mbs = (doc.len() * reps) as f64 / t.elapsed().as_secs_f64() / 1e6;
        println!("hand:    {mbs:.0} MB/s");
    }
    if which == "both" {
        assert_eq!(derived.len(), hand.len());
        for (d, h) in derived.iter().zip(&hand) {
            assert_eq!(d.testStrings, h.test_strings);
            assert_eq!(d.testBools, h.test_bools);
        }
    }
}
