"""Renders benchmarks/RESULTS.md and its charts from benchmarks/results/*.json (the rows every
harness writes, benchmarks/README.md "Conventions"): per workload and language, a table of each
library's encode and decode time and bytes with its ratio to cser, and a chart; then the Kafka
benchmark's section (report_kafka.py, from results/kafka.json).

    python benchmarks/report.py          (make bench-report; needs matplotlib)
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import report_kafka

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


def time_ratio(r: dict[str, Any] | None, base: dict[str, Any] | None) -> str:
    """A row's ratio to cser's row of the same operation: its turns' ratio where the harness timed
    the two in turns (`vs_cser`), else the ratio of the medians."""
    if r is not None and r.get("vs_cser") is not None and base is not None and base is not r:
        return f"{r['vs_cser']:.2f}×"
    return ratio(r["median_ns"] if r else None, base["median_ns"] if base else None)


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


def targets(table: dict[str, Any], graphs: dict[str, int]) -> list[str]:
    """The targets of the benchmarks issue, each with the ratio this run reached."""

    def row(lang: str, w: str, lib: str, op: str) -> dict[str, Any] | None:
        return table.get(w, {}).get(lang, {}).get(lib, {}).get(op)

    def t(lang: str, w: str, lib: str, *ops: str) -> float | None:
        """The time of ``ops`` together; a row timed in turns with cser counts as its turns'
        ratio times cser's median, so that a ratio of two such sums is the turns' ratio."""
        total = 0.0
        for op in ops:
            r, base = row(lang, w, lib, op), row(lang, w, "cser", op)
            if r is None:
                return None
            total += r["vs_cser"] * base["median_ns"] if r.get("vs_cser") is not None and base else r["median_ns"]
        return total

    def b(lang: str, w: str, lib: str) -> int | None:
        r = row(lang, w, lib, "encode") or row(lang, w, lib, "decode")
        return r.get("bytes") if r else None

    out = ["| target | reached | met |", "|---|---|---|"]

    def add(name: str, value: float | None, ok: Callable[[float], bool], unit: str = "×", digits: int = 2) -> None:
        if value is None:
            out.append(f"| {name} | not measured | – |")
        else:
            digits = 0 if unit == " B" else digits
            out.append(f"| {name} | {value:,.{digits}f}{unit} | {'yes' if ok(value) else '**no**'} |")

    def speedup(lang: str, w: str, peer: str, *ops: str) -> float | None:
        c, p = t(lang, w, "cser", *ops), t(lang, w, peer, *ops)
        return p / c if c and p else None

    ed = ("encode", "decode")
    add("W6 Java: encode+decode ≤ 0.8× Fory fastest (cser ÷ Fory)",
        1 / x if (x := speedup("java", "W6", "fory-fastest", *ed)) else None, lambda v: v <= 0.8)
    for w in ("W2", "W3"):
        add(f"{w} Java: encode+decode ≤ 1.0× Fory fastest (cser ÷ Fory)",
            1 / x if (x := speedup("java", w, "fory-fastest", *ed)) else None, lambda v: v <= 1)
    protobuf_w6 = b("java", "W6", "protobuf")
    add(f"W6 Java: bytes ≤ protobuf ({protobuf_w6} B)", b("java", "W6", "cser"),
        lambda v: protobuf_w6 is not None and v <= protobuf_w6, " B")
    add("W6 Java: encode+decode ≤ 0.5× Kryo (cser ÷ Kryo)",
        1 / x if (x := speedup("java", "W6", "kryo", *ed)) else None, lambda v: v <= 0.5)
    kryo_w6 = b("java", "W6", "kryo")
    add(f"W6 Java: bytes ≤ Kryo registered ({kryo_w6} B here, 218 B published)", b("java", "W6", "cser"),
        lambda v: kryo_w6 is not None and v <= kryo_w6, " B")
    add("W2 Java: ≥ 20× JDK Serializable, encode+decode", speedup("java", "W2", "jdk-serializable", *ed),
        lambda v: v >= 20)
    add("W2 Java: ≥ 4× hand-written Externalizable", speedup("java", "W2", "jdk-externalizable", *ed),
        lambda v: v >= 4)
    w1 = b("java", "W1", "cser")
    add("W1: bytes of 1,000,000 EmptyData ≤ 2.2 MB", (w1 - 6) * 10 + 6 if w1 else None, lambda v: v <= 2_200_000,
        " B")
    add("W1 Java: ≥ 100× JDK Serializable's speed", speedup("java", "W1", "jdk-serializable", *ed),
        lambda v: v >= 100)
    add("W3 Java: ≥ 3× the hand-written DataOutputStream codec", speedup("java", "W3", "data-stream", *ed),
        lambda v: v >= 3)
    w3_alloc = (row("java", "W3", "cser", "decode") or {}).get("alloc_bytes")
    w3_graph = graphs.get("W3")
    add(f"W3 Java: allocation per decode ≤ the decoded object graph ({w3_graph} B by JOL; alloc ÷ graph)",
        w3_alloc / w3_graph if w3_alloc is not None and w3_graph else None, lambda v: v <= 1)
    smiles = None
    data = HERE / "target" / "data" / "w5_molecules.json"
    if data.exists():
        smiles = json.loads(data.read_text())["smiles_bytes"]
    w5 = b("java", "W5", "cser")
    add("W5: cser bytes ≤ 2.5× the SMILES text (with 2D coordinates)", w5 / smiles if w5 and smiles else None,
        lambda v: v <= 2.5)
    add("W5 Java: decode ≥ 10× Kryo", speedup("java", "W5", "kryo", "decode"), lambda v: v >= 10)
    add("W4 stream Java→Java: ≥ 1.5× hand-written DataOutputStream msg/s",
        speedup("java", "W4-stream", "data-stream", "stream"), lambda v: v >= 1.5)
    for w in ("W2", "W3", "W6"):
        for peer, what in (("bitcode", "bitcode"), ("rkyv", "rkyv access+deserialize")):
            add(f"{w} Rust: encode+decode ≤ {what} (cser ÷ {peer})",
                1 / x if (x := speedup("rust", w, peer, *ed)) else None, lambda v: v <= 1)
    for w in ("W1", "W2", "W3", "W4", "W5", "W6"):
        for op in ed:
            add(f"{w} Rust: {op} ≤ bincode (cser ÷ bincode)",
                1 / x if (x := speedup("rust", w, "bincode", op)) else None, lambda v: v <= 1)
        c, p = b("rust", w, "cser"), b("rust", w, "postcard")
        add(f"{w} Rust: bytes ≤ postcard (cser ÷ postcard)", c / p if c and p else None, lambda v: v <= 1,
            digits=4)
    for w in ("W2", "W6"):
        for peer in ("protobuf", "msgpack", "pyfory"):
            for op in ed:
                add(f"{w} Python: {op} faster than {peer} (peer ÷ cser)", speedup("python", w, peer, op),
                    lambda v: v > 1)
    for w in ("W2", "W3", "W6"):  # issue 18: the C accelerator at msgspec's time or less
        for op in ed:
            add(f"{w} Python: {op} ≤ msgspec (cser ÷ msgspec)",
                1 / x if (x := speedup("python", w, "msgspec", op)) else None, lambda v: v <= 1)
    return out


def main() -> None:
    # results/kafka.json has rows of its own shape: its own section (report_kafka.py).
    everything = load()
    kafka = next((f for f in everything if f["file"] == "kafka.json"), None)
    files = [f for f in everything if f["file"] != "kafka.json"]
    lines = ["# Benchmark results", ""]
    if not files:
        lines.append("No results yet: run `make bench` (or `make bench-quick`), then `make bench-report`.")
        OUT.write_text("\n".join(lines) + "\n")
        return
    lines += ["Rendered by `make bench-report` from `benchmarks/results/*.json`. Each table: one",
              "operation of the workload (benchmarks/README.md), median time per operation, its ratio",
              "to cser (above 1× means slower than cser; decode_lazy's is to cser's decode), the",
              "encoded bytes and the bytes allocated per operation where the language shows them. Where",
              "a harness timed a library in turns with cser (benchmarks/README.md, \"Turns\"), its ratio",
              "is the median of the turns' ratios, not the ratio of the two medians beside it; the targets",
              "below are computed the same way.", ""]
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
                    # cser reads nothing in place: a peer's decode_lazy is compared with its decode.
                    b = base.get(op) or (base.get("decode") if op == "decode_lazy" else None)
                    cells += [fmt_ns(r["median_ns"]) if r else "–", time_ratio(r, b)]
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
    lines += report_kafka.section(kafka)
    lines += ["## Targets", "", "The targets of the benchmarks issue, from the results above.", ""]
    graphs: dict[str, int] = {}
    for f in files:
        graphs.update(f.get("decoded_graph_bytes") or {})
    lines += targets(table, graphs)
    notes = HERE / "notes.md"
    if notes.exists():
        lines += ["", notes.read_text().rstrip()]
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT.relative_to(HERE.parent)}")


if __name__ == "__main__":
    main()
