"""The record headers of SPEC §8.2: their names for a value and for a key, and reading and writing
them in the two shapes confluent-kafka passes headers in (a list of ``(name, value)`` pairs, as
consumed records carry them, or a dict, as ``produce()`` also accepts).

Knows nothing of confluent-kafka itself, so it is tested and type-checked on its own.
"""

from __future__ import annotations

import struct
from typing import Final, TypeAlias

from cser.errors import DecodeError, DecodeErrorKind

__all__ = [
    "FINGERPRINT",
    "KEY_FINGERPRINT",
    "KEY_TYPE",
    "TYPE",
    "HeaderNames",
    "Headers",
    "header_names",
    "pack_u64",
    "read_u64",
    "remove",
    "write_pairs",
    "write_u64s",
]

#: The root type's id (SPEC §8) of a record's value, 8 bytes, u64 little-endian.
TYPE: Final = "cser.type"
#: The writer's schema fingerprint (SPEC §8) of a record's value, 8 bytes, u64 little-endian.
FINGERPRINT: Final = "cser.fingerprint"
#: The same two for a record's key serialized with cser.
KEY_TYPE: Final = "cser.key.type"
KEY_FINGERPRINT: Final = "cser.key.fingerprint"

#: Headers as confluent-kafka passes them (its ``HeadersType``): a consumed record's are a list of
#: pairs; ``produce()`` also takes a dict. A value may be ``None`` (a header with no value).
Headers: TypeAlias = list[tuple[str, str | bytes | None]] | dict[str, str | bytes | None]

_U64: Final = struct.Struct("<Q")


class HeaderNames:
    """The names of the type and fingerprint headers of one side of a record (value or key)."""

    __slots__ = ("fingerprint", "type")

    def __init__(self, type_: str, fingerprint: str) -> None:
        self.type = type_
        self.fingerprint = fingerprint


_VALUE_NAMES: Final = HeaderNames(TYPE, FINGERPRINT)
_KEY_NAMES: Final = HeaderNames(KEY_TYPE, KEY_FINGERPRINT)


def header_names(key: bool) -> HeaderNames:
    """The header names of a record's key (``key=True``) or value."""
    return _KEY_NAMES if key else _VALUE_NAMES


def read_u64(headers: Headers | None, name: str) -> int | None:
    """The u64 in the header ``name`` (the last one when it occurs more than once, as Kafka's
    ``lastHeader``), or ``None`` when there is none. A header that is not exactly 8 bytes long is a
    :class:`~cser.errors.DecodeError` *bad stream header* at offset 0 (of the header's value)."""
    if headers is None:
        return None
    found = False
    value: str | bytes | None = None
    if isinstance(headers, dict):
        if name in headers:
            found, value = True, headers[name]
    else:
        for header_name, header_value in headers:
            if header_name == name:
                found, value = True, header_value
    if not found:
        return None
    # A str is what produce() would send: its UTF-8 bytes.
    data = value.encode("utf-8") if isinstance(value, str) else value
    if data is None or len(data) != _U64.size:
        length = "no value" if data is None else f"{len(data)} bytes"
        err = DecodeError(
            DecodeErrorKind.BAD_STREAM_HEADER, f"the record header {name} has {length}, not 8 bytes", 0
        )
        err.context = f"record header {name}"
        raise err
    (number,) = _U64.unpack(data)
    return int(number)


def pack_u64(number: int) -> bytes:
    """A header's value: ``number`` as a u64, 8 bytes little-endian."""
    return _U64.pack(number)


def write_pairs(headers: Headers, pairs: tuple[tuple[str, bytes], tuple[str, bytes]]) -> None:
    """Sets the two headers of ``pairs`` (name, 8-byte value) in ``headers`` in place, replacing
    every header of those names; what :func:`write_u64s` does, for values packed beforehand (a
    serializer packs its type id and fingerprint once). ``TypeError`` as there."""
    if isinstance(headers, list):
        if headers:
            first, second = pairs[0][0], pairs[1][0]
            headers[:] = [header for header in headers if header[0] != first and header[0] != second]
        headers.extend(pairs)
    elif isinstance(headers, dict):
        headers.update(pairs)
    else:
        raise TypeError(f"headers must be a list of (name, value) pairs or a dict, not {type(headers).__name__}")


def remove(headers: Headers, names: tuple[str, ...]) -> None:
    """Removes every header named in ``names`` from ``headers`` in place (``TypeError`` for headers
    of another shape, as :func:`write_u64s`)."""
    if isinstance(headers, list):
        headers[:] = [header for header in headers if header[0] not in names]
    elif isinstance(headers, dict):
        for name in names:
            headers.pop(name, None)
    else:
        raise TypeError(f"headers must be a list of (name, value) pairs or a dict, not {type(headers).__name__}")


def write_u64s(headers: Headers, values: dict[str, int]) -> None:
    """Sets each header ``name`` of ``values`` to its u64, little-endian, in ``headers`` in place,
    replacing every header of that name already there. ``TypeError`` for headers of another shape
    (confluent-kafka's tuple of pairs cannot change in place)."""
    encoded = {name: _U64.pack(number) for name, number in values.items()}
    if isinstance(headers, dict):
        headers.update(encoded)
    elif isinstance(headers, list):
        headers[:] = [header for header in headers if header[0] not in encoded]
        headers.extend(encoded.items())
    else:
        raise TypeError(f"headers must be a list of (name, value) pairs or a dict, not {type(headers).__name__}")
