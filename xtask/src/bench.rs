//! `cargo xtask bench`: build the harness once, then let it generate the documents, measure and
//! print the tables.

use std::process::Command;

use crate::util;

/// Flags passed through to `compare bench` unchanged.
const PASS_THROUGH: [&str; 4] = ["--filter", "--corpus", "--rounds", "--seed"];

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
    // The C++ baseline needs a Glaze checkout and clang 19 with libc++, which a fresh machine
    // lacks; say so rather than leave the reader to guess why Glaze is missing.
    println!("{GLAZE_NOTE}");
    Ok(())
}

/// Printed after the tables: Glaze is measured by its own command.
const GLAZE_NOTE: &str =
    "### Glaze\n\nGlaze (C++) is not in these tables: this command measures the Rust peers only. \
`cargo xtask glaze --glaze-dir DIR` builds benches/baseline/glaze_baseline.cpp against a Glaze \
checkout (clang 19 and libc++) and prints structio and Glaze side by side on the same documents; \
docs/performance.md holds its last run.";
