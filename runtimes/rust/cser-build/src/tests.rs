//! Tests with fake compilers (small shell scripts); the real `cserc` is never run.

use super::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Held while a fake compiler is written and while any process is started: a script still
/// open for writing in one thread while another thread forks cannot be executed ("text file
/// busy").
static SPAWN_LOCK: Mutex<()> = Mutex::new(());

fn spawn_lock() -> std::sync::MutexGuard<'static, ()> {
    SPAWN_LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// A fresh directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("cser-build-test-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes an executable shell script `name` with `body` into `dir`.
#[cfg(unix)]
fn write_script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Single-quotes a path for the shell.
#[cfg(unix)]
fn sh_quote(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}

/// The error of compiling `a.cser` into `dir` with a fake compiler, a shell script of `body`.
#[cfg(unix)]
fn fake_compile_error(dir: &TempDir, body: &str) -> io::Error {
    let _lock = spawn_lock();
    let cserc = write_script(dir.path(), "fake-cserc", body);
    Config::new()
        .out_dir(dir.path())
        .cserc(cserc)
        .compile(&["a.cser"])
        .unwrap_err()
}

fn paths(list: &[&str]) -> Vec<PathBuf> {
    list.iter().map(PathBuf::from).collect()
}

// ---- pure parts -------------------------------------------------------------------------

#[test]
fn rerun_lines_list_dependencies_files_and_includes_once_each() {
    let lines = rerun_lines(
        &paths(&["schema/a.cser"]),
        &paths(&["schema", "vendor/schema"]),
        &paths(&["schema/a.cser", "schema/common/b.cser"]),
    );
    assert_eq!(
        lines,
        [
            "cargo:rerun-if-changed=schema/a.cser",
            "cargo:rerun-if-changed=schema/common/b.cser",
            "cargo:rerun-if-changed=schema",
            "cargo:rerun-if-changed=vendor/schema",
        ]
    );
}

#[test]
fn rerun_lines_without_dependencies_still_watch_files_and_includes() {
    let lines = rerun_lines(&paths(&["x.cser", "y.cser"]), &paths(&["inc"]), &[]);
    assert_eq!(
        lines,
        [
            "cargo:rerun-if-changed=x.cser",
            "cargo:rerun-if-changed=y.cser",
            "cargo:rerun-if-changed=inc",
        ]
    );
}

#[test]
fn dependency_file_is_one_path_per_line() {
    let text = "schema/a.cser\r\n\nschema/dir with space/b.cser\n  \n/abs/c.cser";
    assert_eq!(
        parse_dependency_file(text),
        paths(&[
            "schema/a.cser",
            "schema/dir with space/b.cser",
            "/abs/c.cser"
        ])
    );
    assert!(parse_dependency_file("").is_empty());
}

#[test]
fn compiler_args_are_includes_outputs_then_files() {
    let args = compiler_args(
        &paths(&["schema", "more"]),
        Path::new("/out"),
        Path::new("/out/cser-dependencies.txt"),
        &paths(&["schema/a.cser", "b.cser"]),
    );
    let expected = [
        "-I",
        "schema",
        "-I",
        "more",
        "--rust-out",
        "/out",
        "--dependency-out",
        "/out/cser-dependencies.txt",
        "schema/a.cser",
        "b.cser",
    ];
    assert_eq!(args, expected.map(OsString::from));
}

#[test]
fn out_dir_is_explicit_then_env() {
    let explicit = resolve_out_dir(Some(Path::new("/a")), Some("/b".into())).unwrap();
    assert_eq!(explicit, Path::new("/a"));
    let env = resolve_out_dir(None, Some("/b".into())).unwrap();
    assert_eq!(env, Path::new("/b"));
    for missing in [None, Some(OsString::new())] {
        let err = resolve_out_dir(None, missing).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert!(err.to_string().contains("OUT_DIR"), "{err}");
        assert!(err.to_string().contains("out_dir"), "{err}");
    }
}

// ---- finding the compiler ---------------------------------------------------------------

#[test]
fn explicit_compiler_wins_over_env_and_path() {
    let dir = TempDir::new("explicit");
    let on_path = dir.path().join("cserc");
    std::fs::write(&on_path, "").unwrap();
    let found = locate_cserc(
        Some(Path::new("/opt/cser/bin/cserc")),
        Some(on_path.as_os_str()),
        Some(dir.path().as_os_str()),
    )
    .unwrap();
    assert_eq!(found, Path::new("/opt/cser/bin/cserc"));
}

#[test]
fn cserc_env_wins_over_path() {
    let dir = TempDir::new("env");
    let from_env = dir.path().join("my-cserc");
    std::fs::write(&from_env, "").unwrap();
    let path_dir = dir.path().join("bin");
    std::fs::create_dir(&path_dir).unwrap();
    std::fs::write(path_dir.join("cserc"), "").unwrap();
    let found = locate_cserc(None, Some(from_env.as_os_str()), Some(path_dir.as_os_str())).unwrap();
    assert_eq!(found, from_env);
}

#[test]
fn cserc_env_naming_a_missing_file_is_an_error() {
    let dir = TempDir::new("env-missing");
    let missing = dir.path().join("nope/cserc");
    std::fs::write(dir.path().join("cserc"), "").unwrap();
    let err = locate_cserc(
        None,
        Some(missing.as_os_str()),
        Some(dir.path().as_os_str()),
    )
    .unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::NotFound);
    let message = err.to_string();
    assert!(message.contains("CSERC is set to"), "{message}");
    assert!(
        message.contains(&missing.display().to_string()),
        "{message}"
    );
}

#[test]
fn cserc_is_looked_up_on_path_in_order() {
    let dir = TempDir::new("path");
    let empty = dir.path().join("empty");
    let first = dir.path().join("first");
    let second = dir.path().join("second");
    for d in [&empty, &first, &second] {
        std::fs::create_dir(d).unwrap();
    }
    std::fs::write(first.join(executable_names()[0]), "").unwrap();
    std::fs::write(second.join(executable_names()[0]), "").unwrap();
    // A directory named cserc is not the compiler.
    std::fs::create_dir(empty.join("cserc")).unwrap();
    let path = std::env::join_paths([&empty, &first, &second]).unwrap();
    for env in [None, Some(OsStr::new(""))] {
        let found = locate_cserc(None, env, Some(&path)).unwrap();
        assert_eq!(found, first.join(executable_names()[0]));
    }
}

#[test]
fn missing_compiler_says_what_to_do() {
    let dir = TempDir::new("nowhere");
    let path = dir.path().as_os_str();
    for path_env in [None, Some(path)] {
        let err = locate_cserc(None, None, path_env).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::NotFound);
        let message = err.to_string();
        for needle in [
            "cserc was not found",
            "set the environment variable CSERC",
            "put cserc on PATH",
            "`make install`",
            "bin/cserc in a cser checkout",
        ] {
            assert!(message.contains(needle), "{needle:?} not in {message}");
        }
    }
}

// ---- running fake compilers -------------------------------------------------------------

#[test]
fn compile_without_files_is_invalid_input() {
    let err = Config::new()
        .out_dir("/nonexistent")
        .cserc("/nonexistent/cserc")
        .compile(&[] as &[&str])
        .unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
}

#[test]
fn compile_with_a_missing_compiler_says_what_to_do() {
    let dir = TempDir::new("missing");
    let cserc = dir.path().join("no-such-dir/cserc");
    let err = {
        let _lock = spawn_lock();
        Config::new()
            .out_dir(dir.path())
            .cserc(&cserc)
            .compile(&["a.cser"])
            .unwrap_err()
    };
    assert_eq!(err.kind(), io::ErrorKind::NotFound);
    let message = err.to_string();
    assert!(
        message.contains("cannot run the cser compiler"),
        "{message}"
    );
    assert!(message.contains(&cserc.display().to_string()), "{message}");
    assert!(
        message.contains("set the environment variable CSERC"),
        "{message}"
    );
    assert!(message.contains("put cserc on PATH"), "{message}");
    assert!(message.contains("bin/cserc"), "{message}");
}

#[cfg(unix)]
#[test]
fn successful_compile_passes_the_arguments_and_reads_the_dependencies() {
    let dir = TempDir::new("ok");
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let args_file = dir.path().join("args.txt");
    let body = format!(
        r#"for a in "$@"; do printf '%s\n' "$a"; done > {args}
out=''; dep=''
while [ $# -gt 0 ]; do
  case "$1" in
    --rust-out) out=$2; shift 2 ;;
    --dependency-out) dep=$2; shift 2 ;;
    -I) shift 2 ;;
    *) shift ;;
  esac
done
printf '// edge.cases\n' > "$out/edge.cases.rs"
printf 'pub mod edge {{ pub mod cases {{}} }}\n' > "$out/cser_modules.rs"
printf 'schema/a.cser\nschema/common/b.cser\n' > "$dep"
echo 'cserc: a note on stderr' >&2
echo 'stdout must not reach cargo'
"#,
        args = sh_quote(&args_file)
    );
    let mut config = Config::new();
    config.include("schema").include("vendor").out_dir(&out);
    let files = paths(&["schema/a.cser", "schema/c.cser"]);
    let dependencies = {
        let _lock = spawn_lock();
        let cserc = write_script(dir.path(), "fake-cserc", &body);
        config.cserc(cserc);
        config.compile(&files).unwrap();
        config.run(&files).unwrap()
    };

    let args = std::fs::read_to_string(&args_file).unwrap();
    let dep_file = out.join(DEPENDENCY_FILE);
    let expected = [
        "-I".to_string(),
        "schema".to_string(),
        "-I".to_string(),
        "vendor".to_string(),
        "--rust-out".to_string(),
        out.display().to_string(),
        "--dependency-out".to_string(),
        dep_file.display().to_string(),
        "schema/a.cser".to_string(),
        "schema/c.cser".to_string(),
    ];
    assert_eq!(args.lines().collect::<Vec<_>>(), expected);
    assert!(out.join("edge.cases.rs").is_file());
    assert!(out.join("cser_modules.rs").is_file());

    assert_eq!(
        dependencies,
        paths(&["schema/a.cser", "schema/common/b.cser"])
    );
    assert_eq!(
        rerun_lines(&files, &config.includes, &dependencies),
        [
            "cargo:rerun-if-changed=schema/a.cser",
            "cargo:rerun-if-changed=schema/common/b.cser",
            "cargo:rerun-if-changed=schema/c.cser",
            "cargo:rerun-if-changed=schema",
            "cargo:rerun-if-changed=vendor",
        ]
    );
}

#[cfg(unix)]
#[test]
fn schema_errors_are_returned_verbatim() {
    let dir = TempDir::new("schema-error");
    let diagnostics = "a.cser:3:5: error: unknown type 'Foo'\n  Foo foo = 1;\n  ^~~\n";
    let body = format!(
        "cat >&2 <<'EOF'\n{diagnostics}EOF\nexit 1\n",
        diagnostics = diagnostics
    );
    let err = fake_compile_error(&dir, &body);
    assert_eq!(err.kind(), io::ErrorKind::Other);
    let message = err.to_string();
    assert!(
        message.starts_with("cserc found errors in the schema"),
        "{message}"
    );
    assert!(
        message.contains("a.cser:3:5: error: unknown type 'Foo'\n  Foo foo = 1;\n  ^~~"),
        "{message}"
    );
    assert!(message.contains("a.cser"), "{message}");
}

#[cfg(unix)]
#[test]
fn misuse_or_io_failure_is_reported_as_failed() {
    let dir = TempDir::new("exit-2");
    let body = "echo 'cannot write /out/x.rs: Permission denied' >&2\nexit 2\n";
    let err = fake_compile_error(&dir, body);
    assert_eq!(err.kind(), io::ErrorKind::Other);
    let message = err.to_string();
    assert!(
        message.starts_with("cserc failed (exit status 2)"),
        "{message}"
    );
    assert!(
        message.contains("cannot write /out/x.rs: Permission denied"),
        "{message}"
    );
    assert!(message.contains("--rust-out"), "{message}");
}

#[cfg(unix)]
#[test]
fn success_without_a_dependency_file_is_an_error() {
    let dir = TempDir::new("no-deps");
    // A dependency file left by an earlier run must not be taken for this run's.
    std::fs::write(dir.path().join(DEPENDENCY_FILE), "stale.cser\n").unwrap();
    let err = fake_compile_error(&dir, "exit 0\n");
    assert_eq!(err.kind(), io::ErrorKind::NotFound);
    assert!(err.to_string().contains(DEPENDENCY_FILE), "{err}");
}

#[test]
fn included_files_are_read_from_the_module_tree() {
    let modules = "pub mod a {\n    include!(\"a.rs\");\n\n    pub mod b {\n        include!(\"a.b.rs\");\n    }\n}\n";
    assert_eq!(included_files(modules), ["a.rs", "a.b.rs"]);
    assert!(included_files("// nothing\n").is_empty());
}

#[cfg(unix)]
#[test]
fn json_passes_the_json_flag_first() {
    let dir = TempDir::new("json");
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let args_file = dir.path().join("args.txt");
    let body = format!(
        r#"for a in "$@"; do printf '%s\n' "$a"; done > {args}
dep=''
while [ $# -gt 0 ]; do
  case "$1" in
    --dependency-out) dep=$2; shift 2 ;;
    *) shift ;;
  esac
done
printf 'a.cser\n' > "$dep"
"#,
        args = sh_quote(&args_file)
    );
    let mut config = Config::new();
    config.out_dir(&out).format(false);
    let files = paths(&["a.cser"]);
    let _lock = spawn_lock();
    let cserc = write_script(dir.path(), "fake-cserc", &body);
    config.cserc(cserc);

    config.json(true).run(&files).unwrap();
    let args = std::fs::read_to_string(&args_file).unwrap();
    assert_eq!(args.lines().next(), Some("--json"));
    assert_eq!(args.lines().filter(|a| *a == "--json").count(), 1);

    config.json(false).run(&files).unwrap();
    let args = std::fs::read_to_string(&args_file).unwrap();
    assert!(!args.lines().any(|a| a == "--json"), "{args}");
}

#[test]
fn reads_the_recursion_limit_the_generated_types_need() {
    let modules = "// Generated by cserc. Do not edit.\n//\n// ... needs\n//\n//     #![recursion_limit = \"2048\"]\n\npub mod ring {\n    include!(\"ring.rs\");\n}\n";
    assert_eq!(needed_recursion_limit(modules), Some(2048));
    // Only the header counts: a later comment or item does not.
    assert_eq!(
        needed_recursion_limit(
            "// Generated by cserc.\n\npub mod a {}\n// #![recursion_limit = \"64\"]\n"
        ),
        None
    );
    assert_eq!(
        needed_recursion_limit("// #![recursion_limit = \"x\"]\n"),
        None
    );
}

#[test]
fn reads_the_recursion_limit_a_crate_root_declares() {
    assert_eq!(
        declared_recursion_limit("//! Docs.\n#![recursion_limit = \"4096\"]\nmod a;\n"),
        Some(4096)
    );
    assert_eq!(
        declared_recursion_limit("#![recursion_limit=\"256\"]\n"),
        Some(256)
    );
    assert_eq!(
        declared_recursion_limit("#![type_length_limit = \"256\"]\n"),
        None
    );
    assert_eq!(declared_recursion_limit("fn main() {}\n"), None);
}
