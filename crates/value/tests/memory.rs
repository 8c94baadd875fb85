//! Peak memory of reading large documents: a 200 MB string and a 200 MB array of numbers,
//! into `Value` and into typed destinations (`String`, `Vec<f64>`). Each case runs in a child
//! process (this test binary again, with `STRUCTIO_MEMORY_CASE` set) so that its VmHWM (Linux
//! peak RSS) is its own. The cases are slow in a debug build and need about 1 GB, so they are
//! ignored by default: `cargo test --release -p structio-value --test memory -- --ignored
//! --nocapture` prints the figures.

use std::process::Command;

const CASE_VAR: &str = "STRUCTIO_MEMORY_CASE";
const SIZE: usize = 200 << 20;

fn status_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with(field)).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

fn string_doc() -> Vec<u8> {
    let mut doc = Vec::with_capacity(SIZE + 2);
    doc.push(b'"');
    let pattern = b"the quick brown fox \\\"jumps\\\" over the lazy dog 0123456789 ";
    while doc.len() + pattern.len() < SIZE {
        doc.extend_from_slice(pattern);
    }
    doc.push(b'"');
    doc
}

fn numbers_doc() -> Vec<u8> {
    let mut doc = Vec::with_capacity(SIZE + 32);
    doc.push(b'[');
    let mut i = 0u64;
    while doc.len() < SIZE {
        if i > 0 {
            doc.push(b',');
        }
        let n = (i * 7919 % 1_000_000) as f64 / 64.0 - 5000.0;
        doc.extend_from_slice(structio_json::to_string(&n).unwrap().as_bytes());
        i += 1;
    }
    doc.push(b']');
    doc
}

/// Runs one case in this process and prints `input baseline peak dest` in bytes.
fn run_case(case: &str) {
    let doc = if case.starts_with("string") {
        string_doc()
    } else {
        numbers_doc()
    };
    let baseline = status_kb("VmRSS:") * 1024;
    let dest: usize = match case {
        "string_value" => {
            let v = structio_value::from_slice(&doc).unwrap();
            v.as_str().unwrap().len()
        }
        "string_typed" => {
            let s: String = structio_json::from_slice(&doc).unwrap();
            s.len()
        }
        "numbers_value" => {
            let v = structio_value::from_slice(&doc).unwrap();
            v.as_array().unwrap().as_slice().len() * 16
        }
        "numbers_typed" => {
            let v: Vec<f64> = structio_json::from_slice(&doc).unwrap();
            v.len() * 8
        }
        _ => panic!("unknown case {case}"),
    };
    let peak = status_kb("VmHWM:") * 1024;
    println!("MEMORY {} {baseline} {peak} {dest}", doc.len());
}

/// Peak over input, and what reading cost beyond the input and the destination over input.
fn measure(case: &str) -> (f64, f64) {
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child", "--nocapture", "--include-ignored"])
        .env(CASE_VAR, case)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("MEMORY "))
        .unwrap_or_else(|| panic!("{case}: {stdout}{}", String::from_utf8_lossy(&out.stderr)));
    let f: Vec<f64> = line.split(' ').map(|x| x.parse().unwrap()).collect();
    let (input, baseline, peak, dest) = (f[0], f[1], f[2], f[3]);
    let mb = |x: f64| x / (1 << 20) as f64;
    // What reading cost beyond the input and the destination, as a fraction of the input.
    let overhead = (peak - baseline - dest) / input;
    eprintln!(
        "{case:14} input {:6.1} MB  rss before read {:6.1} MB  peak {:6.1} MB  destination {:6.1} MB  \
         peak/input {:.2}  scratch/input {:.2}",
        mb(input),
        mb(baseline),
        mb(peak),
        mb(dest),
        peak / input,
        overhead
    );
    (peak / input, overhead)
}

/// The child's entry: does nothing unless the parent set the case.
#[test]
#[ignore = "run by the memory test in a child process"]
fn child() {
    if let Ok(case) = std::env::var(CASE_VAR) {
        run_case(&case);
    }
}

#[test]
#[ignore = "reads four 200 MB documents; run with --release -- --ignored --nocapture"]
fn peak_memory_of_large_documents() {
    if std::fs::metadata("/proc/self/status").is_err() {
        return;
    }
    // Typed reads build in place: beyond the input and the destination they need little
    // (a vector's unused capacity is never touched).
    for case in ["string_typed", "numbers_typed"] {
        let (_, scratch) = measure(case);
        assert!(scratch < 0.25, "{case}: scratch/input {scratch:.2}");
    }
    // Value builds each container (and each escaped string) in a scratch stack and then
    // copies it into the node's one allocation, so the scratch can reach the size of the tree.
    for case in ["string_value", "numbers_value"] {
        let (_, scratch) = measure(case);
        assert!(scratch < 1.5, "{case}: scratch/input {scratch:.2}");
    }
}
