//! The Rust code cserc generates for every schema of `schema/examples` (W1–W6, the edge cases,
//! the name clashes and the worked examples of SPEC §13), compiled here so that `cargo clippy`
//! checks it and the tests in `tests/` exercise it; and [`workloads`], the values of W1–W6 that
//! these tests and the benchmarks use.
//!
//! The schemas of this crate's `schema/` directory are generated into modules of their own:
//! [`compat_v1`], [`compat_v2`] and [`compat_v3`] declare the same types in three versions (for
//! reading with the writer's schema, SPEC §9.1), and [`canonical_names`] names types and enum
//! members like the generated `cser::Canonical` impls.

cser::include_generated!();

pub mod workloads;

/// `schema/compat_v1`: `examples.compat.Order` as a writer wrote it.
pub mod compat_v1 {
    include!(concat!(env!("OUT_DIR"), "/compat_v1/cser_modules.rs"));
}

/// `schema/compat_v2`: the same types, changed compatibly (a promotion, a field appended, an
/// enum member added).
pub mod compat_v2 {
    include!(concat!(env!("OUT_DIR"), "/compat_v2/cser_modules.rs"));
}

/// `schema/compat_v3`: the same types, changed incompatibly (`created_at` from i64 to u64).
pub mod compat_v3 {
    include!(concat!(env!("OUT_DIR"), "/compat_v3/cser_modules.rs"));
}

/// `schema/canonical_names`: names that meet those of the `cser::Canonical` impls.
pub mod canonical_names {
    include!(concat!(env!("OUT_DIR"), "/canonical_names/cser_modules.rs"));
}
