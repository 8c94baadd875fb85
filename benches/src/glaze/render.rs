//! The Markdown report of `compare glaze` and its tab-separated twin (`cells.tsv`), which holds
//! every cell's median and spread so that runs can be compared cell by cell.

use std::fmt::Write as _;
use std::path::Path;

use super::measure::{GlazeAllocs, Group, Verdict};
use super::{GlazeKind, Options};
use crate::harness::{spread, Clock, Outcome};
use crate::report::cpu_model;
use crate::suite::{Op, STRUCTIO_PADDED};

/// The heading of each operation's table: what is measured and what MB/s is of.
fn title(op: Op) -> &'static str {
    match op {
        Op::Read => "JSON into the struct, MB/s of the JSON",
        Op::Write => "the struct out as compact JSON, MB/s of the JSON",
        Op::Prettify => "compact JSON to Glaze's three-space layout, structio checking every string (`prettify`) and Glaze not (`prettify_json`), MB/s of the compact input",
        Op::PrettifyTrusted => "compact JSON to Glaze's three-space layout, strings copied unchecked on both sides (structio's `prettify_trusted`, Glaze's `prettify_json`), MB/s of the compact input",
        Op::MinifyTrusted => "the laid-out JSON back to compact, strings copied unchecked on both sides (structio's `minify_trusted`, Glaze's `minify_json`), MB/s of the laid-out input",
        Op::Minify => "the laid-out JSON back to compact, structio checking every string (`minify`) and Glaze not (`minify_json`), MB/s of the laid-out input",
        Op::BeveRead => "BEVE into the struct, MB/s of the BEVE bytes",
        Op::BeveWrite => "the struct out as BEVE, MB/s of the BEVE bytes",
        Op::CborRead => "CBOR into the struct, each side reading its own encoding, MB/s of structio's CBOR bytes",
        Op::CborWrite => "the struct out as CBOR, MB/s of structio's CBOR bytes",
        Op::BjdataRead | Op::BjdataWrite | Op::BjdataWriteSize => "BJData (no Glaze side)",
    }
}

/// MB/s (10^6 bytes per second) of `bytes` done in `ns`.
fn mb_s(bytes: usize, ns: f64) -> f64 {
    bytes as f64 * 1e3 / ns
}

/// A side's cell: median MB/s with the spread of the rounds, or why it has no time.
fn side_cell(bytes: usize, side: &(crate::harness::CellResult, Vec<f64>)) -> String {
    match (&side.0.outcome, spread(&side.1)) {
        (Outcome::Timed(..), Some((med, lo, hi))) => format!(
            "{:.0} ({:.0}–{:.0})",
            mb_s(bytes, med),
            mb_s(bytes, hi),
            mb_s(bytes, lo)
        ),
        (Outcome::Unavailable(why), _) => why.clone(),
        (Outcome::Failed(e), _) => format!("failed: {e}"),
        (Outcome::Timed(..), None) => "not timed".into(),
    }
}

/// structio's throughput as a percentage of another side's, round by round (the sides ran in
/// the same round, so a burst of noise moves both): median, min, max.
fn ratio(structio: &[f64], other: &[f64]) -> Option<(f64, f64, f64)> {
    if structio.is_empty() || structio.len() != other.len() {
        return None;
    }
    let per_round: Vec<f64> = structio
        .iter()
        .zip(other)
        .map(|(s, o)| o / s * 100.0)
        .collect();
    spread(&per_round)
}

fn ratio_cell(structio: &[f64], other: &[f64]) -> String {
    match ratio(structio, other) {
        Some((med, lo, hi)) => format!("{med:.0}% ({lo:.0}–{hi:.0}%)"),
        None => "n/a".into(),
    }
}

/// Renders the report.
pub fn report(
    opts: &Options,
    groups: &[Group],
    identity: &[Verdict],
    glaze_allocs: &GlazeAllocs,
    ours: &[crate::records::AllocRow],
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "## structio and Glaze in one process\n");
    let b = opts.budget;
    let _ = writeln!(
        s,
        "{}Machine: {}. Glaze compiled by `{} -std=c++23 -stdlib=libc++ -O3 -DNDEBUG -march=native` \
(the cc crate; libc++ linked statically) into the same binary as structio (`-C target-cpu=native`, \
lto fat). Seed {:#x}{}.\n",
        opts.label.as_ref().map(|l| format!("{l}. ")).unwrap_or_default(),
        cpu_model(),
        option_env!("STRUCTIO_GLAZE_CXX").unwrap_or("clang++-19"),
        opts.seed,
        if opts.quick {
            " (--quick: proves the harness runs, not numbers to quote)"
        } else {
            ""
        },
    );
    let _ = writeln!(
        s,
        "Each cell is the median of {} rounds and, in brackets, their spread (slowest–fastest \
round). Every round times one batch of ~{} ms of each side of every group in turn (the order \
reversed every other round), so the rounds of each cell span the whole run; batches are timed by \
{}. The ratio is structio's throughput as a percentage of Glaze's, taken round by round (median \
and spread). MB/s are 10^6 bytes per second.\n",
        b.rounds,
        b.batch_ns / 1_000_000,
        match b.clock {
            Clock::ThreadCpu =>
                "the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`: time spent \
descheduled while other processes run is not counted)",
            Clock::Wall => "elapsed time",
        }
    );
    let _ = writeln!(
        s,
        "Like for like: each writer, on either side, writes into a buffer sized by its first call \
and reused with no zero-fill (Glaze into a buffer whose `resize` only moves the length, structio \
into a cleared `Vec<u8>`); each reader refills one value, filled once before timing on both \
sides. Bools are a byte each on both sides; the row `bools-vector<bool>` reads the same document \
into Glaze's `std::vector<bool>` (a bit each). Glaze reads from a `const std::string`: \"Glaze\" \
is its default mode, which relies on the null after the input; \"Glaze bounded\" is \
`null_terminated = false`, every byte bounds-checked, which is what a reader of `&[u8]` does; \
\"structio padded\" reads the same bytes with 64 zero bytes after them (`read_into_padded`), the \
counterpart of Glaze's default.\n"
    );
    for op in Op::ALL {
        let rows: Vec<&Group> = groups.iter().filter(|g| g.op == op).collect();
        if rows.is_empty() {
            continue;
        }
        let read = op == Op::Read;
        let _ = writeln!(s, "### {}: {}\n", op.name(), title(op));
        if read {
            let _ = writeln!(
                s,
                "| document | bytes | structio | Glaze | Glaze bounded | structio padded | structio / Glaze | structio / Glaze bounded | structio padded / Glaze |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|"
            );
        } else {
            let _ = writeln!(
                s,
                "| document | bytes | structio | Glaze | structio / Glaze |\n|---|---:|---:|---:|---:|"
            );
        }
        for g in rows {
            let cells: Vec<String> = g.sides.iter().map(|x| side_cell(g.bytes, x)).collect();
            let ours = &g.sides[0].1;
            let mut ratios: Vec<String> = g.sides[1..]
                .iter()
                .filter(|x| x.0.lib != STRUCTIO_PADDED)
                .map(|x| ratio_cell(ours, &x.1))
                .collect();
            if let (Some(padded), Some(glaze)) = (padded_side(g), g.sides.get(1)) {
                ratios.push(ratio_cell(&padded.1, &glaze.1));
            }
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} |",
                g.row.name,
                g.bytes,
                cells.join(" | "),
                ratios.join(" | ")
            );
        }
        s.push('\n');
    }
    s.push_str(&records(groups, glaze_allocs, ours));
    let _ = writeln!(
        s,
        "### Byte identity (structio's outputs against Glaze's)\n"
    );
    let same = identity.iter().filter(|v| v.2.is_none()).count();
    let bits = identity.iter().any(|v| v.0.kind == GlazeKind::BoolsBits);
    let _ = writeln!(
        s,
        "{same} of {} outputs byte-identical (JSON, prettified JSON, minified JSON (checked and \
trusted), BEVE and CBOR of each document{}).\n",
        identity.len(),
        if bits {
            ", and the JSON and BEVE Glaze writes from `std::vector<bool>`"
        } else {
            ""
        }
    );
    for (row, label, why) in identity {
        if let Some(why) = why {
            let _ = writeln!(s, "- MISMATCH {} {label}: {why}", row.name);
        }
    }
    s
}

/// The side of `g` that read the padded document, when the group has one (JSON read).
fn padded_side(g: &Group) -> Option<&(crate::harness::CellResult, Vec<f64>)> {
    g.sides.iter().find(|x| x.0.lib == STRUCTIO_PADDED)
}

/// The records operations in table order: label, operation, side (1: Glaze, 2: Glaze bounded).
const RECORD_OPS: [(&str, Op, usize); 7] = [
    ("JSON encode", Op::Write, 1),
    ("JSON decode", Op::Read, 1),
    ("JSON decode, Glaze bounded", Op::Read, 2),
    ("BEVE encode", Op::BeveWrite, 1),
    ("BEVE decode", Op::BeveRead, 1),
    ("CBOR encode", Op::CborWrite, 1),
    ("CBOR decode", Op::CborRead, 1),
];

/// µs of a side's median round, with the spread.
fn us_cell(side: &(crate::harness::CellResult, Vec<f64>)) -> String {
    match (&side.0.outcome, spread(&side.1)) {
        (Outcome::Timed(..), Some((med, lo, hi))) => {
            format!("{:.0} ({:.0}–{:.0})", med / 1e3, lo / 1e3, hi / 1e3)
        }
        (Outcome::Unavailable(_), _) => "not built".into(),
        (Outcome::Failed(e), _) => format!("failed: {e}"),
        (Outcome::Timed(..), None) => "not timed".into(),
    }
}

/// structio's time over a side's, round by round: median and spread (below 1: structio ahead).
fn time_ratio(structio: &[f64], other: &[f64]) -> Option<(f64, f64, f64)> {
    ratio(structio, other).map(|(med, lo, hi)| (100.0 / med, 100.0 / hi, 100.0 / lo))
}

/// The records table and the per-member table, beside Glaze, with the allocation counts.
fn records(
    groups: &[Group],
    glaze_allocs: &GlazeAllocs,
    ours: &[crate::records::AllocRow],
) -> String {
    use crate::docs::DocKind;
    let mut s = String::new();
    let find = |op: Op, doc: DocKind| groups.iter().find(|g| g.op == op && g.row.doc == doc);
    if groups.iter().any(|g| g.row.doc == DocKind::Records) {
        let _ = writeln!(
            s,
            "### records: ten thousand records of five members, beside Glaze\n\nµs per operation on \
the whole array: median of the rounds (spread). The last column is structio's time over Glaze's, \
round by round (below 1.0: structio ahead). structio always bounds-checks; the bounded row puts \
it beside Glaze's bounded mode.\n\n| operation | structio | Glaze | structio / Glaze |\n|---|---:|---:|---:|"
        );
        for (label, op, side) in RECORD_OPS {
            let Some(g) = find(op, DocKind::Records) else {
                continue;
            };
            let Some(theirs) = g.sides.get(side) else {
                continue;
            };
            let r = time_ratio(&g.sides[0].1, &theirs.1).map_or("n/a".into(), |(m, lo, hi)| {
                format!("{m:.2} ({lo:.2}–{hi:.2})")
            });
            let _ = writeln!(
                s,
                "| {label} | {} | {} | {r} |",
                us_cell(&g.sides[0]),
                us_cell(theirs)
            );
        }
        s.push('\n');
        if !glaze_allocs.is_empty() {
            let _ = writeln!(
                s,
                "Allocations of one decode of the records, into an empty value and again into the \
value it filled (Glaze: calls of C++ `operator new`; structio: calls of Rust's global allocator, \
reallocations included):\n\n| library | format | into an empty value | into the previous value |\n|---|---|---:|---:|"
            );
            for (label, counts) in glaze_allocs {
                let cells = match counts {
                    Ok((f, r)) => format!("{f} | {r}"),
                    Err(e) => format!("error: {e} | "),
                };
                let _ = writeln!(s, "| Glaze | {label} | {cells} |");
            }
            for a in ours.iter().filter(|a| crate::suite::is_structio(a.lib)) {
                let show = |r: &Result<u64, String>| match r {
                    Ok(n) => n.to_string(),
                    Err(e) => format!("error: {e}"),
                };
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} |",
                    a.lib,
                    a.format,
                    show(&a.fresh),
                    show(&a.reused)
                );
            }
            s.push('\n');
        }
    }
    let members = &DocKind::RECORDS[1..];
    if groups.iter().any(|g| members.contains(&g.row.doc)) {
        let names: Vec<&str> = members.iter().map(|d| d.name()).collect();
        let _ = writeln!(
            s,
            "### records, one kind of member at a time, as a ratio to Glaze\n\nstructio's time \
over Glaze's, median of the per-round ratios (below 1.0: structio ahead); ten thousand records of \
five strings, booleans, integers or reals, and 100 arrays of 2000 doubles.\n\n| | {} |\n|---|{}",
            names.join(" | "),
            "---:|".repeat(names.len())
        );
        for (label, op, side) in RECORD_OPS {
            let cells: Vec<String> = members
                .iter()
                .map(|&doc| {
                    find(op, doc)
                        .and_then(|g| g.sides.get(side).map(|t| (g, t)))
                        .and_then(|(g, t)| time_ratio(&g.sides[0].1, &t.1))
                        .map_or(String::new(), |(m, _, _)| format!("{m:.2}"))
                })
                .collect();
            let _ = writeln!(s, "| {label} | {} |", cells.join(" | "));
        }
        s.push('\n');
    }
    s
}

/// Writes every cell as `op row side bytes median_ns min_ns max_ns`, and every ratio as
/// `op row structio/SIDE - median% min% max%`.
pub fn write_tsv(path: &Path, groups: &[Group]) -> Result<(), String> {
    let mut s = String::new();
    for g in groups {
        for (cell, rounds) in &g.sides {
            if let Some((med, lo, hi)) = spread(rounds) {
                let _ = writeln!(
                    s,
                    "{}\t{}\t{}\t{}\t{med:.1}\t{lo:.1}\t{hi:.1}",
                    g.op.name(),
                    g.row.name,
                    cell.lib,
                    g.bytes
                );
            }
        }
        let padded = padded_side(g).map(|p| &p.1);
        for (cell, rounds) in &g.sides[1..] {
            if cell.lib == STRUCTIO_PADDED {
                continue;
            }
            if let Some((med, lo, hi)) = ratio(&g.sides[0].1, rounds) {
                let _ = writeln!(
                    s,
                    "{}\t{}\tstructio/{}\t-\t{med:.2}\t{lo:.2}\t{hi:.2}",
                    g.op.name(),
                    g.row.name,
                    cell.lib
                );
            }
            if let Some((med, lo, hi)) = padded.and_then(|p| ratio(p, rounds)) {
                let _ = writeln!(
                    s,
                    "{}\t{}\t{STRUCTIO_PADDED}/{}\t-\t{med:.2}\t{lo:.2}\t{hi:.2}",
                    g.op.name(),
                    g.row.name,
                    cell.lib
                );
            }
        }
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, s).map_err(|e| format!("{}: {e}", path.display()))
}
