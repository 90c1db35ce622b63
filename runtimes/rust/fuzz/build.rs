//! Generates the Rust code of every example schema (schema/examples) and every conformance
//! schema (conformance/schemas) with cser-build, and the table of root types the fuzz targets
//! pick from with their first input byte.
//!
//! Some conformance schemas are later generations of others, in the same package
//! (evolution_v2 of evolution_v1, generations_v2 and generations_v3 of generations_v1), so the
//! code is generated in groups, each into its own directory and module: `examples`, `conf`
//! (every conformance schema but the later generations), and one group per later generation
//! ([`GENERATIONS`]).
//!
//! Written into OUT_DIR:
//! - `<group>/cser_modules.rs` and the package files, as cser-build writes them;
//! - `roots.rs`: `ROOTS`, one `Root` per record, struct and union, sorted by group and name;
//! - `roots.txt`: the same table as `INDEX<TAB>GROUP<TAB>QUALIFIED_NAME` lines, which
//!   `corpus.py` reads to prepend the right selector byte to each conformance vector.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

const EXAMPLES: &str = "../../../schema/examples";
const CONFORMANCE: &str = "../../../conformance/schemas";

/// The conformance schemas that declare again the types of another one (a later generation of
/// it), each compiled on its own: (group, file). corpus.py and lib.rs name the same groups.
const GENERATIONS: [(&str, &str); 3] = [
    ("conf_v2", "evolution_v2.cser"),
    ("conf_gen2", "generations_v2.cser"),
    ("conf_gen3", "generations_v3.cser"),
];

fn schemas(dir: &str, keep: impl Fn(&str) -> bool) -> io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    files.retain(|p| {
        p.extension().is_some_and(|x| x == "cser") && keep(p.file_name().unwrap().to_str().unwrap())
    });
    files.sort();
    Ok(files)
}

/// The module path of each package file, as `cser_modules.rs` nests it: the compiler escapes
/// the segments there (`edge.static` is `edge::r#static`), which the file name does not say.
fn module_paths(dir: &Path) -> io::Result<HashMap<String, String>> {
    let text = std::fs::read_to_string(dir.join("cser_modules.rs"))?;
    let mut stack: Vec<&str> = Vec::new();
    let mut paths = HashMap::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("pub static") {
            break; // the module tree ends where the JSON table starts
        } else if let Some(name) = line
            .strip_prefix("pub mod ")
            .and_then(|r| r.strip_suffix(" {"))
        {
            stack.push(name);
        } else if let Some(file) = line
            .strip_prefix("include!(\"")
            .and_then(|r| r.strip_suffix("\");"))
        {
            paths.insert(file.to_string(), stack.join("::"));
        } else if line == "}" {
            stack.pop();
        }
    }
    Ok(paths)
}

/// The roots of one group: (qualified name, Rust path) of every `impl ::cser::Message`.
fn roots(group: &str, dir: &Path) -> io::Result<Vec<(String, String)>> {
    let modules = module_paths(dir)?;
    let mut found = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    files.sort();
    for file in files {
        let name = file.file_name().unwrap().to_str().unwrap().to_string();
        if !name.ends_with(".rs") || name == "cser_modules.rs" {
            continue;
        }
        let module = modules
            .get(&name)
            .unwrap_or_else(|| panic!("{name} is not in cser_modules.rs"));
        let text = std::fs::read_to_string(&file)?;
        let mut rust_type = None;
        for line in text.lines() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("impl ::cser::Message for ") {
                rust_type = rest.split_whitespace().next().map(str::to_string);
            } else if let Some(rest) = line.strip_prefix("const TYPE_NAME: &'static str = \"") {
                let qualified = rest.trim_end_matches("\";").to_string();
                let ty = rust_type.take().expect("TYPE_NAME inside impl Message");
                found.push((qualified, format!("crate::{group}::{module}::{ty}")));
            }
        }
    }
    Ok(found)
}

fn main() -> io::Result<()> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    println!("cargo:rerun-if-changed={EXAMPLES}");
    println!("cargo:rerun-if-changed={CONFORMANCE}");
    println!("cargo:rerun-if-changed=../../../tools/cserc/target/cserc.jar");
    let mut groups: Vec<(&str, &str, Vec<PathBuf>)> = vec![
        ("examples", EXAMPLES, schemas(EXAMPLES, |_| true)?),
        (
            "conf",
            CONFORMANCE,
            schemas(CONFORMANCE, |f| GENERATIONS.iter().all(|(_, g)| f != *g))?,
        ),
    ];
    for (group, file) in GENERATIONS {
        groups.push((group, CONFORMANCE, schemas(CONFORMANCE, |f| f == file)?));
    }
    let mut table = Vec::new();
    for (group, include, files) in &groups {
        let dir = out.join(group);
        std::fs::create_dir_all(&dir)?;
        cser_build::Config::new()
            .include(include)
            .out_dir(&dir)
            .compile(files)?;
        for (qualified, path) in roots(group, &dir)? {
            table.push((group.to_string(), qualified, path));
        }
    }
    table.sort();
    assert!(
        table.len() <= 256,
        "more roots than one selector byte picks"
    );
    let mut rs = String::from(
        "/// Every root type, in the order of `roots.txt`.\npub static ROOTS: &[Root] = &[\n",
    );
    let mut txt = String::new();
    for (i, (group, qualified, path)) in table.iter().enumerate() {
        writeln!(
            rs,
            "    Root {{ group: {group:?}, name: {qualified:?}, decode: |d| check_decode(d, {path}::decode, {path}::try_encode), stream: |d| check_stream::<{path}>(d) }},"
        )
        .unwrap();
        writeln!(txt, "{i}\t{group}\t{qualified}").unwrap();
    }
    rs.push_str("];\n");
    std::fs::write(out.join("roots.rs"), rs)?;
    std::fs::write(out.join("roots.txt"), txt)?;
    Ok(())
}
