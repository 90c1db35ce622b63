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
//! workload after another, and a row is the round with the middle median: a process whose heap
//! landed badly moves a nanosecond operation by more than the differences measured, so one
//! process per workload cannot repeat its own ratios.
//!
//! Two passes: a counting pass (the counting global allocator of `cser_benchmarks::alloc`:
//! bytes allocated per operation, averaged over a few calls after one warm-up call), then a
//! timing pass in turns. This VM's host swings the speed of the same code by up to 2-3x over one
//! to a few seconds, so timing one case after another, as criterion did, puts each library in a
//! different host state and moves the peers' ratios to cser between runs. Instead the libraries
//! take turns, op by op: a warm-up pass (each case untimed
//! for 300 ms, quick 200 ms, which sizes its batches to about 7 ms, quick 5 ms), then 10 passes
//! (quick 6) in which each case, cser first, runs whole timed batches for 70 ms (quick 50 ms).
//! `median_ns`, `p10_ns` and `p90_ns` are quantiles of every batch's time per iteration;
//! `vs_cser` is the median over the passes (every round's) of the case's mean time in the pass ÷
//! cser's in the same pass: the two a fraction of a second apart, under the same host state.
//! `smoke` runs every operation once (or `--repeat N` times, for instruction counts under
//! callgrind: the difference between two repeat counts is the steady-state cost of the
//! operations, without the setup) and writes nothing.
//!
//! benchmarks/notes.md, "The host's swings, and turns" and "Rust (report)", has the
//! measurements behind these choices.

//!
//! The modules, one job each: `args` (the command line), `selection` (which cases a run
//! measures), `count` (the counting pass and the smoke pass), `turns` (the timing in turns),
//! `rounds` (the rounds of child processes), `rows` (writing the rows and reading a child's back),
//! `table` (the printed tables), `measured` (what is measured for one case).

mod args;
mod count;
mod measured;
mod rounds;
mod rows;
mod selection;
mod table;
mod turns;

use std::collections::{BTreeMap, BTreeSet};
use std::process::ExitCode;
use std::time::Instant;

use cser_benchmarks::harness::Workloads;
use cser_benchmarks::workloads::W5Source;

use args::{parse_args, Args, Mode, USAGE};
use count::{AllocPass, SmokePass};
use measured::{Key, Measured};
use rounds::measure_in_children;
use rows::write_results;
use selection::Selection;
use table::{print_table, print_targets};
use turns::{fill_from_turns, time_in_turns, Turns};

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
