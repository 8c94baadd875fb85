//! The corpus rows: building a dynamic tree from real-world files, and on-demand access to one
//! key without building one. The corpus (twitter, canada, citm_catalog, gsoc-2018,
//! github_events) is not in the repository; the rows say so when it is missing.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use crate::harness::{measure, Budget, CellResult, Check, Contender, Outcome, Progress};

/// The corpus files, in table order.
pub const FILES: [&str; 5] = [
    "twitter",
    "canada",
    "citm_catalog",
    "gsoc-2018",
    "github_events",
];

/// One measured corpus row.
#[derive(Clone, Debug)]
pub struct Row {
    /// The task (`build twitter`, `first key of citm`...).
    pub task: String,
    /// The input's size.
    pub bytes: usize,
    /// One result per library.
    pub cells: Vec<CellResult>,
}

/// The default corpus location: `<repo>/../shared/corpus`.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus")
}

/// The tree peers' libraries, in column order.
pub const TREE_LIBS: [&str; 5] = [
    "structio Value",
    "sonic_rs::Value",
    "simd_json Borrowed",
    "simd_json Owned",
    "serde_json::Value",
];

/// The on-demand libraries, in column order.
pub const POINTER_LIBS: [&str; 3] = [
    "structio pointer",
    "sonic-rs get_from_slice",
    "serde_json Value + pointer",
];

/// The check of a tree, converted to serde_json's for the comparison.
fn same_tree(got: &serde_json::Value, want: &serde_json::Value) -> Check {
    if got == want {
        Check::SameValues
    } else {
        Check::Differs("tree differs from serde_json's".into())
    }
}

/// A tree builder checked by converting its tree to serde_json's and comparing.
fn tree<'a, V: serde::Serialize>(
    lib: &'static str,
    input: &'a [u8],
    want: &'a serde_json::Value,
    mut build: impl FnMut(&[u8]) -> Result<V, String> + 'a,
) -> Contender<'a> {
    let checked = build(input).and_then(|v| {
        let got = serde_json::to_value(&v).map_err(|e| e.to_string())?;
        Ok(same_tree(&got, want))
    });
    Contender::new(
        lib,
        || checked,
        move |n| {
            for _ in 0..n {
                let _ = black_box(build(black_box(input)));
            }
        },
    )
}

/// structio's tree, checked by writing it out and reading that back with serde_json.
fn structio_tree<'a>(input: &'a [u8], want: &'a serde_json::Value) -> Contender<'a> {
    #[cfg(feature = "sio-value")]
    {
        let checked = structio_value::from_slice(input)
            .map_err(|e| e.to_string())
            .and_then(|v| {
                let text = structio_value::to_vec(&v);
                let got: serde_json::Value =
                    serde_json::from_slice(&text).map_err(|e| e.to_string())?;
                Ok(same_tree(&got, want))
            });
        Contender::new(
            "structio Value",
            || checked,
            move |n| {
                for _ in 0..n {
                    let _ = black_box(structio_value::from_slice(black_box(input)));
                }
            },
        )
    }
    #[cfg(not(feature = "sio-value"))]
    {
        let _ = (input, want);
        Contender::unavailable("structio Value", sio_not_yet_value())
    }
}

#[cfg(not(feature = "sio-value"))]
fn sio_not_yet_value() -> String {
    crate::sio::not_yet(crate::sio::ISSUE_VALUE)
}

/// The contenders that build a tree from `input`.
fn tree_contenders<'a>(input: &'a [u8], want: &'a serde_json::Value) -> Vec<Contender<'a>> {
    let mut simd_buf = Vec::new();
    let mut simd_buf2 = Vec::new();
    vec![
        structio_tree(input, want),
        tree("sonic_rs::Value", input, want, |i| {
            sonic_rs::from_slice::<sonic_rs::Value>(i).map_err(|e| e.to_string())
        }),
        {
            // The borrowed tree cannot leave the closure that owns its buffer, so it is checked
            // here and the timed loop only builds it.
            let mut buf = input.to_vec();
            let checked = simd_json::to_borrowed_value(&mut buf)
                .map_err(|e| e.to_string())
                .and_then(|v| serde_json::to_value(&v).map_err(|e| e.to_string()))
                .map(|got| same_tree(&got, want));
            Contender::new(
                "simd_json Borrowed",
                || checked,
                move |n| {
                    for _ in 0..n {
                        simd_buf.clear();
                        simd_buf.extend_from_slice(black_box(input));
                        let _ = black_box(simd_json::to_borrowed_value(&mut simd_buf).is_ok());
                    }
                },
            )
        },
        tree("simd_json Owned", input, want, move |i| {
            simd_buf2.clear();
            simd_buf2.extend_from_slice(i);
            simd_json::to_owned_value(&mut simd_buf2).map_err(|e| e.to_string())
        }),
        tree("serde_json::Value", input, want, |i| {
            serde_json::from_slice::<serde_json::Value>(i).map_err(|e| e.to_string())
        }),
    ]
}

/// The contenders that fetch the raw text at `pointer` (`/areaNames`) without a typed read.
fn pointer_contenders<'a>(input: &'a [u8], key: &'static str, want: &'a str) -> Vec<Contender<'a>> {
    let check = move |got: Result<String, String>| -> Result<Check, String> {
        let got = got?;
        let a: serde_json::Value = serde_json::from_str(&got).map_err(|e| e.to_string())?;
        let b: serde_json::Value = serde_json::from_str(want).map_err(|e| e.to_string())?;
        Ok(if a == b {
            Check::SameValues
        } else {
            Check::Differs(format!("got {} bytes of other text", got.len()))
        })
    };
    #[cfg(feature = "sio-pointer")]
    let ours = {
        let ptr = format!("/{key}");
        let checked = check(
            structio_json::pointer(input, &ptr)
                .map_err(|e| e.to_string())
                .and_then(|v| v.map(|v| v.as_str().to_owned()).ok_or("no such key".into())),
        );
        Contender::new(
            "structio pointer",
            || checked,
            move |n| {
                for _ in 0..n {
                    let _ = black_box(structio_json::pointer(black_box(input), &ptr));
                }
            },
        )
    };
    #[cfg(not(feature = "sio-pointer"))]
    let ours = Contender::unavailable(
        "structio pointer",
        crate::sio::not_yet(crate::sio::ISSUE_TEXT),
    );
    let sonic_checked = check(
        sonic_rs::get_from_slice(input, [key])
            .map(|v| v.as_raw_str().to_owned())
            .map_err(|e| e.to_string()),
    );
    let serde_checked = check(
        serde_json::from_slice::<serde_json::Value>(input)
            .map_err(|e| e.to_string())
            .and_then(|v| {
                v.pointer(&format!("/{key}"))
                    .map(|x| x.to_string())
                    .ok_or_else(|| "no such key".to_string())
            }),
    );
    vec![
        ours,
        Contender::new(
            "sonic-rs get_from_slice",
            || sonic_checked,
            move |n| {
                for _ in 0..n {
                    let _ = black_box(sonic_rs::get_from_slice(black_box(input), [key]));
                }
            },
        ),
        Contender::new(
            "serde_json Value + pointer",
            || serde_checked,
            move |n| {
                let ptr = format!("/{key}");
                for _ in 0..n {
                    let v: Result<serde_json::Value, _> = serde_json::from_slice(black_box(input));
                    let _ = black_box(v.map(|v| v.pointer(&ptr).is_some()));
                }
            },
        ),
    ]
}

/// Measures the corpus rows kept by `filter`; `Err` says why there is no corpus.
pub fn run(
    dir: &Path,
    budget: Budget,
    filter: Option<&str>,
    progress: &mut Progress,
) -> Result<(Vec<Row>, Vec<Row>), String> {
    if !dir.is_dir() {
        return Err(format!(
            "no corpus at {} (pass --corpus DIR holding twitter.json, canada.json, citm_catalog.json, gsoc-2018.json, github_events.json)",
            dir.display()
        ));
    }
    let mut trees = Vec::new();
    for name in FILES {
        let task = format!("build {name}");
        if filter.is_some_and(|f| !task.contains(f) && !"corpus".contains(f)) {
            continue;
        }
        let Ok(input) = std::fs::read(dir.join(format!("{name}.json"))) else {
            continue;
        };
        progress.step(&task);
        let want: serde_json::Value = serde_json::from_slice(&input).map_err(|e| e.to_string())?;
        let cells = measure(tree_contenders(&input, &want), budget);
        trees.push(Row {
            task,
            bytes: input.len(),
            cells,
        });
    }
    let mut pointers = Vec::new();
    if let Ok(citm) = std::fs::read(dir.join("citm_catalog.json")) {
        let whole: serde_json::Value = serde_json::from_slice(&citm).map_err(|e| e.to_string())?;
        for (label, key) in [
            ("first key of citm", "areaNames"),
            ("last key of citm", "venueNames"),
        ] {
            if filter.is_some_and(|f| !label.contains(f) && !"corpus".contains(f)) {
                continue;
            }
            progress.step(label);
            let want = whole[key].to_string();
            let cells = measure(pointer_contenders(&citm, key, &want), budget);
            pointers.push(Row {
                task: format!("{label} (/{key})"),
                bytes: citm.len(),
                cells,
            });
        }
    }
    Ok((trees, pointers))
}

/// Renders corpus rows as a Markdown table of µs per document.
pub fn render(title: &str, libs: &[&str], rows: &[Row]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    if rows.is_empty() {
        return s;
    }
    let _ = writeln!(s, "### {title}\n\nµs per document, best of the rounds.\n");
    let _ = writeln!(s, "| task | bytes | {} |", libs.join(" | "));
    let _ = writeln!(s, "|---|---:|{}", "---:|".repeat(libs.len()));
    let mut notes = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .cells
            .iter()
            .map(|c| match &c.outcome {
                Outcome::Timed(ns, check) => {
                    if let Check::Differs(d) = check {
                        let _ = writeln!(notes, "- MISMATCH {} {}: {d}", r.task, c.lib);
                    }
                    format!("{:.1}", ns / 1e3)
                }
                Outcome::Unavailable(why) => why.clone(),
                Outcome::Failed(e) => {
                    let _ = writeln!(notes, "- FAILED {} {}: {e}", r.task, c.lib);
                    "error (see notes)".into()
                }
            })
            .collect();
        let _ = writeln!(s, "| {} | {} | {} |", r.task, r.bytes, cells.join(" | "));
    }
    s.push('\n');
    s.push_str(&notes);
    s
}
