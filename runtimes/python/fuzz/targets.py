"""The atheris fuzz targets of the Python runtime (runtimes/python/fuzz/README.md).

    python targets.py decode|stream [libFuzzer flags] [CORPUS_DIR... | CRASH_FILE...]

Run by ``fuzz/run`` (``driver.py``), which generates the code of every example and conformance
schema into ``target/fuzz/gen`` (``evolution_v1.cser``, ``generations_v2.cser`` and
``generations_v3.cser``, which share their package with another schema, each into a
``target/fuzz/gen_<stem>`` of its own: their types are labelled ``Type@<stem>``). atheris instruments the Python code (the runtime and
the code the Python interpreter compiles from the descriptors); the C accelerator runs as a black
box (README.md).

The first byte of an input picks a root type (every record, struct and union, sorted by name);
the rest is decoded twice, by the C accelerator and by the runtime's Python interpreter of the
same descriptors (``cser.codec.pure(Type)``).

- ``decode``: ``Type.decode`` (C) and ``cser.codec.pure(Type).decode`` (pure) must give
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

Anything else is a finding: another exception, a crash, a timeout, too much memory.
"""

from __future__ import annotations

import enum
import functools
import io
import json
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
TARGET = HERE.parent / "target" / "fuzz"
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
    from cser import codec

    if not codec.ACTIVE:
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
    from cser import DecodeError, EncodeError, StreamReader, StreamWriter, codec
    from cser.limits import MAX_DEPTH
    from cser.stream import encode_header

TYPES: list[Entry] = []
#: Per generated module (by id): the most memory one input byte can legitimately become: the
#: largest empty record of the module (a body of length 0 decodes to all its zero values, its
#: nested records' included), and at least ALLOC_FACTOR.
BYTE_COST: dict[int, int] = {}


class Finding(Exception):
    """A broken contract (not a crash): atheris reports it like any uncaught exception."""


def pure_decode(cls: type[Any], module: ModuleType, data: bytes) -> Any:
    return codec.pure(cls).decode(data, MAX_DEPTH)


def pure_encode(value: Any, module: ModuleType) -> bytes:
    cls = type(value)
    # A union variant is written by its union's codec.
    bound = cls.__mro__[1] if cls.__mro__[1] is not object else cls
    return codec.pure(bound).encode(value)


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
    # One decode first, unmeasured: what only a first call allocates (CPython 3.11 copies a
    # function's bytecode into its adaptive form when it warms up, 20 kB and more for the large
    # generated readers) is not memory this input makes the decoder allocate.
    try:
        decode()
    except DecodeError:
        pass
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        try:
            decode()
        except DecodeError:
            pass
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
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
        self._codec = codec.pure(cls)

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
    for f in codec.compile_all():
        atheris.instrument_func(f)
    _measure_byte_costs()


TARGETS: dict[str, Callable[[bytes], None]] = {"decode": decode_target, "stream": stream_target}


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
