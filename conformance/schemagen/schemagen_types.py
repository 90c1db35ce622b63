"""The schema generator (conformance/schemagen/README.md): ``generate(seed, options)`` draws the
files, packages, declarations and their members' types from the seed alone, adds the construct a
near-limit profile is about, and keeps every zero value and every type within the limits."""

from __future__ import annotations

import itertools
import math
import random

from schemagen_model import (
    INTEGERS,
    MAX_FIELDS,
    MAX_IN_PLACE,
    MAX_MEMBERS,
    MAX_SEGMENTS,
    MAX_TYPE_NESTING,
    MAX_ZERO_DEPTH,
    MAX_ZERO_SIZE,
    SCALARS,
    Decl,
    Member,
    Options,
    SchemaFile,
    Type,
    type_min_depth,
    type_zero_depth,
)
from schemagen_text import Schema
from schemagen_words import Names, hostile_doc, pascal_case, twins


class Generator:
    def __init__(self, seed: int, options: Options) -> None:
        self.seed = seed
        self.options = options
        self.rng = random.Random(seed)
        self.names = Names(self.rng, options.hostile_names)
        self.decls: list[Decl] = []
        self.files: list[SchemaFile] = []
        self.types_in_pkg: dict[str, set[str]] = {}
        self.visible: dict[int, set[int]] = {}
        self.forced: Decl | None = None
        # what a near-limit schema stresses
        self.profile = "small"
        if self.rng.random() < options.near_limit:
            self.profile = self.rng.choice(
                ["wide_record", "wide_struct", "wide_union", "big_enum", "deep_type", "deep_zero",
                 "long_names", "many_segments", "ring", "many_types"])

    def doc(self) -> list[str]:
        rng = self.rng
        r = rng.random()
        if r < 0.75:
            return []
        if self.options.hostile_docs and rng.random() < 0.7:
            return [hostile_doc(rng) for _ in range(rng.randint(1, 3))]
        return [rng.choice(["Plain text.", "A value.", "Docs with `code`."])]

    def segment(self, taken: set[str]) -> str:
        return self.names.draw("snake", taken)

    def build(self) -> Schema:
        rng = self.rng
        root = f"c{self.seed}"
        # Packages: the root, or the root with sub-packages from the pools.
        n_seg = MAX_SEGMENTS - 1 if self.profile == "many_segments" else None

        def new_pkg() -> str:
            k = n_seg if n_seg else rng.choice([0, 1, 1, 2, 3])
            taken: set[str] = set()
            segs = [root] + [self.segment(taken) for _ in range(k)]
            return ".".join(segs)

        cyclic = rng.random() < self.options.cyclic
        if cyclic:
            # p in files f1 and f2, q in f3: f1 imports f3 and f2, f3 imports f2 (no file cycle).
            p, q = new_pkg(), new_pkg()
            while q == p:
                q = new_pkg()
            self.files = [SchemaFile("f0.cser", p, []), SchemaFile("f1.cser", q, [0]),
                          SchemaFile("f2.cser", p, [1, 0])]
        else:
            n_files = 1 if self.profile != "small" else rng.choice([1, 1, 2, 3])
            pkgs = [new_pkg() for _ in range(rng.randint(1, n_files))]
            self.files = []
            for i in range(n_files):
                imports = [j for j in range(i) if rng.random() < 0.6]
                self.files.append(SchemaFile(f"f{i}.cser", rng.choice(pkgs), imports))
        for i, f in enumerate(self.files):
            f.doc = self.doc()
            self.visible[i] = {i, *f.imports}
        # Declarations: names first (a type may be used before it is declared), bodies after.
        for i in range(len(self.files)):
            n = rng.randint(1, 5)
            if self.profile == "many_types":
                n = rng.randint(60, 150)
            for _ in range(n):
                self.new_decl(i, rng.choices(["record", "struct", "enum", "union"], [4, 2, 2, 2])[0])
        # the construct a near-limit profile is about, whatever the random kinds above were
        forced = {"wide_record": "record", "wide_struct": "struct", "wide_union": "union", "big_enum": "enum",
                  "deep_type": "record"}.get(self.profile)
        self.forced = self.new_decl(len(self.files) - 1, forced) if forced else None
        if self.profile in ("deep_zero", "ring"):
            for _ in range(MAX_ZERO_DEPTH + 2 if self.profile == "deep_zero" else rng.randint(40, 200)):
                self.new_decl(len(self.files) - 1, "record")
        for d in self.decls:
            self.fill(d)
        self.special()
        self.depths()
        self.limit_in_place()
        self.depths()
        return Schema(self.seed, root, self.files, self.decls, self.profile)

    def new_decl(self, file: int, kind: str) -> Decl:
        f = self.files[file]
        taken = self.types_in_pkg.setdefault(f.pkg, set())
        extra = []
        for d in self.decls:
            if d.pkg == f.pkg:
                extra += twins(d.name, "pascal")
                if d.kind == "union":
                    extra += [d.name + pascal_case(m.name) for m in d.members]
        name = self.names.draw("pascal", taken, extra)
        d = Decl(kind, name, f.pkg, file, len(self.decls), doc=self.doc())
        self.decls.append(d)
        f.decls.append(d)
        return d

    def visible_decls(self, d: Decl) -> list[Decl]:
        vis = self.visible[d.file]
        return [e for e in self.decls if e.file in vis]

    def ref(self, d: Decl, target: Decl) -> str:
        if target.pkg == d.pkg and self.rng.random() < 0.8:
            return target.name
        return target.qname

    def type_expr(self, d: Decl, nesting: int, direct: bool, allow_opt: bool, depth_cap: int) -> Type:
        """A random type for a member of ``d``: ``direct`` when a record, struct or union reached
        here would be held directly (so it must be of lower rank, with a zero value shallow
        enough)."""
        rng = self.rng
        vis = self.visible_decls(d)
        r = rng.random()
        if nesting < MAX_TYPE_NESTING and r < 0.3:
            c = rng.random()
            if c < 0.45:
                return ("list", self.type_expr(d, nesting + 1, False, True, depth_cap))
            if c < 0.75:
                return ("map", self.key_type(d), self.type_expr(d, nesting + 1, False, True, depth_cap))
            if allow_opt:
                return ("opt", self.type_expr(d, nesting + 1, False, False, depth_cap))
        if r < 0.65 or not vis:
            return ("s", rng.choice(SCALARS))
        cands = [e for e in vis if e.kind == "enum" or not direct or (e.rank < d.rank and e.zero_depth < depth_cap)]
        if not cands:
            return ("s", rng.choice(SCALARS))
        return ("ref", rng.choice(cands))

    def key_type(self, d: Decl) -> Type:
        enums = [e for e in self.visible_decls(d) if e.kind == "enum"]
        if enums and self.rng.random() < 0.25:
            return ("ref", self.rng.choice(enums))
        return ("s", self.rng.choice((*INTEGERS, "string")))

    def fill(self, d: Decl) -> None:
        rng = self.rng
        prof = self.profile
        taken: set[str] = set()
        if d.kind == "enum":
            n = rng.randint(1, 6)
            if prof == "big_enum" and (d is self.forced or rng.random() < 0.1):
                n = rng.randint(MAX_MEMBERS - 100, MAX_MEMBERS)
            values = {0}
            while len(values) < n:
                values.add(rng.choice([rng.randint(1, 20), rng.randint(0, (1 << 31) - 1), (1 << 31) - 1]))
            extra: list[str] = []
            for v in sorted(values, key=lambda _: rng.random()):
                name = self.names.draw("upper", taken, extra)
                extra += twins(name, "upper")
                d.members.append(Member(name, v, doc=self.doc() if n < 100 else []))
            return
        n = rng.randint(1 if d.kind != "record" else 0, 6)
        wide = (prof == "wide_record" and d.kind == "record") or (prof == "wide_struct" and d.kind == "struct") \
            or (prof == "wide_union" and d.kind == "union")
        if wide and (d is self.forced or rng.random() < 0.1):
            n = rng.randint(MAX_FIELDS - 50, MAX_FIELDS) if rng.random() < 0.5 else rng.choice([127, 128, 129, 255, 256])
        if d.kind == "union":
            n = max(n, 1)
        extra = []
        cap = MAX_ZERO_DEPTH  # a directly held type's zero depth must stay below this
        for i in range(1, n + 1):
            name = self.names.draw("snake", taken, extra)
            extra += twins(name, "snake")
            if d.kind == "union":
                if i == 1:
                    # the zero variant: finite whatever the others are (SPEC §3)
                    t = self.type_expr(d, 0, True, False, cap)
                elif rng.random() < 0.3:
                    t = ("ref", rng.choice(self.visible_decls(d)))  # anything, itself included
                else:
                    t = self.type_expr(d, 0, False, False, cap)
            else:
                t = self.type_expr(d, 0, True, True, cap)
            dep = d.kind != "union" and rng.random() < 0.1
            d.members.append(Member(name, i, t, dep, self.doc() if n < 100 else []))
        rng.shuffle(d.members)  # textual order is free (SPEC §2)

    def special(self) -> None:
        """The near-limit constructs that random filling does not reach on its own."""
        rng = self.rng
        prof = self.profile
        recs = [d for d in self.decls if d.kind == "record"]
        if prof == "deep_type":
            d = self.forced
            if d is not None:
                t: Type = ("s", rng.choice(SCALARS))
                depth = rng.choice([MAX_TYPE_NESTING, MAX_TYPE_NESTING - 1, rng.randint(10, MAX_TYPE_NESTING)])
                for _ in range(depth):
                    c = rng.random()
                    if c < 0.5 or (c < 0.8 and t[0] == "opt"):
                        t = ("list", t)
                    elif c < 0.8:
                        t = ("map", ("s", "string"), t)
                    else:
                        t = ("opt", t) if t[0] != "opt" else ("list", t)
                if d.kind == "union" and t[0] == "opt":
                    t = ("list", t[1]) if depth > 0 else t
                num = len(d.members) + 1
                d.members.append(Member(self.names.draw("snake", {m.name for m in d.members}), num, t))
        if prof == "deep_zero" and recs:
            # a chain of records each holding the next directly: the zero value 64 deep
            chain = [r for r in recs][-(MAX_ZERO_DEPTH):]
            chain.sort(key=lambda r: r.rank)
            for lo, hi in itertools.pairwise(chain):
                hi.members.append(Member(self.names.draw("snake", {m.name for m in hi.members}),
                                         len(hi.members) + 1, ("ref", lo)))
        if prof == "ring" and len(recs) > 2:
            ring = recs[-rng.randint(2, len(recs)):]
            for a, b in zip(ring, ring[1:] + ring[:1], strict=False):
                if b.file in self.visible[a.file]:
                    a.members.append(Member(self.names.draw("snake", {m.name for m in a.members}),
                                            len(a.members) + 1, ("opt", ("ref", b))))

    def limit_in_place(self) -> None:
        """Keeps every type within the limit on values held in place (SPEC §2.1), as cserc counts
        them: a record or struct 1 plus its fields', a union 1 plus its largest variant's; a
        record, struct or union held directly or through an optional counts its own unless it
        can hold the owner again, anything else 1. A field whose part would take its owner past
        the limit is held in a list instead (the largest first)."""

        def inline_part(t: Type) -> Decl | None:
            t = t[1] if t[0] == "opt" else t
            return t[1] if t[0] == "ref" and t[1].kind != "enum" else None

        def holds_inline(start: Decl, target: Decl) -> bool:
            seen: set[int] = set()
            todo = [start]
            while todo:
                d = todo.pop()
                if d is target:
                    return True
                if id(d) in seen:
                    continue
                seen.add(id(d))
                todo.extend(p for m in d.members if not m.deprecated and (p := inline_part(m.type)) is not None)
            return False

        sizes: dict[int, int] = {}

        def size(d: Decl) -> int:
            # iterative, parts first (the parts that cannot hold their owner form no loop)
            todo = [d]
            while todo:
                top = todo[-1]
                if id(top) in sizes:
                    todo.pop()
                    continue
                # a deprecated field holds nothing in place (SPEC §2.1), as in holds_inline: counting
                # it here made two parts wait for each other forever (seed 399 of 65fe714's pool)
                parts = [(m, p) for m in top.members if not m.deprecated
                         and (p := inline_part(m.type)) is not None and not holds_inline(p, top)]
                missing = [p for _, p in parts if id(p) not in sizes]
                if missing:
                    todo.extend(missing)
                    continue
                while True:
                    own = [sizes[id(p)] if not m.deprecated and (p := inline_part(m.type)) is not None
                           and not holds_inline(p, top) else 1 for m in top.members]
                    total = 1 + (max(own, default=0) if top.kind == "union" else sum(own))
                    if total <= MAX_IN_PLACE:
                        break
                    largest = max((m for m, _ in parts if m.type[0] != "list"),
                                  key=lambda m: sizes[id(inline_part(m.type))])
                    largest.type = ("list", largest.type[1] if largest.type[0] == "opt" else largest.type)
                    parts = [(m, p) for m, p in parts if m is not largest]
                sizes[id(top)] = total
                todo.pop()
            return sizes[id(d)]

        for d in sorted(self.decls, key=lambda x: x.rank):
            if d.kind != "enum":
                size(d)

    def depths(self) -> None:
        """Zero depth (SPEC §3, §7) and the least depth of any value; members that would make a
        zero value deeper than the limit are made optional."""
        for d in sorted(self.decls, key=lambda x: x.rank):
            if d.kind == "enum":
                d.zero_depth = 0
                continue
            ms = sorted(d.members, key=lambda m: m.number)
            if d.kind == "union":
                ms = ms[:1]
            # the values of the zero value as SPEC §2.1 counts them: 1, plus each field's (a
            # record, struct or union held directly its own zero value's, anything else 1)
            zd, size = 1, 1
            left = len(ms)
            for m in ms:
                left -= 1
                if m.type[0] == "ref" and m.type[1].kind != "enum":
                    if (m.type[1].zero_depth + 1 > MAX_ZERO_DEPTH
                            or size + m.type[1].zero_size + left > MAX_ZERO_SIZE):
                        # held through an optional (a list for a union variant) instead: a zero
                        # value stays within the depth limit, and small (types that hold one type
                        # twice, each holding another twice, ... would make it exponential)
                        m.type = ("list", m.type) if d.kind == "union" else ("opt", m.type)
                        size += 1
                    else:
                        zd = max(zd, m.type[1].zero_depth + 1)
                        size += m.type[1].zero_size
                else:
                    size += 1
            d.zero_depth = zd
            d.zero_size = size
        self.min_depths()

    def min_depths(self) -> None:
        """The least depth of any value of each type: a fixpoint (unions choose their shallowest
        variant, a deprecated field counts its zero value's depth)."""
        for d in self.decls:
            d.min_depth = 0 if d.kind == "enum" else math.inf
        changed = True
        while changed:
            changed = False
            for d in self.decls:
                if d.kind == "enum":
                    continue
                if d.kind == "union":
                    v = 1 + min(type_min_depth(m.type) for m in d.members)
                else:
                    v = 1 + max([type_min_depth(m.type) if not m.deprecated else type_zero_depth(m.type)
                                 for m in d.members] or [0])
                if v < d.min_depth:
                    d.min_depth = v
                    changed = True


def generate(seed: int, options: Options | None = None) -> Schema:
    return Generator(seed, options or Options()).build()
