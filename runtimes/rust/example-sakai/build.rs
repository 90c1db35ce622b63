//! How a Rust crate uses cser: one call generates the code for the W3 schema (and the file it
//! imports) into OUT_DIR; `cser::include_generated!()` in main.rs brings it in.

fn main() -> std::io::Result<()> {
    cser_build::Config::new()
        .include("../../../schema/examples")
        .compile(&["../../../schema/examples/sakai.cser"])
}
