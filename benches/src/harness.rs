//! Timing: contenders of one cell group run alternately, round after round, and each keeps its
//! best time per iteration, so that a burst of noise on a shared machine hurts every library
//! alike and the minimum approaches the undisturbed cost.

use std::hint::black_box;
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// A failure from a library, as text for the table's notes.
pub type PeerResult<T = ()> = Result<T, String>;

/// What a contender's single checked run found.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// The read produced the reference values.
    SameValues,
    /// The output is byte-identical to the reference text.
    Identical,
    /// The output is valid and reads back to the reference values (not byte-compared).
    ReadsBack,
    /// The output differs from what was expected; the text says where.
    Differs(String),
}

/// The loop being timed: runs the operation `iters` times.
pub type RunFn<'a> = Box<dyn FnMut(u64) + 'a>;

/// One library doing one operation on one document.
pub struct Contender<'a> {
    /// The column label (`structio`, `serde_json`, ...).
    pub lib: &'static str,
    /// What this cell holds when it is not timed.
    pub state: ContenderState<'a>,
}

/// Whether a contender can be timed.
pub enum ContenderState<'a> {
    /// Checked once (the result), then timed by the loop.
    Ready(Check, RunFn<'a>),
    /// The capability is not built yet; the text says which issue.
    Unavailable(String),
    /// The checked run failed; the text is the error.
    Failed(String),
}

impl<'a> Contender<'a> {
    /// A contender from a checking run and a timed loop; the loop is dropped if the check fails.
    pub fn new(
        lib: &'static str,
        check: impl FnOnce() -> Result<Check, String>,
        run: impl FnMut(u64) + 'a,
    ) -> Self {
        let state = match check() {
            Ok(c) => ContenderState::Ready(c, Box::new(run)),
            Err(e) => ContenderState::Failed(e.replace('\n', " ")),
        };
        Contender { lib, state }
    }

    /// A contender whose capability has not landed.
    pub fn unavailable(lib: &'static str, why: impl Into<String>) -> Self {
        Contender {
            lib,
            state: ContenderState::Unavailable(why.into()),
        }
    }
}

/// The outcome of one cell.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Best nanoseconds per iteration, and the check.
    Timed(f64, Check),
    /// Not built yet.
    Unavailable(String),
    /// The checked run failed.
    Failed(String),
}

/// A library's result in a cell group.
#[derive(Clone, Debug)]
pub struct CellResult {
    /// The column label.
    pub lib: &'static str,
    /// What happened.
    pub outcome: Outcome,
}

/// What a batch is timed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Elapsed time (`Instant`).
    Wall,
    /// The measuring thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): the time it spends
    /// descheduled while other processes run is not counted, which on a shared machine is most
    /// of the noise. Elapsed time where the platform has no such clock.
    ThreadCpu,
}

/// How long and how often to measure.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Alternating rounds; each contender keeps its best.
    pub rounds: u32,
    /// The target duration of one timed batch, in nanoseconds.
    pub batch_ns: u64,
    /// What a batch is timed by.
    pub clock: Clock,
}

impl Budget {
    /// The default: enough rounds for a stable minimum, small enough for the 5-minute budget.
    pub const DEFAULT: Budget = Budget {
        rounds: 10,
        batch_ns: 20_000_000,
        clock: Clock::Wall,
    };
    /// `--quick`: proves the harness runs; not numbers to quote.
    pub const QUICK: Budget = Budget {
        rounds: 2,
        batch_ns: 2_000_000,
        clock: Clock::Wall,
    };
}

/// The calling thread's CPU time in nanoseconds, if the platform has the clock.
#[cfg(unix)]
fn thread_cpu_ns() -> Option<u64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; clock_gettime writes only it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
}

#[cfg(not(unix))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

/// Times one batch of `iters` runs by `clock`, in nanoseconds per run.
fn time_batch(run: &mut RunFn<'_>, iters: u64, clock: Clock) -> f64 {
    if clock == Clock::ThreadCpu
        && let Some(start) = thread_cpu_ns()
    {
        run(black_box(iters));
        let end = thread_cpu_ns().unwrap_or(start);
        return end.saturating_sub(start) as f64 / iters as f64;
    }
    let start = Instant::now();
    run(black_box(iters));
    start.elapsed().as_nanos() as f64 / iters as f64
}

/// A contender during measurement: label, (check, loop, iterations per batch, time of each
/// round) when timed, else its final outcome.
type Slot<'a> = (
    &'static str,
    Option<(Check, RunFn<'a>, u64, Vec<f64>)>,
    Outcome,
);

/// Measures every ready contender alternately and returns one result per contender, its time
/// the best round's.
pub fn measure(contenders: Vec<Contender<'_>>, budget: Budget) -> Vec<CellResult> {
    measure_rounds(contenders, budget)
        .into_iter()
        .map(|(cell, _)| cell)
        .collect()
}

/// Measures every ready contender alternately, one batch each per round, and returns one result
/// per contender (its time the best round's) with the nanoseconds per iteration of every round,
/// in round order (empty when it was not timed). The order within a round is reversed every other
/// round, so no contender always runs right after the same one.
pub fn measure_rounds(
    contenders: Vec<Contender<'_>>,
    budget: Budget,
) -> Vec<(CellResult, Vec<f64>)> {
    measure_sweep(vec![contenders], budget, &mut |_| {}).remove(0)
}

/// Calibrates a contender: one warm-up run, then enough runs to fill a batch.
fn slot(c: Contender<'_>, budget: Budget) -> Slot<'_> {
    match c.state {
        ContenderState::Ready(check, mut run) => {
            let first = time_batch(&mut run, 1, budget.clock);
            let iters = ((budget.batch_ns as f64 / first.max(1.0)) as u64).clamp(1, 1 << 24);
            let times = Vec::with_capacity(budget.rounds as usize);
            (
                c.lib,
                Some((check, run, iters, times)),
                Outcome::Failed(String::new()),
            )
        }
        ContenderState::Unavailable(why) => (c.lib, None, Outcome::Unavailable(why)),
        ContenderState::Failed(e) => (c.lib, None, Outcome::Failed(e)),
    }
}

/// Measures several groups of contenders in one sweep: every round times one batch of every
/// contender of every group, so each group's rounds are spread over the whole measurement rather
/// than bunched into one stretch of it, and a slow minute of a shared machine widens every
/// group's spread instead of shifting one group's median. Each timed batch runs right after an
/// untimed batch of the same contender, so that none pays for the switch from the one before.
/// The order is reversed every other round. `on_round` hears each round's number before it
/// runs. Returns, per group, what [`measure_rounds`] returns.
pub fn measure_sweep(
    groups: Vec<Vec<Contender<'_>>>,
    budget: Budget,
    on_round: &mut dyn FnMut(u32),
) -> Vec<Vec<(CellResult, Vec<f64>)>> {
    let sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
    let mut slots: Vec<Slot<'_>> = groups
        .into_iter()
        .flatten()
        .map(|c| slot(c, budget))
        .collect();
    for round in 0..budget.rounds {
        on_round(round);
        let mut step = |slot: &mut Slot<'_>| {
            if let Some((_, run, iters, times)) = &mut slot.1 {
                // An untimed batch first, so that every timed batch starts as warm as the
                // contender can make it. Without it the first contender after another group's
                // (the first of a group, or the last in a reversed round) paid for the switch:
                // building canada.json's tree, structio's batches were 10% slower in the rounds
                // it ran first (2,050 against 1,870 µs), yyjson's on twitter.json 20% slower in
                // the rounds it followed simdjson's (231 against 193), which moved medians by
                // where a column sits in the table.
                run(black_box(*iters));
                times.push(time_batch(run, *iters, budget.clock));
            }
        };
        if round % 2 == 0 {
            slots.iter_mut().for_each(&mut step);
        } else {
            slots.iter_mut().rev().for_each(&mut step);
        }
    }
    let mut results = slots.into_iter().map(|(lib, ready, outcome)| match ready {
        Some((check, _, _, times)) => {
            let best = times.iter().copied().fold(f64::INFINITY, f64::min);
            let outcome = Outcome::Timed(best, check);
            (CellResult { lib, outcome }, times)
        }
        None => (CellResult { lib, outcome }, Vec::new()),
    });
    sizes
        .into_iter()
        .map(|n| results.by_ref().take(n).collect())
        .collect()
}

/// The median, minimum and maximum of `xs` (`None` when empty).
pub fn spread(xs: &[f64]) -> Option<(f64, f64, f64)> {
    if xs.is_empty() {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    let median = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    Some((median, v[0], v[n - 1]))
}

/// A one-line progress report on stderr, rewritten in place on a terminal.
pub struct Progress {
    total: usize,
    done: usize,
    tty: bool,
}

impl Progress {
    /// A report of `total` steps.
    pub fn new(total: usize) -> Self {
        Progress {
            total,
            done: 0,
            tty: std::io::stderr().is_terminal(),
        }
    }

    /// Announces the step about to run.
    pub fn step(&mut self, what: &str) {
        self.done += 1;
        let mut err = std::io::stderr().lock();
        let line = format!("[{:>3}/{}] {what}", self.done, self.total);
        let _ = if self.tty {
            write!(err, "\r\x1b[K{line}")
        } else {
            writeln!(err, "{line}")
        };
        let _ = err.flush();
    }

    /// Clears the line at the end.
    pub fn finish(&self) {
        if self.tty {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
        }
    }
}

/// Where two byte strings first differ, as a note for the table (`None` when identical).
pub fn first_difference(got: &[u8], want: &[u8]) -> Option<String> {
    if got == want {
        return None;
    }
    let at = got
        .iter()
        .zip(want)
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(want.len()));
    let show = |s: &[u8]| {
        let end = (at + 24).min(s.len());
        String::from_utf8_lossy(&s[at.saturating_sub(8)..end]).into_owned()
    };
    Some(format!(
        "first difference at byte {at} of {} (expected {}): got {:?}, expected {:?}",
        got.len(),
        want.len(),
        show(got),
        show(want)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_alternately_and_keeps_failures() {
        let cs = vec![
            Contender::new(
                "a",
                || Ok(Check::SameValues),
                |i| {
                    black_box(i);
                },
            ),
            Contender::unavailable("b", "not yet"),
            Contender::new("c", || Err("boom".into()), |_| {}),
        ];
        let r = measure(
            cs,
            Budget {
                rounds: 2,
                batch_ns: 1000,
                clock: Clock::Wall,
            },
        );
        assert!(matches!(r[0].outcome, Outcome::Timed(t, Check::SameValues) if t >= 0.0));
        assert!(matches!(r[1].outcome, Outcome::Unavailable(_)));
        assert!(matches!(r[2].outcome, Outcome::Failed(_)));
    }

    #[test]
    fn keeps_every_round() {
        let r = measure_rounds(
            vec![
                Contender::new("a", || Ok(Check::SameValues), |_| {}),
                Contender::unavailable("b", "not yet"),
            ],
            Budget {
                rounds: 3,
                batch_ns: 1000,
                clock: Clock::ThreadCpu,
            },
        );
        assert_eq!(r[0].1.len(), 3);
        assert!(r[1].1.is_empty());
    }

    #[test]
    fn sweep_keeps_groups_apart() {
        let mut heard = Vec::new();
        let r = measure_sweep(
            vec![
                vec![Contender::new("a", || Ok(Check::SameValues), |_| {})],
                vec![
                    Contender::unavailable("b", "not yet"),
                    Contender::new("c", || Ok(Check::Identical), |_| {}),
                ],
            ],
            Budget {
                rounds: 2,
                batch_ns: 1000,
                clock: Clock::Wall,
            },
            &mut |round| heard.push(round),
        );
        assert_eq!(heard, [0, 1]);
        assert_eq!(r.len(), 2);
        assert_eq!((r[0].len(), r[1].len()), (1, 2));
        assert_eq!((r[1][0].0.lib, r[1][1].0.lib), ("b", "c"));
        assert_eq!(r[1][1].1.len(), 2);
    }

    #[test]
    fn every_timed_batch_follows_an_untimed_one_of_its_own() {
        use std::cell::RefCell;
        let calls = RefCell::new(Vec::new());
        let log = |lib: &'static str| {
            let calls = &calls;
            move |n: u64| calls.borrow_mut().push((lib, n))
        };
        measure_rounds(
            vec![
                Contender::new("a", || Ok(Check::SameValues), log("a")),
                Contender::new("b", || Ok(Check::SameValues), log("b")),
            ],
            Budget {
                rounds: 2,
                batch_ns: 1,
                clock: Clock::Wall,
            },
        );
        // Calibration runs each once; then per round, each contender twice in a row (the
        // untimed batch, the timed one), the order reversed in the second round.
        let calls = calls.into_inner();
        assert_eq!(&calls[..2], [("a", 1), ("b", 1)]);
        let libs: Vec<&str> = calls[2..].iter().map(|c| c.0).collect();
        assert_eq!(libs, ["a", "a", "b", "b", "b", "b", "a", "a"]);
    }

    #[test]
    fn spread_is_median_min_max() {
        assert_eq!(spread(&[]), None);
        assert_eq!(spread(&[3.0, 1.0, 2.0]), Some((2.0, 1.0, 3.0)));
        assert_eq!(spread(&[4.0, 1.0, 2.0, 3.0]), Some((2.5, 1.0, 4.0)));
    }

    #[test]
    fn difference_offsets() {
        assert_eq!(first_difference(b"abc", b"abc"), None);
        assert!(first_difference(b"abX", b"abc").unwrap().contains("byte 2"));
        assert!(first_difference(b"ab", b"abc").unwrap().contains("byte 2"));
    }
}
