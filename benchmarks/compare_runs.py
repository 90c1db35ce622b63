"""Compares two benchmark runs of the same mode, e.g. before and after a change: for every
(language, workload, op) with a cser row in both, the bytes and cser's median before and after,
cser's change, and cser's change relative to its peers'.

    python benchmarks/compare_runs.py BEFORE_DIR AFTER_DIR [--markdown]

Both directories hold the harnesses' result files (benchmarks/README.md, "Results"), matched by
file name: a full run's benchmarks/results/*.json (of a worktree at the earlier commit, say), or
a quick run's benchmarks/target/quick/*.json. The machine drifts between runs (up to ~20% on the
project's 2-core machine), and each run times cser and its peers in turns, so a change of cser's
own code shows as a change of cser's time against the peers' in the same rows: "peers" is the
geometric mean of the peers' changes (how much the host itself drifted between the two runs),
"relative" is cser's change divided by it. Rows of the Kafka benchmark are compared the same way
(ops ser, deser and end-to-end, the workload with its compression); the bytes are the message
or value size where the row has one.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from compare_modes import BASE, Key, times

Row = tuple[str, str, str]  # (language, workload, op)


def sizes(doc: dict[str, Any]) -> dict[Key, int]:
    """The encoded size of each row that has one, by the keys of ``times``."""
    out: dict[Key, int] = {}
    for row in doc.get("rows", []):
        if "format" in row:
            workload = f"{row['workload']} {row['compression']}"
            for op in ("ser", "deser", "end-to-end"):
                if row.get("value_bytes") is not None:
                    out[(row["language"], workload, row["format"], op)] = int(row["value_bytes"])
        elif row.get("bytes") is not None:
            out[(row["language"], row["workload"], row["library"], row["op"])] = int(row["bytes"])
    return out


def compare(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """One line per (language, workload, op) that has a cser row in both runs."""
    tb, ta = times(before), times(after)
    sb, sa = sizes(before), sizes(after)
    lines = []
    rows = sorted({(lang, w, op) for (lang, w, lib, op) in tb if lib == BASE and (lang, w, lib, op) in ta})
    for lang, w, op in rows:
        key = (lang, w, BASE, op)
        peers = [ta[k] / tb[k] for k in tb if k[0] == lang and k[1] == w and k[3] == op and k[2] != BASE
                 and k in ta and tb[k] > 0]
        change = ta[key] / tb[key]
        drift = math.exp(sum(math.log(p) for p in peers) / len(peers)) if peers else None
        lines.append({"language": lang, "workload": w, "op": op, "bytes_before": sb.get(key), "bytes_after": sa.get(key),
                      "before_ns": tb[key], "after_ns": ta[key], "change": change - 1, "peers": len(peers),
                      "peers_change": None if drift is None else drift - 1,
                      "relative": None if drift is None else change / drift - 1})
    return lines


def fmt_ns(ns: float) -> str:
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.1f} {unit}"
    return f"{ns:.0f} ns"


def pct(x: float | None) -> str:
    return "—" if x is None else f"{x:+.1%}"


def render(harness: str, lines: list[dict[str, Any]], markdown: bool) -> list[str]:
    out = []
    if markdown:
        header = ("| language | workload | op | bytes before → after | cser before → after | cser change "
                  "| peers' change (n) | cser relative to peers |")
        out += [f"**{harness}**", "", header, "|---|---|---|---|---|---|---|---|"]
    for x in lines:
        size = f"{x['bytes_before']} → {x['bytes_after']}" if x["bytes_before"] is not None else "—"
        cells = [x["language"], x["workload"], x["op"], size, f"{fmt_ns(x['before_ns'])} → {fmt_ns(x['after_ns'])}",
                 pct(x["change"]), f"{pct(x['peers_change'])} ({x['peers']})", pct(x["relative"])]
        out.append("| " + " | ".join(cells) + " |" if markdown else f"{harness:7s} " + "  ".join(cells))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--markdown", action="store_true", help="one markdown table per result file")
    args = ap.parse_args(argv)
    out: list[str] = []
    for path in sorted(args.after.glob("*.json")):
        other = args.before / path.name
        if other.is_file():
            lines = compare(json.loads(other.read_text()), json.loads(path.read_text()))
            if lines:
                out += render(path.stem, lines, args.markdown) + ([""] if args.markdown else [])
    if not out:
        print(f"compare_runs: no result file of {args.after} with cser rows in {args.before} too", file=sys.stderr)
        return 2
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
