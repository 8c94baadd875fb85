//! `compare cpp-peers`: building a tree from the corpus and the traversal tasks of the peer notes
//! ("Reading a document without a type"), structio beside sonic-rs and the C++ simdjson (DOM and
//! On-Demand) and C yyjson (read-only and mutable documents), all in one process. build.rs links
//! each C/C++ harness in when the `cpp-peers` feature is on and `STRUCTIO_SIMDJSON_DIR` or
//! `STRUCTIO_YYJSON_DIR` names a checkout; a library not built in has "not built" cells. Every
//! group's sides alternate batch by batch over the whole run
//! ([`measure_sweep`]), and each cell is the median of its rounds
//! with their spread. Every implementation's answer is checked against serde_json's.

mod ffi;
mod render;
pub mod tasks;

use std::hint::black_box;
use std::path::PathBuf;

use crate::harness::{measure_sweep, Budget, CellResult, Check, Contender, Progress};
use ffi::{CppDoc, Mode};

/// The text of a C++ library's cells when it is not linked in.
pub const NOT_BUILT_CELL: &str =
    "not built (cargo xtask glaze --simdjson-dir DIR --yyjson-dir DIR)";

/// What is done with a document. Numbered as `Task` in both harnesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Task {
    /// Build the tree (and drop it).
    Build = 0,
    /// The number of members of citm_catalog's first member (`areaNames`).
    FirstKey,
    /// The number of members of citm_catalog's last member (`venueNames`).
    LastKey,
    /// The sum of twitter's `statuses[*].id`, wrapping at 2^64.
    SumIds,
    /// The number of values (containers and scalars, the root included) in citm_catalog.
    Count,
    /// The sum, in document order, of every number in canada's `features[*].geometry.coordinates`.
    SumCoords,
}

impl Task {
    /// The traversal tasks in table order.
    pub const TRAVERSALS: [Task; 5] = [
        Task::FirstKey,
        Task::LastKey,
        Task::SumIds,
        Task::Count,
        Task::SumCoords,
    ];

    /// The row label and `--filter` text.
    pub fn name(self) -> &'static str {
        match self {
            Task::Build => "build",
            Task::FirstKey => "first-key",
            Task::LastKey => "last-key",
            Task::SumIds => "sum-ids",
            Task::Count => "count",
            Task::SumCoords => "sum-coords",
        }
    }

    /// The corpus document the task reads.
    pub fn document(self) -> &'static str {
        match self {
            Task::Build | Task::FirstKey | Task::LastKey | Task::Count => "citm_catalog",
            Task::SumIds => "twitter",
            Task::SumCoords => "canada",
        }
    }

    /// The answer as printed: an `f64` sum from its bits, else the integer.
    pub fn show(self, answer: u64) -> String {
        if self == Task::SumCoords {
            format!("{:?}", f64::from_bits(answer))
        } else {
            answer.to_string()
        }
    }
}

/// The tables, as `--filter` and `cells.tsv` name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// Building a tree from each corpus document.
    Build,
    /// Each task from the bytes (parse or iterate, then the answer).
    Task,
    /// Each task over a tree built beforehand.
    Walk,
}

impl Table {
    /// The table's name in `--filter` (`task/count`) and `cells.tsv`.
    pub fn name(self) -> &'static str {
        match self {
            Table::Build => "build",
            Table::Task => "task",
            Table::Walk => "walk",
        }
    }
}

/// The tree builders' column labels.
pub const BUILD_LIBS: [&str; 6] = [
    "structio Value",
    "sonic_rs::Value",
    "serde_json::Value",
    "simdjson DOM",
    "yyjson doc",
    "yyjson mutable doc",
];

/// The from-the-bytes traversal columns.
pub const TASK_LIBS: [&str; 9] = [
    "structio Reader",
    "structio Reader, structural skips",
    "structio pointer",
    "structio Value",
    "sonic-rs LazyValue",
    "sonic_rs::Value",
    "simdjson On-Demand",
    "simdjson DOM",
    "yyjson doc",
];

/// The over-a-built-tree columns.
pub const WALK_LIBS: [&str; 4] = [
    "structio Value",
    "sonic_rs::Value",
    "simdjson DOM",
    "yyjson doc",
];

/// Options of `compare cpp-peers`.
#[derive(Clone, Debug)]
pub struct Options {
    /// Rounds and batch length.
    pub budget: Budget,
    /// Keep only groups whose `table/row` contains this.
    pub filter: Option<String>,
    /// The corpus directory.
    pub corpus: PathBuf,
    /// Where `cells.tsv` is written, if anywhere.
    pub out: Option<PathBuf>,
    /// What the report says simdjson and yyjson are (the xtask knows their versions).
    pub label: Option<String>,
    /// `--quick` was given.
    pub quick: bool,
}

/// One measured group: a row of one table.
pub struct Group {
    /// The table.
    pub table: Table,
    /// The row label (a document for `Build`, a task otherwise).
    pub row: String,
    /// The task.
    pub task: Task,
    /// The input's size.
    pub bytes: usize,
    /// The reference answer (serde_json's), for traversal rows.
    pub answer: Option<u64>,
    /// Each side's result and rounds, in the table's column order.
    pub sides: Vec<(CellResult, Vec<f64>)>,
}

/// A contender that runs `f` on `input` and is checked against `want`.
fn answering<'a>(
    lib: &'static str,
    task: Task,
    want: u64,
    f: impl Fn(Task, &[u8]) -> tasks::Answer + 'a,
    input: &'a [u8],
) -> Contender<'a> {
    let checked = f(task, input).map(|got| same_answer(task, got, want));
    Contender::new(
        lib,
        || checked,
        move |n| {
            for _ in 0..n {
                let _ = black_box(f(task, black_box(input)));
            }
        },
    )
}

fn same_answer(task: Task, got: u64, want: u64) -> Check {
    if got == want {
        Check::SameValues
    } else {
        Check::Differs(format!(
            "answered {}, serde_json {}",
            task.show(got),
            task.show(want)
        ))
    }
}

/// A C++ contender: `mode` on its own copy of `input`, checked by `check`.
fn cpp<'a>(
    lib: &'static str,
    mode: Mode,
    task: Task,
    input: &[u8],
    check: impl FnOnce(&mut CppDoc) -> Result<Check, String>,
) -> Contender<'a> {
    let mut doc = match CppDoc::open(mode, input) {
        Ok(d) => d,
        Err(e) if !mode.built() => return Contender::unavailable(lib, e),
        Err(e) => return Contender::new(lib, || Err(e), |_| {}),
    };
    let checked = check(&mut doc);
    Contender::new(
        lib,
        || checked,
        move |n| {
            let _ = black_box(doc.run(mode, task, black_box(n)));
        },
    )
}

/// A C++ traversal contender checked against `want`.
fn cpp_answering<'a>(
    lib: &'static str,
    mode: Mode,
    task: Task,
    want: u64,
    input: &[u8],
) -> Contender<'a> {
    cpp(lib, mode, task, input, |d| {
        d.run(mode, task, 1).map(|got| same_answer(task, got, want))
    })
}

/// Whether the text of a tree (compact JSON) holds the same values as serde_json's tree.
fn same_tree(text: &[u8], want: &serde_json::Value) -> Result<Check, String> {
    let got: serde_json::Value = serde_json::from_slice(text).map_err(|e| e.to_string())?;
    Ok(if &got == want {
        Check::SameValues
    } else {
        Check::Differs("tree differs from serde_json's".into())
    })
}

/// The tree builders on `input`.
fn build_contenders<'a>(input: &'a [u8], want: &'a serde_json::Value) -> Vec<Contender<'a>> {
    let sio_checked = structio_value::from_slice(input)
        .map_err(|e| e.to_string())
        .and_then(|v| same_tree(&structio_value::to_vec(&v), want));
    let sonic_checked = sonic_rs::from_slice::<sonic_rs::Value>(input)
        .map_err(|e| e.to_string())
        .and_then(|v| same_tree(&sonic_rs::to_vec(&v).map_err(|e| e.to_string())?, want));
    let serde_checked = serde_json::from_slice::<serde_json::Value>(input)
        .map_err(|e| e.to_string())
        .map(|v| {
            if &v == want {
                Check::SameValues
            } else {
                Check::Differs("differs".into())
            }
        });
    vec![
        Contender::new(
            BUILD_LIBS[0],
            || sio_checked,
            move |n| {
                for _ in 0..n {
                    let _ = black_box(structio_value::from_slice(black_box(input)));
                }
            },
        ),
        Contender::new(
            BUILD_LIBS[1],
            || sonic_checked,
            move |n| {
                for _ in 0..n {
                    let _ = black_box(sonic_rs::from_slice::<sonic_rs::Value>(black_box(input)));
                }
            },
        ),
        Contender::new(
            BUILD_LIBS[2],
            || serde_checked,
            move |n| {
                for _ in 0..n {
                    let _ = black_box(serde_json::from_slice::<serde_json::Value>(black_box(
                        input,
                    )));
                }
            },
        ),
        cpp(BUILD_LIBS[3], Mode::SimdjsonDom, Task::Build, input, |d| {
            d.run(Mode::SimdjsonDom, Task::Build, 1)?;
            same_tree(&d.dump(false), want)
        }),
        cpp(BUILD_LIBS[4], Mode::Yyjson, Task::Build, input, |d| {
            d.run(Mode::Yyjson, Task::Build, 1)?;
            same_tree(&d.dump(false), want)
        }),
        cpp(
            BUILD_LIBS[5],
            Mode::YyjsonMutable,
            Task::Build,
            input,
            |d| {
                d.run(Mode::YyjsonMutable, Task::Build, 1)?;
                same_tree(&d.dump(true), want)
            },
        ),
    ]
}

/// The from-the-bytes contenders of `task`.
fn task_contenders(task: Task, input: &[u8], want: u64) -> Vec<Contender<'_>> {
    vec![
        answering(TASK_LIBS[0], task, want, tasks::sio_reader, input),
        answering(
            TASK_LIBS[1],
            task,
            want,
            tasks::sio_reader_structural_skips,
            input,
        ),
        answering(TASK_LIBS[2], task, want, tasks::sio_pointer, input),
        answering(TASK_LIBS[3], task, want, tasks::sio_value, input),
        answering(TASK_LIBS[4], task, want, tasks::sonic_lazy, input),
        answering(TASK_LIBS[5], task, want, tasks::sonic_value, input),
        cpp_answering(TASK_LIBS[6], Mode::SimdjsonOnDemand, task, want, input),
        cpp_answering(TASK_LIBS[7], Mode::SimdjsonDom, task, want, input),
        cpp_answering(TASK_LIBS[8], Mode::Yyjson, task, want, input),
    ]
}

/// The over-a-built-tree contenders of `task`.
fn walk_contenders(task: Task, input: &[u8], want: u64) -> Result<Vec<Contender<'_>>, String> {
    let sio = structio_value::from_slice(input).map_err(|e| e.to_string())?;
    let sonic: sonic_rs::Value = sonic_rs::from_slice(input).map_err(|e| e.to_string())?;
    let sio_checked = tasks::walk_sio_value(task, &sio).map(|got| same_answer(task, got, want));
    let sonic_checked =
        tasks::walk_sonic_value(task, &sonic).map(|got| same_answer(task, got, want));
    Ok(vec![
        Contender::new(
            WALK_LIBS[0],
            || sio_checked,
            move |n| {
                for _ in 0..n {
                    let _ = black_box(tasks::walk_sio_value(task, black_box(&sio)));
                }
            },
        ),
        Contender::new(
            WALK_LIBS[1],
            || sonic_checked,
            move |n| {
                for _ in 0..n {
                    let _ = black_box(tasks::walk_sonic_value(task, black_box(&sonic)));
                }
            },
        ),
        cpp_answering(WALK_LIBS[2], Mode::SimdjsonDomWalk, task, want, input),
        cpp_answering(WALK_LIBS[3], Mode::YyjsonWalk, task, want, input),
    ])
}

/// Whether `--filter` keeps `table/row`: one of its comma-separated texts is a substring of it.
fn keep(filter: Option<&str>, table: Table, row: &str) -> bool {
    let name = format!("{}/{row}", table.name());
    filter.is_none_or(|f| f.split(',').any(|f| name.contains(f)))
}

/// The groups `--filter` keeps, as (table, row, task, document).
fn kept(filter: Option<&str>) -> Vec<(Table, String, Task, &'static str)> {
    let mut out = Vec::new();
    for name in crate::corpus::FILES {
        if keep(filter, Table::Build, name) {
            out.push((Table::Build, name.to_string(), Task::Build, name));
        }
    }
    for table in [Table::Task, Table::Walk] {
        for task in Task::TRAVERSALS {
            if keep(filter, table, task.name()) {
                out.push((table, task.name().to_string(), task, task.document()));
            }
        }
    }
    out
}

/// Whether `--filter` keeps any group (so that `cargo xtask glaze` can say it skipped these).
pub fn keeps_any(filter: Option<&str>) -> bool {
    !kept(filter).is_empty()
}

/// Measures every kept group in one sweep and returns the Markdown report.
pub fn run(opts: &Options) -> Result<String, String> {
    let dir = &opts.corpus;
    if !dir.is_dir() {
        return Err(format!(
            "no corpus at {} (pass --corpus DIR holding {}.json)",
            dir.display(),
            crate::corpus::FILES.join(".json, ")
        ));
    }
    let groups = kept(opts.filter.as_deref());
    if groups.is_empty() {
        return Ok(format!(
            "## Trees and traversal beside simdjson and yyjson\n\n--filter {:?} keeps none of these groups.\n",
            opts.filter.as_deref().unwrap_or("")
        ));
    }
    // Every document read once, before any contender borrows it.
    let mut docs: Vec<(&'static str, Vec<u8>, serde_json::Value)> = Vec::new();
    for &(_, _, _, name) in &groups {
        if docs.iter().any(|d| d.0 == name) {
            continue;
        }
        let path = dir.join(format!("{name}.json"));
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let tree = serde_json::from_slice(&bytes).map_err(|e| format!("{name}: {e}"))?;
        docs.push((name, bytes, tree));
    }
    let mut progress = Progress::new(groups.len() + opts.budget.rounds as usize);
    let mut shapes = Vec::new();
    let mut lists = Vec::new();
    for (table, row, task, name) in groups {
        progress.step(&format!("preparing {}/{row}", table.name()));
        let (_, input, tree) = docs.iter().find(|d| d.0 == name).expect("read above");
        let answer = (task != Task::Build)
            .then(|| tasks::reference(task, tree))
            .transpose()?;
        let list = match table {
            Table::Build => build_contenders(input, tree),
            Table::Task => task_contenders(task, input, answer.unwrap_or_default()),
            Table::Walk => walk_contenders(task, input, answer.unwrap_or_default())?,
        };
        shapes.push((table, row, task, input.len(), answer));
        lists.push(list);
    }
    let rounds = opts.budget.rounds;
    let measured = measure_sweep(lists, opts.budget, &mut |r| {
        progress.step(&format!("round {}/{rounds} of every group", r + 1));
    });
    progress.finish();
    let groups: Vec<Group> = shapes
        .into_iter()
        .zip(measured)
        .map(|((table, row, task, bytes, answer), sides)| Group {
            table,
            row,
            task,
            bytes,
            answer,
            sides,
        })
        .collect();
    if let Some(out) = &opts.out {
        render::write_tsv(&out.join("cells.tsv"), &groups)?;
    }
    Ok(render::report(opts, &groups))
}
