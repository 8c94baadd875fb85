//! Throughput of the text tools (prettify, minify, validate) and the latency of on-demand access,
//! best of N short rounds, on the JSON files of a folder.
//!
//! ```sh
//! RUSTFLAGS="-C target-cpu=native" cargo run --release -p structio-json --example text_bench -- \
//!     /path/to/corpus [/path/to/more/docs ...]
//! ```
//!
//! Each file is checked before it is timed: `minify(prettify(doc)) == minify(doc)` and
//! `prettify(minify(doc)) == prettify(doc)`; a compact file (one that minifies to itself) must
//! come back byte for byte. Throughput is MB/s of the input: the file itself for prettify and
//! validate, its prettified form for minify. Files named `*.pretty.json` are skipped (they are
//! the prettified form of their neighbour).

use std::time::Instant;

use structio_json::{
    minify, minify_trusted, pointer, prettify, prettify_trusted, validate, PrettyOptions,
};

/// Seconds per call of `f`, the best of `rounds` rounds of at least 0.3 ms each: short rounds,
/// so that on a shared machine some of them run without being preempted.
fn best(rounds: u32, mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut calls = 0u32;
        while start.elapsed().as_secs_f64() < 0.0003 {
            f();
            calls += 1;
        }
        best = best.min(start.elapsed().as_secs_f64() / f64::from(calls));
    }
    best
}

fn mbps(bytes: usize, secs: f64) -> f64 {
    bytes as f64 / secs / 1e6
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--one") {
        return one(&args[1..]);
    }
    let dirs = args;
    let dirs = if dirs.is_empty() {
        vec!["/work/shared/corpus".to_string()]
    } else {
        dirs
    };
    let rounds = 400;
    let options = PrettyOptions::GLAZE;
    println!("| document | bytes | prettify MB/s | minify MB/s (of the prettified form) | validate MB/s |");
    println!("|---|---:|---:|---:|---:|");
    for dir in &dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            eprintln!("{dir}: not found, skipped");
            continue;
        };
        let mut files: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                let name = p.to_string_lossy();
                name.ends_with(".json") && !name.ends_with(".pretty.json")
            })
            .collect();
        files.sort();
        for path in files {
            let doc = std::fs::read(&path).expect("readable file");
            let name = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let mut pretty = vec![0u8; doc.len() * 4 + 4096];
            let mut small = vec![0u8; doc.len() + 64];
            let mut back = vec![0u8; doc.len() * 4 + 4096];
            let np = prettify(&doc, &mut pretty[..], &options).expect("prettify");
            let nm = minify(&doc, &mut small[..]).expect("minify");
            let nb = minify(&pretty[..np], &mut back[..]).expect("minify pretty");
            // `assert!` rather than `assert_eq!`: a failure should not print megabytes.
            assert!(
                back[..nb] == small[..nm],
                "{name}: minify(prettify(doc)) != minify(doc)"
            );
            let compact = small[..nm] == doc[..];
            let nq = prettify(&small[..nm], &mut back[..], &options).expect("prettify");
            assert!(
                back[..nq] == pretty[..np],
                "{name}: prettify(minify(doc)) != prettify(doc)"
            );
            let pretty = pretty[..np].to_vec();
            let p = best(rounds, || {
                prettify(&doc, &mut back[..], &options).unwrap();
            });
            let m = best(rounds, || {
                minify(&pretty, &mut back[..]).unwrap();
            });
            let v = best(rounds, || validate(&doc).unwrap());
            println!(
                "| {name}{} | {} | {:.0} | {:.0} | {:.0} |",
                if compact {
                    " (compact: comes back byte for byte)"
                } else {
                    ""
                },
                doc.len(),
                mbps(doc.len(), p),
                mbps(pretty.len(), m),
                mbps(doc.len(), v)
            );
            if name == "citm_catalog" {
                on_demand(&doc, rounds);
            }
        }
    }
}

/// `--one OP FILE CALLS`: one operation, a fixed number of calls and no timing, for counting
/// instructions under `perf stat` (a clock on a shared machine is too noisy to compare two
/// versions of a loop; the instruction count is not).
fn one(args: &[String]) {
    let [op, file, calls] = args else {
        panic!(
            "usage: --one prettify|prettify_trusted|minify|minify_trusted|validate|first|last \
             FILE CALLS"
        );
    };
    let doc = std::fs::read(file).expect("readable file");
    let calls: u32 = calls.parse().expect("a number of calls");
    let mut out = vec![0u8; doc.len() * 4 + 4096];
    let mut total = 0usize;
    for _ in 0..calls {
        let doc = std::hint::black_box(&doc[..]);
        total += match op.as_str() {
            "prettify" => prettify(doc, &mut out[..], &PrettyOptions::GLAZE).unwrap(),
            "prettify_trusted" => {
                prettify_trusted(doc, &mut out[..], &PrettyOptions::GLAZE).unwrap()
            }
            "minify" => minify(doc, &mut out[..]).unwrap(),
            "minify_trusted" => minify_trusted(doc, &mut out[..]).unwrap(),
            "validate" => validate(doc).map(|()| 1).unwrap(),
            "first" => pointer(doc, "/areaNames").unwrap().unwrap().as_str().len(),
            "last" => pointer(doc, "/venueNames").unwrap().unwrap().as_str().len(),
            other => panic!("unknown operation {other}"),
        };
    }
    println!("{total}");
}

/// The first and last top-level keys of citm_catalog.json, and the size-independence of the
/// first: the same pointer into a document ten times as long.
fn on_demand(doc: &[u8], rounds: u32) {
    let first = best(rounds, || {
        std::hint::black_box(
            pointer(std::hint::black_box(doc), "/areaNames")
                .unwrap()
                .unwrap(),
        );
    });
    let last = best(rounds, || {
        std::hint::black_box(
            pointer(std::hint::black_box(doc), "/venueNames")
                .unwrap()
                .unwrap(),
        );
    });
    let mut big = doc.to_vec();
    // Ten copies of the document as one more member after the first: same first key, 10x bytes.
    let close = big.iter().rposition(|&b| b == b'}').unwrap_or(0);
    big.truncate(close);
    big.extend_from_slice(b",\"zz\":[");
    for k in 0..10 {
        if k > 0 {
            big.push(b',');
        }
        big.extend_from_slice(doc);
    }
    big.extend_from_slice(b"]}");
    let first_big = best(rounds, || {
        std::hint::black_box(
            pointer(std::hint::black_box(&big[..]), "/areaNames")
                .unwrap()
                .unwrap(),
        );
    });
    println!();
    println!("| on-demand, citm_catalog.json | µs |");
    println!("|---|---:|");
    println!("| first key `/areaNames` | {:.3} |", first * 1e6);
    println!(
        "| first key, document 11x as long | {:.3} |",
        first_big * 1e6
    );
    println!(
        "| last key `/venueNames` (validating every skipped value) | {:.1} |",
        last * 1e6
    );
    println!();
}
