"""Renders benchmarks/RESULTS.md and its charts from benchmarks/results/*.json (the rows every
harness writes, benchmarks/README.md "Conventions"): per workload and language, a table of each
library's encode and decode time and bytes with its ratio to cser, and a chart.

    python benchmarks/report.py          (make bench-report; needs matplotlib)
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
CHARTS = HERE / "charts"
OUT = HERE / "RESULTS.md"

WORKLOADS = {
    "W1": "EmptyData ×100,000 (one list of records whose map and list are empty)",
    "W2": "Employee ×5,000",
    "W3": "Sakai content entity (seed 002)",
    "W4": "Message (seed 004)",
    "W5": "Molecules: RDKit's first_5K.smi (4,991 molecules with 2D coordinates)",
    "W6": "MediaContent (jvm-serializers)",
    "W4-stream": "1,000,000 messages over loopback TCP, sender and receiver processes",
}


def load() -> list[dict[str, Any]]:
    files = []
    for path in sorted(RESULTS.glob("*.json")):
        data = json.loads(path.read_text())
        data["file"] = path.name
        files.append(data)
    return files


def fmt_ns(ns: float | None) -> str:
    if ns is None:
        return "–"
    if ns >= 1e6:
        return f"{ns / 1e6:,.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:,.2f} µs"
    return f"{ns:,.0f} ns"


def ratio(x: float | None, base: float | None) -> str:
    if x is None or base is None or base == 0:
        return "–"
    return f"{x / base:.2f}×"


def chart(language: str, workload: str, rows: dict[str, dict[str, Any]]) -> str | None:
    """A bar chart of encode and decode time per library; returns its path relative to HERE."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    libs = sorted(rows, key=lambda lib: (lib != "cser", lib))
    enc = [rows[lib].get("encode", {}).get("median_ns") or 0 for lib in libs]
    dec = [rows[lib].get("decode", {}).get("median_ns") or 0 for lib in libs]
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(libs) + 1.2))
    y = range(len(libs))
    ax.barh([i - 0.2 for i in y], [e / 1e3 for e in enc], height=0.4, label="encode")
    ax.barh([i + 0.2 for i in y], [d / 1e3 for d in dec], height=0.4, label="decode")
    ax.set_yticks(list(y), libs)
    ax.invert_yaxis()
    ax.set_xlabel("µs per operation (median; shorter is better)")
    ax.set_title(f"{language} — {workload}")
    ax.legend(loc="lower right")
    fig.tight_layout()
    CHARTS.mkdir(exist_ok=True)
    name = f"{language}-{workload}.png"
    fig.savefig(CHARTS / name, dpi=90)
    plt.close(fig)
    return f"charts/{name}"


def main() -> None:
    files = load()
    lines = ["# Benchmark results", ""]
    if not files:
        lines.append("No results yet: run `make bench` (or `make bench-quick`), then `make bench-report`.")
        OUT.write_text("\n".join(lines) + "\n")
        return
    lines += ["Rendered by `make bench-report` from `benchmarks/results/*.json`. Each table: one",
              "operation of the workload (benchmarks/README.md), median time per operation, its ratio",
              "to cser (above 1× means slower than cser), the encoded bytes and the bytes allocated per",
              "operation where the language shows them.", ""]
    lines += ["| results | mode | machine | versions |", "|---|---|---|---|"]
    for f in files:
        machine = ", ".join(f"{k} {v}" for k, v in (f.get("machine") or {}).items())
        versions = ", ".join(f"{k} {v}" for k, v in (f.get("versions") or {}).items())
        lines.append(f"| {f['file']} | {f.get('mode', '?')} | {machine} | {versions} |")
    lines.append("")
    table: dict[str, dict[str, dict[str, dict[str, dict[str, Any]]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(dict)))
    for f in files:
        for row in f.get("rows", []):
            table[row["workload"]][row["language"]][row["library"]][row["op"]] = row
    for workload in sorted(table, key=lambda w: (w.replace("-stream", "z"))):
        lines += [f"## {workload}: {WORKLOADS.get(workload, '')}", ""]
        for language, libs in sorted(table[workload].items()):
            base = libs.get("cser", {})
            ops = sorted({op for lib in libs.values() for op in lib}, key=lambda o: ["encode", "decode"].index(o)
                         if o in ("encode", "decode") else 2)
            head = "| library | " + " | ".join(f"{op} | × cser" for op in ops) + " | bytes | × cser | alloc/op |"
            lines += [f"### {language}", "", head, "|" + "---|" * (2 * len(ops) + 4)]
            for lib in sorted(libs, key=lambda lib: (lib != "cser", lib)):
                row = libs[lib]
                cells = []
                for op in ops:
                    r = row.get(op)
                    b = base.get(op)
                    cells += [fmt_ns(r["median_ns"]) if r else "–",
                              ratio(r["median_ns"] if r else None, b["median_ns"] if b else None)]
                any_row = next(iter(row.values()))
                base_row = next(iter(base.values()), None)
                size = any_row.get("bytes")
                alloc = max((r.get("alloc_bytes") or 0 for r in row.values()), default=0)
                lines.append(f"| {lib} | " + " | ".join(cells) + f" | {size if size is not None else '–'} | "
                             f"{ratio(size, base_row.get('bytes') if base_row else None)} | "
                             f"{alloc if alloc else '–'} |")
            img = chart(language, workload, libs)
            if img:
                lines += ["", f"![{language} {workload}]({img})"]
            lines.append("")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT.relative_to(HERE.parent)}")


if __name__ == "__main__":
    main()
