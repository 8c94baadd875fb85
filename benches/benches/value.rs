//! structio_value::Value beside serde_json::Value, sonic_rs::Value and simd_json's
//! OwnedValue/BorrowedValue on the corpus (twitter, canada, citm_catalog, gsoc-2018,
//! github_events): building from JSON (time, allocations, bytes requested, bytes retained),
//! building from BEVE, writing JSON and BEVE, two traversals, small documents and synthetic
//! compact records of strings (beside sonic_rs). Before timing, every corpus document
//! is checked: read, write, read again gives an equal Value, and the written text equals
//! serde_json's re-serialisation, floats aside.
//!
//! Run: `RUSTFLAGS="-C target-cpu=native" cargo bench -p structio-benches --bench value`
//! (`-- --runs N` for best of N, default 10; `STRUCTIO_CORPUS=dir` for another corpus).

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::PathBuf;
use std::sync::atomic::{AtomicIsize, AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

use structio_benches::harness::spread;
use structio_benches::rng::Rng;
use structio_value::Value;

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);
static REQUESTED: AtomicUsize = AtomicUsize::new(0);
static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call forwards to `System` with the caller's arguments; the counters are atomics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        REQUESTED.fetch_add(l.size(), Relaxed);
        LIVE.fetch_add(l.size() as isize, Relaxed);
        // SAFETY: forwarded as received.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Relaxed);
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        REQUESTED.fetch_add(new, Relaxed);
        LIVE.fetch_add(new as isize - l.size() as isize, Relaxed);
        // SAFETY: forwarded as received.
        unsafe { System.realloc(p, l, new) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations, bytes requested and bytes still live after `f` (its result kept alive).
fn count<T>(f: impl FnOnce() -> T) -> (usize, usize, isize, T) {
    let (a, r, l) = (
        ALLOCS.load(Relaxed),
        REQUESTED.load(Relaxed),
        LIVE.load(Relaxed),
    );
    let out = f();
    (
        ALLOCS.load(Relaxed) - a,
        REQUESTED.load(Relaxed) - r,
        LIVE.load(Relaxed) - l,
        out,
    )
}

/// Best time of `runs` calls, in µs.
fn best(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e6
        })
        .fold(f64::INFINITY, f64::min)
}

const DOCS: [&str; 5] = [
    "twitter",
    "canada",
    "citm_catalog",
    "gsoc-2018",
    "github_events",
];

fn corpus_dir() -> PathBuf {
    match std::env::var_os("STRUCTIO_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    }
}

/// A copy of `v` with every object's members sorted by key: the order serde_json's default
/// `Value` (a BTreeMap) writes them in.
fn sorted(v: &Value) -> Value {
    if let Some(a) = v.as_array() {
        return a.iter().map(sorted).collect();
    }
    if let Some(o) = v.as_object() {
        let mut members: Vec<(&str, &Value)> = o.iter().collect();
        members.sort_by(|a, b| a.0.cmp(b.0));
        return members.into_iter().map(|(k, v)| (k, sorted(v))).collect();
    }
    v.clone()
}

fn is_num(b: u8) -> bool {
    b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-')
}

/// `a == b`, except that number tokens which differ as text must read as the same `f64`.
fn eq_floats_aside(a: &[u8], b: &[u8]) -> Result<usize, usize> {
    let (mut i, mut j, mut floats) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        if a[i] == b[j] {
            i += 1;
            j += 1;
            continue;
        }
        // Back up to the start of the number token both are in.
        while i > 0 && is_num(a[i - 1]) {
            i -= 1;
        }
        while j > 0 && is_num(b[j - 1]) {
            j -= 1;
        }
        let (si, sj) = (i, j);
        while i < a.len() && is_num(a[i]) {
            i += 1;
        }
        while j < b.len() && is_num(b[j]) {
            j += 1;
        }
        let x: Option<f64> = std::str::from_utf8(&a[si..i])
            .ok()
            .and_then(|s| s.parse().ok());
        let y: Option<f64> = std::str::from_utf8(&b[sj..j])
            .ok()
            .and_then(|s| s.parse().ok());
        match (x, y) {
            (Some(x), Some(y)) if x == y && si < i => floats += 1,
            _ => return Err(si),
        }
    }
    if i == a.len() && j == b.len() {
        Ok(floats)
    } else {
        Err(i)
    }
}

fn check(name: &str, text: &[u8]) {
    let v = structio_value::from_slice(text).expect("reads");
    let written = structio_value::to_vec(&v);
    let again = structio_value::from_slice(&written).expect("reads its own output");
    assert!(again == v, "{name}: JSON round trip differs");
    let beve = structio_value::to_beve(&v).expect("writes BEVE");
    let from_beve = structio_value::from_beve(&beve).expect("reads its own BEVE");
    assert!(from_beve == v, "{name}: BEVE round trip differs");
    let pretty = structio_value::to_vec_pretty(&v);
    assert!(
        structio_value::from_slice(&pretty).expect("reads pretty") == v,
        "{name}: pretty"
    );
    let serde: serde_json::Value = serde_json::from_slice(text).expect("serde_json reads");
    let theirs = serde_json::to_vec(&serde).expect("serde_json writes");
    let ours = structio_value::to_vec(&sorted(&v));
    match eq_floats_aside(&ours, &theirs) {
        Ok(floats) => println!(
            "check {name}: round trips equal (JSON, pretty, BEVE); text equals serde_json's ({} bytes, {floats} float tokens spelled differently)",
            ours.len()
        ),
        Err(at) => panic!(
            "{name}: text differs from serde_json's at byte {at}: ours {:?} theirs {:?}",
            String::from_utf8_lossy(&ours[at.saturating_sub(20)..(at + 40).min(ours.len())]),
            String::from_utf8_lossy(&theirs[at.saturating_sub(20)..(at + 40).min(theirs.len())])
        ),
    }
}

struct Row {
    lib: &'static str,
    us: f64,
    allocs: usize,
    requested: usize,
    retained: isize,
}

fn build_rows(text: &[u8], runs: usize) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut push = |lib, us, (allocs, requested, retained): (usize, usize, isize)| {
        rows.push(Row {
            lib,
            us,
            allocs,
            requested,
            retained,
        })
    };
    // structio's readers keep the last tree's chunk and carve the next tree from it (the
    // thread's reader for `from_slice`), so after the first document they allocate nothing and
    // the live-bytes difference no longer sees the tree. Its row counts a fresh reader's
    // document instead (the first document on a thread: stacks and chunks); the reused
    // reader's row counts a later document's allocations, and as retained the bytes the
    // tree's drop gives back once the reader is gone (the chunk it was carved from, sized from
    // the last document, with its unused tail). `from_slice` after the first document on a
    // thread is the reused row.
    {
        let us = best(runs, || {
            drop(black_box(structio_value::from_slice(text).unwrap()))
        });
        let (a, r, l, v) = count(|| structio_value::Reader::new().read(text).unwrap());
        drop(v);
        push("structio Value", us, (a, r, l));
    }
    {
        let mut reader = structio_value::Reader::new();
        let us = best(runs, || drop(black_box(reader.read(text).unwrap())));
        let (a, r, _, v) = count(|| reader.read(text).unwrap());
        drop(reader);
        let with_tree = LIVE.load(Relaxed);
        drop(v);
        let retained = with_tree - LIVE.load(Relaxed);
        push("structio Value, Reader reused", us, (a, r, retained));
    }
    {
        let us = best(runs, || {
            drop(black_box(
                sonic_rs::from_slice::<sonic_rs::Value>(text).unwrap(),
            ))
        });
        let (a, r, l, v) = count(|| sonic_rs::from_slice::<sonic_rs::Value>(text).unwrap());
        drop(v);
        push("sonic_rs::Value", us, (a, r, l));
    }
    {
        let us = best(runs, || {
            let mut copy = text.to_vec();
            drop(black_box(simd_json::to_borrowed_value(&mut copy).unwrap()));
        });
        // The tree borrows its strings from the copy, so it is retained (and counted) with it.
        let (a0, r0, l0, mut copy) = count(|| text.to_vec());
        let (a, r, l, v) = count(|| simd_json::to_borrowed_value(&mut copy).unwrap());
        drop(v);
        push(
            "simd_json BorrowedValue (+copy)",
            us,
            (a + a0, r + r0, l + l0),
        );
    }
    {
        let us = best(runs, || {
            let mut copy = text.to_vec();
            drop(black_box(simd_json::to_owned_value(&mut copy).unwrap()));
        });
        let mut copy = text.to_vec();
        let (a, r, l, v) = count(|| simd_json::to_owned_value(&mut copy).unwrap());
        drop(v);
        push("simd_json OwnedValue (+copy)", us, (a, r, l));
    }
    {
        let us = best(runs, || {
            drop(black_box(
                serde_json::from_slice::<serde_json::Value>(text).unwrap(),
            ))
        });
        let (a, r, l, v) = count(|| serde_json::from_slice::<serde_json::Value>(text).unwrap());
        drop(v);
        push("serde_json::Value", us, (a, r, l));
    }
    rows
}

fn count_values(v: &Value) -> usize {
    1 + match (v.as_array(), v.as_object()) {
        (Some(a), _) => a.iter().map(count_values).sum(),
        (_, Some(o)) => o.values().map(count_values).sum(),
        _ => 0,
    }
}

fn count_sonic(v: &sonic_rs::Value) -> usize {
    use sonic_rs::JsonContainerTrait;
    1 + if let Some(a) = v.as_array() {
        a.iter().map(count_sonic).sum()
    } else if let Some(o) = v.as_object() {
        o.iter().map(|(_, v)| count_sonic(v)).sum()
    } else {
        0
    }
}

fn count_serde(v: &serde_json::Value) -> usize {
    1 + match v {
        serde_json::Value::Array(a) => a.iter().map(count_serde).sum(),
        serde_json::Value::Object(o) => o.values().map(count_serde).sum(),
        _ => 0,
    }
}

fn count_simd(v: &simd_json::OwnedValue) -> usize {
    use simd_json::prelude::*;
    1 + if let Some(a) = v.as_array() {
        a.iter().map(count_simd).sum()
    } else if let Some(o) = v.as_object() {
        o.values().map(count_simd).sum()
    } else {
        0
    }
}

fn sum_coords(v: &Value) -> f64 {
    let mut s = 0.0;
    for f in v["features"].as_array().into_iter().flat_map(|a| a.iter()) {
        for ring in f["geometry"]["coordinates"]
            .as_array()
            .into_iter()
            .flat_map(|a| a.iter())
        {
            for p in ring.as_array().into_iter().flat_map(|a| a.iter()) {
                s += p[0].as_f64().unwrap_or(0.0) + p[1].as_f64().unwrap_or(0.0);
            }
        }
    }
    s
}

fn sum_coords_sonic(v: &sonic_rs::Value) -> f64 {
    use sonic_rs::{JsonContainerTrait, JsonValueTrait};
    let mut s = 0.0;
    for f in v["features"].as_array().into_iter().flat_map(|a| a.iter()) {
        for ring in f["geometry"]["coordinates"]
            .as_array()
            .into_iter()
            .flat_map(|a| a.iter())
        {
            for p in ring.as_array().into_iter().flat_map(|a| a.iter()) {
                s += p[0].as_f64().unwrap_or(0.0) + p[1].as_f64().unwrap_or(0.0);
            }
        }
    }
    s
}

fn sum_coords_serde(v: &serde_json::Value) -> f64 {
    let mut s = 0.0;
    for f in v["features"].as_array().into_iter().flat_map(|a| a.iter()) {
        for ring in f["geometry"]["coordinates"]
            .as_array()
            .into_iter()
            .flat_map(|a| a.iter())
        {
            for p in ring.as_array().into_iter().flat_map(|a| a.iter()) {
                s += p[0].as_f64().unwrap_or(0.0) + p[1].as_f64().unwrap_or(0.0);
            }
        }
    }
    s
}

fn sum_coords_simd(v: &simd_json::OwnedValue) -> f64 {
    use simd_json::prelude::*;
    let mut s = 0.0;
    let features = v.get("features").and_then(|f| f.as_array());
    for f in features.into_iter().flat_map(|a| a.iter()) {
        let rings = f
            .get("geometry")
            .and_then(|g| g.get("coordinates"))
            .and_then(|c| c.as_array());
        for ring in rings.into_iter().flat_map(|a| a.iter()) {
            for p in ring.as_array().into_iter().flat_map(|a| a.iter()) {
                let a = p.as_array();
                let x = a
                    .and_then(|a| a.first())
                    .and_then(|x| x.cast_f64())
                    .unwrap_or(0.0);
                let y = a
                    .and_then(|a| a.get(1))
                    .and_then(|y| y.cast_f64())
                    .unwrap_or(0.0);
                s += x + y;
            }
        }
    }
    s
}

fn ratio(ours: f64, theirs: f64) -> String {
    format!("{:.2}", ours / theirs)
}

fn main() {
    let mut runs = 10;
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--runs") {
        runs = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(runs);
    }
    let dir = corpus_dir();
    let docs: Vec<(&str, Vec<u8>)> = DOCS
        .iter()
        .filter_map(|name| {
            std::fs::read(dir.join(format!("{name}.json")))
                .ok()
                .map(|t| (*name, t))
        })
        .collect();
    if docs.len() != DOCS.len() {
        println!(
            "value bench: corpus not found at {} (set STRUCTIO_CORPUS); skipping its tables",
            dir.display()
        );
        compact_records(runs);
        return;
    }
    for (name, text) in &docs {
        check(name, text);
    }

    println!("\n## Building from JSON (best of {runs}, µs; allocations, KB requested, KB retained by the tree)\n");
    println!("| corpus | library | µs | allocs | KB requested | KB retained | time vs structio |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    for (name, text) in &docs {
        let rows = build_rows(text, runs);
        let ours = rows[0].us;
        for r in &rows {
            println!(
                "| {name} ({} KB) | {} | {:.0} | {} | {} | {} | {} |",
                text.len() / 1024,
                r.lib,
                r.us,
                r.allocs,
                r.requested / 1024,
                r.retained / 1024,
                ratio(r.us, ours)
            );
        }
    }

    println!("\n## BEVE and writing (best of {runs}, µs)\n");
    println!("| corpus | structio from BEVE | structio from JSON | BEVE KB | write BEVE | write JSON structio | sonic_rs | simd_json | serde_json | into a reused Vec: structio | sonic_rs | write pretty structio | serde_json pretty |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (name, text) in &docs {
        let v = structio_value::from_slice(text).unwrap();
        let beve = structio_value::to_beve(&v).unwrap();
        let sonic: sonic_rs::Value = sonic_rs::from_slice(text).unwrap();
        let serde: serde_json::Value = serde_json::from_slice(text).unwrap();
        let mut copy = text.clone();
        let simd = simd_json::to_owned_value(&mut copy).unwrap();
        let from_beve = best(runs, || {
            drop(black_box(structio_value::from_beve(&beve).unwrap()))
        });
        let from_json = best(runs, || {
            drop(black_box(structio_value::from_slice(text).unwrap()))
        });
        let w_beve = best(runs, || {
            drop(black_box(structio_value::to_beve(&v).unwrap()))
        });
        let w_json = best(runs, || drop(black_box(structio_value::to_vec(&v))));
        let w_sonic = best(runs, || drop(black_box(sonic_rs::to_vec(&sonic).unwrap())));
        let w_simd = best(runs, || {
            use simd_json::prelude::*;
            drop(black_box(simd.encode()))
        });
        let w_serde = best(runs, || {
            drop(black_box(serde_json::to_vec(&serde).unwrap()))
        });
        // Into a buffer kept across writes, as a service answering many requests would: no
        // growth, so what the allocator's `realloc` copies (which depends on what else the
        // process holds) drops out.
        let mut out = Vec::new();
        let w_json_reused = best(runs, || {
            out.clear();
            structio_value::write_json(&v, &mut out, false);
            black_box(&out);
        });
        let w_sonic_reused = best(runs, || {
            out.clear();
            sonic_rs::to_writer(&mut out, &sonic).unwrap();
            black_box(&out);
        });
        let w_pretty = best(runs, || drop(black_box(structio_value::to_vec_pretty(&v))));
        let w_serde_pretty = best(runs, || {
            drop(black_box(serde_json::to_vec_pretty(&serde).unwrap()))
        });
        println!(
            "| {name} | {from_beve:.0} | {from_json:.0} | {} | {w_beve:.0} | {w_json:.0} | {w_sonic:.0} | {w_simd:.0} | {w_serde:.0} | {w_json_reused:.0} | {w_sonic_reused:.0} | {w_pretty:.0} | {w_serde_pretty:.0} |",
            beve.len() / 1024
        );
    }

    println!("\n## Traversal of a built tree (best of {runs}, µs)\n");
    println!("| task | structio | sonic_rs | simd_json Owned | serde_json | answer |");
    println!("|---|---:|---:|---:|---:|---|");
    let find = |n: &str| &docs.iter().find(|(d, _)| *d == n).unwrap().1;
    {
        let text = find("citm_catalog");
        let v = structio_value::from_slice(text).unwrap();
        let sonic: sonic_rs::Value = sonic_rs::from_slice(text).unwrap();
        let serde: serde_json::Value = serde_json::from_slice(text).unwrap();
        let mut copy = text.clone();
        let simd = simd_json::to_owned_value(&mut copy).unwrap();
        let n = count_values(&v);
        assert_eq!(
            (n, n, n),
            (count_sonic(&sonic), count_serde(&serde), count_simd(&simd))
        );
        println!(
            "| count every value, citm | {:.0} | {:.0} | {:.0} | {:.0} | {n} |",
            best(runs, || {
                black_box(count_values(black_box(&v)));
            }),
            best(runs, || {
                black_box(count_sonic(black_box(&sonic)));
            }),
            best(runs, || {
                black_box(count_simd(black_box(&simd)));
            }),
            best(runs, || {
                black_box(count_serde(black_box(&serde)));
            }),
        );
    }
    {
        let text = find("canada");
        let v = structio_value::from_slice(text).unwrap();
        let sonic: sonic_rs::Value = sonic_rs::from_slice(text).unwrap();
        let serde: serde_json::Value = serde_json::from_slice(text).unwrap();
        let mut copy = text.clone();
        let simd = simd_json::to_owned_value(&mut copy).unwrap();
        let s = sum_coords(&v);
        assert_eq!(
            (s, s, s),
            (
                sum_coords_sonic(&sonic),
                sum_coords_serde(&serde),
                sum_coords_simd(&simd)
            )
        );
        println!(
            "| sum coordinates, canada | {:.0} | {:.0} | {:.0} | {:.0} | {s} |",
            best(runs, || {
                black_box(sum_coords(black_box(&v)));
            }),
            best(runs, || {
                black_box(sum_coords_sonic(black_box(&sonic)));
            }),
            best(runs, || {
                black_box(sum_coords_simd(black_box(&simd)));
            }),
            best(runs, || {
                black_box(sum_coords_serde(black_box(&serde)));
            }),
        );
    }

    small_documents(&docs, runs);
    compact_records(runs);
}

/// A string of `lo..=hi` random lowercase letters and spaces (ASCII, no escapes).
fn letters(rng: &mut Rng, lo: u64, hi: u64) -> String {
    let n = rng.range(lo, hi);
    (0..n)
        .map(|_| match rng.below(27) {
            26 => ' ',
            c => char::from(b'a' + c as u8),
        })
        .collect()
}

/// Synthetic compact documents of short records (seed 42, the same bytes on every machine):
/// strings whose lengths vary, the shape on which the tree's string ends are least predictable.
fn compact_record_docs() -> Vec<(&'static str, String)> {
    let mut rng = Rng::new(42);
    let mut list = |n: usize, item: &mut dyn FnMut(&mut Rng) -> String| {
        let items: Vec<String> = (0..n).map(|_| item(&mut rng)).collect();
        format!("[{}]", items.join(","))
    };
    let q = |s: String| format!("\"{s}\"");
    vec![
        (
            "20,000 strings of 3-12 bytes",
            list(20_000, &mut |r| q(letters(r, 3, 12))),
        ),
        (
            "20,000 strings of 5-40 bytes",
            list(20_000, &mut |r| q(letters(r, 5, 40))),
        ),
        (
            "6,000 objects of three strings of 10-33 bytes",
            list(6_000, &mut |r| {
                let (a, b, c) = (letters(r, 10, 33), letters(r, 10, 33), letters(r, 10, 33));
                format!("{{\"name\":{},\"email\":{},\"city\":{}}}", q(a), q(b), q(c))
            }),
        ),
        (
            "2,000 objects of ten strings of 5-40 bytes",
            list(2_000, &mut |r| {
                let fields: Vec<String> = (0..10)
                    .map(|i| format!("\"field{i}\":{}", q(letters(r, 5, 40))))
                    .collect();
                format!("{{{}}}", fields.join(","))
            }),
        ),
        (
            "10,000 objects {id, active, score}",
            list(10_000, &mut |r| {
                format!(
                    "{{\"id\":{},\"active\":{},\"score\":{}}}",
                    r.below(1_000_000),
                    r.coin(),
                    r.below(100_000) as f64 / 100.0
                )
            }),
        ),
        (
            "3,000 user records",
            list(3_000, &mut |r| {
                let tags: Vec<String> = (0..r.range(0, 4)).map(|_| q(letters(r, 3, 10))).collect();
                format!(
                    "{{\"id\":{},\"name\":{},\"email\":{},\"age\":{},\"verified\":{},\"tags\":[{}],\"address\":{{\"street\":{},\"city\":{},\"zip\":\"{:05}\"}}}}",
                    r.below(10_000_000),
                    q(letters(r, 5, 24)),
                    q(letters(r, 10, 30)),
                    r.range(18, 90),
                    r.coin(),
                    tags.join(","),
                    q(letters(r, 8, 30)),
                    q(letters(r, 4, 16)),
                    r.below(100_000)
                )
            }),
        ),
    ]
}

/// Building the tree of each synthetic record document, structio and sonic_rs alternating in
/// one process (five rounds, each the best of `runs`; the spread of the rounds printed).
fn compact_records(runs: usize) {
    println!(
        "\n## Compact records of strings (synthetic, seed 42; µs per build and drop, best of {runs}, min-max of 5 alternating rounds)\n"
    );
    println!("| compact document | bytes | structio | sonic_rs | sonic_rs / structio |");
    println!("|---|---:|---:|---:|---:|");
    for (name, text) in compact_record_docs() {
        let text = text.as_bytes();
        let ours = structio_value::from_slice(text).unwrap();
        let theirs: sonic_rs::Value = sonic_rs::from_slice(text).unwrap();
        assert_eq!(
            structio_value::to_vec(&ours),
            sonic_rs::to_vec(&theirs).unwrap(),
            "{name}: the two trees write the same text"
        );
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..5 {
            a.push(best(runs, || {
                drop(black_box(structio_value::from_slice(text).unwrap()))
            }));
            b.push(best(runs, || {
                drop(black_box(
                    sonic_rs::from_slice::<sonic_rs::Value>(text).unwrap(),
                ))
            }));
        }
        let (_, alo, ahi) = spread(&a).expect("five rounds");
        let (_, blo, bhi) = spread(&b).expect("five rounds");
        println!(
            "| {name} | {} | {alo:.0}-{ahi:.0} | {blo:.0}-{bhi:.0} | {:.2}-{:.2} |",
            text.len(),
            blo / ahi,
            bhi / alo
        );
    }
}

/// A service's message: one small object.
const MESSAGE: &str = r#"{"id":1234567,"name":"structio user","email":"someone@example.com","tags":["a","bb","ccc"],"active":true,"score":12.5,"address":{"city":"Springfield","zip":"12345"}}"#;

/// Nanoseconds per call of `f`: the best of `runs` batches of 1,000 calls.
fn best_ns(runs: usize, mut f: impl FnMut()) -> f64 {
    best(runs, || {
        for _ in 0..1000 {
            f();
        }
    })
}

/// Building small documents, one after another as a service reads its messages: where the
/// per-document costs (scratch space, the first chunk) decide.
fn small_documents(docs: &[(&str, Vec<u8>)], runs: usize) {
    let find = |n: &str| &docs.iter().find(|(d, _)| *d == n).unwrap().1;
    let first_of = |text: &[u8], path: &str| {
        let v = structio_value::from_slice(text).unwrap();
        structio_value::to_vec(v.pointer(path).expect("the corpus document has it"))
    };
    let small = [
        ("a message", MESSAGE.as_bytes().to_vec()),
        ("one github event", first_of(find("github_events"), "/0")),
        ("one tweet", first_of(find("twitter"), "/statuses/0")),
    ];
    println!(
        "\n## Small documents, compact (best of {runs} batches of 1000, ns per build and drop)\n"
    );
    println!("| document | bytes | structio from_slice | structio Reader reused | sonic_rs | simd_json Borrowed (+copy) | serde_json | sonic_rs / structio |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (name, text) in &small {
        let text = &text[..];
        let ours = best_ns(runs, || {
            drop(black_box(structio_value::from_slice(text).unwrap()))
        });
        let mut reader = structio_value::Reader::new();
        let reused = best_ns(runs, || drop(black_box(reader.read(text).unwrap())));
        let sonic = best_ns(runs, || {
            drop(black_box(
                sonic_rs::from_slice::<sonic_rs::Value>(text).unwrap(),
            ))
        });
        let simd = best_ns(runs, || {
            let mut copy = text.to_vec();
            drop(black_box(simd_json::to_borrowed_value(&mut copy).unwrap()));
        });
        let serde = best_ns(runs, || {
            drop(black_box(
                serde_json::from_slice::<serde_json::Value>(text).unwrap(),
            ))
        });
        println!(
            "| {name} | {} | {ours:.0} | {reused:.0} | {sonic:.0} | {simd:.0} | {serde:.0} | {:.2} |",
            text.len(),
            sonic / ours
        );
    }
}
