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
//! is measured in three such processes, one round of every workload after another, and a row is
//! the round with the middle median: one process whose heap landed badly moved a peer's
//! nanosecond encode by 15-20% (W6 prost 99 ns in one full run, 80-88 ns in three quick ones),
//! and a run of one process per workload could not repeat its own ratios within 15%.
//!
//! Two passes: a counting pass (the counting global allocator of `cser_benchmarks::alloc`:
//! bytes allocated per operation, averaged over a few calls after one warm-up call), then a
//! timing pass with criterion, run from this program (flat sampling: every sample runs the same
//! number of iterations); `median_ns`, `p10_ns` and `p90_ns` are taken from criterion's sample
//! data (`sample.json`: each sample's time / iterations). `smoke` runs every operation once (or
//! `--repeat N` times, for instruction counts under callgrind: the difference between two
//! repeat counts is the steady-state cost of the operations, without the setup) and writes
//! nothing.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode};
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

    /// How many child processes measure each workload (the middle one's row is kept).
    const ROUNDS: usize = 3;
}

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
            // `cargo bench` style flags criterion users may pass: ignored.
            "--bench" => {}
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
}

type Key = (&'static str, &'static str, Op);

fn key(case: &Case) -> Key {
    (case.workload, case.library, case.op)
}

/// The quick mode's libraries: cser and the issue-18 targets (bitcode, rkyv). postcard, prost,
/// serde_json and the legacy bincode are measured in full only: a quick run has six minutes for
/// every harness (with postcard and prost, `make bench-quick` took 6 min 37 s).
const QUICK_LIBRARIES: [&str; 3] = ["cser", "bitcode", "rkyv"];

/// Which cases a run measures: those whose id contains the filter, of its workload if it has one,
/// and in quick mode of `QUICK_LIBRARIES` only.
struct Selection {
    filter: Option<String>,
    workload: Option<&'static str>,
    /// The quick mode's libraries, or every one.
    quick: bool,
}

impl Selection {
    fn selects(&self, case: &Case) -> bool {
        self.workload.is_none_or(|w| w == case.workload)
            && (!self.quick || QUICK_LIBRARIES.contains(&case.library))
            && self
                .filter
                .as_ref()
                .is_none_or(|f| case.id().contains(f.as_str()))
    }

    /// Whether any case of `workload` can be selected (the parent starts no child for the rest).
    fn may_select(&self, workload: &str) -> bool {
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
            },
        );
    }
}

/// The timing pass: criterion, one benchmark per case, flat sampling.
struct TimingPass<'a> {
    criterion: Criterion,
    dir: PathBuf,
    selection: &'a Selection,
    results: &'a mut BTreeMap<Key, Measured>,
}

impl Runner for TimingPass<'_> {
    fn run<O, F: FnMut() -> O>(&mut self, case: &Case, mut f: F) {
        if !self.selection.selects(case) {
            return;
        }
        let mut group = self.criterion.benchmark_group(case.workload);
        group.sampling_mode(SamplingMode::Flat);
        group.bench_function(BenchmarkId::new(case.library, case.op.name()), |b| {
            b.iter(&mut f)
        });
        group.finish();
        let file = self
            .dir
            .join(case.workload)
            .join(case.library)
            .join(case.op.name())
            .join("new/sample.json");
        let per_iter = read_samples(&file)
            .unwrap_or_else(|e| panic!("criterion's samples of {}: {e}", case.id()));
        let m = self.results.entry(key(case)).or_default();
        m.bytes = case.bytes;
        m.median_ns = percentile(&per_iter, 0.5);
        m.p10_ns = percentile(&per_iter, 0.1);
        m.p90_ns = percentile(&per_iter, 0.9);
        m.samples = per_iter.len();
    }
}

/// Each sample's time / iterations, sorted, from criterion's `sample.json`.
fn read_samples(file: &Path) -> Result<Vec<f64>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let nums = |name: &str| -> Result<Vec<f64>, String> {
        v[name]
            .as_array()
            .ok_or(format!("no {name} in {}", file.display()))?
            .iter()
            .map(|x| x.as_f64().ok_or(format!("bad {name}")))
            .collect()
    };
    let (iters, times) = (nums("iters")?, nums("times")?);
    let mut per_iter: Vec<f64> = iters.iter().zip(&times).map(|(i, t)| t / i).collect();
    per_iter.sort_by(f64::total_cmp);
    if per_iter.is_empty() {
        return Err(format!("no samples in {}", file.display()));
    }
    Ok(per_iter)
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

/// Criterion's settings for a mode.
fn criterion(mode: Mode, dir: &Path) -> Criterion {
    let (samples, warm_up, measure, resamples) = match mode {
        // Per round (of three): 66 cases × (0.3 s + 0.7 s) plus the slow cases' extra time:
        // about 6.5 minutes in all. The rows are read from the samples, not from criterion's
        // bootstrap estimates, so it resamples little (100,000 resamples took 0.7 s a case).
        Mode::Full => (100, 300, 700, 1000),
        // Per round: 66 cases × (0.2 s + 0.3 s): under three minutes in all. (One process per
        // workload with 0.2 s + 0.6 s moved W4's nanosecond encodes and W1's decodes by 15-38%
        // against full; three short rounds agree with full's three long ones.)
        Mode::Quick => (30, 200, 300, 1000),
        Mode::Smoke => unreachable!("smoke does not time with criterion"),
    };
    Criterion::default()
        .sample_size(samples)
        .warm_up_time(Duration::from_millis(warm_up))
        .measurement_time(Duration::from_millis(measure))
        .nresamples(resamples)
        .without_plots()
        .output_directory(dir)
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
        "criterion": env!("CSER_BENCH_VERSION_CRITERION"),
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
        "\n{:<4} {:<11} {:>13} {:>13} {:>13} {:>13} {:>13} {:>11} {:>12} {:>12}",
        "",
        "library",
        "encode",
        "enc p10",
        "enc p90",
        "decode",
        "decode_lazy",
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
            let lazy = results
                .get(&(w, l, Op::DecodeLazy))
                .map_or("-".to_owned(), |m| ns(m.median_ns));
            println!(
                "{w:<4} {l:<11} {:>13} {:>13} {:>13} {:>13} {lazy:>13} {:>11} {:>12} {:>12}",
                ns(e.median_ns),
                ns(e.p10_ns),
                ns(e.p90_ns),
                ns(d.median_ns),
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
/// issue 18); the legacy ones: encode and decode time ≤ bincode's, bytes ≤ postcard's.
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
        let ratio = |peer, ops: &[Op]| Some(time("cser", ops)? / time(peer, ops)?);
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

fn write_results(
    out: &Path,
    mode: Mode,
    results: &BTreeMap<Key, Measured>,
    w5: W5Source,
) -> std::io::Result<()> {
    let mut rows = Vec::new();
    for w in WORKLOADS {
        for l in LIBRARIES {
            for op in Op::ALL {
                if let Some(m) = results.get(&(w, l, op)) {
                    rows.push(json!({
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
                    }));
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
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion-report");
    workloads.run(&mut TimingPass {
        criterion: criterion(args.mode, &dir),
        dir: dir.clone(),
        selection,
        results: &mut results,
    });
    (results, workloads.w5_source)
}

/// Measures each workload the selection may select in child processes of its own, `Mode::ROUNDS`
/// rounds of every workload in turn, and keeps for each row the round with the middle median.
fn measure_in_children(
    args: &Args,
    selection: &Selection,
) -> Result<(BTreeMap<Key, Measured>, W5Source), String> {
    let mut rounds: BTreeMap<Key, Vec<Measured>> = BTreeMap::new();
    let mut w5 = W5Source::File;
    for round in 1..=Mode::ROUNDS {
        println!("round {round} of {}", Mode::ROUNDS);
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
            measured.sort_by(|a, b| a.median_ns.total_cmp(&b.median_ns));
            let middle = measured.swap_remove(measured.len() / 2);
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
    if let Err(e) = write_results(&args.out, args.mode, &results, w5) {
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
