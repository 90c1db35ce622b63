//! The counting allocator (alone in this test binary: it counts every thread's allocations).

use std::hint::black_box;

use cser_benchmarks::alloc::measure;
use cser_benchmarks::harness::{cser_decode, cser_encode};
use cser_benchmarks::workloads;

#[test]
fn counts_allocations_and_cser_encodes_into_a_reused_buffer_without_any() {
    let (v, bytes) = measure(|| black_box(vec![0u8; 1000]));
    assert_eq!(bytes, 1000);
    drop(v);

    let mc = workloads::media_content();
    let mut buf = Vec::new();
    cser_encode(&mc, &mut buf);
    let ((), bytes) = measure(|| cser_encode(black_box(&mc), &mut buf));
    assert_eq!(bytes, 0, "encode_into a reused buffer allocates nothing");

    // Decoding W6 allocates its strings and lists.
    let (back, bytes) =
        measure(|| cser_decode::<cser_benchmarks::bench::media::MediaContent>(&buf));
    assert_eq!(back, mc);
    assert!(bytes > 0);
}
