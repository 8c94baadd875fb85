//! `cargo xtask glaze --glaze-dir DIR`: build the C++ baseline against a Glaze checkout the user
//! names (never downloaded here), run it and structio alternately on the same generated
//! documents, print the side-by-side table and check that the outputs are byte-identical.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util;

/// The operations in table order, with the label and whether MB/s is of the BEVE bytes.
const OPS: [(&str, &str); 6] = [
    ("read", "read JSON into the struct"),
    ("write", "write compact JSON"),
    ("prettify", "prettify (3 spaces), MB/s of the compact input"),
    ("minify", "minify, MB/s of the prettified input"),
    ("beve-read", "BEVE read, MB/s of the BEVE bytes"),
    ("beve-write", "BEVE write, MB/s of the BEVE bytes"),
];

/// The documents in table order.
const DOCS: [&str; 7] = [
    "mixed",
    "strings",
    "uints",
    "ints",
    "doubles",
    "exact_decimals",
    "bools",
];

/// The outputs compared byte for byte: (file suffix, label).
const OUTPUTS: [(&str, &str); 4] = [
    ("json", "JSON"),
    ("pretty.json", "prettified JSON"),
    ("minified.json", "minified JSON"),
    ("beve", "BEVE"),
];

/// Parsed options.
struct Options {
    glaze_dir: PathBuf,
    cxx: String,
    runs: u32,
    rounds: u32,
    batch_ms: u32,
    filter: Option<String>,
    /// `--glaze-commit`: names the commit when the directory is not a git checkout.
    commit: Option<String>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let quick = args.iter().any(|a| a == "--quick");
    let mut o = Options {
        glaze_dir: util::flag_value(args, "--glaze-dir")?
            .map(PathBuf::from)
            .ok_or("--glaze-dir DIR is required: a Glaze checkout (git clone https://github.com/stephenberry/glaze; v8.1.0 was measured)")?,
        cxx: util::flag_value(args, "--cxx")?
            .or_else(|| std::env::var("CXX").ok())
            .unwrap_or_else(|| "clang++-19".into()),
        runs: if quick { 1 } else { 3 },
        rounds: if quick { 2 } else { 5 },
        batch_ms: if quick { 2 } else { 20 },
        filter: util::flag_value(args, "--filter")?,
        commit: util::flag_value(args, "--glaze-commit")?,
    };
    if let Some(r) = util::flag_value(args, "--runs")? {
        o.runs = r.parse().map_err(|e| format!("--runs {r}: {e}"))?;
    }
    let known = [
        "--glaze-dir",
        "--cxx",
        "--runs",
        "--filter",
        "--glaze-commit",
    ];
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--quick" => {}
            a if known.contains(&a) => i += 1,
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
        .args(["log", "-1", "--format=%H %cs"])
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

/// Checks the compiler and Glaze, then builds the baseline; returns the binary.
fn build_baseline(o: &Options) -> Result<PathBuf, String> {
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
            "C++ compiler `{}` not found. Glaze 8.1 needs C++23 with <format>: install clang 19 and libc++ (Debian/Ubuntu: apt-get install clang-19 libc++-19-dev libc++abi-19-dev), or name another compiler with --cxx (g++ 12 and libstdc++ 12 do not build Glaze 8.1).",
            o.cxx
        ));
    }
    let out_dir = util::root().join("target/glaze");
    std::fs::create_dir_all(&out_dir).map_err(|e| e.to_string())?;
    let bin = out_dir.join("glaze_baseline");
    let source = util::root().join("benches/baseline/glaze_baseline.cpp");
    // Rebuild only when the source, the compiler or the Glaze tree changed: a build takes ~1 min.
    let stamp = format!(
        "{}\n{}\n{:?}\n",
        o.cxx,
        o.glaze_dir.display(),
        std::fs::metadata(&source).and_then(|m| m.modified()).ok()
    );
    let stamp_path = out_dir.join("glaze_baseline.stamp");
    if bin.is_file() && std::fs::read_to_string(&stamp_path).ok().as_deref() == Some(&stamp) {
        eprintln!("xtask: glaze_baseline is up to date ({})", bin.display());
        return Ok(bin);
    }
    eprintln!("xtask: building {} with {} ...", bin.display(), o.cxx);
    let output = Command::new(&o.cxx)
        .args([
            "-std=c++23",
            "-stdlib=libc++",
            "-O3",
            "-DNDEBUG",
            "-march=native",
        ])
        .arg("-Wno-invalid-feature-combination")
        .arg("-I")
        .arg(o.glaze_dir.join("include"))
        .arg(&source)
        .arg("-o")
        .arg(&bin)
        .output()
        .map_err(|e| format!("running {}: {e}", o.cxx))?;
    if !output.status.success() {
        let err = String::from_utf8_lossy(&output.stderr);
        let hint = if err.contains("'format' file not found")
            || err.contains("__config_site")
            || err.contains("c++/v1")
        {
            "\nlibc++ seems to be missing: apt-get install libc++-19-dev libc++abi-19-dev"
        } else {
            ""
        };
        let tail: Vec<&str> = err
            .lines()
            .filter(|l| l.contains("error"))
            .take(20)
            .collect();
        return Err(format!(
            "building the Glaze baseline failed:\n{}{hint}",
            tail.join("\n")
        ));
    }
    std::fs::write(&stamp_path, stamp).map_err(|e| e.to_string())?;
    Ok(bin)
}

/// (op, doc) -> (bytes, best ns); a cell that could not run keeps its reason.
type Cells = BTreeMap<(String, String), Result<(u64, f64), String>>;

/// Runs one side and folds its lines into `cells`, keeping the best time of each cell.
fn run_side(cmd: &mut Command, what: &str, cells: &mut Cells) -> Result<(), String> {
    let out = cmd.output().map_err(|e| format!("{what}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{what} failed ({}):\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 4 {
            continue;
        }
        let key = (f[0].to_string(), f[1].to_string());
        let bytes: u64 = f[2].parse().unwrap_or(0);
        let new = match f[3].parse::<f64>() {
            Ok(ns) => Ok((bytes, ns)),
            Err(_) => Err(f.get(4).unwrap_or(&"not available").to_string()),
        };
        let keep = match (cells.get(&key), &new) {
            (Some(Ok((_, old))), Ok((_, ns))) => ns < old,
            (Some(Ok(_)), Err(_)) => false,
            _ => true,
        };
        if keep {
            cells.insert(key, new);
        }
    }
    Ok(())
}

/// The byte-identity verdicts of structio's outputs against Glaze's.
fn identity(rust: &Path, cpp: &Path, docs: &[&str]) -> (String, usize, usize) {
    let mut s = String::new();
    let (mut same, mut total) = (0, 0);
    for doc in docs {
        for (suffix, label) in OUTPUTS {
            let name = format!("{doc}.{suffix}");
            total += 1;
            let (Ok(ours), Ok(theirs)) = (
                std::fs::read(rust.join(&name)),
                std::fs::read(cpp.join(&name)),
            ) else {
                let _ = writeln!(s, "- {doc} {label}: not compared (an output is missing: capability not built or a side failed)");
                continue;
            };
            if ours == theirs {
                same += 1;
                continue;
            }
            let at = ours
                .iter()
                .zip(&theirs)
                .position(|(a, b)| a != b)
                .unwrap_or(ours.len().min(theirs.len()));
            let show = |b: &[u8]| {
                String::from_utf8_lossy(&b[at.saturating_sub(8)..(at + 24).min(b.len())])
                    .into_owned()
            };
            let _ = writeln!(
                s,
                "- MISMATCH {doc} {label}: first difference at byte {at} (structio {} bytes, Glaze {} bytes): structio {:?}, Glaze {:?}",
                ours.len(),
                theirs.len(),
                show(&ours),
                show(&theirs)
            );
        }
    }
    (s, same, total)
}

/// Renders the side-by-side tables.
fn render(rust: &Cells, cpp: &Cells, docs: &[&str], cpp_out: &Path) -> String {
    let mut s = String::new();
    let mb = |bytes: u64, ns: f64| bytes as f64 * 1e3 / ns;
    for (op, title) in OPS {
        let bounded = op == "read";
        let _ = writeln!(s, "### {op}: {title}\n");
        let _ = writeln!(
            s,
            "| document | bytes | structio MB/s | Glaze MB/s |{} structio / Glaze |",
            if bounded { " Glaze bounded MB/s |" } else { "" }
        );
        let _ = writeln!(
            s,
            "|---|---:|---:|---:|{}---:|",
            if bounded { "---:|" } else { "" }
        );
        for doc in docs {
            let key = (op.to_string(), doc.to_string());
            // BEVE rates are of the BEVE document (Glaze's, which structio's should equal).
            let beve_bytes = std::fs::metadata(cpp_out.join(format!("{doc}.beve")))
                .map(|m| m.len())
                .ok();
            let basis = |b: u64| {
                if op.starts_with("beve") {
                    beve_bytes.unwrap_or(b)
                } else {
                    b
                }
            };
            let cell = |c: Option<&Result<(u64, f64), String>>| match c {
                Some(Ok((b, ns))) => (format!("{:.0}", mb(basis(*b), *ns)), Some(*ns), basis(*b)),
                Some(Err(why)) => (why.clone(), None, 0),
                None => ("not measured".into(), None, 0),
            };
            let (ours, our_ns, b1) = cell(rust.get(&key));
            let (theirs, their_ns, b2) = cell(cpp.get(&key));
            let extra = if bounded {
                let (b, _, _) = cell(cpp.get(&("read-bounded".to_string(), doc.to_string())));
                format!(" {b} |")
            } else {
                String::new()
            };
            let ratio = match (our_ns, their_ns) {
                (Some(o), Some(t)) => format!("{:.0}%", t / o * 100.0),
                _ => "n/a".into(),
            };
            let _ = writeln!(
                s,
                "| {doc} | {} | {ours} | {theirs} |{extra} {ratio} |",
                b1.max(b2)
            );
        }
        s.push('\n');
    }
    s
}

/// Runs the comparison.
pub fn run(args: &[String]) -> Result<(), String> {
    let o = parse(args)?;
    let bin = build_baseline(&o)?;
    let compare = util::build_compare()?;
    let docs_dir = util::docs_dir();
    util::run_status(
        Command::new(&compare)
            .arg("gen")
            .arg("--docs")
            .arg(&docs_dir),
        "generating the documents",
    )?;
    let rust_out = util::root().join("target/glaze/out-structio");
    let cpp_out = util::root().join("target/glaze/out-glaze");
    for d in [&rust_out, &cpp_out] {
        std::fs::create_dir_all(d).map_err(|e| e.to_string())?;
    }
    let filter = o.filter.clone().unwrap_or_default();
    let (mut rust, mut cpp) = (Cells::new(), Cells::new());
    for run in 1..=o.runs {
        eprintln!("xtask: run {run}/{}: Glaze ...", o.runs);
        run_side(
            Command::new(&bin)
                .arg(&docs_dir)
                .arg(&cpp_out)
                .arg(o.rounds.to_string())
                .arg(o.batch_ms.to_string())
                .arg(&filter),
            "glaze_baseline",
            &mut cpp,
        )?;
        eprintln!("xtask: run {run}/{}: structio ...", o.runs);
        let mut cmd = Command::new(&compare);
        cmd.arg("side")
            .arg("--docs")
            .arg(&docs_dir)
            .arg("--out")
            .arg(&rust_out)
            .arg("--rounds")
            .arg(o.rounds.to_string());
        if o.batch_ms < 20 {
            cmd.arg("--quick");
        }
        if let Some(f) = &o.filter {
            cmd.arg("--filter").arg(f);
        }
        run_side(&mut cmd, "compare side", &mut rust)?;
    }
    let docs: Vec<&str> = DOCS
        .iter()
        .copied()
        .filter(|d| d.contains(&filter))
        .collect();
    let (verdicts, same, total) = identity(&rust_out, &cpp_out, &docs);
    let mut s = String::new();
    let _ = writeln!(s, "## structio and Glaze, side by side\n");
    let _ = writeln!(
        s,
        "{}, built with `{} -std=c++23 -stdlib=libc++ -O3 -DNDEBUG -march=native`; structio with `-C target-cpu=native`, lto fat. Best of {} alternating runs of each side, each the best of {} batches of ~{} ms. Documents: {}. MB/s are 10^6 bytes per second. \"Glaze bounded\" is `null_terminated = false`, every byte bounds-checked, which is what a reader of `&[u8]` does.\n",
        glaze_identity(&o.glaze_dir, o.commit.as_deref()),
        o.cxx,
        o.runs,
        o.rounds,
        o.batch_ms,
        docs_dir.display()
    );
    s.push_str(&render(&rust, &cpp, &docs, &cpp_out));
    let _ = writeln!(
        s,
        "### Byte identity (structio's outputs against the files Glaze wrote)\n"
    );
    let _ = writeln!(s, "{same} of {total} outputs byte-identical (JSON, prettified JSON, minified JSON, BEVE per document).\n");
    s.push_str(&verdicts);
    print!("{s}");
    Ok(())
}
