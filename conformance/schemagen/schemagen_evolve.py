"""Evolved partners of generated schemas (conformance/schemagen/README.md, "Evolution").

The schema of seed ``EVOLVED + s`` is the schema of seed ``s`` after the changes SPEC §9 lets a
schema make while programs of both versions keep exchanging data: fields appended to records
(next ids), variants appended to unions, members added to enums, and fields marked deprecated
(of records, sometimes of structs). Its root package is ``c<EVOLVED + s>`` instead of ``c<s>``:
messages carry no type names (SPEC §5.8), so the two live side by side in one build, and a
message of one version is read with the other's types by naming them. What the campaign then
checks of each pair (campaign_evolve.py) is SPEC §5.5.1's promise: a program of either version
passes the other's bytes through unchanged, whatever the deprecated fields' types became.

Only schemas of the ``small`` profile get a partner: the near-limit ones are at a limit that one
more field or member would pass. ``Evolution.added`` holds the members the changes appended, so
that a value of the older schema can be read as the newer one expects (``upgrade``)."""

from __future__ import annotations

import random
from typing import Any

from schemagen_model import MAX_ZERO_DEPTH, Decl, Member, Options, Type
from schemagen_text import Schema
from schemagen_types import Generator
from schemagen_values import ValueGen
from schemagen_words import twins

EVOLVED = 1_000_000_000  # seed EVOLVED + s is seed s's evolved partner
IN_PLACE_CAP = 50  # a newly held record, struct or union larger than this goes into a list (SPEC §2.1)


def is_evolved(seed: int) -> bool:
    return seed >= EVOLVED


def has_partner(schema: Schema, options: Options) -> bool:
    """Whether the campaign pairs this (not evolved) schema with its evolved partner: a fraction
    ``options.evolve`` of the small ones, drawn from the seed alone."""
    return (schema.profile == "small" and not is_evolved(schema.seed)
            and random.Random(schema.seed * 7 + 5).random() < options.evolve)


class Evolution:
    """The changes from one schema to its partner, made on the generator's own model (so that new
    names are drawn as the generator draws them, clear of the twins it plants)."""

    def __init__(self, g: Generator, seed: int) -> None:
        self.g = g
        self.rng = random.Random(seed * 104729 + 3)
        g.rng = self.rng
        g.names.rng = self.rng
        self.added: set[int] = set()  # id() of every member the changes appended
        self.deprecated: set[int] = set()  # id() of every member they marked deprecated

    def apply(self) -> None:
        rng = self.rng
        for d in sorted(self.g.decls, key=lambda x: x.rank):
            if d.kind == "record" and rng.random() < 0.7:
                for _ in range(rng.randint(1, 3)):
                    self.append(d, self.field_type(d))
            elif d.kind == "union" and rng.random() < 0.7:
                for _ in range(rng.randint(1, 2)):
                    self.append(d, self.variant_type(d))
            elif d.kind == "enum" and rng.random() < 0.5:
                self.add_members(d, rng.randint(1, 2))
            if d.kind in ("record", "struct"):
                chance = 0.25 if d.kind == "record" else 0.1
                for m in d.members:
                    if not m.deprecated and id(m) not in self.added and rng.random() < chance:
                        m.deprecated = True
                        self.deprecated.add(id(m))
        self.g.min_depths()

    def held(self, t: Type) -> Type:
        """``t``, or a list of it when it would hold a large record, struct or union in place."""
        inner = t[1] if t[0] == "opt" else t
        if inner[0] == "ref" and inner[1].kind != "enum" and inner[1].zero_size > IN_PLACE_CAP:
            return ("list", inner)
        return t

    def field_type(self, d: Decl) -> Type:
        t = self.g.type_expr(d, 0, True, True, MAX_ZERO_DEPTH)
        # A record field is never a record, struct or union held directly: that would change the
        # zero values (and their depth) of every type holding d.
        if t[0] == "ref" and t[1].kind != "enum":
            return ("list", t)
        return self.held(t)

    def variant_type(self, d: Decl) -> Type:
        # as Generator.fill draws a union's later variants: anything, itself included
        if self.rng.random() < 0.3:
            return self.held(("ref", self.rng.choice(self.g.visible_decls(d))))
        return self.held(self.g.type_expr(d, 0, False, False, MAX_ZERO_DEPTH))

    def append(self, d: Decl, t: Type) -> None:
        taken = {m.name for m in d.members}
        extra = [x for m in d.members for x in twins(m.name, "snake")]
        name = self.g.names.draw("snake", taken, extra)
        m = Member(name, max((m.number for m in d.members), default=0) + 1, t, doc=self.g.doc())
        d.members.append(m)
        self.added.add(id(m))

    def add_members(self, d: Decl, n: int) -> None:
        taken = {m.name for m in d.members}
        extra = [x for m in d.members for x in twins(m.name, "upper")]
        numbers = {m.number for m in d.members}
        for _ in range(n):
            number = self.rng.choice([self.rng.randint(1, 60), self.rng.randint(0, (1 << 31) - 1)])
            if number in numbers:
                continue
            numbers.add(number)
            m = Member(self.g.names.draw("upper", taken, extra), number, doc=self.g.doc())
            d.members.append(m)
            self.added.add(id(m))

    def upgrade(self, value: Any, t: Type) -> Any:
        """A JSON value (SPEC §11) of the older schema as a reader of the newer one decodes its
        bytes: appended fields take their zero values, fields now deprecated leave the JSON, enum
        numbers the older schema did not know but the newer one does become their names. ``t`` is
        a type of the newer schema."""
        k = t[0]
        if k == "s":
            return value
        if k == "opt":
            return None if value is None else self.upgrade(value, t[1])
        if k == "list":
            return [self.upgrade(v, t[1]) for v in value]
        if k == "map":
            return [[self.upgrade(key, t[1]), self.upgrade(v, t[2])] for key, v in value]
        d: Decl = t[1]
        if d.kind == "enum":
            named = {m.number: m.name for m in d.members}
            return named.get(value, value) if isinstance(value, int) and not isinstance(value, bool) else value
        if d.kind == "union":
            ((name, v),) = value.items()
            m = next(m for m in d.members if m.name == name)
            return {name: self.upgrade(v, m.type)}
        out = {}
        for m in sorted(d.members, key=lambda m: m.number):
            if m.deprecated:
                continue
            out[m.name] = ValueGen(self.rng).zero(m.type) if id(m) in self.added else self.upgrade(value[m.name], m.type)
        return out


def evolve(seed: int, options: Options | None = None) -> tuple[Schema, Evolution]:
    """The evolved partner of seed ``seed - EVOLVED`` (which must be of the small profile), and
    the changes that made it."""
    base = seed - EVOLVED
    g = Generator(base, options or Options())
    old = g.build()
    if old.profile != "small":
        raise ValueError(f"seed {base} is of profile {old.profile}: only small schemas are evolved")
    evolution = Evolution(g, base)
    evolution.apply()
    root, new_root = f"c{base}", f"c{seed}"
    for f in g.files:
        f.pkg = new_root + f.pkg[len(root):]
    for d in g.decls:
        d.pkg = new_root + d.pkg[len(root):]
    return Schema(seed, new_root, g.files, g.decls, "evolved"), evolution


def older_name(qname: str, seed: int) -> str:
    """The older schema's name of a type of the evolved schema ``seed``."""
    return f"c{seed - EVOLVED}" + qname[len(f"c{seed}"):]
