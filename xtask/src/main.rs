//! `cargo xtask bench` and `cargo xtask glaze`: project automation, std-only so it builds in
//! seconds.

mod ablate;
mod agree;
mod bench;
mod callgrind;
mod glaze;
mod stream_memory;
mod util;

use std::process::ExitCode;

const USAGE: &str = "\
usage:
  cargo xtask bench [--quick] [--filter NAME] [--corpus DIR] [--rounds N] [--seed N] [--clock wall|cpu]
      build the harness in release (target-cpu=native, target/bench) and print the tables
  cargo xtask bench --ablations [--quick] [--rounds N] [--corpus DIR] [--switches A,B]
                                [--clock cpu|wall]
      build the ablation benchmark (benches/ablate) once per structio_plain_* switch, once
      with every switch (plain) and once without, run the builds alternately and print each
      row's time as a ratio to the default build's (target/bench/ablate/<switch>)
  cargo xtask bench --callgrind [--save-baseline]
      instruction counts (iai-callgrind) of read and write of each document and of three
      tree builds, against benches/baseline/iai-baseline.tsv
  cargo xtask glaze [--glaze-dir DIR] [--simdjson-dir DIR] [--yyjson-dir DIR] [--corpus DIR]
                    [--cxx COMPILER] [--rounds N] [--filter TEXT] [--quick] [--seed N]
                    [--glaze-commit HASH] [--simdjson-commit HASH] [--yyjson-commit HASH]
      link the C/C++ harnesses of benches/baseline/, built against the checkouts named, into
      the harness; run structio and Glaze alternately in one process on the same bytes (the
      tables and the byte-identity verdicts), then the trees and traversal tasks beside
      simdjson and yyjson on the corpus; median and spread per cell; each run's cells are kept
      in target/glaze/runs/
  cargo xtask glaze --agree FILE FILE [FILE...]
      whether saved runs agree, cell by cell, within the spread each printed
  cargo xtask stream-memory
      push a generated 2 GB JSON Lines stream through structio_json::Documents (release) and
      print its time and peak RSS (the test fails above 64 MB)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("bench") if args.iter().any(|a| a == "--callgrind") => callgrind::run(&args[1..]),
        Some("bench") if args.iter().any(|a| a == "--ablations") => ablate::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("glaze") => glaze::run(&args[1..]),
        Some("stream-memory") => stream_memory::run(&args[1..]),
        Some("-h" | "--help" | "help") | None => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command `{other}`\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}
