"""Lists and maps in the Python interpreter (SPEC §5.3, §5.4): the source :mod:`cser.reader` and
:mod:`cser.writer` emit for them, so that counts, presence bytes, duplicate keys, the paths of
errors inside them and collections changed while they are written are handled in one place (the
C accelerator's is ``_native/collections.c``).

Each emitter takes the collection's type and the names of its locals (:class:`cser.source.Local`)
and the emitter's own ``value`` function, which writes the code of one element, key or value; it
returns the lines that read the collection into ``loc.var`` or write it from there. Lists of
numbers and bools are read and written in bulk instead (``is_packed``, in the reader and writer).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cser.descriptors import Spec
from cser.source import Local, indent, not_at_end, pushed

__all__ = [
    "optional_value",
    "presence",
    "read_list",
    "read_map",
    "read_optional_list",
    "read_optional_map",
    "write_list",
    "write_map",
    "write_optional_list",
    "write_optional_map",
]

#: The emitter of one value of a type into (or from) the local ``loc.var``.
Value = Callable[[Spec, Local], list[str]]


def presence(values: Sequence[object], i: int) -> int:
    """The presence byte of slots ``i .. i+7`` of a list (or map values) of optionals: what the
    emitted writers call."""
    byte = 0
    for j, value in enumerate(values[i : i + 8]):
        if value is not None:
            byte |= 1 << j
    return byte


# ---- reading ----------------------------------------------------------------------------------


def _count(loc: Local) -> list[str]:
    """A count of elements of at least one byte each: one that fits a byte and the bytes left
    (limits.max_count) is read inline."""
    n = loc.count
    return [f"{n} = data[pos] if pos < end else 0x80", f"if {n} < 0x80 and {n} < end - pos:", "    pos += 1",
            "else:", f"    {n}, pos = read_count(data, pos, end)"]


def _presence_byte(loc: Local) -> list[str]:
    """The presence byte before element or entry 8g of a list or map: bits past the end must be
    0."""
    return [*not_at_end(), f"{loc.pb} = data[pos]",
            f"if {loc.count} - {loc.idx} < 8 and {loc.pb} >= 1 << ({loc.count} - {loc.idx}):",
            f"    raise bad_presence(pos, {loc.pb}, {loc.count} - {loc.idx})", "pos += 1"]


def _optional_head(loc: Local, container: str) -> list[str]:
    """The count of a list or map of optionals (at most 8 x the bytes left), the empty
    collection, and the loop whose every eighth turn reads a presence byte."""
    return [f"{loc.count}, pos = read_optional_count(data, pos, end)", f"{loc.var} = {container}",
            f"{loc.pb} = 0", f"for {loc.idx} in range({loc.count}):",
            f"    if not {loc.idx} & 7:", *indent(_presence_byte(loc), 2)]


def read_list(s: Spec, loc: Local, value: Value) -> list[str]:
    assert s.elem is not None
    e = loc.elem()
    return [*_count(loc), f"{loc.var} = []",
            f"for {loc.idx} in range({loc.count}):",
            *indent(pushed(value(s.elem, e), f"push_index({loc.idx})")),
            f"    {loc.var}.append({e.var})"]


def read_optional_list(s: Spec, loc: Local, value: Value) -> list[str]:
    assert s.elem is not None
    e = loc.elem()
    return [*_optional_head(loc, "[]"),
            f"    if {loc.pb} & (1 << ({loc.idx} & 7)):",
            *indent(pushed(value(s.elem, e), f"push_index({loc.idx})"), 2),
            f"        {loc.var}.append({e.var})", "    else:", f"        {loc.var}.append(None)"]


def _put(loc: Local, key: Local, item: str) -> list[str]:
    """Puts an entry read into the map, a key read before being DUPLICATE_KEY."""
    return [f"if {key.var} in {loc.var}:", f"    raise duplicate_key(pos, {key.var})", f"{loc.var}[{key.var}] = {item}"]


def read_map(s: Spec, loc: Local, value: Value) -> list[str]:
    assert s.elem is not None and s.value is not None
    k, v = loc.key(), loc.elem()
    read_value = pushed(value(s.value, v), f"push_key({k.var})")
    return [*_count(loc), f"{loc.var} = {{}}",
            f"for _ in range({loc.count}):", *indent(value(s.elem, k)), *indent(read_value),
            *indent(_put(loc, k, v.var))]


def read_optional_map(s: Spec, loc: Local, value: Value) -> list[str]:
    assert s.elem is not None and s.value is not None
    k, v = loc.key(), loc.elem()
    present = pushed(value(s.value, v), f"push_key({k.var})") + _put(loc, k, v.var)
    return [*_optional_head(loc, "{}"), *indent(value(s.elem, k)),
            f"    if {loc.pb} & (1 << ({loc.idx} & 7)):", *indent(present, 2),
            "    else:", *indent(_put(loc, k, "None"), 2)]


# ---- writing ----------------------------------------------------------------------------------
#
# SPEC §12.3: a list or dict subclass, or any other sequence or mapping, is copied first
# (list(x), dict(x.items())), as the C writer does; then each element is read when it is
# written, and a collection whose size changes meanwhile, or an optional that turns None or not
# after its presence byte, is EncodeError.


def _as_list(x: str) -> list[str]:
    return [f"if type({x}) is not list and type({x}) is not tuple:", f"    {x} = list({x})"]


def _as_dict(x: str) -> list[str]:
    return [f"if type({x}) is not dict:", f"    {x} = dict({x}.items())"]


def optional_value(s: Spec, loc: Local, bit: str, what: str, value: Value) -> list[str]:
    """An optional's value (a field, or an element or map value of optionals), in ``loc.var``,
    whose presence bit (``bit``, an expression) was written before it: EncodeError if a callback
    changed whether it is None since."""
    return [f"if {loc.var} is not None:", f"    if not {bit}:", f'        raise changed("{what}")',
            *indent(value(s, loc)), f"elif {bit}:", f'    raise changed("{what}")']


def _presence_every_eighth(loc: Local, values: str) -> list[str]:
    """Inside the loop over a list or map of optionals: the presence byte of every eight."""
    return [f"    if not {loc.idx} & 7:", f"        {loc.pb} = presence({values}, {loc.idx})",
            f"        out.append({loc.pb})"]


def write_list(s: Spec, loc: Local, value: Value) -> list[str]:
    assert s.elem is not None
    x, e, n, i = loc.var, loc.elem(), loc.count, loc.idx
    return [*_as_list(x), f"{n} = len({x})", f"write_varint(out, {n})", f"{i} = 0",
            f"for {i}, {e.var} in enumerate({x}, 1):", *indent(value(s.elem, e)),
            f"if {i} != {n} or len({x}) != {n}:", '    raise changed("list")']


def write_optional_list(s: Spec, loc: Local, value: Value) -> list[str]:
    assert s.elem is not None
    x, e, n, i = loc.var, loc.elem(), loc.count, loc.idx
    return [*_as_list(x), f"{n} = len({x})", f"write_varint(out, {n})", f"{i} = -1",
            f"for {i}, {e.var} in enumerate({x}):", *_presence_every_eighth(loc, x),
            *indent(optional_value(s.elem, e, f"{loc.pb} >> ({i} & 7) & 1", "list", value)),
            f"if {i} + 1 != {n} or len({x}) != {n}:", '    raise changed("list")']


def write_map(s: Spec, loc: Local, value: Value) -> list[str]:
    assert s.elem is not None and s.value is not None
    x, key, val, n, i = loc.var, loc.key(), loc.elem(), loc.count, loc.idx
    return [*_as_dict(x), f"{n} = len({x})", f"write_varint(out, {n})", f"{i} = 0",
            f"for {i}, ({key.var}, {val.var}) in enumerate({x}.items(), 1):",
            *indent(value(s.elem, key)), *indent(value(s.value, val)),
            f"if {i} != {n}:", '    raise changed("map")']


def write_optional_map(s: Spec, loc: Local, value: Value) -> list[str]:
    assert s.elem is not None and s.value is not None
    x, key, val, n, i = loc.var, loc.key(), loc.elem(), loc.count, loc.idx
    return [*_as_dict(x), f"{n} = len({x})", f"write_varint(out, {n})", f"{loc.values} = list({x}.values())",
            f"{i} = -1", f"for {i}, ({key.var}, {val.var}) in enumerate({x}.items()):",
            *_presence_every_eighth(loc, loc.values), *indent(value(s.elem, key)),
            *indent(optional_value(s.value, val, f"{loc.pb} >> ({i} & 7) & 1", "map", value)),
            f"if {i} + 1 != {n}:", '    raise changed("map")']
