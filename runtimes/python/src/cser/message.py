"""Whole messages (SPEC §5.8) and stream frames' contents (SPEC §8) for the pure-Python
interpreter: wraps the readers and writers :mod:`cser.reader` and :mod:`cser.writer` write into
the four methods of a codec (:class:`cser.codec.Codec`). (The C accelerator does the same in
``_native/module.c``.)

A message is one value and nothing after it: TRAILING_BYTES otherwise. If it starts with the
stream magic ``CSER``, its decode error carries :data:`~cser.errors.STREAM_HINT`. Errors that are not cser's
own are turned into them: a wrongly typed value into :class:`~cser.errors.EncodeError` (mypy
--strict catches those statically; this catches them at run time), a ``max_depth`` beyond what
the interpreter's stack allows into *depth exceeded*.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cser.errors import (
    STREAM_HINT,
    WRITE_FAILURES,
    DecodeError,
    encode_failure,
    recursion_exceeded,
    trailing_bytes,
)
from cser.limits import MAX_DEPTH
from cser.stream import MAGIC
from cser.varint import encode_varint, read_varint

__all__ = ["body_decoder", "body_encoder", "decoder", "encoder"]

Reader = Callable[[bytes, int, int, int], tuple[Any, int]]
Writer = Callable[[Any, bytearray, int], None]


def decoder(read: Reader) -> Callable[[bytes | bytearray | memoryview, int], Any]:
    """``decode(data, max_depth)`` of one whole message, with the type's reader."""

    def decode(data: bytes | bytearray | memoryview, max_depth: int) -> Any:
        if not isinstance(data, bytes):
            data = bytes(data)
        end = len(data)
        try:
            try:
                value, pos = read(data, 0, end, max_depth)
            except RecursionError:
                raise recursion_exceeded(0) from None
            if pos != end:
                raise trailing_bytes(pos, end)
        except DecodeError as e:
            if data.startswith(MAGIC):
                e.hint = STREAM_HINT
            raise
        return value

    return decode


def encoder(write: Writer) -> Callable[[Any], bytes]:
    """``encode(value)`` of one whole message, with the type's writer."""

    def encode(value: Any) -> bytes:
        out = bytearray()
        try:
            write(value, out, MAX_DEPTH)
        except WRITE_FAILURES as e:
            raise encode_failure(e, value)  # noqa: B904 (it sets the cause itself)
        return bytes(out)

    return encode


def body_decoder(read: Reader) -> Reader:
    """``decode_body(data, pos, end, depth)`` of a record: its body fills ``data[pos:end]``.
    The record's reader expects the length first: the length is put back, and taken off again
    the offsets of errors, which count from ``data``'s start like the C path's."""

    def decode_body(data: bytes, pos: int, end: int, depth: int) -> tuple[Any, int]:
        prefix = encode_varint(end - pos)
        framed = prefix + data[pos:end]
        try:
            return read(framed, 0, len(framed), depth)[0], end
        except DecodeError as e:
            e.offset = pos + max(e.offset - len(prefix), 0)
            raise

    return decode_body


def body_encoder(write: Writer) -> Writer:
    """``encode_body(value, out, depth)`` of a record: its body alone. The record's writer
    writes the length first: the length is taken off."""

    def encode_body(value: Any, out: bytearray, depth: int) -> None:
        framed = bytearray()
        write(value, framed, depth)
        _, p = read_varint(bytes(framed[:10]), 0, min(len(framed), 10))
        out += memoryview(framed)[p:]

    return encode_body
