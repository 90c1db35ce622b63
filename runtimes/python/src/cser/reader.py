"""Decoding in pure Python (SPEC §4-§7): the readers of the primitives, and the half of the
Python interpreter of type descriptors (:mod:`cser.interpreter`) that reads values.

:func:`emit` writes one reader function per record, struct and union of a module, in Python
source, from the descriptors: straight-line code with a local per field value, one-byte varints
and short strings read inline, the primitives below called for the long cases, runs of
fixed-width fields read with one precompiled :class:`struct.Struct`. It is compiled once, on
first use (:class:`cser.source.Module`); no descriptor is looked at while a message is read.

A reader takes ``(data, pos, end, depth)`` — the input, where to read, the end of the enclosing
message or record body, the nesting levels left — and returns ``(value, new_pos)``. Every check
SPEC §10 requires comes before anything is allocated. The readers of the primitives below have
the same shape (without ``depth``).
"""

from __future__ import annotations

import struct
from typing import Any

from cser import collections, zigzag
from cser import descriptors as d
from cser.descriptors import FieldDesc, Spec, TypeDesc, VariantDesc
from cser.errors import (
    DecodeError,
    bad_bool,
    bad_presence,
    bad_utf8,
    count_too_large,
    depth_exceeded,
    duplicate_key,
    length_too_large,
    optional_count_too_large,
    trailing_bytes,
    truncated,
    unknown_tag,
)
from cser.floats import read_f32, read_f32_list
from cser.limits import max_count, max_optional_count
from cser.source import (
    NEST_DEPTH,
    Local,
    Module,
    hexnum,
    indent,
    is_packed,
    not_at_end,
    pieces,
    pushed,
    run_struct,
)
from cser.unknown import UnknownFields, _unknown_variant
from cser.utf8 import decode_utf8
from cser.varint import U64_MAX, read_varint

__all__ = [
    "emit",
    "read_bool",
    "read_bytes",
    "read_count",
    "read_length",
    "read_optional_count",
    "read_str",
    "read_varint",
]

F32_STRUCT = struct.Struct("<f")
F64_STRUCT = struct.Struct("<d")


# ---- the primitives ---------------------------------------------------------------------------


def read_length(data: bytes, pos: int, end: int) -> tuple[int, int]:
    """Reads a byte length; LENGTH_TOO_LARGE if above the bytes that remain before ``end``."""
    n, p = read_varint(data, pos, end, U64_MAX)
    if n > end - p:
        raise length_too_large(pos, n, end - p)
    return n, p


def read_count(data: bytes, pos: int, end: int, width: int = 1) -> tuple[int, int]:
    """Reads a count of elements of at least ``width`` bytes each (SPEC §4)."""
    n, p = read_varint(data, pos, end, U64_MAX)
    left = end - p
    if n > max_count(left, width):
        raise count_too_large(pos, n, width, left)
    return n, p


def read_optional_count(data: bytes, pos: int, end: int) -> tuple[int, int]:
    """Reads the count of a list or map of optionals: at most 8 x the bytes that remain."""
    n, p = read_varint(data, pos, end, U64_MAX)
    left = end - p
    if n > max_optional_count(left):
        raise optional_count_too_large(pos, n, left)
    return n, p


def read_str(data: bytes, pos: int, end: int) -> tuple[str, int]:
    """Reads a length-prefixed UTF-8 string (:mod:`cser.utf8`)."""
    n, p = read_length(data, pos, end)
    return decode_utf8(data, p, p + n), p + n


def read_bytes(data: bytes, pos: int, end: int) -> tuple[bytes, int]:
    n, p = read_length(data, pos, end)
    return data[p : p + n], p + n


def read_bool(data: bytes, pos: int, end: int) -> tuple[bool, int]:
    if pos >= end:
        raise truncated(end)
    b = data[pos]
    if b > 1:
        raise bad_bool(pos, b)
    return b == 1, pos + 1


def read_bool_list(data: bytes, pos: int, end: int) -> tuple[list[bool], int]:
    n, p = read_count(data, pos, end)
    chunk = data[p : p + n]
    if chunk.translate(None, b"\x00\x01"):
        bad = next(i for i, b in enumerate(chunk) if b > 1)
        raise bad_bool(p + bad, chunk[bad])
    return [b == 1 for b in chunk], p + n


def read_u8_list(data: bytes, pos: int, end: int) -> tuple[list[int], int]:
    n, p = read_count(data, pos, end)
    return list(data[p : p + n]), p + n


def read_i8_list(data: bytes, pos: int, end: int) -> tuple[list[int], int]:
    n, p = read_count(data, pos, end)
    return list(struct.unpack_from(f"<{n}b", data, p)), p + n


def read_float_list(data: bytes, pos: int, end: int, code: str, width: int) -> tuple[list[float], int]:
    """Reads a packed list of f32 (``f``, 4) or f64 (``d``, 8) in bulk (SPEC §5.3)."""
    n, p = read_count(data, pos, end, width)
    if code == "f":
        return read_f32_list(data, p, n), p + n * width
    return list(struct.unpack_from(f"<{n}{code}", data, p)), p + n * width


def read_uint_list(data: bytes, pos: int, end: int, maximum: int) -> tuple[list[int], int]:
    """Reads a list of unsigned varints (u16, u32, u64)."""
    n, p = read_count(data, pos, end)
    out: list[int] = []
    append = out.append
    for _ in range(n):
        if p >= end:
            raise truncated(end)
        b = data[p]
        if b < 0x80:
            append(b)
            p += 1
        else:
            v, p = read_varint(data, p, end, maximum)
            append(v)
    return out, p


def read_sint_list(data: bytes, pos: int, end: int, maximum: int) -> tuple[list[int], int]:
    """Reads a list of zigzag varints (i16, i32, i64); ``maximum`` bounds the zigzag value."""
    raw, p = read_uint_list(data, pos, end, maximum)
    return [zigzag.decode_zigzag(v) for v in raw], p


#: What the emitted code calls, by the names it uses.
HELPERS: dict[str, Any] = {
    "DecodeError": DecodeError,
    "_new": object.__new__,
    "F32": F32_STRUCT,
    "read_f32": read_f32,
    "F64": F64_STRUCT,
    "truncated": truncated,
    "depth_exceeded": depth_exceeded,
    "unknown_tag": unknown_tag,
    "bad_bool": bad_bool,
    "bad_presence": bad_presence,
    "bad_utf8": bad_utf8,
    "duplicate_key": duplicate_key,
    "read_varint": read_varint,
    "read_length": read_length,
    "read_count": read_count,
    "read_optional_count": read_optional_count,
    "read_str": read_str,
    "read_bytes": read_bytes,
    "read_bool_list": read_bool_list,
    "read_u8_list": read_u8_list,
    "read_i8_list": read_i8_list,
    "read_float_list": read_float_list,
    "read_uint_list": read_uint_list,
    "read_sint_list": read_sint_list,
    "UnknownFields": UnknownFields,
    "trailing_bytes": trailing_bytes,
    "unknown_variant": _unknown_variant,
}

# ---- the interpreter: Python source from descriptors -----------------------------------------

#: The largest varint of each integer kind (a signed kind's is its largest zigzag value).
VARINT_MAX = {
    d.I16: 0xFFFF, d.I32: 0xFFFFFFFF, d.I64: U64_MAX,
    d.U16: 0xFFFF, d.U32: 0xFFFFFFFF, d.U64: U64_MAX, d.ENUM: 0x7FFFFFFF,
}


class _Emitter:
    def __init__(self, m: Module) -> None:
        self.m = m
        self.zero_names = [m.fresh("zero_" + td.cls.__name__) for td in m.types]

    # -- values --

    def varint(self, x: str, maximum: int) -> list[str]:
        # Callers check pos < end first.
        return [f"{x} = data[pos]", f"if {x} < 0x80:", "    pos += 1", "else:",
                f"    {x}, pos = read_varint(data, pos, end, {hexnum(maximum)})"]

    def value(self, s: Spec, loc: Local, guarded: bool = False) -> list[str]:
        """Reads a value of type ``s`` into ``loc.var``; ``guarded``: pos < end is known."""
        x = loc.var
        k = s.kind
        if loc.depth >= NEST_DEPTH and k in (d.LIST, d.OPTLIST, d.MAP, d.OPTMAP) and not is_packed(s):
            # Each level of a collection nests two or three blocks (a loop, a try, an if), and
            # CPython refuses more than 20 in one function: deeper levels go to a function of
            # their own, which starts again at depth 0 (SPEC §2.1 allows 32 levels).
            name = self.m.fresh("read_nested")
            inner = Local("x")
            self.m.add([f"def {name}(data, pos, end, depth):", *indent(self.value(s, inner)),
                        f"    return {inner.var}, pos"])
            return [f"{x}, pos = {name}(data, pos, end, depth)"]
        head = [] if guarded else not_at_end()
        if k == d.BOOL:
            return [*head, "b = data[pos]", "if b > 1:", "    raise bad_bool(pos, b)", f"{x} = b == 1", "pos += 1"]
        if k == d.I8:
            return [*head, f"{x} = data[pos]", f"if {x} > 0x7F:", f"    {x} -= 0x100", "pos += 1"]
        if k == d.U8:
            return [*head, f"{x} = data[pos]", "pos += 1"]
        if k in (d.U16, d.U32, d.U64):
            return head + self.varint(x, VARINT_MAX[k])
        if k in (d.I16, d.I32, d.I64):
            return head + self.varint(x, VARINT_MAX[k]) + [f"{x} = {zigzag.DECODE.format(x=x)}"]
        if k == d.ENUM:
            members = self.m.const(s.members, "M_" + s.cls.__name__)
            cls = self.m.const(s.cls, s.cls.__name__)
            return head + self.varint("u", 0x7FFFFFFF) + [
                f"{x} = {members}.get(u)", f"if {x} is None:", f"    {x} = {cls}(u)"]
        if k == d.F32:
            return ["if pos + 4 > end:", "    raise truncated(end)", f"{x} = read_f32(data, pos)", "pos += 4"]
        if k == d.F64:
            return ["if pos + 8 > end:", "    raise truncated(end)", f"{x} = F64.unpack_from(data, pos)[0]", "pos += 8"]
        if k == d.STRING:
            # A string whose length fits one byte is decoded inline; a bad sequence there raises
            # UnicodeDecodeError, which the enclosing handler turns into BAD_UTF8 at pos + 1 + e.start.
            return [*head, "n = data[pos]", "if n < 0x80 and pos + n < end:", f"    {x} = data[pos + 1 : pos + 1 + n].decode()", "    pos += 1 + n", "else:", f"    {x}, pos = read_str(data, pos, end)"]
        if k == d.REF:
            return [f"{x}, pos = {self.m.reader_of(s.cls)}(data, pos, end, depth)"]
        if is_packed(s):
            return [f"{x}, pos = {self.packed(s)}"]
        if k == d.LIST:
            return collections.read_list(s, loc, self.value)
        if k == d.OPTLIST:
            return collections.read_optional_list(s, loc, self.value)
        if k == d.MAP:
            return collections.read_map(s, loc, self.value)
        if k == d.OPTMAP:
            return collections.read_optional_map(s, loc, self.value)
        return [f"{x}, pos = read_bytes(data, pos, end)"]

    def packed(self, s: Spec) -> str:
        assert s.elem is not None
        k = s.elem.kind
        if k == d.BOOL:
            return "read_bool_list(data, pos, end)"
        if k == d.U8:
            return "read_u8_list(data, pos, end)"
        if k == d.I8:
            return "read_i8_list(data, pos, end)"
        if k == d.F32:
            return 'read_float_list(data, pos, end, "f", 4)'
        if k == d.F64:
            return 'read_float_list(data, pos, end, "d", 8)'
        maximum = hexnum(VARINT_MAX[k])
        if k in (d.U16, d.U32, d.U64):
            return f"read_uint_list(data, pos, end, {maximum})"
        return f"read_sint_list(data, pos, end, {maximum})"

    # -- records and structs --

    def field(self, td: TypeDesc, f: FieldDesc, guarded: bool) -> list[str]:
        if f.deprecated:
            return self.deprecated_field(td, f, guarded)
        loc = Local("x" + str(f.index))
        if f.optional:
            return [f"if pb & {f.bit}:", *indent(self.value(f.spec, loc)), f"    v.{f.attr} = {loc.var}", "else:",
                    f"    v.{f.attr} = None"]
        return [*self.value(f.spec, loc, guarded), f"v.{f.attr} = {loc.var}"]

    def deprecated_field(self, td: TypeDesc, f: FieldDesc, guarded: bool) -> list[str]:
        """A deprecated field: read as its type, to check it, and the bytes it was read from kept
        in ``dep`` (SPEC §5.5.1), unless they are its zero value's; an optional's bytes whenever
        its presence bit is set."""
        # An optional's value comes after its presence byte: pos < end is not known.
        read = ["at = pos", *self.value(f.spec, Local(f"_x{f.index}"), guarded and not f.optional)]
        keep = ["if dep is None:", f"    dep = [None] * {td.deprecated}", f"dep[{f.kept}] = data[at:pos]"]
        if f.optional:
            return [f"if pb & {f.bit}:", *indent(read + keep)]
        zero = f.zero
        # A one-byte zero (most types': 00) is compared without slicing the input.
        same = f"pos != at + 1 or data[at] != {zero[0]}" if len(zero) == 1 else f"data[at:pos] != {zero!r}"
        return [*read, f"if {same}:", *indent(keep)]

    @staticmethod
    def kept(td: TypeDesc) -> list[str]:
        """The bytes of deprecated fields kept while the value was read, into its slot."""
        return ["v._cser_deprecated = None if dep is None else tuple(dep)"] if td.deprecated else []

    def record_field(self, td: TypeDesc, i: int, f: FieldDesc) -> list[str]:
        out = [f"f = {f.index}"]
        if f.group_start or not f.optional:
            # Past the presence byte that may hold unknown bits, the zero filler keeps them.
            pb = ", pb" if 0 <= td.unknown_field < f.index else ""
            dep = ", dep=dep" if td.deprecated else ""
            out += ["if pos >= end:", f"    return {self.zero_name(i)}(v, {f.index}{pb}{dep}), end"]
        if f.group_start:
            out += ["pb = data[pos]", "pos += 1"]
        return out + self.field(td, f, True)

    def struct_field(self, td: TypeDesc, f: FieldDesc) -> list[str]:
        out = [f"f = {f.index}"]
        if f.group_start:
            out += [*not_at_end(), "pb = data[pos]", f"if pb >= {1 << f.group_size}:",
                    f"    raise bad_presence(pos, pb, {f.group_size})", "pos += 1"]
        return out + self.field(td, f, False)

    def run(self, run: list[FieldDesc], plain: list[str]) -> list[str]:
        """A run of fixed-width fields: one unpack, bools checked, then the attributes; when the
        body (or input) ends inside the run, ``plain`` reads it field by field, so a record
        body that ends between two of them takes zero values and an error names its field."""
        st, offsets = run_struct(run, "f")
        name = self.m.const(st, "S_" + "_".join(f.attr or "" for f in run[:2]))
        names = [Local("x" + str(f.index)).var for f in run]
        body = [f"{', '.join(names)} = {name}.unpack_from(data, pos)"]
        for f, x, off in zip(run, names, offsets, strict=True):
            if f.spec.kind == d.BOOL:
                body += [f"if {x} > 1:", f"    f = {f.index}", f"    raise bad_bool(pos + {off}, {x})"]
            elif f.spec.kind == d.F32:
                # struct's "<f" quiets a signalling NaN: a NaN is read again, bit for bit.
                body += [f"if {x} != {x}:", f"    {x} = read_f32(data, pos + {off})"]
        for f, x in zip(run, names, strict=True):
            body.append(f"v.{f.attr} = {x}" + (" == 1" if f.spec.kind == d.BOOL else ""))
        body.append(f"pos += {st.size}")
        return [f"f = {run[0].index}", f"if pos + {st.size} <= end:", *indent(body), "else:", *indent(plain)]

    def fields(self, td: TypeDesc, i: int) -> list[str]:
        record = td.kind == d.RECORD
        out: list[str] = []
        for piece in pieces(td):
            plain: list[str] = []
            for f in piece:
                plain += self.record_field(td, i, f) if record else self.struct_field(td, f)
            out += self.run(piece, plain) if len(piece) > 1 else plain
        return out

    def fields_in_try(self, td: TypeDesc, i: int) -> list[str]:
        if not td.fields:
            return []
        paths = self.m.const(tuple(f.path for f in td.fields), "FIELDS_" + td.cls.__name__)
        return (["dep = None"] if td.deprecated else []) + pushed(self.fields(td, i), f"push_field({paths}[f])")

    def zero_name(self, i: int) -> str:
        return self.zero_names[i]

    def zero(self, td: TypeDesc, i: int) -> list[str]:
        """The fields from number ``start`` on take their zero values: a record body that ended
        before them (an older writer). ``pb``: the presence byte that may hold unknown bits, when
        the body held it (SPEC §5.5.1); there are no unknown bytes. ``dep``: the bytes of the
        deprecated fields before them, as they were kept."""
        out = [f"def {self.zero_name(i)}(v, start, pb=0{', dep=None' if td.deprecated else ''}):"]
        for f in td.fields:
            if f.attr is None:
                continue
            if f.optional or f.zero is None:
                value = "None"
            elif callable(f.zero):
                value = self.m.const(f.zero, "z_" + getattr(f.zero, "__name__", "zero")) + "()"
            elif isinstance(f.zero, (bool, float, str, bytes)) or type(f.zero) is int:
                value = repr(f.zero)
            else:
                value = self.m.const(f.zero, "z_" + f.attr)
            out += [f"    if start <= {f.index}:", f"        v.{f.attr} = {value}"]
        if td.unknown_mask:
            mask = hexnum(td.unknown_mask)
            out.append(f'    v._cser_unknown = UnknownFields(pb & {mask}, b"") if pb & {mask} else None')
        else:
            out.append("    v._cser_unknown = None")
        return [*out, *indent(self.kept(td)), "    return v"]

    def unknown(self, td: TypeDesc) -> list[str]:
        """After a record's last known field: the bytes left in its body, and the unknown bits of
        its last presence byte, are its unknown fields (SPEC §5.5.1); usually there are none."""
        if td.unknown_mask:
            # The unknown bits are the high ones: pb & mask is non-zero when pb exceeds the known
            # bits (an integer comparison, cheaper in CPython than an AND and a truth test).
            mask = hexnum(td.unknown_mask)
            known = hexnum(~td.unknown_mask & 0xFF)
            return [f"if pos < end or pb > {known}:", f"    v._cser_unknown = UnknownFields(pb & {mask}, data[pos:end])",
                    "else:", "    v._cser_unknown = None"]
        return ["if pos < end:", "    v._cser_unknown = UnknownFields(0, data[pos:end])", "else:",
                "    v._cser_unknown = None"]

    def record_type(self, td: TypeDesc, i: int) -> list[str]:
        # A record: its length, then its body. Fields missing at the end of the body (an older
        # writer) take their zero values; bytes after the known fields (a newer writer) are kept
        # as its unknown fields (SPEC §5.5, §5.5.1).
        cls = self.m.const(td.cls, td.cls.__name__)
        return [f"def {self.m.reader_name(i)}(data, pos, end, depth):",
                *indent([*not_at_end(), "n = data[pos]", "if n < 0x80 and n < end - pos:", "    pos += 1",
                         "else:", "    n, pos = read_length(data, pos, end)", "end = pos + n",
                         "if depth <= 0:", "    raise depth_exceeded(pos)", "depth -= 1",
                         f"v = _new({cls})", *self.fields_in_try(td, i), *self.kept(td), *self.unknown(td),
                         "return v, end"])]

    def struct_type(self, td: TypeDesc, i: int) -> list[str]:
        cls = self.m.const(td.cls, td.cls.__name__)
        return [f"def {self.m.reader_name(i)}(data, pos, end, depth):",
                *indent(["if depth <= 0:", "    raise depth_exceeded(pos)", "depth -= 1",
                         f"v = _new({cls})", *self.fields_in_try(td, i), *self.kept(td), "return v, pos"])]

    def variant(self, var: VariantDesc, loc: Local) -> list[str]:
        """A known variant's payload (SPEC §5.7): a record variant is the record, its length the
        payload's; any other value has a length before it, and must fill exactly that many
        bytes (read against the payload's end: TRUNCATED past it, TRAILING_BYTES short of it)."""
        if var.spec.kind == d.REF and self.m.is_record(var.spec.cls):
            return self.value(var.spec, loc)
        return ["n, pos = read_length(data, pos, end)", "end = pos + n", *self.value(var.spec, loc),
                "if pos != end:", "    raise trailing_bytes(pos, end)"]

    def union_type(self, td: TypeDesc, i: int) -> list[str]:
        # The tag, then the payload (SPEC §5.7): a known variant's value, or an unknown
        # variant's bytes kept unparsed (a tag of a newer schema's variant).
        paths = self.m.const({v.tag: v.path for v in td.variants}, "VARIANTS_" + td.cls.__name__)
        branches: list[str] = []
        for j, var in enumerate(td.variants):
            loc = Local(f"x{j}")
            cls = self.m.const(var.cls, var.cls.__name__)
            branches += [f"{'if' if j == 0 else 'elif'} tag == {var.tag}:",
                         *indent(self.variant(var, loc)), f"    return {cls}({loc.var}), pos"]
        body = ["if depth <= 0:", "    raise depth_exceeded(pos)", "depth -= 1", *not_at_end(),
                *self.varint("tag", 0xFFFFFFFF)]
        if branches:
            body += pushed(branches, f"push_field({paths}[tag])")
        unknown = self.m.const(td.unknown_cls, td.unknown_cls.__name__)
        segment = f'f"{td.short_name}.<tag {{tag}}>"'
        body += ["if tag == 0:", f'    raise unknown_tag(pos, tag, "{td.name}").push_field({segment})',
                 *pushed(["n, pos = read_length(data, pos, end)"], f"push_field({segment})"),
                 f"return {unknown}(unknown_variant(tag, data[pos : pos + n])), pos + n"]
        return [f"def {self.m.reader_name(i)}(data, pos, end, depth):", *indent(body)]


def emit(m: Module) -> None:
    """Writes the reader of every type of ``m`` (and a record's zero filler) into its source."""
    e = _Emitter(m)
    for i, td in enumerate(m.types):
        if td.kind == d.RECORD:
            m.add(e.record_type(td, i))
            m.add(e.zero(td, i))
        elif td.kind == d.STRUCT:
            m.add(e.struct_type(td, i))
        else:
            m.add(e.union_type(td, i))
