"""Streams (SPEC §8) with hand-written message classes that follow the generated protocol."""

from __future__ import annotations

import io
import socket
import threading
import tracemalloc
from dataclasses import dataclass
from typing import ClassVar

import pytest
from bench import message as message_module
from bench.message import Message

from cser import bind
from cser.errors import DecodeError, DecodeErrorKind, EncodeError
from cser.limits import MAX_DEPTH
from cser.reader import read_bool, read_str
from cser.stream import HEADER_SIZE, StreamReader, StreamWriter, encode_header
from cser.varint import encode_varint, read_varint, write_varint
from cser.writer import check_int, write_str

K = DecodeErrorKind
U32_MAX = 0xFFFFFFFF


@dataclass(frozen=True)
class Pair:
    """A record { u32 n = 1; string s = 2; }, coded as the generator would."""

    n: int
    s: str

    TYPE_NAME: ClassVar[str] = "test.Pair"
    TYPE_ID: ClassVar[int] = 0x8123456789ABCDEF
    FINGERPRINT: ClassVar[int] = 0xFEDCBA9876543210
    _IS_RECORD: ClassVar[bool] = True
    # The depth budgets the stream handed over last, to check they pass max_depth on.
    depths: ClassVar[list[int]] = []

    @staticmethod
    def _write_content(value: Pair, out: bytearray, depth: int) -> None:
        Pair.depths.append(depth)
        write_varint(out, check_int(value.n, 0, U32_MAX, "u32"))
        write_str(out, value.s)

    @staticmethod
    def _read_content(data: bytes, pos: int, end: int, depth: int) -> tuple[Pair, int]:
        Pair.depths.append(depth)
        # A body may end before a field (an older writer): it takes its zero value.
        n, s = 0, ""
        if pos < end:
            n, pos = read_varint(data, pos, end, U32_MAX)
        if pos < end:
            s, pos = read_str(data, pos, end)
        return Pair(n, s), end  # unknown trailing fields are skipped


@dataclass(frozen=True)
class Flag:
    """A struct { bool on = 1; }: its frame is its whole message, with nothing after it."""

    on: bool

    TYPE_NAME: ClassVar[str] = "test.Flag"
    TYPE_ID: ClassVar[int] = 0x0102030405060708
    FINGERPRINT: ClassVar[int] = 0x1112131415161718
    _IS_RECORD: ClassVar[bool] = False

    @staticmethod
    def _write_content(value: Flag, out: bytearray, depth: int) -> None:
        out.append(1 if value.on else 0)

    @staticmethod
    def _read_content(data: bytes, pos: int, end: int, depth: int) -> tuple[Flag, int]:
        on, pos = read_bool(data, pos, end)
        return Flag(on), pos


HEADER = b"CSER\x02" + Pair.TYPE_ID.to_bytes(8, "little") + Pair.FINGERPRINT.to_bytes(8, "little")
THREE = [Pair(7, "a"), Pair(300, "é" * 100), Pair(0, "")]


def encode_stream(values: list[Pair]) -> bytes:
    buf = io.BytesIO()
    with StreamWriter(buf, Pair) as w:
        for v in values:
            w.write(v)
    return buf.getvalue()


def frame_ends(values: list[Pair]) -> list[int]:
    """The stream offset after each frame of ``encode_stream(values)``."""
    ends, pos = [], HEADER_SIZE
    for v in values:
        content = bytearray()
        Pair._write_content(v, content, MAX_DEPTH)
        pos += len(encode_varint(len(content))) + len(content)
        ends.append(pos)
    return ends


def read_all(data: bytes, **options: object) -> list[Pair]:
    return list(StreamReader(io.BytesIO(data), Pair, **options))  # type: ignore[arg-type]


def decode_error(data: bytes, **options: object) -> tuple[list[Pair], DecodeError]:
    """The values read before the stream fails, and the error."""
    reader = StreamReader(io.BytesIO(data), Pair, **options)  # type: ignore[arg-type]
    got: list[Pair] = []
    with pytest.raises(DecodeError) as info:
        while (v := reader.read()) is not None:
            got.append(v)
    return got, info.value


class ChunkedInput:
    """An input with only ``readinto`` that hands over at most ``step`` bytes a call, like a
    raw socket; records the largest request."""

    def __init__(self, data: bytes, step: int = 1) -> None:
        self.data = data
        self.pos = 0
        self.step = step
        self.largest = 0

    def readinto(self, buffer: bytearray) -> int:
        self.largest = max(self.largest, len(buffer))
        n = min(len(buffer), self.step, len(self.data) - self.pos)
        buffer[:n] = self.data[self.pos : self.pos + n]
        self.pos += n
        return n


class RecordingInput(io.BytesIO):
    """A BytesIO that records the size of every read."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.requests: list[int] = []

    def read(self, n: int | None = -1) -> bytes:
        self.requests.append(-1 if n is None else n)
        return super().read(n)


class PartialOutput:
    """A raw output that takes at most 3 bytes a call and says how many it took."""

    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, data: bytes) -> int:
        self.data += data[:3]
        return min(3, len(data))


# ---- writing and reading back ----------------------------------------------------------------


def test_round_trip_of_many_values() -> None:
    values = [Pair(i * 7919 % (U32_MAX + 1), "x" * (i % 300) + "ü€😀" * (i % 3)) for i in range(2000)]
    values.append(Pair(U32_MAX, ""))
    buf = io.BytesIO()
    w = StreamWriter(buf, Pair)
    for v in values:
        w.write(v)
    assert w.records_written == len(values)
    w.close()
    reader = StreamReader(io.BytesIO(buf.getvalue()), Pair)
    assert list(reader) == values
    assert reader.record_index == len(values)
    assert reader.read() is None  # the end stays the end
    assert reader.writer_fingerprint == Pair.FINGERPRINT


def test_stream_of_records_is_header_then_messages() -> None:
    # For a record root a frame is byte for byte the record's message (SPEC §8).
    assert encode_stream([Pair(7, "a"), Pair(300, "")]) == HEADER + bytes.fromhex("03 07 01 61" "03 ac 02 00")


def test_frame_length_of_two_bytes() -> None:
    data = encode_stream([Pair(1, "y" * 200)])
    assert data[HEADER_SIZE : HEADER_SIZE + 3] == bytes.fromhex("cb 01 01")  # length 203, then n = 1
    assert read_all(data) == [Pair(1, "y" * 200)]


def test_empty_stream_is_the_header_alone() -> None:
    data = encode_stream([])
    assert data == HEADER
    assert len(data) == 21
    assert read_all(data) == []


def test_header_is_written_lazily() -> None:
    buf = io.BytesIO()
    w = StreamWriter(buf, Pair)
    assert buf.getvalue() == b""
    w.flush()  # a reader waiting on a socket gets the header now
    assert buf.getvalue() == HEADER
    w.write(Pair(1, ""))
    w.close()
    assert buf.getvalue() == HEADER + bytes.fromhex("02 01 00")


def test_spec_example_header() -> None:
    # SPEC §13.16: the header of a stream of spec.examples.Reading.
    expected = bytes.fromhex("43 53 45 52 02 2e c3 2c 63 1e 41 fc 51 73 0f a0 52 22 28 a5 44")
    assert encode_header(0x51FC411E632CC32E, 0x44A5282252A00F73) == expected


def test_struct_frames() -> None:
    buf = io.BytesIO()
    with StreamWriter(buf, Flag) as w:
        w.write(Flag(True))
        w.write(Flag(False))
    assert buf.getvalue()[HEADER_SIZE:] == bytes.fromhex("01 01 01 00")
    assert list(StreamReader(io.BytesIO(buf.getvalue()), Flag)) == [Flag(True), Flag(False)]


def test_max_depth_is_passed_on() -> None:
    Pair.depths.clear()
    buf = io.BytesIO()
    with StreamWriter(buf, Pair, max_depth=9) as w:
        w.write(Pair(1, ""))
    list(StreamReader(io.BytesIO(buf.getvalue()), Pair, max_depth=5))
    assert Pair.depths == [9, 5]
    Pair.depths.clear()
    read_all(encode_stream([Pair(1, "")]))
    assert Pair.depths == [MAX_DEPTH, MAX_DEPTH]


def test_value_that_cannot_be_encoded_writes_nothing() -> None:
    buf = io.BytesIO()
    w = StreamWriter(buf, Pair)
    w.write(Pair(1, ""))
    before = buf.getvalue()
    with pytest.raises(EncodeError):
        w.write(Pair(-1, ""))
    with pytest.raises(EncodeError):
        w.write(None)  # type: ignore[arg-type]
    with pytest.raises(EncodeError):
        w.write(Pair(1, "\ud800"))  # a lone surrogate
    assert buf.getvalue() == before
    assert w.records_written == 1


def test_generated_writer_errors_are_encode_errors() -> None:
    # A generated writer writes short strings inline (pure Python: str.encode), so a lone
    # surrogate surfaces as UnicodeEncodeError there; the stream says EncodeError as encode() does.
    buf = io.BytesIO()
    w = StreamWriter(buf, Message)
    for bad in (Message(username="\ud800"), Message(userid="1")):  # type: ignore[arg-type]
        with pytest.raises(EncodeError) as stream_error:
            w.write(bad)
        with pytest.raises(EncodeError) as message_error:
            bad.encode()
        assert str(stream_error.value) == str(message_error.value)
    assert w.records_written == 0
    w.close()
    assert buf.getvalue() == encode_header(Message.TYPE_ID, Message.FINGERPRINT)


def test_close_leaves_the_file_open_unless_told() -> None:
    buf = io.BytesIO()
    w = StreamWriter(buf, Pair)
    w.close()
    w.close()
    assert not buf.closed
    with pytest.raises(ValueError):
        w.write(Pair(1, ""))
    owned = io.BytesIO()
    StreamWriter(owned, Pair, closefd=True).close()
    assert owned.closed


def test_partial_writes_and_trickling_reads() -> None:
    out = PartialOutput()
    with StreamWriter(out, Pair) as w:
        for v in THREE:
            w.write(v)
    data = bytes(out.data)
    assert data == encode_stream(THREE)
    inp = ChunkedInput(data, step=1)
    assert list(StreamReader(inp, Pair)) == THREE


# ---- the header ------------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(5))
def test_bad_magic_or_version(index: int) -> None:
    data = bytearray(encode_stream(THREE))
    data[index] ^= 0x20
    _, e = decode_error(bytes(data))
    assert e.kind is K.BAD_STREAM_HEADER
    assert e.offset == index


def test_bad_header_is_rejected_before_it_is_complete() -> None:
    _, e = decode_error(b"CSX")
    assert (e.kind, e.offset) == (K.BAD_STREAM_HEADER, 2)
    _, e = decode_error(b"CSER\x03")
    assert (e.kind, e.offset) == (K.BAD_STREAM_HEADER, 4)


def test_a_stream_of_format_version_1_is_rejected_naming_both_versions() -> None:
    # SPEC §8: version 1 wrote union values without a payload length; read as version 2 they
    # would be misread, so the header is refused.
    data = bytearray(encode_stream(THREE))
    assert data[4] == 2
    data[4] = 1
    _, e = decode_error(bytes(data))
    assert (e.kind, e.offset) == (K.BAD_STREAM_HEADER, 4)
    assert "format version 1" in str(e) and "format version 2" in str(e)


def test_wrong_type_id() -> None:
    data = bytearray(encode_stream(THREE))
    data[7] ^= 1
    _, e = decode_error(bytes(data))
    assert (e.kind, e.offset) == (K.WRONG_TYPE, 5)
    assert "test.Pair" in str(e)


def test_fingerprint_checked_only_when_required() -> None:
    data = bytearray(encode_stream(THREE))
    data[20] ^= 0x80
    other = Pair.FINGERPRINT ^ (0x80 << 56)
    reader = StreamReader(io.BytesIO(bytes(data)), Pair)
    assert reader.writer_fingerprint == other
    assert list(reader) == THREE
    _, e = decode_error(bytes(data), require_fingerprint=True)
    assert (e.kind, e.offset) == (K.WRONG_TYPE, 13)
    assert read_all(encode_stream(THREE), require_fingerprint=True) == THREE


def test_header_error_is_sticky() -> None:
    reader = StreamReader(io.BytesIO(b"XSER"), Pair)
    with pytest.raises(DecodeError) as first:
        reader.read()
    with pytest.raises(DecodeError) as again:
        _ = reader.writer_fingerprint
    assert again.value is first.value


# ---- framing ---------------------------------------------------------------------------------


def test_every_cut_of_a_three_record_stream() -> None:
    data = encode_stream(THREE)
    ends = frame_ends(THREE)
    assert ends[-1] == len(data)
    for cut in range(len(data)):
        prefix = data[:cut]
        complete = [v for v, end in zip(THREE, ends, strict=True) if end <= cut]
        if cut >= HEADER_SIZE and (cut == HEADER_SIZE or cut in ends):
            assert read_all(prefix) == complete, cut
            continue
        got, e = decode_error(prefix)
        assert got == complete, cut
        assert (e.kind, e.offset) == (K.TRUNCATED, cut), cut
        if cut > HEADER_SIZE:
            index = len(complete)
            start = ends[index - 1] if index else HEADER_SIZE
            assert e.context == f"record {index}, frame at stream offset {start}"


def test_every_cut_through_a_trickling_input() -> None:
    data = encode_stream(THREE)
    ends = frame_ends(THREE)
    for cut in range(HEADER_SIZE + 1, len(data)):
        if cut in ends:
            continue
        reader = StreamReader(ChunkedInput(data[:cut], step=2), Pair)
        with pytest.raises(DecodeError) as info:
            list(reader)
        assert (info.value.kind, info.value.offset) == (K.TRUNCATED, cut)


def test_frame_error_is_sticky() -> None:
    data = encode_stream(THREE)
    reader = StreamReader(io.BytesIO(data[:-1]), Pair)
    assert [reader.read(), reader.read()] == THREE[:2]
    with pytest.raises(DecodeError) as first:
        reader.read()
    with pytest.raises(DecodeError) as again:
        reader.read()
    assert again.value is first.value


def test_frame_above_the_maximum_is_rejected_before_reading_it() -> None:
    data = HEADER + encode_varint(2**40) + b"x"
    inp = RecordingInput(data)
    tracemalloc.start()
    try:
        reader = StreamReader(inp, Pair)
        with pytest.raises(DecodeError) as info:
            reader.read()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (info.value.kind, info.value.offset) == (K.MESSAGE_TOO_LARGE, HEADER_SIZE)
    assert info.value.context == f"record 0, frame at stream offset {HEADER_SIZE}"
    assert peak < 100_000
    # The header, then the length byte by byte: nothing of the frame itself.
    assert sum(inp.requests) == HEADER_SIZE + len(encode_varint(2**40))
    assert inp.tell() == HEADER_SIZE + len(encode_varint(2**40))


def test_configured_maximum() -> None:
    data = encode_stream([Pair(1, "abc"), Pair(1, "abcd")])  # frames of 5 and 6 bytes
    got, e = decode_error(data, max_message_size=5)
    assert got == [Pair(1, "abc")]
    assert (e.kind, e.offset) == (K.MESSAGE_TOO_LARGE, HEADER_SIZE + 6)
    assert read_all(data, max_message_size=6) == [Pair(1, "abc"), Pair(1, "abcd")]


def test_huge_declared_frame_costs_only_what_arrives() -> None:
    # Below the maximum but far beyond the input: reads stay at most 1 MiB, memory small.
    data = HEADER + encode_varint(60 << 20) + b"xyz"
    inp = ChunkedInput(data, step=1 << 20)
    tracemalloc.start()
    try:
        with pytest.raises(DecodeError) as info:
            StreamReader(inp, Pair).read()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (info.value.kind, info.value.offset) == (K.TRUNCATED, len(data))
    assert inp.largest <= 1 << 20
    assert peak < 4 << 20


def test_bad_frame_length_varints() -> None:
    _, e = decode_error(HEADER + bytes.fromhex("80 00"))
    assert (e.kind, e.offset) == (K.OVERLONG_VARINT, HEADER_SIZE + 1)
    _, e = decode_error(HEADER + b"\xff" * 9 + b"\x02")
    assert (e.kind, e.offset) == (K.BAD_VARINT, HEADER_SIZE + 9)
    _, e = decode_error(HEADER + b"\xff" * 9 + b"\x01")
    assert (e.kind, e.offset) == (K.MESSAGE_TOO_LARGE, HEADER_SIZE)
    _, e = decode_error(HEADER + b"\x80")
    assert (e.kind, e.offset) == (K.TRUNCATED, HEADER_SIZE + 1)


# ---- messages that fail to decode ------------------------------------------------------------


def test_corrupt_record_in_the_middle() -> None:
    data = bytearray(encode_stream(THREE))
    ends = frame_ends(THREE)
    # Record 1 is: length (2 bytes), n = 300 (2 bytes), string length (2 bytes), "é" * 100.
    bad = ends[0] + 6 + 10
    data[bad] = 0xFF
    reader = StreamReader(io.BytesIO(bytes(data)), Pair)
    assert reader.read() == THREE[0]
    with pytest.raises(DecodeError) as info:
        reader.read()
    e = info.value
    assert (e.kind, e.offset) == (K.BAD_UTF8, bad)
    assert e.context == f"record 1, frame at stream offset {ends[0]}"
    assert "record 1" in str(e)
    # The framing is intact: the stream goes on with the next message.
    assert reader.record_index == 2
    assert reader.read() == THREE[2]
    assert reader.read() is None


def test_record_field_cut_inside_its_frame() -> None:
    # A frame of 2 bytes: n = 1, then a string length of 5 with nothing after it.
    data = HEADER + bytes.fromhex("02 01 05")
    _, e = decode_error(data)
    assert (e.kind, e.offset) == (K.LENGTH_TOO_LARGE, HEADER_SIZE + 2)
    assert e.context == f"record 0, frame at stream offset {HEADER_SIZE}"


def test_record_frame_skips_unknown_trailing_fields() -> None:
    # A newer writer appended a field: this reader skips it.
    data = HEADER + bytes.fromhex("05 07 01 61 2a 2a") + bytes.fromhex("01 08")
    assert read_all(data) == [Pair(7, "a"), Pair(8, "")]


def test_struct_frame_with_trailing_bytes() -> None:
    header = encode_header(Flag.TYPE_ID, Flag.FINGERPRINT)
    reader = StreamReader(io.BytesIO(header + bytes.fromhex("01 01 02 01 00 01 00")), Flag)
    assert reader.read() == Flag(True)
    with pytest.raises(DecodeError) as info:
        reader.read()
    assert (info.value.kind, info.value.offset) == (K.TRAILING_BYTES, HEADER_SIZE + 2 + 2)
    assert info.value.context == f"record 1, frame at stream offset {HEADER_SIZE + 2}"
    assert reader.read() == Flag(False)


# ---- sockets ---------------------------------------------------------------------------------


def test_sockets() -> None:
    left, right = socket.socketpair()
    left.settimeout(30)
    right.settimeout(30)
    values = [Pair(i, "s" * (i % 500)) for i in range(3000)]
    sent = threading.Event()

    def send() -> None:
        with StreamWriter(left, Pair, closefd=True) as w:
            w.write(values[0])
            w.flush()
            sent.wait(30)  # the reader must get the first value while the stream is still open
            for v in values[1:]:
                w.write(v)

    thread = threading.Thread(target=send)
    thread.start()
    try:
        with StreamReader(right, Pair, closefd=True) as reader:
            assert reader.read() == values[0]
            sent.set()
            assert list(reader) == values[1:]
    finally:
        sent.set()
        thread.join(30)
    assert left.fileno() == -1 and right.fileno() == -1  # closefd closed both sockets


# ---- generated classes, through the C accelerator and through the pure-Python code -----------


@pytest.fixture(params=["native", "pure"])
def message_type(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> type[Message]:
    """bench.message.Message with its frames read in C, or by the runtime's Python interpreter
    (the C path is the pure one too when CSER_PURE_PYTHON is set or the extension is missing)."""
    if request.param == "pure":
        monkeypatch.setattr(message_module, "_codec_Message", bind.pure(Message))
    elif not bind.ACTIVE:
        pytest.skip("the C accelerator is off")
    return Message


MESSAGES = [
    Message(type_=1, active=True, username="ada", userid=36, data="x"),
    # A 2-byte frame length: an offset taken relative to the frame content would be off by 2.
    Message(type_=-5, active=False, username="bob", userid=1 << 20, data="é" * 100),
    Message(),
    Message(type_=7, active=True, username="z" * 130, userid=-1, data="tail"),
]


def message_stream(values: list[Message]) -> tuple[bytes, list[int]]:
    """A stream of ``values`` and the stream offset after each frame."""
    buf = io.BytesIO()
    ends = []
    with StreamWriter(buf, Message) as w:
        for v in values:
            w.write(v)
            w.flush()
            ends.append(len(buf.getvalue()))
    return buf.getvalue(), ends


def test_generated_stream_cut_at_every_offset(message_type: type[Message]) -> None:
    data, ends = message_stream(MESSAGES)
    assert ends[-1] == len(data)
    for cut in range(len(data) + 1):
        complete = [v for v, end in zip(MESSAGES, ends, strict=True) if end <= cut]
        reader = StreamReader(io.BytesIO(data[:cut]), message_type)
        got: list[Message] = []
        if cut == HEADER_SIZE or cut in ends:
            assert list(reader) == complete, cut
            continue
        with pytest.raises(DecodeError) as info:
            while (v := reader.read()) is not None:
                got.append(v)
        e = info.value
        assert got == complete, cut
        assert (e.kind, e.offset) == (K.TRUNCATED, cut), cut
        if cut > HEADER_SIZE:
            index = len(complete)
            start = ends[index - 1] if index else HEADER_SIZE
            assert e.context == f"record {index}, frame at stream offset {start}", cut


def field_offsets(start: int, value: Message) -> dict[str, int]:
    """The stream offset of each field of ``value``'s frame starting at ``start``."""
    content = bytearray()
    Message._write_content(value, content, MAX_DEPTH)
    pos = start + len(encode_varint(len(content)))
    at = {}
    at["type"] = pos
    pos += len(encode_varint((value.type_ << 1) ^ (value.type_ >> 31)))
    at["active"] = pos
    pos += 1
    at["username"] = pos
    username = value.username.encode()
    pos += len(encode_varint(len(username))) + len(username)
    at["userid"] = pos
    pos += len(encode_varint((value.userid << 1) ^ (value.userid >> 31)))
    at["data"] = pos
    at["data_bytes"] = pos + len(encode_varint(len(value.data.encode())))
    return at


@pytest.mark.parametrize("record", [1, 3])
@pytest.mark.parametrize("corruption", ["utf8", "bool", "length"])
def test_generated_stream_corrupt_record_in_the_middle(
    message_type: type[Message], record: int, corruption: str
) -> None:
    data, ends = message_stream(MESSAGES)
    stream = bytearray(data)
    start = ends[record - 1]
    at = field_offsets(start, MESSAGES[record])
    if corruption == "utf8":
        bad = at["data_bytes"]
        stream[bad] = 0xFF
        expected = (K.BAD_UTF8, bad, "Message.data")
    elif corruption == "bool":
        bad = at["active"]
        stream[bad] = 0x02
        expected = (K.BAD_BOOL, bad, "Message.active")
    else:
        bad = at["data"]
        # A string length far above what remains in the frame (its last varint byte becomes 7f).
        stream[bad + (1 if stream[bad] >= 0x80 else 0)] = 0x7F
        expected = (K.LENGTH_TOO_LARGE, bad, "Message.data")
    reader = StreamReader(io.BytesIO(bytes(stream)), message_type)
    for i in range(record):
        assert reader.read() == MESSAGES[i]
    with pytest.raises(DecodeError) as info:
        reader.read()
    e = info.value
    assert (e.kind, e.offset, e.path) == expected
    assert e.context == f"record {record}, frame at stream offset {start}"
    assert f"record {record}" in str(e)
    # The framing is intact: the reader goes on with the next record.
    assert reader.record_index == record + 1
    assert list(reader) == MESSAGES[record + 1 :]
