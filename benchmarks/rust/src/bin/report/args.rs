//! The command line: the mode, the filter, a child's workload, the output file and smoke's
//! repeat count.

use std::path::{Path, PathBuf};

use cser_benchmarks::harness::WORKLOADS;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Full,
    Quick,
    Smoke,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Full => "full",
            Mode::Quick => "quick",
            Mode::Smoke => "smoke",
        }
    }
}

pub struct Args {
    pub mode: Mode,
    pub filter: Option<String>,
    /// Set in a child process: the one workload it measures.
    pub workload: Option<&'static str>,
    pub out: PathBuf,
    /// Smoke mode: how many times each operation runs.
    pub repeat: u32,
}

pub const USAGE: &str =
    "usage: report --mode full|quick|smoke [--filter SUBSTRING] [--workload W] \
                     [--out FILE] [--repeat N (smoke)]";

pub fn parse_args() -> Result<Args, String> {
    let mut mode = None;
    let mut filter = None;
    let mut workload = None;
    let mut repeat = 1;
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = manifest
        .parent()
        .unwrap_or(manifest)
        .join("results/rust.json");
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--mode" => {
                mode = Some(match value()?.as_str() {
                    "full" => Mode::Full,
                    "quick" => Mode::Quick,
                    "smoke" => Mode::Smoke,
                    other => return Err(format!("unknown mode {other}")),
                })
            }
            "--filter" => filter = Some(value()?),
            "--workload" => {
                let w = value()?;
                workload = Some(
                    WORKLOADS
                        .into_iter()
                        .find(|&known| known == w)
                        .ok_or(format!("unknown workload {w}"))?,
                );
            }
            "--out" => out = PathBuf::from(value()?),
            "--repeat" => {
                let v = value()?;
                repeat = v
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("--repeat needs a positive count, not {v}"))?;
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(Args {
        mode: mode.ok_or("--mode is required")?,
        filter,
        workload,
        out,
        repeat,
    })
}
