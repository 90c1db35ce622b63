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
Every problem raises :class:`JsonError` with the path of the bad value (a
:class:`~cser.path.FieldPath`, as decode errors have):
``MediaContent.images[1].width: 4294967296 is out of range for i32``.
"""

from __future__ import annotations

import base64
import binascii
import enum
import json as _json
import math
import struct
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from cser.path import FieldPath

__all__ = ["JsonError"]

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
    raise JsonError(f"expected an integer ({type_name}), got {_show(x)}")


_SPECIAL = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


def f64_from_json(x: object) -> float:
    """A number (an integer is rounded to the nearest double), or ``"NaN"``, ``"Infinity"``,
    ``"-Infinity"``."""
    if isinstance(x, float):
        return x
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
    return name, value


def unknown_variant(name: object, union: str) -> JsonError:
    return JsonError(f"unknown variant {_show(name)} of union {union}")
