//! The records benchmark of the peer notes ("Your own types"): ten thousand records of five
//! members (an integer, a string, two reals, a boolean) encoded and decoded in each format, with
//! the allocations a decode makes; then one kind of member at a time (five strings, five
//! booleans, five integers, five reals per record) and 100 × 2000 numbers in bulk. The groups are
//! measured by [`suite`](crate::suite) like every other document; this module counts the
//! allocations and renders the tables.

use std::alloc::{GlobalAlloc, Layout, System};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::docgen::DocSet;
use crate::docs::DocKind;
use crate::harness::PeerResult;
use crate::suite::{Group, Op, BEVE_COLUMN, VIA_SERDE};
use crate::table::{fastest_peer, time_of};
use crate::{layout, peers, sio};

/// Whether [`CountingAlloc`] counts: on only around the decode being counted, so that the timed
/// loops pay one predictable load per allocation and nothing more.
static COUNTING: AtomicBool = AtomicBool::new(false);
/// Allocations (and reallocations) counted while [`COUNTING`] is on.
static ALLOCS: AtomicU64 = AtomicU64::new(0);

/// The system allocator, counting allocations and reallocations while a count is running. The
/// `compare` binary installs it as its global allocator; without it every count reads zero.
pub struct CountingAlloc;

// SAFETY: every call is forwarded unchanged to `System`, which upholds GlobalAlloc's contract;
// the counter has no effect on the memory handed out.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: the caller's guarantees for `layout` are System's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: as in `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, i.e. from System, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCS.fetch_add(1, Ordering::Relaxed);
        }
        // SAFETY: `ptr` came from System with `layout`; the caller guarantees `new_size`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// The allocations `f` makes (zero when [`CountingAlloc`] is not the global allocator).
pub fn count_allocs<R>(f: impl FnOnce() -> R) -> (R, u64) {
    ALLOCS.store(0, Ordering::Relaxed);
    COUNTING.store(true, Ordering::SeqCst);
    let r = f();
    COUNTING.store(false, Ordering::SeqCst);
    (r, ALLOCS.load(Ordering::Relaxed))
}

/// A decoder of the records document.
type Decode = fn(&[u8], &mut Vec<crate::docs::Record>) -> PeerResult;
/// An encoder of the records document.
type Encode = fn(&Vec<crate::docs::Record>, &mut Vec<u8>) -> PeerResult;

/// One decoder's allocations: into a new (empty) value and into the value of a previous decode.
#[derive(Clone, Debug)]
pub struct AllocRow {
    /// The library.
    pub lib: &'static str,
    /// The format it decodes.
    pub format: &'static str,
    /// Allocations decoding into an empty `Vec`, or the error.
    pub fresh: Result<u64, String>,
    /// Allocations decoding again into the value the first decode filled.
    pub reused: Result<u64, String>,
}

/// Counts every decoder's allocations on the records document.
pub fn allocations(set: &DocSet) -> Vec<AllocRow> {
    let value = &set.records;
    let json = layout::to_compact(value);
    let mut rows = Vec::new();
    let mut add = |lib, format, encode: Option<Encode>, decode: Decode| {
        let mut input = json.clone();
        if let Some(encode) = encode {
            input.clear();
            if let Err(e) = encode(value, &mut input) {
                rows.push(AllocRow {
                    lib,
                    format,
                    fresh: Err(e.clone()),
                    reused: Err(e),
                });
                return;
            }
        }
        let mut place = Vec::new();
        let (r, fresh) = count_allocs(|| decode(&input, &mut place));
        let fresh = r.map(|()| fresh);
        let (r, reused) = count_allocs(|| decode(&input, &mut place));
        let reused = r.map(|()| reused);
        rows.push(AllocRow {
            lib,
            format,
            fresh,
            reused,
        });
    };
    #[cfg(feature = "sio-json")]
    add("structio", "JSON", None, sio::json::read);
    add(VIA_SERDE, "JSON", None, sio::via_serde::json_read);
    add("serde_json", "JSON", None, peers::serde_json_read);
    add("sonic-rs", "JSON", None, peers::sonic_read);
    add("simd-json", "JSON", None, |i, p| {
        peers::simd_read(i, &mut peers::SimdState::default(), p)
    });
    #[cfg(feature = "sio-beve")]
    add("structio", "BEVE", Some(sio::beve::write), sio::beve::read);
    add(
        VIA_SERDE,
        "BEVE",
        Some(sio::via_serde::beve_write),
        sio::via_serde::beve_read,
    );
    add(
        "bincode",
        "bincode",
        Some(peers::bincode_write),
        peers::bincode_read,
    );
    add(
        "postcard",
        "postcard",
        Some(peers::postcard_write),
        peers::postcard_read,
    );
    #[cfg(feature = "sio-cbor")]
    add("structio", "CBOR", Some(sio::cbor::write), sio::cbor::read);
    add(
        "ciborium",
        "CBOR",
        Some(peers::ciborium_write),
        peers::ciborium_read,
    );
    add(
        "minicbor",
        "CBOR",
        Some(peers::minicbor_write),
        peers::minicbor_read,
    );
    #[cfg(feature = "sio-bjdata")]
    add(
        "structio",
        "BJData",
        Some(sio::bjdata::write),
        sio::bjdata::read,
    );
    rows
}

/// The operations of the records table, in column order, with their labels.
const COLUMNS: [(Op, &str); 9] = [
    (Op::Write, "JSON encode"),
    (Op::Read, "JSON decode"),
    (Op::BeveWrite, "binary encode (BEVE)"),
    (Op::BeveRead, "binary decode (BEVE)"),
    (Op::CborWrite, "CBOR encode"),
    (Op::CborRead, "CBOR decode"),
    (Op::BjdataWrite, "BJData encode (speed)"),
    (Op::BjdataWriteSize, "BJData encode (size)"),
    (Op::BjdataRead, "BJData decode"),
];

/// Microseconds of a cell, or an empty cell.
fn us(ns: Option<f64>) -> String {
    ns.map_or_else(String::new, |t| format!("{:.0}", t / 1e3))
}

/// Renders the records table, the per-member table and the allocation counts.
pub fn render(groups: &[Group], allocs: &[AllocRow]) -> String {
    let mut s = String::new();
    let records: Vec<&Group> = groups
        .iter()
        .filter(|g| g.doc == DocKind::Records)
        .collect();
    if !records.is_empty() {
        let _ = writeln!(
            s,
            "### records\n\nTen thousand records of five members (an integer, a string, two reals, a boolean), \
µs per operation on the whole array (best round). The BEVE columns hold bincode and postcard in \
their own formats, for scale; each binary decoder reads its own library's encoding. structio \
always bounds-checks its input (Glaze's default and bounded modes are in `cargo xtask glaze`).\n"
        );
        let _ = writeln!(
            s,
            "| library | {} |\n|---|{}",
            COLUMNS.map(|c| c.1).join(" | "),
            "---:|".repeat(COLUMNS.len())
        );
        let mut libs: Vec<&'static str> = Vec::new();
        for (op, _) in COLUMNS {
            // The BJData groups' BEVE column repeats the BEVE columns' own measurement.
            for lib in op.libs() {
                if !libs.contains(lib) && *lib != BEVE_COLUMN {
                    libs.push(lib);
                }
            }
        }
        for lib in libs {
            let cells: Vec<String> = COLUMNS
                .iter()
                .map(|(op, _)| {
                    us(records
                        .iter()
                        .find(|g| g.op == *op)
                        .and_then(|g| time_of(g, lib)))
                })
                .collect();
            // A library with no cell (all its groups filtered out) gets no row.
            if cells.iter().all(String::is_empty) {
                continue;
            }
            let _ = writeln!(s, "| {lib} | {} |", cells.join(" | "));
        }
        s.push('\n');
        // BJData's goal is set against structio's BEVE, measured in the same groups.
        let over_beve: Vec<String> = COLUMNS
            .iter()
            .filter(|(op, _)| op.is_bjdata())
            .filter_map(|(op, label)| {
                let g = records.iter().find(|g| g.op == *op)?;
                let t = time_of(g, "structio")? / time_of(g, BEVE_COLUMN)?;
                Some(format!("{label} {t:.2}"))
            })
            .collect();
        if !over_beve.is_empty() {
            let _ = writeln!(
                s,
                "structio's BJData time over its BEVE time on the records (same groups): {}.\n",
                over_beve.join(", ")
            );
        }
    }
    if !allocs.is_empty() {
        let _ = writeln!(
            s,
            "Allocations of one decode of the ten thousand records (a `Vec<Record>`, each with a \
`String`), into an empty value and again into the value the first decode filled:\n\n\
| library | format | into an empty value | into the previous value |\n|---|---|---:|---:|"
        );
        let show = |r: &Result<u64, String>| match r {
            Ok(n) => n.to_string(),
            Err(e) => format!("error: {e}"),
        };
        for a in allocs {
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
    let members = &DocKind::RECORDS[1..];
    if groups.iter().any(|g| members.contains(&g.doc)) {
        let _ = writeln!(
            s,
            "### records, one kind of member at a time\n\nstructio's µs, and in brackets its time \
as a ratio to the fastest peer's (below 1.0: structio ahead; the BJData rows: to structio's BEVE): ten thousand records of five \
strings, booleans, integers or reals, and 100 arrays of 2000 doubles.\n"
        );
        let names: Vec<&str> = members.iter().map(|d| d.name()).collect();
        let _ = writeln!(
            s,
            "| | {} |\n|---|{}",
            names.join(" | "),
            "---:|".repeat(names.len())
        );
        for (op, label) in COLUMNS {
            let cells: Vec<String> = members
                .iter()
                .map(|&doc| {
                    let g = groups.iter().find(|g| g.op == op && g.doc == doc);
                    // The BJData rows compare with structio's BEVE, measured in the same group.
                    let versus = |g: &Group| {
                        if op.is_bjdata() {
                            time_of(g, BEVE_COLUMN).map(|t| (t, "BEVE"))
                        } else {
                            fastest_peer(g)
                        }
                    };
                    match g.map(|g| (time_of(g, "structio"), versus(g))) {
                        Some((Some(t), Some((p, lib)))) => {
                            format!("{:.0} ({:.2} {lib})", t / 1e3, t / p)
                        }
                        Some((Some(t), None)) => format!("{:.0}", t / 1e3),
                        _ => String::new(),
                    }
                })
                .collect();
            // An operation filtered out of the run gets no row.
            if cells.iter().all(String::is_empty) {
                continue;
            }
            let _ = writeln!(s, "| {label} | {} |", cells.join(" | "));
        }
        s.push('\n');
    }
    s
}
