"""The JSON mapping of values (SPEC §11): what the ``to_json`` / ``from_json`` methods that
``cserc --json`` generates call, and :class:`JsonError`, the error ``from_json`` raises.

``to_json`` gives plain Python data for ``json.dumps``: dicts, lists, strings, ints (exact over
the full 64-bit range), floats, bools and ``None``. A float that JSON cannot hold is a string
(``"NaN"``, ``"Infinity"``, ``"-Infinity"``), bytes are standard base64 with padding, an enum
is its member's name (a number the schema does not name stays a number), a map is a list of
``[key, value]`` pairs and a union an object with one key, the variant's name.

``from_json`` reads the same data back, as ``json.loads`` returns it, and checks it: integers
must be ``int`` (not ``bool``, not ``float``) and in their type's range, base64 must be
canonical, map keys must not repeat, and objects must not name fields the type does not have.
Every problem raises :class:`JsonError` with the path of the bad value:
``MediaContent.images[1].width: 4294967296 is out of range for i32``.
"""

from __future__ import annotations

import base64
import binascii
import enum
import json as _json
import math
import struct
from collections.abc import Mapping
from typing import Any, TypeVar

__all__ = ["JsonError"]

E = TypeVar("E", bound=enum.IntEnum)
K = TypeVar("K")
V = TypeVar("V")

_F32 = struct.Struct("<f")
_MAX_SHOWN = 60


class JsonError(ValueError):
    """A JSON value that does not fit its type; the message starts with the path of the value,
    e.g. ``MediaContent.images[1].width: 4294967296 is out of range for i32``."""

    __slots__ = ("path", "reason")

    path: str
    reason: str

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}" if path else reason)
        self.path = path
        self.reason = reason


def _show(x: object) -> str:
    """A short JSON-like rendering of a bad value for an error message."""
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
    if isinstance(x, float):
        return "a number"
    if isinstance(x, str):
        return "a string"
    if isinstance(x, list):
        return "an array"
    if isinstance(x, dict):
        return "an object"
    return f"a {type(x).__name__}"


def at(path: str, *indexes: int) -> str:
    """The path of an element: ``at("X.ints", 3)`` is ``X.ints[3]``; ``at("X.m", 3, 0)`` is
    the key of entry 3 of a map, ``X.m[3][0]``."""
    return path + "".join(f"[{i}]" for i in indexes)


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
    return JsonError("", f"{type(value).__name__} is not a variant of union {union}")


# ---- Input --------------------------------------------------------------------------------


def bool_from_json(x: object, path: str) -> bool:
    if type(x) is bool:
        return x
    raise JsonError(path, f"expected a bool, got {_show(x)}")


def int_from_json(x: object, path: str, lo: int, hi: int, type_name: str) -> int:
    """An integer of the type ``type_name``, from ``lo`` to ``hi``: a JSON number without a
    fraction or exponent (``json.loads`` gives ``int``); bools and floats are refused."""
    if isinstance(x, int) and not isinstance(x, bool):
        if lo <= x <= hi:
            return int(x)
        raise JsonError(path, f"{int(x)} is out of range for {type_name}")
    raise JsonError(path, f"expected an integer ({type_name}), got {_show(x)}")


_SPECIAL = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


def f64_from_json(x: object, path: str) -> float:
    """A number (an integer is rounded to the nearest double), or ``"NaN"``, ``"Infinity"``,
    ``"-Infinity"``."""
    if isinstance(x, float):
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        try:
            return float(x)
        except OverflowError:
            raise JsonError(path, f"{x} is out of range for f64") from None
    if isinstance(x, str):
        special = _SPECIAL.get(x)
        if special is not None:
            return special
    raise JsonError(path, f"expected a number, \"NaN\", \"Infinity\" or \"-Infinity\", got {_show(x)}")


def f32_from_json(x: object, path: str) -> float:
    """As :func:`f64_from_json`, then rounded to the nearest f32; a finite number that rounds
    to an infinity is an error."""
    d = f64_from_json(x, path)
    try:
        return float(_F32.unpack(_F32.pack(d))[0])
    except OverflowError:
        raise JsonError(path, f"{_show(x)} is out of range for f32") from None


def str_from_json(x: object, path: str) -> str:
    if isinstance(x, str):
        return x
    raise JsonError(path, f"expected a string, got {_show(x)}")


def bytes_from_json(x: object, path: str) -> bytes:
    """Standard base64 with padding, strictly: no other characters, no missing padding, no
    bits set past the data (the text must be what :func:`bytes_to_json` writes)."""
    if not isinstance(x, str):
        raise JsonError(path, f"expected a base64 string, got {_show(x)}")
    try:
        data = base64.b64decode(x.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error, ValueError):
        raise JsonError(path, f"{_show(x)} is not base64 with padding") from None
    if base64.b64encode(data).decode("ascii") != x:
        raise JsonError(path, f"{_show(x)} is not canonical base64 with padding")
    return data


def enum_from_json(x: object, path: str, cls: type[E]) -> E:
    """A member's name, or a number in 0..2**31-1 (one the schema does not name is kept)."""
    if isinstance(x, str):
        member = cls.__members__.get(x)
        if member is None:
            raise JsonError(path, f"{_show(x)} is not a member of enum {cls.__name__}")
        return member
    if isinstance(x, int) and not isinstance(x, bool):
        if 0 <= x <= 0x7FFFFFFF:
            return cls(x)
        raise JsonError(path, f"{int(x)} is out of range for enum {cls.__name__} (0..2147483647)")
    raise JsonError(path, f"expected an enum name or number ({cls.__name__}), got {_show(x)}")


def list_from_json(x: object, path: str) -> list[Any]:
    if isinstance(x, list):
        return x
    raise JsonError(path, f"expected an array, got {_kind(x)}")


def pairs_from_json(x: object, path: str) -> list[tuple[Any, Any]]:
    """A map's entries: an array of ``[key, value]`` arrays."""
    entries = list_from_json(x, path)
    out: list[tuple[Any, Any]] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, list) or len(entry) != 2:
            raise JsonError(at(path, i), f"expected a [key, value] array, got {_show(entry)}")
        out.append((entry[0], entry[1]))
    return out


def dict_from_json(pairs: list[tuple[K, V]], path: str) -> dict[K, V]:
    """A map from its converted entries, in order; a key that repeats an earlier one is an
    error."""
    out: dict[K, V] = {}
    for i, (k, v) in enumerate(pairs):
        if k in out:
            shown = k.name if isinstance(k, enum.Enum) and k.name in type(k).__members__ else _show(k)
            raise JsonError(at(path, i), f"repeated map key {shown}")
        out[k] = v
    return out


def object_from_json(x: object, path: str) -> dict[str, Any]:
    """A record's or struct's object."""
    if isinstance(x, dict):
        return x
    raise JsonError(path, f"expected an object, got {_kind(x)}")


def unknown_field(path: str, name: object) -> JsonError:
    return JsonError(path, f"unknown field {_show(name)}")


def variant_from_json(x: object, path: str) -> tuple[str, Any]:
    """A union's object: exactly one key, the variant's name, and its value."""
    obj = object_from_json(x, path)
    if len(obj) != 1:
        raise JsonError(path, f"expected an object with one key (the variant), got {len(obj)} keys")
    ((name, value),) = obj.items()
    return name, value


def unknown_variant(path: str, name: object, union: str) -> JsonError:
    return JsonError(path, f"unknown variant {_show(name)} of union {union}")
