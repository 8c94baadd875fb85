//! `cargo xtask bench --callgrind [--save-baseline]`: instruction counts of structio's read and
//! write of each document and of three tree builds (benches/benches/iai.rs under
//! iai-callgrind), compared against the committed baseline `benches/baseline/iai-baseline.tsv`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::process::Command;

use crate::util;

/// The runner version matching the `iai-callgrind` library in benches/Cargo.toml.
const RUNNER_VERSION: &str = "0.16.1";

/// The committed baseline, relative to the workspace root.
const BASELINE: &str = "benches/baseline/iai-baseline.tsv";

/// Installs the runner when it is missing, saying so.
fn ensure_tools() -> Result<(), String> {
    let valgrind = Command::new("valgrind").arg("--version").output();
    if !valgrind.is_ok_and(|o| o.status.success()) {
        return Err(
            "valgrind not found: install it (Debian/Ubuntu: apt-get install valgrind)".into(),
        );
    }
    // The runner has no `--version`: run bare, it names its own version in the complaint that
    // no benchmark invoked it.
    let installed = Command::new("iai-callgrind-runner")
        .output()
        .map(|o| {
            let text = String::from_utf8_lossy(&o.stdout) + String::from_utf8_lossy(&o.stderr);
            text.contains(RUNNER_VERSION)
        })
        .unwrap_or(false);
    if !installed {
        eprintln!(
            "xtask: iai-callgrind-runner {RUNNER_VERSION} missing: installing it with `cargo install iai-callgrind-runner --version {RUNNER_VERSION}` ..."
        );
        util::run_status(
            Command::new(util::cargo()).args([
                "install",
                "iai-callgrind-runner",
                "--version",
                RUNNER_VERSION,
            ]),
            "installing iai-callgrind-runner",
        )?;
    }
    Ok(())
}

/// Benchmark name -> instructions, from iai-callgrind's report.
pub fn parse_report(text: &str) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if !line.starts_with(char::is_whitespace) && line.contains("::") {
            // `iai::json::read_mixed structio:setup_read_mixed()` -> `json::read_mixed structio`
            let mut parts = line.split_whitespace();
            let path = parts.next().unwrap_or_default();
            let path = path.strip_prefix("iai::").unwrap_or(path);
            let id = parts.next().and_then(|s| s.split(':').next()).unwrap_or("");
            current = Some(format!("{path} {id}").trim().to_string());
        } else if let (Some(rest), Some(name)) =
            (line.trim().strip_prefix("Instructions:"), &current)
        {
            let first = rest.split(['|', ' ']).find(|s| !s.is_empty()).unwrap_or("");
            if let Ok(n) = first.parse() {
                counts.insert(name.clone(), n);
            }
        }
    }
    counts
}

/// Reads the baseline file (`name<TAB>instructions`, `#` comments).
fn read_baseline(text: &str) -> BTreeMap<String, u64> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (name, n) = l.split_once('\t')?;
            Some((name.to_string(), n.trim().parse().ok()?))
        })
        .collect()
}

/// Runs the instruction-count benches and reports the change against the baseline.
pub fn run(args: &[String]) -> Result<(), String> {
    let save = args.iter().any(|a| a == "--save-baseline");
    if let Some(a) = args
        .iter()
        .find(|a| !matches!(a.as_str(), "--callgrind" | "--save-baseline"))
    {
        return Err(format!("unknown argument `{a}` with --callgrind"));
    }
    ensure_tools()?;
    eprintln!("xtask: running the iai-callgrind benches (cargo bench -p structio-benches --bench iai) ...");
    let out = Command::new(util::cargo())
        .current_dir(util::root())
        .args(["bench", "-p", "structio-benches", "--bench", "iai"])
        .output()
        .map_err(|e| format!("running cargo bench: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        return Err(format!(
            "the iai-callgrind benches failed ({}):\n{stdout}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let now = parse_report(&stdout);
    if now.is_empty() {
        return Err(format!(
            "no instruction counts found in the report:\n{stdout}"
        ));
    }
    let path = util::root().join(BASELINE);
    let base = std::fs::read_to_string(&path)
        .map(|t| read_baseline(&t))
        .unwrap_or_default();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "| benchmark | baseline | now | change |\n|---|---:|---:|---:|"
    );
    for (name, n) in &now {
        let (b, change) = match base.get(name) {
            Some(&b) => (
                b.to_string(),
                format!("{:+.2}%", (*n as f64 - b as f64) / b as f64 * 100.0),
            ),
            None => ("-".into(), "new".into()),
        };
        let _ = writeln!(s, "| {name} | {b} | {n} | {change} |");
    }
    print!("{s}");
    if save {
        let commit = Command::new("git")
            .current_dir(util::root())
            .args(["describe", "--always", "--dirty"])
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default();
        let mut file = format!(
            "# Instruction counts of benches/benches/iai.rs (iai-callgrind, valgrind), written by\n# `cargo xtask bench --callgrind --save-baseline` at commit {commit}. name<TAB>instructions.\n",
        );
        for (name, n) in &now {
            let _ = writeln!(file, "{name}\t{n}");
        }
        std::fs::write(&path, file).map_err(|e| format!("writing {}: {e}", path.display()))?;
        eprintln!("xtask: baseline saved to {}", path.display());
    } else if base.is_empty() {
        eprintln!(
            "xtask: no baseline at {}; save one with --save-baseline",
            path.display()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_iai_report() {
        let text = "iai::json::read_mixed structio:setup_read_mixed()\n  Instructions:     1234567|1200000      (+2.8%)\n  L1 Hits: 5\niai::json::write_mixed structio:setup_write_mixed()\n  Instructions:      999|N/A          (*********)\n";
        let r = parse_report(text);
        assert_eq!(r["json::read_mixed structio"], 1234567);
        assert_eq!(r["json::write_mixed structio"], 999);
        assert_eq!(read_baseline("# c\na b\t12\n")["a b"], 12);
    }
}
