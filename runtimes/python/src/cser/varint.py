"""Varints (SPEC §4): unsigned LEB128, minimal, at most 10 bytes.

The one varint helper of the Python code base: the pure-Python codec (:mod:`cser.reader`,
:mod:`cser.writer`), streams, the conformance generator, the load test and the fuzz driver all
use it. (The code that :mod:`cser.writer` and :mod:`cser.reader` write at bind time inlines the
one-byte case and calls these functions for the rest; the C accelerator has its own copy in
``_native/wire.h``, with the long and malformed cases of reading in ``_native/reader.c``.)
"""

from __future__ import annotations

from cser.errors import DecodeError, DecodeErrorKind, out_of_range, truncated

__all__ = ["MAX_VARINT_LEN", "U64_MAX", "encode_varint", "read_varint", "varint_len", "write_varint"]

#: The longest varint: 10 bytes hold 64 bits.
MAX_VARINT_LEN = 10
#: The largest value a varint holds.
U64_MAX = (1 << 64) - 1


def write_varint(out: bytearray, v: int) -> None:
    """Appends the varint of ``v`` (0 ≤ v < 2⁶⁴, checked by the caller)."""
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)


def encode_varint(v: int) -> bytes:
    """The varint of ``v`` (0 ≤ v < 2⁶⁴) as bytes."""
    out = bytearray()
    write_varint(out, v)
    return bytes(out)


def varint_len(v: int) -> int:
    """The number of bytes of the varint of ``v`` (1..10)."""
    return max(1, (v.bit_length() + 6) // 7)


def read_varint(data: bytes, pos: int, end: int, maximum: int = U64_MAX) -> tuple[int, int]:
    """Reads the varint at ``pos``, before ``end``; returns its value and the position after it.

    Raises :class:`~cser.errors.DecodeError`: TRUNCATED at ``end`` if the input ends inside it,
    OVERLONG_VARINT at its last byte for a form that is not minimal (``80 00``), BAD_VARINT at
    the 10th byte for more than 64 bits, OUT_OF_RANGE at its first byte above ``maximum``.
    """
    start = pos
    result = 0
    shift = 0
    while True:
        if pos >= end:
            raise truncated(end)
        b = data[pos]
        if shift == 63:
            # The 10th byte: only 00 (overlong) or 01 (the top bit) are possible.
            if b == 1:
                result |= 1 << 63
                pos += 1
                break
            if b == 0:
                raise DecodeError(DecodeErrorKind.OVERLONG_VARINT, "varint is not minimal", pos)
            raise DecodeError(DecodeErrorKind.BAD_VARINT, "varint longer than 64 bits", pos)
        if b < 0x80:
            if b == 0 and pos > start:
                raise DecodeError(DecodeErrorKind.OVERLONG_VARINT, "varint is not minimal", pos)
            result |= b << shift
            pos += 1
            break
        result |= (b & 0x7F) << shift
        shift += 7
        pos += 1
    if result > maximum:
        raise out_of_range(start, result, maximum)
    return result, pos
