//! Where an error is: structio names the path of the failing value (`/5000/name`) in every
//! typed read's error, found after the error by reading the input again, so a successful read
//! pays nothing for it. serde_json needs the separate serde_path_to_error crate, which tracks
//! the path during every read. This table reads the records benchmark's ten thousand records as
//! one JSON array, successfully, with each, alternating in one process; and checks that both
//! name the same value in a broken copy.

use std::fmt::Write as _;
use std::hint::black_box;

use crate::docs::Record;
use crate::harness::{measure_rounds, Budget, Check, Contender};

/// The records as one compact JSON array.
pub fn document(records: &[Record]) -> Vec<u8> {
    crate::layout::to_compact(&records)
}

fn checked(got: Result<Vec<Record>, String>, want: &[Record]) -> Result<Check, String> {
    let got = got?;
    if got.as_slice() == want {
        Ok(Check::SameValues)
    } else {
        Err("records differ".into())
    }
}

#[cfg(feature = "sio-json")]
fn structio_read(text: &[u8]) -> Result<Vec<Record>, String> {
    structio_json::from_slice(text).map_err(|e| e.to_string())
}

fn serde_json_read(text: &[u8]) -> Result<Vec<Record>, String> {
    serde_json::from_slice(text).map_err(|e| e.to_string())
}

fn path_to_error_read(text: &[u8]) -> Result<Vec<Record>, String> {
    let mut de = serde_json::Deserializer::from_slice(text);
    serde_path_to_error::deserialize(&mut de).map_err(|e| e.to_string())
}

/// The three readers, each checked against the records.
fn contenders<'a>(text: &'a [u8], want: &'a [Record]) -> Vec<Contender<'a>> {
    #[cfg(feature = "sio-json")]
    let structio = Contender::new(
        "structio (path on error)",
        || checked(structio_read(text), want),
        move |n| {
            for _ in 0..n {
                black_box(structio_read(black_box(text)).map(|v| v.len()).ok());
            }
        },
    );
    #[cfg(not(feature = "sio-json"))]
    let structio = Contender::unavailable("structio", "the sio-json feature is off");
    let serde = Contender::new(
        "serde_json (no path)",
        || checked(serde_json_read(text), want),
        move |n| {
            for _ in 0..n {
                black_box(serde_json_read(black_box(text)).map(|v| v.len()).ok());
            }
        },
    );
    let tracked = Contender::new(
        "serde_json + serde_path_to_error",
        || checked(path_to_error_read(text), want),
        move |n| {
            for _ in 0..n {
                black_box(path_to_error_read(black_box(text)).map(|v| v.len()).ok());
            }
        },
    );
    vec![structio, serde, tracked]
}

/// The messages of both for the document with record 5000's name replaced by a number.
fn broken_messages(records: &[Record]) -> (String, String) {
    let mut broken: Vec<serde_json::Value> = records
        .iter()
        .map(|r| serde_json::to_value(r).expect("a record is JSON"))
        .collect();
    if let Some(r) = broken.get_mut(records.len() / 2) {
        r["name"] = serde_json::Value::from(7);
    }
    let text = serde_json::to_vec(&broken).expect("JSON");
    #[cfg(feature = "sio-json")]
    let ours = structio_read(&text).err().unwrap_or_default();
    #[cfg(not(feature = "sio-json"))]
    let ours = String::from("(structio not built)");
    let theirs = path_to_error_read(&text).err().unwrap_or_default();
    (ours, theirs)
}

/// Measures the three readers and returns the Markdown table.
pub fn run(records: &[Record], budget: Budget) -> String {
    let text = document(records);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "### The path to an error, and what it costs a successful read\n\n{} records of the \
         records benchmark as one compact JSON array ({} bytes), read whole into `Vec<Record>`. \
         structio's error names the failing value's path with no cost while reading; serde_json \
         names it only through serde_path_to_error. Median [min-max] µs over {} alternating \
         rounds; the ratio is each reader's median over structio's.\n",
        records.len(),
        text.len(),
        budget.rounds
    );
    let _ = writeln!(s, "| reader | µs | ratio to structio |\n|---|---:|---:|");
    let cells = measure_rounds(contenders(&text, records), budget);
    s.push_str(&crate::table::spread_rows(&cells, 1e3));
    let (ours, theirs) = broken_messages(records);
    let _ = writeln!(
        s,
        "\nWith record {}'s `name` a number:\n\n- structio: `{ours}`\n- serde_path_to_error: `{theirs}`\n",
        records.len() / 2
    );
    s
}
