//! Runs the cser schema compiler `cserc` from a cargo build script, the way `prost-build`
//! runs `protoc`.
//!
//! In `build.rs`:
//!
//! ```no_run
//! fn main() -> std::io::Result<()> {
//!     cser_build::Config::new().include("schema").compile(&["schema/sakai.cser"])
//! }
//! ```
//!
//! and where the generated modules should live in the crate (next to a dependency on the
//! runtime crate `cser`):
//!
//! ```text
//! cser::include_generated!();
//! ```
//!
//! [`Config::compile`] runs
//!
//! ```text
//! <cserc> [--json] [-I DIR]... --rust-out <OUT_DIR> --dependency-out <OUT_DIR>/cser-dependencies.txt FILE.cser...
//! ```
//!
//! in the build script's working directory (the package root). `cserc` writes one Rust file
//! per schema package (such as `sakai.content.rs`) and `cser_modules.rs`, the module tree that
//! includes them, into `OUT_DIR`, and deletes the files it wrote there before that no schema
//! produces any more (a package renamed or removed; it lists what it wrote in
//! `.cserc-rust-files` and never deletes another file).
//!
//! # Finding the compiler
//!
//! 1. the path given with [`Config::cserc`];
//! 2. else the environment variable `CSERC` (the path of the `cserc` executable or script);
//! 3. else `cserc` on `PATH`.
//!
//! `make install` in the cser repository installs `cserc` (into `~/.local/bin`, or
//! `PREFIX/bin`); `bin/cserc` in a checkout built by `make` works as well.
//!
//! # What cargo is told
//!
//! * `cargo:rerun-if-env-changed=CSERC`;
//! * `cargo:rerun-if-changed=<path>` for every schema file the compiler read (the given files
//!   and everything they import, from the dependency file the compiler writes), for every
//!   given file and for every include directory;
//! * `cargo:warning=...` when the generated types need a `#![recursion_limit]` above rustc's
//!   default (the header of `cser_modules.rs` says which) and `src/lib.rs` or `src/main.rs` of
//!   the package declares less (SPEC §12.2).
//!
//! When the compiler reports errors, [`Config::compile`] returns an [`std::io::Error`] whose
//! message holds the compiler's own diagnostics verbatim (`path:line:col: error: ...` with the
//! source line and a caret) and prints them to stderr as well, so that cargo shows them.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The environment variable naming the compiler, checked after [`Config::cserc`].
pub const CSERC_ENV: &str = "CSERC";

/// The name of the dependency file the compiler writes into the output directory.
pub const DEPENDENCY_FILE: &str = "cser-dependencies.txt";

/// The file of the generated module tree, which includes every package file.
pub const MODULES_FILE: &str = "cser_modules.rs";

/// What to do when the compiler cannot be found; part of every "not found" error.
const HOW_TO_GET_CSERC: &str = "install it with `make install` in a cser checkout (which puts \
     cserc in ~/.local/bin; `make install PREFIX=DIR` puts it in DIR/bin) and put cserc on PATH, \
     or set the environment variable CSERC to the path of the cserc executable (such as \
     bin/cserc in a cser checkout built by `make`), or call cser_build::Config::cserc(path) in \
     build.rs";

/// How to run the cser compiler: include directories, output directory and the compiler.
///
/// Build it with [`Config::new`] and the builder methods, then call [`Config::compile`].
#[derive(Debug, Clone)]
pub struct Config {
    includes: Vec<PathBuf>,
    out_dir: Option<PathBuf>,
    cserc: Option<PathBuf>,
    /// Run rustfmt on the output; see [`Config::format`].
    format: bool,
    /// Generate the JSON mapping too; see [`Config::json`].
    json: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            includes: Vec::new(),
            out_dir: None,
            cserc: None,
            format: true,
            json: false,
        }
    }
}

impl Config {
    /// A configuration with no include directories, the output directory taken from the
    /// environment variable `OUT_DIR` (set by cargo for build scripts) and the compiler found
    /// through `CSERC` or `PATH`.
    pub fn new() -> Config {
        Config::default()
    }

    /// Adds a directory where imports are looked up (after the importing file's own
    /// directory); passed to the compiler as `-I DIR`. May be called repeatedly; the
    /// directories are searched in the order given.
    pub fn include(&mut self, dir: impl AsRef<Path>) -> &mut Config {
        self.includes.push(dir.as_ref().to_path_buf());
        self
    }

    /// Sets the directory the generated Rust files are written to, instead of `OUT_DIR`.
    pub fn out_dir(&mut self, dir: impl AsRef<Path>) -> &mut Config {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Sets the compiler to run (the `cserc` executable or script), instead of looking at the
    /// environment variable `CSERC` and at `PATH`.
    pub fn cserc(&mut self, path: impl AsRef<Path>) -> &mut Config {
        self.cserc = Some(path.as_ref().to_path_buf());
        self
    }

    /// Whether to run `rustfmt` on the generated files (default: yes, when rustfmt is
    /// installed). cserc lays its output out close to rustfmt's style; rustfmt settles the line
    /// breaks that depend on the length of names.
    pub fn format(&mut self, format: bool) -> &mut Config {
        self.format = format;
        self
    }

    /// Whether to generate the JSON mapping of values as well (SPEC §11; default: no): passes
    /// `--json` to the compiler, which then gives every record, struct, union and enum
    /// `to_json` and `from_json` (over [`cser::json::Value`](https://docs.rs/cser)) and
    /// `cser_modules.rs` the registry `JSON_TYPES`. That code needs the `json` feature of the
    /// `cser` crate: `cser = { ..., features = ["json"] }`.
    pub fn json(&mut self, json: bool) -> &mut Config {
        self.json = json;
        self
    }

    /// Compiles the given schema files (and, by the compiler, everything they import) to Rust
    /// in the output directory, and prints the `cargo:rerun-if-...` lines for them.
    ///
    /// # Errors
    ///
    /// * no output directory (neither [`Config::out_dir`] nor `OUT_DIR`), or no files given
    ///   ([`io::ErrorKind::InvalidInput`]);
    /// * the compiler cannot be found or started ([`io::ErrorKind::NotFound`] or the error of
    ///   starting it), with a message saying how to make it available;
    /// * the compiler fails ([`io::ErrorKind::Other`]): the message starts with
    ///   `cserc found errors in the schema` (exit status 1) or `cserc failed` (exit status 2
    ///   or anything else) and contains the compiler's stderr verbatim.
    ///
    /// The message of every error is also printed to stderr, where cargo shows it as is.
    pub fn compile(&self, files: &[impl AsRef<Path>]) -> io::Result<()> {
        let files: Vec<PathBuf> = files.iter().map(|f| f.as_ref().to_path_buf()).collect();
        println!("cargo:rerun-if-env-changed={CSERC_ENV}");
        let result = self.run(&files);
        let dependencies: &[PathBuf] = match &result {
            Ok(dependencies) => dependencies,
            Err(_) => &[],
        };
        for line in rerun_lines(&files, &self.includes, dependencies) {
            println!("{line}");
        }
        // Cargo shows a failed build script's stderr as is, while the `Err` returned from
        // `main` is printed in its `Debug` form, with the line breaks escaped.
        if let Err(e) = &result {
            eprintln!("{e}");
        }
        result.map(|_| ())
    }

    /// Runs the compiler and returns the paths listed in the dependency file it wrote.
    fn run(&self, files: &[PathBuf]) -> io::Result<Vec<PathBuf>> {
        if files.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "cser_build::Config::compile: no schema files given",
            ));
        }
        let out_dir = resolve_out_dir(self.out_dir.as_deref(), std::env::var_os("OUT_DIR"))?;
        let cserc = locate_cserc(
            self.cserc.as_deref(),
            std::env::var_os(CSERC_ENV).as_deref(),
            std::env::var_os("PATH").as_deref(),
        )?;
        let dependency_file = out_dir.join(DEPENDENCY_FILE);
        // A dependency file left by an earlier run must not be mistaken for this run's.
        match std::fs::remove_file(&dependency_file) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => {
                return Err(io::Error::new(
                    e.kind(),
                    format!(
                        "cannot remove the old dependency file {}: {e}",
                        dependency_file.display()
                    ),
                ))
            }
            _ => {}
        }
        let mut args = compiler_args(&self.includes, &out_dir, &dependency_file, files);
        if self.json {
            args.insert(0, OsString::from("--json"));
        }
        let output = Command::new(&cserc)
            .args(&args)
            .output()
            .map_err(|e| start_error(&cserc, e))?;
        check_output(&cserc, &args, &output).map_err(io::Error::other)?;
        // The compiler's warnings (if any) go where cargo shows them with -vv; its stdout must
        // not reach ours, where cargo reads instructions.
        eprint!("{}", String::from_utf8_lossy(&output.stdout));
        eprint!("{}", String::from_utf8_lossy(&output.stderr));
        if self.format {
            format_generated(&out_dir);
        }
        warn_about_recursion_limit(&out_dir);
        let text = std::fs::read_to_string(&dependency_file).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!(
                    "cserc succeeded but its dependency file {} cannot be read: {e}",
                    dependency_file.display()
                ),
            )
        })?;
        Ok(parse_dependency_file(&text))
    }
}

/// Prints a `cargo:warning` when the generated types need a higher `#![recursion_limit]` than
/// a crate root of the package being built (`src/lib.rs`, `src/main.rs`) declares: cserc writes
/// the limit they need into `cser_modules.rs` (SPEC §12.2), and without it rustc stops with
/// E0275 or E0320 deep inside generated code.
fn warn_about_recursion_limit(out_dir: &Path) {
    let Ok(modules) = std::fs::read_to_string(out_dir.join(MODULES_FILE)) else {
        return;
    };
    let Some(needed) = needed_recursion_limit(&modules) else {
        return;
    };
    let Some(package) = std::env::var_os("CARGO_MANIFEST_DIR") else {
        return;
    };
    for root in ["src/lib.rs", "src/main.rs"] {
        let Ok(text) = std::fs::read_to_string(Path::new(&package).join(root)) else {
            continue;
        };
        if declared_recursion_limit(&text).is_none_or(|declared| declared < needed) {
            println!(
                "cargo:warning=the types cser generated need `#![recursion_limit = \"{needed}\"]` \
                 at the top of {root} (SPEC §12.2): without it rustc may stop with E0275 or E0320"
            );
        }
    }
}

/// The limit a generated `cser_modules.rs` asks for in its header, if any.
fn needed_recursion_limit(modules: &str) -> Option<u32> {
    modules
        .lines()
        .take_while(|line| line.starts_with("//"))
        .find_map(|line| recursion_limit_in(line.trim_start_matches('/').trim()))
}

/// The `#![recursion_limit = "N"]` a crate root declares, if any.
fn declared_recursion_limit(root: &str) -> Option<u32> {
    root.lines()
        .find_map(|line| recursion_limit_in(line.trim()))
}

/// N of a line that is `#![recursion_limit = "N"]` (spaces around `=` as rustfmt leaves them).
fn recursion_limit_in(line: &str) -> Option<u32> {
    let rest = line.strip_prefix("#![")?.strip_suffix(']')?;
    let (name, value) = rest.split_once('=')?;
    if name.trim() != "recursion_limit" {
        return None;
    }
    value
        .trim()
        .strip_prefix('"')?
        .strip_suffix('"')?
        .parse()
        .ok()
}

/// Runs rustfmt (`RUSTFMT`, else `rustfmt` on PATH, as cargo installs it) on the files the
/// compiler wrote: `cser_modules.rs` and the package files it includes. Formatting is a
/// nicety: without rustfmt, or if it fails, the code is left as cserc laid it out.
fn format_generated(out_dir: &Path) {
    let modules = out_dir.join(MODULES_FILE);
    let Ok(text) = std::fs::read_to_string(&modules) else {
        return;
    };
    let mut files = vec![modules];
    files.extend(included_files(&text).into_iter().map(|f| out_dir.join(f)));
    let rustfmt = std::env::var_os("RUSTFMT").unwrap_or_else(|| "rustfmt".into());
    let status = Command::new(rustfmt)
        .args(["--edition", "2021"])
        .args(&files)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
    if !matches!(status, Ok(s) if s.success()) {
        eprintln!(
            "cser_build: rustfmt not run or failed; the generated code is left as cserc wrote it"
        );
    }
}

/// The file names of the `include!("...")` lines of `cser_modules.rs`.
fn included_files(modules: &str) -> Vec<&str> {
    modules
        .lines()
        .filter_map(|line| line.trim().strip_prefix("include!(\""))
        .filter_map(|rest| rest.strip_suffix("\");"))
        .collect()
}

/// The output directory: the one set with [`Config::out_dir`], else `OUT_DIR`.
fn resolve_out_dir(explicit: Option<&Path>, out_dir_env: Option<OsString>) -> io::Result<PathBuf> {
    if let Some(dir) = explicit {
        return Ok(dir.to_path_buf());
    }
    match out_dir_env {
        Some(dir) if !dir.is_empty() => Ok(PathBuf::from(dir)),
        _ => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "cser_build: no output directory: the environment variable OUT_DIR is not set \
             (cargo sets it for build scripts; outside build.rs call \
             cser_build::Config::out_dir(dir))",
        )),
    }
}

/// Finds the compiler: `explicit` (from [`Config::cserc`]) first, then the value of the
/// `CSERC` environment variable, then a `cserc` in one of the directories of `path_env` (the
/// value of `PATH`). Pure apart from looking at the file system, so that it can be tested
/// without touching the process environment.
fn locate_cserc(
    explicit: Option<&Path>,
    cserc_env: Option<&OsStr>,
    path_env: Option<&OsStr>,
) -> io::Result<PathBuf> {
    if let Some(path) = explicit {
        return Ok(path.to_path_buf());
    }
    if let Some(value) = cserc_env.filter(|v| !v.is_empty()) {
        let path = PathBuf::from(value);
        if path.is_file() {
            return Ok(path);
        }
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "cser_build: the environment variable {CSERC_ENV} is set to {}, but there is no \
                 such file; {HOW_TO_GET_CSERC}",
                path.display()
            ),
        ));
    }
    if let Some(paths) = path_env {
        for dir in std::env::split_paths(paths) {
            for name in executable_names() {
                let candidate = dir.join(name);
                if candidate.is_file() {
                    return Ok(candidate);
                }
            }
        }
    }
    Err(io::Error::new(
        io::ErrorKind::NotFound,
        format!(
            "cser_build: the cser compiler cserc was not found: {CSERC_ENV} is not set and \
             there is no cserc on PATH; {HOW_TO_GET_CSERC}"
        ),
    ))
}

/// The file names the compiler may have in a `PATH` directory.
fn executable_names() -> &'static [&'static str] {
    if cfg!(windows) {
        &["cserc.exe", "cserc.cmd", "cserc.bat", "cserc"]
    } else {
        &["cserc"]
    }
}

/// The compiler's arguments: `-I DIR`..., `--rust-out`, `--dependency-out`, the files.
fn compiler_args(
    includes: &[PathBuf],
    out_dir: &Path,
    dependency_file: &Path,
    files: &[PathBuf],
) -> Vec<OsString> {
    let mut args = Vec::new();
    for dir in includes {
        args.push(OsString::from("-I"));
        args.push(dir.clone().into_os_string());
    }
    args.push(OsString::from("--rust-out"));
    args.push(out_dir.as_os_str().to_os_string());
    args.push(OsString::from("--dependency-out"));
    args.push(dependency_file.as_os_str().to_os_string());
    args.extend(files.iter().map(|f| f.clone().into_os_string()));
    args
}

/// The error for a compiler that could not be started.
fn start_error(cserc: &Path, e: io::Error) -> io::Error {
    let hint = if e.kind() == io::ErrorKind::NotFound {
        format!("; {HOW_TO_GET_CSERC}")
    } else {
        String::new()
    };
    io::Error::new(
        e.kind(),
        format!(
            "cser_build: cannot run the cser compiler {}: {e}{hint}",
            cserc.display()
        ),
    )
}

/// `Ok` for exit status 0, else the error message: a headline by exit status, the command,
/// then the compiler's stderr verbatim (and its stdout, if any).
fn check_output(cserc: &Path, args: &[OsString], output: &Output) -> Result<(), String> {
    if output.status.success() {
        return Ok(());
    }
    let headline = match output.status.code() {
        Some(1) => "cserc found errors in the schema (exit status 1)".to_string(),
        Some(code) => format!("cserc failed (exit status {code})"),
        None => format!("cserc failed ({})", output.status),
    };
    let mut message = format!("{headline}\ncommand: {}", cserc.display());
    for arg in args {
        let _ = write!(message, " {}", arg.to_string_lossy());
    }
    message.push('\n');
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    message.push_str(&stderr);
    if !stdout.is_empty() {
        if !message.ends_with('\n') {
            message.push('\n');
        }
        message.push_str(&stdout);
    }
    if stderr.is_empty() && stdout.is_empty() {
        message.push_str("(cserc printed nothing)");
    }
    while message.ends_with('\n') {
        message.pop();
    }
    Err(message)
}

/// The paths in a dependency file: one per line; blank lines are skipped and a trailing
/// `\r` is dropped.
fn parse_dependency_file(text: &str) -> Vec<PathBuf> {
    text.lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .filter(|line| !line.trim().is_empty())
        .map(PathBuf::from)
        .collect()
}

/// The `cargo:rerun-if-changed=...` lines: the dependencies reported by the compiler, the
/// given files and the include directories, each path once, in that order.
fn rerun_lines(files: &[PathBuf], includes: &[PathBuf], dependencies: &[PathBuf]) -> Vec<String> {
    let mut seen: Vec<&Path> = Vec::new();
    let mut lines = Vec::new();
    for path in dependencies.iter().chain(files).chain(includes) {
        if !seen.contains(&path.as_path()) {
            seen.push(path);
            lines.push(format!("cargo:rerun-if-changed={}", path.display()));
        }
    }
    lines
}

#[cfg(test)]
mod tests;
