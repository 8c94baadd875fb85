//! Markdown tables of measured groups: MB/s (or µs for BEVE) per library, and structio's ratio
//! to the fastest peer, followed by the checks' verdicts.

use std::fmt::Write;

use crate::harness::{Check, Outcome};
use crate::suite::{is_structio, Group, Op, BEVE_COLUMN, VIA_SERDE};

/// MB/s (10^6 bytes per second) from bytes and nanoseconds.
pub fn mb_per_s(bytes: usize, ns: f64) -> f64 {
    bytes as f64 * 1e3 / ns
}

/// The cell text of one outcome.
fn cell(op: Op, bytes: usize, outcome: &Outcome) -> String {
    match outcome {
        Outcome::Timed(ns, _) if op.per_byte() => format!("{:.0}", mb_per_s(bytes, *ns)),
        Outcome::Timed(ns, _) => format!("{:.1}", ns / 1e3),
        Outcome::Unavailable(why) => why.clone(),
        Outcome::Failed(_) => "error (see notes)".into(),
    }
}

/// The time of a timed outcome.
fn time(o: &Outcome) -> Option<f64> {
    match o {
        Outcome::Timed(ns, _) => Some(*ns),
        _ => None,
    }
}

/// The fastest peer's (not structio's) time and label in `group`.
pub fn fastest_peer(group: &Group) -> Option<(f64, &'static str)> {
    group
        .cells
        .iter()
        .filter(|c| !is_structio(c.lib))
        .filter_map(|c| time(&c.outcome).map(|t| (t, c.lib)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
}

/// The time of column `lib` in `group`, if it was timed.
pub fn time_of(group: &Group, lib: &str) -> Option<f64> {
    group
        .cells
        .iter()
        .find(|c| c.lib == lib)
        .and_then(|c| time(&c.outcome))
}

/// Column `lib`'s time over the fastest peer's, as "N% of the fastest" (throughput).
fn ratio(group: &Group, lib: &str) -> String {
    match (time_of(group, lib), fastest_peer(group)) {
        (Some(o), Some((p, peer))) => format!("{:.0}% of {peer}", p / o * 100.0),
        _ => "n/a".into(),
    }
}

/// A title and unit line for an operation's table.
fn heading(op: Op) -> &'static str {
    match op {
        Op::Read => "JSON read into the document's struct (reusing its buffers): MB/s of the compact document",
        Op::Write => "JSON write, compact: MB/s of the compact document",
        Op::Prettify => "Prettify, three spaces (peers: serde_transcode into serde_json's pretty writer): MB/s of the compact input",
        Op::PrettifyTrusted => "Prettify, strings copied unchecked (structio's `prettify_trusted`, what Glaze's `prettify_json` does; peers: serde_transcode into serde_json's pretty writer, which checks strings): MB/s of the compact input",
        Op::MinifyTrusted => "Minify, strings copied unchecked (structio's `minify_trusted`, what Glaze's `minify_json` does; peers: serde_transcode into serde_json's compact writer, which checks strings): MB/s of the prettified input",
        Op::Minify => "Minify, strings checked (structio's `minify`; peers: serde_transcode into serde_json's compact writer): MB/s of the prettified input",
        Op::BeveRead => "BEVE read: µs per document (structio via serde: `structio_beve::serde`; bincode and postcard: their own formats, for scale)",
        Op::BeveWrite => "BEVE write: µs per document (structio via serde: `structio_beve::serde`; bincode and postcard: their own formats, for scale)",
        Op::CborRead => "CBOR read: µs per document, each library reading its own encoding (structio writes numeric arrays as RFC 8746 typed arrays, ciborium as arrays of items through serde, minicbor its derive's arrays by index); ciborium and minicbor have no in-place read and build a new value each time",
        Op::CborWrite => "CBOR write: µs per document, into a reused buffer (see cbor-read for the encodings)",
        Op::BjdataRead => "BJData read: µs per document, structio's speed-mode encoding into the reused struct, beside structio's BEVE read of the same document (no Rust BJData library is worth measuring); the last column is BJData's time over BEVE's (goal: at most 1.10)",
        Op::BjdataWrite => "BJData write, speed mode (each number in its own type's marker, numeric arrays packed `[$T#n`, containers counted): µs per document into a reused buffer, beside structio's BEVE write; the last column is BJData's time over BEVE's (goal: at most 1.10)",
        Op::BjdataWriteSize => "BJData write, size mode (smallest markers, containers ended by `]`/`}`, arrays packed only where smaller): µs per document into a reused buffer, beside structio's BEVE write; the last column is BJData's time over BEVE's",
    }
}

/// BJData's time over BEVE's in a BJData group, e.g. "1.04".
fn over_beve(group: &Group) -> String {
    match (time_of(group, "structio"), time_of(group, BEVE_COLUMN)) {
        (Some(b), Some(v)) => format!("{:.2}", b / v),
        _ => "n/a".into(),
    }
}

/// A BJData table: each document's BJData and BEVE sizes, both times and their ratio.
fn render_bjdata(op: Op, rows: &[&Group]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "### {}\n\n{}\n", op.name(), heading(op));
    let _ = writeln!(
        s,
        "| document | BJData bytes | BEVE bytes | structio BJData | {BEVE_COLUMN} | BJData / BEVE time |\n|---|---:|---:|---:|---:|---:|"
    );
    for g in rows {
        // Two decimals: the numeric documents take about a microsecond.
        let cells: Vec<String> = g
            .cells
            .iter()
            .map(|c| match &c.outcome {
                Outcome::Timed(ns, _) => format!("{:.2}", ns / 1e3),
                other => cell(op, g.bytes, other),
            })
            .collect();
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} |",
            g.doc.name(),
            g.bytes,
            g.beve_bytes,
            cells.join(" | "),
            over_beve(g)
        );
    }
    s.push('\n');
    s.push_str(&notes(rows));
    s.push('\n');
    s
}

/// Renders the tables of every operation present in `groups`.
pub fn render(groups: &[Group]) -> String {
    let mut s = String::new();
    for op in Op::ALL {
        let rows: Vec<&Group> = groups
            .iter()
            .filter(|g| g.op == op && !g.doc.is_record())
            .collect();
        if rows.is_empty() {
            continue;
        }
        if op.is_bjdata() {
            s.push_str(&render_bjdata(op, &rows));
            continue;
        }
        let libs = op.libs();
        let via_serde = libs.contains(&VIA_SERDE);
        let _ = writeln!(s, "### {}\n\n{}\n", op.name(), heading(op));
        let size = match op {
            Op::BeveRead | Op::BeveWrite => "BEVE bytes",
            Op::CborRead | Op::CborWrite => "CBOR bytes",
            _ => "bytes",
        };
        let extra = if via_serde {
            " | via serde vs fastest peer"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "| document | {size} | {} | structio vs fastest peer{extra} |",
            libs.join(" | ")
        );
        let _ = writeln!(
            s,
            "|---|---:|{}---:|{}",
            "---:|".repeat(libs.len()),
            if via_serde { "---:|" } else { "" }
        );
        for g in &rows {
            let cells: Vec<String> = g
                .cells
                .iter()
                .map(|c| cell(op, g.bytes, &c.outcome))
                .collect();
            let mut ratios = ratio(g, "structio");
            if via_serde {
                ratios = format!("{ratios} | {}", ratio(g, VIA_SERDE));
            }
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} |",
                g.doc.name(),
                g.bytes,
                cells.join(" | "),
                ratios
            );
        }
        s.push('\n');
        s.push_str(&notes(&rows));
        s.push('\n');
    }
    s
}

/// The verdicts under a table: structio's byte identity, the peers' values, every failure.
fn notes(rows: &[&Group]) -> String {
    let mut s = String::new();
    let (mut identical, mut compared) = (0, 0);
    let mut same_values = true;
    for g in rows {
        for c in &g.cells {
            let where_ = format!("{} {} {}", g.op.name(), g.doc.name(), c.lib);
            match &c.outcome {
                Outcome::Timed(_, Check::Identical) => {
                    identical += 1;
                    compared += 1;
                }
                Outcome::Timed(_, Check::Differs(note)) => {
                    if is_structio(c.lib) {
                        compared += 1;
                    }
                    same_values = false;
                    let _ = writeln!(s, "- MISMATCH {where_}: {note}");
                }
                Outcome::Failed(e) => {
                    same_values = false;
                    let _ = writeln!(s, "- FAILED {where_}: {e}");
                }
                _ => {}
            }
        }
    }
    if compared > 0 {
        let _ = writeln!(
            s,
            "- structio's output byte-identical to Glaze's layout on {identical} of {compared} documents."
        );
    }
    if same_values {
        let _ = writeln!(
            s,
            "- Every library that ran produced the reference values (reads compared field by field; outputs read back)."
        );
    }
    s
}

/// The rows `| lib | median [min-max] | ratio |` of cells measured round by round, each time
/// divided by `per` (1e3 for µs of a nanosecond round, the items a round reads for a time per
/// item), the ratio over the first timed cell's median.
pub fn spread_rows(cells: &[(crate::harness::CellResult, Vec<f64>)], per: f64) -> String {
    let mut s = String::new();
    let mut base = None;
    for (cell, times) in cells {
        match (&cell.outcome, crate::harness::spread(times)) {
            (Outcome::Timed(..), Some((med, lo, hi))) => {
                let base = *base.get_or_insert(med);
                let _ = writeln!(
                    s,
                    "| {} | {:.0} [{:.0}-{:.0}] | {:.2} |",
                    cell.lib,
                    med / per,
                    lo / per,
                    hi / per,
                    med / base
                );
            }
            (Outcome::Failed(e), _) => {
                let _ = writeln!(s, "| {} | failed: {e} | - |", cell.lib);
            }
            (Outcome::Unavailable(why), _) => {
                let _ = writeln!(s, "| {} | not available: {why} | - |", cell.lib);
            }
            _ => {
                let _ = writeln!(s, "| {} | - | - |", cell.lib);
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::docs::DocKind;
    use crate::harness::CellResult;

    #[test]
    fn table_has_ratio_and_unavailable_cells() {
        let g = Group {
            op: Op::Read,
            doc: DocKind::Uints,
            bytes: 1_000_000,
            cells: vec![
                CellResult {
                    lib: "structio",
                    outcome: Outcome::Timed(1e6, Check::SameValues),
                },
                CellResult {
                    lib: VIA_SERDE,
                    outcome: Outcome::Timed(1e6, Check::SameValues),
                },
                CellResult {
                    lib: "serde_json",
                    outcome: Outcome::Timed(2e6, Check::SameValues),
                },
                CellResult {
                    lib: "sonic-rs",
                    outcome: Outcome::Unavailable("later".into()),
                },
                CellResult {
                    lib: "simd-json",
                    outcome: Outcome::Failed("boom".into()),
                },
            ],
            beve_bytes: 0,
        };
        let t = render(&[g]);
        assert!(
            t.contains(
                "| uints | 1000000 | 1000 | 1000 | 500 | later | error (see notes) | 200% of serde_json | 200% of serde_json |"
            ),
            "{t}"
        );
        assert!(t.contains("FAILED read uints simd-json: boom"), "{t}");
    }

    #[test]
    fn bjdata_table_has_both_sizes_and_the_ratio_to_beve() {
        let g = Group {
            op: Op::BjdataWrite,
            doc: DocKind::Doubles,
            bytes: 26_718,
            cells: vec![
                CellResult {
                    lib: "structio",
                    outcome: Outcome::Timed(1_100.0, Check::ReadsBack),
                },
                CellResult {
                    lib: BEVE_COLUMN,
                    outcome: Outcome::Timed(1_000.0, Check::ReadsBack),
                },
            ],
            beve_bytes: 26_612,
        };
        let t = render(&[g]);
        assert!(
            t.contains("| doubles | 26718 | 26612 | 1.10 | 1.00 | 1.10 |"),
            "{t}"
        );
        assert!(t.contains("Every library that ran produced"), "{t}");
    }
}
