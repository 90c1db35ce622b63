//! Generates Rust from every schema of `schema/examples` with cser-build (which finds the
//! compiler through `CSERC` or PATH; `make test` sets `CSERC` to the repository's bin/cserc),
//! JSON mapping included (`cserc --json`).

use std::io;
use std::path::Path;

fn main() -> io::Result<()> {
    let examples = Path::new("../../../schema/examples");
    let mut schemas: Vec<_> = std::fs::read_dir(examples)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    schemas.retain(|p| p.extension().is_some_and(|x| x == "cser"));
    schemas.sort();
    println!("cargo:rerun-if-changed={}", examples.display());
    // In this repository the compiler changes too: regenerate when its jar is rebuilt.
    println!("cargo:rerun-if-changed=../../../tools/cserc/target/cserc.jar");
    // With the JSON mapping (SPEC §11), so that clippy and the tests cover that code too.
    cser_build::Config::new()
        .include(examples)
        .json(true)
        .compile(&schemas)
}
