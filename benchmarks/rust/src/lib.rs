//! cser's generated Rust against bitcode, rkyv, bincode, postcard, prost and serde_json on the workloads W1–W6
//! of `shared/workloads.md` (the conventions of `benchmarks/README.md`).
//!
//! - the generated modules (`bench`, `chem`, `sakai`), built by `build.rs` with cser-build;
//! - [`workloads`]: the cser values of W1–W6, the same data as the Java and Python harnesses;
//! - [`peer`]: plain structs holding the same data (bincode, postcard, serde_json, rkyv, and
//!   bitcode where they hold no map);
//! - [`peer_bitcode`]: bitcode's twins of the peer structs holding maps (`HashMap`, not `IndexMap`);
//! - [`rkyv_codec`]: rkyv's encode, validated access and deserialize per peer type;
//! - [`pb`]: prost messages written by hand after `benchmarks/proto/workloads.proto`;
//! - [`harness`]: every (workload, library, op) as a closure handed to a [`harness::Runner`];
//! - [`alloc`]: the counting global allocator behind `alloc_bytes`.

cser::include_generated!();

pub mod alloc;
pub mod harness;
pub mod pb;
pub mod peer;
pub mod peer_bitcode;
pub mod rkyv_codec;
pub mod workloads;
