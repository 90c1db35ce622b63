"""The schema model of schemagen (conformance/schemagen/README.md): the limits the schemas go up
to, the scalar types, a type expression, a declaration and its members, a file, and the options
of a run."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
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

Type = tuple[Any, ...]  # ("s", name) | ("list", T) | ("map", K, V) | ("opt", T) | ("ref", Decl)


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
    evolve: float = 0.5  # the fraction of small schemas paired with an evolved partner (schemagen_evolve)


def type_min_depth(t: Type) -> float:
    if t[0] == "ref":
        d: Decl = t[1]
        return d.min_depth
    return 0


def type_zero_depth(t: Type) -> int:
    if t[0] == "ref":
        d: Decl = t[1]
        return d.zero_depth
    return 0
