//! `cargo xtask glaze --agree A.tsv B.tsv [...]`: whether runs of `compare glaze` agree, cell by
//! cell, within the spread each printed. Reads the `cells.tsv` each run leaves (one line per cell:
//! `op row side bytes median min max`) and checks every run's median against every other run's
//! min–max.

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// (op, row, side) -> (median, min, max).
type Cells = BTreeMap<(String, String, String), (f64, f64, f64)>;

fn load(path: &str) -> Result<Cells, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut cells = Cells::new();
    for (n, line) in text.lines().enumerate() {
        let f: Vec<&str> = line.split('\t').collect();
        let num = |i: usize| -> Result<f64, String> {
            f.get(i)
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{path}:{}: not a cells.tsv line", n + 1))
        };
        let key = (
            f[0].to_string(),
            f.get(1).copied().unwrap_or("").to_string(),
            { f.get(2).copied().unwrap_or("").to_string() },
        );
        cells.insert(key, (num(4)?, num(5)?, num(6)?));
    }
    Ok(cells)
}

/// The verdict over `paths`, as Markdown-ready text; an error when a file cannot be read.
pub fn report(paths: &[String]) -> Result<String, String> {
    if paths.len() < 2 {
        return Err("--agree needs two or more cells.tsv files".into());
    }
    let runs = paths
        .iter()
        .map(|p| load(p))
        .collect::<Result<Vec<_>, _>>()?;
    let mut s = String::new();
    let (mut checks, mut misses, mut worst) = (0, 0, (1.0f64, String::new()));
    for (key, _) in runs[0].iter() {
        let Some(cells) = runs.iter().map(|r| r.get(key)).collect::<Option<Vec<_>>>() else {
            continue;
        };
        for (i, a) in cells.iter().enumerate() {
            for (j, b) in cells.iter().enumerate() {
                if i == j {
                    continue;
                }
                checks += 1;
                if a.0 < b.1 || a.0 > b.2 {
                    misses += 1;
                    // Sides are in ns per call, ratios (`structio/Glaze`) in percent.
                    let unit = if key.2.contains('/') { "%" } else { " ns" };
                    let _ = writeln!(
                        s,
                        "- {} {} {}: run {} median {}{unit} outside run {}'s {}–{}{unit}",
                        key.0,
                        key.1,
                        key.2,
                        i + 1,
                        a.0,
                        j + 1,
                        b.1,
                        b.2
                    );
                }
            }
        }
        let (lo, hi) = cells.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), c| {
            (lo.min(c.0), hi.max(c.0))
        });
        if hi / lo > worst.0 {
            worst = (hi / lo, format!("{} {} {}", key.0, key.1, key.2));
        }
    }
    let _ = writeln!(
        s,
        "{} runs: {} of {checks} medians lie within every other run's spread ({misses} outside); \
the largest ratio between two runs' medians of one cell is {:.3} ({}).",
        runs.len(),
        checks - misses,
        worst.0,
        worst.1
    );
    Ok(s)
}
