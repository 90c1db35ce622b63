//! The rows in the conventions' format (benchmarks/README.md, "Results"): written to the
//! results file, and a child's read back by the parent.

use std::collections::BTreeMap;
use std::path::Path;

use cser_benchmarks::harness::{Op, LIBRARIES, WORKLOADS};
use cser_benchmarks::workloads::{w5_path, W5Source};
use serde_json::{json, Value};

use crate::args::Mode;
use crate::measured::{Key, Measured};

/// Writes the rows; a child (`passes`) also each row's per-pass ratios to cser, for the parent.
pub fn write_results(
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
                        // Tenths of a nanosecond: W4's encodes take about ten, so whole
                        // nanoseconds would move their ratios by several percent.
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

/// A row of `write_results` read back.
pub fn row_measured(row: &Value) -> Option<(Key, Measured)> {
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

/// `ns` rounded to a tenth.
fn tenths(ns: f64) -> f64 {
    (ns * 10.0).round() / 10.0
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
