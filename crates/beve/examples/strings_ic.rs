//! Instruction counts of reading string-heavy shapes into existing values (run under
//! `valgrind --tool=callgrind --toggle-collect='*work*'`): `strings` is a `Vec<String>` of 1000
//! strings of 0 to 32 characters, `mixed` 26 records like the benchmarks' `TestObject`.
use structio_derive::Beve;

#[derive(Beve, Debug, Default, PartialEq)]
#[allow(non_snake_case)]
struct TestObject {
    testStrings: Vec<String>,
    testUints: Vec<u64>,
    testDoubles: Vec<f64>,
    testInts: Vec<i64>,
    testBools: Vec<bool>,
}

fn text(seed: usize, n: usize) -> String {
    (0..n)
        .map(|k| char::from(b'a' + ((seed * 7 + k * 3) % 26) as u8))
        .collect()
}

#[inline(never)]
fn work_strings(v: &mut Vec<String>, doc: &[u8]) {
    structio_beve::read_into(v, std::hint::black_box(doc)).unwrap();
}

#[inline(never)]
fn work_mixed(v: &mut Vec<TestObject>, doc: &[u8]) {
    structio_beve::read_into(v, std::hint::black_box(doc)).unwrap();
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let strings: Vec<String> = (0..1000).map(|i| text(i, i % 33)).collect();
    let mixed: Vec<TestObject> = (0..26)
        .map(|i| TestObject {
            testStrings: (0..20).map(|k| text(i + k, (i * 5 + k) % 33)).collect(),
            testUints: (0..20).map(|k| (i * 1000 + k * 77) as u64).collect(),
            testDoubles: (0..20).map(|k| (i + k) as f64 * 0.37).collect(),
            testInts: (0..20).map(|k| k as i64 * 1234 - 5000).collect(),
            testBools: (0..20).map(|k| (i + k) % 3 == 0).collect(),
        })
        .collect();
    let sdoc = structio_beve::to_vec(&strings).unwrap();
    let mdoc = structio_beve::to_vec(&mixed).unwrap();
    let mut s: Vec<String> = Vec::new();
    let mut m: Vec<TestObject> = Vec::new();
    // A warm read first, so the measured ones reuse every buffer.
    work_strings(&mut s, &sdoc);
    work_mixed(&mut m, &mdoc);
    for _ in 0..10 {
        if which != "mixed" {
            work_strings(&mut s, &sdoc);
        }
        if which != "strings" {
            work_mixed(&mut m, &mdoc);
        }
    }
    assert_eq!(s, strings);
    assert_eq!(m, mixed);
}
