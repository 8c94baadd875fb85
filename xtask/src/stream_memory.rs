//! `cargo xtask stream-memory`: the 2 GB JSON Lines test of structio-json's stream reader,
//! ignored by `cargo test` for its length, run in release with its figures printed.

use std::process::Command;

use crate::util;

/// Runs `documents_over_2_gb_in_bounded_memory` (it asserts a peak RSS under 64 MB and prints
/// the size, the time, the record count and the peak).
pub fn run(args: &[String]) -> Result<(), String> {
    if let Some(a) = args.first() {
        return Err(format!("unknown argument `{a}` for stream-memory"));
    }
    util::run_status(
        Command::new(util::cargo()).current_dir(util::root()).args([
            "test",
            "--release",
            "-p",
            "structio-json",
            "--features",
            "std",
            "--test",
            "stream_memory",
            "--",
            "--ignored",
            "--nocapture",
            "documents_over_2_gb_in_bounded_memory",
        ]),
        "the 2 GB stream test",
    )
}
