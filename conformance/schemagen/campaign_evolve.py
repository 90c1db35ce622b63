"""The evolution stage of a batch (conformance/schemagen/README.md, "Evolution"): each schema paired
with its evolved partner (schemagen_evolve.py), whose values cross between the two versions in
every testee.

- ``compat``: ``cserc compat OLD NEW`` (the partner under the older root package) exits 0: the
  checker calls the pair compatible in both directions (SPEC §9).
- ``evolve`` (newer bytes, older reader): every message of the newer schema, read with the older
  schema's type and written again, gives the same bytes (SPEC §5.5.1: appended fields, unknown
  variants, unknown enum numbers, and deprecated fields whose types grew, all passed through);
  the older reader's JSON is the same in every testee.
- ``evolve`` (older bytes, newer reader): every message of the older schema decodes with the
  newer type to the older value as the newer schema sees it (``Evolution.upgrade``: appended
  fields zero, fields now deprecated left out of the JSON); written again by the newer reader
  (keeping the fields it deprecated as read) and read by the older one, it gives the older
  value back, and the older reader writes those bytes again unchanged.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from campaign_batch import Batch
from campaign_env import HERE, JAR, dumps, run
from campaign_testee import Proc
from schemagen import EVOLVED, older_name

sys.path.insert(0, str(HERE.parent))

from harness import first_difference  # noqa: E402

Item = tuple[int, int, str, Any]  # (seed, index, type name, JSON value)


def compat(batch: Batch, pairs: list[int]) -> None:
    """``cserc compat`` of each pair: the partner written again under the older root package (the
    checker compares types by name), beside the older schema's files."""
    t0 = time.monotonic()
    failed = 0
    for e in pairs:
        s = e - EVOLVED
        newer = batch.schemas[e]
        d = batch.dir / "compat" / newer.root
        texts = {name: text.replace(f"c{e}", f"c{s}") for name, text in newer.texts().items()}
        (d / "new").mkdir(parents=True, exist_ok=True)
        for name, text in texts.items():
            (d / "new" / name).write_text(text, encoding="utf-8")
        ok, out = run(["java", "-jar", str(JAR), "compat", str(batch.dir / "schemas" / f"c{s}"), str(d / "new")])
        if not ok:
            failed += 1
            batch.fail(e, "compat", "all", f"cserc compat finds the evolved schema incompatible:\n{out}")
    if pairs:
        batch.log(f"  compat/all: {len(pairs)} pairs, {failed or 'none'} failed, {time.monotonic() - t0:.1f} s")


def evolution(batch: Batch, procs: dict[str, Proc], items: list[Item], expected_hex: dict[int, str],
              active: Callable[[str, int], bool], report: Callable[[int, str, str, str], None]) -> int:
    """The values of each pair of the batch through every testee, both ways; the pairs checked."""
    pairs = [e for e in sorted(batch.evolutions) if e - EVOLVED in batch.schemas]

    def both(t: str, e: int) -> bool:
        return active(t, e) and active(t, e - EVOLVED)

    newer = [(e, older_name(name, e), expected_hex[k]) for k, (e, _i, name, _v) in enumerate(items)
             if e in batch.evolutions and k in expected_hex]
    older = [(s + EVOLVED, name, value, expected_hex[k]) for k, (s, _i, name, value) in enumerate(items)
             if s + EVOLVED in batch.evolutions and k in expected_hex]
    if not newer and not older:
        return 0
    batch.log(f"  evolve: {len(pairs)} pairs, {len(newer)} newer messages read by the older types, "
              f"{len(older)} older ones by the newer types and back")
    # newer bytes, older reader: pass-through and the same JSON everywhere
    sends = {t: [both(t, e) for (e, _n, _h) in newer] for t in procs}
    passed = {t: p.ask([{"op": "reencode", "type": n, "hex": h} for (_e, n, h) in newer], sends[t]) for t, p in procs.items()}
    read = {t: p.ask([{"op": "decode", "type": n, "hex": h} for (_e, n, h) in newer], sends[t]) for t, p in procs.items()}
    for c, (e, name, h) in enumerate(newer):
        decoded: dict[str, Any] = {}
        for t in procs:
            a, d = passed[t][c], read[t][c]
            if a is None or d is None:
                continue
            if not a.get("ok") or not d.get("ok"):
                report(e, t, "evolve", f"the older {name} refuses the newer bytes: {(a if not a.get('ok') else d).get('error')}\n"
                       f"hex: {h[:200]}")
            elif a["hex"] != h:
                report(e, t, "evolve", f"pass-through of the newer bytes by the older {name} changes them:\n"
                       f"{a['hex'][:200]}\n!= {h[:200]}")
            else:
                decoded[t] = d["value"]
        agree(e, name, decoded, report)
    # older bytes, newer reader: the value as the newer schema sees it, and back
    newer_names = [n.replace(f"c{e - EVOLVED}", f"c{e}", 1) for (e, n, _v, _h) in older]
    sends = {t: [both(t, e) for (e, *_r) in older] for t in procs}
    read = {t: p.ask([{"op": "decode", "type": n, "hex": h} for n, (_e, _o, _v, h) in zip(newer_names, older, strict=True)],
                     sends[t]) for t, p in procs.items()}
    passed = {t: p.ask([{"op": "reencode", "type": n, "hex": h} for n, (_e, _o, _v, h) in zip(newer_names, older, strict=True)],
                       sends[t]) for t, p in procs.items()}
    back: list[tuple[int, str, Any, str, str]] = []  # (pair, testee, older value, older name, bytes)
    for c, (e, name, value, h) in enumerate(older):
        ev = batch.evolutions[e]
        decl = next(d for d in batch.schemas[e].decls if d.qname == newer_names[c])
        expected = ev.upgrade(value, ("ref", decl))
        rewritten: dict[str, str] = {}
        for t in procs:
            d, a = read[t][c], passed[t][c]
            if d is None or a is None:
                continue
            if not d.get("ok") or not a.get("ok"):
                report(e, t, "evolve", f"the newer {newer_names[c]} refuses the older bytes: "
                       f"{(d if not d.get('ok') else a).get('error')}\nhex: {h[:200]}")
                continue
            diff = first_difference(expected, d["value"])
            if diff:
                report(e, t, "evolve", f"the newer {newer_names[c]} reads the older bytes wrongly: {diff}\n"
                       f"hex: {h[:200]}\nolder value: {dumps(value)[:300]}")
            rewritten[t] = a["hex"]
        votes = Counter(rewritten.values())
        for t, x in rewritten.items():
            if votes[x] < max(votes.values()):
                report(e, t, "evolve", f"the newer {newer_names[c]} writes the older bytes back unlike the others:\n"
                       f"{x[:200]}\nothers: {votes.most_common(1)[0][0][:200]}")
            back.append((e, t, value, name, x))
    sends = {t: [t == bt for (_e, bt, *_r) in back] for t in procs}
    again = {t: p.ask([{"op": "decode", "type": n, "hex": x} for (_e, _t, _v, n, x) in back], sends[t])
             for t, p in procs.items()}
    same = {t: p.ask([{"op": "reencode", "type": n, "hex": x} for (_e, _t, _v, n, x) in back], sends[t])
            for t, p in procs.items()}
    for c, (e, t, value, name, x) in enumerate(back):
        d, a = again[t][c], same[t][c]
        if d is None or a is None:
            continue
        if not d.get("ok") or not a.get("ok"):
            report(e, t, "evolve", f"the older {name} refuses what the newer one wrote back: "
                   f"{(d if not d.get('ok') else a).get('error')}\nhex: {x[:200]}")
        elif (diff := first_difference(value, d["value"])):
            report(e, t, "evolve", f"older → newer → older changes the value of {name}: {diff}\nhex: {x[:200]}")
        elif a["hex"] != x:
            report(e, t, "evolve", f"the older {name} writes back the newer one's bytes changed:\n{a['hex'][:200]}\n!= {x[:200]}")
    return len(pairs)


def agree(e: int, name: str, decoded: dict[str, Any], report: Callable[[int, str, str, str], None]) -> None:
    """Every testee's JSON of one message is the one most testees gave."""
    if len(decoded) < 2:
        return
    votes = Counter(dumps(v) for v in decoded.values())
    ref_text = votes.most_common(1)[0][0]
    ref = next(v for v in decoded.values() if dumps(v) == ref_text)
    for t, v in decoded.items():
        diff = first_difference(ref, v)
        if diff:
            report(e, t, "evolve", f"the older {name} reads the newer bytes unlike the others: {diff}")
