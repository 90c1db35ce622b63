//! The passes that run each selected operation a few times in one go: the counting pass (bytes
//! allocated) and the smoke pass.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

use cser_benchmarks::alloc;
use cser_benchmarks::harness::{Case, Runner};

use crate::measured::{key, Key, Measured};
use crate::selection::Selection;

/// The counting pass: one warm-up call (buffers grow to size), then `calls` counted calls.
pub struct AllocPass<'a> {
    pub calls: u32,
    pub selection: &'a Selection,
    pub results: &'a mut BTreeMap<Key, Measured>,
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
pub struct SmokePass<'a> {
    pub repeat: u32,
    pub selection: &'a Selection,
    pub results: &'a mut BTreeMap<Key, Measured>,
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
