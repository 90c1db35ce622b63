//! The timing pass: the cases of an op take turns, pass after pass, and each row's ratio to cser
//! is taken pass by pass.

use std::collections::{BTreeMap, BTreeSet};
use std::hint::black_box;
use std::time::{Duration, Instant};

use cser_benchmarks::harness::{Case, Op, Runner, Workloads, WORKLOADS};

use crate::args::Mode;
use crate::measured::{key, percentile, Key, Measured};

/// The timing settings of a mode: per case 0.3 s of warm-up + 10 slices of 70 ms in full, 0.2 s +
/// 6 × 50 ms in quick (the warm-up and measurement time criterion had each case before).
#[derive(Debug, Clone, Copy)]
pub struct Turns {
    /// Each case's untimed warm-up, which also sizes its batches.
    warm: Duration,
    /// How many timed passes (turns of every case of an op).
    passes: usize,
    /// Each case's time in one pass: whole batches of about a tenth of it.
    slice: Duration,
}

impl Turns {
    pub fn of(mode: Mode) -> Turns {
        let ms = Duration::from_millis;
        match mode {
            // Per round (of five): 90 cases × (0.3 s + 10 × 70 ms), plus the children's setup.
            Mode::Full => Turns {
                warm: ms(300),
                passes: 10,
                slice: ms(70),
            },
            // Per round: 42 cases × (0.2 s + 6 × 50 ms), plus the setup. Short passes are
            // enough because the rounds, not the length of one process, even out the heap
            // (benchmarks/notes.md, "Rust (report)").
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
pub struct Turn {
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
/// the speed of the same code by up to 2-3x over one to a few seconds, so a peer and cser are only
/// comparable when timed within a fraction of a second of each other, and over several passes.
pub struct TurnsPass<'a> {
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
pub fn time_in_turns(
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
pub fn fill_from_turns(results: &mut BTreeMap<Key, Measured>, turns: &BTreeMap<Key, Turn>) {
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
