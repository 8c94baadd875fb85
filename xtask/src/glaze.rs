//! `cargo xtask glaze --glaze-dir DIR`: build the comparison harness with the C++ Glaze harness
//! linked in (the `glaze` feature of structio-benches, with `STRUCTIO_GLAZE_DIR` naming the
//! checkout the user gave; nothing is downloaded here), then run `compare glaze`, which measures
//! structio and Glaze alternately in one process, prints the tables and checks that the outputs
//! are byte-identical.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util;

/// The compiler Glaze 8.1 is known to build with.
const DEFAULT_CXX: &str = "clang++-19";

/// Parsed options.
struct Options {
    glaze_dir: PathBuf,
    cxx: String,
    /// Flags handed to `compare glaze` unchanged.
    pass: Vec<String>,
    /// `--glaze-commit`: names the commit when the directory is not a git checkout.
    commit: Option<String>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let glaze_dir = util::flag_value(args, "--glaze-dir")?
        .map(PathBuf::from)
        .ok_or("--glaze-dir DIR is required: a Glaze checkout (git clone https://github.com/stephenberry/glaze; v8.1.0 was measured)")?;
    let mut o = Options {
        glaze_dir: glaze_dir
            .canonicalize()
            .map_err(|e| format!("--glaze-dir {}: {e}", glaze_dir.display()))?,
        cxx: util::flag_value(args, "--cxx")?.unwrap_or_else(|| DEFAULT_CXX.into()),
        pass: Vec::new(),
        commit: util::flag_value(args, "--glaze-commit")?,
    };
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--quick" => o.pass.push(args[i].clone()),
            "--filter" | "--rounds" | "--seed" | "--clock" => {
                let v = util::flag_value(args, &args[i])?.expect("checked by flag_value");
                o.pass.extend([args[i].clone(), v]);
                i += 1;
            }
            "--glaze-dir" | "--cxx" | "--glaze-commit" => i += 1,
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
    let commit = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["log", "-1", "--format=commit %H, %cs"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .or_else(|| named.map(|c| format!("commit {c}, as named by --glaze-commit")))
        .unwrap_or_else(|| {
            "commit unknown: not a git checkout; name it with --glaze-commit".into()
        });
    format!("Glaze {version} ({commit})")
}

/// Checks the checkout and the compiler before cargo does, for a clearer message.
fn preflight(o: &Options) -> Result<(), String> {
    let header = o.glaze_dir.join("include/glaze/glaze.hpp");
    if !header.is_file() {
        return Err(format!(
            "no Glaze at {}: expected {}. Clone it yourself (git clone https://github.com/stephenberry/glaze, tag v8.1.0) and pass --glaze-dir to the checkout; this command never downloads it.",
            o.glaze_dir.display(),
            header.display()
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
    eprintln!(
        "xtask: compiling the Glaze harness with {} against {} (about a minute, once) ...",
        o.cxx,
        o.glaze_dir.display()
    );
    let compare = util::build_compare_with(
        &["glaze"],
        &[
            ("STRUCTIO_GLAZE_DIR", o.glaze_dir.as_os_str()),
            ("STRUCTIO_GLAZE_CXX", OsStr::new(&o.cxx)),
        ],
    )?;
    let label = glaze_identity(&o.glaze_dir, o.commit.as_deref());
    let out = util::root().join("target/glaze");
    util::run_status(
        Command::new(&compare)
            .arg("glaze")
            .arg("--out")
            .arg(&out)
            .arg("--label")
            .arg(label)
            .args(&o.pass),
        "compare glaze",
    )?;
    // Each run's cells are kept, so that runs can be checked against each other (--agree).
    let runs = out.join("runs");
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let saved = runs.join(format!("cells-{stamp}.tsv"));
    std::fs::create_dir_all(&runs)
        .and_then(|()| std::fs::copy(out.join("cells.tsv"), &saved))
        .map_err(|e| format!("{}: {e}", saved.display()))?;
    eprintln!(
        "xtask: this run's cells are in {}; `cargo xtask glaze --agree FILE FILE...` checks runs against each other",
        saved.display()
    );
    Ok(())
}
