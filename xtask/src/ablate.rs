//! `cargo xtask bench --ablations`: what each optimisation with a plainer alternative is worth.
//!
//! Each optimisation sits behind a switch: a `--cfg structio_plain_<name>` that swaps it for its
//! plainer alternative, or (for inlining) structio-json's `size` feature. The ablation binary
//! (benches/ablate) is built once in the default configuration, once per switch, and once with
//! every switch ("plain"), each in its own target directory, then the builds run alternately,
//! one round each at a time, so that a drift in the machine's speed falls on all of them alike.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use crate::util;

/// One switch: its column name, the cfg it sets (or the feature it turns on) and what it
/// turns off.
struct Switch {
    name: &'static str,
    cfg: Option<&'static str>,
    feature: Option<&'static str>,
    what: &'static str,
}

/// Every switch, in the table's column order.
const SWITCHES: [Switch; 7] = [
    Switch {
        name: "swar",
        cfg: Some("structio_plain_swar"),
        feature: None,
        what: "digits folded eight or sixteen at a time (word folds, SSSE3) in number reads, \
               and written eight at a time (multiplies, SSE2): one digit at a time instead",
    },
    Switch {
        name: "scan",
        cfg: Some("structio_plain_scan"),
        feature: None,
        what: "string runs found and copied by word and vector compares (JSON read and write, the \
               tree reader, the vector UTF-8 check): a byte at a time, `core::str::from_utf8`",
    },
    Switch {
        name: "ws",
        cfg: Some("structio_plain_ws"),
        feature: None,
        what: "whitespace skipped by the shared scan (a word of indentation at a time; the \
               size configuration's table and sixteen-space step): four compares per byte",
    },
    Switch {
        name: "hash",
        cfg: Some("structio_plain_hash"),
        feature: None,
        what: "the derive's compile-time perfect hash of the keys: each key compared in turn",
    },
    Switch {
        name: "key_order",
        cfg: Some("structio_plain_key_order"),
        feature: None,
        what: "the derive's guess that the next key is the next member: every key looked up",
    },
    Switch {
        name: "block_copy",
        cfg: Some("structio_plain_block_copy"),
        feature: None,
        what: "BEVE numeric arrays as one copy: element by element",
    },
    Switch {
        name: "inline",
        cfg: None,
        feature: Some("size"),
        what: "per-element reads and writes inlined into the container's loop: out of line, \
               with structio-num's table-free float conversions (structio-json's `size` \
               feature, the size configuration)",
    },
];

/// A configuration to build: its name, cfgs and features.
struct Config {
    name: String,
    cfgs: Vec<&'static str>,
    features: Vec<&'static str>,
}

fn configs() -> Vec<Config> {
    let mut out = vec![Config {
        name: "default".into(),
        cfgs: vec![],
        features: vec![],
    }];
    for s in &SWITCHES {
        out.push(Config {
            name: s.name.into(),
            cfgs: s.cfg.into_iter().collect(),
            features: s.feature.into_iter().collect(),
        });
    }
    out.push(Config {
        name: "plain".into(),
        cfgs: SWITCHES.iter().filter_map(|s| s.cfg).collect(),
        features: SWITCHES.iter().filter_map(|s| s.feature).collect(),
    });
    out
}

/// Builds the ablation binary for `c` and returns its path.
fn build(c: &Config) -> Result<PathBuf, String> {
    let target = util::bench_target_dir().join("ablate").join(&c.name);
    eprintln!(
        "xtask: building the ablation benchmark, {} ({}) ...",
        c.name,
        target.display()
    );
    let mut flags = String::from("-C target-cpu=native");
    for cfg in &c.cfgs {
        flags.push_str(" --cfg ");
        flags.push_str(cfg);
    }
    let mut cmd = Command::new(util::cargo());
    cmd.current_dir(util::root())
        .args(["build", "--release", "--quiet", "-p", "structio-ablate"]);
    if !c.features.is_empty() {
        cmd.arg("--features").arg(c.features.join(","));
    }
    // A plain RUSTFLAGS reaches the derive macro too (no `--target`), which reads its switches
    // when it is compiled.
    let status = cmd
        .arg("--target-dir")
        .arg(&target)
        .env("RUSTFLAGS", flags)
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_TARGET_DIR")
        .status()
        .map_err(|e| format!("running cargo: {e}"))?;
    if !status.success() {
        return Err(format!(
            "building the ablation benchmark ({}) failed",
            c.name
        ));
    }
    Ok(target
        .join("release")
        .join(format!("structio-ablate{}", std::env::consts::EXE_SUFFIX)))
}

/// One round of one build: each row's median nanoseconds, in row order.
fn run_once(
    bin: &PathBuf,
    ms: u64,
    clock: &str,
    corpus: &Option<String>,
) -> Result<Vec<(String, f64)>, String> {
    let mut cmd = Command::new(bin);
    cmd.arg("--ms")
        .arg(ms.to_string())
        .arg("--clock")
        .arg(clock);
    if let Some(dir) = corpus {
        cmd.arg("--corpus").arg(dir);
    }
    let out = cmd
        .output()
        .map_err(|e| format!("running {}: {e}", bin.display()))?;
    if !out.status.success() {
        return Err(format!(
            "{} failed ({}): {}",
            bin.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .map(|line| {
            let (row, ns) = line
                .split_once('\t')
                .ok_or_else(|| format!("unexpected output line `{line}`"))?;
            let ns: f64 = ns
                .parse()
                .map_err(|e| format!("unexpected output line `{line}`: {e}"))?;
            Ok((row.to_string(), ns))
        })
        .collect()
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Runs the ablations: `args` are the bench arguments other than `--ablations`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut quick = false;
    let mut rounds = None;
    let mut corpus = None;
    let mut only: Option<Vec<String>> = None;
    let mut clock = "cpu".to_string();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--ablations" => {}
            "--quick" => quick = true,
            "--rounds" => {
                let v = util::flag_value(args, "--rounds")?.expect("checked by flag_value");
                rounds = Some(v.parse::<usize>().map_err(|e| format!("--rounds: {e}"))?);
                i += 1;
            }
            "--corpus" => {
                corpus = util::flag_value(args, "--corpus")?;
                i += 1;
            }
            "--clock" => {
                clock = util::flag_value(args, "--clock")?.expect("checked by flag_value");
                if clock != "cpu" && clock != "wall" {
                    return Err(format!("--clock takes cpu or wall, not `{clock}`"));
                }
                i += 1;
            }
            "--switches" => {
                let v = util::flag_value(args, "--switches")?.expect("checked by flag_value");
                only = Some(v.split(',').map(str::to_string).collect());
                i += 1;
            }
            other => return Err(format!("unknown argument `{other}` for bench --ablations")),
        }
        i += 1;
    }
    let rounds = rounds.unwrap_or(if quick { 2 } else { 7 }).max(1);
    let ms = if quick { 20 } else { 150 };
    let corpus = corpus.or_else(|| {
        let dir = util::root().join("../shared/corpus");
        dir.is_dir().then(|| dir.display().to_string())
    });

    let mut configs = configs();
    if let Some(only) = &only {
        for name in only {
            if !configs.iter().any(|c| &c.name == name) {
                return Err(format!("unknown switch `{name}`"));
            }
        }
        configs.retain(|c| c.name == "default" || only.contains(&c.name));
    }
    let bins = configs.iter().map(build).collect::<Result<Vec<_>, _>>()?;

    // samples[config][row] = one median per round.
    let mut rows: Vec<String> = Vec::new();
    let mut samples: Vec<BTreeMap<String, Vec<f64>>> = vec![BTreeMap::new(); configs.len()];
    for round in 0..rounds {
        eprintln!("xtask: ablation round {} of {rounds} ...", round + 1);
        // Each round starts at the next build, so that none always runs right after another.
        for j in 0..bins.len() {
            let k = (round + j) % bins.len();
            for (row, ns) in run_once(&bins[k], ms, &clock, &corpus)? {
                if !rows.contains(&row) {
                    rows.push(row.clone());
                }
                samples[k].entry(row).or_default().push(ns);
            }
        }
    }

    println!(
        "{}",
        render(&configs, &rows, &mut samples, rounds, ms, &clock)
    );
    Ok(())
}

/// The table: the default build's µs per row, then each build's time as a ratio to it, the
/// median of the rounds with their lowest and highest ratio.
fn render(
    configs: &[Config],
    rows: &[String],
    samples: &mut [BTreeMap<String, Vec<f64>>],
    rounds: usize,
    ms: u64,
    clock: &str,
) -> String {
    let mut s = String::new();
    s.push_str("### What each optimisation is worth\n\n");
    s.push_str(&format!(
        "{}, commit `{}`, {}: `cargo xtask bench --ablations` ({rounds} rounds of {ms} ms per \
         row, the builds alternating; {} time, median of batches of at least 1 ms).\n\n",
        cpu_model(),
        git_commit(),
        today(),
        if clock == "cpu" {
            "thread CPU"
        } else {
            "elapsed"
        }
    ));
    s.push_str("| switch | what it turns off |\n|---|---|\n");
    for sw in SWITCHES.iter() {
        if configs.iter().any(|c| c.name == sw.name) {
            let how = match (sw.cfg, sw.feature) {
                (Some(cfg), _) => format!("`--cfg {cfg}`"),
                (None, Some(f)) => format!("feature `{f}`"),
                (None, None) => String::new(),
            };
            s.push_str(&format!("| {} ({how}) | {} |\n", sw.name, sw.what));
        }
    }
    s.push_str("| plain | every switch above |\n\n");
    s.push_str(
        "Time as a ratio to the default build's (above 1: the optimisation saves that much); ",
    );
    s.push_str("the median of the rounds, and their lowest and highest.\n\n");
    s.push_str("| row | default µs |");
    for c in &configs[1..] {
        s.push_str(&format!(" {} |", c.name));
    }
    s.push_str("\n|---|---:|");
    for _ in &configs[1..] {
        s.push_str("---:|");
    }
    s.push('\n');
    for row in rows {
        let Some(base) = samples[0].get_mut(row).map(|v| median(v)) else {
            continue;
        };
        s.push_str(&format!("| {row} | {:.1} |", base / 1000.0));
        for build in samples.iter_mut().skip(1) {
            match build.get_mut(row) {
                Some(v) if !v.is_empty() && base > 0.0 => {
                    let m = median(v) / base;
                    let lo = v.iter().copied().fold(f64::INFINITY, f64::min) / base;
                    let hi = v.iter().copied().fold(0.0, f64::max) / base;
                    s.push_str(&format!(" {m:.2} ({lo:.2}-{hi:.2}) |"));
                }
                _ => s.push_str(" |"),
            }
        }
        s.push('\n');
    }
    s
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

fn git_commit() -> String {
    Command::new("git")
        .args(["rev-parse", "--short=8", "HEAD"])
        .current_dir(util::root())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into())
}

fn today() -> String {
    Command::new("date")
        .args(["-u", "+%Y-%m-%d"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}
