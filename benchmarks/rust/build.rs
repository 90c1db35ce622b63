//! Generates the cser code of the workload schemas (`schema/examples`) with cser-build, which
//! finds the compiler through `CSERC`, else this repository's `bin/cserc` (which needs `make` to
//! have built the compiler's jar); and passes the versions of the measured crates, read from
//! `Cargo.lock`, to the report as `CSER_BENCH_VERSION_<CRATE>`.

use std::io;
use std::path::Path;

const SCHEMAS: &[&str] = &[
    "empty_data.cser",
    "employee.cser",
    "sakai.cser",
    "sakai_common.cser",
    "message.cser",
    "molecule.cser",
    "media.cser",
];

const CRATES: &[&str] = &[
    "bitcode",
    "rkyv",
    "bincode",
    "postcard",
    "prost",
    "serde",
    "serde_json",
    "cser",
];

fn main() -> io::Result<()> {
    let examples = Path::new("../../schema/examples");
    let schemas: Vec<_> = SCHEMAS.iter().map(|s| examples.join(s)).collect();
    println!("cargo:rerun-if-changed=../../tools/cserc/target/cserc.jar");
    println!("cargo:rerun-if-env-changed=CSERC");
    let mut config = cser_build::Config::new();
    // Without CSERC (or a cserc on PATH), this repository's own compiler.
    let repo_cserc = Path::new("../../bin/cserc");
    if std::env::var_os("CSERC").is_none() && repo_cserc.is_file() {
        config.cserc(repo_cserc);
    }
    config.include(examples).compile(&schemas)?;

    println!("cargo:rerun-if-changed=Cargo.lock");
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    for krate in CRATES {
        let version = locked_version(&lock, krate).unwrap_or_else(|| "unknown".to_owned());
        println!(
            "cargo:rustc-env=CSER_BENCH_VERSION_{}={version}",
            krate.to_uppercase()
        );
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let rustc_version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=CSER_BENCH_RUSTC={rustc_version}");
    Ok(())
}

/// The version of `name` in a Cargo.lock: the line after `name = "<name>"`.
fn locked_version(lock: &str, name: &str) -> Option<String> {
    let needle = format!("name = \"{name}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == needle {
            let next = lines.next()?.trim();
            return next
                .strip_prefix("version = \"")
                .and_then(|v| v.strip_suffix('"'))
                .map(str::to_owned);
        }
    }
    None
}
