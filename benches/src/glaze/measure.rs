//! The measured groups of `compare glaze`: structio's contender from the suite and Glaze's from
//! the linked harness, alternated round by round, plus the byte-identity verdicts of the outputs.

use std::hint::black_box;
use std::path::Path;

use super::ffi::GlazeDoc;
use super::{GlazeOp, Options, Row, ROWS};
use crate::docgen::{texts, texts_of, DocSet, DocText};
use crate::docs::DocKind;
use crate::harness::{measure_sweep, CellResult, Check, Contender, Progress};
use crate::suite::{bytes_check, structio_contender, structio_padded_reader, BenchDoc, Op};

/// One measured (operation, row) group.
pub struct Group {
    /// The operation.
    pub op: Op,
    /// The row.
    pub row: Row,
    /// The size of the input that MB/s is computed from.
    pub bytes: usize,
    /// structio, Glaze and (reads) Glaze bounded and structio padded: the result and each
    /// round's nanoseconds.
    pub sides: Vec<(CellResult, Vec<f64>)>,
}

/// One output compared byte for byte: the row, the output's label, and `None` when identical,
/// else why not.
pub type Verdict = (Row, &'static str, Option<String>);

/// The output an operation writes, as (file suffix, label), if it writes one.
fn output_of(op: Op) -> Option<(&'static str, &'static str)> {
    match op {
        Op::Write => Some(("json", "JSON")),
        Op::Prettify => Some(("pretty.json", "prettified JSON")),
        Op::PrettifyTrusted => Some(("pretty-trusted.json", "prettified JSON (trusted)")),
        Op::MinifyTrusted => Some(("minified-trusted.json", "minified JSON (trusted)")),
        Op::Minify => Some(("minified.json", "minified JSON")),
        Op::BeveWrite => Some(("beve", "BEVE")),
        Op::CborWrite => Some(("cbor", "CBOR")),
        Op::Read
        | Op::BeveRead
        | Op::CborRead
        | Op::BjdataRead
        | Op::BjdataWrite
        | Op::BjdataWriteSize => None,
    }
}

/// Glaze's operations in a group of `op`, with their column labels.
fn glaze_ops(op: Op) -> &'static [(&'static str, GlazeOp)] {
    match op {
        Op::Read => &[
            ("Glaze", GlazeOp::Read),
            ("Glaze bounded", GlazeOp::ReadBounded),
        ],
        Op::Write => &[("Glaze", GlazeOp::Write)],
        Op::Prettify | Op::PrettifyTrusted => &[("Glaze", GlazeOp::Prettify)],
        Op::MinifyTrusted | Op::Minify => &[("Glaze", GlazeOp::Minify)],
        Op::BeveRead => &[("Glaze", GlazeOp::BeveRead)],
        Op::BeveWrite => &[("Glaze", GlazeOp::BeveWrite)],
        Op::CborRead => &[("Glaze", GlazeOp::CborRead)],
        Op::CborWrite => &[("Glaze", GlazeOp::CborWrite)],
        // Glaze has no BJData; those rows are in `cargo xtask bench`.
        Op::BjdataRead | Op::BjdataWrite | Op::BjdataWriteSize => &[],
    }
}

/// structio's output for `op` (`None` when it writes none or the capability is not built).
#[allow(unused_variables, unused_mut, unreachable_code)]
fn structio_output<T: BenchDoc>(
    op: Op,
    value: &T,
    text: &DocText,
) -> Option<Result<Vec<u8>, String>> {
    let mut out = Vec::new();
    let r: Result<(), String> = match op {
        #[cfg(feature = "sio-json")]
        Op::Write => crate::sio::json::write(value, &mut out),
        #[cfg(feature = "sio-text")]
        Op::Prettify => crate::sio::text::prettify(&text.compact, &mut out),
        Op::PrettifyTrusted => crate::sio::text::prettify_trusted(&text.compact, &mut out),
        #[cfg(feature = "sio-text")]
        Op::Minify => crate::sio::text::minify(&text.pretty, &mut out),
        #[cfg(feature = "sio-text")]
        Op::MinifyTrusted => crate::sio::text::minify_trusted(&text.pretty, &mut out),
        #[cfg(feature = "sio-beve")]
        Op::BeveWrite => crate::sio::beve::write(value, &mut out),
        #[cfg(feature = "sio-cbor")]
        Op::CborWrite => crate::sio::cbor::write(value, &mut out),
        _ => return None,
    };
    Some(r.map(|()| out))
}

/// Glaze's document for `row` with `op` loaded on `input`.
fn glaze_doc(row: Row, op: GlazeOp, compact: &[u8], input: &[u8]) -> Result<GlazeDoc, String> {
    let mut doc = GlazeDoc::open(row.kind, compact)?;
    doc.load(op, input)?;
    Ok(doc)
}

/// A group ready to measure: its contenders and the bytes MB/s is computed from.
struct Prepared<'a> {
    op: Op,
    row: Row,
    bytes: usize,
    contenders: Vec<Contender<'a>>,
}

/// Prepares one group (each side checked once) and adds its output's verdict to `identity`.
fn group<'a, T: BenchDoc>(
    op: Op,
    row: Row,
    value: &'a T,
    text: &'a DocText,
    out: Option<&Path>,
    identity: &mut Vec<Verdict>,
) -> Result<Prepared<'a>, String> {
    let (structio, bytes) = structio_contender(op, value, text);
    let mut list: Vec<Contender<'_>> = vec![structio];
    // Glaze reads its own BEVE and CBOR, which the identity check compares with structio's.
    let own = |gop| {
        glaze_doc(row, gop, &text.compact, &[])
            .map(|d| d.output(gop).to_vec())
            .unwrap_or_default()
    };
    let encoded;
    let input: &[u8] = match op {
        Op::Read | Op::Prettify | Op::PrettifyTrusted => &text.compact,
        Op::Minify | Op::MinifyTrusted => &text.pretty,
        Op::Write
        | Op::BeveWrite
        | Op::CborWrite
        | Op::BjdataRead
        | Op::BjdataWrite
        | Op::BjdataWriteSize => &[],
        Op::BeveRead => {
            encoded = own(GlazeOp::BeveWrite);
            &encoded
        }
        Op::CborRead => {
            encoded = own(GlazeOp::CborWrite);
            &encoded
        }
    };
    for &(lib, gop) in glaze_ops(op) {
        let contender = match glaze_doc(row, gop, &text.compact, input) {
            Err(e) => Contender::new(lib, || Err(e), |_| {}),
            Ok(mut doc) => {
                let check = match output_of(op) {
                    None => Check::SameValues,
                    Some((suffix, label)) => {
                        let theirs = doc.output(gop);
                        let ours = structio_output(op, value, text);
                        let verdict = match &ours {
                            None => Some("not compared: structio's capability is not built".into()),
                            Some(Err(e)) => Some(format!("not compared: structio failed: {e}")),
                            Some(Ok(ours)) => crate::harness::first_difference(ours, theirs),
                        };
                        if let Some(dir) = out {
                            let name = format!("{}.{suffix}", row.name);
                            let write = |side: &str, bytes: &[u8]| {
                                let d = dir.join(side);
                                std::fs::create_dir_all(&d)
                                    .and_then(|()| std::fs::write(d.join(&name), bytes))
                                    .map_err(|e| format!("{}: {e}", d.display()))
                            };
                            write("glaze", theirs)?;
                            if let Some(Ok(ours)) = &ours {
                                write("structio", ours)?;
                            }
                        }
                        identity.push((row, label, verdict));
                        match ours {
                            Some(Ok(ours)) => bytes_check(theirs, &ours),
                            _ => Check::ReadsBack,
                        }
                    }
                };
                Contender::new(
                    lib,
                    || Ok(check),
                    move |n| {
                        black_box(doc.run(gop, black_box(n)));
                    },
                )
            }
        };
        list.push(contender);
    }
    if op == Op::Read {
        // Last, so that the sides the records table and `--agree` index stay where they were.
        list.push(structio_padded_reader(&text.compact, value));
    }
    Ok(Prepared {
        op,
        row,
        bytes,
        contenders: list,
    })
}

/// Whether `--filter` keeps the group `op row`: one of its comma-separated texts is a substring
/// of `op/row`.
fn keep(filter: Option<&str>, op: Op, row: Row) -> bool {
    let name = format!("{}/{}", op.name(), row.name);
    row.measures(op) && filter.is_none_or(|f| f.split(',').any(|f| name.contains(f)))
}

/// Whether `--filter` keeps any group of `compare glaze`.
pub fn keeps_any(filter: Option<&str>) -> bool {
    Op::ALL
        .into_iter()
        .any(|op| !glaze_ops(op).is_empty() && ROWS.into_iter().any(|row| keep(filter, op, row)))
}

/// Glaze's allocations decoding the records document: (label, into an empty value, into the
/// value it filled) per reader.
pub type GlazeAllocs = Vec<(&'static str, Result<(u64, u64), String>)>;

/// Counts the allocations of each of Glaze's readers on the records document.
fn glaze_allocs(set: &DocSet) -> GlazeAllocs {
    let row = ROWS
        .into_iter()
        .find(|r| r.doc == DocKind::Records)
        .expect("ROWS holds the records");
    let json = crate::layout::to_compact(&set.records);
    let encoded = |gop| {
        glaze_doc(row, gop, &json, &[])
            .map(|d| d.output(gop).to_vec())
            .unwrap_or_default()
    };
    let beve = encoded(GlazeOp::BeveWrite);
    let cbor = encoded(GlazeOp::CborWrite);
    let readers: [(&'static str, GlazeOp, &[u8]); 4] = [
        ("JSON", GlazeOp::Read, &json),
        ("JSON, bounded", GlazeOp::ReadBounded, &json),
        ("BEVE", GlazeOp::BeveRead, &beve),
        ("CBOR", GlazeOp::CborRead, &cbor),
    ];
    readers
        .into_iter()
        .map(|(label, gop, input)| {
            let counts = glaze_doc(row, gop, &json, input).map(|mut d| d.count_allocs(gop));
            (label, counts)
        })
        .collect()
}

/// What [`run`] measured: the groups, the byte-identity verdicts and, when the records were
/// measured, Glaze's allocation counts.
pub type Measured = (Vec<Group>, Vec<Verdict>, GlazeAllocs);

/// Prepares every kept group, then measures them all in one sweep (every round visits every
/// group), and collects the byte-identity verdicts.
pub fn run(opts: &Options) -> Result<Measured, String> {
    let set = DocSet::generate(opts.seed);
    let mut all = texts(&set);
    all.extend(texts_of(&set, &DocKind::RECORDS));
    let filter = opts.filter.as_deref();
    let kept: Vec<(Op, Row)> = Op::ALL
        .into_iter()
        .flat_map(|op| ROWS.map(move |row| (op, row)))
        .filter(|&(op, row)| !glaze_ops(op).is_empty() && keep(filter, op, row))
        .collect();
    if kept.is_empty() {
        return Err(format!("--filter {filter:?} keeps no group"));
    }
    let mut progress = Progress::new(kept.len() + opts.budget.rounds as usize);
    let mut identity = Vec::new();
    let mut prepared = Vec::new();
    let out = opts.out.as_deref();
    for (op, row) in kept {
        progress.step(&format!("preparing {} {}", op.name(), row.name));
        let text = all
            .iter()
            .find(|t| t.kind == row.doc)
            .expect("texts() holds every document");
        let id = &mut identity;
        let p = match row.doc {
            DocKind::Mixed => group(op, row, &set.mixed, text, out, id),
            DocKind::Strings => group(op, row, &set.strings, text, out, id),
            DocKind::Uints => group(op, row, &set.uints, text, out, id),
            DocKind::Ints => group(op, row, &set.ints, text, out, id),
            DocKind::Doubles => group(op, row, &set.doubles, text, out, id),
            DocKind::ExactDecimals => group(op, row, &set.exact_decimals, text, out, id),
            DocKind::Bools => group(op, row, &set.bools, text, out, id),
            DocKind::Records => group(op, row, &set.records, text, out, id),
            DocKind::RecStrings => group(op, row, &set.rec_strings, text, out, id),
            DocKind::RecBools => group(op, row, &set.rec_bools, text, out, id),
            DocKind::RecInts => group(op, row, &set.rec_ints, text, out, id),
            DocKind::RecReals => group(op, row, &set.rec_reals, text, out, id),
            DocKind::Bulk => group(op, row, &set.bulk, text, out, id),
        }?;
        prepared.push(p);
    }
    let rounds = opts.budget.rounds;
    let mut shapes = Vec::new();
    let mut lists = Vec::new();
    for p in prepared {
        shapes.push((p.op, p.row, p.bytes));
        lists.push(p.contenders);
    }
    let measured = measure_sweep(lists, opts.budget, &mut |r| {
        progress.step(&format!("round {}/{rounds} of every group", r + 1));
    });
    progress.finish();
    let groups: Vec<Group> = shapes
        .into_iter()
        .zip(measured)
        .map(|((op, row, bytes), sides)| Group {
            op,
            row,
            bytes,
            sides,
        })
        .collect();
    let allocs = if shapes_have_records(&groups) {
        glaze_allocs(&set)
    } else {
        Vec::new()
    };
    Ok((groups, identity, allocs))
}

/// Whether the records document was among the measured groups.
fn shapes_have_records(groups: &[Group]) -> bool {
    groups.iter().any(|g| g.row.doc == DocKind::Records)
}
