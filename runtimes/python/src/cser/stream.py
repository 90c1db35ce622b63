"""Streams of messages (SPEC §8): a 21-byte header, then one length-prefixed frame per message.

A :class:`StreamWriter` appends messages of one generated type to a binary file or a socket; a
:class:`StreamReader` checks the header and decodes them back, one frame at a time, treating the
input as untrusted (SPEC §10): every problem is a :class:`~cser.errors.DecodeError` whose offset
counts from the start of the stream, a frame longer than the maximum message size is rejected
before anything is allocated, and a frame's buffer grows only as its bytes actually arrive.

The reader never reads past the frame it is decoding, so the stream may be followed by other
data, and a socket never blocks waiting for bytes the writer has not sent yet.
"""

from __future__ import annotations

import errno
import socket
import struct
from types import TracebackType
from typing import Any, BinaryIO, Generic, Literal, Protocol, TypeVar, cast

from cser.canonical import has_canonical_text
from cser.errors import WRITE_FAILURES, DecodeError, DecodeErrorKind, encode_failure
from cser.known_schemas import KnownSchemas
from cser.limits import DEFAULT_MAX_MESSAGE_SIZE, MAX_DEPTH
from cser.varint import MAX_VARINT_LEN, encode_varint, read_varint

__all__ = [
    "DEFAULT_MAX_MESSAGE_SIZE",
    "HEADER_SIZE",
    "MAGIC",
    "VERSION",
    "MessageType",
    "StreamReader",
    "StreamWriter",
    "encode_header",
]

T = TypeVar("T")

#: The four bytes every stream starts with.
MAGIC = b"CSER"
#: The format version this runtime reads and writes.
VERSION = 2
#: The length of a stream header: magic, version, type id and fingerprint.
HEADER_SIZE = 21

_TYPE_ID_OFFSET = 5
_FINGERPRINT_OFFSET = 13
_HEADER = struct.Struct("<4sBQQ")
# Reads are at most this long, so a frame that declares a huge length and then stops costs
# memory in proportion to the bytes that really arrived, not to the length it declared.
_CHUNK = 1 << 20

_K = DecodeErrorKind


class RootType(Protocol):
    """The identity of a generated root type (record, struct or union), SPEC §8: what a stream
    header and the Kafka record headers (SPEC §8.2) carry."""

    @property
    def TYPE_NAME(self) -> str:
        """The root type's qualified name, e.g. ``sakai.content.ContentResource``."""
        ...

    @property
    def TYPE_ID(self) -> int:
        """The type id, an unsigned 64-bit int."""
        ...

    @property
    def FINGERPRINT(self) -> int:
        """The schema fingerprint, an unsigned 64-bit int."""
        ...


class MessageType(RootType, Protocol[T]):
    """What a generated message class provides for streams: its identity (SPEC §8) and the
    functions that write and read one frame's content. Pass the class itself, e.g.
    ``StreamWriter(f, Employee)``."""

    @property
    def _IS_RECORD(self) -> bool:
        """True for a record root (a frame is its body), false for a struct or union."""
        ...

    @staticmethod
    def _write_content(value: T, out: bytearray, depth: int) -> None:
        """Appends the frame content of ``value`` to ``out`` with ``depth`` levels left."""
        ...

    @staticmethod
    def _read_content(data: bytes, pos: int, end: int, depth: int) -> tuple[T, int]:
        """Reads one frame's content from ``data[pos:end]``; returns the value and where it
        stopped."""
        ...


class _Writable(Protocol):
    def write(self, data: bytes, /) -> object: ...


class _Readable(Protocol):
    def read(self, n: int, /) -> bytes | None: ...


class _ReadableInto(Protocol):
    def readinto(self, buffer: bytearray, /) -> int | None: ...


def encode_header(type_id: int, fingerprint: int) -> bytes:
    """The 21-byte header of a stream of the type ``type_id`` written by the schema
    ``fingerprint`` (both unsigned 64-bit ints)."""
    try:
        return _HEADER.pack(MAGIC, VERSION, type_id, fingerprint)
    except struct.error:
        raise ValueError(
            f"type id {type_id!r} and fingerprint {fingerprint!r} must be unsigned 64-bit ints"
        ) from None


_S = TypeVar("_S", bound="_Stream[Any]")
_F = TypeVar("_F")


class _Stream(Generic[T]):
    """What the stream writer and reader share: the message type and the nesting bound, the
    socket they may have been given, the count of messages, and ``with``, which closes the stream
    when the block ends, however it ends."""

    def __init__(self, message_type: MessageType[T], max_depth: int, closefd: bool) -> None:
        if max_depth < 1:
            raise ValueError(f"max_depth must be at least 1, not {max_depth}")
        self._type = message_type
        self._max_depth = max_depth
        self._closefd = closefd
        self._sock: socket.socket | None = None
        self._records = 0
        self._closed = False

    def _file(self, f: _F | socket.socket, mode: Literal["rb", "wb"]) -> _F | BinaryIO:
        """``f``, or for a socket a file made on it (the socket is kept for :func:`_release`)."""
        if isinstance(f, socket.socket):
            self._sock = f
            return cast(BinaryIO, f.makefile(mode))
        return f

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self: _S) -> _S:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class StreamWriter(_Stream[T]):
    """Writes a stream of ``message_type`` values to ``out``: a binary file object (anything
    with ``write(bytes)``) or a :class:`socket.socket`.

    The header goes out with the first frame, or on :meth:`flush` or :meth:`close`, so even a
    stream with no messages has one. Each :meth:`write` hands ``out`` one frame in one call; a
    buffered file gathers them, so call :meth:`flush` when a reader waits on the other side.
    Not thread-safe.
    """

    def __init__(
        self,
        out: _Writable | BinaryIO | socket.socket,
        message_type: MessageType[T],
        *,
        max_depth: int = MAX_DEPTH,
        closefd: bool = False,
    ) -> None:
        """``max_depth`` bounds the nesting of each value written (SPEC §7); ``closefd``
        makes :meth:`close` close ``out`` too."""
        super().__init__(message_type, max_depth, closefd)
        # Built now, not on first use, so a class with a bad type id fails at construction.
        self._header: bytes | None = encode_header(message_type.TYPE_ID, message_type.FINGERPRINT)
        self._out: _Writable = self._file(out, "wb")

    @property
    def records_written(self) -> int:
        """The number of messages written so far."""
        return self._records

    def write(self, value: T) -> None:
        """Appends one message. A value that cannot be encoded raises
        :class:`~cser.errors.EncodeError` and writes nothing; I/O errors raise :class:`OSError`.
        """
        self._check_open()
        content = bytearray()
        try:
            self._type._write_content(value, content, self._max_depth)
        except WRITE_FAILURES as e:
            raise encode_failure(e, value)  # noqa: B904 (it sets the cause itself)
        frame = encode_varint(len(content)) + content
        if self._header is not None:
            frame = self._header + frame
        _write_all(self._out, frame)
        self._header = None
        self._records += 1

    def flush(self) -> None:
        """Writes the header if it has not gone out yet, then flushes ``out``."""
        self._check_open()
        self._flush()

    def close(self) -> None:
        """Writes the header if no frame did, and flushes. Closes ``out`` only if the writer was
        made with ``closefd=True`` (the file made for a socket is always closed, the socket
        only then). Closing twice does nothing."""
        if self._closed:
            return
        try:
            self._flush()
        finally:
            self._closed = True
            _release(self._out, self._sock, self._closefd)

    def _flush(self) -> None:
        if self._header is not None:
            _write_all(self._out, self._header)
            self._header = None
        flush = getattr(self._out, "flush", None)
        if flush is not None:
            flush()

    def _check_open(self) -> None:
        if self._closed:
            raise ValueError("the stream writer is closed")


class StreamReader(_Stream[T]):
    """Reads a stream of ``message_type`` values from ``inp``: a binary file object (anything
    with ``read(n)`` or ``readinto(buffer)``) or a :class:`socket.socket`.

    Iterating yields each message in turn; :meth:`read` returns the next one, or ``None`` at the
    end of the stream (end of input on a frame boundary). The header is read and checked on the
    first :meth:`read` or :attr:`writer_fingerprint`.

    When the stream's writer used another schema than ``message_type``'s (its fingerprint differs)
    and the reader has that schema's canonical text (``writer_schema``, or in ``known_schemas``),
    it compares the two as SPEC §9.1 says, before it reads a frame: an incompatible writer is
    ``INCOMPATIBLE_SCHEMA``, naming the first difference.

    Every problem is a :class:`~cser.errors.DecodeError` with its offset counted from the start
    of the stream. A message that fails to decode leaves the framing intact: its frame has been
    consumed, and the next :meth:`read` goes on with the next message. An error in the framing
    (a bad header, a truncated or too large frame) ends the stream: every later :meth:`read`
    raises it again. I/O errors raise :class:`OSError`. Not thread-safe.
    """

    def __init__(
        self,
        inp: _Readable | _ReadableInto | BinaryIO | socket.socket,
        message_type: MessageType[T],
        *,
        max_message_size: int = DEFAULT_MAX_MESSAGE_SIZE,
        max_depth: int = MAX_DEPTH,
        require_fingerprint: bool = False,
        writer_schema: str | None = None,
        known_schemas: KnownSchemas | None = None,
        require_known_schema: bool = False,
        closefd: bool = False,
    ) -> None:
        """``max_message_size`` is the longest frame accepted; ``max_depth`` bounds each
        message's nesting (SPEC §7); ``require_fingerprint`` rejects a stream written with
        another schema fingerprint than ``message_type``'s (``WRONG_TYPE``; by default any is
        accepted: a compatible older or newer schema may have written it, SPEC §9);
        ``closefd`` makes :meth:`close` close ``inp`` too.

        The writer's schema (SPEC §9.1): ``writer_schema`` is the canonical text (SPEC §8.1) of
        the schema that wrote the stream, used when the stream's fingerprint is that text's;
        ``known_schemas`` a set of canonical texts in which the reader looks the stream's
        fingerprint up. A writer's schema found either way is compared with ``message_type``'s
        (``cser.canonical_text``) and an incompatible one is rejected (``INCOMPATIBLE_SCHEMA``,
        at offset 13); a fingerprint found in neither is read as before, unless
        ``require_known_schema`` rejects it (``INCOMPATIBLE_SCHEMA``). The reader's own
        fingerprint needs no comparison. A ``writer_schema`` that is not a canonical text raises
        :class:`~cser.schema_text.SchemaTextError` here; either option with a
        ``message_type`` that carries no canonical text (one not generated by cserc) raises
        :class:`TypeError`."""
        if max_message_size < 0:
            raise ValueError(f"max_message_size must not be negative, not {max_message_size}")
        super().__init__(message_type, max_depth, closefd)
        self._max_size = max_message_size
        self._require_fingerprint = require_fingerprint
        if (writer_schema is not None or known_schemas is not None) and not has_canonical_text(message_type):
            raise TypeError(
                f"{message_type!r} carries no canonical text (SPEC §8.1) to compare a writer's schema with: "
                "only classes generated by cserc do"
            )
        # The writer's schema given directly, as a set of one (which keeps its verdict too).
        self._writer_schema = None if writer_schema is None else KnownSchemas((writer_schema,))
        self._known_schemas = known_schemas
        self._require_known_schema = require_known_schema
        self._offset = 0  # stream offset of the next byte to read
        self._fingerprint: int | None = None
        self._at_end = False
        self._broken: DecodeError | None = None
        self._inp: _Readable | _ReadableInto | BinaryIO = self._file(inp, "rb")

    @property
    def writer_fingerprint(self) -> int:
        """The schema fingerprint the stream was written with; reads the header if needed."""
        self._check_open()
        return self._read_header()

    @property
    def record_index(self) -> int:
        """The index of the next message: the number of frames consumed so far."""
        return self._records

    def read(self) -> T | None:
        """Reads the next message; ``None`` at the end of the stream."""
        self._check_open()
        self._read_header()
        if self._at_end:
            return None
        index = self._records
        frame_start = self._offset
        context = f"record {index}, frame at stream offset {frame_start}"
        try:
            first = self._read_upto(1)
            if not first:
                self._at_end = True  # end of input on a frame boundary
                return None
            length = self._read_frame_length(first[0], frame_start)
            if length > self._max_size:
                raise DecodeError(
                    _K.MESSAGE_TOO_LARGE,
                    f"frame length {length} exceeds the maximum message size {self._max_size}",
                    frame_start,
                )
            content_start = self._offset
            data = self._read_upto(length)
            if len(data) < length:
                raise DecodeError(
                    _K.TRUNCATED, f"the stream ends inside a frame of {length} bytes", self._offset
                )
        except DecodeError as e:
            e.context = context
            self._broken = e
            raise
        # The frame is consumed before it is decoded, so a bad message leaves the framing intact.
        self._records += 1
        try:
            value, pos = self._type._read_content(data, 0, length, self._max_depth)
            if not self._type._IS_RECORD and pos != length:
                raise DecodeError(_K.TRAILING_BYTES, f"{length - pos} bytes after the value", pos)
        except DecodeError as e:
            e.offset += content_start
            e.context = context
            raise
        except RecursionError:
            # Only with a max_depth above what the interpreter's stack allows.
            err = DecodeError(_K.DEPTH_EXCEEDED, "nesting deeper than Python's recursion limit", content_start)
            err.context = context
            raise err from None
        return value

    def __iter__(self) -> StreamReader[T]:
        return self

    def __next__(self) -> T:
        value = self.read()
        if value is None:
            raise StopIteration
        return value

    def close(self) -> None:
        """Closes ``inp`` if the reader was made with ``closefd=True`` (the file made for a
        socket is always closed, the socket only then). Closing twice does nothing."""
        if self._closed:
            return
        self._closed = True
        _release(self._inp, self._sock, self._closefd)

    def _read_header(self) -> int:
        """Reads and checks the header once; returns the writer's fingerprint."""
        if self._broken is not None:
            raise self._broken
        if self._fingerprint is not None:
            return self._fingerprint
        try:
            self._fingerprint = self._check_header()
        except DecodeError as e:
            self._broken = e
            raise
        return self._fingerprint

    def _check_header(self) -> int:
        # Magic and version first: garbage is rejected as soon as it arrives, without waiting
        # for the rest of a header that may never come.
        prefix = self._read_upto(_TYPE_ID_OFFSET)
        expected = MAGIC + bytes([VERSION])
        for i, b in enumerate(prefix):
            if b != expected[i]:
                if i == len(MAGIC):
                    # Another format version (SPEC §8): version 1 wrote union values without a
                    # payload length, which version 2 would misread, not reject.
                    raise DecodeError(
                        _K.BAD_STREAM_HEADER,
                        f"the stream is of format version {b}, this reader reads format version {VERSION}",
                        i,
                    )
                raise DecodeError(
                    _K.BAD_STREAM_HEADER,
                    f"not a cser stream of format version {VERSION} (bad magic or version)",
                    i,
                )
        rest = self._read_upto(HEADER_SIZE - _TYPE_ID_OFFSET) if len(prefix) == _TYPE_ID_OFFSET else b""
        if len(prefix) + len(rest) < HEADER_SIZE:
            raise DecodeError(
                _K.TRUNCATED, f"the stream ends inside its {HEADER_SIZE}-byte header", self._offset
            )
        _, _, type_id, fingerprint = _HEADER.unpack(prefix + rest)
        mt = self._type
        if type_id != mt.TYPE_ID:
            raise DecodeError(
                _K.WRONG_TYPE,
                f"the stream holds type id {type_id:016x}, not {mt.TYPE_NAME} ({mt.TYPE_ID:016x})",
                _TYPE_ID_OFFSET,
            )
        if self._require_fingerprint and fingerprint != mt.FINGERPRINT:
            raise DecodeError(
                _K.WRONG_TYPE,
                f"the stream was written by schema fingerprint {fingerprint:016x}, "
                f"this reader requires {mt.FINGERPRINT:016x}",
                _FINGERPRINT_OFFSET,
            )
        if fingerprint != mt.FINGERPRINT:
            self._check_writer_schema(fingerprint)
        return cast(int, fingerprint)

    def _check_writer_schema(self, fingerprint: int) -> None:
        """SPEC §9.1: compares the writer's schema, when the reader has it, with its own."""
        known = next(
            (k for k in (self._writer_schema, self._known_schemas) if k is not None and fingerprint in k), None
        )
        if known is None:
            if self._require_known_schema:
                raise DecodeError(
                    _K.INCOMPATIBLE_SCHEMA,
                    f"stream written by schema fingerprint {fingerprint:016x}, which this reader does not know",
                    _FINGERPRINT_OFFSET,
                )
            return
        difference = known.difference(fingerprint, cast(type, self._type))
        if difference is not None:
            raise DecodeError(
                _K.INCOMPATIBLE_SCHEMA,
                f"the writer's schema (fingerprint {fingerprint:016x}) is not compatible with the reader's "
                f"(SPEC §9.1): {difference}",
                _FINGERPRINT_OFFSET,
            )

    def _read_frame_length(self, first: int, frame_start: int) -> int:
        """Reads the rest of a frame length varint whose first byte is ``first``, one byte at a
        time so nothing past it is read. Unsigned: a forged one may need all 64 bits."""
        buf = bytearray([first])
        while buf[-1] >= 0x80 and len(buf) < MAX_VARINT_LEN:
            more = self._read_upto(1)
            if not more:
                raise DecodeError(_K.TRUNCATED, "the stream ends inside a frame length", self._offset)
            buf += more
        try:
            length, _ = read_varint(bytes(buf), 0, len(buf))
        except DecodeError as e:
            reason = "overlong frame length" if e.kind is _K.OVERLONG_VARINT else "frame length varint longer than 64 bits"
            raise DecodeError(e.kind, reason, frame_start + e.offset) from None
        return length

    def _read_upto(self, n: int) -> bytes:
        """Reads ``n`` bytes, fewer only if the input ends first. Reads at most 1 MiB at a time,
        so memory follows the bytes that arrive, not ``n``."""
        if n == 0:
            return b""
        if n <= _CHUNK:
            # The common case: a BufferedReader returns all n bytes in one call.
            chunk = self._read_chunk(n)
            if len(chunk) == n or not chunk:
                self._offset += len(chunk)
                return chunk
            chunks = [chunk]
            got = len(chunk)
        else:
            chunks = []
            got = 0
        self._offset += got
        while got < n:
            chunk = self._read_chunk(min(n - got, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
            self._offset += len(chunk)
        return b"".join(chunks)

    def _read_chunk(self, n: int) -> bytes:
        """One read of at most ``n`` (> 0) bytes from the input; empty at end of input."""
        inp = self._inp
        if hasattr(inp, "read"):
            data = inp.read(n)
        else:
            buf = bytearray(n)
            got = inp.readinto(buf)
            data = None if got is None else bytes(memoryview(buf)[:got])
        if data is None:
            # A non-blocking input with nothing to read: this reader needs a blocking one.
            raise BlockingIOError(errno.EAGAIN, "the input has no data ready (non-blocking?)")
        return data

    def _check_open(self) -> None:
        if self._closed:
            raise ValueError("the stream reader is closed")


def _write_all(out: _Writable, data: bytes) -> None:
    """Writes all of ``data``: a raw (unbuffered) file may take only part of it in one call and
    say how much it took. A ``write`` that returns no count (many file-like classes) took all."""
    while data:
        n = out.write(data)
        if not isinstance(n, int) or n >= len(data):
            return
        data = data[n:]


def _close(f: object) -> None:
    close = getattr(f, "close", None)
    if close is not None:
        close()


def _release(f: object, sock: socket.socket | None, closefd: bool) -> None:
    """What closing a writer or reader closes: the file made for a socket always, the socket
    or a file given only with ``closefd``."""
    if sock is not None:
        _close(f)
        if closefd:
            sock.close()
    elif closefd:
        _close(f)
