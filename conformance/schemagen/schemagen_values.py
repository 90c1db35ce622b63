"""Random JSON values (SPEC §11) of a generated schema's types (conformance/schemagen/README.md):
``values(schema, seed)`` gives each record, struct and union complete values (every
non-deprecated field present) within the depth limit, and the zero value; ``ValueGen`` makes them,
keeping each value small."""

from __future__ import annotations

import base64
import math
import random
import struct
from typing import Any

from schemagen_model import INT_RANGE, MAX_DEPTH, Type, type_min_depth
from schemagen_text import Schema

JSON_NEST_CAP = 300  # past this JSON nesting, values are minimal (parsers stop near 1,000)
NODE_CAP = 500  # past this many JSON nodes in one value, values are minimal (and ValueGen.cost)

STRINGS = ["", "a", "é", "日本", "\U0001f600", "\x00", "\u2028", "\u202e", "\"\\", "\ud7ff\ue000\uffff", "\U0010ffff",
           "<b>&amp;</b>", "\t\n\r"]


class ValueGen:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.nodes = 0
        self._costs: dict[int, int] = {}

    def cost(self, t: Type) -> int:
        """The JSON nodes of ``t``'s zero value (as ``value`` counts them): what any value of
        ``t`` costs at least. A deep_zero schema's records cost thousands, so an optional or an
        element is begun only while the value is under NODE_CAP with it (seed 190's values were
        192 MB of JSON when only the cap was checked)."""
        if t[0] != "ref":
            return 1
        d = t[1]
        if d.kind == "enum":
            return 1
        if id(d) not in self._costs:
            ms = sorted(d.members, key=lambda m: m.number)
            self._costs[id(d)] = 1 + (self.cost(ms[0].type) if d.kind == "union"
                                      else sum(self.cost(m.type) for m in ms if not m.deprecated))
        return self._costs[id(d)]

    def fits(self, t: Type) -> bool:
        return self.nodes + self.cost(t) <= NODE_CAP

    def scalar(self, name: str) -> Any:
        rng = self.rng
        if name == "bool":
            return rng.random() < 0.5
        if name in INT_RANGE:
            lo, hi = INT_RANGE[name]
            return rng.choice([0, 1, lo, hi, rng.randint(lo, hi), rng.randint(max(lo, -300), min(hi, 300)),
                               (hi >> 7) + 1 if hi > 127 else hi])
        if name in ("f32", "f64"):
            c = rng.random()
            if c < 0.1:
                return rng.choice(["NaN", "Infinity", "-Infinity", 0.0, -0.0, 1, -3])
            if name == "f64":
                x = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0] if c < 0.6 else \
                    rng.choice([0.1, 1e300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -2.5, 1e16])
            else:
                x = struct.unpack("<f", struct.pack("<I", rng.getrandbits(32)))[0] if c < 0.6 else \
                    struct.unpack("<f", struct.pack("<f", rng.choice([0.1, 3.4028234663852886e38, 1e-45, -2.5, 16777217.0])))[0]
            if math.isnan(x):
                return "NaN"
            if math.isinf(x):
                return "Infinity" if x > 0 else "-Infinity"
            return x
        if name == "string":
            k = rng.randint(0, 3)
            s = "".join(rng.choice(STRINGS) for _ in range(k))
            if rng.random() < 0.05:
                s += "x" * rng.randint(100, 300)
            return s
        if name == "bytes":
            return base64.b64encode(bytes(rng.getrandbits(8) for _ in range(rng.choice([0, 1, 2, 3, 5, 40])))).decode()
        raise AssertionError(name)

    def zero(self, t: Type) -> Any:
        k = t[0]
        if k == "s":
            n = t[1]
            return {"bool": False, "string": "", "bytes": "", "f32": 0.0, "f64": 0.0}.get(n, 0)
        if k == "opt":
            return None
        if k in ("list", "map"):
            return []
        d = t[1]
        if d.kind == "enum":
            return next(m.name for m in d.members if m.number == 0)
        ms = sorted(d.members, key=lambda m: m.number)
        if d.kind == "union":
            return {ms[0].name: self.zero(ms[0].type)}
        return {m.name: self.zero(m.type) for m in ms if not m.deprecated}

    def value(self, t: Type, budget: int, nest: int, minimal: bool = False) -> Any:
        """A JSON value of ``t`` whose depth (SPEC §7) is at most ``budget``."""
        rng = self.rng
        self.nodes += 1
        minimal = minimal or nest > JSON_NEST_CAP or self.nodes > NODE_CAP
        k = t[0]
        if k == "s":
            return self.scalar(t[1]) if not minimal or rng.random() < 0.5 else self.zero(t)
        if k == "opt":
            if minimal or type_min_depth(t[1]) > budget or rng.random() < 0.3 or not self.fits(t[1]):
                return None
            return self.value(t[1], budget, nest + 1, minimal)
        if k == "list":
            if minimal or type_min_depth(t[1]) > budget:
                return []
            return [self.value(t[1], budget, nest + 1) for _ in range(rng.choice([0, 1, 2, 3, 9]))
                    if self.fits(t[1])]
        if k == "map":
            if minimal or type_min_depth(t[2]) > budget:
                return []
            keys = self.keys(t[1], rng.choice([0, 1, 2, 3]))
            return [[key, self.value(t[2], budget, nest + 2)] for key in keys if self.fits(t[2])]
        d = t[1]
        if d.kind == "enum":
            known = [m for m in d.members]
            if rng.random() < 0.15 and not minimal:
                values = {m.number for m in known}
                while True:
                    n = rng.choice([rng.randint(0, 50), rng.randint(0, (1 << 31) - 1)])
                    if n not in values:
                        return n
            return rng.choice(known).name
        assert d.min_depth <= budget, (d.name, d.min_depth, budget)
        ms = sorted(d.members, key=lambda m: m.number)
        if d.kind == "union":
            ok = [m for m in ms if type_min_depth(m.type) <= budget - 1]
            affordable = [m for m in ok if self.fits(m.type)]
            if minimal or not affordable:
                m = min(ok, key=lambda m: (type_min_depth(m.type), self.cost(m.type)))
            else:
                m = rng.choice(affordable)
            return {m.name: self.value(m.type, budget - 1, nest + 1, minimal)}
        return {m.name: self.value(m.type, budget - 1, nest + 1, minimal) for m in ms if not m.deprecated}

    def keys(self, t: Type, n: int) -> list[Any]:
        out: list[Any] = []
        seen: set[Any] = set()
        for _ in range(n * 3):
            if len(out) == n:
                break
            if t[0] == "s" and t[1] == "string":
                k: Any = self.scalar("string")
                ident: Any = k
            elif t[0] == "s":
                k = self.scalar(t[1])
                ident = k
            else:
                d = t[1]
                if self.rng.random() < 0.2:
                    k = self.rng.randint(0, 100)
                    if any(m.number == k for m in d.members):
                        continue
                    ident = k
                else:
                    m = self.rng.choice(d.members)
                    k, ident = m.name, m.number
            if ident in seen:
                continue
            seen.add(ident)
            out.append(k)
        return out


def values(schema: Schema, seed: int, per_type: int = 2) -> list[tuple[str, Any]]:
    """(type name, JSON value) pairs for every record, struct and union of the schema."""
    rng = random.Random(seed * 7919 + 17)
    out = []
    for d in schema.decls:
        if d.kind == "enum":
            continue
        # big schemas get fewer values: their types are many, or their values large
        count = per_type if len(d.members) < 200 and len(schema.decls) <= 30 else 1
        for _ in range(count):
            vg = ValueGen(rng)
            out.append((d.qname, vg.value(("ref", d), MAX_DEPTH, 0)))
        if d.kind != "union":
            out.append((d.qname, ValueGen(rng).zero(("ref", d))))
    return out
