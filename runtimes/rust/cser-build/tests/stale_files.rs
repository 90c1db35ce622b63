//! cser-build with the real compiler: a package renamed in the schema leaves no file of the old
//! name in the output directory, while files cserc did not write stay. cserc does the removal
//! (it keeps a manifest of what it wrote, `.cserc-rust-files`); this checks that cser-build, which
//! runs it, gets it.
//!
//! The compiler is `CSERC` (as `make test-rust` sets it), else the repository's `bin/cserc`,
//! which needs `make` (or `mvn package`) to have built `tools/cserc/target/cserc.jar`.

use std::path::{Path, PathBuf};

fn cserc() -> PathBuf {
    match std::env::var_os("CSERC") {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../bin/cserc"),
    }
}

fn compile(out: &Path, schema: &Path) {
    cser_build::Config::new()
        .cserc(cserc())
        .out_dir(out)
        .format(false)
        .compile(&[schema])
        .unwrap_or_else(|e| panic!("cser-build failed (is the compiler built? run `make`): {e}"));
}

#[test]
fn a_renamed_package_leaves_no_stale_file() {
    let dir = std::env::temp_dir().join(format!("cser-build-stale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let schema = dir.join("hr.cser");

    std::fs::write(
        &schema,
        "package acme.hr;\nrecord Employee { string name = 1; }\n",
    )
    .unwrap();
    compile(&out, &schema);
    assert!(out.join("acme.hr.rs").is_file());
    std::fs::write(out.join("notes.txt"), "written by hand").unwrap();

    std::fs::write(
        &schema,
        "package acme.people;\nrecord Employee { string name = 1; }\n",
    )
    .unwrap();
    compile(&out, &schema);
    assert!(
        !out.join("acme.hr.rs").exists(),
        "the old package's file is removed"
    );
    assert!(out.join("acme.people.rs").is_file());
    let modules = std::fs::read_to_string(out.join(cser_build::MODULES_FILE)).unwrap();
    assert!(
        modules.contains("acme.people.rs") && !modules.contains("acme.hr.rs"),
        "{modules}"
    );
    assert!(
        out.join(cser_build::DEPENDENCY_FILE).is_file(),
        "cser-build's own file stays"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "written by hand"
    );

    std::fs::remove_dir_all(&dir).unwrap();
}
