"""The primitives of the wire format (SPEC §4, §5) as the generated code calls them.

Generated readers inline the common case (a one-byte varint, a short ASCII-free string) and call
these functions for the rest; every function here checks what SPEC §10 requires before it
allocates. Readers take ``(data, pos, end)`` — the input, where to read, and the end of the
enclosing message or record body — and return ``(value, new_pos)``. Writers append to a
``bytearray``. Nothing here is public API beyond :data:`MAX_DEPTH`; the names may change with
the generated code.
"""

from __future__ import annotations

import enum
import struct
from collections.abc import Callable, Sequence
from typing import TypeVar

from cser.errors import DecodeError, DecodeErrorKind, EncodeError

T = TypeVar("T")
E = TypeVar("E", bound=enum.IntEnum)

#: The default maximum nesting depth (SPEC §7), for decoding and encoding alike.
MAX_DEPTH = 64

F32 = struct.Struct("<f")
F64 = struct.Struct("<d")

U64_MAX = (1 << 64) - 1

_K = DecodeErrorKind


# ---- errors ----------------------------------------------------------------------------------


def truncated(end: int) -> DecodeError:
    return DecodeError(_K.TRUNCATED, "the input ends inside a value", end)


def depth_exceeded(pos: int) -> DecodeError:
    return DecodeError(_K.DEPTH_EXCEEDED, "nesting deeper than the maximum depth", pos)


def unknown_tag(pos: int, tag: int, union: str) -> DecodeError:
    return DecodeError(_K.UNKNOWN_UNION_TAG, f"unknown tag {tag} of union {union}", pos)


def bad_bool(pos: int, byte: int) -> DecodeError:
    return DecodeError(_K.BAD_BOOL, f"bool byte {byte:#04x} is neither 00 nor 01", pos)


def bad_presence(pos: int, byte: int, used: int) -> DecodeError:
    return DecodeError(
        _K.BAD_PRESENCE, f"presence byte {byte:#04x} sets bits past the {used} slots", pos
    )


def duplicate_key(pos: int, key: object) -> DecodeError:
    return DecodeError(_K.DUPLICATE_MAP_KEY, f"duplicate map key {key!r}", pos)


def bad_utf8(pos: int) -> DecodeError:
    return DecodeError(_K.BAD_UTF8, "invalid UTF-8", pos)


def out_of_range(pos: int, value: int, type_name: str) -> DecodeError:
    return DecodeError(_K.OUT_OF_RANGE, f"{value} does not fit {type_name}", pos)


def length_too_large(pos: int, n: int, left: int) -> DecodeError:
    return DecodeError(_K.LENGTH_TOO_LARGE, f"length {n} exceeds the {left} bytes that remain", pos)


# ---- reading ---------------------------------------------------------------------------------


def read_uint(data: bytes, pos: int, end: int, maximum: int) -> tuple[int, int]:
    """Reads a varint at ``pos`` that must not exceed ``maximum`` (OUT_OF_RANGE otherwise)."""
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
                raise DecodeError(_K.OVERLONG_VARINT, "varint is not minimal", pos)
            raise DecodeError(_K.BAD_VARINT, "varint longer than 64 bits", pos)
        if b < 0x80:
            if b == 0 and pos > start:
                raise DecodeError(_K.OVERLONG_VARINT, "varint is not minimal", pos)
            result |= b << shift
            pos += 1
            break
        result |= (b & 0x7F) << shift
        shift += 7
        pos += 1
    if result > maximum:
        raise out_of_range(start, result, _range_name(maximum))
    return result, pos


def _range_name(maximum: int) -> str:
    return {0xFFFF: "u16 (or zigzag i16)", 0xFFFFFFFF: "u32 (or zigzag i32)",
            0x7FFFFFFF: "an enum (0..2^31-1)"}.get(maximum, "u64")


def read_length(data: bytes, pos: int, end: int) -> tuple[int, int]:
    """Reads a byte length; LENGTH_TOO_LARGE if above the bytes that remain before ``end``."""
    n, p = read_uint(data, pos, end, U64_MAX)
    if n > end - p:
        raise length_too_large(pos, n, end - p)
    return n, p


def read_count(data: bytes, pos: int, end: int, width: int = 1) -> tuple[int, int]:
    """Reads a count of elements of at least ``width`` bytes each (SPEC §4)."""
    n, p = read_uint(data, pos, end, U64_MAX)
    left = end - p
    if n > left // width:
        raise DecodeError(
            _K.LENGTH_TOO_LARGE, f"count {n} of {width}-byte elements exceeds the {left} bytes that remain", pos
        )
    return n, p


def read_optional_count(data: bytes, pos: int, end: int) -> tuple[int, int]:
    """Reads the count of a list or map of optionals: at most 8 x the bytes that remain."""
    n, p = read_uint(data, pos, end, U64_MAX)
    left = end - p
    if n > min(8 * left, 0x7FFFFFFF):
        raise DecodeError(
            _K.LENGTH_TOO_LARGE, f"count {n} of optionals exceeds 8 x the {left} bytes that remain", pos
        )
    return n, p


def read_str(data: bytes, pos: int, end: int) -> tuple[str, int]:
    """Reads a length-prefixed UTF-8 string; BAD_UTF8 for anything RFC 3629 does not allow
    (Python's strict decoder rejects surrogates, overlong forms and code points past U+10FFFF)."""
    n, p = read_length(data, pos, end)
    try:
        return data[p : p + n].decode(), p + n
    except UnicodeDecodeError as e:
        raise bad_utf8(p + e.start) from None


def read_bytes(data: bytes, pos: int, end: int) -> tuple[bytes, int]:
    n, p = read_length(data, pos, end)
    return data[p : p + n], p + n


def read_bool(data: bytes, pos: int, end: int) -> tuple[bool, int]:
    if pos >= end:
        raise truncated(end)
    b = data[pos]
    if b > 1:
        raise bad_bool(pos, b)
    return b == 1, pos + 1


def read_bool_list(data: bytes, pos: int, end: int) -> tuple[list[bool], int]:
    n, p = read_count(data, pos, end)
    chunk = data[p : p + n]
    if chunk.translate(None, b"\x00\x01"):
        bad = next(i for i, b in enumerate(chunk) if b > 1)
        raise bad_bool(p + bad, chunk[bad])
    return [b == 1 for b in chunk], p + n


def read_u8_list(data: bytes, pos: int, end: int) -> tuple[list[int], int]:
    n, p = read_count(data, pos, end)
    return list(data[p : p + n]), p + n


def read_float_list(data: bytes, pos: int, end: int, code: str, width: int) -> tuple[list[float], int]:
    """Reads a packed list of f32 (``f``, 4) or f64 (``d``, 8) in bulk (SPEC §5.3)."""
    n, p = read_count(data, pos, end, width)
    return list(struct.unpack_from(f"<{n}{code}", data, p)), p + n * width


def read_i8_list(data: bytes, pos: int, end: int) -> tuple[list[int], int]:
    n, p = read_count(data, pos, end)
    return list(struct.unpack_from(f"<{n}b", data, p)), p + n


def read_uint_list(data: bytes, pos: int, end: int, maximum: int) -> tuple[list[int], int]:
    """Reads a list of unsigned varints (u16, u32, u64; enums read their numbers with this)."""
    n, p = read_count(data, pos, end)
    out: list[int] = []
    append = out.append
    for _ in range(n):
        if p >= end:
            raise truncated(end)
        b = data[p]
        if b < 0x80:
            append(b)
            p += 1
        else:
            v, p = read_uint(data, p, end, maximum)
            append(v)
    return out, p


def read_sint_list(data: bytes, pos: int, end: int, maximum: int) -> tuple[list[int], int]:
    """Reads a list of zigzag varints (i16, i32, i64); ``maximum`` bounds the zigzag value."""
    raw, p = read_uint_list(data, pos, end, maximum)
    return [(v >> 1) ^ -(v & 1) for v in raw], p


def read_body(
    read: Callable[[bytes, int, int, int], tuple[T, int]], data: bytes, pos: int, end: int, depth: int
) -> tuple[T, int]:
    """Reads a record body that fills ``data[pos:end]`` (a stream frame's content, SPEC §8) with
    the record's generated reader, which expects the length first: the length is put back, and
    taken off again the offsets of errors, which count from ``data``'s start like the C path's."""
    prefix = uint_bytes(end - pos)
    framed = prefix + data[pos:end]
    try:
        return read(framed, 0, len(framed), depth)[0], end
    except DecodeError as e:
        e.offset = pos + max(e.offset - len(prefix), 0)
        raise


def decode_message(
    data: bytes | bytearray | memoryview,
    read: Callable[[bytes, int, int, int], tuple[T, int]],
    max_depth: int,
) -> T:
    """Decodes one whole message with a generated reader: TRAILING_BYTES if bytes are left."""
    if not isinstance(data, bytes):
        data = bytes(data)
    end = len(data)
    try:
        value, pos = read(data, 0, end, max_depth)
    except RecursionError:
        # Only with a max_depth above what the interpreter's stack allows.
        raise DecodeError(_K.DEPTH_EXCEEDED, "nesting deeper than Python's recursion limit", 0) from None
    if pos != end:
        raise DecodeError(_K.TRAILING_BYTES, f"{end - pos} bytes after the value", pos)
    return value


# ---- writing ---------------------------------------------------------------------------------


def write_uint(out: bytearray, v: int) -> None:
    """Appends ``v`` (0 ≤ v < 2⁶⁴, checked by the caller) as a varint."""
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)


def uint_bytes(v: int) -> bytes:
    out = bytearray()
    write_uint(out, v)
    return bytes(out)


def end_record(out: bytearray, start: int) -> None:
    """Fills in the length of a record body that starts after the one-byte placeholder at
    ``start``; a body of 128 bytes or more moves right to make room for a longer varint."""
    n = len(out) - start - 1
    if n < 0x80:
        out[start] = n
    else:
        out[start : start + 1] = uint_bytes(n)


def write_body(write: Callable[[T, bytearray, int], None], value: T, out: bytearray, depth: int) -> None:
    """Appends a record's body alone (a stream frame's content) with the record's generated
    writer, which writes the length first: the length is taken off."""
    framed = bytearray()
    write(value, framed, depth)
    _, p = read_uint(bytes(framed[:10]), 0, min(len(framed), 10), U64_MAX)
    out += memoryview(framed)[p:]


def encode_str(s: str) -> bytes:
    """UTF-8 of ``s``; EncodeError for a lone surrogate (SPEC §5.2: never replaced)."""
    try:
        return s.encode()
    except UnicodeEncodeError as e:
        raise EncodeError(f"string holds a lone surrogate at index {e.start}") from None


def write_str(out: bytearray, s: str) -> None:
    b = encode_str(s)
    n = len(b)
    if n < 0x80:
        out.append(n)
    else:
        write_uint(out, n)
    out += b


def write_bytes(out: bytearray, b: bytes) -> None:
    n = len(b)
    if n < 0x80:
        out.append(n)
    else:
        write_uint(out, n)
    out += b


def check_int(v: int, lo: int, hi: int, type_name: str) -> int:
    """Returns ``v`` if it is an int within [lo, hi], else raises EncodeError."""
    if type(v) is not int and not isinstance(v, int):
        raise EncodeError(f"{v!r} is not an integer ({type_name})")
    if not lo <= v <= hi:
        raise EncodeError(f"{v} is out of range for {type_name}")
    return v


def range_error(v: object, type_name: str) -> EncodeError:
    if isinstance(v, int):
        return EncodeError(f"{v} is out of range for {type_name}")
    return EncodeError(f"{v!r} is not an integer ({type_name})")


def write_uint_list(out: bytearray, values: Sequence[int], hi: int, type_name: str) -> None:
    write_uint(out, len(values))
    for v in values:
        if not 0 <= v <= hi:
            raise range_error(v, type_name)
        if v < 0x80:
            out.append(v)
        else:
            write_uint(out, v)


def write_sint_list(out: bytearray, values: Sequence[int], shift: int, type_name: str) -> None:
    """Appends zigzag varints of a type of ``shift + 1`` bits (i16, i32, i64)."""
    write_uint(out, len(values))
    lo = -(1 << shift)
    hi = (1 << shift) - 1
    for v in values:
        if not lo <= v <= hi:
            raise range_error(v, type_name)
        z = (v << 1) ^ (v >> shift)
        if z < 0x80:
            out.append(z)
        else:
            write_uint(out, z)


def write_packed(out: bytearray, values: Sequence[float] | Sequence[int], code: str) -> None:
    """Appends a packed list of i8 (``b``), u8 (``B``), f32 (``f``) or f64 (``d``)."""
    write_uint(out, len(values))
    try:
        out += struct.pack(f"<{len(values)}{code}", *values)
    except struct.error as e:
        raise EncodeError(f"a packed list element does not fit: {e}") from None


def write_bool_list(out: bytearray, values: Sequence[bool]) -> None:
    write_uint(out, len(values))
    out += bytes([1 if v else 0 for v in values])


def presence(values: Sequence[object], i: int) -> int:
    """The presence byte of slots ``i .. i+7`` of a list (or map values) of optionals."""
    byte = 0
    for j, value in enumerate(values[i : i + 8]):
        if value is not None:
            byte |= 1 << j
    return byte


def not_a_variant(value: object, union: str) -> EncodeError:
    return EncodeError(f"{type(value).__name__} is not a variant of union {union}")


def unknown_member(cls: type[E], value: object) -> E | None:
    """An enum value for a number the schema does not name (SPEC §12.3: enums are open), so that
    decoding and encoding again keeps it. Not cached: hostile input could name 2³¹ of them."""
    if type(value) is not int or not 0 <= value <= 0x7FFFFFFF:
        return None
    member = int.__new__(cls, value)
    member._name_ = f"{cls.__name__}({value})"
    member._value_ = value
    return member


def too_deep(type_name: str) -> EncodeError:
    return EncodeError(f"{type_name} nests deeper than the maximum depth {MAX_DEPTH} (a cycle?)")


def encode_with(write: Callable[[T, bytearray, int], None], value: T) -> bytes:
    """Encodes a whole message with a generated writer, turning a wrongly typed value into
    EncodeError (mypy --strict catches those statically; this catches them at run time)."""
    out = bytearray()
    try:
        write(value, out, MAX_DEPTH)
    except (TypeError, AttributeError, OverflowError, struct.error) as e:
        raise EncodeError(f"cannot encode {type(value).__name__}: {e}") from e
    except UnicodeEncodeError as e:
        raise EncodeError(f"string holds a lone surrogate at index {e.start}") from None
    except RecursionError:
        raise EncodeError("the value nests too deeply (a cycle?)") from None
    return bytes(out)
