//! Instruction counts of reading the benchmarks' `strings` document into an existing value (run
//! under `valgrind --tool=callgrind --toggle-collect='*work_*'`): 26 string arrays of about 247
//! strings each, 0 to 32 characters, about one character in 40 non-ASCII (2-, 3- and 4-byte
//! UTF-8) and one in 25 a control or quote character, generated as `benches/src/docgen.rs` does.
//! With the argument `ascii` every string is ASCII (the same lengths).
//!
//! `work_read` is called 1 + N times (N the second argument, 10 if absent); the first call fills
//! every buffer, so one read's count is (the count with N = 10 minus the count with N = 0) / 10.

/// xorshift64*, as the benchmark generator uses.
#[cfg(feature = "std")]
struct Rng(u64);

#[cfg(feature = "std")]
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

#[cfg(feature = "std")]
fn gen_string(rng: &mut Rng, ascii: bool) -> String {
    const NON_ASCII: [&str; 8] = ["é", "ü", "ß", "Ω", "中", "文", "€", "😀"];
    const ESCAPED: [char; 7] = ['"', '\\', '\n', '\t', '\r', '\u{8}', '\u{c}'];
    const PLAIN: &[u8] =
        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:;!?/()[]{}#$%&'*+<=>@^`|~";
    let len = rng.below(33) as usize;
    let mut s = String::with_capacity(len + 8);
    for _ in 0..len {
        let pick = rng.below(1000);
        if pick < 40 {
            s.push(ESCAPED[rng.below(ESCAPED.len() as u64) as usize]);
        } else if pick < 65 && !ascii {
            s.push_str(NON_ASCII[rng.below(NON_ASCII.len() as u64) as usize]);
        } else {
            s.push(PLAIN[rng.below(PLAIN.len() as u64) as usize] as char);
        }
    }
    s
}

#[cfg(feature = "std")]
#[inline(never)]
fn work_read(v: &mut Vec<Vec<String>>, doc: &[u8]) {
    structio_beve::read_into(v, std::hint::black_box(doc)).unwrap();
}

#[cfg(feature = "std")]
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let ascii = args.get(1).map(String::as_str) == Some("ascii");
    let reads: usize = args.get(2).map_or(10, |n| n.parse().unwrap());
    let mut rng = Rng(0x5EED_2026);
    let doc: Vec<Vec<String>> = (0..26)
        .map(|_| {
            let n = 123 + rng.below(247) as usize;
            (0..n).map(|_| gen_string(&mut rng, ascii)).collect()
        })
        .collect();
    let bytes = structio_beve::to_vec(&doc).unwrap();
    let mut place: Vec<Vec<String>> = Vec::new();
    for _ in 0..=reads {
        work_read(&mut place, &bytes);
    }
    assert_eq!(place, doc);
    let strings: usize = doc.iter().map(Vec::len).sum();
    println!("{} strings, {} bytes of BEVE", strings, bytes.len());
}

#[cfg(not(feature = "std"))]
fn main() {}
