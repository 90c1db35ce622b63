"""The round trip of a batch (conformance/schemagen/README.md): every value of every schema through
every testee (encode: the same bytes; decode: the same JSON; reencode: the same bytes), then
``patch`` (a field set from another value), ``restream`` (a stream of a type's values) and the
values of each evolved pair across its two versions (campaign_evolve.py)."""

from __future__ import annotations

import hashlib
import os
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from campaign_batch import Batch
from campaign_env import HERE, JAR, ROOT, TESTEES, VENV, dumps, java_classpath
from campaign_evolve import evolution
from campaign_testee import Proc
from schemagen import values

# conformance/harness.py: how SPEC §11 compares a decoded value with the one encoded
sys.path.insert(0, str(HERE.parent))

from harness import first_difference


def round_trip(batch: Batch, built: dict[str, list[int]], crate: Path, java_testee: Path, dynamic_testee: Path) -> str:
    """Every value of every schema through every testee: encode (the same bytes), decode (the
    same JSON), reencode (the same bytes), patch (a record's or struct's field set from another
    value: the testee's own encoding of the patched value) and restream (a stream of a type's
    values: the same frames back, under the testee's fingerprint). ``built["java-dynamic"]``
    is every schema that passed the check: the schema-driven codec needs no build."""
    cp = f"{batch.dir / 'java' / 'classes'}:{java_testee}:{java_classpath()}"
    commands = {
        "java-dynamic": (["java", "-XX:+UseSerialGC", "-cp", f"{dynamic_testee}:{JAR}", "dev.cser.conformance.DynamicTestee",
                          *batch.paths(built.get("java-dynamic", []))], None),
        "java": (["java", "-XX:+UseSerialGC", "-cp", cp, "dev.cser.conformance.Testee",
                  str(batch.dir / "java" / "classes")], None),
        "rust": ([str(crate / "target" / "debug" / "schemagen-testee")], None),
        "python": ([str(VENV / "python"), str(HERE / "batch_testee.py"), str(batch.dir / "python")], None),
        "python-pure": ([str(VENV / "python"), str(HERE / "batch_testee.py"), str(batch.dir / "python")],
                        {"CSER_PURE_PYTHON": "1"}),
    }
    langs = {"java": "java", "java-dynamic": "java-dynamic", "rust": "rust", "python": "python", "python-pure": "python"}
    # The values: every record, struct and union of every schema built in at least one language.
    seeds = sorted(set().union(*built.values()))
    reqs: dict[int, list[tuple[str, Any]]] = {}
    for s in seeds:
        try:
            reqs[s] = values(batch.schemas[s], s, batch.options.values_per_type)
        except Exception as e:  # a bug of the generator, reported as such
            batch.fail(s, "values", "generator", f"{type(e).__name__}: {e}")
    procs: dict[str, Proc] = {}
    for t, (cmd, extra) in commands.items():
        mine = [s for s in built[langs[t]] if s in reqs]
        if mine:
            env = dict(os.environ, **(extra or {}))
            if t.startswith("python"):
                env["PYTHONPATH"] = str(ROOT / "runtimes" / "python" / "src")
            procs[t] = Proc(t, cmd, env, python=t.startswith("python"))
    try:
        for t, p in procs.items():
            if p.load_report is not None:
                for pkg, err in p.load_report.get("failed", {}).items():
                    m = re.fullmatch(r"c(\d+)", pkg)
                    if m and int(m.group(1)) in batch.failed:
                        batch.fail(int(m.group(1)), "import", t, err)
        bad: set[tuple[int, str]] = {(s, t) for s in seeds for t in TESTEES if langs[t] in batch.failed[s]}

        def active(t: str, s: int) -> bool:
            return t in procs and s in built[langs[t]] and (s, t) not in bad

        def report(s: int, t: str, stage: str, text: str) -> None:
            if (s, t) not in bad:
                bad.add((s, t))
                batch.fail(s, stage, t, text)

        # 1. encode in every testee: the bytes must agree
        items = [(s, i, name, value) for s in seeds if s in reqs for i, (name, value) in enumerate(reqs[s])]
        batch.log(f"  round-trip: {len(items)} values of {len(seeds)} schemas, testees {', '.join(procs)}")
        enc: dict[str, list[dict[str, Any] | None]] = {}
        for t, p in procs.items():
            rq = [{"op": "encode", "type": name, "value": value} for (s, i, name, value) in items]
            enc[t] = p.ask(rq, [active(t, s) for (s, *_r) in items])
        expected_hex: dict[int, str] = {}
        for k, (s, _i, name, value) in enumerate(items):
            answers = {t: enc[t][k] for t in procs if active(t, s)}
            for t, a in answers.items():
                if a is not None and not a.get("ok"):
                    report(s, t, "round-trip", f"encode {name} refused: {a.get('error')}\nvalue: {dumps(value)[:400]}")
            hexes = {t: a["hex"] for t, a in answers.items() if a and a.get("ok") and active(t, s)}
            if not hexes:
                continue
            votes = Counter(hexes.values())
            ref = hexes.get("java") if votes[hexes.get("java", "")] >= max(votes.values()) else votes.most_common(1)[0][0]
            expected_hex[k] = ref
            for t, h in hexes.items():
                if h != ref:
                    report(s, t, "round-trip", f"encode {name}: bytes differ from the others'\n"
                           f"{t}: {h[:200]}\nothers: {ref[:200]}\nvalue: {dumps(value)[:400]}")
        # 2. decode the agreed bytes in every testee: the same JSON; 3. re-encode: the same bytes
        for op in ("decode", "reencode"):
            answers_by: dict[str, list[dict[str, Any] | None]] = {}
            for t, p in procs.items():
                rq = [{"op": op, "type": name, "hex": expected_hex.get(k, "")} for k, (s, _i, name, value) in enumerate(items)]
                answers_by[t] = p.ask(rq, [active(t, s) and k in expected_hex for k, (s, *_r) in enumerate(items)])
            for k, (s, _i, name, value) in enumerate(items):
                if k not in expected_hex:
                    continue
                for t in procs:
                    a = answers_by[t][k]
                    if a is None or not active(t, s):
                        continue
                    if not a.get("ok"):
                        report(s, t, "round-trip", f"{op} {name} failed: {a.get('error')}\nhex: {expected_hex[k][:200]}")
                    elif op == "decode":
                        d = first_difference(value, a["value"])
                        if d:
                            report(s, t, "round-trip", f"decode {name}: {d}\nhex: {expected_hex[k][:200]}")
                    elif a["hex"] != expected_hex[k]:
                        report(s, t, "round-trip", f"reencode {name}: {a['hex'][:200]}\n!= {expected_hex[k][:200]}")
        by_type: dict[tuple[int, str], list[int]] = {}
        for k, (s, _i, name, _v) in enumerate(items):
            if k in expected_hex:
                by_type.setdefault((s, name), []).append(k)
        kinds = {d.qname: d.kind for s in seeds for d in batch.schemas[s].decls}
        patch(procs, items, expected_hex, by_type, kinds, active, report)
        restream(procs, expected_hex, by_type, kinds, active, report)
        evolution(batch, procs, items, expected_hex, active, report)
        for t, p in procs.items():
            if p.dead:
                for s in built[langs[t]]:
                    report(s, t, "round-trip", f"the {t} testee died: {p.error}\n{p.stderr()}")
    finally:
        for p in procs.values():
            p.close()
    return ", ".join(f"{t} {p.busy:.1f} s" for t, p in procs.items())


def patch(procs: dict[str, Proc], items: list[tuple[int, int, str, Any]], expected_hex: dict[int, str],
          by_type: dict[tuple[int, str], list[int]], kinds: dict[str, str],
          active: Callable[[str, int], bool], report: Callable[[int, str, str, str], None]) -> None:
    """A record's or struct's first value with one field set from its second: every testee's
    bytes must be what it encodes the patched value to, and what the others do."""
    cases: list[tuple[int, str, str, dict[str, Any], dict[str, Any]]] = []
    for (s, name), ks in by_type.items():
        base, donor = items[ks[0]][3], items[ks[-1]][3]
        if kinds.get(name) in ("record", "struct") and len(ks) > 1 and isinstance(donor, dict) and donor:
            keys = sorted(donor)
            key = keys[(s + len(ks)) % len(keys)]
            cases.append((s, name, expected_hex[ks[0]], {key: donor[key]}, {**base, key: donor[key]}))
    if not cases:
        return
    patched: dict[str, list[dict[str, Any] | None]] = {}
    encoded: dict[str, list[dict[str, Any] | None]] = {}
    for t, p in procs.items():
        send = [active(t, s) for (s, *_r) in cases]
        patched[t] = p.ask([{"op": "patch", "type": n, "hex": h, "set": st} for (_s, n, h, st, _m) in cases], send)
        encoded[t] = p.ask([{"op": "encode", "type": n, "value": m} for (_s, n, _h, _st, m) in cases], send)
    for c, (s, name, _h, st, merged) in enumerate(cases):
        own = {t: (patched[t][c], encoded[t][c]) for t in procs if active(t, s) and patched[t][c] is not None}
        hexes = {t: e["hex"] for t, (_pa, e) in own.items() if e is not None and e.get("ok")}
        ref = Counter(hexes.values()).most_common(1)[0][0] if hexes else None
        for t, (pa, _e) in own.items():
            if pa is None:
                continue
            if not pa.get("ok"):
                report(s, t, "patch", f"patch {name} {dumps(st)[:200]} failed: {pa.get('error')}")
            elif pa["hex"] != hexes.get(t) or pa["hex"] != ref:
                report(s, t, "patch", f"patch {name} {dumps(st)[:200]}: {pa['hex'][:200]}\n"
                       f"encoding of the patched value: {hexes.get(t, '?')[:200]}, others: {(ref or '?')[:200]}\n"
                       f"value: {dumps(merged)[:400]}")


def restream(procs: dict[str, Proc], expected_hex: dict[int, str],
             by_type: dict[tuple[int, str], list[int]], kinds: dict[str, str],
             active: Callable[[str, int], bool], report: Callable[[int, str, str, str], None]) -> None:
    """A stream (SPEC §8, fingerprint 0) of each type's agreed values: every testee must give
    back its header's type and every frame byte for byte, under one fingerprint for all."""
    cases: list[tuple[int, str, bytes]] = []
    for (s, name), ks in by_type.items():
        frames = b""
        for k in ks:
            message = bytes.fromhex(expected_hex[k])
            # a record's message is its frame; a struct's or union's is framed by its length
            frames += message if kinds.get(name) == "record" else varint(len(message)) + message
        head = b"CSER\x02" + hashlib.sha256(name.encode()).digest()[:8]
        cases.append((s, name, head + bytes(8) + frames))
    answers = {t: p.ask([{"op": "restream", "type": n, "hex": st.hex()} for (_s, n, st) in cases],
                        [active(t, s) for (s, *_r) in cases]) for t, p in procs.items()}
    for c, (s, name, stream) in enumerate(cases):
        outs = {t: a for t in procs if active(t, s) and (a := answers[t][c]) is not None}
        prints = Counter(a["hex"][26:42] for a in outs.values() if a.get("ok"))
        ref = prints.most_common(1)[0][0] if prints else ""
        for t, a in outs.items():
            if not a.get("ok"):
                report(s, t, "restream", f"restream {name} ({len(stream)} bytes) failed: {a.get('error')}")
                continue
            out = bytes.fromhex(a["hex"])
            if out[:13] != stream[:13] or out[21:] != stream[21:] or a["hex"][26:42] != ref:
                report(s, t, "restream", f"restream {name}: {a['hex'][:200]}\nsent: {stream.hex()[:200]}\n"
                       f"fingerprints: {dict(prints)}")


def varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)
