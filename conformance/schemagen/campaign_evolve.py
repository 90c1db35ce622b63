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
    answers = ask_both(procs, newer, lambda t, c: both(t, newer[c][0]))
    for (e, name, h), got in zip(newer, answers, strict=True):
        decoded: dict[str, Any] = {}
        for t, answer in got.items():
            if isinstance(answer, str):
                report(e, t, "evolve", f"the older {name} refuses the newer bytes: {answer}\nhex: {h[:200]}")
            elif answer[1] != h:
                report(e, t, "evolve", f"pass-through of the newer bytes by the older {name} changes them:\n"
                       f"{answer[1][:200]}\n!= {h[:200]}")
            else:
                decoded[t] = answer[0]
        agree(e, name, decoded, report)
    # older bytes, newer reader: the value as the newer schema sees it, and back
    as_newer = [(e, n.replace(f"c{e - EVOLVED}", f"c{e}", 1), h) for (e, n, _v, h) in older]
    answers = ask_both(procs, as_newer, lambda t, c: both(t, as_newer[c][0]))
    back: list[tuple[int, str, str]] = []  # (pair, older name, bytes the newer type wrote) per testee
    back_by: list[str] = []  # the testee of each
    values: list[Any] = []
    for (e, name, value, h), (_e, newer_name, _h), got in zip(older, as_newer, answers, strict=True):
        decl = next(d for d in batch.schemas[e].decls if d.qname == newer_name)
        expected = batch.evolutions[e].upgrade(value, ("ref", decl))
        rewritten: dict[str, str] = {}
        for t, answer in got.items():
            if isinstance(answer, str):
                report(e, t, "evolve", f"the newer {newer_name} refuses the older bytes: {answer}\nhex: {h[:200]}")
                continue
            diff = first_difference(expected, answer[0])
            if diff:
                report(e, t, "evolve", f"the newer {newer_name} reads the older bytes wrongly: {diff}\n"
                       f"hex: {h[:200]}\nolder value: {dumps(value)[:300]}")
            rewritten[t] = answer[1]
        votes = Counter(rewritten.values())
        for t, x in rewritten.items():
            if votes[x] < max(votes.values()):
                report(e, t, "evolve", f"the newer {newer_name} writes the older bytes back unlike the others:\n"
                       f"{x[:200]}\nothers: {votes.most_common(1)[0][0][:200]}")
            back.append((e, name, x))
            back_by.append(t)
            values.append(value)
    # ... read again by the older type in the same testee: the older value, and the same bytes
    answers = ask_both(procs, back, lambda t, c: t == back_by[c])
    for (e, name, x), t, value, got in zip(back, back_by, values, answers, strict=True):
        last = got.get(t)
        if last is None:
            continue
        if isinstance(last, str):
            report(e, t, "evolve", f"the older {name} refuses what the newer one wrote back: {last}\nhex: {x[:200]}")
        elif (diff := first_difference(value, last[0])):
            report(e, t, "evolve", f"older → newer → older changes the value of {name}: {diff}\nhex: {x[:200]}")
        elif last[1] != x:
            report(e, t, "evolve", f"the older {name} writes back the newer one's bytes changed:\n"
                   f"{last[1][:200]}\n!= {x[:200]}")
    return len(pairs)


def ask_both(procs: dict[str, Proc], cases: list[tuple[int, str, str]],
             send: Callable[[str, int], bool]) -> list[dict[str, tuple[Any, str] | str]]:
    """Each case (pair, type name, message in hex) decoded and re-encoded by the testees ``send``
    picks (by testee and case index): per case, each testee's (JSON value, re-encoded hex), or
    its error text."""
    flags = {t: [send(t, c) for c in range(len(cases))] for t in procs}
    decoded = {t: p.ask([{"op": "decode", "type": n, "hex": h} for (_e, n, h) in cases], flags[t]) for t, p in procs.items()}
    again = {t: p.ask([{"op": "reencode", "type": n, "hex": h} for (_e, n, h) in cases], flags[t]) for t, p in procs.items()}
    out: list[dict[str, tuple[Any, str] | str]] = []
    for c in range(len(cases)):
        got: dict[str, tuple[Any, str] | str] = {}
        for t in procs:
            d, a = decoded[t][c], again[t][c]
            if d is None or a is None:
                continue
            bad = d if not d.get("ok") else a if not a.get("ok") else None
            got[t] = str(bad.get("error")) if bad is not None else (d["value"], a["hex"])
        out.append(got)
    return out


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
