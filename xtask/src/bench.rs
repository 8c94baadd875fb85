//! `cargo xtask bench`: build the harness once, then let it generate the documents, measure and
//! print the tables.

use std::process::Command;

use crate::util;

/// Flags passed through to `compare bench` unchanged.
const PASS_THROUGH: [&str; 5] = ["--filter", "--corpus", "--rounds", "--seed", "--clock"];

/// Runs the comparison.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut child_args = vec!["bench".to_string()];
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if a == "--quick" {
            child_args.push(a.clone());
        } else if PASS_THROUGH.contains(&a.as_str()) {
            let v = util::flag_value(args, a)?.expect("checked by flag_value");
            child_args.extend([a.clone(), v]);
            i += 1;
        } else {
            return Err(format!("unknown argument `{a}` for bench"));
        }
        i += 1;
    }
    child_args.push("--docs".into());
    child_args.push(util::docs_dir().display().to_string());
    let compare = util::build_compare()?;
    util::run_status(
        Command::new(&compare).args(&child_args),
        "the benchmark harness",
    )?;
    // The C++ peers need a Glaze checkout and clang 19 with libc++, which a fresh machine
    // lacks; say which rows are missing and how to get them rather than leave the reader guessing.
    println!("{GLAZE_NOTE}");
    Ok(())
}

/// Printed after the tables: the rows this command leaves out.
const GLAZE_NOTE: &str = "### Left out: the C++ peers (Glaze, simdjson, yyjson)

These tables hold the Rust peers only. Left out, because they need a C++ checkout and clang 19 \
with libc++:

- Glaze's columns (JSON read in its default and its bounded mode, JSON write, prettify, minify, \
BEVE and CBOR read and write of the seven documents, bools into `std::vector<bool>`, and the \
records benchmark with Glaze's allocation counts and the per-member ratios to Glaze), with the \
byte-identity check of the outputs: `cargo xtask glaze --glaze-dir DIR`;
- simdjson (DOM and On-Demand) and yyjson (read-only and mutable documents) building trees from \
the corpus, and the traversal tasks (first and last key of citm_catalog, the sum of twitter's ids, \
counting every value of citm_catalog, the sum of canada's coordinates) beside structio's Reader, \
pointer and Value and sonic-rs: `cargo xtask glaze --simdjson-dir DIR --yyjson-dir DIR \
--corpus DIR`.

Each links its harness (benches/baseline/) into the same binary as structio and alternates the \
sides in one process; the flags combine in one command (see benches/baseline/README.md).";
