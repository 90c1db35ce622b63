"""Encoding in pure Python (SPEC §4-§7): the writers of the primitives, and the half of the
Python interpreter of type descriptors (:mod:`cser.interpreter`) that writes values.

:func:`emit` writes one writer function per record, struct and union of a module, in Python
source, from the descriptors (as :mod:`cser.reader` does for reading): each checks every integer
against its type's range and appends to a ``bytearray``; a record reserves one byte for its
length and fills it in afterwards (SPEC §5.5). A writer takes ``(value, out, depth)``.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

from cser import collections, zigzag
from cser import descriptors as d
from cser.descriptors import FieldDesc, Spec, TypeDesc
from cser.errors import (
    EncodeError,
    changed_during_encode,
    known_tag_as_unknown,
    not_a_variant,
    not_unknown_variant,
    range_error,
    too_deep,
)
from cser.floats import pack_f32, pack_f32_list, to_double
from cser.source import NEST_DEPTH, Local, Module, hexnum, indent, is_packed, pieces, run_struct
from cser.unknown import UnknownVariant
from cser.utf8 import encode_utf8
from cser.varint import encode_varint, write_varint

__all__ = ["check_int", "check_kept", "emit", "end_record", "write_bytes", "write_str", "write_unknown_variant",
           "write_varint"]

#: The emitted code's ``F64`` (an f32 goes through :mod:`cser.floats`, NaNs bit for bit).
F32_STRUCT = struct.Struct("<f")
F64_STRUCT = struct.Struct("<d")


# ---- the primitives ---------------------------------------------------------------------------


def write_str(out: bytearray, s: str) -> None:
    """Appends a length-prefixed string; EncodeError for a lone surrogate (:mod:`cser.utf8`)."""
    write_bytes(out, encode_utf8(s))


def write_bytes(out: bytearray, b: bytes) -> None:
    """Appends a length-prefixed byte string. Anything but ``bytes`` (a subclass, a bytearray, a
    memoryview) is read through the buffer protocol, as the C writer reads it: its ``__len__``
    is not asked."""
    if type(b) is not bytes:
        with memoryview(b) as view:
            b = view.tobytes()
    n = len(b)
    if n < 0x80:
        out.append(n)
    else:
        write_varint(out, n)
    out += b


def write_unknown_variant(u: object, out: bytearray, union: str, known: int) -> None:
    """Appends an unknown variant (SPEC §5.7) as it was read: its tag, its payload's length, its
    payload. EncodeError if ``u`` is not a :class:`cser.UnknownVariant` a decoder made, or if its
    tag is one of the union's ``known`` variants (1..known): another union's value."""
    if type(u) is not UnknownVariant:
        raise not_unknown_variant(u, union)
    try:
        tag = u._tag
        payload = u._payload
    except AttributeError:
        raise not_unknown_variant(u, union) from None
    if type(tag) is not int or not 1 <= tag <= 0xFFFFFFFF or type(payload) is not bytes:
        raise not_unknown_variant(u, union)
    if tag <= known:
        raise known_tag_as_unknown(tag, union, known)
    write_varint(out, tag)
    write_varint(out, len(payload))
    out += payload


def check_kept(kept: object, count: int, type_name: str) -> None:
    """Checks what a record or struct with ``count`` deprecated fields keeps of them (SPEC
    §5.5.1; its slot ``_cser_deprecated``, when not ``None``): a tuple of one ``bytes`` or
    ``None`` per field, as a decoder makes it. TypeError (EncodeError from encode) otherwise."""
    if type(kept) is not tuple or len(kept) != count or any(b is not None and type(b) is not bytes for b in kept):
        raise TypeError(
            f"the bytes {type_name} keeps of its deprecated fields are not a tuple of {count} bytes or None")


def check_int(v: int, lo: int, hi: int, type_name: str) -> int:
    """Returns ``v`` if it is an int within [lo, hi], else raises EncodeError."""
    if type(v) is not int and not isinstance(v, int):
        raise EncodeError(f"{v!r} is not an integer ({type_name})")
    if not lo <= v <= hi:
        raise EncodeError(f"{v} is out of range for {type_name}")
    return v


def end_record(out: bytearray, start: int) -> None:
    """Fills in the length of a record body that starts after the one-byte placeholder at
    ``start``; a body of 128 bytes or more moves right to make room for a longer varint."""
    n = len(out) - start - 1
    if n < 0x80:
        out[start] = n
    else:
        out[start : start + 1] = encode_varint(n)


def as_int(v: object, type_name: str) -> int:
    """The value of an int (a subclass's or a bool's as a plain int: no overridden operator is
    called); TypeError (EncodeError from encode) for anything else: ``__index__`` is not asked,
    as the C writer does not."""
    if issubclass(type(v), int):
        return int.__index__(v)  # type: ignore[arg-type]
    raise TypeError(f"{v!r} is not an integer ({type_name})")


def as_list(values: Any) -> list[Any] | tuple[Any, ...]:
    """A list or tuple as it is; any other sequence (list subclasses included) as ``list(values)``,
    which the C writer calls too (SPEC §12.3: collections changed while they are encoded)."""
    if type(values) is list or type(values) is tuple:
        return values
    return list(values)


def write_uint_list(out: bytearray, values: Sequence[int], hi: int, type_name: str) -> None:
    values = as_list(values)
    write_varint(out, len(values))
    for v in values:
        if type(v) is not int:
            v = as_int(v, type_name)
        if not 0 <= v <= hi:
            raise range_error(v, type_name)
        if v < 0x80:
            out.append(v)
        else:
            write_varint(out, v)


def write_sint_list(out: bytearray, values: Sequence[int], shift: int, type_name: str) -> None:
    """Appends zigzag varints of a type of ``shift + 1`` bits (i16, i32, i64)."""
    values = as_list(values)
    write_varint(out, len(values))
    lo = -(1 << shift)
    hi = (1 << shift) - 1
    for v in values:
        if type(v) is not int:
            v = as_int(v, type_name)
        if not lo <= v <= hi:
            raise range_error(v, type_name)
        z = zigzag.encode_zigzag(v)
        if z < 0x80:
            out.append(z)
        else:
            write_varint(out, z)


def write_packed(out: bytearray, values: Sequence[float] | Sequence[int], code: str) -> None:
    """Appends a packed list of i8 (``b``), u8 (``B``), f32 (``f``) or f64 (``d``). The elements
    are those the list holds when its encoding starts (``*values``); a ``__float__`` that
    changes the list's size makes it EncodeError afterwards, as in the C writer."""
    values = as_list(values)
    n = len(values)
    write_varint(out, n)
    if code in "bB":
        for v in values:
            if not issubclass(type(v), int):
                as_int(v, "i8" if code == "b" else "u8")
    try:
        out += pack_f32_list(values) if code == "f" else struct.pack(f"<{n}{code}", *values)
    except struct.error as e:
        raise EncodeError(f"a packed list element does not fit: {e}") from None
    if len(values) != n:
        raise changed_during_encode("list")


def write_bool_list(out: bytearray, values: Sequence[bool]) -> None:
    values = as_list(values)
    n = len(values)
    write_varint(out, n)
    b = bytes([1 if v else 0 for v in values])
    if len(b) != n or len(values) != n:
        raise changed_during_encode("list")
    out += b


#: What the emitted code calls, by the names it uses.
HELPERS: dict[str, Any] = {
    "F32": F32_STRUCT,
    "F64": F64_STRUCT,
    "write_varint": write_varint,
    "write_bytes": write_bytes,
    "write_uint_list": write_uint_list,
    "write_sint_list": write_sint_list,
    "write_packed": write_packed,
    "write_bool_list": write_bool_list,
    "presence": collections.presence,
    "pack_f32": pack_f32,
    "to_double": to_double,
    "as_int": as_int,
    "changed": changed_during_encode,
    "end_record": end_record,
    "range_error": range_error,
    "too_deep": too_deep,
    "not_a_variant": not_a_variant,
    "write_unknown_variant": write_unknown_variant,
    "check_kept": check_kept,
}

# ---- the interpreter: Python source from descriptors -----------------------------------------

#: The bits of each signed varint kind, and the largest value of each unsigned one.
SIGNED_BITS = {d.I16: 16, d.I32: 32, d.I64: 64}
UNSIGNED_MAX = {d.U16: 0xFFFF, d.U32: 0xFFFFFFFF, d.U64: (1 << 64) - 1}
PACKED_CODES = {d.U8: "B", d.I8: "b", d.F32: "f", d.F64: "d"}


class _Emitter:
    def __init__(self, m: Module) -> None:
        self.m = m

    def varint(self, x: str) -> list[str]:
        return [f"if {x} < 0x80:", f"    out.append({x})", "else:", f"    write_varint(out, {x})"]

    def check(self, x: str, lo: str, hi: str, type_name: str) -> list[str]:
        # An int subclass (an IntEnum member) by its int value: its own operators are not called.
        return [f"if type({x}) is not int:", f'    {x} = as_int({x}, "{type_name}")',
                f"if not {lo} <= {x} <= {hi}:", f'    raise range_error({x}, "{type_name}")']

    def value(self, s: Spec, loc: Local) -> list[str]:
        """Writes the value in ``loc.var``, of type ``s``."""
        x = loc.var
        k = s.kind
        if loc.depth >= NEST_DEPTH and k in (d.LIST, d.OPTLIST, d.MAP, d.OPTMAP) and not is_packed(s):
            # Past NEST_DEPTH levels a function of its own, as in cser.reader.
            name = self.m.fresh("write_nested")
            self.m.add([f"def {name}(x, out, depth):", *indent(self.value(s, Local("x")))])
            return [f"{name}({x}, out, depth)"]
        if k == d.BOOL:
            return [f"out.append(1 if {x} else 0)"]
        if k == d.I8:
            return [*self.check(x, "-0x80", "0x7F", "i8"), f"out.append({x} & 0xFF)"]
        if k == d.U8:
            return [*self.check(x, "0", "0xFF", "u8"), f"out.append({x})"]
        if k in UNSIGNED_MAX:
            return self.check(x, "0", hexnum(UNSIGNED_MAX[k]), d.SCALAR_NAMES[k]) + self.varint(x)
        if k in SIGNED_BITS:
            bits = SIGNED_BITS[k]
            lo, hi = "-" + hexnum(1 << (bits - 1)), hexnum((1 << (bits - 1)) - 1)
            return [*self.check(x, lo, hi, d.SCALAR_NAMES[k]),
                    f"{x} = {zigzag.ENCODE.format(x=x)}", *self.varint(x)]
        if k == d.ENUM:
            return self.check(x, "0", "0x7FFFFFFF", s.name) + self.varint(x)
        if k == d.F32:
            return [f"out += pack_f32({x})"]
        if k == d.F64:
            return [f"out += F64.pack({x})"]
        if k == d.STRING:
            # A lone surrogate raises UnicodeEncodeError here; encode() reports it as EncodeError.
            return [f"b = str.encode({x})", "n = len(b)", *self.varint("n"), "out += b"]
        if k == d.REF:
            return [f"{self.m.writer_of(s.cls)}({x}, out, depth)"]
        if is_packed(s):
            return [self.packed(s, x)]
        if k == d.LIST:
            return collections.write_list(s, loc, self.value)
        if k == d.OPTLIST:
            return collections.write_optional_list(s, loc, self.value)
        if k == d.MAP:
            return collections.write_map(s, loc, self.value)
        if k == d.OPTMAP:
            return collections.write_optional_map(s, loc, self.value)
        return [f"write_bytes(out, {x})"]

    def packed(self, s: Spec, x: str) -> str:
        assert s.elem is not None
        k = s.elem.kind
        if k == d.BOOL:
            return f"write_bool_list(out, {x})"
        if k in PACKED_CODES:
            return f'write_packed(out, {x}, "{PACKED_CODES[k]}")'
        if k in UNSIGNED_MAX:
            return f'write_uint_list(out, {x}, {hexnum(UNSIGNED_MAX[k])}, "{d.SCALAR_NAMES[k]}")'
        return f'write_sint_list(out, {x}, {SIGNED_BITS[k] - 1}, "{d.SCALAR_NAMES[k]}")'

    def presence_byte(self, td: TypeDesc, f: FieldDesc) -> list[str]:
        # Each optional field of the group is read once here and once when it is written (as the
        # C writer reads them); ``_pbN`` keeps the byte, which each is checked against then.
        # A deprecated slot is present when bytes were kept for it (``dep``, SPEC §5.5.1).
        group = [g for g in td.fields if g.optional and g.slot >> 3 == f.slot >> 3]
        bits = [f"{g.bit} if dep is not None and dep[{g.kept}] is not None else 0" if g.deprecated
                else f"{g.bit} if v.{g.attr} is not None else 0" for g in group]
        if not bits:
            byte = "0"
        elif len(bits) == 1:
            byte = bits[0]
        else:
            byte = " | ".join(f"({b})" for b in bits)
        pb = self.group_byte(f)
        out = [f"{pb} = {byte}"]
        if f.index == td.unknown_field:
            # The byte a newer schema extends: the record's unknown presence bits are ORed in
            # after its fields (SPEC §5.5.1, ``unknown``); ``u`` is where it is.
            out.append("u = len(out)")
        return [*out, f"out.append({pb})"]

    @staticmethod
    def group_byte(f: FieldDesc) -> str:
        return f"_pb{f.slot >> 3}"

    def field(self, td: TypeDesc, f: FieldDesc) -> list[str]:
        out = self.presence_byte(td, f) if f.group_start else []
        if f.deprecated:
            # The bytes kept for it (SPEC §5.5.1), else absent if optional, else its zero
            # value's bytes.
            kept = [f"kept = None if dep is None else dep[{f.kept}]"]
            if f.optional:
                return [*out, *kept, "if kept is not None:", "    out += kept"]
            return [*out, *kept, "if kept is None:", f"    out += {f.zero!r}", "else:", "    out += kept"]
        loc = Local(f"x{f.index}")
        if f.optional:
            bit = f"{self.group_byte(f)} & {f.bit}"
            return [*out, f"{loc.var} = v.{f.attr}",
                    *collections.optional_value(f.spec, loc, bit, "optional " + f.path, self.value)]
        return [*out, f"{loc.var} = v.{f.attr}", *self.value(f.spec, loc)]

    def run(self, td: TypeDesc, run: list[FieldDesc]) -> list[str]:
        st, _ = run_struct(run, "4s")
        name = self.m.const(st, "S_" + "_".join(f.attr or "" for f in run[:2]))
        out: list[str] = []
        values = []
        # Each field read and converted in order (__bool__, __float__ called field by field, as
        # the C writer does), so that the one pack runs no Python code.
        for f in run:
            x = Local(f"x{f.index}").var
            out.append(f"{x} = v.{f.attr}")
            if f.spec.kind == d.I8:
                out += self.check(x, "-0x80", "0x7F", "i8")
            elif f.spec.kind == d.U8:
                out += self.check(x, "0", "0xFF", "u8")
            elif f.spec.kind == d.BOOL:
                out.append(f"{x} = 1 if {x} else 0")
            elif f.spec.kind == d.F64:
                out += [f"if type({x}) is not float:", f"    {x} = to_double({x})"]
            elif f.spec.kind == d.F32:
                # Its 4 bytes, a NaN bit for bit (struct's "<f" would quiet a signalling one).
                out.append(f"{x} = pack_f32({x})")
            values.append(x)
        return [*out, f"out += {name}.pack({', '.join(values)})"]

    def fields(self, td: TypeDesc) -> list[str]:
        out: list[str] = []
        if td.deprecated:
            # What the value keeps of its deprecated fields, read once (SPEC §5.5.1).
            out += ["dep = v._cser_deprecated", "if dep is not None:",
                    f'    check_kept(dep, {td.deprecated}, "{td.name}")']
        for piece in pieces(td):
            out += self.run(td, piece) if len(piece) > 1 else self.field(td, piece[0])
        return out

    def head(self, td: TypeDesc, i: int) -> list[str]:
        return [f"def {self.m.writer_name(i)}(v, out, depth):", "    if depth <= 0:",
                f'        raise too_deep("{td.name}")', "    depth -= 1"]

    def unknown(self, td: TypeDesc) -> list[str]:
        """After a record's fields: the unknown bytes it keeps (SPEC §5.5.1), usually none, and
        its unknown presence bits in the byte at ``u``."""
        out = ["unk = v._cser_unknown", "if unk is not None:"]
        if td.unknown_field >= 0:
            out.append(f"    out[u] |= unk.presence_bits & {hexnum(td.unknown_mask)}")
        return [*out, "    out += unk.data"]

    def record_type(self, td: TypeDesc, i: int) -> list[str]:
        # A record: its length, then its body (SPEC §5.5), then the unknown bytes it keeps. A
        # one-byte length is reserved and filled in afterwards; a body of 128 bytes or more moves
        # to make room for a longer one.
        return [*self.head(td, i), "    start = len(out)", "    out.append(0)", *indent(self.fields(td)),
                *indent(self.unknown(td)), "    n = len(out) - start - 1", "    if n < 0x80:", "        out[start] = n",
                "    else:", "        end_record(out, start)"]

    def struct_type(self, td: TypeDesc, i: int) -> list[str]:
        # A struct: its fields, no framing (SPEC §5.6).
        return [*self.head(td, i), *indent(self.fields(td))]

    def union_type(self, td: TypeDesc, i: int) -> list[str]:
        # The tag, then the payload (SPEC §5.7): a record variant's own length and body; any
        # other value after a length, a one-byte placeholder filled in afterwards (a value of
        # 128 bytes or more moves to make room, as a record body does); an unknown variant's
        # tag, length and payload as they were read.
        out = self.head(td, i)
        for j, var in enumerate(td.variants):
            loc = Local(f"x{j}")
            cls = self.m.const(var.cls, var.cls.__name__)
            out += [f"    {'if' if j == 0 else 'elif'} isinstance(v, {cls}):",
                    f"        out += {encode_varint(var.tag)!r}", f"        {loc.var} = v.value"]
            if var.spec.kind == d.REF and self.m.is_record(var.spec.cls):
                out += indent(self.value(var.spec, loc), 2)
            else:
                out += indent(["start = len(out)", "out.append(0)", *self.value(var.spec, loc),
                               "n = len(out) - start - 1", "if n < 0x80:", "    out[start] = n", "else:",
                               "    end_record(out, start)"], 2)
        unknown = self.m.const(td.unknown_cls, td.unknown_cls.__name__)
        out += [f"    {'elif' if td.variants else 'if'} isinstance(v, {unknown}):",
                f'        write_unknown_variant(v.value, out, "{td.name}", {len(td.variants)})']
        return [*out, "    else:", f'        raise not_a_variant(v, "{td.name}")']


def emit(m: Module) -> None:
    """Writes the writer of every type of ``m`` into its source."""
    e = _Emitter(m)
    for i, td in enumerate(m.types):
        if td.kind == d.RECORD:
            m.add(e.record_type(td, i))
        elif td.kind == d.STRUCT:
            m.add(e.struct_type(td, i))
        else:
            m.add(e.union_type(td, i))
