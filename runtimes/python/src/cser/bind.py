"""Binds the type descriptors of generated modules (:mod:`cser.descriptors`) to a codec: the C
accelerator, or the pure-Python interpreter of this package (SPEC §12.3).

Every generated module holds its classes and, at its end, one call to :func:`bind` with a
descriptor of each of its records, structs and unions. Two interpreters run the descriptors:

- the C accelerator ``cser._native`` (``_native/``: ``bind.c`` turns the descriptors into C
  tables that ``reader.c`` and ``writer.c`` walk), used when it is built and the environment
  variable ``CSER_PURE_PYTHON`` is unset, empty or ``0``;
- otherwise the Python interpreter (:mod:`cser.interpreter`): :mod:`cser.reader` and
  :mod:`cser.writer` write straight-line Python source from the descriptors of a module (one
  function per type, the one-byte cases inline), compile it once, on first use, and
  :mod:`cser.message` wraps it into whole messages and stream frames.

Both return codecs with the same four methods (:class:`cser.codec.Codec`) and give the same
bytes, values and errors (``tests/test_native.py`` compares them on thousands of corrupted
inputs). :func:`pure` gives the Python codec of a bound class whichever interpreter is active.

A module that imports other generated modules calls :func:`bind_when_ready` instead, with a
function that returns its descriptors: packages may import each other (SPEC §12.3), and then a
module's descriptors can name classes of a module that is still being imported. The call binds
at once when it can (no cycle), else when the modules of the cycle have all been described.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import FunctionType
from typing import Any, TypeVar

from cser.codec import Codec
from cser.descriptors import REF, is_declared, malformed
from cser.interpreter import Group

__all__ = ["ACTIVE", "PURE_PYTHON_REQUESTED", "bind", "bind_when_ready", "compile_all", "descriptor", "pure"]

try:
    from cser import _native as _ext
except ImportError:  # not compiled: the Python interpreter runs
    _ext = None  # type: ignore[assignment]

#: Whether the environment asked for the pure-Python interpreter (``CSER_PURE_PYTHON=1``).
PURE_PYTHON_REQUESTED = os.environ.get("CSER_PURE_PYTHON", "") not in ("", "0")

#: Whether modules bound from now on run in C.
ACTIVE = _ext is not None and not PURE_PYTHON_REQUESTED

T = TypeVar("T")

#: Every bound class: its group and its index there.
_BOUND: dict[type[Any], tuple[Group, int]] = {}


def _bound(cls: type[Any]) -> tuple[Group, int]:
    try:
        return _BOUND[cls]
    except KeyError:
        raise TypeError(f"cser.bind: {cls!r} is not bound") from None


def _foreign(cls: type[Any]) -> tuple[Any, Any, int]:
    """The compiled reader and writer of a class bound by another module, and its kind."""
    group, i = _bound(cls)
    group.compile()
    return group.readers[i], group.writers[i], group.descriptors[i][0]


def bind(types: tuple[Any, ...]) -> tuple[Codec[Any], ...]:
    """Binds a generated module's descriptors; returns one codec per descriptor, in order: the
    C accelerator's when it is active, else the Python interpreter's.

    With the accelerator, a class's generated ``decode`` classmethod is replaced by its codec's
    ``class_decode`` and its ``encode`` method by the codec's ``encode``, bound to the instance
    as a method is: the same arguments (``data``, keyword ``max_depth``), results and errors,
    without the generated method's Python frame in front of the C code (an eighth of decoding
    a W6 message). The generated methods stay what the Python interpreter runs and what readers
    read."""
    group = Group(types, _foreign)
    for i, d in enumerate(types):
        if not is_declared(d):
            raise malformed("declared type")
        _BOUND[d[1]] = (group, i)
    if ACTIVE:
        codecs = _ext.bind(types)
        for d, c in zip(types, codecs, strict=True):
            cls = d[1]
            if isinstance(cls.__dict__.get("decode"), classmethod):
                cls.decode = c.class_decode
            if isinstance(cls.__dict__.get("encode"), FunctionType):
                cls.encode = _ext.method(c.encode)
        return codecs
    return group.codecs


# ---- modules whose imports form a cycle ---------------------------------------------------------


class _Waiting:
    """The codec of a type whose module waits to be bound (its descriptors name a type of a
    module still being imported): the cycle's last module binds it, and it then takes the
    methods of the bound codec as its own, so later calls cost what a bound codec's do. A use
    before that binds whatever can be bound, or raises ``TypeError``."""

    _METHODS = ("decode", "decode_body", "encode", "encode_body")

    def __getattr__(self, name: str) -> Any:
        if name in _Waiting._METHODS:
            _bind_waiting()
            if name in self.__dict__:
                return self.__dict__[name]
            raise TypeError("cser.bind: this type refers to a generated module that has not finished importing")
        raise AttributeError(name)

    def _become(self, codec: Codec[Any]) -> None:
        for name in _Waiting._METHODS:
            self.__dict__[name] = getattr(codec, name)


#: Modules that wait to be bound: their describing function, their descriptors once it has
#: returned them, and the codecs :func:`bind_when_ready` returned for them.
_WAITING: list[tuple[Callable[[], tuple[Any, ...]], list[tuple[Any, ...]], list[_Waiting]]] = []


def _refs(desc: Any, out: set[type[Any]]) -> None:
    """The classes of the REF types inside a descriptor."""
    if isinstance(desc, tuple):
        if len(desc) == 2 and desc[0] == REF and isinstance(desc[1], type):
            out.add(desc[1])
        for d in desc:
            _refs(d, out)


def _ready(types: tuple[Any, ...], bound_with: set[type[Any]]) -> bool:
    """Whether every class these descriptors refer to is bound, declared by them, or in ``bound_with``."""
    refs: set[type[Any]] = set()
    for d in types:
        for member in d[4] if isinstance(d, tuple) and len(d) > 4 else ():
            _refs(member, refs)
    own = {d[1] for d in types if isinstance(d, tuple) and len(d) > 1}
    return all(c in _BOUND or c in own or c in bound_with for c in refs)


def _bind_waiting() -> None:
    """Binds the waiting modules that can be: each alone when its references are bound, then
    all the described ones together when they refer only to each other (a cycle)."""
    progress = True
    while progress and _WAITING:
        progress = False
        for entry in list(_WAITING):
            describe, described, _ = entry
            if not described:
                try:
                    described.append(describe())
                except AttributeError:  # a module it names is still being imported
                    continue
            if _ready(described[0], set()):
                _WAITING.remove(entry)
                _finish(described[0], [entry])
                progress = True
        if not progress:
            ready = [e for e in _WAITING if e[1]]
            together = tuple(d for e in ready for d in e[1][0])
            if ready and _ready(together, set()):
                for e in ready:
                    _WAITING.remove(e)
                _finish(together, ready)
                progress = True


def _finish(types: tuple[Any, ...], entries: list[Any]) -> None:
    codecs = iter(bind(types))
    for _, described, waiting in entries:
        for w, _d in zip(waiting, described[0], strict=True):
            w._become(next(codecs))


def bind_when_ready(count: int, describe: Callable[[], tuple[Any, ...]]) -> tuple[Codec[Any], ...]:
    """:func:`bind` for a module that imports other generated modules: ``describe()`` returns
    its ``count`` descriptors. Binds at once when they can be built and every class they refer
    to is bound; otherwise (the module is part of a cycle of imports, SPEC §12.3) returns codecs
    that the cycle's last module binds, all of the cycle's types in one group."""
    try:
        types = describe()
    except AttributeError:  # names a class of a module still being imported
        types = None
    if types is not None and _ready(types, set()):
        codecs = bind(types)
        _bind_waiting()
        return codecs
    waiting = [_Waiting() for _ in range(count)]
    _WAITING.append((describe, [] if types is None else [types], waiting))
    _bind_waiting()
    return tuple(waiting)


# ---- what tools ask of bound classes ------------------------------------------------------------


def pure(cls: type[T]) -> Codec[T]:
    """The Python interpreter's codec of a bound record, struct or union class, whichever
    interpreter :func:`bind` chose (the tests, the fuzzer and the benchmarks compare the two)."""
    group, i = _bound(cls)
    return group.codecs[i]


def descriptor(cls: type[Any]) -> tuple[Any, ...]:
    """The descriptor a record, struct or union class was bound with (:mod:`cser.descriptors`
    gives its shape): tools read its fields there, their attributes and schema names
    (``"Name.field"``) among them."""
    group, i = _bound(cls)
    d: tuple[Any, ...] = group.descriptors[i]
    return d


def compile_all() -> list[Callable[..., Any]]:
    """Compiles the Python interpreter's code of every module bound so far; returns its
    functions (the fuzzer instruments them: atheris sees only imported modules' code)."""
    out: list[Callable[..., Any]] = []
    for group in {id(g): g for g, _ in _BOUND.values()}.values():
        group.compile()
        out += [f for f in group.namespace.values() if getattr(f, "__code__", None) is not None
                and f.__code__.co_filename.startswith("<cser codec")]
    return out
