"""The atheris fuzz targets of the Python runtime (runtimes/python/fuzz/README.md).

    python targets.py decode|stream|encode [libFuzzer flags] [CORPUS_DIR... | CRASH_FILE...]

Run by ``fuzz/run`` (``driver.py``), which generates the code of every example and conformance
schema into ``target/fuzz/gen`` (``evolution_v1.cser``, ``generations_v2.cser`` and
``generations_v3.cser``, which share their package with another schema, each into a
``target/fuzz/gen_<stem>`` of its own: their types are labelled ``Type@<stem>``). atheris instruments the Python code (the runtime and
the code the Python interpreter compiles from the descriptors); the C accelerator runs as a black
box (README.md).

The first byte of an input picks a root type (every record, struct and union, sorted by name);
the rest is decoded twice, by the C accelerator and by the runtime's Python interpreter of the
same descriptors (``cser.bind.pure(Type)``).

- ``decode``: ``Type.decode`` (C) and ``cser.bind.pure(Type).decode`` (pure) must give
  the same value, or the same DecodeError kind, offset and path. A value must then survive
  ``encode`` (C and pure give the same bytes b), ``decode(b)`` (the same value, both ways) and
  ``encode`` again (b). On a sample of inputs (crc32 % 50 == 0, so a crash file reproduces it)
  the peak of the memory traced by tracemalloc during each decode must stay below
  ``factor x len + ALLOC_FLOOR``, the factor being 64, or more for a schema whose empty record
  (one byte on the wire: its length, 0) is a larger graph of zero-value objects in memory
  (~740 B for generations_v3's Entity): ``BYTE_COST``, measured per generated module at load.
  That much is the value, not the decoder's doing (finding P4, FUZZING.md; Rust's rule allows
  the value's own size likewise, R2).
- ``stream``: a :class:`cser.StreamReader` over the rest (when the selector's high bit is set,
  after the right 21-byte header, so mutations reach the frames), once with the C path and once
  with the pure one; both must yield the same values and errors (kind, offset, path, context),
  every value must be written back by a :class:`cser.StreamWriter` and read again unchanged.

- ``encode``: the rest drives a builder (atheris.FuzzedDataProvider) that makes a value of the
  type from its descriptor (``cser.bind.descriptor``), each field, element, key and value
  chosen by the input: a plain value, or an adversarial object: a ``__float__``/``__bool__``/
  ``__index__`` hook that mutates (clears, pops, grows, replaces, sets None in) a list or dict of
  the value or an optional field of a record of it, a raising hook, an ``int`` subclass with
  overridden operators, a huge int, a NaN of any bits, a list/dict subclass, a tuple, a
  generator, a wrong type, a record subclass with a property. The value is built twice (the
  hooks are destructive) and encoded by the C accelerator and by the pure writers: both must
  give the same bytes, or the same error (class; message for "changed while it was encoded"
  and for exceptions the hooks raise), and bytes must decode and encode again to themselves
  in both codecs (SPEC §12.3).

Anything else is a finding: another exception, a crash, a timeout, too much memory.
"""

from __future__ import annotations

import enum
import functools
import io
import json
import os
import pkgutil
import struct
import sys
import tracemalloc
import zlib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
#: Everything a run writes; fuzz/asan points it elsewhere (CSER_FUZZ_DIR), beside a campaign.
TARGET = Path(os.environ["CSER_FUZZ_DIR"]) if os.environ.get("CSER_FUZZ_DIR") else HERE.parent / "target" / "fuzz"
GEN = TARGET / "gen"

#: Bytes any decode may allocate whatever its input: the value's own objects, the exception
#: and its traceback, tracemalloc's own bookkeeping.
ALLOC_FLOOR = 16 << 10
#: The allowed multiple of the input's size (the brief: "an allocation larger than 64x").
ALLOC_FACTOR = 64
ALLOC_SAMPLE = 50

import atheris  # type: ignore[import-not-found,import-untyped,unused-ignore]  # noqa: E402

Entry = tuple[str, type[Any], ModuleType]


def _load_modules() -> list[Entry]:
    """Imports every generated module (instrumented by atheris) and lists the root types."""
    from cser import bind

    if not bind.ACTIVE:
        raise SystemExit("the C accelerator is not built (or CSER_PURE_PYTHON is set): nothing to compare")

    entries: list[Entry] = []

    def collect(root: Path, suffix: str) -> None:
        for info in pkgutil.walk_packages([str(root)]):
            module = __import__(info.name, fromlist=["_"])
            for attr in vars(module).values():
                if (isinstance(attr, type) and attr.__module__ == module.__name__
                        and hasattr(attr, "TYPE_NAME") and "TAG" not in vars(attr)):
                    entries.append((attr.TYPE_NAME + suffix, attr, module))

    # The schemas generated on their own (driver.py's SIDE: another generation of a package gen
    # holds) first, each under another name: then their modules leave sys.modules to the next.
    for side in sorted(TARGET.glob("gen_*")):
        sys.path.insert(0, str(side))
        collect(side, "@" + side.name.removeprefix("gen_"))
        sys.path.pop(0)
        for name in [n for n in sys.modules if n == "conf" or n.startswith("conf.")]:
            del sys.modules[name]
    sys.path.insert(0, str(GEN))
    collect(GEN, "")
    entries.sort(key=lambda e: e[0])
    return entries


with atheris.instrument_imports(include=["cser"]):
    from cser import DecodeError, EncodeError, StreamReader, StreamWriter, bind, descriptors
    from cser.limits import MAX_DEPTH
    from cser.stream import encode_header
    from cser.unknown import _unknown_variant

# Shared with the tests (runtimes/python/tests/probes.py): imported after cser, which atheris
# instruments above, and not instrumented itself.
sys.path.insert(0, str(HERE.parent / "tests"))
from probes import Hook, Raises, peak_allocation  # noqa: E402

TYPES: list[Entry] = []
#: Per generated module (by id): the most memory one input byte can legitimately become: the
#: largest empty record of the module (a body of length 0 decodes to all its zero values, its
#: nested records' included), and at least ALLOC_FACTOR.
BYTE_COST: dict[int, int] = {}


class Finding(Exception):
    """A broken contract (not a crash): atheris reports it like any uncaught exception."""


def pure_decode(cls: type[Any], module: ModuleType, data: bytes) -> Any:
    return bind.pure(cls).decode(data, MAX_DEPTH)


def pure_encode(value: Any, module: ModuleType) -> bytes:
    cls = type(value)
    # A union variant is written by its union's codec.
    bound = cls.__mro__[1] if cls.__mro__[1] is not object else cls
    return bind.pure(bound).encode(value)


def same(a: Any, b: Any) -> bool:
    """Deep equality of decoded values: the same classes, floats by their bits (NaN, -0.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return struct.pack("<d", a) == struct.pack("<d", b)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return len(a) == len(b) and all(
            same(ka, kb) and same(va, vb) for (ka, va), (kb, vb) in zip(a.items(), b.items(), strict=True)
        )
    slots = [s for c in type(a).__mro__ for s in getattr(c, "__slots__", ())]
    if slots and not isinstance(a, (int, str, bytes)):
        return all(same(getattr(a, s), getattr(b, s)) for s in slots)
    return bool(a == b)


def outcome(decode: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "value", decode()
    except DecodeError as e:
        return "error", (e.kind, e.offset, e.path)


def _held(decode: Callable[[], object]) -> int:
    """The memory the value ``decode`` returns holds, measured while it is alive."""
    decode()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        value = decode()
        held = tracemalloc.get_traced_memory()[0] - base
        del value
    finally:
        tracemalloc.stop()
    return held


def _unknown_member_cost(enum_cls: type[enum.IntEnum]) -> int:
    """What one byte of input can make a decoder hold through this enum: the smallest number it
    does not name is read as a new member (an open enum keeps unknown numbers, SPEC §12.3, one
    object each: caching them would let an input grow a cache without bound), plus its list
    slot, per byte of its varint."""
    named = {m.value for m in enum_cls}
    n = next(i for i in range(len(named) + 1) if i not in named)
    members = 1024  # fewer measure less a member: ~130 bytes each for 64, ~300 for 1,000 and more

    def make() -> list[enum.IntEnum]:
        return [enum_cls(n) for _ in range(members)]

    return -(-_held(make) // (members * (1 if n < 0x80 else 2)))


def _measure_byte_costs() -> None:
    """Per module: the larger of ALLOC_FACTOR, what decoding ``00`` (one byte) as one of its
    records holds, and what one byte of an unknown enum number holds (a list of 208 unknown
    ``conf.collections.Color`` numbers, 223 bytes, peaked at 213 bytes a byte: finding F4)."""
    for _, cls, module in TYPES:
        cost = BYTE_COST.get(id(module), ALLOC_FACTOR)
        if cls._IS_RECORD:
            cost = max(cost, _held(functools.partial(cls.decode, b"\x00")))
        for attr in vars(module).values():
            if isinstance(attr, type) and issubclass(attr, enum.IntEnum) and attr is not enum.IntEnum:
                cost = max(cost, _unknown_member_cost(attr))
        BYTE_COST[id(module)] = cost


def _check_alloc(label: str, data: bytes, decode: Callable[[], object], floor: int, factor: int) -> None:
    peak = peak_allocation(decode)
    limit = factor * len(data) + floor
    if peak > limit:
        raise Finding(f"{label}: decoding {len(data)} bytes allocated {peak} bytes at its peak (limit {limit})")


def _round_trip(label: str, cls: type[Any], module: ModuleType, value: Any) -> None:
    try:
        b = value.encode()
        b_pure = pure_encode(value, module)
    except EncodeError as e:
        raise Finding(f"{label}: a decoded value does not encode: {e!r}") from e
    if b != b_pure:
        raise Finding(f"{label}: C encodes {b.hex()}, pure Python {b_pure.hex()}")
    try:
        again = cls.decode(b)
        again_pure = pure_decode(cls, module, b)
    except DecodeError as e:
        raise Finding(f"{label}: the encoding of a decoded value does not decode: {e!r}") from e
    if not same(again, value) or not same(again_pure, value):
        raise Finding(f"{label}: {b.hex()} decodes to {again!r} (C), {again_pure!r} (pure), not {value!r}")
    if again.encode() != b:
        raise Finding(f"{label}: encoding is not stable: {again.encode().hex()} != {b.hex()}")


def decode_target(data: bytes) -> None:
    if not data:
        return
    label, cls, module = TYPES[data[0] % len(TYPES)]
    msg = data[1:]
    fast = outcome(lambda: cls.decode(msg))
    slow = outcome(lambda: pure_decode(cls, module, msg))
    if fast[0] != slow[0] or (fast[0] == "error" and fast[1] != slow[1]):
        raise Finding(f"{label}: {msg.hex()}: C gives {fast!r}, pure Python {slow!r}")
    if fast[0] == "value":
        if not same(fast[1], slow[1]):
            raise Finding(f"{label}: {msg.hex()}: C decodes {fast[1]!r}, pure Python {slow[1]!r}")
        _round_trip(label, cls, module, fast[1])
    if zlib.crc32(data) % ALLOC_SAMPLE == 0:
        # The C path only: the pure-Python path runs atheris-instrumented bytecode here, whose
        # comparison and coverage hooks allocate as much as the decoder (an empty Collections
        # input: 23 kB under the fuzzer, 1,344 B without it). Its allocation is checked without
        # instrumentation by tests/test_native.py on the vectors and their corruptions.
        _check_alloc(label + " (C)", msg, lambda: cls.decode(msg), ALLOC_FLOOR,
                     BYTE_COST.get(id(module), ALLOC_FACTOR))


class _PureType:
    """The message type protocol of a generated class, through the Python interpreter."""

    def __init__(self, cls: type[Any], module: ModuleType) -> None:
        self.TYPE_NAME: str = cls.TYPE_NAME
        self.TYPE_ID: int = cls.TYPE_ID
        self.FINGERPRINT: int = cls.FINGERPRINT
        self._IS_RECORD: bool = cls._IS_RECORD
        self._codec = bind.pure(cls)

    def _read_content(self, data: bytes, pos: int, end: int, depth: int) -> tuple[Any, int]:
        return self._codec.decode_body(data, pos, end, depth)

    def _write_content(self, value: Any, out: bytearray, depth: int) -> None:
        self._codec.encode_body(value, out, depth)


def read_stream(data: bytes, message_type: Any) -> list[tuple[str, Any]]:
    """Every value and error a reader yields, up to the end or a framing error (sticky)."""
    reader = StreamReader(io.BytesIO(data), message_type, max_message_size=1 << 16)
    out: list[tuple[str, Any]] = []
    while True:
        try:
            value = reader.read()
        except DecodeError as e:
            out.append(("error", (e.kind, e.offset, e.path, e.context)))
            try:
                reader.read()
            except DecodeError as again:
                if again is e:
                    return out  # the framing is broken: the stream ends here
            continue
        if value is None:
            return out
        out.append(("value", value))


def stream_target(data: bytes) -> None:
    if not data:
        return
    label, cls, module = TYPES[(data[0] & 0x7F) % len(TYPES)]
    body = data[1:]
    if data[0] & 0x80:
        body = encode_header(cls.TYPE_ID, cls.FINGERPRINT) + body
    fast = read_stream(body, cls)
    slow = read_stream(body, _PureType(cls, module))
    if len(fast) != len(slow) or not all(
        a[0] == b[0] and (same(a[1], b[1]) if a[0] == "value" else a[1] == b[1])
        for a, b in zip(fast, slow, strict=True)
    ):
        raise Finding(f"stream of {label}: {body.hex()}: C gives {fast!r}, pure Python {slow!r}")
    values = [v for kind, v in fast if kind == "value"]
    if not values:
        return
    types: list[Any] = [cls, _PureType(cls, module)]
    for message_type in types:
        out = io.BytesIO()
        writer: StreamWriter[Any] = StreamWriter(out, message_type)
        for v in values:
            writer.write(v)
        writer.close()
        back: list[Any] = list(StreamReader(io.BytesIO(out.getvalue()), message_type))
        if len(back) != len(values) or not all(same(a, b) for a, b in zip(back, values, strict=True)):
            raise Finding(f"stream of {label}: {values!r} written and read back as {back!r}")


def load() -> None:
    """Imports the generated modules, instrumented by atheris, and fills TYPES. The Python
    interpreter's code, compiled from the descriptors rather than imported, is instrumented
    function by function."""
    with atheris.instrument_imports():
        TYPES.extend(_load_modules())
    for f in bind.compile_all():
        atheris.instrument_func(f)
    _measure_byte_costs()


# ---- encode: adversarial values --------------------------------------------------------------


class _Int(int):
    """Its operators must not be called: an int is read by its value."""

    def __index__(self) -> int:
        raise Finding("an int subclass's __index__ was called")

    def __le__(self, other: object) -> bool:
        raise Finding("an int subclass's __le__ was called")

    def __ge__(self, other: object) -> bool:
        raise Finding("an int subclass's __ge__ was called")


class _List(list[Any]):
    pass


class _Dict(dict[Any, Any]):
    pass


class _Builder:
    """Builds one value of a descriptor from the fuzzer's bytes; ``containers`` and ``records``
    are what the hooks mutate (filled as the value is built, so hooks reach earlier parts)."""

    def __init__(self, data: bytes) -> None:
        self.fdp = atheris.FuzzedDataProvider(data)
        self.containers: list[Any] = []
        self.records: list[tuple[Any, str]] = []

    def pick(self, n: int) -> int:
        return int(self.fdp.ConsumeIntInRange(0, n - 1))

    def action(self) -> Callable[[], None]:
        kind = self.pick(8)
        index = self.pick(64)

        def act() -> None:
            if kind == 7 and self.records:
                obj, attr = self.records[index % len(self.records)]
                setattr(obj, attr, None if getattr(obj, attr, None) is not None else 1.5)
                return
            if not self.containers:
                return
            c = self.containers[index % len(self.containers)]
            if kind == 0:
                c.clear()
            elif isinstance(c, dict):
                if kind == 1 and c:
                    c.pop(next(iter(c)))
                elif kind == 2:
                    c[f"new{index}"] = 1.5
                elif kind == 3 and c:
                    c[next(iter(c))] = None
                elif c:
                    c[next(reversed(c))] = 2.5
            elif kind == 1 and c:
                c.pop()
            elif kind == 2:
                c.extend([1.5] * (index % 20 + 1))
            elif kind == 3 and c:
                c[-1] = None
            elif kind == 4 and c:
                c.pop(0)
                c.append(2.5)
            elif c:
                c[index % len(c)] = 3.5

        return act

    def float_bits(self) -> float:
        return float(struct.unpack("<d", self.fdp.ConsumeBytes(8).ljust(8, b"\x7f"))[0])

    def plain(self, kind: int) -> Any:
        if kind == descriptors.BOOL:
            return self.fdp.ConsumeBool()
        if kind in (descriptors.F32, descriptors.F64):
            return [0.5, -0.0, float("nan"), self.float_bits(), 1e300][self.pick(5)]
        if kind == descriptors.STRING:
            return ["", "x", "é" * 3, "\ud800", "a" * 130][self.pick(5)]
        if kind == descriptors.BYTES:
            return [b"", b"\x00\xff", bytearray(b"ab"), memoryview(b"xyz")][self.pick(4)]
        bits = {descriptors.I8: 8, descriptors.U8: 8, descriptors.I16: 16, descriptors.U16: 16, descriptors.I32: 32,
                descriptors.U32: 32}.get(kind, 64)
        return self.fdp.ConsumeIntInRange(-(1 << (bits - 1)), (1 << bits) - 1)

    def hostile(self, kind: int) -> Any:
        plain = self.plain(kind) if isinstance(kind, int) and kind < descriptors.ENUM else 1
        choice = self.pick(10)
        if choice == 0:
            return Hook(plain, self.action())
        if choice == 1:
            return Raises([ValueError("hook"), KeyError("hook"), TypeError("hook")][self.pick(3)])
        if choice == 2:
            return _Int(self.fdp.ConsumeIntInRange(-300, 70000))
        if choice == 3:
            return 2 ** self.fdp.ConsumeIntInRange(60, 200) * (-1 if self.fdp.ConsumeBool() else 1)
        if choice == 4:
            return self.float_bits()
        if choice == 5:
            return [None, "1", b"1", 1.5, object(), [1]][self.pick(6)]
        if choice == 6:
            return True
        return plain

    def value(self, spec: Any, depth: int) -> Any:
        if self.fdp.ConsumeIntInRange(0, 7) == 0:
            return self.hostile(spec if isinstance(spec, int) else 0)
        if isinstance(spec, int):
            return self.plain(spec)
        kind = spec[0]
        if kind == descriptors.ENUM:
            members = list(spec[2].values())
            return members[self.pick(len(members))] if members and self.fdp.ConsumeBool() else self.pick(1 << 20)
        if kind in (descriptors.LIST, descriptors.OPTLIST):
            n = self.pick(12) if depth > 0 else 0
            items = [None if kind == descriptors.OPTLIST and self.pick(4) == 0 else self.value(spec[1], depth - 1)
                     for _ in range(n)]
            shape = self.pick(6)
            out: Any = (_List(items) if shape == 0 else tuple(items) if shape == 1
                        else (x for x in items) if shape == 2 else items)
            if isinstance(out, list):
                self.containers.append(out)
            return out
        if kind in (descriptors.MAP, descriptors.OPTMAP):
            d: dict[Any, Any] = {}
            for _ in range(self.pick(10) if depth > 0 else 0):
                k = self.value(spec[1], depth - 1)
                try:
                    d[k] = None if kind == descriptors.OPTMAP and self.pick(4) == 0 else self.value(spec[2], depth - 1)
                except TypeError:
                    pass  # an unhashable key
            out = _Dict(d) if self.pick(5) == 0 else d
            self.containers.append(out)
            return out
        return self.declared(spec[1], depth - 1)

    def declared(self, cls: type[Any], depth: int) -> Any:
        desc = bind.descriptor(cls)
        if desc[0] == descriptors.UNION:
            variants = desc[4]
            if not variants or depth < 0:
                return None  # nested past the depth chosen: not a variant (an error in both)
            if self.pick(8) == 0:
                # The union's Unknown subclass (SPEC §5.7): a real unknown variant, or a value
                # that is none (an encode error in both interpreters).
                v = object.__new__(desc[5])
                tag = 1 + self.pick(0xFFFF)
                v.value = (_unknown_variant(tag, bytes(self.pick(256) for _ in range(self.pick(200))))
                           if self.pick(3) else self.value(variants[0][3], depth))
                return v
            _, vcls, _, spec = variants[self.pick(len(variants))]
            v = object.__new__(vcls)
            v.value = self.value(spec, depth)
            return v
        obj = object.__new__(cls)
        if desc[0] == descriptors.RECORD:
            obj._cser_unknown = None
        if any(f[0] is None for f in desc[4]):
            # What a program builds keeps nothing of the deprecated fields (SPEC §5.5.1); now and
            # then a slot no decoder would fill (an encode error in both interpreters).
            obj._cser_deprecated = None if self.pick(16) else [b"\x00"]
        for attr, _, spec, slot, zero in desc[4]:
            if attr is None:
                continue
            if slot >= 0 and (depth <= 0 or self.pick(3) == 0):
                setattr(obj, attr, None)
            elif depth <= 0 and not isinstance(spec, int):
                setattr(obj, attr, zero() if callable(zero) else zero)
            else:
                setattr(obj, attr, self.value(spec, depth))
            if slot >= 0:
                self.records.append((obj, attr))
        return obj


def _encode_outcome(encode: Callable[[], bytes]) -> tuple[str, str, bytes]:
    try:
        return "bytes", "", encode()
    except EncodeError as e:
        text = str(e)
        return "EncodeError", text if "changed while it was encoded" in text else "", b""
    except Finding:
        raise
    except Exception as e:  # what a hook raised: the same in both
        return type(e).__name__, str(e), b""


def encode_target(data: bytes) -> None:
    if not data:
        return
    label, cls, module = TYPES[data[0] % len(TYPES)]
    depth = 1 + data[0] % 4

    def build() -> Any:
        return _Builder(data[1:]).declared(cls, depth)

    fast = _encode_outcome(lambda: build().encode())
    slow = _encode_outcome(lambda: pure_encode(build(), module))
    if fast != slow:
        raise Finding(f"{label}: C gives {fast!r}, pure Python {slow!r}")
    if fast[0] == "bytes":
        b = fast[2]
        try:
            back, back_pure = cls.decode(b), pure_decode(cls, module, b)
        except DecodeError as e:
            raise Finding(f"{label}: {b.hex()} does not decode: {e!r}") from e
        if back.encode() != b or pure_encode(back_pure, module) != b:
            raise Finding(f"{label}: {b.hex()} is not the encoding of the value it decodes to")


TARGETS: dict[str, Callable[[bytes], None]] = {"decode": decode_target, "stream": stream_target,
                                               "encode": encode_target}


def main() -> None:
    if sys.argv[1:] == ["--list"]:
        load()
        print(json.dumps({label: bool(cls._IS_RECORD) for label, cls, _ in TYPES}))
        return
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        raise SystemExit(f"usage: targets.py {'|'.join(TARGETS)} [libFuzzer flags] [corpus...]")
    target = TARGETS[sys.argv[1]]
    atheris.Setup([sys.argv[0], *sys.argv[2:]], target)
    load()
    print(f"targets.py: {len(TYPES)} root types", file=sys.stderr)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
