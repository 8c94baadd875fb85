//! `compare side`: structio's half of `cargo xtask glaze`. Reads the documents the generator
//! wrote (the same bytes the C++ side reads), times structio alone, prints one tab-separated line
//! per cell and writes its outputs for the byte-identity check.
//!
//! Output lines: `op<TAB>doc<TAB>bytes<TAB>ns` for a timed cell, `op<TAB>doc<TAB>bytes<TAB>NA<TAB>why`
//! otherwise. Output files in `--out`: `<doc>.json`, `<doc>.pretty.json`, `<doc>.minified.json`,
//! `<doc>.beve`.

use std::path::Path;

use crate::docs::{Bools, DocKind, Doubles, ExactDecimals, Ints, Mixed, Strings, Uints};
use crate::gen::DocText;
use crate::harness::{measure, Budget, Outcome};
use crate::suite::{contenders, BenchDoc, Op};

/// The file suffix of each operation's output, if it writes one.
fn output_name(op: Op, doc: DocKind) -> Option<String> {
    let suffix = match op {
        Op::Write => "json",
        Op::Prettify => "pretty.json",
        Op::Minify => "minified.json",
        Op::BeveWrite => "beve",
        Op::Read | Op::BeveRead => return None,
    };
    Some(format!("{}.{suffix}", doc.name()))
}

/// structio's output for `op`, or `None` when the capability is not built.
#[allow(unused_variables, unused_mut, unreachable_code)]
fn produce<T: BenchDoc>(op: Op, value: &T, text: &DocText) -> Option<Result<Vec<u8>, String>> {
    let mut out = Vec::new();
    let r: Result<(), String> = match op {
        #[cfg(feature = "sio-json")]
        Op::Write => crate::sio::json::write(value, &mut out),
        #[cfg(feature = "sio-text")]
        Op::Prettify => crate::sio::text::prettify(&text.compact, &mut out),
        #[cfg(feature = "sio-text")]
        Op::Minify => crate::sio::text::minify(&text.pretty, &mut out),
        #[cfg(feature = "sio-beve")]
        Op::BeveWrite => crate::sio::beve::write(value, &mut out),
        _ => return None,
    };
    Some(r.map(|()| out))
}

/// Times structio on one document and writes its outputs.
fn one<T: BenchDoc>(text: &DocText, out_dir: &Path, budget: Budget) -> Result<(), String> {
    let value: T = serde_json::from_slice(&text.compact).map_err(|e| {
        format!(
            "{}: the document does not read as its type: {e}",
            text.kind.name()
        )
    })?;
    for op in Op::ALL {
        let (mut list, bytes) = contenders(op, &value, text);
        list.truncate(1);
        let cell = measure(list, budget).remove(0);
        let line = match cell.outcome {
            Outcome::Timed(ns, _) => format!("{ns:.1}"),
            Outcome::Unavailable(why) => format!("NA\t{why}"),
            Outcome::Failed(e) => format!("NA\terror: {}", e.replace(['\t', '\n'], " ")),
        };
        println!("{}\t{}\t{}\t{line}", op.name(), text.kind.name(), bytes);
        if let (Some(name), Some(Ok(bytes))) =
            (output_name(op, text.kind), produce(op, &value, text))
        {
            std::fs::write(out_dir.join(name), bytes).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Runs the Rust side over the documents in `docs` (written by `compare gen`).
pub fn run(
    docs: &Path,
    out_dir: &Path,
    budget: Budget,
    filter: Option<&str>,
) -> Result<(), String> {
    std::fs::create_dir_all(out_dir).map_err(|e| e.to_string())?;
    for kind in DocKind::ALL {
        if filter.is_some_and(|f| !kind.name().contains(f)) {
            continue;
        }
        let read = |suffix: &str| {
            let path = docs.join(format!("{}.{suffix}", kind.name()));
            std::fs::read(&path)
                .map_err(|e| format!("{}: {e} (run `compare gen` first)", path.display()))
        };
        let text = DocText {
            kind,
            compact: read("json")?,
            pretty: read("pretty.json")?,
        };
        match kind {
            DocKind::Mixed => one::<Mixed>(&text, out_dir, budget)?,
            DocKind::Strings => one::<Strings>(&text, out_dir, budget)?,
            DocKind::Uints => one::<Uints>(&text, out_dir, budget)?,
            DocKind::Ints => one::<Ints>(&text, out_dir, budget)?,
            DocKind::Doubles => one::<Doubles>(&text, out_dir, budget)?,
            DocKind::ExactDecimals => one::<ExactDecimals>(&text, out_dir, budget)?,
            DocKind::Bools => one::<Bools>(&text, out_dir, budget)?,
        }
    }
    Ok(())
}
