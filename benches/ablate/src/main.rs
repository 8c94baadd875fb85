//! One round of the ablation benchmark: every row timed once, its median time per operation
//! printed as `row<TAB>nanoseconds`.
//!
//! `cargo xtask bench --ablations` builds this binary once per `structio_plain_*` switch (and
//! once with every switch, "plain"), runs the builds alternately for a few rounds and prints
//! each row's time as a ratio to the default build's. Run on its own it prints one round:
//!
//! ```text
//! structio-ablate [--ms MS] [--clock cpu|wall] [--corpus DIR] [--list]
//! ```
//!
//! `--ms` is each row's time budget (default 200), `--clock` what times it (the thread's CPU
//! time by default, elapsed time where there is none), `--corpus` a directory holding
//! twitter.json, citm_catalog.json and canada.json for the tree rows (left out when absent),
//! `--list` prints the rows' names only. Every row's result is checked before it is timed: a
//! read gives back the value written, a tree read of the corpus equals the tree read of its
//! re-written text.

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use structio_derive::{Beve, Json};

/// The peer notes' member kinds in one record: strings, unsigned and signed integers of one to
/// seven digits, arbitrary doubles and booleans, each an array.
#[derive(Json, Beve, Debug, Clone, PartialEq, Default)]
struct Mixed {
    strings: Vec<String>,
    uints: Vec<u64>,
    doubles: Vec<f64>,
    ints: Vec<i64>,
    bools: Vec<bool>,
}

/// The records benchmark's record: an integer, a string, two reals and a boolean.
#[derive(Json, Beve, Debug, Clone, PartialEq, Default)]
struct Record {
    id: i64,
    name: String,
    x: f64,
    y: f64,
    active: bool,
}

/// A numeric array in one member (BEVE writes and reads it as one typed array).
#[derive(Json, Beve, Debug, Clone, PartialEq, Default)]
struct Numbers {
    values: Vec<f64>,
    counts: Vec<u32>,
}

/// The documents' generator: the workspace's fixed-seed one (structio-testkit), so the
/// documents are the same in every build and run, with the value mixes of the benchmark.
struct Rng(structio_testkit::Rng);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0.below(n)
    }

    /// A string of 0-32 characters: mostly ASCII, about one in 25 escaped and one in 40 past
    /// ASCII (the benchmark documents' mix).
    fn string(&mut self) -> String {
        const PLAIN: &[u8] =
            b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-.,:;!?/()";
        const ESCAPED: [char; 5] = ['"', '\\', '\n', '\t', '\r'];
        const NON_ASCII: [&str; 4] = ["é", "ß", "€", "日本"];
        let len = self.below(33);
        let mut s = String::new();
        for _ in 0..len {
            let pick = self.below(1000);
            if pick < 40 {
                s.push(ESCAPED[self.below(ESCAPED.len() as u64) as usize]);
            } else if pick < 65 {
                s.push_str(NON_ASCII[self.below(NON_ASCII.len() as u64) as usize]);
            } else {
                s.push(char::from(PLAIN[self.below(PLAIN.len() as u64) as usize]));
            }
        }
        s
    }

    /// One to seven digits, the count uniform.
    fn uint(&mut self) -> u64 {
        let digits = 1 + self.below(7) as u32;
        let lo = if digits == 1 {
            0
        } else {
            10u64.pow(digits - 1)
        };
        lo + self.below(10u64.pow(digits) - lo)
    }

    fn int(&mut self) -> i64 {
        let v = self.uint() as i64;
        if self.next() & 1 == 0 {
            -v
        } else {
            v
        }
    }

    /// 52 random mantissa bits at a scale of 1e-3 to 1e7: 16-17 significant digits.
    fn double(&mut self) -> f64 {
        let mantissa = 1.0 + (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        let v = mantissa * 10f64.powi(self.below(11) as i32 - 3);
        if self.next() & 1 == 0 {
            -v
        } else {
            v
        }
    }
}

fn mixed(rng: &mut Rng, n: usize) -> Vec<Mixed> {
    (0..n)
        .map(|_| Mixed {
            strings: (0..20).map(|_| rng.string()).collect(),
            uints: (0..20).map(|_| rng.uint()).collect(),
            doubles: (0..20).map(|_| rng.double()).collect(),
            ints: (0..20).map(|_| rng.int()).collect(),
            bools: (0..20).map(|_| rng.next() & 1 == 0).collect(),
        })
        .collect()
}

fn records(rng: &mut Rng, n: usize) -> Vec<Record> {
    (0..n)
        .map(|i| Record {
            id: i as i64 * 7 + rng.below(7) as i64,
            name: rng.string(),
            x: rng.double(),
            y: rng.double(),
            active: rng.next() & 1 == 0,
        })
        .collect()
}

/// A row: its name and one timed operation.
struct Row<'a> {
    name: String,
    op: Box<dyn FnMut() + 'a>,
}

/// The measuring thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`): the time it
/// spends descheduled while other processes run is not counted, which on a shared machine is
/// most of the noise. `None` where there is no such clock, or with `--clock wall`.
#[cfg(unix)]
fn thread_cpu_ns() -> Option<u64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; clock_gettime writes only it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}

#[cfg(not(unix))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

/// Nanoseconds per run of `iters` runs of `op`, by the thread's CPU time when `cpu`.
fn time_batch(op: &mut dyn FnMut(), iters: u32, cpu: bool) -> f64 {
    if cpu && let Some(start) = thread_cpu_ns() {
        for _ in 0..iters {
            op();
        }
        let end = thread_cpu_ns().unwrap_or(start);
        return end.saturating_sub(start) as f64 / f64::from(iters);
    }
    let t = Instant::now();
    for _ in 0..iters {
        op();
    }
    t.elapsed().as_nanos() as f64 / f64::from(iters)
}

/// The median time per run of `op` over batches of at least a millisecond, for about `budget`
/// (at least five batches).
fn time(op: &mut dyn FnMut(), budget: Duration, cpu: bool) -> f64 {
    let once = time_batch(op, 1, cpu);
    let iters = (1e6 / once.max(1.0)).clamp(1.0, 1e5) as u32;
    let mut samples = Vec::new();
    let start = Instant::now();
    while samples.len() < 5 || start.elapsed() < budget {
        samples.push(time_batch(op, iters, cpu));
        if samples.len() >= 10_000 {
            break;
        }
    }
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// Typed JSON and BEVE rows of one document: read into the previous value, write into a
/// reused buffer, both checked first.
fn typed_rows<'a, T>(rows: &mut Vec<Row<'a>>, doc: &'a str, value: &'a T, laid_out: bool)
where
    T: structio_json::JsonWrite
        + for<'de> structio_json::JsonRead<'de>
        + structio_beve::BeveWrite
        + for<'de> structio_beve::BeveRead<'de>
        + PartialEq
        + Default
        + 'static,
{
    let json = structio_json::to_vec(value).expect("JSON write");
    let back: T = structio_json::from_slice(&json).expect("JSON read");
    assert!(
        back == *value,
        "{doc}: JSON read gives back a different value"
    );
    let beve = structio_beve::to_vec(value).expect("BEVE write");
    let back: T = structio_beve::from_slice(&beve).expect("BEVE read");
    assert!(
        back == *value,
        "{doc}: BEVE read gives back a different value"
    );

    let mut into = T::default();
    let input = json.clone();
    rows.push(Row {
        name: format!("JSON read, {doc}"),
        op: Box::new(move || structio_json::read_into(&mut into, black_box(&input)).expect("read")),
    });
    let mut out = Vec::new();
    rows.push(Row {
        name: format!("JSON write, {doc}"),
        op: Box::new(move || structio_json::write_into(black_box(value), &mut out).expect("write")),
    });
    if laid_out {
        let pretty = structio_json::to_vec_pretty_with(value, 3).expect("JSON write");
        let back: T = structio_json::from_slice(&pretty).expect("JSON read");
        assert!(
            back == *value,
            "{doc}: laid-out JSON read gives back a different value"
        );
        let mut into = T::default();
        rows.push(Row {
            name: format!("JSON read, {doc} laid out"),
            op: Box::new(move || {
                structio_json::read_into(&mut into, black_box(&pretty)).expect("read")
            }),
        });
    }
    let mut into = T::default();
    let input = beve.clone();
    rows.push(Row {
        name: format!("BEVE read, {doc}"),
        op: Box::new(move || structio_beve::read_into(&mut into, black_box(&input)).expect("read")),
    });
    let mut out = Vec::new();
    rows.push(Row {
        name: format!("BEVE write, {doc}"),
        op: Box::new(move || structio_beve::write_into(black_box(value), &mut out).expect("write")),
    });
}

/// A tree-build row: the whole document as a `structio_value::Value`, built and dropped.
fn tree_row<'a>(rows: &mut Vec<Row<'a>>, doc: &str, json: Vec<u8>) {
    let tree = structio_value::from_slice(&json).expect("tree read");
    let again = structio_value::from_slice(tree.to_string().as_bytes()).expect("tree read");
    assert!(
        tree == again,
        "{doc}: the tree of the re-written text differs"
    );
    rows.push(Row {
        name: format!("Value from JSON, {doc}"),
        op: Box::new(move || drop(black_box(structio_value::from_slice(black_box(&json))))),
    });
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let budget = match flag("--ms").map(|v| v.parse::<u64>()) {
        None => Duration::from_millis(200),
        Some(Ok(ms)) => Duration::from_millis(ms),
        Some(Err(e)) => {
            eprintln!("structio-ablate: --ms: {e}");
            return ExitCode::FAILURE;
        }
    };
    let corpus = flag("--corpus").map(PathBuf::from);
    let cpu = match flag("--clock").as_deref() {
        None | Some("cpu") => true,
        Some("wall") => false,
        Some(other) => {
            eprintln!("structio-ablate: --clock takes cpu or wall, not `{other}`");
            return ExitCode::FAILURE;
        }
    };

    let mut rng = Rng(structio_testkit::Rng::new(0x9e37_79b9_7f4a_7c15));
    let mixed = mixed(&mut rng, 200);
    let records = records(&mut rng, 10_000);
    let numbers = Numbers {
        values: (0..100_000).map(|_| rng.double()).collect(),
        counts: (0..100_000).map(|_| rng.uint() as u32).collect(),
    };

    let mut rows = Vec::new();
    typed_rows(&mut rows, "mixed", &mixed, true);
    typed_rows(&mut rows, "records", &records, false);
    typed_rows(&mut rows, "numeric arrays", &numbers, false);
    let records_json = structio_json::to_vec(&records).expect("JSON write");
    tree_row(&mut rows, "records", records_json);
    if let Some(dir) = corpus {
        for doc in ["twitter", "citm_catalog", "canada"] {
            if let Ok(json) = std::fs::read(dir.join(format!("{doc}.json"))) {
                tree_row(&mut rows, doc, json);
            }
        }
    }

    if args.iter().any(|a| a == "--list") {
        for row in &rows {
            println!("{}", row.name);
        }
        return ExitCode::SUCCESS;
    }
    for row in &mut rows {
        let t = time(&mut row.op, budget, cpu);
        println!("{}\t{t:.0}", row.name);
    }
    ExitCode::SUCCESS
}
