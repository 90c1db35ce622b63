//! Compiles the schema of the testee with `cserc --json` (found through `CSERC`):
//! `CSER_TESTEE_SCHEMA` is the schema file, `CSER_TESTEE_INCLUDES` the include directories
//! separated as in PATH. Both are absolute (conformance/rust/testee makes them so).

use std::io;

fn main() -> io::Result<()> {
    println!("cargo:rerun-if-env-changed=CSER_TESTEE_SCHEMA");
    println!("cargo:rerun-if-env-changed=CSER_TESTEE_INCLUDES");
    let schema = std::env::var_os("CSER_TESTEE_SCHEMA").ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "CSER_TESTEE_SCHEMA is not set: build through conformance/rust/testee",
        )
    })?;
    let mut config = cser_build::Config::new();
    if let Some(includes) = std::env::var_os("CSER_TESTEE_INCLUDES") {
        for dir in std::env::split_paths(&includes) {
            if !dir.as_os_str().is_empty() {
                config.include(dir);
            }
        }
    }
    // Formatting only costs time here, and rustfmt takes minutes over types nested 32 deep.
    config.json(true).format(false).compile(&[schema])
}
