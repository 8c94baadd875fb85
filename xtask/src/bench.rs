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
    )
}
