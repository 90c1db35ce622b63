"""f32 values bit for bit (SPEC §6: a float is its exact bit pattern, every NaN payload too).

A Python float is a double. Converting an f32 to a double and back with C casts, or with
``struct``'s ``"<f"``, sets the quiet bit of a signalling NaN (``0x7f800001`` comes back as
``0x7fc00001``); these convert NaNs bit by bit instead, as ``_native`` does (``native.h``):

- f32 → double: the sign, the exponent of a NaN, the 23 fraction bits as the top ones of the
  double's 52 (a signalling NaN stays signalling);
- double → f32: the sign and the top 23 fraction bits. A NaN whose payload is only in the low
  29 bits would lose it all and read as infinity: it becomes the quiet NaN of its sign, which is
  what Java's ``(float)`` and Rust's ``as f32`` give for it. For any other NaN this is what
  they give for a quiet NaN; a signalling one keeps its signalling bit (they would set it), so
  that every f32 decoded and written again is its own bytes.

Numbers that are not NaN convert as ``struct`` (and C) does: round to nearest, OverflowError for
a finite double beyond the f32 range.
"""

from __future__ import annotations

import struct
from math import isnan
from typing import Any

__all__ = ["f32_from_bits", "pack_f32", "pack_f32_list", "read_f32", "read_f32_list", "to_double"]

_F32 = struct.Struct("<f")
_F64 = struct.Struct("<d")
_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")


def f32_from_bits(bits: int) -> float:
    """The double of an f32's bits; a NaN's payload kept bit for bit."""
    if bits & 0x7F800000 == 0x7F800000 and bits & 0x7FFFFF:
        d = (bits & 0x80000000) << 32 | 0x7FF0000000000000 | (bits & 0x7FFFFF) << 29
        return float(_F64.unpack(_U64.pack(d))[0])
    return float(_F32.unpack(_U32.pack(bits))[0])


def _nan_bits(d: float) -> int:
    b: int = _U64.unpack(_F64.pack(d))[0]
    return (b >> 32) & 0x80000000 | 0x7F800000 | ((b >> 29) & 0x7FFFFF or 0x400000)


def to_double(x: Any) -> float:
    """``x`` converted as ``struct``'s ``"<d"`` converts it (``__float__`` once; any error it
    raises becomes struct.error, an EncodeError from encode, as in the C writer)."""
    return float(_F64.unpack(_F64.pack(x))[0])


def pack_f32(x: Any) -> bytes:
    """The 4 bytes of ``x`` as an f32; ``x`` is converted once (``__float__`` called once)."""
    d: float = _F64.unpack(_F64.pack(x))[0]
    if d != d:
        return _U32.pack(_nan_bits(d))
    return _F32.pack(d)


def pack_f32_list(values: list[Any] | tuple[Any, ...]) -> bytes:
    """The f32s of ``values``, each converted once, in order."""
    n = len(values)
    doubles = struct.unpack(f"<{n}d", struct.pack(f"<{n}d", *values))
    packed = struct.pack(f"<{n}f", *doubles)
    if not any(map(isnan, doubles)):
        return packed
    out = bytearray(packed)
    for i, d in enumerate(doubles):
        if d != d:
            _U32.pack_into(out, 4 * i, _nan_bits(d))
    return bytes(out)


def read_f32(data: bytes, pos: int) -> float:
    x: float = _F32.unpack_from(data, pos)[0]
    if x != x:
        return f32_from_bits(_U32.unpack_from(data, pos)[0])
    return x


def read_f32_list(data: bytes, pos: int, n: int) -> list[float]:
    out = list(struct.unpack_from(f"<{n}f", data, pos))
    if any(map(isnan, out)):
        for i, x in enumerate(out):
            if x != x:
                out[i] = f32_from_bits(_U32.unpack_from(data, pos + 4 * i)[0])
    return out
