//! The code cserc generated for one schemagen batch, included as `cser::include_generated!()`
//! includes it, with no lint allowed: `cargo clippy -- -D warnings` holds it to what
//! make test-rust holds the examples' generated code to.

include!("../gen/cser_modules.rs");
