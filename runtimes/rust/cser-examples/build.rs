//! Generates Rust from every schema of `schema/examples` with cser-build (which finds the
//! compiler through `CSERC` or PATH; `make test` sets `CSERC` to the repository's bin/cserc),
//! JSON mapping included (`cserc --json`), into OUT_DIR; and each directory of this crate's own
//! `schema/` into OUT_DIR/<directory>, a module of its own: three versions of one schema
//! (`compat_v1` .. `compat_v3`, which declare the same types) and `canonical_names`.
//!
//! `cserc canonical --out OUT_DIR/known` writes the known schemas of `compat_v1` there (SPEC
//! §9.1), which `tests/writer_schema.rs` loads. It also writes OUT_DIR/canonical_roots.rs, for `tests/canonical_text.rs`: a function listing
//! every record, struct and union of `schema/examples` (read from the JSON registry of
//! `cser_modules.rs`) with the text `cser::canonical_text` puts together for it and the
//! fingerprint the compiler computed.

use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

/// This crate's own schema groups, each compiled on its own.
const GROUPS: [&str; 4] = ["canonical_names", "compat_v1", "compat_v2", "compat_v3"];

fn schemas(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut schemas: Vec<_> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    schemas.retain(|p| p.extension().is_some_and(|x| x == "cser"));
    schemas.sort();
    Ok(schemas)
}

fn main() -> io::Result<()> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    let examples = Path::new("../../../schema/examples");
    println!("cargo:rerun-if-changed={}", examples.display());
    // In this repository the compiler changes too: regenerate when its jar is rebuilt.
    println!("cargo:rerun-if-changed=../../../tools/cserc/target/cserc.jar");
    // With the JSON mapping (SPEC §11), so that clippy and the tests cover that code too.
    cser_build::Config::new()
        .include(examples)
        .json(true)
        .compile(&schemas(examples)?)?;
    for group in GROUPS {
        let dir = Path::new("schema").join(group);
        println!("cargo:rerun-if-changed={}", dir.display());
        let group_out = out.join(group);
        std::fs::create_dir_all(&group_out)?;
        cser_build::Config::new()
            .out_dir(&group_out)
            .compile(&schemas(&dir)?)?;
    }
    write_known_schemas(&out.join("known"), &schemas(Path::new("schema/compat_v1"))?)?;
    write_canonical_roots(&out)
}

/// The compiler's files of known schemas: `cserc canonical SCHEMA... --out DIR`, one
/// `pkg.Type-FINGERPRINT.canonical` file per record, struct and union.
fn write_known_schemas(dir: &Path, schemas: &[PathBuf]) -> io::Result<()> {
    // cserc keeps the files already there: start afresh, so none of an older schema stays.
    if dir.exists() {
        std::fs::remove_dir_all(dir)?;
    }
    let cserc = std::env::var_os("CSERC").unwrap_or_else(|| "cserc".into());
    let status = Command::new(cserc)
        .arg("canonical")
        .args(schemas)
        .arg("--out")
        .arg(dir)
        .status()?;
    if status.success() {
        Ok(())
    } else {
        Err(io::Error::other(format!(
            "cserc canonical failed: {status}"
        )))
    }
}

/// Every `restream: ::cser::json::restream_via::<self::a::b::T>,` of the JSON registry names a
/// record, struct or union by its path from the root of the generated modules, which this
/// crate includes at its root. The list is laid out as rustfmt would (`runtimes/rust/check`
/// checks every `.rs` file of OUT_DIR).
fn write_canonical_roots(out: &Path) -> io::Result<()> {
    let modules = std::fs::read_to_string(out.join("cser_modules.rs"))?;
    let mut rs = String::from(
        "/// (qualified name, `cser::canonical_text`, `FINGERPRINT`) of every record, struct and\n\
         /// union generated from schema/examples; `roots!` is the test's.\n\
         fn canonical_roots() -> Vec<(&'static str, String, u64)> {\n    roots![\n",
    );
    for line in modules.lines().map(str::trim) {
        if let Some(path) = line
            .strip_prefix("restream: ::cser::json::restream_via::<self::")
            .and_then(|rest| rest.strip_suffix(">,"))
        {
            rs.push_str(&format!("        cser_examples::{path},\n"));
        }
    }
    rs.push_str("    ]\n}\n");
    std::fs::write(out.join("canonical_roots.rs"), rs)
}
