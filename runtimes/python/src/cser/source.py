"""The Python source the pure-Python interpreter writes for the types of one :func:`cser.bind.bind`
call, and what its two emitters share: :mod:`cser.reader` writes a reader per type into a
:class:`Module`, :mod:`cser.writer` a writer, and :mod:`cser.interpreter` runs the result.

The emitters need the names of the readers and writers of types bound by other modules;
:class:`Module` asks the function it is given for them (the binder's registry), so that this
module, the emitters and the binder import one another in one direction only.
"""

from __future__ import annotations

import linecache
import re
import struct
from collections.abc import Callable
from typing import Any

from cser.descriptors import BOOL, F32, F64, FIXED_WIDTHS, I8, LIST, RECORD, U8, FieldDesc, Spec, TypeDesc

__all__ = ["NEST_DEPTH", "Local", "Module", "hexnum", "indent", "is_packed", "not_at_end", "pieces", "pushed",
           "run_struct"]

#: The compiled reader and writer of a class bound by another module, and its declared kind
#: (:data:`cser.descriptors.RECORD`, ``STRUCT`` or ``UNION``).
Foreign = Callable[[type[Any]], tuple[Any, Any, int]]


class Module:
    """The Python source that :mod:`cser.reader` and :mod:`cser.writer` write for the types of
    one group, and the namespace it runs in: the runtime's helpers, and every object the code
    names (classes, enum tables, zero values, other modules' readers and writers) bound to a
    name of its own. :meth:`run` compiles it, with its text registered in :mod:`linecache` so
    that tracebacks and debuggers show the line that failed."""

    _count = 0
    #: Names the code uses for locals and builtins: no global may take them.
    _RESERVED = frozenset(
        ("data pos end depth v n b f u pb tag start e out value range enumerate list isinstance len unk type tuple float "
         "dict str dep at kept").split()
    )
    _LOCAL = re.compile(r"_?(?:x|i|n|pb)\d+(?:_[xk]\d+)?(?:_values)?")

    def __init__(self, types: list[TypeDesc], helpers: dict[str, Any], foreign: Foreign) -> None:
        self.types = types
        self.lines: list[str] = []
        self.ns: dict[str, Any] = dict(helpers)
        self._foreign = foreign
        self._ids: dict[int, str] = {}
        self._local = {td.cls: i for i, td in enumerate(types)}
        self._readers = [self.fresh("read_" + td.cls.__name__) for td in types]
        self._writers = [self.fresh("write_" + td.cls.__name__) for td in types]

    def fresh(self, base: str) -> str:
        """A name not taken yet in the namespace, from ``base``."""
        if base in self._RESERVED or self._LOCAL.fullmatch(base):
            base = "g_" + base
        name = base
        n = 1
        while name in self.ns:
            n += 1
            name = f"{base}_{n}"
        self.ns[name] = None
        return name

    def const(self, obj: Any, hint: str) -> str:
        """The name the code uses for ``obj`` (the same name for the same object)."""
        name = self._ids.get(id(obj))
        if name is None:
            name = self.fresh(hint)
            self.ns[name] = obj
            self._ids[id(obj)] = name
        return name

    def reader_name(self, i: int) -> str:
        return self._readers[i]

    def writer_name(self, i: int) -> str:
        return self._writers[i]

    def reader_of(self, cls: type[Any]) -> str:
        """The name of the reader of a bound class: this group's, or another module's."""
        i = self._local.get(cls)
        if i is not None:
            return self.reader_name(i)
        return self.const(self._foreign(cls)[0], "read_" + cls.__name__)

    def writer_of(self, cls: type[Any]) -> str:
        i = self._local.get(cls)
        if i is not None:
            return self.writer_name(i)
        return self.const(self._foreign(cls)[1], "write_" + cls.__name__)

    def is_record(self, cls: type[Any]) -> bool:
        """Whether a bound class (this group's or another module's) is a record: a union's
        record variant needs no payload length of its own (SPEC §5.7)."""
        i = self._local.get(cls)
        if i is not None:
            return self.types[i].kind == RECORD
        return self._foreign(cls)[2] == RECORD

    def add(self, lines: list[str]) -> None:
        self.lines.extend(lines)
        self.lines.append("")

    def run(self) -> dict[str, Any]:
        Module._count += 1
        module = self.types[0].cls.__module__ if self.types else "?"
        filename = f"<cser codec {module} #{Module._count}>"
        source = "\n".join(self.lines) + "\n"
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        exec(compile(source, filename, "exec"), self.ns)
        return self.ns


# ---- what the reader's and the writer's emitters share ----------------------------------------

#: The struct format code of each kind a run of fixed-width fields holds (cser.descriptors.
#: FIXED_WIDTHS), but f32: struct's "<f" quiets signalling NaNs, so each emitter says how it
#: takes an f32 (cser.floats keeps them bit for bit).
RUN_CODES = {BOOL: "B", I8: "b", U8: "B", F64: "d"}


def is_packed(spec: Spec) -> bool:
    """A list of fixed-width or integer scalars: read and written in bulk."""
    return spec.kind == LIST and spec.elem is not None and spec.elem.kind <= F64


def pieces(td: TypeDesc) -> list[list[FieldDesc]]:
    """The fields of a record or struct in order: each run of fixed-width fields the descriptor
    states (read and written with one struct.Struct) as one piece, every other field alone."""
    out: list[list[FieldDesc]] = []
    i = 0
    while i < len(td.fields):
        piece = td.runs.get(i) or [td.fields[i]]
        out.append(piece)
        i += len(piece)
    return out


def run_struct(run: list[FieldDesc], f32: str) -> tuple[struct.Struct, list[int]]:
    """The struct of a run, with ``f32`` the format of an f32 field (4 bytes), and the offset of
    each field in it."""
    fmt = "<"
    offsets = []
    width = 0
    for f in run:
        fmt += f32 if f.spec.kind == F32 else RUN_CODES[f.spec.kind]
        offsets.append(width)
        width += FIXED_WIDTHS[f.spec.kind]
    return struct.Struct(fmt), offsets


class Local:
    """The names of the locals of one value while it is read or written: each field has its
    own (``x3``), nested values add their depth (``x3_x1``, a map key ``x3_k1``)."""

    def __init__(self, base: str, role: str = "x", depth: int = 0) -> None:
        self.base = base
        self.role = role
        self.depth = depth
        self.var = base if depth == 0 else f"{base}_{role}{depth}"
        self.idx = f"i{depth}"
        self.count = f"n{depth}"
        self.pb = f"pb{depth}"
        self.values = self.var + "_values"

    def elem(self) -> Local:
        return Local(self.base, "x", self.depth + 1)

    def key(self) -> Local:
        return Local(self.base, "k", self.depth + 1)


def hexnum(n: int) -> str:
    """``0xFFFF``: how the emitted code spells a bound."""
    return f"0x{n:X}"


#: Levels of nested collections read or written inline in one function; each level deeper
#: starts a helper function, keeping every function well under CPython's 20 nested blocks.
NEST_DEPTH = 4


def indent(lines: list[str], n: int = 1) -> list[str]:
    pad = "    " * n
    return [pad + line if line else line for line in lines]


# ---- what the reader's emitters share (cser.reader, cser.collections) --------------------------


def not_at_end() -> list[str]:
    """TRUNCATED unless a byte is left."""
    return ["if pos >= end:", "    raise truncated(end)"]


def pushed(body: list[str], push: str) -> list[str]:
    """``body`` in a try whose errors get the path segment ``push`` (``push_index(i0)``)."""
    return ["try:", *indent(body), "except DecodeError as e:",
            f"    raise e.{push}.with_traceback(None) from None",
            "except UnicodeDecodeError as e:",
            f"    raise bad_utf8(pos + 1 + e.start).{push} from None"]
