//! The Markdown report of `compare cpp-peers` and its `cells.tsv` (the format of
//! `compare glaze`'s, so that `cargo xtask glaze --agree` compares runs of either).

use std::fmt::Write as _;
use std::path::Path;

use super::{ffi, Group, Options, Table, BUILD_LIBS, TASK_LIBS, WALK_LIBS};
use crate::harness::{spread, Check, Clock, Outcome};
use crate::report::cpu_model;

/// µs of a side's median round, with the spread (fastest–slowest round).
fn cell(side: &(crate::harness::CellResult, Vec<f64>), notes: &mut String, row: &str) -> String {
    match (&side.0.outcome, spread(&side.1)) {
        (Outcome::Timed(_, check), Some((med, lo, hi))) => {
            if let Check::Differs(d) = check {
                let _ = writeln!(notes, "- MISMATCH {row} {}: {d}", side.0.lib);
            }
            // Sub-microsecond cells (a key found at the start, a walk of a built tree) keep
            // their nanoseconds.
            let digits = match med {
                m if m < 1_000.0 => 2,
                m if m < 10_000.0 => 1,
                _ => 0,
            };
            format!(
                "{:.*} ({:.*}–{:.*})",
                digits,
                med / 1e3,
                digits,
                lo / 1e3,
                digits,
                hi / 1e3
            )
        }
        (Outcome::Unavailable(why), _) => {
            if why == super::NOT_BUILT_CELL {
                "not built".into()
            } else {
                why.clone()
            }
        }
        (Outcome::Failed(e), _) => {
            let _ = writeln!(notes, "- FAILED {row} {}: {e}", side.0.lib);
            "failed (see notes)".into()
        }
        (Outcome::Timed(..), None) => "not timed".into(),
    }
}

fn table(s: &mut String, groups: &[Group], which: Table, libs: &[&str], heading: &str) {
    let rows: Vec<&Group> = groups.iter().filter(|g| g.table == which).collect();
    if rows.is_empty() {
        return;
    }
    let answers = which != Table::Build;
    let _ = writeln!(s, "### {heading}\n");
    let _ = write!(
        s,
        "| {} | bytes | {} |{}\n|---|---:|{}{}\n",
        if answers { "task" } else { "document" },
        libs.join(" | "),
        if answers { " answer |" } else { "" },
        "---:|".repeat(libs.len()),
        if answers { "---:|" } else { "" }
    );
    let mut notes = String::new();
    for g in rows {
        let label = if answers {
            format!("{} ({})", g.row, g.task.document())
        } else {
            g.row.clone()
        };
        let cells: Vec<String> = g
            .sides
            .iter()
            .map(|x| cell(x, &mut notes, &format!("{}/{}", which.name(), g.row)))
            .collect();
        let answer = g
            .answer
            .map(|a| format!(" {} |", g.task.show(a)))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "| {label} | {} | {} |{answer}",
            g.bytes,
            cells.join(" | ")
        );
    }
    s.push('\n');
    if !notes.is_empty() {
        s.push_str(&notes);
        s.push('\n');
    }
}

/// Renders the report.
pub fn report(opts: &Options, groups: &[Group]) -> String {
    let mut s = String::new();
    let b = opts.budget;
    let _ = writeln!(
        s,
        "## Trees and traversal beside simdjson and yyjson, in one process\n"
    );
    let _ = writeln!(
        s,
        "{}Machine: {}. C++ compiled by `{} -O3 -DNDEBUG -march=native -stdlib=libc++` (yyjson by \
the matching C compiler) into the same binary as structio and sonic-rs (`-C target-cpu=native`); \
simdjson implementation: {}.{}\n",
        opts.label
            .as_ref()
            .map(|l| format!("{l}. "))
            .unwrap_or_default(),
        cpu_model(),
        option_env!("STRUCTIO_GLAZE_CXX").unwrap_or("clang++-19"),
        ffi::simdjson_implementation().unwrap_or_else(|| "not built".into()),
        if opts.quick {
            " --quick: proves the harness runs, not numbers to quote."
        } else {
            ""
        }
    );
    let _ = writeln!(
        s,
        "µs per document: the median of {} rounds and, in brackets, the fastest and slowest \
round. Every round times one batch of ~{} ms of every side of every group (the order reversed \
every other round), timed by {}. Each answer was checked against serde_json's before timing.\n",
        b.rounds,
        b.batch_ns / 1_000_000,
        match b.clock {
            Clock::ThreadCpu => "the thread's CPU time",
            Clock::Wall => "elapsed time",
        }
    );
    table(
        &mut s,
        groups,
        Table::Build,
        &BUILD_LIBS,
        "Building a tree from the corpus (and dropping it)",
    );
    table(
        &mut s,
        groups,
        Table::Task,
        &TASK_LIBS,
        "Traversal tasks from the bytes (parse or iterate, then answer)",
    );
    table(
        &mut s,
        groups,
        Table::Walk,
        &WALK_LIBS,
        "Traversal tasks over a tree built beforehand",
    );
    s
}

/// Writes every cell as `table row side bytes median_ns min_ns max_ns`.
pub fn write_tsv(path: &Path, groups: &[Group]) -> Result<(), String> {
    let mut s = String::new();
    for g in groups {
        for (cell, rounds) in &g.sides {
            if let Some((med, lo, hi)) = spread(rounds) {
                let _ = writeln!(
                    s,
                    "{}\t{}\t{}\t{}\t{med:.1}\t{lo:.1}\t{hi:.1}",
                    g.table.name(),
                    g.row,
                    cell.lib,
                    g.bytes
                );
            }
        }
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, s).map_err(|e| format!("{}: {e}", path.display()))
}
