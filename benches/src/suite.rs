//! The typed-document suite: for each operation and document, the contenders, their checks, and
//! the measured groups that the tables print.

use std::hint::black_box;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::docgen::{DocSet, DocText};
use crate::docs::DocKind;
use crate::harness::{
    first_difference, measure, Budget, CellResult, Check, Contender, PeerResult, Progress,
};
use crate::{layout, peers, sio};

/// What a document type needs to take part in every row.
pub trait BenchDoc:
    Serialize
    + DeserializeOwned
    + PartialEq
    + Default
    + Clone
    + sio::json::Doc
    + sio::beve::Doc
    + sio::cbor::Doc
    + sio::bjdata::Doc
    + minicbor::Encode<()>
    + for<'b> minicbor::Decode<'b, ()>
{
}
impl<T> BenchDoc for T where
    T: Serialize
        + DeserializeOwned
        + PartialEq
        + Default
        + Clone
        + sio::json::Doc
        + sio::beve::Doc
        + sio::cbor::Doc
        + sio::bjdata::Doc
        + minicbor::Encode<()>
        + for<'b> minicbor::Decode<'b, ()>
{
}

/// The operations of the typed suite, one table each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// JSON text into the document's struct.
    Read,
    /// The struct out as compact JSON.
    Write,
    /// Compact text to the three-space layout.
    Prettify,
    /// Compact text to the three-space layout, strings copied unchecked (structio's
    /// `prettify_trusted`, like for like with Glaze's `prettify_json`).
    PrettifyTrusted,
    /// The laid-out text back to compact, strings copied unchecked (structio's
    /// `minify_trusted`, like for like with Glaze's `minify_json`).
    MinifyTrusted,
    /// The laid-out text back to compact, strings checked (structio's `minify`).
    Minify,
    /// BEVE bytes into the struct.
    BeveRead,
    /// The struct out as BEVE.
    BeveWrite,
    /// CBOR bytes into the struct.
    CborRead,
    /// The struct out as CBOR.
    CborWrite,
    /// BJData bytes (structio's speed-mode encoding) into the struct.
    BjdataRead,
    /// The struct out as BJData in speed mode (packed numeric arrays, counted containers).
    BjdataWrite,
    /// The struct out as BJData in size mode (smallest markers, containers ended by `]`/`}`).
    BjdataWriteSize,
}

impl Op {
    /// Every operation, in table order.
    pub const ALL: [Op; 13] = [
        Op::Read,
        Op::Write,
        Op::Prettify,
        Op::PrettifyTrusted,
        Op::MinifyTrusted,
        Op::Minify,
        Op::BeveRead,
        Op::BeveWrite,
        Op::CborRead,
        Op::CborWrite,
        Op::BjdataRead,
        Op::BjdataWrite,
        Op::BjdataWriteSize,
    ];

    /// The label used in tables and `--filter`.
    pub fn name(self) -> &'static str {
        match self {
            Op::Read => "read",
            Op::Write => "write",
            Op::Prettify => "prettify",
            Op::PrettifyTrusted => "prettify-trusted",
            Op::MinifyTrusted => "minify-trusted",
            Op::Minify => "minify",
            Op::BeveRead => "beve-read",
            Op::BeveWrite => "beve-write",
            Op::CborRead => "cbor-read",
            Op::CborWrite => "cbor-write",
            Op::BjdataRead => "bjdata-read",
            Op::BjdataWrite => "bjdata-write",
            Op::BjdataWriteSize => "bjdata-write-size",
        }
    }

    /// Whether the operation is measured on `doc`: the records benchmark's documents are read and
    /// written in each format, but not prettified or minified.
    pub fn measures(self, doc: DocKind) -> bool {
        !doc.is_record() || !self.is_text()
    }

    /// Whether this is a text-to-text operation (prettify, minify).
    pub fn is_text(self) -> bool {
        matches!(
            self,
            Op::Prettify | Op::PrettifyTrusted | Op::MinifyTrusted | Op::Minify
        )
    }

    /// The columns of this operation's table, structio first.
    pub fn libs(self) -> &'static [&'static str] {
        match self {
            Op::Read | Op::Write => &["structio", VIA_SERDE, "serde_json", "sonic-rs", "simd-json"],
            Op::Prettify | Op::PrettifyTrusted | Op::MinifyTrusted | Op::Minify => {
                &["structio", "serde_json", "sonic-rs"]
            }
            Op::BeveRead | Op::BeveWrite => &["structio", VIA_SERDE, "bincode", "postcard"],
            Op::CborRead | Op::CborWrite => &["structio", "ciborium", "minicbor"],
            // No Rust BJData library is worth measuring against, so structio's own BEVE (the
            // format the BJData goals are set against) sits beside it in the same run.
            Op::BjdataRead | Op::BjdataWrite | Op::BjdataWriteSize => &["structio", BEVE_COLUMN],
        }
    }

    /// Whether this reads into the struct (its input is the document or its encoding).
    pub fn is_read(self) -> bool {
        matches!(
            self,
            Op::Read | Op::BeveRead | Op::CborRead | Op::BjdataRead
        )
    }

    /// Whether the table reports MB/s of the input text (JSON) or µs per document (BEVE, whose
    /// peers encode different formats of different sizes).
    pub fn per_byte(self) -> bool {
        !matches!(
            self,
            Op::BeveRead
                | Op::BeveWrite
                | Op::CborRead
                | Op::CborWrite
                | Op::BjdataRead
                | Op::BjdataWrite
                | Op::BjdataWriteSize
        )
    }

    /// Whether this is one of the BJData operations, whose table sets structio's BJData beside
    /// its BEVE.
    pub fn is_bjdata(self) -> bool {
        matches!(self, Op::BjdataRead | Op::BjdataWrite | Op::BjdataWriteSize)
    }
}

/// The column of structio driven through serde (`structio_json::serde`, `structio_beve::serde`).
pub const VIA_SERDE: &str = "structio via serde";

/// The column of structio's BEVE in the BJData tables: the same operation in BEVE, measured in
/// the same group, for the ratio.
pub const BEVE_COLUMN: &str = "structio BEVE";

/// Whether a column is one of structio's (native or via serde) rather than a peer's.
pub fn is_structio(lib: &str) -> bool {
    lib.starts_with("structio")
}

/// One measured (operation, document) group.
#[derive(Clone, Debug)]
pub struct Group {
    /// The operation.
    pub op: Op,
    /// The document.
    pub doc: DocKind,
    /// The size of the input that MB/s is computed from.
    pub bytes: usize,
    /// One result per library, in `op.libs()` order.
    pub cells: Vec<CellResult>,
    /// The size of structio's BEVE encoding of the document (the BJData groups; 0 elsewhere).
    pub beve_bytes: usize,
}

/// The check of a read: the value equals the reference, or where their texts differ.
fn values_check<T: BenchDoc>(got: &T, want: &T) -> Check {
    if got == want {
        return Check::SameValues;
    }
    let note = first_difference(&layout::to_compact(got), &layout::to_compact(want))
        .unwrap_or_else(|| "values differ (texts agree: a float or NaN detail)".into());
    Check::Differs(format!("values differ from the reference: {note}"))
}

/// The check of a byte-compared output.
#[cfg_attr(not(any(feature = "sio-json", feature = "sio-text")), allow(dead_code))]
pub fn bytes_check(got: &[u8], want: &[u8]) -> Check {
    match first_difference(got, want) {
        None => Check::Identical,
        Some(note) => Check::Differs(note),
    }
}

/// The check of a peer's JSON output: it reads back through serde_json to the reference.
fn reads_back<T: BenchDoc>(out: &[u8], want: &T) -> Result<Check, String> {
    let back: T = peers::referee(out)?;
    Ok(match values_check(&back, want) {
        Check::SameValues => Check::ReadsBack,
        other => other,
    })
}

/// A reading contender: checked once from a default value, then timed refilling that value.
///
/// The value the check filled is the one refilled, so its vectors and strings are allocated
/// before timing, as the C++ harness's `place` is filled when an operation is loaded: a value
/// first allocated inside the first timed batch lands wherever the heap is at that moment, and
/// for `numbers-100x2000` (a copy of each array) that moved the cell by up to a fifth.
fn reader<'a, T: BenchDoc>(
    lib: &'static str,
    input: &'a [u8],
    want: &'a T,
    mut read: impl FnMut(&[u8], &mut T) -> PeerResult + 'a,
) -> Contender<'a> {
    let mut place = T::default();
    let checked = read(input, &mut place).map(|()| values_check(&place, want));
    Contender::new(
        lib,
        || checked,
        move |n| {
            for _ in 0..n {
                let _ = read(black_box(input), &mut place);
                black_box(&place);
            }
        },
    )
}

/// A writing or transforming contender: checked once by `check`, then timed into one buffer.
fn producer<'a>(
    lib: &'static str,
    mut produce: impl FnMut(&mut Vec<u8>) -> PeerResult + 'a,
    check: impl FnOnce(&[u8]) -> Result<Check, String>,
) -> Contender<'a> {
    let mut out = Vec::new();
    let checked = produce(&mut out).and_then(|()| check(&out));
    Contender::new(
        lib,
        || checked,
        move |n| {
            for _ in 0..n {
                out.clear();
                let _ = produce(&mut out);
                black_box(&out);
            }
        },
    )
}

/// structio's JSON reader, or the cell saying it has not landed.
fn structio_reader<'a, T: BenchDoc>(input: &'a [u8], want: &'a T) -> Contender<'a> {
    #[cfg(feature = "sio-json")]
    return reader("structio", input, want, sio::json::read::<T>);
    #[cfg(not(feature = "sio-json"))]
    {
        let _ = (input, want);
        Contender::unavailable("structio", sio::not_yet(sio::ISSUE_JSON))
    }
}

/// structio's JSON reader over the document with zero bytes after it (`read_into_padded`), the
/// counterpart of Glaze's default, null-terminated read.
pub fn structio_padded_reader<'a, T: BenchDoc>(input: &'a [u8], want: &'a T) -> Contender<'a> {
    #[cfg(feature = "sio-json")]
    return {
        let padded = structio_json::PaddedBytes::new(input);
        reader(STRUCTIO_PADDED, input, want, move |_, place| {
            sio::json::read_padded(&padded, place)
        })
    };
    #[cfg(not(feature = "sio-json"))]
    {
        let _ = (input, want);
        Contender::unavailable(STRUCTIO_PADDED, sio::not_yet(sio::ISSUE_JSON))
    }
}

/// The label of [`structio_padded_reader`]'s column.
pub const STRUCTIO_PADDED: &str = "structio padded";

/// structio's JSON writer, byte-compared with the document.
fn structio_writer<'a, T: BenchDoc>(value: &'a T, text: &'a DocText) -> Contender<'a> {
    #[cfg(feature = "sio-json")]
    return producer(
        "structio",
        move |out| sio::json::write(value, out),
        |out| Ok(bytes_check(out, &text.compact)),
    );
    #[cfg(not(feature = "sio-json"))]
    {
        let _ = (value, text);
        Contender::unavailable("structio", sio::not_yet(sio::ISSUE_JSON))
    }
}

/// structio's prettify or minify, byte-compared with the other form of the document.
fn structio_text<'a>(op: Op, text: &'a DocText) -> Contender<'a> {
    #[cfg(feature = "sio-text")]
    return match op {
        Op::Prettify => producer(
            "structio",
            move |out| sio::text::prettify(&text.compact, out),
            |out| Ok(bytes_check(out, &text.pretty)),
        ),
        Op::PrettifyTrusted => producer(
            "structio",
            move |out| sio::text::prettify_trusted(&text.compact, out),
            |out| Ok(bytes_check(out, &text.pretty)),
        ),
        Op::MinifyTrusted => producer(
            "structio",
            move |out| sio::text::minify_trusted(&text.pretty, out),
            |out| Ok(bytes_check(out, &text.compact)),
        ),
        _ => producer(
            "structio",
            move |out| sio::text::minify(&text.pretty, out),
            |out| Ok(bytes_check(out, &text.compact)),
        ),
    };
    #[cfg(not(feature = "sio-text"))]
    {
        let _ = (op, text);
        Contender::unavailable("structio", sio::not_yet(sio::ISSUE_TEXT))
    }
}

/// A binary encoder and decoder of one library.
type Codec<T> = (
    &'static str,
    fn(&T, &mut Vec<u8>) -> PeerResult,
    fn(&[u8], &mut T) -> PeerResult,
);

/// A binary format's reader (`read`: its input is the library's own encoding of `value`) or
/// writer (checked by reading its output back with its own reader), and the encoding's size.
fn binary<'a, T: BenchDoc>(read: bool, value: &'a T, codec: Codec<T>) -> (Contender<'a>, usize) {
    let (lib, write, decode) = codec;
    let mut encoded = Vec::new();
    if let Err(e) = write(value, &mut encoded) {
        return (Contender::new(lib, || Err(e), |_| {}), 0);
    }
    let len = encoded.len();
    let c = if read {
        let input: &'a [u8] = Box::leak(encoded.into_boxed_slice());
        reader(lib, input, value, decode)
    } else {
        producer(
            lib,
            move |out| write(value, out),
            move |out| {
                let mut back = T::default();
                decode(out, &mut back)?;
                Ok(match values_check(&back, value) {
                    Check::SameValues => Check::ReadsBack,
                    other => other,
                })
            },
        )
    };
    (c, len)
}

/// structio's BEVE reader and writer; the reader's input is structio's own encoding.
fn structio_beve<'a, T: BenchDoc>(op: Op, value: &'a T) -> (Contender<'a>, usize) {
    #[cfg(feature = "sio-beve")]
    return binary(
        op == Op::BeveRead,
        value,
        ("structio", sio::beve::write::<T>, sio::beve::read::<T>),
    );
    #[cfg(not(feature = "sio-beve"))]
    {
        let _ = (op, value);
        (
            Contender::unavailable("structio", sio::not_yet(sio::ISSUE_BEVE)),
            0,
        )
    }
}

/// structio's CBOR reader and writer; the reader's input is structio's own encoding.
fn structio_cbor<'a, T: BenchDoc>(op: Op, value: &'a T) -> (Contender<'a>, usize) {
    #[cfg(feature = "sio-cbor")]
    return binary(
        op == Op::CborRead,
        value,
        ("structio", sio::cbor::write::<T>, sio::cbor::read::<T>),
    );
    #[cfg(not(feature = "sio-cbor"))]
    {
        let _ = (op, value);
        (
            Contender::unavailable("structio", sio::not_yet(sio::ISSUE_CBOR)),
            0,
        )
    }
}

/// structio's BJData reader, speed-mode writer or size-mode writer; the reader's input is its own
/// speed-mode encoding, the writers are checked by reading their output back.
fn structio_bjdata<'a, T: BenchDoc>(op: Op, value: &'a T) -> (Contender<'a>, usize) {
    #[cfg(feature = "sio-bjdata")]
    return match op {
        Op::BjdataWriteSize => binary(
            false,
            value,
            (
                "structio",
                sio::bjdata::write_size::<T>,
                sio::bjdata::read::<T>,
            ),
        ),
        _ => binary(
            op == Op::BjdataRead,
            value,
            ("structio", sio::bjdata::write::<T>, sio::bjdata::read::<T>),
        ),
    };
    #[cfg(not(feature = "sio-bjdata"))]
    {
        let _ = (op, value);
        (
            Contender::unavailable("structio", sio::not_yet(sio::ISSUE_BJDATA)),
            0,
        )
    }
}

/// structio's BEVE doing what `op` (a BJData operation) does, as the BJData table's reference
/// column.
fn beve_reference<'a, T: BenchDoc>(op: Op, value: &'a T) -> (Contender<'a>, usize) {
    let beve_op = if op == Op::BjdataRead {
        Op::BeveRead
    } else {
        Op::BeveWrite
    };
    let (mut c, len) = structio_beve(beve_op, value);
    c.lib = BEVE_COLUMN;
    (c, len)
}

/// The size of structio's BEVE encoding of `value` (0 when BEVE is not built).
fn beve_len<T: BenchDoc>(value: &T) -> usize {
    #[cfg(feature = "sio-beve")]
    {
        let mut out = Vec::new();
        if sio::beve::write(value, &mut out).is_ok() {
            return out.len();
        }
    }
    let _ = value;
    0
}

/// structio's contender alone in one (operation, document) group, and the bytes MB/s is computed
/// from (the BEVE rows: structio's encoding).
pub fn structio_contender<'a, T: BenchDoc>(
    op: Op,
    value: &'a T,
    text: &'a DocText,
) -> (Contender<'a>, usize) {
    match op {
        Op::Read => (structio_reader(&text.compact, value), text.compact.len()),
        Op::Write => (structio_writer(value, text), text.compact.len()),
        Op::Prettify | Op::PrettifyTrusted => (structio_text(op, text), text.compact.len()),
        Op::Minify | Op::MinifyTrusted => (structio_text(op, text), text.pretty.len()),
        Op::BeveRead | Op::BeveWrite => structio_beve(op, value),
        Op::CborRead | Op::CborWrite => structio_cbor(op, value),
        Op::BjdataRead | Op::BjdataWrite | Op::BjdataWriteSize => structio_bjdata(op, value),
    }
}

/// A text-to-text transformation (prettify or minify).
type TextFn = fn(&[u8], &mut Vec<u8>) -> PeerResult;

/// The contenders of one (operation, document) group, and the bytes MB/s is computed from.
pub fn contenders<'a, T: BenchDoc>(
    op: Op,
    value: &'a T,
    text: &'a DocText,
) -> (Vec<Contender<'a>>, usize) {
    let compact = &text.compact[..];
    match op {
        Op::Read => (
            vec![
                structio_reader(compact, value),
                reader(VIA_SERDE, compact, value, sio::via_serde::json_read::<T>),
                reader("serde_json", compact, value, peers::serde_json_read::<T>),
                reader("sonic-rs", compact, value, peers::sonic_read::<T>),
                {
                    let mut state = peers::SimdState::default();
                    reader("simd-json", compact, value, move |i, p: &mut T| {
                        peers::simd_read(i, &mut state, p)
                    })
                },
            ],
            compact.len(),
        ),
        Op::Write => {
            let peer = |lib, f: fn(&T, &mut Vec<u8>) -> PeerResult| {
                producer(lib, move |out| f(value, out), |out| reads_back(out, value))
            };
            (
                vec![
                    structio_writer(value, text),
                    peer(VIA_SERDE, sio::via_serde::json_write::<T>),
                    peer("serde_json", peers::serde_json_write::<T>),
                    peer("sonic-rs", peers::sonic_write::<T>),
                    peer("simd-json", peers::simd_write::<T>),
                ],
                compact.len(),
            )
        }
        Op::Prettify | Op::PrettifyTrusted | Op::MinifyTrusted | Op::Minify => {
            let prettify = matches!(op, Op::Prettify | Op::PrettifyTrusted);
            let input: &'a [u8] = if prettify { compact } else { &text.pretty };
            let (sj, so): (TextFn, TextFn) = if prettify {
                (peers::serde_json_prettify, peers::sonic_prettify)
            } else {
                (peers::serde_json_minify, peers::sonic_minify)
            };
            (
                vec![
                    structio_text(op, text),
                    producer(
                        "serde_json",
                        move |o| sj(input, o),
                        |o| reads_back(o, value),
                    ),
                    producer("sonic-rs", move |o| so(input, o), |o| reads_back(o, value)),
                ],
                input.len(),
            )
        }
        Op::BeveRead | Op::BeveWrite | Op::CborRead | Op::CborWrite => {
            let read = op.is_read();
            let (sc, len) = if matches!(op, Op::BeveRead | Op::BeveWrite) {
                structio_beve(op, value)
            } else {
                structio_cbor(op, value)
            };
            let codecs: Vec<Codec<T>> = if matches!(op, Op::BeveRead | Op::BeveWrite) {
                vec![
                    (
                        VIA_SERDE,
                        sio::via_serde::beve_write::<T>,
                        sio::via_serde::beve_read::<T>,
                    ),
                    (
                        "bincode",
                        peers::bincode_write::<T>,
                        peers::bincode_read::<T>,
                    ),
                    (
                        "postcard",
                        peers::postcard_write::<T>,
                        peers::postcard_read::<T>,
                    ),
                ]
            } else {
                vec![
                    (
                        "ciborium",
                        peers::ciborium_write::<T>,
                        peers::ciborium_read::<T>,
                    ),
                    (
                        "minicbor",
                        peers::minicbor_write::<T>,
                        peers::minicbor_read::<T>,
                    ),
                ]
            };
            let mut list = vec![sc];
            list.extend(codecs.into_iter().map(|c| binary(read, value, c).0));
            (list, len)
        }
        Op::BjdataRead | Op::BjdataWrite | Op::BjdataWriteSize => {
            let (sc, len) = structio_bjdata(op, value);
            (vec![sc, beve_reference(op, value).0], len)
        }
    }
}

/// Runs `f` with the typed value of `kind` from `set`.
macro_rules! with_doc {
    ($set:expr, $kind:expr, |$v:ident| $body:expr) => {
        match $kind {
            DocKind::Mixed => {
                let $v = &$set.mixed;
                $body
            }
            DocKind::Strings => {
                let $v = &$set.strings;
                $body
            }
            DocKind::Uints => {
                let $v = &$set.uints;
                $body
            }
            DocKind::Ints => {
                let $v = &$set.ints;
                $body
            }
            DocKind::Doubles => {
                let $v = &$set.doubles;
                $body
            }
            DocKind::ExactDecimals => {
                let $v = &$set.exact_decimals;
                $body
            }
            DocKind::Bools => {
                let $v = &$set.bools;
                $body
            }
            DocKind::Records => {
                let $v = &$set.records;
                $body
            }
            DocKind::RecStrings => {
                let $v = &$set.rec_strings;
                $body
            }
            DocKind::RecBools => {
                let $v = &$set.rec_bools;
                $body
            }
            DocKind::RecInts => {
                let $v = &$set.rec_ints;
                $body
            }
            DocKind::RecReals => {
                let $v = &$set.rec_reals;
                $body
            }
            DocKind::Bulk => {
                let $v = &$set.bulk;
                $body
            }
        }
    };
}

/// Whether `--filter` keeps the group `op doc` (a substring of either, or of `op/doc`).
pub fn keep(filter: Option<&str>, op: Op, doc: DocKind) -> bool {
    op.measures(doc) && filter.is_none_or(|f| format!("{}/{}", op.name(), doc.name()).contains(f))
}

/// Measures every kept group, alternating the libraries within each.
pub fn run(
    set: &DocSet,
    texts: &[DocText],
    budget: Budget,
    filter: Option<&str>,
    progress: &mut Progress,
) -> Vec<Group> {
    let mut groups = Vec::new();
    for op in Op::ALL {
        for text in texts {
            if !keep(filter, op, text.kind) {
                continue;
            }
            progress.step(&format!("{} {}", op.name(), text.kind.name()));
            let (list, bytes) = with_doc!(set, text.kind, |v| contenders(op, v, text));
            let beve_bytes = if op.is_bjdata() {
                with_doc!(set, text.kind, |v| beve_len(v))
            } else {
                0
            };
            let cells = measure(list, budget);
            groups.push(Group {
                op,
                doc: text.kind,
                bytes,
                cells,
                beve_bytes,
            });
        }
    }
    groups
}

/// How many groups `run` will measure, for the progress line.
pub fn count(filter: Option<&str>) -> usize {
    Op::ALL
        .iter()
        .flat_map(|&op| {
            DocKind::ALL
                .into_iter()
                .chain(DocKind::RECORDS)
                .map(move |d| (op, d))
        })
        .filter(|&(op, d)| keep(filter, op, d))
        .count()
}

/// The BJData issue's numeric-array row: a `Vec<f64>` of 1,000,000 values read from and written
/// as speed-mode BJData (`[$D#` and one copy) against `copy_from_slice` of the same 8,000,000
/// payload bytes, alternating in one process. Empty when `filter` leaves it out (its name is
/// `bjdata-memcpy/f64x1M`).
pub fn bjdata_memcpy(budget: Budget, filter: Option<&str>) -> String {
    const NAME: &str = "bjdata-memcpy/f64x1M";
    if !filter.is_none_or(|f| NAME.contains(f)) {
        return String::new();
    }
    #[cfg(feature = "sio-bjdata")]
    {
        use std::fmt::Write as _;
        let n = 1_000_000usize;
        let value: &'static Vec<f64> = Box::leak(Box::new(
            (0..n)
                .map(|i| (i as f64).mul_add(0.37, 1.0e-3).sqrt())
                .collect(),
        ));
        let mut encoded = Vec::new();
        if let Err(e) = sio::bjdata::write(value, &mut encoded) {
            return format!("### BJData numeric arrays against memcpy\n\nFailed: {e}\n\n");
        }
        let encoded: &'static [u8] = Box::leak(encoded.into_boxed_slice());
        let payload = &encoded[encoded.len() - 8 * n..];
        let values_bytes: &'static [u8] = Box::leak(
            value
                .iter()
                .flat_map(|x| x.to_le_bytes())
                .collect::<Vec<u8>>()
                .into_boxed_slice(),
        );
        let read = Contender::new(
            "structio",
            || {
                let mut back: Vec<f64> = Vec::new();
                sio::bjdata::read(encoded, &mut back)?;
                Ok(
                    if back
                        .iter()
                        .map(|x| x.to_bits())
                        .eq(value.iter().map(|x| x.to_bits()))
                    {
                        Check::SameValues
                    } else {
                        Check::Differs("values differ".into())
                    },
                )
            },
            {
                let mut place: Vec<f64> = Vec::new();
                move |iters| {
                    for _ in 0..iters {
                        let _ = sio::bjdata::read(black_box(encoded), &mut place);
                        black_box(&place);
                    }
                }
            },
        );
        let read_copy = Contender::new("memcpy", || Ok(Check::SameValues), {
            let mut place = vec![0u8; 8 * n];
            move |iters| {
                for _ in 0..iters {
                    place.copy_from_slice(black_box(payload));
                    black_box(&place);
                }
            }
        });
        let write = Contender::new(
            "structio",
            || {
                let mut out = Vec::new();
                sio::bjdata::write(value, &mut out)?;
                Ok(if out == encoded {
                    Check::Identical
                } else {
                    Check::Differs("speed-mode output changed".into())
                })
            },
            {
                let mut out = Vec::new();
                move |iters| {
                    for _ in 0..iters {
                        let _ = sio::bjdata::write(black_box(value), &mut out);
                        black_box(&out);
                    }
                }
            },
        );
        let write_copy = Contender::new("memcpy", || Ok(Check::Identical), {
            let mut out = vec![0u8; 8 * n];
            move |iters| {
                for _ in 0..iters {
                    out.copy_from_slice(black_box(values_bytes));
                    black_box(&out);
                }
            }
        });
        let mut s = String::from(
            "### BJData numeric arrays against memcpy\n\n\
             A `Vec<f64>` of 1,000,000 values (8,000,000 bytes): speed-mode BJData read into a \
             reused vector and written into a reused buffer, against `copy_from_slice` of the \
             same payload bytes, alternating in one process.\n\n\
             | operation | structio BJData µs | memcpy µs | BJData speed as % of memcpy |\n\
             |---|---:|---:|---:|\n",
        );
        for (name, pair) in [
            ("read", vec![read, read_copy]),
            ("write", vec![write, write_copy]),
        ] {
            let cells = measure(pair, budget);
            let time = |i: usize| match cells.get(i).map(|c| &c.outcome) {
                Some(crate::harness::Outcome::Timed(t, _)) => Some(*t),
                _ => None,
            };
            match (time(0), time(1)) {
                (Some(b), Some(m)) => {
                    let _ = writeln!(
                        s,
                        "| {name} | {:.1} | {:.1} | {:.0}% |",
                        b / 1e3,
                        m / 1e3,
                        100.0 * m / b
                    );
                }
                _ => {
                    let _ = writeln!(s, "| {name} | failed: {:?} | | |", cells);
                }
            }
        }
        s.push('\n');
        s
    }
    #[cfg(not(feature = "sio-bjdata"))]
    {
        let _ = budget;
        String::new()
    }
}
