//! The rounds of child processes: each workload measured in processes of its own, the rows of
//! every round pooled into one.

use std::collections::BTreeMap;
use std::path::Path;

use cser_benchmarks::harness::WORKLOADS;
use cser_benchmarks::workloads::W5Source;
use serde_json::Value;

use crate::args::Args;
use crate::measured::{Key, Measured};
use crate::rows::row_measured;
use crate::selection::Selection;

/// How many child processes measure each workload, full and quick alike (quick's passes are
/// shorter; smoke runs in one process): the middle one's row is kept, and every one's turns count
/// for `vs_cser`. Five: a nanosecond operation's ratio moves with the process, five processes of
/// three workloads fit a quick run's minutes, and the full run, the reference a quick run is
/// compared with, should not rest on fewer processes than a quick run (benchmarks/notes.md,
/// "Rust (report)", has the measurements).
const ROUNDS: usize = 5;

/// Measures each workload the selection may select in child processes of its own, [`ROUNDS`]
/// rounds of every workload in turn, and keeps for each row the round with the middle median
/// (and the median ratio to cser of all rounds' passes).
pub fn measure_in_children(
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
