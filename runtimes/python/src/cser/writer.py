"""Encoding in pure Python (SPEC §4-§7): the writers of the primitives, and the half of the
Python interpreter of type descriptors (:mod:`cser.codec`) that writes values.

:func:`emit` writes one writer function per record, struct and union of a module, in Python
source, from the descriptors (as :mod:`cser.reader` does for reading): each checks every integer
against its type's range and appends to a ``bytearray``; a record reserves one byte for its
length and fills it in afterwards (SPEC §5.5). A writer takes ``(value, out, depth)``.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

from cser import zigzag
from cser.codec import (
    BOOL,
    ENUM,
    F32,
    F64,
    I8,
    I16,
    I32,
    I64,
    LIST,
    MAP,
    OPTLIST,
    OPTMAP,
    RECORD,
    REF,
    SCALAR_NAMES,
    STRING,
    STRUCT,
    U8,
    U16,
    U32,
    U64,
    FieldDesc,
    Module,
    Spec,
    TypeDesc,
)
from cser.errors import EncodeError, not_a_variant, range_error, too_deep
from cser.reader import F32_STRUCT, F64_STRUCT, NEST_DEPTH, Local, hexnum, indent, is_packed, run_struct, runs
from cser.utf8 import encode_utf8
from cser.varint import encode_varint, write_varint

__all__ = ["check_int", "emit", "end_record", "write_bytes", "write_str", "write_varint"]


# ---- the primitives ---------------------------------------------------------------------------


def write_str(out: bytearray, s: str) -> None:
    """Appends a length-prefixed string; EncodeError for a lone surrogate (:mod:`cser.utf8`)."""
    write_bytes(out, encode_utf8(s))


def write_bytes(out: bytearray, b: bytes) -> None:
    """Appends a length-prefixed byte string."""
    n = len(b)
    if n < 0x80:
        out.append(n)
    else:
        write_varint(out, n)
    out += b


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


def write_uint_list(out: bytearray, values: Sequence[int], hi: int, type_name: str) -> None:
    write_varint(out, len(values))
    for v in values:
        if not 0 <= v <= hi:
            raise range_error(v, type_name)
        if v < 0x80:
            out.append(v)
        else:
            write_varint(out, v)


def write_sint_list(out: bytearray, values: Sequence[int], shift: int, type_name: str) -> None:
    """Appends zigzag varints of a type of ``shift + 1`` bits (i16, i32, i64)."""
    write_varint(out, len(values))
    lo = -(1 << shift)
    hi = (1 << shift) - 1
    for v in values:
        if not lo <= v <= hi:
            raise range_error(v, type_name)
        z = zigzag.encode_zigzag(v)
        if z < 0x80:
            out.append(z)
        else:
            write_varint(out, z)


def write_packed(out: bytearray, values: Sequence[float] | Sequence[int], code: str) -> None:
    """Appends a packed list of i8 (``b``), u8 (``B``), f32 (``f``) or f64 (``d``)."""
    write_varint(out, len(values))
    try:
        out += struct.pack(f"<{len(values)}{code}", *values)
    except struct.error as e:
        raise EncodeError(f"a packed list element does not fit: {e}") from None


def write_bool_list(out: bytearray, values: Sequence[bool]) -> None:
    write_varint(out, len(values))
    out += bytes([1 if v else 0 for v in values])


def presence(values: Sequence[object], i: int) -> int:
    """The presence byte of slots ``i .. i+7`` of a list (or map values) of optionals."""
    byte = 0
    for j, value in enumerate(values[i : i + 8]):
        if value is not None:
            byte |= 1 << j
    return byte


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
    "presence": presence,
    "end_record": end_record,
    "range_error": range_error,
    "too_deep": too_deep,
    "not_a_variant": not_a_variant,
}

# ---- the interpreter: Python source from descriptors -----------------------------------------

#: The bits of each signed varint kind, and the largest value of each unsigned one.
SIGNED_BITS = {I16: 16, I32: 32, I64: 64}
UNSIGNED_MAX = {U16: 0xFFFF, U32: 0xFFFFFFFF, U64: (1 << 64) - 1}
PACKED_CODES = {U8: "B", I8: "b", F32: "f", F64: "d"}


class _Emitter:
    def __init__(self, m: Module) -> None:
        self.m = m

    def varint(self, x: str) -> list[str]:
        return [f"if {x} < 0x80:", f"    out.append({x})", "else:", f"    write_varint(out, {x})"]

    def check(self, x: str, lo: str, hi: str, type_name: str) -> list[str]:
        return [f"if not {lo} <= {x} <= {hi}:", f'    raise range_error({x}, "{type_name}")']

    def value(self, s: Spec, loc: Local) -> list[str]:
        """Writes the value in ``loc.var``, of type ``s``."""
        x = loc.var
        k = s.kind
        if loc.depth >= NEST_DEPTH and k in (LIST, OPTLIST, MAP, OPTMAP) and not is_packed(s):
            # Past NEST_DEPTH levels a function of its own, as in cser.reader.
            name = self.m.fresh("write_nested")
            self.m.add([f"def {name}(x, out, depth):", *indent(self.value(s, Local("x")))])
            return [f"{name}({x}, out, depth)"]
        if k == BOOL:
            return [f"out.append(1 if {x} else 0)"]
        if k == I8:
            return [*self.check(x, "-0x80", "0x7F", "i8"), f"out.append({x} & 0xFF)"]
        if k == U8:
            return [*self.check(x, "0", "0xFF", "u8"), f"out.append({x})"]
        if k in UNSIGNED_MAX:
            return self.check(x, "0", hexnum(UNSIGNED_MAX[k]), SCALAR_NAMES[k]) + self.varint(x)
        if k in SIGNED_BITS:
            bits = SIGNED_BITS[k]
            return [*self.check(x, "-" + hexnum(1 << (bits - 1)), hexnum((1 << (bits - 1)) - 1), SCALAR_NAMES[k]),
                    f"{x} = {zigzag.ENCODE.format(x=x)}", *self.varint(x)]
        if k == ENUM:
            return self.check(x, "0", "0x7FFFFFFF", s.name) + self.varint(x)
        if k == F32:
            return [f"out += F32.pack({x})"]
        if k == F64:
            return [f"out += F64.pack({x})"]
        if k == STRING:
            # A lone surrogate raises UnicodeEncodeError here; encode() reports it as EncodeError.
            return [f"b = {x}.encode()", "n = len(b)", *self.varint("n"), "out += b"]
        if k == REF:
            return [f"{self.m.writer_of(s.cls)}({x}, out, depth)"]
        if is_packed(s):
            return [self.packed(s, x)]
        if k == LIST:
            assert s.elem is not None
            e = loc.elem()
            return [f"write_varint(out, len({x}))", f"for {e.var} in {x}:", *indent(self.value(s.elem, e))]
        if k == OPTLIST:
            assert s.elem is not None
            e = loc.elem()
            return [f"write_varint(out, len({x}))", f"for {loc.idx}, {e.var} in enumerate({x}):",
                    f"    if not {loc.idx} & 7:", f"        out.append(presence({x}, {loc.idx}))",
                    f"    if {e.var} is not None:", *indent(self.value(s.elem, e), 2)]
        if k == MAP:
            assert s.elem is not None and s.value is not None
            key, val = loc.key(), loc.elem()
            return [f"write_varint(out, len({x}))", f"for {key.var}, {val.var} in {x}.items():",
                    *indent(self.value(s.elem, key)), *indent(self.value(s.value, val))]
        if k == OPTMAP:
            assert s.elem is not None and s.value is not None
            key, val = loc.key(), loc.elem()
            return [f"write_varint(out, len({x}))", f"{loc.values} = list({x}.values())",
                    f"for {loc.idx}, ({key.var}, {val.var}) in enumerate({x}.items()):",
                    f"    if not {loc.idx} & 7:", f"        out.append(presence({loc.values}, {loc.idx}))",
                    *indent(self.value(s.elem, key)), f"    if {val.var} is not None:",
                    *indent(self.value(s.value, val), 2)]
        return [f"write_bytes(out, {x})"]

    def packed(self, s: Spec, x: str) -> str:
        assert s.elem is not None
        k = s.elem.kind
        if k == BOOL:
            return f"write_bool_list(out, {x})"
        if k in PACKED_CODES:
            return f'write_packed(out, {x}, "{PACKED_CODES[k]}")'
        if k in UNSIGNED_MAX:
            return f'write_uint_list(out, {x}, {hexnum(UNSIGNED_MAX[k])}, "{SCALAR_NAMES[k]}")'
        return f'write_sint_list(out, {x}, {SIGNED_BITS[k] - 1}, "{SCALAR_NAMES[k]}")'

    def presence_byte(self, td: TypeDesc, f: FieldDesc) -> list[str]:
        group = [g for g in td.fields if g.optional and g.slot >> 3 == f.slot >> 3 and not g.deprecated]
        bits = [f"{g.bit} if v.{g.attr} is not None else 0" for g in group]
        if not bits:
            byte = "0"
        elif len(bits) == 1:
            byte = bits[0]
        else:
            byte = " | ".join(f"({b})" for b in bits)
        if f.index != td.unknown_field:
            return [f"out.append({byte})"]
        # The byte a newer schema extends: the record's unknown presence bits are ORed in
        # (SPEC §5.5.1), those this record does not use only.
        return ["unk = v._cser_unknown", "if unk is None:", f"    out.append({byte})", "else:",
                f"    out.append(({byte}) | unk.presence_bits & {hexnum(td.unknown_mask)})"]

    def field(self, td: TypeDesc, f: FieldDesc) -> list[str]:
        out = self.presence_byte(td, f) if f.group_start else []
        if f.attr is None:
            # Deprecated: absent if optional, else its zero value's bytes.
            return out if f.optional else [*out, f"out += {f.zero!r}"]
        loc = Local(f"x{f.index}")
        write = [f"{loc.var} = v.{f.attr}", *self.value(f.spec, loc)]
        if f.optional:
            return [*out, f"if v.{f.attr} is not None:", *indent(write)]
        return out + write

    def run(self, td: TypeDesc, run: list[FieldDesc]) -> list[str]:
        st, _ = run_struct(run)
        name = self.m.const(st, "S_" + "_".join(f.attr or "" for f in run[:2]))
        out: list[str] = []
        values = []
        for f in run:
            if f.spec.kind == I8:
                out += self.check(f"v.{f.attr}", "-0x80", "0x7F", "i8")
            elif f.spec.kind == U8:
                out += self.check(f"v.{f.attr}", "0", "0xFF", "u8")
            values.append(f"1 if v.{f.attr} else 0" if f.spec.kind == BOOL else f"v.{f.attr}")
        return [*out, f"out += {name}.pack({', '.join(values)})"]

    def fields(self, td: TypeDesc) -> list[str]:
        out: list[str] = []
        rs = runs(td.fields)
        skip = 0
        for j, f in enumerate(td.fields):
            if j < skip:
                continue
            run = rs.get(j)
            if run:
                out += self.run(td, run)
                skip = j + len(run)
            else:
                out += self.field(td, f)
        return out

    def head(self, td: TypeDesc, i: int) -> list[str]:
        return [f"def {self.m.writer_name(i)}(v, out, depth):", "    if depth <= 0:",
                f'        raise too_deep("{td.name}")', "    depth -= 1"]

    def unknown(self, td: TypeDesc) -> list[str]:
        """After a record's fields: the unknown bytes it keeps (SPEC §5.5.1), usually none."""
        if td.unknown_field >= 0:
            return ["if unk is not None:", "    out += unk.data"]
        return ["if v._cser_unknown is not None:", "    out += v._cser_unknown.data"]

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
        # The tag, then the variant's value (SPEC §5.7).
        out = self.head(td, i)
        for j, var in enumerate(td.variants):
            loc = Local(f"x{j}")
            cls = self.m.const(var.cls, var.cls.__name__)
            out += [f"    {'if' if j == 0 else 'elif'} isinstance(v, {cls}):",
                    f"        out += {encode_varint(var.tag)!r}", f"        {loc.var} = v.value",
                    *indent(self.value(var.spec, loc), 2)]
        fail = f'raise not_a_variant(v, "{td.name}")'
        return [*out, "    else:", f"        {fail}"] if td.variants else [*out, f"    {fail}"]


def emit(m: Module) -> None:
    """Writes the writer of every type of ``m`` into its source."""
    e = _Emitter(m)
    for i, td in enumerate(m.types):
        if td.kind == RECORD:
            m.add(e.record_type(td, i))
        elif td.kind == STRUCT:
            m.add(e.struct_type(td, i))
        else:
            m.add(e.union_type(td, i))
