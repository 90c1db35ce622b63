"""The Kafka section of RESULTS.md, from results/kafka.json (benchmarks/python/kafka_run.py): per
language and workload, each format with and without zstd, end-to-end rate, bytes on the broker
against cser's, and the serializer's and deserializer's time per record."""

from __future__ import annotations

from typing import Any

WORKLOADS = {"W4": "W4 messages (message n of the W4 stream)", "W3": "W3 entities (Sakai entity n)"}
FORMATS = ("cser", "cser-bare", "json", "protobuf")
COMPRESSIONS = ("none", "zstd")
REPRODUCE = "benchmarks/target/py-venv/bin/python benchmarks/python/kafka_run.py --mode full"


def section(doc: dict[str, Any] | None) -> list[str]:
    lines = ["## Kafka: end to end through a broker", ""]
    if doc is None:
        return lines + [
            "No results yet (`benchmarks/results/kafka.json`): run `make bench` (or `make bench-quick`), or",
            f"`{REPRODUCE}` after `make`, then `make bench-report`.", "",
        ]
    counts = doc.get("counts", {})
    machine = ", ".join(f"{k} {v}" for k, v in (doc.get("machine") or {}).items())
    lines += [
        f"`results/kafka.json`, mode {doc.get('mode', '?')} "
        f"({', '.join(f'{n:,} {w}' for w, n in counts.items())} records per run, {doc.get('seconds', '?')} s in all), "
        f"reproduced by `make bench` or `{REPRODUCE}`. Machine: {machine}.",
        "",
    ]
    for language, versions in (doc.get("versions") or {}).items():
        timer = (doc.get("timer_ns") or {}).get(language)
        v = ", ".join(f"{k} {x}" for k, x in versions.items())
        lines.append(f"- {language}: {v}; one timer reading pair costs {timer:.0f} ns (in ser/deser)." if timer
                     else f"- {language}: {v}.")
    settings = doc.get("settings") or {}
    lines += [""] + [f"- {k}: {v}" for k, v in settings.items()] + [""]
    lines += [
        "msgs/s: records over the time from the first send to the last record decoded (produce and consume",
        "on their own beside it); broker bytes: the topic's `*.log` segment files on disk; × cser: broker",
        "bytes over cser's with the same compression; ser / deser: time inside the serializer / deserializer",
        "per record, measured in the client around each call. cser's records carry its two 8-byte headers;",
        "cser-bare is cser with the serializer told to write none (SPEC §8.2, \"Records without headers\").",
        "",
    ]
    rows = doc.get("rows", [])
    for language in sorted({r["language"] for r in rows}):
        for workload in ("W4", "W3"):
            mine = {(r["format"], r["compression"]): r for r in rows
                    if r["language"] == language and r["workload"] == workload}
            if not mine:
                continue
            count = next(iter(mine.values()))["count"]
            lines += [f"### {language}, {count:,} {WORKLOADS.get(workload, workload)}", "",
                      "| format | compression | msgs/s | produce msgs/s | consume msgs/s | broker bytes | × cser "
                      "| ser ns/rec | deser ns/rec |",
                      "|---|---|--:|--:|--:|--:|--:|--:|--:|"]
            for fmt in FORMATS:
                for comp in COMPRESSIONS:
                    r = mine.get((fmt, comp))
                    if r is None:
                        continue
                    base = mine.get(("cser", comp))
                    times = f"{r['broker_bytes'] / base['broker_bytes']:.2f}×" if base else "–"
                    lines.append(
                        f"| {fmt} | {comp} | {r['msgs_per_s']:,.0f} | {r['produce_msgs_per_s']:,.0f} | "
                        f"{r['consume_msgs_per_s']:,.0f} | {r['broker_bytes']:,} | {times} | "
                        f"{r['ser_ns']:,.0f} | {r['deser_ns']:,.0f} |")
            lines.append("")
    return lines
