"""Binds the type descriptors of generated modules to a codec: the C accelerator, or the
pure-Python interpreter of this package (SPEC §12.3).

Every generated module holds its classes and, at its end, one call to :func:`bind` with a
descriptor of each of its records, structs and unions. The descriptors are the only statement
of the wire format in generated code; two interpreters run them:

- the C accelerator ``cser._native`` (``_native/``: ``bind.c`` turns the descriptors into C
  tables that ``reader.c`` and ``writer.c`` walk), used when it is built and the environment
  variable ``CSER_PURE_PYTHON`` is unset, empty or ``0``;
- otherwise the Python interpreter: :mod:`cser.reader` and :mod:`cser.writer` write
  straight-line Python source from the descriptors of a module (one function per type, the
  one-byte cases inline), compile it once, on first use, and :mod:`cser.message` wraps it into
  whole messages and stream frames.

Both return codecs with the same four methods (:class:`Codec`) and give the same bytes, values
and errors (``tests/test_native.py`` compares them on thousands of corrupted inputs).
:func:`pure` gives the Python codec of a bound class whichever interpreter is active.

A descriptor of a declared type is ``(STRUCT | UNION, cls, "pkg.Name", "Name", members)``, or
``(RECORD, cls, "pkg.Name", "Name", members, unknown_field, unknown_mask)``:

- a record's or struct's members are its fields in id order, deprecated ones included, each
  ``(attribute | None, "Name.field", type, slot, zero)``: ``attribute`` is ``None`` for a
  deprecated field; ``slot`` is ``-1`` for a field that is not optional, else the field's
  optional slot (SPEC §5.4: slot s has bit ``s % 8`` of the presence byte written before slot
  ``s - s % 8``); ``zero`` is the field's zero value (SPEC §3), given to a field missing at the
  end of a record body (``None`` for an optional; a callable, such as ``list`` or a class, is
  called for a fresh value), and for a deprecated field the bytes written in its place (``b""``
  if it is optional: it is always absent);
- a union's members are its variants, each ``(tag, variant_cls, "Name.variant", type)``;
- a record keeps unknown fields (SPEC §5.5.1, :mod:`cser.unknown`) in the slot ``_cser_unknown``
  of its class: the bytes after its last field, and the bits ``unknown_mask`` of the presence byte
  written before field number ``unknown_field`` (its last presence byte, when that has fewer than
  eight slots), or ``-1, 0`` when it has no such byte. The compiler states both (its
  ``MessageType.extensiblePresenceGroup()``), the binding checks them against the fields.

A type is a scalar constant below, ``(ENUM, cls, members_by_number, "enum pkg.Name")``,
``(LIST | OPTLIST, element)``, ``(MAP | OPTMAP, key, value)`` or ``(REF, cls)`` for a record,
struct or union bound by the same call or an earlier one.

A module that imports other generated modules calls :func:`bind_when_ready` instead, with a
function that returns its descriptors: packages may import each other (SPEC §12.3), and then a
module's descriptors can name classes of a module that is still being imported. The call binds
at once when it can (no cycle), else when the modules of the cycle have all been described.
"""

from __future__ import annotations

import enum
import os
import threading
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FunctionType
from typing import Any, Protocol, TypeVar

__all__ = ["ACTIVE", "PURE_PYTHON_REQUESTED", "Codec", "bind", "bind_when_ready", "descriptor", "pure",
           "unknown_member"]

try:
    from cser import _native as _ext
except ImportError:  # not compiled: the Python interpreter runs
    _ext = None  # type: ignore[assignment]

#: Whether the environment asked for the pure-Python interpreter (``CSER_PURE_PYTHON=1``).
PURE_PYTHON_REQUESTED = os.environ.get("CSER_PURE_PYTHON", "") not in ("", "0")

#: Whether modules bound from now on run in C.
ACTIVE = _ext is not None and not PURE_PYTHON_REQUESTED

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

T = TypeVar("T")
E = TypeVar("E", bound=enum.IntEnum)


class Codec(Protocol[T]):
    """The reader and writer of one bound record, struct or union, in C or in Python."""

    def decode(self, data: bytes | bytearray | memoryview, max_depth: int, /) -> T:
        """One whole message (SPEC §5.8): TRAILING_BYTES if bytes are left after the value."""
        ...

    def decode_body(self, data: bytes, pos: int, end: int, depth: int, /) -> tuple[T, int]:
        """A stream frame's content in ``data[pos:end]`` (SPEC §8): a record's body without its
        length, a struct's or union's message; returns the value and where it stopped."""
        ...

    def encode(self, value: T, /) -> bytes:
        """One whole message."""
        ...

    def encode_body(self, value: T, out: bytearray, depth: int, /) -> None:
        """Appends a stream frame's content to ``out``, with ``depth`` levels left."""
        ...


# ---- the descriptors, as the Python interpreter reads them ---------------------------------


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


def _malformed(what: str) -> TypeError:
    return TypeError(f"cser.codec: malformed type description ({what})")


def parse_spec(desc: Any) -> Spec:
    if isinstance(desc, int):
        if desc not in SCALAR_NAMES:
            raise _malformed("scalar kind")
        return Spec(desc)
    if not isinstance(desc, tuple) or len(desc) < 2:
        raise _malformed("type")
    kind = desc[0]
    if kind == ENUM and len(desc) == 4 and isinstance(desc[2], dict) and isinstance(desc[3], str):
        return Spec(ENUM, cls=desc[1], members=desc[2], name=desc[3])
    if kind in (LIST, OPTLIST) and len(desc) == 2:
        return Spec(kind, elem=parse_spec(desc[1]))
    if kind in (MAP, OPTMAP) and len(desc) == 3:
        return Spec(kind, elem=parse_spec(desc[1]), value=parse_spec(desc[2]))
    if kind == REF and len(desc) == 2 and isinstance(desc[1], type):
        return Spec(REF, cls=desc[1])
    raise _malformed("kind")


def _declared(desc: Any) -> bool:
    """The outer shape of a declared type's descriptor: 7 items for a record, else 5."""
    return (isinstance(desc, tuple) and len(desc) == (7 if desc and desc[0] == RECORD else 5)
            and isinstance(desc[1], type))


def unknown_presence(fields: list[FieldDesc]) -> tuple[int, int]:
    """Where a record with these fields keeps unknown presence bits (SPEC §5.5.1): the index of
    the field its last presence byte is written before, and the bits of that byte it does not
    use; ``(-1, 0)`` without presence bytes, or when the last one has eight slots."""
    starts = [f for f in fields if f.group_start]
    if not starts or starts[-1].group_size == 8:
        return -1, 0
    return starts[-1].index, 0xFF & ~((1 << starts[-1].group_size) - 1)


def parse_type(desc: Any) -> TypeDesc:
    if not _declared(desc):
        raise _malformed("declared type")
    kind, cls, name, short_name, members = desc[:5]
    td = TypeDesc(kind, cls, name, short_name)
    if kind == UNION:
        for tag, variant_cls, path, spec in members:
            td.variants.append(VariantDesc(tag, variant_cls, path, parse_spec(spec)))
        return td
    if kind not in (RECORD, STRUCT):
        raise _malformed("declared kind")
    for i, (attr, path, spec, slot, zero) in enumerate(members):
        if attr is None and slot < 0 and not isinstance(zero, bytes):
            raise _malformed("a deprecated field without its zero bytes")
        td.fields.append(FieldDesc(i, attr, path, parse_spec(spec), slot, zero))
    slots = sum(1 for f in td.fields if f.optional)
    for f in td.fields:
        if f.group_start:
            f.group_size = min(8, slots - f.slot)
    if kind == RECORD:
        if desc[5:] != unknown_presence(td.fields):
            raise _malformed("unknown presence bits")
        if not isinstance(getattr(cls, "_cser_unknown", None), types.MemberDescriptorType):
            raise _malformed("a record class without a _cser_unknown slot")
        td.unknown_field, td.unknown_mask = desc[5:]
    return td


# ---- binding ------------------------------------------------------------------------------


class PyCodec:
    """The Python interpreter's codec of one type. Its four methods are plain functions, set
    when the module's code is first needed (:class:`_Group`)."""

    __slots__ = ("decode", "decode_body", "encode", "encode_body", "name")

    decode: Callable[[bytes | bytearray | memoryview, int], Any]
    decode_body: Callable[[bytes, int, int, int], tuple[Any, int]]
    encode: Callable[[Any], bytes]
    encode_body: Callable[[Any, bytearray, int], None]

    def __init__(self, group: _Group, name: str) -> None:
        self.name = name

        def decode(data: bytes | bytearray | memoryview, max_depth: int) -> Any:
            group.compile()
            return self.decode(data, max_depth)

        def decode_body(data: bytes, pos: int, end: int, depth: int) -> tuple[Any, int]:
            group.compile()
            return self.decode_body(data, pos, end, depth)

        def encode(value: Any) -> bytes:
            group.compile()
            return self.encode(value)

        def encode_body(value: Any, out: bytearray, depth: int) -> None:
            group.compile()
            self.encode_body(value, out, depth)

        self.decode = decode
        self.decode_body = decode_body
        self.encode = encode
        self.encode_body = encode_body

    def __repr__(self) -> str:
        return f"<cser Python codec of {self.name}>"


class _Group:
    """The types of one :func:`bind` call (one generated module), compiled together on first
    use: they may refer to each other."""

    def __init__(self, descriptors: tuple[Any, ...]) -> None:
        self.descriptors = descriptors
        self.codecs = tuple(PyCodec(self, d[2]) for d in descriptors)
        #: After compile(): each type's reader and writer (readers[i](data, pos, end, depth)),
        #: and the namespace of the compiled code.
        self.readers: list[Any] = []
        self.writers: list[Any] = []
        self.namespace: dict[str, Any] = {}
        self._state = 0  # 0: not compiled, 1: compiling, 2: compiled

    def compile(self) -> None:
        if self._state == 2:
            return
        with _COMPILING:  # another thread's first use waits for the code
            if self._state:
                return  # compiled, or a reference back to a group being compiled (cannot happen)
            self._state = 1
            try:
                self._compile()
            except BaseException:
                # Not compiled: the next use tries again and raises the same error, instead of
                # finding a half-made group whose codecs still point at this method.
                self.readers.clear()
                self.writers.clear()
                self._state = 0
                raise

    def _compile(self) -> None:
        from cser import message, reader, writer
        from cser.source import Module

        types = [parse_type(d) for d in self.descriptors]
        module = Module(types, {**reader.HELPERS, **writer.HELPERS}, _foreign)
        reader.emit(module)
        writer.emit(module)
        ns = module.run()
        self.namespace = ns
        for i, td in enumerate(types):
            read = ns[module.reader_name(i)]
            write = ns[module.writer_name(i)]
            self.readers.append(read)
            self.writers.append(write)
            c = self.codecs[i]
            c.decode = message.decoder(read)
            c.encode = message.encoder(write)
            if td.kind == RECORD:
                c.decode_body = message.body_decoder(read)
                c.encode_body = message.body_encoder(write)
            else:
                c.decode_body = read
                c.encode_body = write
        self._state = 2


#: Held while a group compiles (re-entered when its code refers to another module's types).
_COMPILING = threading.RLock()

#: Every bound class: its group and its index there.
_BOUND: dict[type[Any], tuple[_Group, int]] = {}


def _foreign(cls: type[Any]) -> tuple[Any, Any]:
    """The compiled reader and writer of a class bound by another module."""
    try:
        group, i = _BOUND[cls]
    except KeyError:
        raise TypeError(f"cser.codec: {cls!r} is not bound") from None
    group.compile()
    return group.readers[i], group.writers[i]


def bind(types: tuple[Any, ...]) -> tuple[Codec[Any], ...]:
    """Binds a generated module's descriptors; returns one codec per descriptor, in order: the
    C accelerator's when it is active, else the Python interpreter's.

    With the accelerator, a class's generated ``decode`` classmethod is replaced by its codec's
    ``class_decode`` and its ``encode`` method by the codec's ``encode``, bound to the instance
    as a method is: the same arguments (``data``, keyword ``max_depth``), results and errors,
    without the generated method's Python frame in front of the C code (an eighth of decoding
    a W6 message). The generated methods stay what the Python interpreter runs and what readers
    read."""
    group = _Group(types)
    for i, d in enumerate(types):
        if not _declared(d):
            raise _malformed("declared type")
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
            raise TypeError("cser.codec: this type refers to a generated module that has not finished importing")
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


def pure(cls: type[T]) -> Codec[T]:
    """The Python interpreter's codec of a bound record, struct or union class, whichever
    interpreter :func:`bind` chose (the tests, the fuzzer and the benchmarks compare the two)."""
    try:
        group, i = _BOUND[cls]
    except KeyError:
        raise TypeError(f"cser.codec: {cls!r} is not bound") from None
    return group.codecs[i]


def descriptor(cls: type[Any]) -> tuple[Any, ...]:
    """The descriptor a record, struct or union class was bound with (the shape above): tools
    read its fields there, their attributes and schema names (``"Name.field"``) among them."""
    try:
        group, i = _BOUND[cls]
    except KeyError:
        raise TypeError(f"cser.codec: {cls!r} is not bound") from None
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


def unknown_member(cls: type[E], value: object) -> E | None:
    """An enum value for a number the schema does not name (SPEC §12.3: enums are open), so that
    decoding and encoding again keeps it; generated enums' ``_missing_`` returns it. Not cached:
    hostile input could name 2³¹ of them."""
    if type(value) is not int or not 0 <= value <= 0x7FFFFFFF:
        return None
    member = int.__new__(cls, value)
    member._name_ = f"{cls.__name__}({value})"
    member._value_ = value
    return member
