"""The JSON mapping of values (SPEC §11): what the ``to_json`` / ``from_json`` methods that
``cserc --json`` generates call, and :class:`JsonError`, the error ``from_json`` raises.

``to_json`` gives plain Python data for ``json.dumps``: dicts, lists, strings, ints (exact over
the full 64-bit range), floats, bools and ``None``. A float that JSON cannot hold is a string
(``"NaN"``, ``"Infinity"``, ``"-Infinity"``), bytes are standard base64 with padding, an enum
is its member's name (a number the schema does not name stays a number), a map is a list of
``[key, value]`` pairs and a union an object with one key, the variant's name (an unknown
variant, SPEC §5.7: ``#`` and its tag, whose value is its payload in base64, ``{"#4": "Am9r"}``,
which ``from_json`` refuses: only a decoder of the binary format makes one).

``from_json`` reads the same data back, as :func:`loads` returns it, and checks it: integers
must be ``int`` (not ``bool``, not ``float``) and in their type's range, base64 must be
canonical, map keys must not repeat, and objects must not name fields the type does not have.
:func:`loads` reads JSON text with the rules SPEC §11 gives every runtime (``json.loads`` with
its defaults does not: it takes ``NaN``, keeps the last of two equal keys, reads ``1e400`` as an
infinity, ``-0`` as plain 0, and fails with ``RecursionError`` or ``ValueError`` on deep nesting
or long integers). Every problem raises :class:`JsonError` with the path of the bad value (a
:class:`~cser.path.FieldPath`, as decode errors have):
``MediaContent.images[1].width: 4294967296 is out of range for i32``.
"""

from __future__ import annotations

import base64
import binascii
import enum
import json as _json
import math
import re
import struct
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from cser.path import FieldPath
from cser.unknown import UnknownVariant

__all__ = ["MAX_DEPTH", "JsonError", "JsonNumber", "loads"]

E = TypeVar("E", bound=enum.IntEnum)
K = TypeVar("K")
V = TypeVar("V")

_F32 = struct.Struct("<f")
_MAX_SHOWN = 60


class JsonError(ValueError):
    """A JSON value that does not fit its type; the message starts with the path of the value,
    e.g. ``MediaContent.images[1].width: 4294967296 is out of range for i32``. The path is a
    :class:`~cser.path.FieldPath`, as a decode error's: each level adds its segment while the
    error unwinds (``push_field``, ``push_index``, ``push_key``)."""

    __slots__ = ("_path", "reason")

    reason: str

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self._path = FieldPath()

    def push_field(self, segment: str) -> JsonError:
        """Prepends a field (``"Type.field"``) or the root type's name; returns ``self``."""
        self._path.push_field(segment)
        return self

    def push_index(self, index: int) -> JsonError:
        """Prepends an array index, rendered ``[1]``; returns ``self``."""
        self._path.push_index(index)
        return self

    def push_key(self, key: object) -> JsonError:
        self._path.push_key(key)
        return self

    @property
    def path(self) -> str:
        """The path of the bad value, ``MediaContent.images[1].width``."""
        return str(self._path)

    def __str__(self) -> str:
        path = self.path
        return f"{path}: {self.reason}" if path else self.reason


# ---- Reading JSON text ----------------------------------------------------------------------

MAX_DEPTH = 1000
"""How deeply arrays and objects may nest in a document :func:`loads` reads (SPEC §11)."""

# An integer literal longer than this is out of the range of every integer type and of f64
# (it is at least 10**399): it is kept as its text, so that int() never meets a huge literal
# (a 5,000-digit one raises ValueError, and int() is quadratic in the length).
_LONGEST_INT = 400


class JsonNumber:
    """A number :func:`loads` read that no integer type and no double can hold (``1e400``, an
    integer of more than 400 digits), kept as its literal text: a conversion to a schema type
    refuses it as out of range, and a field that ignores its value (a deprecated one) takes it
    as JSON allows."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        shown = self.text if len(self.text) <= 40 else self.text[:37] + "..."
        return f"JsonNumber({shown})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JsonNumber) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


class _NegativeZero(int):
    """The integer literal ``-0``: 0 for an integer type, -0.0 for a float (SPEC §11)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "-0"


NEGATIVE_ZERO = _NegativeZero(0)

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_limit_lock = threading.Lock()
# Documents nested at most this deep are read by json.loads within the default recursion limit.
_SHALLOW = 200


def _nesting(text: str) -> int:
    """The most arrays and objects open at once in ``text``, brackets inside strings aside (for
    text that is not JSON, an estimate that is as good: such text is refused either way)."""
    opened = text.count("[") + text.count("{")
    if opened <= _SHALLOW:
        return opened  # a bound: no deeper than the number of brackets
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = deepest = 0
    for c in brackets:
        depth += _DEPTH_STEP[c]
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                break
    return deepest


def _int(text: str) -> object:
    if len(text) > _LONGEST_INT:
        return JsonNumber(text)
    if text == "-0":
        return NEGATIVE_ZERO
    return int(text)


def _float(text: str) -> object:
    x = float(text)
    return x if math.isfinite(x) else JsonNumber(text)


def _constant(text: str) -> object:
    raise JsonError(f"invalid JSON: {text} is not a JSON value (write the string \"{text}\")")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JsonError(f"invalid JSON: duplicate key {_show(key)}")
            seen.add(key)
    return obj


def _lone_surrogate(value: object) -> str | None:
    """A string (or key) of ``value`` that holds a surrogate, which no UTF-8 text can."""
    stack = [value]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            if _SURROGATE.search(x):
                return x
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return None


def loads(text: str | bytes | bytearray) -> Any:
    """One JSON document (RFC 8259) as Python data for ``from_json``, read as SPEC §11 says
    every runtime reads JSON text: bytes must be UTF-8 (and text must not start with a byte
    order mark); only whitespace may follow the value; ``NaN``, ``Infinity``, a repeated object
    key, a ``\\u`` escape of a lone surrogate and nesting deeper than :data:`MAX_DEPTH` are
    errors. Integers are ``int`` (``-0`` one that reads as -0.0 for a float), other numbers
    ``float``; a number no integer type or double can hold is a :class:`JsonNumber`, which
    every conversion refuses as out of range.

    Raises :class:`JsonError` (``invalid JSON: ...``) for text that is not such JSON."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise JsonError(f"invalid JSON: not UTF-8 at byte {e.start}") from None
    if _SURROGATE.search(text):
        raise JsonError("invalid JSON: a surrogate character, which no UTF-8 text holds")
    depth = _nesting(text)
    if depth > MAX_DEPTH:
        raise JsonError(f"invalid JSON: nesting deeper than {MAX_DEPTH}")
    try:
        try:
            value = _json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                                object_pairs_hook=_object) if depth <= _SHALLOW else _deep_loads(text, depth)
        except RecursionError:
            # A shallow document, but the caller is deep in recursion already: room is made.
            value = _deep_loads(text, depth)
    except RecursionError:
        # An interpreter whose C recursion limit (3.12+) is below MAX_DEPTH: an error still.
        raise JsonError(f"invalid JSON: nested {depth} deep, deeper than this interpreter reads") from None
    except _json.JSONDecodeError as e:
        raise JsonError(f"invalid JSON at offset {e.pos}: {e.msg}") from None
    if _SURROGATE_ESCAPE.search(text):
        bad = _lone_surrogate(value)
        if bad is not None:
            raise JsonError(f"invalid JSON: a \\u escape of a lone surrogate in {_show(bad)}")
    return value


def _deep_loads(text: str, depth: int) -> Any:
    """``json.loads`` of a document nested ``depth`` levels deep (up to MAX_DEPTH): its parser
    recurses once a level, so the interpreter's recursion limit is raised for the call (under a
    lock: the limit is the process's) to leave room for that many levels above the caller's."""
    with _limit_lock:
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, _stack_depth() + depth + 100))
        try:
            return _json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                               object_pairs_hook=_object)
        finally:
            sys.setrecursionlimit(old)


def _stack_depth() -> int:
    frame = sys._getframe()
    n = 0
    while frame is not None:
        n += 1
        frame = frame.f_back  # type: ignore[assignment]
    return n


def _show(x: object) -> str:
    """A short JSON-like rendering of a bad value for an error message."""
    if isinstance(x, JsonNumber):
        return x.text if len(x.text) <= _MAX_SHOWN else x.text[: _MAX_SHOWN - 3] + "..."
    try:
        text = _json.dumps(x, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = f"{type(x).__name__} {x!r}"
    return text if len(text) <= _MAX_SHOWN else text[: _MAX_SHOWN - 3] + "..."


def _kind(x: object) -> str:
    """What a JSON value is, for error messages: ``a string``, ``null``, ``an object``..."""
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "a bool"
    if isinstance(x, int):
        return "an integer"
    if isinstance(x, (float, JsonNumber)):
        return "a number"
    if isinstance(x, str):
        return "a string"
    if isinstance(x, list):
        return "an array"
    if isinstance(x, dict):
        return "an object"
    return f"a {type(x).__name__}"


# ---- Output -------------------------------------------------------------------------------


def float_to_json(x: float) -> float | str:
    """An f64 or f32 (held widened to a double): the float itself, which ``json.dumps`` writes
    as the shortest decimal that reads back to it (``-0.0`` keeps its sign), or ``"NaN"``,
    ``"Infinity"``, ``"-Infinity"``."""
    x = float(x)
    if math.isfinite(x):
        return x
    if math.isnan(x):
        return "NaN"
    return "Infinity" if x > 0 else "-Infinity"


def bytes_to_json(b: bytes) -> str:
    """Standard base64 (RFC 4648 §4) with padding."""
    return base64.b64encode(b).decode("ascii")


def enum_to_json(value: int, members: Mapping[int, enum.IntEnum]) -> str | int:
    """The member's name, or the number itself when the schema does not name it."""
    member = members.get(value)
    return int(value) if member is None else member.name


def not_a_variant(value: object, union: str) -> JsonError:
    return JsonError(f"{type(value).__name__} is not a variant of union {union}")


def unknown_variant_to_json(u: object, union: str) -> dict[str, str]:
    """An unknown variant (SPEC §5.7, §11): one key, ``#`` and its tag in decimal, whose value is
    its payload in base64: ``{"#4": "Am9r"}``. It cannot be read back (:func:`variant_from_json`)."""
    try:
        if type(u) is UnknownVariant:
            return {f"#{u.tag}": bytes_to_json(u.payload)}
    except AttributeError:  # made without a decoder: no tag or payload
        pass
    raise JsonError(f"the unknown variant of union {union} holds {type(u).__name__}, not a cser.UnknownVariant a decoder made")


# ---- Input --------------------------------------------------------------------------------
# Each function reads the JSON value x as json.loads gives it, and raises JsonError without a
# path: the caller pushes its segment (generated from_json: the field; the functions taking an
# element function: the index) as the error unwinds.


def bool_from_json(x: object) -> bool:
    if type(x) is bool:
        return x
    raise JsonError(f"expected a bool, got {_show(x)}")


def int_from_json(x: object, lo: int, hi: int, type_name: str) -> int:
    """An integer of the type ``type_name``, from ``lo`` to ``hi``: a JSON number without a
    fraction or exponent (``json.loads`` gives ``int``); bools and floats are refused."""
    if isinstance(x, int) and not isinstance(x, bool):
        if lo <= x <= hi:
            return int(x)
        raise JsonError(f"{int(x)} is out of range for {type_name}")
    if isinstance(x, JsonNumber) and not any(c in x.text for c in ".eE"):
        raise JsonError(f"{_show(x)} is out of range for {type_name}")
    raise JsonError(f"expected an integer ({type_name}), got {_show(x)}")


_SPECIAL = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


def f64_from_json(x: object) -> float:
    """A number (an integer is rounded to the nearest double; ``-0`` as :func:`loads` reads it
    is -0.0), or ``"NaN"``, ``"Infinity"``, ``"-Infinity"``. A float that is not finite is not
    a JSON number (``json.loads`` reads ``1e400`` and ``Infinity`` as one): an error."""
    if isinstance(x, float):
        if math.isfinite(x):
            return x
        raise JsonError(f"{_show(x)} is out of range for f64 (the infinities are the strings "
                        "\"Infinity\" and \"-Infinity\")")
    if x is NEGATIVE_ZERO:
        return -0.0
    if isinstance(x, JsonNumber):
        raise JsonError(f"{_show(x)} is out of range for f64")
    if isinstance(x, int) and not isinstance(x, bool):
        try:
            return float(x)
        except OverflowError:
            raise JsonError(f"{x} is out of range for f64") from None
    if isinstance(x, str):
        special = _SPECIAL.get(x)
        if special is not None:
            return special
    raise JsonError(f"expected a number, \"NaN\", \"Infinity\" or \"-Infinity\", got {_show(x)}")


def f32_from_json(x: object) -> float:
    """As :func:`f64_from_json`, then rounded to the nearest f32; a finite number that rounds
    to an infinity is an error."""
    d = f64_from_json(x)
    try:
        return float(_F32.unpack(_F32.pack(d))[0])
    except OverflowError:
        raise JsonError(f"{_show(x)} is out of range for f32") from None


def str_from_json(x: object) -> str:
    if isinstance(x, str):
        return x
    raise JsonError(f"expected a string, got {_show(x)}")


def bytes_from_json(x: object) -> bytes:
    """Standard base64 with padding, strictly: no other characters, no missing padding, no
    bits set past the data (the text must be what :func:`bytes_to_json` writes)."""
    if not isinstance(x, str):
        raise JsonError(f"expected a base64 string, got {_show(x)}")
    try:
        data = base64.b64decode(x.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error, ValueError):
        raise JsonError(f"{_show(x)} is not base64 with padding") from None
    if base64.b64encode(data).decode("ascii") != x:
        raise JsonError(f"{_show(x)} is not canonical base64 with padding")
    return data


def enum_from_json(x: object, cls: type[E]) -> E:
    """A member's name, or a number in 0..2**31-1 (one the schema does not name is kept)."""
    if isinstance(x, str):
        member = cls.__members__.get(x)
        if member is None:
            raise JsonError(f"{_show(x)} is not a member of enum {cls.__name__}")
        return member
    if isinstance(x, int) and not isinstance(x, bool):
        if 0 <= x <= 0x7FFFFFFF:
            return cls(x)
        raise JsonError(f"{int(x)} is out of range for enum {cls.__name__} (0..2147483647)")
    raise JsonError(f"expected an enum name or number ({cls.__name__}), got {_show(x)}")


def _array(x: object) -> list[Any]:
    if isinstance(x, list):
        return x
    raise JsonError(f"expected an array, got {_kind(x)}")


def list_from_json(x: object, element: Callable[[Any], V]) -> list[V]:
    """An array, each of its elements read by ``element`` (an error gets the element's index)."""
    out: list[V] = []
    for i, y in enumerate(_array(x)):
        try:
            out.append(element(y))
        except JsonError as e:
            raise e.push_index(i) from None
    return out


def dict_from_json(x: object, key: Callable[[Any], K], value: Callable[[Any], V]) -> dict[K, V]:
    """A map: an array of ``[key, value]`` arrays, in order (an error gets the entry's index,
    then 0 for the key or 1 for the value); a key that repeats an earlier one is an error."""
    out: dict[K, V] = {}
    for i, entry in enumerate(_array(x)):
        if not isinstance(entry, list) or len(entry) != 2:
            raise JsonError(f"expected a [key, value] array, got {_show(entry)}").push_index(i)
        try:
            k = key(entry[0])
        except JsonError as e:
            raise e.push_index(0).push_index(i) from None
        try:
            v = value(entry[1])
        except JsonError as e:
            raise e.push_index(1).push_index(i) from None
        if k in out:
            shown = k.name if isinstance(k, enum.Enum) and k.name in type(k).__members__ else _show(k)
            raise JsonError(f"repeated map key {shown}").push_index(i)
        out[k] = v
    return out


def object_from_json(x: object) -> dict[str, Any]:
    """A record's or struct's object."""
    if isinstance(x, dict):
        return x
    raise JsonError(f"expected an object, got {_kind(x)}")


def unknown_field(name: object) -> JsonError:
    return JsonError(f"unknown field {_show(name)}")


def variant_from_json(x: object) -> tuple[str, Any]:
    """A union's object: exactly one key, the variant's name, and its value."""
    obj = object_from_json(x)
    if len(obj) != 1:
        raise JsonError(f"expected an object with one key (the variant), got {len(obj)} keys")
    ((name, value),) = obj.items()
    if isinstance(name, str) and name.startswith("#"):
        # An unknown variant's output form (SPEC §11): bytes only a decoder may keep.
        raise JsonError(f"{_show(name)} is an unknown variant, which cannot be read from JSON "
                        "(only a decoder of the binary format keeps one)")
    return name, value


def unknown_variant(name: object, union: str) -> JsonError:
    return JsonError(f"unknown variant {_show(name)} of union {union}")


def too_deep(type_name: str) -> JsonError:
    """A value nested deeper than the interpreter's recursion limit lets ``from_json`` follow
    (far deeper than the binary format's depth limit, SPEC §7, which its encoding would fail)."""
    return JsonError("nested too deeply to read (the binary format's depth limit is 64)").push_field(type_name)
