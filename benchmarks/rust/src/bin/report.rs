//! Runs every (workload, library, op) of the Rust harness and writes
//! `benchmarks/results/rust.json` in the conventions' row format.
//!
//! ```text
//! cargo run --release --bin report -- --mode full|quick|smoke [--filter W3] [--out FILE]
//! cargo run --release --bin report -- --mode smoke --repeat 101 --filter W2/cser/decode
//! ```
//!
//! In `full` and `quick` mode every workload is measured in a child process of its own (this
//! program run with `--workload W2`; the parent collects the rows): how fast a Rust codec runs
//! depends on where on the heap its values' strings and the buffers it allocates land, and in one
//! process that depends on every case measured before (benchmarks/notes.md). A child builds the
//! values of every workload, as the single process did, and measures only its own. Each workload
//! is measured in five such processes (quick: of W2, W3 and W6 only), one round of every
//! workload after another, and a row is the round with the middle median: one process whose heap
//! landed badly moved a peer's nanosecond encode by 15-20% (W6 prost 99 ns in one full run,
//! 80-88 ns in three quick ones), and a run of one process per workload could not repeat its own
//! ratios within 15%.
//!
//! Two passes: a counting pass (the counting global allocator of `cser_benchmarks::alloc`:
//! bytes allocated per operation, averaged over a few calls after one warm-up call), then a
//! timing pass in turns. This VM's host swings the speed of the same code by up to 2-3x over one
//! to a few seconds (W3 bitcode decode took 2612 ns a call in one run and 1402 ns in the next,
//! each steady within its own 0.7 s), so timing one case after another, as criterion did, put
//! each library in a different host state and moved the peers' ratios to cser by up to 2x
//! between runs. Instead the libraries take turns, op by op: a warm-up pass (each case untimed
//! for 300 ms, quick 200 ms, which sizes its batches to about 7 ms, quick 5 ms), then 10 passes
//! (quick 6) in which each case, cser first, runs whole timed batches for 70 ms (quick 50 ms).
//! `median_ns`, `p10_ns` and `p90_ns` are quantiles of every batch's time per iteration;
//! `vs_cser` is the median over the passes (every round's) of the case's mean time in the pass ÷
//! cser's in the same pass: the two a fraction of a second apart, under the same host state.
//! `smoke` runs every operation once (or `--repeat N` times, for instruction counts under
//! callgrind: the difference between two repeat counts is the steady-state cost of the
//! operations, without the setup) and writes nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use cser_benchmarks::alloc;
use cser_benchmarks::harness::{Case, Op, Runner, Workloads, LIBRARIES, WORKLOADS};
use cser_benchmarks::workloads::{w5_path, W5Source};
use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Full,
    Quick,
    Smoke,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Full => "full",
            Mode::Quick => "quick",
            Mode::Smoke => "smoke",
        }
    }
}

/// How many child processes measure each workload, full and quick alike (quick's passes are
/// shorter; smoke runs in one process): the middle one's row is kept, and every one's turns count
/// for `vs_cser`. Five: a nanosecond operation's ratio moves with the process (W4 rkyv decode
/// against cser: 0.69-0.80 over eight W4-only runs of three processes), five processes of three
/// workloads fit a quick run's minutes, and the full run, the reference a quick run is compared
/// with, should not rest on fewer processes than a quick run. (W6 bitcode encode: 2.92x cser with
/// three rounds, 2.95x with five; quick runs 3.25-3.38x on one day, 2.82-3.00x the next: the
/// host's state, not the rounds.)
const ROUNDS: usize = 5;

struct Args {
    mode: Mode,
    filter: Option<String>,
    /// Set in a child process: the one workload it measures.
    workload: Option<&'static str>,
    out: PathBuf,
    /// Smoke mode: how many times each operation runs.
    repeat: u32,
}

const USAGE: &str = "usage: report --mode full|quick|smoke [--filter SUBSTRING] [--workload W] \
                     [--out FILE] [--repeat N (smoke)]";

fn parse_args() -> Result<Args, String> {
    let mut mode = None;
    let mut filter = None;
    let mut workload = None;
    let mut repeat = 1;
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = manifest
        .parent()
        .unwrap_or(manifest)
        .join("results/rust.json");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--mode" => {
                mode = Some(match value()?.as_str() {
                    "full" => Mode::Full,
                    "quick" => Mode::Quick,
                    "smoke" => Mode::Smoke,
                    other => return Err(format!("unknown mode {other}")),
                })
            }
            "--filter" => filter = Some(value()?),
            "--workload" => {
                let w = value()?;
                workload = Some(
                    WORKLOADS
                        .into_iter()
                        .find(|&known| known == w)
                        .ok_or(format!("unknown workload {w}"))?,
                );
            }
            "--out" => out = PathBuf::from(value()?),
            "--repeat" => {
                let v = value()?;
                repeat = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("--repeat needs a positive count, not {v}"))?;
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(Args {
        mode: mode.ok_or("--mode is required")?,
        filter,
        workload,
        out,
        repeat,
    })
}

/// What was measured for one case.
#[derive(Debug, Clone, Default)]
struct Measured {
    bytes: usize,
    alloc_bytes: Option<u64>,
    median_ns: f64,
    p10_ns: f64,
    p90_ns: f64,
    samples: usize,
    /// This case's mean time ÷ cser's in each timed pass (in the parent: every round's passes).
    vs_cser_passes: Vec<f64>,
}

impl Measured {
    /// The row's `vs_cser`: the median of the passes' ratios; none without cser's turns.
    fn vs_cser(&self) -> Option<f64> {
        let mut ratios = self.vs_cser_passes.clone();
        ratios.sort_by(f64::total_cmp);
        (!ratios.is_empty()).then(|| percentile(&ratios, 0.5))
    }
}

type Key = (&'static str, &'static str, Op);

fn key(case: &Case) -> Key {
    (case.workload, case.library, case.op)
}

/// The quick mode's libraries: cser and the issue-18 targets (bitcode, rkyv). postcard, prost,
/// serde_json and the legacy bincode are measured in full only: a quick run has six minutes for
/// every harness (with postcard and prost, `make bench-quick` took 6 min 37 s).
const QUICK_LIBRARIES: [&str; 3] = ["cser", "bitcode", "rkyv"];

/// The quick mode's workloads, as in the Java and Python quick runs: W1 and W5 take milliseconds
/// an operation, mostly the allocator's and the memory's time, and their ratios moved with the
/// host more than the others' (W1 bitcode decode's per-pass ratios to cser: 0.35-0.49 in one
/// process; a quick run 17% off the full run's). W4 has no target and takes a fifth of the quick
/// run's time; with the host slower than in the full run, quick runs took up to 5 min 59 s with it.
const QUICK_WORKLOADS: [&str; 3] = ["W2", "W3", "W6"];

/// Which cases a run measures: those whose id contains the filter, of its workload if it has one,
/// and in quick mode of `QUICK_LIBRARIES` and `QUICK_WORKLOADS` only.
struct Selection {
    filter: Option<String>,
    workload: Option<&'static str>,
    /// The quick mode's libraries and workloads, or every one.
    quick: bool,
}

impl Selection {
    fn selects(&self, case: &Case) -> bool {
        self.workload.is_none_or(|w| w == case.workload)
            && (!self.quick
                || QUICK_LIBRARIES.contains(&case.library)
                    && QUICK_WORKLOADS.contains(&case.workload))
            && self
                .filter
                .as_ref()
                .is_none_or(|f| case.id().contains(f.as_str()))
    }

    /// Whether any case of `workload` can be selected (the parent starts no child for the rest).
    fn may_select(&self, workload: &str) -> bool {
        if self.quick && !QUICK_WORKLOADS.contains(&workload) {
            return false;
        }
        LIBRARIES.into_iter().any(|library| {
            Op::ALL.into_iter().any(|op| {
                self.filter.as_ref().is_none_or(|f| {
                    format!("{workload}/{library}/{}", op.name()).contains(f.as_str())
                })
            })
        })
    }
}

/// The counting pass: one warm-up call (buffers grow to size), then `calls` counted calls.
struct AllocPass<'a> {
    calls: u32,
    selection: &'a Selection,
    results: &'a mut BTreeMap<Key, Measured>,
}

impl Runner for AllocPass<'_> {
    fn run<O, F: FnMut() -> O>(&mut self, case: &Case, mut f: F) {
        if !self.selection.selects(case) {
            return;
        }
        black_box(f());
        let calls = self.calls;
        let ((), bytes) = alloc::measure(|| {
            for _ in 0..calls {
                black_box(f());
            }
        });
        let m = self.results.entry(key(case)).or_default();
        m.bytes = case.bytes;
        m.alloc_bytes = Some(bytes / u64::from(calls));
    }
}

/// The smoke pass: every operation `repeat` times (once by default), timed with `Instant` and
/// counted; time and bytes are per operation.
struct SmokePass<'a> {
    repeat: u32,
    selection: &'a Selection,
    results: &'a mut BTreeMap<Key, Measured>,
}

impl Runner for SmokePass<'_> {
    fn run<O, F: FnMut() -> O>(&mut self, case: &Case, mut f: F) {
        if !self.selection.selects(case) {
            return;
        }
        let start = Instant::now();
        let ((), bytes) = alloc::measure(|| {
            for _ in 0..self.repeat {
                drop(black_box(f()));
            }
        });
        let ns = start.elapsed().as_nanos() as f64 / f64::from(self.repeat);
        self.results.insert(
            key(case),
            Measured {
                bytes: case.bytes,
                alloc_bytes: Some(bytes / u64::from(self.repeat)),
                median_ns: ns,
                p10_ns: ns,
                p90_ns: ns,
                samples: 1,
                vs_cser_passes: Vec::new(),
            },
        );
    }
}

/// The timing settings of a mode: per case 0.3 s of warm-up + 10 slices of 70 ms in full, 0.2 s +
/// 6 × 50 ms in quick (the warm-up and measurement time criterion had each case before).
#[derive(Debug, Clone, Copy)]
struct Turns {
    /// Each case's untimed warm-up, which also sizes its batches.
    warm: Duration,
    /// How many timed passes (turns of every case of an op).
    passes: usize,
    /// Each case's time in one pass: whole batches of about a tenth of it.
    slice: Duration,
}

impl Turns {
    fn of(mode: Mode) -> Turns {
        let ms = Duration::from_millis;
        match mode {
            // Per round (of five): 90 cases × (0.3 s + 10 × 70 ms), plus the children's setup.
            Mode::Full => Turns {
                warm: ms(300),
                passes: 10,
                slice: ms(70),
            },
            // Per round: 42 cases × (0.2 s + 6 × 50 ms), plus the setup. (One process
            // per workload with 0.2 s + 0.6 s moved W4's nanosecond encodes and W1's decodes by
            // 15-38% against full; three short rounds agreed with full's three long ones.)
            Mode::Quick => Turns {
                warm: ms(200),
                passes: 6,
                slice: ms(50),
            },
            Mode::Smoke => unreachable!("smoke does not time in turns"),
        }
    }

    /// A batch: about a tenth of a slice, so a slice holds about ten samples.
    fn batch_time(self) -> Duration {
        self.slice / 10
    }
}

/// One case's timing in turns.
#[derive(Debug, Default)]
struct Turn {
    /// Iterations per timed batch, sized in the warm-up.
    batch: u64,
    /// Every timed batch's ns per iteration.
    samples: Vec<f64>,
    /// Each timed pass's mean ns per iteration (its batches' total time / total iterations), in
    /// pass order.
    slices: Vec<f64>,
}

/// The timing pass, in turns: for one op, each timed case in harness order (cser first) runs
/// for a slice, then the next; the report makes several such passes. The host of this VM swings
/// the speed of the same code by 2-3x over one to a few seconds, so a peer and cser are only
/// comparable when timed within a fraction of a second of each other, and over several passes.
struct TurnsPass<'a> {
    turns: Turns,
    op: Op,
    /// 0: the warm-up; 1..=passes: the timed passes.
    pass: usize,
    /// The cases to time: the selected ones, and cser's of the same workload and op.
    timed: &'a BTreeSet<Key>,
    cases: BTreeMap<Key, Turn>,
}

impl Runner for TurnsPass<'_> {
    fn run<O, F: FnMut() -> O>(&mut self, case: &Case, mut f: F) {
        if case.op != self.op || !self.timed.contains(&key(case)) {
            return;
        }
        let turn = self.cases.entry(key(case)).or_default();
        if self.pass == 0 {
            turn.batch = warm_up(&mut f, self.turns.warm, self.turns.batch_time());
            return;
        }
        // One untimed call: the caches and branch predictors still hold the previous case's.
        black_box(f());
        let (mut total, mut iterations) = (Duration::ZERO, 0);
        let start = Instant::now();
        loop {
            let t0 = Instant::now();
            for _ in 0..turn.batch {
                black_box(f());
            }
            let t1 = Instant::now();
            let elapsed = t1 - t0;
            turn.samples
                .push(elapsed.as_nanos() as f64 / turn.batch as f64);
            total += elapsed;
            iterations += turn.batch;
            if t1 - start >= self.turns.slice {
                break;
            }
        }
        turn.slices
            .push(total.as_nanos() as f64 / iterations as f64);
    }
}

/// Runs `f` untimed for about `warm` and returns how many iterations take about `batch_time`,
/// from its time per iteration in the second half of the warm-up (after the first calls' cold
/// caches). The warm-up runs in chunks that double up to a batch, so it reads the clock seldom.
fn warm_up<O>(f: &mut impl FnMut() -> O, warm: Duration, batch_time: Duration) -> u64 {
    let start = Instant::now();
    let mut chunk = 1;
    let (mut late, mut late_iterations) = (Duration::ZERO, 0);
    let mut last: (Duration, u64);
    loop {
        let t0 = Instant::now();
        for _ in 0..chunk {
            black_box(f());
        }
        let t1 = Instant::now();
        last = (t1 - t0, chunk);
        if t0 - start >= warm / 2 {
            late += t1 - t0;
            late_iterations += chunk;
        }
        if t1 - start >= warm {
            break;
        }
        chunk = (chunk * 2).min(iterations_in(batch_time, last.0, last.1));
    }
    if late_iterations > 0 {
        iterations_in(batch_time, late, late_iterations)
    } else {
        iterations_in(batch_time, last.0, last.1)
    }
}

/// How many iterations take about `time` (at least one), when `iterations` took `took`.
fn iterations_in(time: Duration, took: Duration, iterations: u64) -> u64 {
    let per_iteration = (took.as_nanos() as f64 / iterations as f64).max(0.1);
    ((time.as_nanos() as f64 / per_iteration).round() as u64).max(1)
}

/// Times the `timed` cases in turns, op by op: a warm-up pass, then the timed passes.
fn time_in_turns(
    workloads: &Workloads,
    turns: Turns,
    timed: &BTreeSet<Key>,
) -> BTreeMap<Key, Turn> {
    let mut pass = TurnsPass {
        turns,
        op: Op::Encode,
        pass: 0,
        timed,
        cases: BTreeMap::new(),
    };
    for op in Op::ALL {
        let of_op: Vec<&str> = WORKLOADS
            .into_iter()
            .filter(|&w| timed.iter().any(|&(tw, _, top)| tw == w && top == op))
            .collect();
        pass.op = op;
        for p in 0..=turns.passes {
            pass.pass = p;
            for &w in &of_op {
                workloads.run_workload(w, &mut pass);
            }
        }
    }
    pass.cases
}

/// Fills the timed rows of `results` from their turns: quantiles of the batches, and each pass's
/// ratio to cser's slice in the same pass.
fn fill_from_turns(results: &mut BTreeMap<Key, Measured>, turns: &BTreeMap<Key, Turn>) {
    for (&(w, l, op), m) in results.iter_mut() {
        let turn = &turns[&(w, l, op)];
        let mut samples = turn.samples.clone();
        samples.sort_by(f64::total_cmp);
        m.median_ns = percentile(&samples, 0.5);
        m.p10_ns = percentile(&samples, 0.1);
        m.p90_ns = percentile(&samples, 0.9);
        m.samples = samples.len();
        m.vs_cser_passes = match turns.get(&(w, "cser", op)) {
            Some(cser) => turn
                .slices
                .iter()
                .zip(&cser.slices)
                .map(|(peer, cser)| peer / cser)
                .collect(),
            None => Vec::new(),
        };
    }
}

/// `ns` rounded to a tenth.
fn tenths(ns: f64) -> f64 {
    (ns * 10.0).round() / 10.0
}

/// The `p` quantile of sorted values, interpolating linearly between neighbours.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    let pos = p * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}

fn machine() -> Value {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned());
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let memory_gib = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map(|kb| (kb / 1024.0 / 1024.0 * 10.0).round() / 10.0);
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .map(|s| s.trim().to_owned())
        .unwrap_or_default();
    json!({
        "cpu": cpu,
        "cores": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1),
        "memory_gib": memory_gib,
        "os": format!("{} {} {}", std::env::consts::OS, kernel, std::env::consts::ARCH),
        "rustc": env!("CSER_BENCH_RUSTC"),
        "profile": if cfg!(debug_assertions) { "debug" } else { "release" },
    })
}

fn git_revision() -> Option<String> {
    let out = std::process::Command::new("git")
        .args([
            "-C",
            env!("CARGO_MANIFEST_DIR"),
            "rev-parse",
            "--short",
            "HEAD",
        ])
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

fn versions() -> Value {
    let cser = match git_revision() {
        Some(rev) => format!("{} (git {rev})", env!("CSER_BENCH_VERSION_CSER")),
        None => env!("CSER_BENCH_VERSION_CSER").to_owned(),
    };
    json!({
        "cser": cser,
        "bitcode": env!("CSER_BENCH_VERSION_BITCODE"),
        "rkyv": env!("CSER_BENCH_VERSION_RKYV"),
        "bincode": env!("CSER_BENCH_VERSION_BINCODE"),
        "postcard": env!("CSER_BENCH_VERSION_POSTCARD"),
        "prost": env!("CSER_BENCH_VERSION_PROST"),
        "serde_json": env!("CSER_BENCH_VERSION_SERDE_JSON"),
        "serde": env!("CSER_BENCH_VERSION_SERDE"),
    })
}

fn ns(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2} ms", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.2} µs", x / 1e3)
    } else {
        format!("{x:.0} ns")
    }
}

fn print_table(results: &BTreeMap<Key, Measured>) {
    println!(
        "\n{:<4} {:<11} {:>13} {:>13} {:>13} {:>13} {:>13} {:>8} {:>8} {:>11} {:>12} {:>12}",
        "",
        "library",
        "encode",
        "enc p10",
        "enc p90",
        "decode",
        "decode_lazy",
        "enc/cser",
        "dec/cser",
        "bytes",
        "enc alloc",
        "dec alloc"
    );
    for w in WORKLOADS {
        for l in LIBRARIES {
            let (Some(e), Some(d)) = (
                results.get(&(w, l, Op::Encode)),
                results.get(&(w, l, Op::Decode)),
            ) else {
                continue;
            };
            let alloc = |m: &Measured| m.alloc_bytes.map_or("-".to_owned(), |a| a.to_string());
            let vs = |m: &Measured| m.vs_cser().map_or("-".to_owned(), |r| format!("{r:.2}"));
            let (ve, vd) = (vs(e), vs(d));
            let lazy = results
                .get(&(w, l, Op::DecodeLazy))
                .map_or("-".to_owned(), |m| ns(m.median_ns));
            let times = format!(
                "{:>13} {:>13} {:>13} {:>13} {lazy:>13}",
                ns(e.median_ns),
                ns(e.p10_ns),
                ns(e.p90_ns),
                ns(d.median_ns),
            );
            println!(
                "{w:<4} {l:<11} {times} {ve:>8} {vd:>8} {:>11} {:>12} {:>12}",
                e.bytes,
                alloc(e),
                alloc(d)
            );
        }
    }
}

/// A ratio cell: `0.93 met` or `1.21 NOT MET` (met when ≤ 1.00), `-` when not measured.
fn cell(r: Option<f64>, all: &mut bool) -> String {
    match r {
        Some(r) => {
            let met = r <= 1.0;
            *all &= met;
            format!("{r:.2} {}", if met { "met" } else { "NOT MET" })
        }
        None => "-".to_owned(),
    }
}

/// The Rust targets: cser's encode+decode time ≤ bitcode's and ≤ rkyv's (access + deserialize;
/// issue 18); the legacy ones: encode and decode time ≤ bincode's, bytes ≤ postcard's. Time
/// ratios come from the peers' `vs_cser` (paired with cser pass by pass) where the rows have one.
fn print_targets(results: &BTreeMap<Key, Measured>) {
    println!("\nTargets (cser / peer; met when ≤ 1.00):");
    println!(
        "{:<4} {:>16} {:>16} {:>18} {:>18} {:>26}",
        "",
        "e+d vs bitcode",
        "e+d vs rkyv",
        "encode vs bincode",
        "decode vs bincode",
        "bytes vs postcard"
    );
    let mut all = true;
    for w in WORKLOADS {
        let get = |l, op| results.get(&(w, l, op));
        let time = |l, ops: &[Op]| -> Option<f64> {
            ops.iter().map(|&op| get(l, op).map(|m| m.median_ns)).sum()
        };
        // Peer time ÷ cser time over `ops`: from vs_cser, over several ops weighted by cser's
        // medians (the peer's time taken as vs_cser × cser's); else the medians' ratio.
        let paired = |peer, ops: &[Op]| -> Option<f64> {
            if let [op] = ops {
                return get(peer, *op)?.vs_cser();
            }
            let (mut p, mut c) = (0.0, 0.0);
            for &op in ops {
                let cser = get("cser", op)?.median_ns;
                p += get(peer, op)?.vs_cser()? * cser;
                c += cser;
            }
            Some(p / c)
        };
        let ratio = |peer, ops: &[Op]| match paired(peer, ops) {
            Some(vs) => Some(1.0 / vs),
            None => Some(time("cser", ops)? / time(peer, ops)?),
        };
        let ed = [Op::Encode, Op::Decode];
        let cells = [
            cell(ratio("bitcode", &ed), &mut all),
            cell(ratio("rkyv", &ed), &mut all),
            cell(ratio("bincode", &[Op::Encode]), &mut all),
            cell(ratio("bincode", &[Op::Decode]), &mut all),
        ];
        // Sizes differ by a few bytes: the ratio to 4 places and the difference.
        let b = match (get("cser", Op::Encode), get("postcard", Op::Encode)) {
            (Some(c), Some(p)) => {
                let met = c.bytes <= p.bytes;
                all &= met;
                format!(
                    "{:.4} {:+} B {}",
                    c.bytes as f64 / p.bytes as f64,
                    c.bytes as i64 - p.bytes as i64,
                    if met { "met" } else { "NOT MET" }
                )
            }
            _ => "-".to_owned(),
        };
        if cells.iter().any(|c| c != "-") || b != "-" {
            let [eb, er, e, d] = cells;
            println!("{w:<4} {eb:>16} {er:>16} {e:>18} {d:>18} {b:>26}");
        }
    }
    println!(
        "{}",
        if all {
            "all targets met"
        } else {
            "some targets not met"
        }
    );
}

/// Writes the rows; a child (`passes`) also each row's per-pass ratios to cser, for the parent.
fn write_results(
    out: &Path,
    mode: Mode,
    results: &BTreeMap<Key, Measured>,
    w5: W5Source,
    passes: bool,
) -> std::io::Result<()> {
    let mut rows = Vec::new();
    for w in WORKLOADS {
        for l in LIBRARIES {
            for op in Op::ALL {
                if let Some(m) = results.get(&(w, l, op)) {
                    let mut row = json!({
                        "language": "rust",
                        "workload": w,
                        "library": l,
                        "op": op.name(),
                        // Tenths of a nanosecond: W4's encodes take 9-12 ns, and whole
                        // nanoseconds moved their ratios by up to 10%.
                        "median_ns": tenths(m.median_ns),
                        "p10_ns": tenths(m.p10_ns),
                        "p90_ns": tenths(m.p90_ns),
                        "bytes": m.bytes,
                        "alloc_bytes": m.alloc_bytes,
                        // This case's time ÷ cser's, timed in the same passes (null without
                        // cser's turns: decode_lazy).
                        "vs_cser": m.vs_cser().map(|r| (r * 1000.0).round() / 1000.0),
                    });
                    if passes {
                        row["vs_cser_passes"] = json!(m.vs_cser_passes);
                    }
                    rows.push(row);
                }
            }
        }
    }
    let mut doc = json!({
        "language": "rust",
        "mode": mode.name(),
        "machine": machine(),
        "versions": versions(),
        "rows": rows,
    });
    if w5 == W5Source::BuiltIn {
        doc["warnings"] = json!([format!(
            "W5 is a built-in set of 3 molecules: {} was absent",
            w5_path().display()
        )]);
    }
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = out.with_extension("json.tmp");
    std::fs::write(&tmp, serde_json::to_string_pretty(&doc)? + "\n")?;
    std::fs::rename(&tmp, out)
}

/// Measures the selected cases in this process: counting pass, then timing pass.
fn measure_here(args: &Args, selection: &Selection) -> (BTreeMap<Key, Measured>, W5Source) {
    let workloads = Workloads::load();
    let mut results = BTreeMap::new();
    workloads.run(&mut AllocPass {
        calls: if args.mode == Mode::Full { 10 } else { 3 },
        selection,
        results: &mut results,
    });
    // cser takes its turns wherever a selected peer does, selected or not: the peer's ratios
    // pair each of its slices with cser's.
    let timed: BTreeSet<Key> = results
        .keys()
        .flat_map(|&(w, l, op)| [(w, l, op), (w, "cser", op)])
        .collect();
    let turns = time_in_turns(&workloads, Turns::of(args.mode), &timed);
    fill_from_turns(&mut results, &turns);
    (results, workloads.w5_source)
}

/// Measures each workload the selection may select in child processes of its own, [`ROUNDS`]
/// rounds of every workload in turn, and keeps for each row the round with the middle median
/// (and the median ratio to cser of all rounds' passes).
fn measure_in_children(
    args: &Args,
    selection: &Selection,
) -> Result<(BTreeMap<Key, Measured>, W5Source), String> {
    let mut rounds: BTreeMap<Key, Vec<Measured>> = BTreeMap::new();
    let mut w5 = W5Source::File;
    for round in 1..=ROUNDS {
        println!("round {round} of {ROUNDS}");
        let (results, source) = measure_round(args, selection)?;
        if source == W5Source::BuiltIn {
            w5 = W5Source::BuiltIn;
        }
        for (key, measured) in results {
            rounds.entry(key).or_default().push(measured);
        }
    }
    let results = rounds
        .into_iter()
        .map(|(key, mut measured)| {
            // Each pass's ratio already pairs the case with cser under one host state: every
            // round's passes count, pooled, rather than one round's.
            let passes = measured
                .iter()
                .flat_map(|m| m.vs_cser_passes.iter().copied())
                .collect();
            measured.sort_by(|a, b| a.median_ns.total_cmp(&b.median_ns));
            let mut middle = measured.swap_remove(measured.len() / 2);
            middle.vs_cser_passes = passes;
            (key, middle)
        })
        .collect();
    Ok((results, w5))
}

/// One round: each workload the selection may select in a child process of its own; the rows
/// the children write.
fn measure_round(
    args: &Args,
    selection: &Selection,
) -> Result<(BTreeMap<Key, Measured>, W5Source), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let rows_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/report-workloads");
    std::fs::create_dir_all(&rows_dir).map_err(|e| format!("{}: {e}", rows_dir.display()))?;
    let mut results = BTreeMap::new();
    let mut w5 = W5Source::File;
    for workload in WORKLOADS.into_iter().filter(|w| selection.may_select(w)) {
        let out = rows_dir.join(format!("{workload}.json"));
        let _ = std::fs::remove_file(&out);
        let mut child = std::process::Command::new(&exe);
        child.args(["--mode", args.mode.name(), "--workload", workload, "--out"]);
        child.arg(&out);
        if let Some(f) = &selection.filter {
            child.args(["--filter", f]);
        }
        let status = child
            .status()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        if !status.success() {
            return Err(format!("measuring {workload} failed ({status})"));
        }
        let text = std::fs::read_to_string(&out).map_err(|e| format!("{}: {e}", out.display()))?;
        let doc: Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", out.display()))?;
        if doc.get("warnings").is_some() {
            w5 = W5Source::BuiltIn;
        }
        for row in doc["rows"].as_array().into_iter().flatten() {
            let (key, measured) = row_measured(row).ok_or(format!(
                "{}: a row this program did not write",
                out.display()
            ))?;
            results.insert(key, measured);
        }
    }
    Ok((results, w5))
}

/// A row of `write_results` read back.
fn row_measured(row: &Value) -> Option<(Key, Measured)> {
    let field = |name: &str| row[name].as_str();
    let workload = WORKLOADS
        .into_iter()
        .find(|&w| Some(w) == field("workload"))?;
    let library = LIBRARIES
        .into_iter()
        .find(|&l| Some(l) == field("library"))?;
    let op = Op::ALL
        .into_iter()
        .find(|op| Some(op.name()) == field("op"))?;
    let ns = |name: &str| row[name].as_f64();
    let measured = Measured {
        bytes: usize::try_from(row["bytes"].as_u64()?).ok()?,
        alloc_bytes: row["alloc_bytes"].as_u64(),
        median_ns: ns("median_ns")?,
        p10_ns: ns("p10_ns")?,
        p90_ns: ns("p90_ns")?,
        samples: 0,
        vs_cser_passes: row["vs_cser_passes"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_f64).collect())
            .unwrap_or_default(),
    };
    Some(((workload, library, op), measured))
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("{e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    if cfg!(debug_assertions) && args.mode != Mode::Smoke && args.workload.is_none() {
        eprintln!("warning: a debug build; timings are meaningless (use cargo run --release)");
    }
    let started = Instant::now();
    let selection = Selection {
        filter: args.filter.clone(),
        workload: args.workload,
        quick: args.mode == Mode::Quick,
    };
    if args.mode == Mode::Smoke {
        let workloads = Workloads::load();
        let mut results = BTreeMap::new();
        workloads.run(&mut SmokePass {
            repeat: args.repeat,
            selection: &selection,
            results: &mut results,
        });
        print_table(&results);
        println!(
            "\nsmoke: {} operations ran {} time(s) each in {:.1} s; nothing written",
            results.len(),
            args.repeat,
            started.elapsed().as_secs_f64()
        );
        return ExitCode::SUCCESS;
    }
    let (results, w5) = if args.workload.is_some() {
        measure_here(&args, &selection)
    } else {
        match measure_in_children(&args, &selection) {
            Ok(measured) => measured,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    };
    if let Err(e) = write_results(&args.out, args.mode, &results, w5, args.workload.is_some()) {
        eprintln!("cannot write {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    if args.workload.is_some() {
        // A child: the parent prints the table of every workload.
        return ExitCode::SUCCESS;
    }
    print_table(&results);
    print_targets(&results);
    println!(
        "\n{} mode: {} rows written to {} in {:.0} s",
        args.mode.name(),
        results.len(),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
