"""What generated code names besides the binder (:mod:`cser.bind`) and the descriptors
(:mod:`cser.descriptors`): :class:`Codec`, the four methods every bound type's codec has, in C
or in Python, and :func:`unknown_member`, which open enums call.
"""

from __future__ import annotations

import enum
from typing import Protocol, TypeVar

__all__ = ["Codec", "unknown_member"]

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
