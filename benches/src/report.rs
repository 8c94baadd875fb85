//! `compare bench`: generate the documents, measure every library, print the tables.

use std::fmt::Write;
use std::path::PathBuf;

use crate::docgen::{texts, texts_of, write_docs, DocSet};
use crate::docs::DocKind;
use crate::harness::{Budget, Progress};
use crate::{corpus, error_path, records, sio, small, stream, suite, table};

/// Options of a comparison run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Rounds and batch length.
    pub budget: Budget,
    /// Keep only groups whose `op/doc` (or corpus task) contains this.
    pub filter: Option<String>,
    /// Where the corpus is.
    pub corpus: PathBuf,
    /// Where the generated documents are written.
    pub docs: PathBuf,
    /// The generator's seed.
    pub seed: u64,
    /// `--quick` was given (said in the header so nobody quotes the numbers).
    pub quick: bool,
}

/// The CPU model line from /proc/cpuinfo, if any.
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

/// Runs the comparison and returns the Markdown report.
pub fn run(opts: &Options) -> Result<String, String> {
    let set = DocSet::generate(opts.seed);
    let docs = texts(&set);
    write_docs(&opts.docs, &docs)
        .map_err(|e| format!("writing documents to {}: {e}", opts.docs.display()))?;
    let filter = opts.filter.as_deref();
    let corpus_steps = if opts.corpus.is_dir() { 7 } else { 0 };
    let stream_kept = filter.is_none_or(|f| "stream".contains(f) || f.contains("stream"));
    let path_kept = filter.is_none_or(|f| "error path".contains(f) || f.contains("path"));
    let small_kept = filter.is_none_or(|f| "small messages".contains(f) || f.contains("small"));
    let mut progress = Progress::new(
        suite::count(filter)
            + corpus_steps
            + usize::from(stream_kept)
            + usize::from(path_kept)
            + usize::from(small_kept),
    );
    let mut all = docs.clone();
    all.extend(texts_of(&set, &DocKind::RECORDS));
    let groups = suite::run(&set, &all, opts.budget, filter, &mut progress);
    let corpus = corpus::run(&opts.corpus, opts.budget, filter, &mut progress);
    let streams = stream_kept.then(|| {
        progress.step("stream of records");
        stream::run(&set.records, opts.budget)
    });
    let error_paths = path_kept.then(|| {
        progress.step("error paths");
        error_path::run(&set.records, opts.budget)
    });
    let small_messages = small_kept.then(|| {
        progress.step("small messages");
        small::run(opts.seed, opts.budget)
    });
    let bjdata_memcpy = suite::bjdata_memcpy(opts.budget, filter);
    progress.finish();

    let mut s = String::new();
    let _ = writeln!(s, "## structio and its peers, measured in one process\n");
    let caps: Vec<String> = sio::capabilities()
        .iter()
        .map(|(n, on)| format!("{n} {}", if *on { "on" } else { "not yet" }))
        .collect();
    let _ = writeln!(
        s,
        "Machine: {} ({} threads). Seed {:#x}. Best of {} alternating rounds of ~{} ms batches{}. structio capabilities: {}. Documents in {}. The last column is structio's throughput as a percentage of the fastest peer's.\n",
        cpu_model(),
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        opts.seed,
        opts.budget.rounds,
        opts.budget.batch_ns / 1_000_000,
        if opts.quick { " (--quick: proves the harness runs, not numbers to quote)" } else { "" },
        caps.join(", "),
        opts.docs.display()
    );
    let f64_values: Vec<f64> = set
        .doubles
        .a
        .iter()
        .chain(&set.exact_decimals.a)
        .copied()
        .collect();
    if let Some(note) = sio::check_write_f64(&f64_values) {
        let _ = writeln!(s, "- MISMATCH structio-num float layout: {note}\n");
    }
    s.push_str(&table::render(&groups));
    let allocs = if groups.iter().any(|g| g.doc == DocKind::Records) {
        records::allocations(&set)
    } else {
        Vec::new()
    };
    s.push_str(&records::render(&groups, &allocs));
    if let Some(t) = error_paths {
        s.push_str(&t);
    }
    if let Some(t) = streams {
        s.push_str(&t);
    }
    if let Some(t) = small_messages {
        s.push_str(&t);
    }
    s.push_str(&bjdata_memcpy);
    match corpus {
        Ok((trees, pointers)) => {
            s.push_str(&corpus::render(
                "Building a dynamic tree from the corpus",
                &corpus::TREE_LIBS,
                &trees,
            ));
            s.push_str(&corpus::render(
                "On-demand access without a tree (raw text of one key)",
                &corpus::POINTER_LIBS,
                &pointers,
            ));
        }
        Err(why) => {
            let _ = writeln!(s, "### corpus\n\nCorpus rows skipped: {why}.\n");
        }
    }
    Ok(s)
}
