//! Peak memory of `Documents` over a long generated JSON Lines stream: the buffer and one
//! record, never the stream. Peak RSS is the process's VmHWM (Linux), so this binary holds
//! only these tests; run the 2 GB one with `cargo test --release -p structio-json --test
//! stream_memory -- --ignored`, or `cargo xtask stream-memory`.

use std::io::{self, Read};
use std::time::Instant;

use structio_derive::Json;
use structio_json::Documents;

#[derive(Json, Debug, PartialEq)]
#[structio(crate = "structio_json")]
struct Rec {
    id: u64,
    name: String,
    tags: Vec<String>,
    score: f64,
}

/// How many distinct records the generated stream cycles through.
const DISTINCT: u64 = 4096;

/// A reader that makes `total` bytes of JSON Lines records: a block of [`DISTINCT`] records
/// written once, then repeated (record `i` of the stream has id `i % DISTINCT`).
struct Lines {
    total: u64,
    sent: u64,
    block: Vec<u8>,
}

impl Lines {
    fn new(total: u64) -> Self {
        let mut block = Vec::new();
        let mut line = Vec::new();
        for id in 0..DISTINCT {
            let rec = Rec {
                id,
                name: format!("user \"{id}\" é"),
                tags: vec!["alpha".into(), format!("t{}", id % 97)],
                score: id as f64 * 0.25,
            };
            structio_json::write_into(&rec, &mut line).unwrap();
            block.extend_from_slice(&line);
            block.push(b'\n');
        }
        Lines {
            total,
            sent: 0,
            block,
        }
    }
}

impl Read for Lines {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let at = (self.sent % self.block.len() as u64) as usize;
        let n = (self.block.len() - at)
            .min(buf.len())
            .min((self.total - self.sent) as usize);
        buf[..n].copy_from_slice(&self.block[at..at + n]);
        self.sent += n as u64;
        Ok(n)
    }
}

/// The process's peak resident set, in bytes.
fn peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kb * 1024
}

fn push_through(total: u64) {
    let started = Instant::now();
    let mut lines = Lines::new(total);
    // The stream is cut at a record boundary only by chance: the last record may be cut.
    let mut count = 0u64;
    let mut last_id = None;
    for rec in Documents::<_, Rec>::from_reader(&mut lines) {
        match rec {
            Ok(rec) => {
                assert_eq!(rec.id, count % DISTINCT);
                last_id = Some(rec.id);
                count += 1;
            }
            Err(e) => {
                // Only the last, truncated record may fail, and only at the end of the stream.
                assert_eq!(e.kind(), structio_json::ErrorKind::UnexpectedEnd);
                assert_eq!(e.offset() as u64, total);
            }
        }
    }
    assert!(last_id.is_some());
    let peak = peak_rss();
    eprintln!(
        "{} MB in {:.2?}: {count} records, peak RSS {:.1} MB",
        total >> 20,
        started.elapsed(),
        peak as f64 / (1 << 20) as f64
    );
    assert!(peak < 64 << 20, "peak RSS {peak} bytes");
}

#[test]
fn documents_over_64_mb_in_bounded_memory() {
    if std::fs::metadata("/proc/self/status").is_err() {
        return;
    }
    push_through(64 << 20);
}

#[test]
#[ignore = "2 GB through the reader: run with --release -- --ignored"]
fn documents_over_2_gb_in_bounded_memory() {
    push_through(2 << 30);
}
