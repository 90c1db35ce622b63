//! The tables printed at the end of a run: every row, and the Rust targets.

use std::collections::BTreeMap;

use cser_benchmarks::harness::{Op, LIBRARIES, WORKLOADS};

use crate::measured::{Key, Measured};

fn ns(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.2} ms", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.2} µs", x / 1e3)
    } else {
        format!("{x:.0} ns")
    }
}

pub fn print_table(results: &BTreeMap<Key, Measured>) {
    println!(
        "\n{:<4} {:<11} {:>13} {:>13} {:>13} {:>13} {:>13} {:>8} {:>8} {:>11} {:>12} {:>12}",
        "",
        "library",
        "encode",
        "enc p10",
        "enc p90",
        "decode",
        "decode_lazy",
        "enc/cser",
        "dec/cser",
        "bytes",
        "enc alloc",
        "dec alloc"
    );
    for w in WORKLOADS {
        for l in LIBRARIES {
            let (Some(e), Some(d)) = (
                results.get(&(w, l, Op::Encode)),
                results.get(&(w, l, Op::Decode)),
            ) else {
                continue;
            };
            let alloc = |m: &Measured| m.alloc_bytes.map_or("-".to_owned(), |a| a.to_string());
            let vs = |m: &Measured| m.vs_cser().map_or("-".to_owned(), |r| format!("{r:.2}"));
            let (ve, vd) = (vs(e), vs(d));
            let lazy = results
                .get(&(w, l, Op::DecodeLazy))
                .map_or("-".to_owned(), |m| ns(m.median_ns));
            let times = format!(
                "{:>13} {:>13} {:>13} {:>13} {lazy:>13}",
                ns(e.median_ns),
                ns(e.p10_ns),
                ns(e.p90_ns),
                ns(d.median_ns),
            );
            println!(
                "{w:<4} {l:<11} {times} {ve:>8} {vd:>8} {:>11} {:>12} {:>12}",
                e.bytes,
                alloc(e),
                alloc(d)
            );
        }
    }
}

/// A ratio cell: `0.93 met` or `1.21 NOT MET` (met when ≤ 1.00), `-` when not measured.
fn cell(r: Option<f64>, all: &mut bool) -> String {
    match r {
        Some(r) => {
            let met = r <= 1.0;
            *all &= met;
            format!("{r:.2} {}", if met { "met" } else { "NOT MET" })
        }
        None => "-".to_owned(),
    }
}

/// The Rust targets: cser's encode+decode time ≤ bitcode's and ≤ rkyv's (access + deserialize;
/// issue 18); the legacy ones: encode and decode time ≤ bincode's, bytes ≤ postcard's. Time
/// ratios come from the peers' `vs_cser` (paired with cser pass by pass) where the rows have one.
pub fn print_targets(results: &BTreeMap<Key, Measured>) {
    println!("\nTargets (cser / peer; met when ≤ 1.00):");
    println!(
        "{:<4} {:>16} {:>16} {:>18} {:>18} {:>26}",
        "",
        "e+d vs bitcode",
        "e+d vs rkyv",
        "encode vs bincode",
        "decode vs bincode",
        "bytes vs postcard"
    );
    let mut all = true;
    for w in WORKLOADS {
        let get = |l, op| results.get(&(w, l, op));
        let time = |l, ops: &[Op]| -> Option<f64> {
            ops.iter().map(|&op| get(l, op).map(|m| m.median_ns)).sum()
        };
        // Peer time ÷ cser time over `ops`: from vs_cser, over several ops weighted by cser's
        // medians (the peer's time taken as vs_cser × cser's); else the medians' ratio.
        let paired = |peer, ops: &[Op]| -> Option<f64> {
            if let [op] = ops {
                return get(peer, *op)?.vs_cser();
            }
            let (mut p, mut c) = (0.0, 0.0);
            for &op in ops {
                let cser = get("cser", op)?.median_ns;
                p += get(peer, op)?.vs_cser()? * cser;
                c += cser;
            }
            Some(p / c)
        };
        let ratio = |peer, ops: &[Op]| match paired(peer, ops) {
            Some(vs) => Some(1.0 / vs),
            None => Some(time("cser", ops)? / time(peer, ops)?),
        };
        let ed = [Op::Encode, Op::Decode];
        let cells = [
            cell(ratio("bitcode", &ed), &mut all),
            cell(ratio("rkyv", &ed), &mut all),
            cell(ratio("bincode", &[Op::Encode]), &mut all),
            cell(ratio("bincode", &[Op::Decode]), &mut all),
        ];
        // Sizes differ by a few bytes: the ratio to 4 places and the difference.
        let b = match (get("cser", Op::Encode), get("postcard", Op::Encode)) {
            (Some(c), Some(p)) => {
                let met = c.bytes <= p.bytes;
                all &= met;
                format!(
                    "{:.4} {:+} B {}",
                    c.bytes as f64 / p.bytes as f64,
                    c.bytes as i64 - p.bytes as i64,
                    if met { "met" } else { "NOT MET" }
                )
            }
            _ => "-".to_owned(),
        };
        if cells.iter().any(|c| c != "-") || b != "-" {
            let [eb, er, e, d] = cells;
            println!("{w:<4} {eb:>16} {er:>16} {e:>18} {d:>18} {b:>26}");
        }
    }
    println!(
        "{}",
        if all {
            "all targets met"
        } else {
            "some targets not met"
        }
    );
}
