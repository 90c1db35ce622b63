//! Which cases a run measures: the filter, a child's workload, and the quick mode's libraries
//! and workloads.

use cser_benchmarks::harness::{Case, Op, LIBRARIES};

/// The quick mode's libraries: cser and the issue-18 targets (bitcode, rkyv). postcard, prost,
/// serde_json and the legacy bincode are measured in full only: a quick run has six minutes for
/// every harness, and with them it took longer (benchmarks/notes.md, "Rust (report)").
const QUICK_LIBRARIES: [&str; 3] = ["cser", "bitcode", "rkyv"];

/// The quick mode's workloads, as in the Java and Python quick runs: W1 and W5 take milliseconds
/// an operation, mostly the allocator's and the memory's time, and their ratios move with the
/// host more than the others'. W4 has no target and takes a large share of the quick run's time,
/// which a slow host pushes past the six minutes (benchmarks/notes.md, "Rust (report)").
const QUICK_WORKLOADS: [&str; 3] = ["W2", "W3", "W6"];

/// Which cases a run measures: those whose id contains the filter, of its workload if it has one,
/// and in quick mode of `QUICK_LIBRARIES` and `QUICK_WORKLOADS` only.
pub struct Selection {
    pub filter: Option<String>,
    pub workload: Option<&'static str>,
    /// The quick mode's libraries and workloads, or every one.
    pub quick: bool,
}

impl Selection {
    pub fn selects(&self, case: &Case) -> bool {
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
    pub fn may_select(&self, workload: &str) -> bool {
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
