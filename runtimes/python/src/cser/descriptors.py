"""The descriptors of generated types: the kinds they are written with, and how the Python
interpreter reads them (SPEC §12.3). The C accelerator reads the same tuples (``_native/bind.c``)
and expects the same numbers (``_native/native.h``).

Every generated module ends with one descriptor per record, struct and union, which it hands to
:func:`cser.bind.bind`. The descriptors are the only statement of the wire format in generated
code. A descriptor of a declared type is ``(UNION, cls, "pkg.Name", "Name", members,
unknown_cls)``,
``(STRUCT, cls, "pkg.Name", "Name", members, runs)`` or ``(RECORD, cls, "pkg.Name", "Name",
members, unknown_field, unknown_mask, runs)``:

- a record's or struct's members are its fields in id order, deprecated ones included, each
  ``(attribute | None, "Name.field", type, slot, zero)``: ``attribute`` is ``None`` for a
  deprecated field; ``slot`` is ``-1`` for a field that is not optional, else the field's
  optional slot (SPEC §5.4: slot s has bit ``s % 8`` of the presence byte written before slot
  ``s - s % 8``); ``zero`` is the field's zero value (SPEC §3), given to a field missing at the
  end of a record body (``None`` for an optional; a callable, such as ``list`` or a class, is
  called for a fresh value), and for a deprecated field its zero value's bytes (``b""`` if it
  is optional: absent);
- a union's members are its variants, each ``(tag, variant_cls, "Name.variant", type)``;
  ``unknown_cls`` is its subclass that holds an unknown variant (SPEC §5.7), union + ``Unknown``,
  whose ``value`` slot holds a :class:`cser.unknown.UnknownVariant`;
- a record keeps unknown fields (SPEC §5.5.1, :mod:`cser.unknown`) in the slot ``_cser_unknown``
  of its class: the bytes after its last field, and the bits ``unknown_mask`` of the presence byte
  written before field number ``unknown_field`` (its last presence byte, when that has fewer than
  eight slots), or ``-1, 0`` when it has no such byte. The compiler states both (its
  ``MessageType.extensiblePresenceGroup()``), :func:`parse_type` checks them against the fields;
- a record or struct with deprecated fields keeps the bytes each was read from (SPEC §5.5.1)
  in the slot ``_cser_deprecated`` of its class: ``None`` while it keeps none (every value a
  program builds), else a tuple with one item per deprecated field, in id order, the bytes kept
  for it or ``None``. A decoder keeps a field's bytes unless they are its zero value's (for an
  optional field: the bytes of its value, when its presence bit is set), and never makes a
  tuple of ``None`` alone; an encoder writes the kept bytes in the field's place (an optional's
  presence bit set with them), else its zero bytes (an optional absent);
- a record's or struct's ``runs`` are its runs of two or more consecutive fixed-width fields
  (:data:`FIXED_WIDTHS`), neither optional nor deprecated, each ``(first, count)``: the index of
  its first field and how many it holds, in field order. The compiler finds them (its
  ``MessageType.fixedWidthRuns()``); the Python interpreter reads and writes each with one
  :class:`struct.Struct`, and :func:`parse_type` checks that each is one.

A type is a scalar kind below, ``(ENUM, cls, members_by_number, "enum pkg.Name")``,
``(LIST | OPTLIST, element)``, ``(MAP | OPTMAP, key, value)`` or ``(REF, cls)`` for a record,
struct or union bound by the same call or an earlier one.
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FIXED_WIDTHS", "SCALAR_NAMES", "FieldDesc", "Spec", "TypeDesc", "VariantDesc", "is_declared", "malformed",
           "parse_runs", "parse_spec", "parse_type", "unknown_presence"]

# Scalar kinds (the numbers _native/native.h expects).
BOOL = 1
I8 = 2
U8 = 3
I16 = 4
I32 = 5
I64 = 6
U16 = 7
U32 = 8
U64 = 9
F32 = 10
F64 = 11
STRING = 12
BYTES = 13
# Composite kinds.
ENUM = 20
LIST = 21
OPTLIST = 22
MAP = 23
OPTMAP = 24
REF = 25
# Declared types.
RECORD = 1
STRUCT = 2
UNION = 3

#: The schema spelling of each scalar kind, for error messages.
SCALAR_NAMES = {
    BOOL: "bool", I8: "i8", U8: "u8", I16: "i16", I32: "i32", I64: "i64", U16: "u16", U32: "u32",
    U64: "u64", F32: "f32", F64: "f64", STRING: "string", BYTES: "bytes",
}

#: The kinds a run of fixed-width fields may hold, and their width in bytes (SPEC §5.1).
FIXED_WIDTHS = {BOOL: 1, I8: 1, U8: 1, F32: 4, F64: 8}


@dataclass(frozen=True)
class Spec:
    """The type of a value: a field, a list element, a map key or value, a union variant."""

    kind: int
    #: A list's element, a map's key.
    elem: Spec | None = None
    #: A map's value.
    value: Spec | None = None
    #: An enum's class, or the record, struct or union class of a REF.
    cls: Any = None
    #: An enum's members by number.
    members: dict[int, Any] | None = None
    #: An enum's name in range errors: ``enum pkg.Name``.
    name: str = ""


@dataclass
class FieldDesc:
    index: int
    attr: str | None
    path: str
    spec: Spec
    slot: int
    zero: Any
    #: For the first slot of a group: how many slots the group has (SPEC §5.4).
    group_size: int = 0
    #: A deprecated field: its place among the record's or struct's deprecated fields, the index
    #: of its bytes in the tuple ``_cser_deprecated`` holds (SPEC §5.5.1); -1 for a live field.
    kept: int = -1

    @property
    def optional(self) -> bool:
        return self.slot >= 0

    @property
    def deprecated(self) -> bool:
        return self.attr is None

    @property
    def bit(self) -> int:
        return 1 << (self.slot & 7)

    @property
    def group_start(self) -> bool:
        return self.slot >= 0 and self.slot & 7 == 0


@dataclass
class VariantDesc:
    tag: int
    cls: type[Any]
    path: str
    spec: Spec


@dataclass
class TypeDesc:
    kind: int
    cls: type[Any]
    name: str
    short_name: str
    fields: list[FieldDesc] = field(default_factory=list)
    variants: list[VariantDesc] = field(default_factory=list)
    #: A record: the index of the field whose presence byte may hold unknown bits, or -1; the
    #: bits of that byte this record does not use (SPEC §5.5.1).
    unknown_field: int = -1
    unknown_mask: int = 0
    #: A record or struct: its runs of fixed-width fields, by the index of their first field.
    runs: dict[int, list[FieldDesc]] = field(default_factory=dict)
    #: A record or struct: how many deprecated fields it has, whose bytes ``_cser_deprecated``
    #: keeps (SPEC §5.5.1).
    deprecated: int = 0
    #: A union: the subclass that holds an unknown variant (SPEC §5.7).
    unknown_cls: Any = None


def malformed(what: str) -> TypeError:
    return TypeError(f"cser.descriptors: malformed type description ({what})")


def parse_spec(desc: Any) -> Spec:
    if isinstance(desc, int):
        if desc not in SCALAR_NAMES:
            raise malformed("scalar kind")
        return Spec(desc)
    if not isinstance(desc, tuple) or len(desc) < 2:
        raise malformed("type")
    kind = desc[0]
    if kind == ENUM and len(desc) == 4 and isinstance(desc[2], dict) and isinstance(desc[3], str):
        return Spec(ENUM, cls=desc[1], members=desc[2], name=desc[3])
    if kind in (LIST, OPTLIST) and len(desc) == 2:
        return Spec(kind, elem=parse_spec(desc[1]))
    if kind in (MAP, OPTMAP) and len(desc) == 3:
        return Spec(kind, elem=parse_spec(desc[1]), value=parse_spec(desc[2]))
    if kind == REF and len(desc) == 2 and isinstance(desc[1], type):
        return Spec(REF, cls=desc[1])
    raise malformed("kind")


#: How many items the descriptor of each kind of declared type has.
_SIZES = {RECORD: 8, STRUCT: 6, UNION: 6}


def is_declared(desc: Any) -> bool:
    """The outer shape of a declared type's descriptor: 8 items for a record, 6 for a struct or
    a union."""
    if not isinstance(desc, tuple) or len(desc) < 5:
        return False
    size = _SIZES.get(desc[0], 5) if isinstance(desc[0], int) else 5
    return len(desc) == size and isinstance(desc[1], type)


def unknown_presence(fields: list[FieldDesc]) -> tuple[int, int]:
    """Where a record with these fields keeps unknown presence bits (SPEC §5.5.1): the index of
    the field its last presence byte is written before, and the bits of that byte it does not
    use; ``(-1, 0)`` without presence bytes, or when the last one has eight slots."""
    starts = [f for f in fields if f.group_start]
    if not starts or starts[-1].group_size == 8:
        return -1, 0
    return starts[-1].index, 0xFF & ~((1 << starts[-1].group_size) - 1)


def parse_runs(fields: list[FieldDesc], runs: Any) -> dict[int, list[FieldDesc]]:
    """The runs a descriptor states, by the index of their first field, once each is checked to
    be one: two or more fields in range, fixed-width, neither optional nor deprecated, after
    the previous run."""
    if not isinstance(runs, tuple):
        raise malformed("fixed-width runs")
    out: dict[int, list[FieldDesc]] = {}
    after = 0
    for run in runs:
        if not (isinstance(run, tuple) and len(run) == 2 and all(type(n) is int for n in run)):
            raise malformed("fixed-width runs")
        first, count = run
        members = fields[first : first + count]
        if first < after or count < 2 or len(members) != count or any(
                f.optional or f.deprecated or f.spec.kind not in FIXED_WIDTHS for f in members):
            raise malformed("fixed-width runs")
        out[first] = members
        after = first + count
    return out


def parse_type(desc: Any) -> TypeDesc:
    if not is_declared(desc):
        raise malformed("declared type")
    kind, cls, name, short_name, members = desc[:5]
    td = TypeDesc(kind, cls, name, short_name)
    if kind == UNION:
        for tag, variant_cls, path, spec in members:
            td.variants.append(VariantDesc(tag, variant_cls, path, parse_spec(spec)))
        unknown_cls = desc[5]
        if not (isinstance(unknown_cls, type) and issubclass(unknown_cls, cls)
                and isinstance(getattr(unknown_cls, "value", None), types.MemberDescriptorType)):
            raise malformed("a union without its unknown variant's class")
        td.unknown_cls = unknown_cls
        return td
    if kind not in (RECORD, STRUCT):
        raise malformed("declared kind")
    for i, (attr, path, spec, slot, zero) in enumerate(members):
        if attr is None and slot < 0 and not isinstance(zero, bytes):
            raise malformed("a deprecated field without its zero bytes")
        td.fields.append(FieldDesc(i, attr, path, parse_spec(spec), slot, zero))
    slots = sum(1 for f in td.fields if f.optional)
    for f in td.fields:
        if f.group_start:
            f.group_size = min(8, slots - f.slot)
        if f.deprecated:
            f.kept = td.deprecated
            td.deprecated += 1
    if td.deprecated and not isinstance(getattr(cls, "_cser_deprecated", None), types.MemberDescriptorType):
        raise malformed("a class with deprecated fields without a _cser_deprecated slot")
    if kind == RECORD:
        if desc[5:7] != unknown_presence(td.fields):
            raise malformed("unknown presence bits")
        if not isinstance(getattr(cls, "_cser_unknown", None), types.MemberDescriptorType):
            raise malformed("a record class without a _cser_unknown slot")
        td.unknown_field, td.unknown_mask = desc[5:7]
    td.runs = parse_runs(td.fields, desc[-1])
    return td
