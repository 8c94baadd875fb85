//! A stream of JSON documents: the records benchmark's ten thousand records as JSON Lines (one
//! compact record per line), read back one typed record at a time, structio's
//! [`Documents`](structio_json::Documents) against serde_json's `StreamDeserializer`, alternating
//! in one process.
//!
//! Two sources, each library in the form its documentation leads with:
//! - **from a reader** (`std::io::Read` over the bytes, as a file or socket would be):
//!   `Documents::from_reader(r)` (structio buffers internally) and
//!   `Deserializer::from_reader(BufReader::new(r)).into_iter()` (serde_json asks for a
//!   `BufReader`: its `IoRead` pulls one byte at a time);
//! - **from a slice** (the whole stream in memory): `Documents::from_slice` and
//!   `Deserializer::from_slice(..).into_iter()`.

use std::fmt::Write as _;
use std::hint::black_box;
use std::io::BufReader;

use crate::docs::Record;
use crate::harness::{measure_rounds, spread, Budget, Check, Contender, Outcome};
use crate::table::mb_per_s;

/// The source a stream is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `std::io::Read` over the bytes.
    Reader,
    /// A `&[u8]` holding the whole stream.
    Slice,
}

impl Source {
    /// The row label.
    pub fn name(self) -> &'static str {
        match self {
            Source::Reader => "from a reader",
            Source::Slice => "from a slice",
        }
    }
}

/// The records as JSON Lines: each record compact on its own line.
pub fn json_lines(records: &[Record]) -> Vec<u8> {
    let mut out = Vec::new();
    for r in records {
        out.extend_from_slice(&crate::layout::to_compact(r));
        out.push(b'\n');
    }
    out
}

/// Reads every record of `text` and returns them (the checked run) with structio.
#[cfg(feature = "sio-json")]
fn structio_collect(text: &[u8], source: Source) -> Result<Vec<Record>, String> {
    use structio_json::Documents;
    let docs: Result<Vec<Record>, _> = match source {
        Source::Reader => Documents::from_reader(text).collect(),
        Source::Slice => Documents::from_slice(text).collect(),
    };
    docs.map_err(|e| e.to_string())
}

/// Reads every record of `text` with serde_json's `StreamDeserializer`.
fn serde_collect(text: &[u8], source: Source) -> Result<Vec<Record>, String> {
    let docs: Result<Vec<Record>, _> = match source {
        Source::Reader => serde_json::Deserializer::from_reader(BufReader::new(text))
            .into_iter()
            .collect(),
        Source::Slice => serde_json::Deserializer::from_slice(text)
            .into_iter()
            .collect(),
    };
    docs.map_err(|e| e.to_string())
}

/// Runs over every record without keeping them (the timed loop): the sum of the ids, so the
/// reads cannot be optimised away.
#[cfg(feature = "sio-json")]
fn structio_sum(text: &[u8], source: Source) -> i64 {
    use structio_json::Documents;
    let sum = |it: &mut dyn Iterator<Item = structio_json::Result<Record>>| {
        it.map(|r| r.map_or(0, |r| r.id)).sum::<i64>()
    };
    match source {
        Source::Reader => sum(&mut Documents::from_reader(text)),
        Source::Slice => sum(&mut Documents::from_slice(text)),
    }
}

/// As [`structio_sum`], through serde_json.
fn serde_sum(text: &[u8], source: Source) -> i64 {
    let sum = |it: &mut dyn Iterator<Item = serde_json::Result<Record>>| {
        it.map(|r| r.map_or(0, |r| r.id)).sum::<i64>()
    };
    match source {
        Source::Reader => {
            sum(&mut serde_json::Deserializer::from_reader(BufReader::new(text)).into_iter())
        }
        Source::Slice => sum(&mut serde_json::Deserializer::from_slice(text).into_iter()),
    }
}

fn checked(got: Result<Vec<Record>, String>, want: &[Record]) -> Result<Check, String> {
    let got = got?;
    if got.len() != want.len() {
        return Err(format!("{} records, want {}", got.len(), want.len()));
    }
    match got.iter().zip(want).position(|(a, b)| a != b) {
        None => Ok(Check::SameValues),
        Some(i) => Err(format!("record {i} differs")),
    }
}

/// The two contenders of one source.
fn contenders<'a>(text: &'a [u8], want: &'a [Record], source: Source) -> Vec<Contender<'a>> {
    #[cfg(feature = "sio-json")]
    let structio = Contender::new(
        "structio",
        || checked(structio_collect(text, source), want),
        move |n| {
            for _ in 0..n {
                black_box(structio_sum(black_box(text), source));
            }
        },
    );
    #[cfg(not(feature = "sio-json"))]
    let structio = Contender::unavailable("structio", "the sio-json feature is off");
    let serde = Contender::new(
        "serde_json",
        || checked(serde_collect(text, source), want),
        move |n| {
            for _ in 0..n {
                black_box(serde_sum(black_box(text), source));
            }
        },
    );
    vec![structio, serde]
}

/// Measures both sources and returns the Markdown table: per source, each library's median
/// and min-max over the rounds, its MB/s at the median, and structio's time over serde_json's.
pub fn run(records: &[Record], budget: Budget) -> String {
    let text = json_lines(records);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "### A stream of documents (JSON Lines)\n\n{} records of the records benchmark, one compact \
         record per line ({} bytes), read one typed record at a time: structio's \
         `Documents::from_reader` / `from_slice` against serde_json's \
         `Deserializer::from_reader(BufReader::new(r))` / `from_slice` `.into_iter()`. Median \
         [min-max] µs over {} alternating rounds; the last column is structio's median time over \
         serde_json's (below 1.00: structio is faster).\n",
        records.len(),
        text.len(),
        budget.rounds
    );
    let _ = writeln!(
        s,
        "| source | structio µs | serde_json µs | structio MB/s | serde_json MB/s | structio / serde_json |\n|---|---:|---:|---:|---:|---:|"
    );
    for source in [Source::Reader, Source::Slice] {
        let cells = measure_rounds(contenders(&text, records, source), budget);
        let mut medians = Vec::new();
        let mut row = format!("| {} |", source.name());
        let mut rates = String::new();
        for (cell, times) in &cells {
            match (&cell.outcome, spread(times)) {
                (Outcome::Timed(..), Some((med, lo, hi))) => {
                    let _ = write!(row, " {:.0} [{:.0}-{:.0}] |", med / 1e3, lo / 1e3, hi / 1e3);
                    let _ = write!(rates, " {:.0} |", mb_per_s(text.len(), med));
                    medians.push(Some(med));
                }
                (Outcome::Failed(e), _) => {
                    let _ = write!(row, " failed: {e} |");
                    rates.push_str(" - |");
                    medians.push(None);
                }
                (Outcome::Unavailable(why), _) => {
                    let _ = write!(row, " not available: {why} |");
                    rates.push_str(" - |");
                    medians.push(None);
                }
                _ => {
                    row.push_str(" - |");
                    rates.push_str(" - |");
                    medians.push(None);
                }
            }
        }
        let ratio = match (medians.first(), medians.get(1)) {
            (Some(Some(a)), Some(Some(b))) => format!(" {:.2} |", a / b),
            _ => " - |".to_string(),
        };
        let _ = writeln!(s, "{row}{rates}{ratio}");
    }
    s.push('\n');
    s
}
