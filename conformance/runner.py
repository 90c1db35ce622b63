"""The conformance runner (conformance/run): like protobuf's, but stricter, because the three
runtimes must write the same bytes, not only read each other's.

For every vector and every language: encode(value) == hex and decode(hex) == value ("example"),
decode(hex) == value ("read": bytes of another schema version), decode fails ("reject", with
the error kind when the vector names one), encode fails ("encode-reject"), encode(raw JSON
text) == hex ("encode"). Then for every
writer/reader pair of languages: the reader decodes what the writer encoded, to the value.
Prints a table of vectors × languages and of the pairs, then each failure with what differed,
and exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import evolve
from harness import (
    LANGUAGES,
    ROOT,
    Testee,
    TesteeError,
    Vector,
    first_difference,
    read_vectors,
)


@dataclass
class Tally:
    passed: int = 0
    failed: int = 0

    def add(self, ok: bool) -> None:
        if ok:
            self.passed += 1
        else:
            self.failed += 1

    def __str__(self) -> str:
        total = self.passed + self.failed
        return f"{self.passed}/{total}" if total else "-"


@dataclass
class Report:
    by_file: dict[str, dict[str, Tally]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(Tally)))
    pairs: dict[tuple[str, str], Tally] = field(default_factory=lambda: defaultdict(Tally))
    evolution: dict[tuple[str, str], Tally] = field(default_factory=lambda: defaultdict(Tally))
    failures: list[str] = field(default_factory=list)

    def check(self, v: Vector, lang: str, ok: bool, what: str) -> None:
        self.by_file[v.file.split(":")[0]][lang].add(ok)
        if not ok:
            self.failures.append(f"{lang}: {v.name} ({v.file}, {v.type}): {what}")


def short(x: Any, limit: int = 300) -> str:
    text = repr(x)
    return text if len(text) <= limit else text[:limit] + "…"


def run_schema(schema: str, vectors: list[Vector], langs: list[str], report: Report) -> None:
    path = ROOT / schema
    encoded: dict[str, dict[int, str | None]] = {}
    testees: dict[str, Testee] = {}
    try:
        for lang in langs:
            started = time.monotonic()
            testees[lang] = Testee(lang, path, [path.parent])
            requests: list[dict[str, Any]] = []
            checks = []
            for i, v in enumerate(vectors):
                if v.mode in ("example", "encode-reject", "encode"):
                    requests.append(v.encode_request(len(requests)))
                    checks.append((i, "encode"))
                if v.mode in ("example", "read", "reject"):
                    requests.append({"id": len(requests), "op": "decode", "type": v.type, "hex": v.hex})
                    checks.append((i, "decode"))
                if v.mode == "reencode":
                    requests.append({"id": len(requests), "op": "reencode", "type": v.type, "hex": v.hex})
                    checks.append((i, "reencode"))
            try:
                answers = testees[lang].run(requests)
            except TesteeError as e:
                for v in vectors:
                    report.check(v, lang, False, f"testee failed: {e}")
                continue
            encoded[lang] = {}
            for (i, op), answer in zip(checks, answers, strict=True):
                v = vectors[i]
                ok = bool(answer.get("ok"))
                if v.mode == "encode-reject":
                    report.check(v, lang, not ok, f"encoded a value it must refuse, to {answer.get('hex')}")
                elif v.mode == "reject":
                    if ok:
                        report.check(v, lang, False, f"decoded bytes it must reject, to {short(answer.get('value'))}")
                    elif v.kind and not str(answer.get("error", "")).startswith(v.kind):
                        report.check(v, lang, False, f"rejected as {short(answer.get('error'))}, expected {v.kind}")
                    else:
                        report.check(v, lang, True, "")
                elif v.mode == "encode":
                    # Raw JSON text (SPEC §11's edges): the bytes only; no value to decode back to.
                    report.check(v, lang, ok and answer.get("hex") == v.hex,
                                 f"encode: got {short(answer.get('hex') if ok else answer.get('error'))}, "
                                 f"expected {short(v.hex)}")
                elif op == "reencode":
                    if not ok:
                        report.check(v, lang, False, f"reencode failed: {answer.get('error')}")
                    else:
                        report.check(v, lang, answer["hex"] == v.hex,
                                     f"reencode: got {short(answer['hex'])}, expected {short(v.hex)}")
                elif op == "encode":
                    encoded[lang][i] = answer.get("hex") if ok else None
                    if not ok:
                        report.check(v, lang, False, f"encode failed: {answer.get('error')}")
                    else:
                        report.check(v, lang, answer["hex"] == v.hex,
                                     f"encode: got {short(answer['hex'])}, expected {short(v.hex)}")
                else:
                    if not ok:
                        report.check(v, lang, False, f"decode failed: {answer.get('error')}")
                    else:
                        diff = first_difference(v.value, answer["value"])
                        report.check(v, lang, diff is None, f"decode: {diff}")
            print(f"  {lang:6s} {schema}: {len(requests)} requests in {time.monotonic() - started:.1f} s",
                  file=sys.stderr)
        # Every writer/reader pair: the reader decodes what the writer wrote.
        for reader in langs:
            if reader not in encoded:
                continue
            requests = []
            pairs = []
            for writer in langs:
                for i, hex_ in encoded.get(writer, {}).items():
                    if hex_ is not None:
                        requests.append({"id": len(requests), "op": "decode", "type": vectors[i].type, "hex": hex_})
                        pairs.append((writer, i))
            try:
                answers = testees[reader].run(requests)
            except TesteeError as e:
                for writer, _ in pairs:
                    report.pairs[(writer, reader)].add(False)
                report.failures.append(f"{reader} reading: {e}")
                continue
            for (writer, i), answer in zip(pairs, answers, strict=True):
                v = vectors[i]
                diff = first_difference(v.value, answer.get("value")) if answer.get("ok") else answer.get("error")
                report.pairs[(writer, reader)].add(diff is None)
                if diff is not None:
                    report.failures.append(f"{writer} → {reader}: {v.name} ({v.file}): {diff}")
    finally:
        for t in testees.values():
            t.close()


def print_report(report: Report, langs: list[str]) -> None:
    files = sorted(report.by_file)
    width = max([len(f) for f in files] + [10])
    print(f"{'vectors':{width}s}  " + "  ".join(f"{lang:>11s}" for lang in langs))
    totals = {lang: Tally() for lang in langs}
    for f in files:
        row = report.by_file[f]
        for lang in langs:
            totals[lang].passed += row[lang].passed
            totals[lang].failed += row[lang].failed
        print(f"{f:{width}s}  " + "  ".join(f"{row[lang]!s:>11s}" for lang in langs))
    print(f"{'total':{width}s}  " + "  ".join(f"{totals[lang]!s:>11s}" for lang in langs))
    print()
    print("writer → reader " + "  ".join(f"{lang:>11s}" for lang in langs))
    for writer in langs:
        print(f"{writer:15s} " + "  ".join(f"{report.pairs[(writer, r)]!s:>11s}" for r in langs))
    if report.evolution:
        print()
        print("evolution: middle (reencode/patch) → reader of the writer's schema")
        print("middle → reader " + "  ".join(f"{lang:>11s}" for lang in langs))
        for middle in langs:
            print(f"{middle:15s} " + "  ".join(f"{report.evolution[(middle, r)]!s:>11s}" for r in langs))


def main() -> int:
    parser = argparse.ArgumentParser(description="Runs the conformance vectors in every language.")
    parser.add_argument("--lang", default=",".join(LANGUAGES), help="languages to run (default: all)")
    parser.add_argument("--vectors", default="", help="vector files to run, by name (default: all)")
    args = parser.parse_args()
    langs = [x for x in args.lang.split(",") if x]
    for lang in langs:
        if lang not in LANGUAGES:
            parser.error(f"unknown language {lang}")
    names = {x.removesuffix(".jsonl") for x in args.vectors.split(",") if x}
    vectors = [v for v in read_vectors() if not names or v.file.split(".jsonl")[0] in names]
    if not vectors:
        print("no vectors: run conformance/generate.py", file=sys.stderr)
        return 2
    by_schema: dict[str, list[Vector]] = defaultdict(list)
    for v in vectors:
        by_schema["evolve" if v.mode == "evolve" else v.schema].append(v)
    evolving = by_schema.pop("evolve", [])
    report = Report()
    started = time.monotonic()
    for schema, vs in sorted(by_schema.items()):
        run_schema(schema, vs, langs, report)
    if evolving:
        evolve.run(evolving, langs, report.check, report.evolution, report.failures)
    print_report(report, langs)
    schemas = {v.schema for v in vectors} | {v.writer_schema for v in vectors if v.writer_schema}
    print(f"\n{len(vectors)} vectors, {len(schemas)} schemas, {time.monotonic() - started:.0f} s")
    if report.failures:
        print(f"\n{len(report.failures)} failures:")
        for f in report.failures[:200]:
            print("  " + f)
        if len(report.failures) > 200:
            print(f"  … and {len(report.failures) - 200} more")
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
