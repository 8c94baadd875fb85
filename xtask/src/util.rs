//! Paths and child processes shared by the commands.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::Command;

/// The workspace root (the xtask crate's parent).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// The cargo that runs us, so the child uses the same toolchain.
pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// The target directory of release benchmark builds: separate from the normal one, because
/// `-C target-cpu=native` would otherwise invalidate every normal build's cache.
pub fn bench_target_dir() -> PathBuf {
    std::env::var_os("STRUCTIO_BENCH_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/bench"))
}

/// Where the documents are generated.
pub fn docs_dir() -> PathBuf {
    root().join("target/bench-docs")
}

/// Builds the `compare` harness in release for this CPU and returns its path.
pub fn build_compare() -> Result<PathBuf, String> {
    build_compare_with(&[], &[])
}

/// Builds `compare` as [`build_compare`] does, with extra features of structio-benches and extra
/// environment for its build script.
pub fn build_compare_with(features: &[&str], env: &[(&str, &OsStr)]) -> Result<PathBuf, String> {
    let target = bench_target_dir();
    eprintln!(
        "xtask: building the harness (release, target-cpu=native, {}) ...",
        target.display()
    );
    let mut cmd = Command::new(cargo());
    cmd.current_dir(root()).args([
        "build",
        "--release",
        "-p",
        "structio-benches",
        "--bin",
        "compare",
    ]);
    if !features.is_empty() {
        cmd.arg("--features").arg(features.join(","));
    }
    cmd.envs(env.iter().copied());
    let status = cmd
        .arg("--target-dir")
        .arg(&target)
        .env("RUSTFLAGS", "-C target-cpu=native")
        // Cargo prefers this to RUSTFLAGS; a parent cargo may have set it.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .map_err(|e| format!("running cargo: {e}"))?;
    if !status.success() {
        return Err("building the benchmark harness failed (see above)".into());
    }
    Ok(target
        .join("release")
        .join(format!("compare{}", std::env::consts::EXE_SUFFIX)))
}

/// Runs `cmd`, failing with its name when it cannot start or exits non-zero.
pub fn run_status(cmd: &mut Command, what: &str) -> Result<(), String> {
    let status = cmd.status().map_err(|e| format!("{what}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// Takes the value after flag `name` from `args`, if present.
pub fn flag_value(args: &[String], name: &str) -> Result<Option<String>, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .cloned()
            .map(Some)
            .ok_or_else(|| format!("{name} needs a value")),
    }
}
