//! What is measured for one case, and the key of a case in the results.

use cser_benchmarks::harness::{Case, Op};

/// What was measured for one case.
#[derive(Debug, Clone, Default)]
pub struct Measured {
    pub bytes: usize,
    pub alloc_bytes: Option<u64>,
    pub median_ns: f64,
    pub p10_ns: f64,
    pub p90_ns: f64,
    pub samples: usize,
    /// This case's mean time ÷ cser's in each timed pass (in the parent: every round's passes).
    pub vs_cser_passes: Vec<f64>,
}

impl Measured {
    /// The row's `vs_cser`: the median of the passes' ratios; none without cser's turns.
    pub fn vs_cser(&self) -> Option<f64> {
        let mut ratios = self.vs_cser_passes.clone();
        ratios.sort_by(f64::total_cmp);
        (!ratios.is_empty()).then(|| percentile(&ratios, 0.5))
    }
}

pub type Key = (&'static str, &'static str, Op);

pub fn key(case: &Case) -> Key {
    (case.workload, case.library, case.op)
}

/// The `p` quantile of sorted values, interpolating linearly between neighbours.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    let pos = p * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}
