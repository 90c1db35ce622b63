"""Zigzag mapping of signed integers (SPEC §4): 0 → 0, -1 → 1, 1 → 2, -2 → 3, …

The code :mod:`cser.writer` and :mod:`cser.reader` write at bind time inlines these two
expressions (:data:`ENCODE` and :data:`DECODE`, with the name of a local for ``{x}``); the
functions are for everything else.
"""

from __future__ import annotations

__all__ = ["DECODE", "ENCODE", "decode_zigzag", "encode_zigzag"]

#: Zigzag of ``{x}``, any width (Python ints: ``x < 0`` spells the sign for every width).
ENCODE = "({x} << 1) ^ -({x} < 0)"
#: The signed value of the zigzag ``{x}``.
DECODE = "({x} >> 1) ^ -({x} & 1)"


def encode_zigzag(x: int) -> int:
    """Zigzag of a signed integer."""
    return (x << 1) ^ -(x < 0)


def decode_zigzag(x: int) -> int:
    """The signed integer of a zigzag value."""
    return (x >> 1) ^ -(x & 1)
