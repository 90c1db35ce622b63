//! The Rust code cserc generates for every schema of `schema/examples` (W1–W6, the edge cases,
//! the name clashes and the worked examples of SPEC §13), compiled here so that `cargo clippy`
//! checks it and the tests in `tests/` exercise it; and [`workloads`], the values of W1–W6 that
//! these tests and the benchmarks use.

cser::include_generated!();

pub mod workloads;
