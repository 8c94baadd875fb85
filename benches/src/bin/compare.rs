//! The comparison harness `cargo xtask bench` and `cargo xtask glaze` run.
//!
//! ```text
//! compare bench [--clock wall|cpu] [--quick] [--filter NAME] [--corpus DIR] [--docs DIR] [--seed N] [--rounds N]
//! compare gen   [--docs DIR] [--seed N]
//! compare glaze [--clock wall|cpu] [--quick] [--filter OP/ROW] [--rounds N] [--seed N] [--out DIR] [--label TEXT]
//! compare cpp-peers [--clock wall|cpu] [--quick] [--filter TABLE/ROW] [--rounds N] [--corpus DIR] [--out DIR] [--label TEXT]
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use structio_benches::docgen::{texts, write_docs, DocSet, DEFAULT_SEED};
use structio_benches::harness::{Budget, Clock};
use structio_benches::{corpus, cpp_peers, glaze, records, report};

/// Counts the allocations of the records benchmark's decodes (a relaxed load per allocation
/// otherwise).
#[global_allocator]
static ALLOC: records::CountingAlloc = records::CountingAlloc;

/// Parsed command line.
struct Args {
    cmd: String,
    quick: bool,
    filter: Option<String>,
    corpus: PathBuf,
    docs: PathBuf,
    out: Option<PathBuf>,
    seed: u64,
    rounds: Option<u32>,
    label: Option<String>,
    clock: Option<Clock>,
}

fn parse() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let cmd = it.next().unwrap_or_else(|| "bench".into());
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut a = Args {
        cmd,
        quick: false,
        filter: None,
        corpus: corpus::default_dir(),
        docs: root.join("target/bench-docs"),
        out: None,
        seed: DEFAULT_SEED,
        rounds: None,
        label: None,
        clock: None,
    };
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--quick" => a.quick = true,
            "--filter" => a.filter = Some(value()?),
            "--corpus" => a.corpus = value()?.into(),
            "--docs" => a.docs = value()?.into(),
            "--out" => a.out = Some(value()?.into()),
            "--label" => a.label = Some(value()?),
            "--clock" => {
                a.clock = Some(match value()?.as_str() {
                    "wall" => Clock::Wall,
                    "cpu" => Clock::ThreadCpu,
                    other => return Err(format!("--clock {other}: wall or cpu")),
                })
            }
            "--seed" => {
                let v = value()?;
                a.seed = match v.strip_prefix("0x") {
                    Some(hex) => u64::from_str_radix(hex, 16),
                    None => v.parse(),
                }
                .map_err(|e| format!("--seed {v}: {e}"))?;
            }
            "--rounds" => {
                let v = value()?;
                a.rounds = Some(v.parse().map_err(|e| format!("--rounds {v}: {e}"))?);
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(a)
}

/// Rounds per cell of `compare glaze`: it reports the median and the spread, which want more
/// rounds than the best of `compare bench` does, spread over the whole run (a sweep), so they are
/// shorter.
const GLAZE_ROUNDS: u32 = 61;
/// The batch of `compare glaze`, in nanoseconds.
const GLAZE_BATCH_NS: u64 = 10_000_000;

fn main() -> ExitCode {
    let result = parse().and_then(|a| {
        let mut budget = if a.quick {
            Budget::QUICK
        } else {
            Budget::DEFAULT
        };
        if let Some(r) = a.rounds {
            budget.rounds = r;
        }
        if let Some(c) = a.clock {
            budget.clock = c;
        }
        match a.cmd.as_str() {
            "bench" => {
                let opts = report::Options {
                    budget,
                    filter: a.filter,
                    corpus: a.corpus,
                    docs: a.docs,
                    seed: a.seed,
                    quick: a.quick,
                };
                report::run(&opts).map(|text| print!("{text}"))
            }
            "gen" => write_docs(&a.docs, &texts(&DocSet::generate(a.seed)))
                .map_err(|e| e.to_string())
                .map(|()| println!("documents written to {}", a.docs.display())),
            "glaze" => {
                if !a.quick {
                    budget.rounds = a.rounds.unwrap_or(GLAZE_ROUNDS);
                    budget.batch_ns = GLAZE_BATCH_NS;
                }
                if a.clock.is_none() {
                    budget.clock = Clock::ThreadCpu;
                }
                let opts = glaze::Options {
                    budget,
                    filter: a.filter,
                    seed: a.seed,
                    out: a.out,
                    label: a.label,
                    quick: a.quick,
                };
                glaze::run(&opts).map(|text| print!("{text}"))
            }
            "cpp-peers" => {
                if !a.quick {
                    budget.rounds = a.rounds.unwrap_or(GLAZE_ROUNDS);
                    budget.batch_ns = GLAZE_BATCH_NS;
                }
                if a.clock.is_none() {
                    budget.clock = Clock::ThreadCpu;
                }
                let opts = cpp_peers::Options {
                    budget,
                    filter: a.filter,
                    corpus: a.corpus,
                    out: a.out,
                    label: a.label,
                    quick: a.quick,
                };
                cpp_peers::run(&opts).map(|text| print!("{text}"))
            }
            other => Err(format!(
                "unknown command {other} (bench, gen, glaze, cpp-peers)"
            )),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("compare: {e}");
            ExitCode::FAILURE
        }
    }
}
