//! Markdown tables of measured groups: MB/s (or µs for BEVE) per library, and structio's ratio
//! to the fastest peer, followed by the checks' verdicts.

use std::fmt::Write;

use crate::harness::{Check, Outcome};
use crate::suite::{Group, Op};

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

/// structio's time over the fastest peer's, as "structio is N% of the fastest".
fn ratio(group: &Group) -> String {
    let time = |o: &Outcome| match o {
        Outcome::Timed(ns, _) => Some(*ns),
        _ => None,
    };
    let ours = group.cells.first().and_then(|c| time(&c.outcome));
    let best_peer = group.cells[1..]
        .iter()
        .filter_map(|c| time(&c.outcome).map(|t| (t, c.lib)))
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match (ours, best_peer) {
        (Some(o), Some((p, lib))) => format!("{:.0}% of {lib}", p / o * 100.0),
        _ => "n/a".into(),
    }
}

/// A title and unit line for an operation's table.
fn heading(op: Op) -> &'static str {
    match op {
        Op::Read => "JSON read into the document's struct (reusing its buffers): MB/s of the compact document",
        Op::Write => "JSON write, compact: MB/s of the compact document",
        Op::Prettify => "Prettify, three spaces (peers: serde_transcode into serde_json's pretty writer): MB/s of the compact input",
        Op::Minify => "Minify (peers: serde_transcode into serde_json's compact writer): MB/s of the prettified input",
        Op::BeveRead => "BEVE read: µs per document (bincode and postcard: their own formats, for scale)",
        Op::BeveWrite => "BEVE write: µs per document (bincode and postcard: their own formats, for scale)",
    }
}

/// Renders the tables of every operation present in `groups`.
pub fn render(groups: &[Group]) -> String {
    let mut s = String::new();
    for op in Op::ALL {
        let rows: Vec<&Group> = groups.iter().filter(|g| g.op == op).collect();
        if rows.is_empty() {
            continue;
        }
        let libs = op.libs();
        let _ = writeln!(s, "### {}\n\n{}\n", op.name(), heading(op));
        let size = if op.per_byte() { "bytes" } else { "BEVE bytes" };
        let _ = writeln!(
            s,
            "| document | {size} | {} | structio vs fastest peer |",
            libs.join(" | ")
        );
        let _ = writeln!(s, "|---|---:|{}---:|", "---:|".repeat(libs.len()));
        for g in &rows {
            let cells: Vec<String> = g
                .cells
                .iter()
                .map(|c| cell(op, g.bytes, &c.outcome))
                .collect();
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} |",
                g.doc.name(),
                g.bytes,
                cells.join(" | "),
                ratio(g)
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
                    if c.lib == "structio" {
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
        };
        let t = render(&[g]);
        assert!(
            t.contains(
                "| uints | 1000000 | 1000 | 500 | later | error (see notes) | 200% of serde_json |"
            ),
            "{t}"
        );
        assert!(t.contains("FAILED read uints simd-json: boom"), "{t}");
    }
}
