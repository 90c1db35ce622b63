"""The decode error every failure reports (SPEC §10), and the encode error; the constructors of
the decode errors the readers raise (the C accelerator raises the same kinds with the same
reasons, ``_native/errors.c``)."""

from __future__ import annotations

import enum
import struct

from cser.limits import MAX_DEPTH
from cser.path import FieldPath


class DecodeErrorKind(enum.Enum):
    """What went wrong while decoding (SPEC §10). The names and the offset each kind reports
    match the Java runtime's ``dev.cser.DecodeErrorKind`` and the Rust ``cser::DecodeErrorKind``.
    """

    #: The input ended inside a value. Offset: the end of the enclosing message or record body.
    TRUNCATED = "truncated"
    #: A varint that is not minimal (``80 00``). Offset: its last (``00``) byte.
    OVERLONG_VARINT = "overlong varint"
    #: A varint longer than 10 bytes or whose 10th byte is above ``01``. Offset: the 10th byte.
    BAD_VARINT = "bad varint"
    #: A well-formed integer that does not fit the type read. Offset: the varint's first byte.
    OUT_OF_RANGE = "out of range"
    #: A bool byte other than ``00`` or ``01``. Offset: that byte.
    BAD_BOOL = "bad bool"
    #: A string that is not well-formed UTF-8. Offset: the first byte of the bad sequence.
    BAD_UTF8 = "bad UTF-8"
    #: A length or count larger than the bytes that remain. Offset: the length's first byte.
    LENGTH_TOO_LARGE = "length too large"
    #: A map key repeating an earlier one. Offset: just after the repeated entry.
    DUPLICATE_MAP_KEY = "duplicate map key"
    #: A presence byte with a bit set for a slot that does not exist. Offset: that byte.
    BAD_PRESENCE = "bad presence"
    #: Nesting deeper than the maximum depth. Offset: where the too-deep value starts.
    DEPTH_EXCEEDED = "depth exceeded"
    #: A union tag of 0 (variant ids start at 1; a tag of 1 or more this schema does not know
    #: is kept as an unknown variant, SPEC §5.7). Offset: just after the tag.
    UNKNOWN_UNION_TAG = "unknown union tag"
    #: Bytes left over after a message's value. Offset: the first left-over byte.
    TRAILING_BYTES = "trailing bytes"
    #: A stream not starting with magic ``CSER`` and version ``02``. Offset: the first bad byte.
    BAD_STREAM_HEADER = "bad stream header"
    #: A stream of another root type (or, when required, fingerprint). Offset: 5 or 13.
    WRONG_TYPE = "wrong type"
    #: A stream frame longer than the reader's maximum. Offset: the frame length's first byte.
    MESSAGE_TOO_LARGE = "message too large"
    #: A stream whose writer's schema is not compatible with the reader's (SPEC §9.1), or, when
    #: the reader requires a known one, whose writer's schema it does not know. Offset: 13, the
    #: header's fingerprint.
    INCOMPATIBLE_SCHEMA = "incompatible schema"


class DecodeError(ValueError):
    """The one error decoding raises (SPEC §10): a :class:`DecodeErrorKind`, the byte offset
    where the problem was detected (from the start of the message, or of the stream), and the
    path of fields leading to it, e.g. ``MediaContent.images[1].title``.
    """

    __slots__ = ("_path", "context", "hint", "kind", "offset", "reason")

    kind: DecodeErrorKind
    offset: int
    reason: str
    context: str | None
    #: A suggestion for the caller, or ``None``: :data:`STREAM_HINT` when bytes that start with
    #: the stream magic ``CSER`` (SPEC §8) fail to decode as one message. It changes neither the
    #: kind nor the offset.
    hint: str | None

    def __init__(self, kind: DecodeErrorKind, reason: str, offset: int) -> None:
        super().__init__(kind, reason, offset)
        self.kind = kind
        self.offset = offset
        self.reason = reason
        self._path = FieldPath()
        self.context = None
        self.hint = None

    def push_field(self, segment: str) -> DecodeError:
        """Prepends a field segment, ``"Type.field"``, while unwinding; returns ``self``."""
        self._path.push_field(segment)
        return self

    def push_index(self, index: int) -> DecodeError:
        """Prepends a list index, rendered ``[1]``; returns ``self``."""
        self._path.push_index(index)
        return self

    def push_key(self, key: object) -> DecodeError:
        """Prepends a map key, ``["a"]`` for a string and ``[7]`` otherwise; returns ``self``."""
        self._path.push_key(key)
        return self

    @property
    def path(self) -> str:
        """The path of fields to the error, e.g. ``MediaContent.images[1].title``; ``""`` when
        the error is not inside a field. Only the outermost field keeps its type name."""
        return str(self._path)

    def __str__(self) -> str:
        text = f"{self.kind.name}: {self.reason} at offset {self.offset}"
        path = self.path
        if path:
            text += f" in {path}"
        if self.context:
            text += f" ({self.context})"
        if self.hint:
            text += f"; hint: {self.hint}"
        return text

    def __repr__(self) -> str:
        return f"DecodeError({self})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.kind, self.reason, self.offset, self._path.segments, self.context, self.hint))


def _rebuild(
    kind: DecodeErrorKind,
    reason: str,
    offset: int,
    segments: list[str],
    context: str | None,
    hint: str | None = None,
) -> DecodeError:
    e = DecodeError(kind, reason, offset)
    e._path = FieldPath(segments)
    e.context = context
    e.hint = hint
    return e


#: The hint of a decode error of a message that starts with the stream magic: a stream decoded
#: as a message fails somewhere in its header, with an error that says nothing about why. (The C
#: accelerator sets the same text, taken from here.)
STREAM_HINT = (
    'the bytes start with "CSER", the magic of a stream (SPEC §8): '
    "read them with cser.StreamReader, not as one message"
)


class EncodeError(ValueError):
    """A value the format cannot hold: an integer outside its field's type, a string with a lone
    surrogate, nesting deeper than the maximum depth, a value of the wrong type."""


# ---- the decode errors of SPEC §10, as every reader raises them ------------------------------

_K = DecodeErrorKind


def truncated(end: int) -> DecodeError:
    """The input ends inside a value; ``end`` is the end of the enclosing message or body."""
    return DecodeError(_K.TRUNCATED, "the input ends inside a value", end)


def depth_exceeded(pos: int) -> DecodeError:
    return DecodeError(_K.DEPTH_EXCEEDED, "nesting deeper than the maximum depth", pos)


def recursion_exceeded(pos: int) -> DecodeError:
    """Only with a max_depth above what the interpreter's stack allows."""
    return DecodeError(_K.DEPTH_EXCEEDED, "nesting deeper than Python's recursion limit", pos)


def unknown_tag(pos: int, tag: int, union: str) -> DecodeError:
    return DecodeError(_K.UNKNOWN_UNION_TAG, f"unknown tag {tag} of union {union}", pos)


def bad_bool(pos: int, byte: int) -> DecodeError:
    return DecodeError(_K.BAD_BOOL, f"bool byte {byte:#04x} is neither 00 nor 01", pos)


def bad_presence(pos: int, byte: int, used: int) -> DecodeError:
    return DecodeError(_K.BAD_PRESENCE, f"presence byte {byte:#04x} sets bits past the {used} slots", pos)


def duplicate_key(pos: int, key: object) -> DecodeError:
    return DecodeError(_K.DUPLICATE_MAP_KEY, f"duplicate map key {key!r}", pos)


def bad_utf8(pos: int) -> DecodeError:
    return DecodeError(_K.BAD_UTF8, "invalid UTF-8", pos)


_RANGE_NAMES = {0xFFFF: "u16 (or zigzag i16)", 0xFFFFFFFF: "u32 (or zigzag i32)", 0x7FFFFFFF: "an enum (0..2^31-1)"}


def out_of_range(pos: int, value: int, maximum: int) -> DecodeError:
    """A varint above ``maximum``, the largest value of the type read."""
    return DecodeError(_K.OUT_OF_RANGE, f"{value} does not fit {_RANGE_NAMES.get(maximum, 'u64')}", pos)


def length_too_large(pos: int, n: int, left: int) -> DecodeError:
    return DecodeError(_K.LENGTH_TOO_LARGE, f"length {n} exceeds the {left} bytes that remain", pos)


def count_too_large(pos: int, n: int, width: int, left: int) -> DecodeError:
    return DecodeError(
        _K.LENGTH_TOO_LARGE, f"count {n} of {width}-byte elements exceeds the {left} bytes that remain", pos
    )


def optional_count_too_large(pos: int, n: int, left: int) -> DecodeError:
    return DecodeError(_K.LENGTH_TOO_LARGE, f"count {n} of optionals exceeds 8 x the {left} bytes that remain", pos)


def trailing_bytes(pos: int, end: int) -> DecodeError:
    return DecodeError(_K.TRAILING_BYTES, f"{end - pos} bytes after the value", pos)


# ---- the encode errors, as every writer raises them ------------------------------------------


def range_error(v: object, type_name: str) -> EncodeError:
    """An integer outside ``type_name``, or not an integer at all."""
    if isinstance(v, int):
        return EncodeError(f"{v} is out of range for {type_name}")
    return EncodeError(f"{v!r} is not an integer ({type_name})")


#: What Python's dict iteration raises (RuntimeError) when the dict changes meanwhile: the Python
#: writers report it as changed_during_encode's EncodeError, the C writer raises that directly.
DICT_CHANGED = ("dictionary changed size during iteration", "dictionary keys changed during iteration")

#: What a pure-Python writer lets through for a value it cannot encode, for :func:`encode_failure`
#: to turn into EncodeError: a wrongly typed value (mypy --strict catches those statically; this at
#: run time), a lone surrogate in a string written inline (``str.encode``), a cycle, a changed dict.
WRITE_FAILURES = (TypeError, AttributeError, OverflowError, struct.error, UnicodeEncodeError, RuntimeError)


def encode_failure(e: Exception, value: object) -> Exception:
    """The error to raise for ``e``, which a writer raised while writing ``value`` (one of
    :data:`WRITE_FAILURES`): the EncodeError a user is promised, or ``e`` itself for a
    RuntimeError that is not a writer's. Every caller of a whole value's writer (a message, a
    stream frame) raises it, so each says the same."""
    err: Exception
    if isinstance(e, UnicodeEncodeError):
        err = lone_surrogate(e.start)
    elif isinstance(e, RecursionError):
        err = EncodeError("the value nests too deeply (a cycle?)")
    elif isinstance(e, RuntimeError):
        if str(e) not in DICT_CHANGED:
            return e
        err = changed_during_encode("map")
    else:
        err = EncodeError(f"cannot encode {type(value).__name__}: {e}")
        err.__cause__ = e
        return err
    err.__suppress_context__ = True  # as "raise ... from None": the writer's error says nothing more
    return err


def changed_during_encode(what: str) -> EncodeError:
    """A list or map whose size changed while it was encoded, or an optional that became None or
    not after its presence byte was written: code the writer called (``__float__``, ``__eq__``,
    a property, ...) changed the value under it (SPEC §12.3)."""
    return EncodeError(f"{what} changed while it was encoded")


def too_deep(type_name: str) -> EncodeError:
    return EncodeError(f"{type_name} nests deeper than the maximum depth {MAX_DEPTH} (a cycle?)")


def not_a_variant(value: object, union: str) -> EncodeError:
    return EncodeError(f"{type(value).__name__} is not a variant of union {union}")


def not_unknown_variant(value: object, union: str) -> EncodeError:
    """The value of a union's ``Unknown`` subclass that is not a :class:`cser.UnknownVariant` a
    decoder made (SPEC §5.7): only decoders make one."""
    return EncodeError(f"the unknown variant of union {union} holds {type(value).__name__}, "
                       "not a cser.UnknownVariant a decoder made")


def known_tag_as_unknown(tag: int, union: str, known: int) -> EncodeError:
    """An unknown variant whose tag the union has (SPEC §5.7): it came from another union's value,
    and its bytes would read as that variant of this one."""
    return EncodeError(f"the unknown variant of union {union} has tag {tag}, one of the union's own "
                       f"(1..{known}): it comes from another union's value")


def lone_surrogate(index: int) -> EncodeError:
    return EncodeError(f"string holds a lone surrogate at index {index}")
