//! `cargo xtask glaze [--glaze-dir DIR] [--simdjson-dir DIR] [--yyjson-dir DIR]`: build the
//! comparison harness with the C/C++ harnesses of the named checkouts linked in (the `glaze` and
//! `cpp-peers` features of structio-benches, with `STRUCTIO_GLAZE_DIR`, `STRUCTIO_SIMDJSON_DIR`
//! and `STRUCTIO_YYJSON_DIR` naming the checkouts the user gave; nothing is downloaded here), then
//! run `compare glaze` (structio and Glaze alternately in one process, the tables and the
//! byte-identity check of the outputs) and `compare cpp-peers` (trees and traversal tasks beside
//! simdjson and yyjson).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util;

/// The compiler Glaze 8.1 is known to build with.
const DEFAULT_CXX: &str = "clang++-19";

/// Parsed options.
struct Options {
    glaze_dir: Option<PathBuf>,
    simdjson_dir: Option<PathBuf>,
    yyjson_dir: Option<PathBuf>,
    cxx: String,
    /// Flags handed to `compare glaze` and `compare cpp-peers` unchanged.
    pass: Vec<String>,
    /// `--seed`, for `compare glaze` only.
    seed: Option<String>,
    /// `--corpus`, for `compare cpp-peers` only.
    corpus: Option<String>,
    /// `--glaze-commit`: names the commit when the directory is not a git checkout.
    commit: Option<String>,
    /// `--simdjson-commit` and `--yyjson-commit`, likewise.
    simdjson_commit: Option<String>,
    yyjson_commit: Option<String>,
}

/// The canonical path of the directory given with `flag`, if given.
fn dir_flag(args: &[String], flag: &str) -> Result<Option<PathBuf>, String> {
    util::flag_value(args, flag)?
        .map(|d| {
            PathBuf::from(&d)
                .canonicalize()
                .map_err(|e| format!("{flag} {d}: {e}"))
        })
        .transpose()
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        glaze_dir: dir_flag(args, "--glaze-dir")?,
        simdjson_dir: dir_flag(args, "--simdjson-dir")?,
        yyjson_dir: dir_flag(args, "--yyjson-dir")?,
        cxx: util::flag_value(args, "--cxx")?.unwrap_or_else(|| DEFAULT_CXX.into()),
        pass: Vec::new(),
        seed: util::flag_value(args, "--seed")?,
        corpus: util::flag_value(args, "--corpus")?,
        commit: util::flag_value(args, "--glaze-commit")?,
        simdjson_commit: util::flag_value(args, "--simdjson-commit")?,
        yyjson_commit: util::flag_value(args, "--yyjson-commit")?,
    };
    if o.glaze_dir.is_none() && o.simdjson_dir.is_none() && o.yyjson_dir.is_none() {
        return Err("name at least one checkout: --glaze-dir DIR (git clone https://github.com/stephenberry/glaze; v8.1.0 was measured), --simdjson-dir DIR (https://github.com/simdjson/simdjson), --yyjson-dir DIR (https://github.com/ibireme/yyjson)".into());
    }
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--quick" => o.pass.push(args[i].clone()),
            "--filter" | "--rounds" | "--clock" => {
                let v = util::flag_value(args, &args[i])?.expect("checked by flag_value");
                o.pass.extend([args[i].clone(), v]);
                i += 1;
            }
            "--glaze-dir" | "--simdjson-dir" | "--yyjson-dir" | "--cxx" | "--glaze-commit"
            | "--simdjson-commit" | "--yyjson-commit" | "--seed" | "--corpus" => i += 1,
            "--runs" => {
                return Err("--runs is gone: both sides now alternate in one process; --rounds N sets the rounds per cell".into())
            }
            a => return Err(format!("unknown argument `{a}` for glaze")),
        }
        i += 1;
    }
    Ok(o)
}

/// Glaze's version and commit, for the report.
fn glaze_identity(dir: &Path, named: Option<&str>) -> String {
    let version = std::fs::read_to_string(dir.join("CMakeLists.txt"))
        .ok()
        .and_then(|s| {
            let at = s.find("project(")?;
            let rest = &s[at..];
            let v = rest.find("VERSION")?;
            rest[v + 7..].split_whitespace().next().map(str::to_string)
        })
        .unwrap_or_else(|| "unknown version".into());
    format!(
        "Glaze {version} ({})",
        commit_of(dir, named, "--glaze-commit")
    )
}

/// The version a header defines as `#define NAME "x.y.z"`.
fn header_version(path: &Path, name: &str) -> String {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| {
                let rest = l.trim().strip_prefix("#define")?.trim_start();
                let v = rest.strip_prefix(name)?;
                v.starts_with(char::is_whitespace)
                    .then(|| v.trim().trim_matches('"').to_string())
            })
        })
        .unwrap_or_else(|| "unknown version".into())
}

/// simdjson's and yyjson's versions and commits, for the report.
fn peers_identity(o: &Options) -> String {
    let mut parts = Vec::new();
    if let Some(d) = &o.simdjson_dir {
        let v = header_version(
            &d.join("include/simdjson/simdjson_version.h"),
            "SIMDJSON_VERSION",
        );
        let c = commit_of(d, o.simdjson_commit.as_deref(), "--simdjson-commit");
        parts.push(format!("simdjson {v} ({c})"));
    }
    if let Some(d) = &o.yyjson_dir {
        let v = header_version(&d.join("src/yyjson.h"), "YYJSON_VERSION_STRING");
        let c = commit_of(d, o.yyjson_commit.as_deref(), "--yyjson-commit");
        parts.push(format!("yyjson {v} ({c})"));
    }
    parts.join(", ")
}

/// A checkout's commit from git, else the one named by `flag`.
fn commit_of(dir: &Path, named: Option<&str>, flag: &str) -> String {
    Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["log", "-1", "--format=commit %H, %cs"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .or_else(|| named.map(|c| format!("commit {c}, as named by {flag}")))
        .unwrap_or_else(|| format!("commit unknown: not a git checkout; name it with {flag}"))
}

/// Checks the checkouts and the compiler before cargo does, for a clearer message.
fn preflight(o: &Options) -> Result<(), String> {
    if let Some(dir) = &o.glaze_dir {
        let header = dir.join("include/glaze/glaze.hpp");
        if !header.is_file() {
            return Err(format!(
                "no Glaze at {}: expected {}. Clone it yourself (git clone https://github.com/stephenberry/glaze, tag v8.1.0) and pass --glaze-dir to the checkout; this command never downloads it.",
                dir.display(),
                header.display()
            ));
        }
    }
    if let Some(dir) = &o.simdjson_dir {
        let single = dir.join("singleheader/simdjson.h").is_file();
        if !single && !dir.join("src/simdjson.cpp").is_file() {
            return Err(format!(
                "no simdjson at {}: expected singleheader/simdjson.h and .cpp (or include/ and src/simdjson.cpp). Clone it yourself (git clone https://github.com/simdjson/simdjson) and pass --simdjson-dir to the checkout.",
                dir.display()
            ));
        }
    }
    if let Some(dir) = &o.yyjson_dir
        && !dir.join("src/yyjson.c").is_file()
    {
        return Err(format!(
                "no yyjson at {}: expected src/yyjson.h and src/yyjson.c. Clone it yourself (git clone https://github.com/ibireme/yyjson) and pass --yyjson-dir to the checkout.",
                dir.display()
            ));
    }
    let version = Command::new(&o.cxx).arg("--version").output();
    if !version.is_ok_and(|v| v.status.success()) {
        return Err(format!(
            "C++ compiler `{}` not found. Glaze 8.1 needs C++23 with <format>: install clang 19 and libc++ (Debian/Ubuntu: apt-get install clang-19 libc++-19-dev libc++abi-19-dev), or name another clang with --cxx (g++ 12 and libstdc++ 12 do not build Glaze 8.1).",
            o.cxx
        ));
    }
    Ok(())
}

/// Builds and runs the comparison (or, with `--agree`, compares saved runs).
pub fn run(args: &[String]) -> Result<(), String> {
    if args.first().is_some_and(|a| a == "--agree") {
        print!("{}", crate::agree::report(&args[1..])?);
        return Ok(());
    }
    let o = parse(args)?;
    preflight(&o)?;
    let peers = o.simdjson_dir.is_some() || o.yyjson_dir.is_some();
    let mut features = Vec::new();
    let mut env: Vec<(&str, &OsStr)> = vec![("STRUCTIO_GLAZE_CXX", OsStr::new(&o.cxx))];
    if let Some(d) = &o.glaze_dir {
        features.push("glaze");
        env.push(("STRUCTIO_GLAZE_DIR", d.as_os_str()));
    }
    if peers {
        features.push("cpp-peers");
    }
    if let Some(d) = &o.simdjson_dir {
        env.push(("STRUCTIO_SIMDJSON_DIR", d.as_os_str()));
    }
    if let Some(d) = &o.yyjson_dir {
        env.push(("STRUCTIO_YYJSON_DIR", d.as_os_str()));
    }
    eprintln!(
        "xtask: compiling the C/C++ harnesses with {} (a minute or two, once) ...",
        o.cxx
    );
    let compare = util::build_compare_with(&features, &env)?;
    let out = util::root().join("target/glaze");
    if let Some(dir) = &o.glaze_dir {
        // A stale file would be kept as this run's if the filter keeps no Glaze group.
        let _ = std::fs::remove_file(out.join("cells.tsv"));
        let mut glaze_args = o.pass.clone();
        if let Some(seed) = &o.seed {
            glaze_args.extend(["--seed".into(), seed.clone()]);
        }
        util::run_status(
            Command::new(&compare)
                .arg("glaze")
                .arg("--out")
                .arg(&out)
                .arg("--label")
                .arg(glaze_identity(dir, o.commit.as_deref()))
                .args(&glaze_args),
            "compare glaze",
        )?;
        keep_run(&out.join("cells.tsv"), &out.join("runs"), "cells")?;
    }
    if peers {
        let peers_out = out.join("cpp-peers");
        let _ = std::fs::remove_file(peers_out.join("cells.tsv"));
        let mut peer_args = o.pass.clone();
        if let Some(c) = &o.corpus {
            peer_args.extend(["--corpus".into(), c.clone()]);
        }
        util::run_status(
            Command::new(&compare)
                .arg("cpp-peers")
                .arg("--out")
                .arg(&peers_out)
                .arg("--label")
                .arg(peers_identity(&o))
                .args(&peer_args),
            "compare cpp-peers",
        )?;
        keep_run(
            &peers_out.join("cells.tsv"),
            &out.join("runs"),
            "cpp-peers-cells",
        )?;
    }
    Ok(())
}

/// Keeps a copy of a run's cells, so that runs can be checked against each other (--agree).
fn keep_run(cells: &Path, runs: &Path, prefix: &str) -> Result<(), String> {
    if !cells.is_file() {
        return Ok(());
    }
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let saved = runs.join(format!("{prefix}-{stamp}.tsv"));
    std::fs::create_dir_all(runs)
        .and_then(|()| std::fs::copy(cells, &saved))
        .map_err(|e| format!("{}: {e}", saved.display()))?;
    eprintln!(
        "xtask: this run's cells are in {}; `cargo xtask glaze --agree FILE FILE...` checks runs against each other",
        saved.display()
    );
    Ok(())
}
