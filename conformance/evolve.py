"""Evolution across languages (SPEC §5.5.1, §9): records written with one generation of a schema
pass through a program built from another generation, in another language, and nothing is lost.

A vector of mode ``evolve`` names two schemas: ``writer_schema``, which wrote ``hex`` (the
encoding of ``value``), and ``schema``, the program in the middle. The middle program decodes
``hex`` and encodes it again (``reencode``), or first sets the top-level fields of ``set`` from
their JSON mapping (``patch``); it must answer exactly ``expect_hex``, and a reader built from
``writer_schema`` must decode that to ``expect_value``. Forward vectors put an older schema in
the middle (it keeps what it does not know: ``expect_hex`` is ``hex`` for a reencode); backward
vectors put a newer one there (it fills the zero values of what the old writer did not have,
which the old reader keeps as unknown fields and shows nothing of).

``generate.py`` writes the vectors with the reference testee (``plan``); ``runner.py`` runs them
(``run``): every writer language encodes ``value`` to ``hex``, every middle language answers
``expect_hex``, and every reader language decodes every middle language's answer: the 3 × 3
middle → reader matrix for each of the three writers.
"""

from __future__ import annotations

import copy
import hashlib
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from harness import ROOT, SCHEMAS, Testee, Vector, covers, first_difference

PACKAGE = "conf.generations"
GENERATIONS = {g: SCHEMAS / f"generations_v{g}.cser" for g in (1, 2, 3)}


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


# ---- values: every field of a generation set, most to non-zero values -----------------------


def address(n: int, gen: int) -> dict[str, Any]:
    a: dict[str, Any] = {"city": f"City {n} é"}
    if gen >= 2:
        a |= {"zip": None if n % 3 == 0 else f"{10000 + n}", "floor": n % 40 + 1}
    if gen >= 3:
        a |= {"lines": [f"line {i} of {n}" for i in range(n % 3 + 1)]}
    return a


def holder(n: int, gen: int) -> dict[str, Any]:
    """A Holder of generation ``gen``: the variants added in generations 2 and 3 (SPEC §5.7) for
    some n, which older programs keep as unknown variants."""
    if gen >= 3 and n % 5 == 4:
        return {"aliases": [f"alias {i} of {n}" for i in range(n % 3 + 1)]} if n % 2 else {
            "office": {"name": f"Office {n}", "address": address(n + 9, 3), "desks": None}}
    if gen >= 2 and n % 5 == 1:
        return {"badge": 10**12 + n}
    if gen >= 2 and n % 5 == 3:
        return {"previous": address(n + 13, gen)}
    return {"address": address(n + 3, gen)} if n % 2 == 0 else {"name": f"holder {n}"}


def entity(n: int, gen: int) -> dict[str, Any]:
    e: dict[str, Any] = {
        "id": f"entity-{n}",
        "title": f"Title {n} ✓",
        "owner": None if n % 4 == 1 else f"owner{n}",
        "address": address(n, gen),
        "history": [address(n * 10 + i, gen) for i in range(n % 3 + 1)],
        "places": [[f"place{i}", address(n * 20 + i, gen)] for i in range(n % 2 + 1)],
        "billing": None if n % 5 == 2 else address(n + 7, gen),
        "holder": holder(n, gen),
    }
    if gen >= 2:
        e |= {
            "labels": [f"label{i}" for i in range(n % 4)],
            "status": "PAUSED" if n % 2 else "ACTIVE",
            "shipping": address(n + 11, gen),
        }
        if gen == 2:
            e["revision"] = -n - 1
    if gen >= 3:
        e |= {
            "status": "RETIRED" if n % 3 == 0 else e["status"],
            "attrs": [[f"k{i}", f"v{i}"] for i in range(n % 3)],
            "archived": n % 2 == 0,
            "priority": n * 1000,
            "color": None if n % 6 == 5 else "teal",
            "score": n / 8,
            "expires": 1_700_000_000_000 + n,
            "office": {"name": f"Office {n}", "address": address(n + 5, 3), "desks": n % 7},
        }
    return e


def batch(n: int, gen: int) -> dict[str, Any]:
    entities = [entity(n + i, gen) for i in range(3)]
    b: dict[str, Any] = {
        "entities": entities,
        "by_id": [[e["id"], e] for e in entities[:2]],
        "first": entities[0],
    }
    if gen >= 2:
        b["written_at"] = 1_700_000_000 + n
    if gen >= 3:
        b["offices"] = [entity(n, 3)["office"]]
    return b


def sealed(n: int, gen: int) -> dict[str, Any]:
    """A Sealed of generation ``gen``: generations 1 and 2 have only its label (its other fields
    are deprecated there, written as their zero values, which grow); generation 3 writes them, a
    Holder variant the older ones do not know among them. Older programs keep their bytes as read
    (SPEC §5.5.1)."""
    s: dict[str, Any] = {"label": f"sealed {n}"}
    if gen >= 3:
        s |= {"stamp": {"by": f"clerk {n}", "at": 1_700_000_000 + n, "notes": [f"note {i}" for i in range(n % 3)]},
              "held": holder(n, 3)}
    return s


def values(gen: int) -> list[tuple[str, str, Any]]:
    """(name, type, value) of generation ``gen``: every record root, nested anywhere."""
    out: list[tuple[str, str, Any]] = []
    for n in range(4):
        out.append((f"entity{n}", "Entity", entity(n, gen)))
    out.append(("batch", "Batch", batch(1, gen)))
    out.append(("holder_address", "Holder", {"address": address(2, gen)}))
    for n in (1, 3, 4, 9):
        out.append((f"holder{n}", "Holder", holder(n, gen)))
    out.append(("address", "Address", address(5, gen)))
    for n in (0, 4):
        out.append((f"sealed{n}", "Sealed", sealed(n, gen)))
    return out


# Patches a program of the older generation can make (fields every generation has), and what
# they are about: a plain field, an optional set and unset in the presence byte newer writers
# extend, a nested record replaced (its own unknown fields go with it: the new value has none).
PATCHES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "Entity": [
        ("title", {"title": "edited ✎"}),
        ("owner_set", {"owner": "new owner"}),
        ("owner_unset", {"owner": None}),
        ("billing_unset_and_title", {"billing": None, "title": "t"}),
        ("address_replaced", {"address": {"city": "Elsewhere"}}),
        ("holder_replaced", {"holder": {"name": "replaced"}}),
    ],
    "Batch": [("first_unset", {"first": None})],
    "Address": [("city", {"city": "Renamed city"})],
}


# ---- writing the vectors (generate.py) ------------------------------------------------------


def _ask(testee: Testee, requests: list[dict[str, Any]]) -> list[Any]:
    for i, r in enumerate(requests):
        r["id"] = i
    answers = testee.run(requests)
    for r, a in zip(requests, answers, strict=True):
        if not a.get("ok"):
            sys.exit(f"{testee.lang} cannot {r['op']} {r.get('type')}: {a.get('error')}")
    return [a.get("hex", a.get("value")) for a in answers]


def plan(reference: str) -> list[Vector]:
    """The evolve vectors, with bytes and values from the reference testee."""
    testees = {g: Testee(reference, path, [path.parent]) for g, path in GENERATIONS.items()}
    out: list[Vector] = []
    try:
        for old, new in ((1, 2), (2, 3), (1, 3)):
            for direction, writer, middle in (("forward", new, old), ("backward", old, new)):
                vals = values(writer)
                hexes = _ask(testees[writer], [{"op": "encode", "type": f"{PACKAGE}.{t}", "value": v}
                                               for _, t, v in vals])
                full = _ask(testees[writer], [{"op": "decode", "type": f"{PACKAGE}.{t}", "hex": h}
                                              for (_, t, _), h in zip(vals, hexes, strict=True)])
                for (name, type_, _), hex_, value in zip(vals, hexes, full, strict=True):
                    cases: list[tuple[str, dict[str, Any] | None]] = [("reencode", None)]
                    cases += [(f"patch_{p}", s) for p, s in PATCHES.get(type_, [])]
                    for case, set_ in cases:
                        out.append(_vector(testees, direction, writer, middle, name, type_, hex_, value, case, set_))
    finally:
        for t in testees.values():
            t.close()
    return out


def _vector(testees: dict[int, Testee], direction: str, writer: int, middle: int, name: str, type_: str,
            hex_: str, value: Any, case: str, set_: dict[str, Any] | None) -> Vector:
    full_type = f"{PACKAGE}.{type_}"
    if direction == "forward":
        # The middle program keeps what it does not know: a reencode gives the same bytes. A patch
        # gives the middle program's encoding of the fields it knows (patched), the newer
        # writer's unknown bits and bytes after them: the reference's answer, checked against the
        # writer's own encoding of the patched value whenever the patch sets no record (a record
        # it sets is the middle program's, without the newer writer's fields).
        if set_ is None:
            expect_hex = hex_
        else:
            expect_hex = _ask(testees[middle], [{"op": "patch", "type": full_type, "hex": hex_, "set": set_}])[0]
            if not any(isinstance(x, dict) for x in set_.values()):
                by_writer = _ask(testees[writer], [{"op": "encode", "type": full_type, "value": value | set_}])[0]
                if by_writer != expect_hex:
                    sys.exit(f"forward {name} {case}: the reference's patch gives {expect_hex:.200}, the writer's "
                             f"encoding of the patched value {by_writer:.200}")
    else:
        # The middle program is newer: it writes its own encoding of what it read (zero values for
        # the fields the old writer did not have), which the old reader keeps as unknown fields,
        # and the bytes of a field it has only as deprecated as it read them (SPEC §5.5.1): the
        # reference's own reencode or patch of the bytes, not of their JSON form, which has none.
        request: dict[str, Any] = ({"op": "reencode", "type": full_type, "hex": hex_} if set_ is None
                                   else {"op": "patch", "type": full_type, "hex": hex_, "set": set_})
        expect_hex = _ask(testees[middle], [request])[0]
    expect_value = _ask(testees[writer], [{"op": "decode", "type": full_type, "hex": expect_hex}])[0]
    # Sanity check of the reference: the writer's reader sees the value (patched), now that a
    # middle program keeps what its deprecated fields held.
    if not covers(value if set_ is None else value | set_, expect_value):
        sys.exit(f"{direction} {name} {case}: the writer's reader sees {expect_value!r:.300}")
    v = Vector(f"v{writer}_{name}_through_v{middle}_{case}", rel(GENERATIONS[middle]), full_type, mode="evolve",
               value=copy.deepcopy(value), hex=hex_)
    v.writer_schema = rel(GENERATIONS[writer])
    v.set = set_
    v.expect_hex = expect_hex
    v.expect_value = expect_value
    return v


# ---- running them (runner.py) ---------------------------------------------------------------


def stream_of(type_name: str, messages: list[bytes]) -> bytes:
    """A stream (SPEC §8) of record messages: the header (fingerprint 0: readers accept any by
    default) and the messages back to back, which for a record root are its frames."""
    type_id = hashlib.sha256(type_name.encode()).digest()[:8]
    return b"CSER\x02" + type_id + bytes(8) + b"".join(messages)


Check = Callable[[Vector, str, bool, str], None]


def run(vectors: list[Vector], langs: list[str], check: Check,
        pairs: dict[tuple[str, str], Any], failures: list[str]) -> None:
    """Runs evolve vectors: writers, middles, and every middle → reader pair (``pairs`` is keyed
    (middle, reader) and tallies with ``.add(ok)``)."""
    groups: dict[tuple[str, str], list[Vector]] = defaultdict(list)
    for v in vectors:
        groups[(v.writer_schema, v.schema)].append(v)
    for (writer_schema, middle_schema), vs in sorted(groups.items()):
        started = time.monotonic()
        writers = {lang: Testee(lang, ROOT / writer_schema, [(ROOT / writer_schema).parent]) for lang in langs}
        middles = {lang: Testee(lang, ROOT / middle_schema, [(ROOT / middle_schema).parent]) for lang in langs}
        try:
            # Every language writes the same bytes for the writer's value.
            for lang, t in writers.items():
                answers = t.run([{"id": i, "op": "encode", "type": v.type, "value": v.value} for i, v in enumerate(vs)])
                for v, a in zip(vs, answers, strict=True):
                    check(v, lang, a.get("hex") == v.hex, f"writer encode: {a.get('hex', a.get('error'))!s:.200}")
            # Every middle language answers the expected bytes.
            produced: dict[str, list[str | None]] = {}
            for lang, t in middles.items():
                requests = []
                for i, v in enumerate(vs):
                    r: dict[str, Any] = {"id": i, "op": "reencode" if v.set is None else "patch", "type": v.type,
                                         "hex": v.hex}
                    if v.set is not None:
                        r["set"] = v.set
                    requests.append(r)
                answers = t.run(requests)
                produced[lang] = [a.get("hex") if a.get("ok") else None for a in answers]
                for v, a in zip(vs, answers, strict=True):
                    got = a.get("hex") if a.get("ok") else a.get("error")
                    check(v, lang, got == v.expect_hex, f"{'reencode' if v.set is None else 'patch'}: got {got!s:.200},"
                          f" expected {v.expect_hex:.200}")
            # Streams: the group's entities (as the writer wrote them) in one stream, which every
            # middle language reads and writes again: its frames must come back byte for byte
            # (forward only: a newer program writes its own encoding of older bytes.)
            entities = [v for v in vs if v.type.endswith(".Entity") and v.set is None]
            if entities and all(v.hex == v.expect_hex for v in entities):
                stream = stream_of(entities[0].type, [bytes.fromhex(v.hex) for v in entities])
                for lang, t in middles.items():
                    a = t.run([{"id": 0, "op": "restream", "type": entities[0].type, "hex": stream.hex()}])[0]
                    out = bytes.fromhex(a["hex"]) if a.get("ok") else b""
                    ok = out[:13] == stream[:13] and out[21:] == stream[21:]
                    check(entities[0], lang, ok, f"restream of {len(entities)} entities: "
                          f"{a.get('error') if not a.get('ok') else 'the frames changed'}")
            # Every reader language decodes every middle language's bytes to the expected value.
            for reader, t in writers.items():
                requests, sources = [], []
                for middle, hexes in produced.items():
                    for v, h in zip(vs, hexes, strict=True):
                        if h is not None:
                            requests.append({"id": len(requests), "op": "decode", "type": v.type, "hex": h})
                            sources.append((middle, v))
                for (middle, v), a in zip(sources, t.run(requests), strict=True):
                    diff = first_difference(v.expect_value, a.get("value")) if a.get("ok") else a.get("error")
                    pairs[(middle, reader)].add(diff is None)
                    if diff is not None:
                        failures.append(f"evolution {middle} → {reader}: {v.name} ({v.file}): {diff}")
        finally:
            for t in [*writers.values(), *middles.values()]:
                t.close()
        print(f"  evolution {Path(writer_schema).stem} through {Path(middle_schema).stem}: {len(vs)} vectors, "
              f"{len(langs)} writers × {len(langs)} middles × {len(langs)} readers in "
              f"{time.monotonic() - started:.1f} s", file=sys.stderr)
