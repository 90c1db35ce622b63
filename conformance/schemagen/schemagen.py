"""Random valid cser schemas and random values of their types (conformance/schemagen/README.md).

``generate(seed, options)`` builds one schema (one or more files) from a seed, reproducibly: the
same seed and options give the same text on every machine. Every schema it writes is valid
(SPEC.md §1-§3 and the limits of issue 31: 1,000 fields or variants, 4,096 enum members, type
expressions 32 deep, zero values 64 deep, names of 120 characters, 16 package segments), so a
schema that ``cserc check`` refuses is a bug here, and one that fails later is a bug in cser.

Names come from pools holding every keyword, literal and builtin of Java, Rust and Python that
the position's case rule allows, the runtimes' own type and module names, the members the
generators add, and pairs that differ only by case or underscores. ``values(schema, rng)`` gives
random JSON values (SPEC §11) of each record, struct and union, complete (every non-deprecated
field present) so that decoding them must give them back.

    python3 conformance/schemagen/schemagen.py --seed 7 [--out DIR]   # writes or prints one schema
"""

from __future__ import annotations

import argparse
import base64
import itertools
import math
import random
import re
import struct
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# The limits the schemas go up to (the coordinator's table for issue 31; SPEC's limits section is
# the final word and these follow it).
MAX_FIELDS = 1000
MAX_VARIANTS = 1000
MAX_MEMBERS = 4096
MAX_TYPE_NESTING = 32
MAX_ZERO_DEPTH = 64
MAX_NAME = 120
MAX_SEGMENTS = 16
MAX_DEPTH = 64  # SPEC §7: the default maximum depth of a value
MAX_ZERO_SIZE = 4000  # values in one zero value, counted as SPEC §2.1 does (its limit is 16,384)
MAX_IN_PLACE = 16384  # values a type holds in place (SPEC §2.1, Limits.SIZE_IN_PLACE)

SCALARS = ("bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "string", "bytes")
INTEGERS = ("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64")
INT_RANGE = {
    "i8": (-(1 << 7), (1 << 7) - 1),
    "i16": (-(1 << 15), (1 << 15) - 1),
    "i32": (-(1 << 31), (1 << 31) - 1),
    "i64": (-(1 << 63), (1 << 63) - 1),
    "u8": (0, (1 << 8) - 1),
    "u16": (0, (1 << 16) - 1),
    "u32": (0, (1 << 32) - 1),
    "u64": (0, (1 << 64) - 1),
}

# --- Name pools -------------------------------------------------------------------------------

JAVA_KEYWORDS = """abstract assert boolean break byte case catch char class const continue default do double
else enum extends final finally float for goto if implements import instanceof int interface long native
new package private protected public return short static strictfp super switch synchronized this throw
throws transient try void volatile while true false null var yield record sealed permits module open
requires exports opens to uses provides with transitive when""".split()
JAVA_NAMES = """String Object Override Integer Long Short Byte Boolean Character Double Float Number Math
System Class Enum Record List Map ArrayList LinkedHashMap HashMap Arrays Objects Optional Iterator
Iterable Comparable Exception RuntimeException Error Throwable Void Deprecated SuppressWarnings
FunctionalInterface SafeVarargs StringBuilder CharSequence Collections Set Collection ByteBuffer
IOException UncheckedIOException IllegalArgumentException NullPointerException Serializable Cloneable
Thread Runnable Base64 StandardCharsets Json JsonException Builder Codec Module Package Process
Runtime CserReader CserWriter CserCodec CserDecodeException CserEncodeException CserStreamHeader
CserStreamReader CserStreamWriter DecodeErrorKind FieldPath Limits UnknownFields Utf8 Values Varint
ZigZag Zero Value Tag Variant""".split()
JAVA_MEMBERS = """encode decode encode_to to_json from_json tag zero value number name is_known for_number
values hash_code equals to_string get_class notify notify_all wait clone finalize has_unknown_fields
get_unknown_fields set_unknown_fields clear_unknown_fields unknown_fields codec type_name builder
build get set has is of copy size""".split()
RUST_KEYWORDS = """as break const continue crate else enum extern false fn for if impl in let loop match mod
move mut pub ref return self static struct super trait true type unsafe use where while async await dyn
abstract become box do final macro override priv typeof unsized virtual yield try union macro_rules raw
gen safe""".split()
RUST_NAMES = """Self String Vec Option Box Result Some None Ok Err Default Clone Copy Debug PartialEq Eq Hash
Ord PartialOrd Send Sync Sized Drop Fn FnMut FnOnce Iterator IntoIterator From Into ToString ToOwned
AsRef AsMut Display Error Formatter Rc Arc Cell RefCell HashMap BTreeMap Reader Writer DecodeError
DecodeErrorKind EncodeError Message IndexMap UnknownFields FieldPath PathSegment MapKey StreamReader
StreamWriter StreamError Value TypeEntry Ordering Path Cow Any""".split()
RUST_LOWER = """std core alloc cser i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char
str json encode decode try_encode encode_into read_nested write_nested from_number is_known values
default fmt eq hash unknown_fields json_types reader writer buf out w r v e f""".split()
PY_KEYWORDS = """False None True and as assert async await break class continue def del elif else except
finally for from global if import in is lambda nonlocal not or pass raise return try while with yield
match case type""".split()
PY_BUILTINS = """abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile
complex copyright credits delattr dict dir divmod enumerate eval exec exit filter float format
frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len license
list locals map max memoryview min next object oct open ord pow print property quit range repr
reversed round set setattr slice sorted staticmethod str sum super tuple vars zip self cls
annotations""".split()
PY_CLASSES = """NotImplemented Ellipsis Exception BaseException ValueError TypeError KeyError IndexError
RecursionError SyntaxError Any Optional Union List Dict Tuple Callable ClassVar Final Literal TypeVar
Generic Protocol Iterator Iterable Sequence Mapping NamedTuple TypedDict Self IntEnum Enum Path
DecodeError EncodeError JsonError StreamReader StreamWriter UnknownFields Reader Writer TAG FINGERPRINT
CODEC""".split()
PY_MODULES = """typing enum cser codec reader writer varint zigzag utf8 stream message errors limits path
unknown kafka native sys os builtins dataclasses collections struct math abc re io json functools
itertools bind descriptor from_json to_json type_name tag slots match_args missing init repr eq
hash descriptors source interpreter collections floats""".split()

SNAKE = re.compile(r"[a-z][a-z0-9_]*")
PASCAL = re.compile(r"[A-Z][A-Za-z0-9]*")
UPPER = re.compile(r"[A-Z][A-Z0-9_]*")


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def _pascal(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in name.split("_") if p)


_ALL_WORDS = JAVA_KEYWORDS + JAVA_NAMES + JAVA_MEMBERS + RUST_KEYWORDS + RUST_NAMES + RUST_LOWER + \
    PY_KEYWORDS + PY_BUILTINS + PY_CLASSES + PY_MODULES
# Every pool word as it may be spelled in each position (and the snake_case spelling of the
# PascalCase ones: `string`, `object`, `decode_error`).
SNAKE_POOL = sorted({w for w in _ALL_WORDS if SNAKE.fullmatch(w)} | {_snake(w) for w in _ALL_WORDS if PASCAL.fullmatch(w)}
                    | {w.lower() for w in _ALL_WORDS if SNAKE.fullmatch(w.lower())})
PASCAL_POOL = sorted({w for w in _ALL_WORDS if PASCAL.fullmatch(w)} | {_pascal(w) for w in _ALL_WORDS if SNAKE.fullmatch(w)}
                     | {w.capitalize() for w in _ALL_WORDS if w.isalpha()})
UPPER_POOL = sorted({_snake(w).upper() for w in _ALL_WORDS if UPPER.fullmatch(_snake(w).upper())}
                    | {"VALUES", "NONE", "CODEC", "TYPE_NAME", "ZERO", "UNKNOWN", "NAME", "NUMBER", "VALUE"})
PLAIN_SNAKE = "alpha beta gamma delta id name count items kind flag data key value left right".split()

# Hostile doc text: quotes, backslashes, comment terminators of every target, string terminators,
# escapes that Java processes even in comments (\u000a, \u002a), NUL and other C0/C1 controls,
# bidi and other invisible format characters, line and paragraph separators, HTML and doc tags.
HOSTILE_DOCS = [
    '"', "'", '\\', "\\\\", "*/", "/*", "/**", '"""', "'''", "\\u0041", "\\u000a", "\\u002a/", "\\u0022",
    "\\n", "\\x00", "\\N{BULLET}", "\\", "\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b[31m", "\x1f",
    "\x7f", "\x80", "\x85", "\x9b", "\x9f", "\u00a0", "\u2028", "\u2029", "\u202e", "\u202a", "\u2066",
    "\u2069", "\u200b", "\u200d", "\ufeff", "\U0001f600", "<script>alert(1)</script>", "</pre>", "<!--",
    "-->", "&amp;", "&#0;", "@param x", "@deprecated", "{@code", "{@link Object}", "}", "{", "#[doc = \"x\"]",
    "*/ fn evil() {} /*", "`", "```", "${x}", "%s", "{0}", "# type: ignore", "# noqa", "r#\"", "\"#",
    "<T>", "@", "$", "\t", "  ", "TODO", "-*- coding: latin-1 -*-", "//", "///", "#", ";", "\\\"\"\"\\",
]


def hostile_doc(rng: random.Random) -> str:
    parts = [rng.choice(HOSTILE_DOCS) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.5:
        parts.insert(rng.randint(0, len(parts)), "text")
    return " ".join(parts) if rng.random() < 0.5 else "".join(parts)


# --- The schema model -------------------------------------------------------------------------

Type = tuple  # ("s", name) | ("list", T) | ("map", K, V) | ("opt", T) | ("ref", Decl)


@dataclass(eq=False)
class Member:
    name: str
    number: int  # field / variant id, enum value
    type: Any = None
    deprecated: bool = False
    doc: list[str] = field(default_factory=list)


@dataclass(eq=False)
class Decl:
    kind: str  # record struct enum union
    name: str
    pkg: str
    file: int
    rank: int
    members: list[Member] = field(default_factory=list)
    doc: list[str] = field(default_factory=list)
    zero_depth: int = 1
    zero_size: int = 1  # values in the zero value (SPEC §2.1)
    min_depth: float = math.inf

    @property
    def qname(self) -> str:
        return f"{self.pkg}.{self.name}"


@dataclass
class SchemaFile:
    name: str
    pkg: str
    imports: list[int]
    doc: list[str] = field(default_factory=list)
    decls: list[Decl] = field(default_factory=list)


@dataclass
class Options:
    near_limit: float = 0.1  # the fraction of schemas with one construct near a limit
    hostile_docs: bool = True
    hostile_names: bool = True
    cyclic: float = 0.15  # the fraction with cyclic packages
    values_per_type: int = 2


@dataclass
class Schema:
    seed: int
    root: str  # the first package segment, unique to the seed (schemas of a batch share a build)
    files: list[SchemaFile]
    decls: list[Decl]
    profile: str
    rng_state: Any = None

    def texts(self) -> dict[str, str]:
        return {f.name: render(self, f) for f in self.files}

    def write(self, directory: Path) -> list[Path]:
        directory.mkdir(parents=True, exist_ok=True)
        paths = []
        for name, text in self.texts().items():
            p = directory / name
            p.write_bytes(text.encode("utf-8"))
            paths.append(p)
        return paths


class Names:
    """Draws unique names for one scope from the pools."""

    def __init__(self, rng: random.Random, hostile: bool) -> None:
        self.rng = rng
        self.hostile = hostile

    def _long(self, pattern: str) -> str:
        n = self.rng.randint(100, MAX_NAME)
        if pattern == "snake":
            s = "l" + "".join(self.rng.choice("abcdefghij_0123456789") for _ in range(n - 1))
        elif pattern == "pascal":
            s = "L" + "".join(self.rng.choice("abcXYZ0123456789") for _ in range(n - 1))
        else:
            s = "L" + "".join(self.rng.choice("ABCXYZ_0123456789") for _ in range(n - 1))
        return s[:MAX_NAME]

    def draw(self, pattern: str, taken: set[str], extra: list[str] | None = None) -> str:
        rng = self.rng
        pool = {"snake": SNAKE_POOL, "pascal": PASCAL_POOL, "upper": UPPER_POOL}[pattern]
        for _ in range(50):
            r = rng.random()
            if r < 0.05:
                name = self._long(pattern)
            elif extra and r < 0.35:
                name = rng.choice(extra)
            elif self.hostile and r < 0.8:
                name = rng.choice(pool)
            else:
                base = rng.choice(PLAIN_SNAKE)
                name = {"snake": base, "pascal": _pascal(base), "upper": base.upper()}[pattern]
                if rng.random() < 0.5:
                    name += str(rng.randint(0, 99))
            if len(name) <= MAX_NAME and name not in taken:
                taken.add(name)
                return name
        i = 0
        while True:
            name = {"snake": f"n{i}", "pascal": f"N{i}", "upper": f"N{i}"}[pattern]
            if name not in taken:
                taken.add(name)
                return name
            i += 1


def twins(name: str, pattern: str) -> list[str]:
    """Names that differ from ``name`` only by case or underscores, or that collide with what a
    generator derives from it (`is_x` beside `x`, `x_` beside `x`)."""
    out = []
    if pattern == "snake":
        out += [name + "_", "is_" + name, "has_" + name, "get_" + name, "set_" + name]
        if "_" in name:
            out += [name.replace("_", "__", 1), name.replace("_", "", 1)]
        elif len(name) > 1:
            out += [name[0] + "_" + name[1:]]
        if name.startswith("is_"):
            out.append(name[3:])
    elif pattern == "pascal":
        out += [name.upper(), name + "Variant", name + "_"[:0] + "X"]
        if len(name) > 1:
            out += [name[0] + name[1:].swapcase()]
    else:
        out += [name + "_", name.replace("_", "__", 1) if "_" in name else name[:1] + "_" + name[1:]]
    rx = {"snake": SNAKE, "pascal": PASCAL, "upper": UPPER}[pattern]
    return [n for n in out if rx.fullmatch(n) and len(n) <= MAX_NAME and n != name]


# --- Generation -------------------------------------------------------------------------------


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
        self.forced: Decl | None = self.new_decl(len(self.files) - 1, forced) if forced else None
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
                    extra += [d.name + _pascal(m.name) for m in d.members]
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
        # least depth: a fixpoint (unions choose their shallowest variant)
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


def type_min_depth(t: Type) -> float:
    if t[0] == "ref":
        return t[1].min_depth
    return 0


def type_zero_depth(t: Type) -> int:
    if t[0] == "ref":
        return t[1].zero_depth
    return 0


def generate(seed: int, options: Options | None = None) -> Schema:
    return Generator(seed, options or Options()).build()


# --- Rendering --------------------------------------------------------------------------------


def type_text(owner: Decl, t: Type) -> str:
    if t[0] == "s":
        return t[1]
    if t[0] == "list":
        return f"list<{type_text(owner, t[1])}>"
    if t[0] == "map":
        return f"map<{type_text(owner, t[1])}, {type_text(owner, t[2])}>"
    if t[0] == "opt":
        return f"optional<{type_text(owner, t[1])}>"
    target = t[1]
    # same package: mostly the simple name, sometimes the qualified one (both are valid, SPEC §1)
    if target.pkg == owner.pkg and zlib.crc32(f"{owner.name} {target.name}".encode()) & 3:
        return target.name
    return target.qname


def _doc_lines(doc: list[str], indent: str) -> list[str]:
    out = []
    for line in doc:
        # a doc comment runs to the end of its line: CR and LF cannot be inside one
        out.append(f"{indent}///{line}".replace("\r", " ").replace("\n", " ") if line[:1] == " " else
                   f"{indent}/// {line}".replace("\r", " ").replace("\n", " "))
    return out


def render(schema: Schema, f: SchemaFile) -> str:
    lines = _doc_lines(f.doc, "")
    lines.append(f"package {f.pkg};")
    for i in f.imports:
        lines.append(f'import "{schema.files[i].name}";')
    for d in f.decls:
        lines.append("")
        lines += _doc_lines(d.doc, "")
        lines.append(f"{d.kind} {d.name} {{")
        for m in d.members:
            lines += _doc_lines(m.doc, "  ")
            if d.kind == "enum":
                lines.append(f"  {m.name} = {m.number};")
            else:
                dep = "deprecated " if m.deprecated else ""
                lines.append(f"  {dep}{type_text(d, m.type)} {m.name} = {m.number};")
        lines.append("}")
    return "\n".join(lines) + "\n"


# --- Values -----------------------------------------------------------------------------------

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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", type=Path, help="write the files into this directory (default: print them)")
    ap.add_argument("--near-limit", type=float, default=Options.near_limit)
    ap.add_argument("--no-hostile-docs", action="store_true")
    ap.add_argument("--no-hostile-names", action="store_true")
    a = ap.parse_args()
    opts = Options(near_limit=a.near_limit, hostile_docs=not a.no_hostile_docs, hostile_names=not a.no_hostile_names)
    s = generate(a.seed, opts)
    if a.out:
        for p in s.write(a.out):
            print(p)
    else:
        for name, text in s.texts().items():
            sys.stdout.write(f"==> {name} <== ({s.profile})\n{text}")


if __name__ == "__main__":
    main()
