"""cser.kafka without a broker: the framing of SPEC §8.2 (value, headers, key headers,
tombstones), the deserializer's checks and options, and the errors, on the generated W4 type
``bench.message.Message`` (``bench.media.MediaContent`` as the "other type").

Needs confluent-kafka (the Makefile's venv installs the kafka extra): without it these tests fail
at import instead of being skipped. The broker test is tests/kafka_broker/."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from bench.media import MediaContent
from bench.message import Message
from confluent_kafka import Message as KafkaMessage
from confluent_kafka.serialization import MessageField, SerializationContext, SerializationError
from edge.cases import Expr, ExprCall, ExprName

from cser.errors import DecodeError, DecodeErrorKind, EncodeError
from cser.kafka import (
    FINGERPRINT,
    KEY_FINGERPRINT,
    KEY_TYPE,
    TYPE,
    CserDeserializationError,
    CserDeserializer,
    CserSerializationError,
    CserSerializer,
)

K = DecodeErrorKind
VALUE = MessageField.VALUE
KEY = MessageField.KEY

# Message's type id 0xCB7F6BA9173DE465 and fingerprint 0x03CF7A109A2BF619, u64 little-endian:
# written out, so a change to the byte order or the ids shows here.
MESSAGE_TYPE = bytes.fromhex("65e43d17a96b7fcb")
MESSAGE_FINGERPRINT = bytes.fromhex("19f62b9a107acf03")


def sample(i: int = 7) -> Message:
    return Message(type_=i, active=i % 2 == 0, username=f"user{i}", userid=1000 + i, data="x" * i)


def ctx(headers: Any, field: MessageField = VALUE, topic: str = "orders") -> SerializationContext:
    return SerializationContext(topic, field, headers)


def u64(n: int) -> bytes:
    return n.to_bytes(8, "little")


def corrupt_username(value: bytes) -> bytes:
    """``value`` (a Message) with its username's length (after the body length, type and active
    bytes) made larger than what remains."""
    corrupt = bytearray(value)
    corrupt[3] = 0x7F
    return bytes(corrupt)


def failure(
    deserializer: CserDeserializer[Any], value: bytes | None, c: SerializationContext | None
) -> CserDeserializationError:
    with pytest.raises(CserDeserializationError) as info:
        deserializer(value, c)
    return info.value


# ---- the serializer ---------------------------------------------------------------------------


def test_value_is_the_message_and_the_headers_the_type_and_fingerprint() -> None:
    assert Message.TYPE_ID.to_bytes(8, "little") == MESSAGE_TYPE
    assert Message.FINGERPRINT.to_bytes(8, "little") == MESSAGE_FINGERPRINT
    headers: list[tuple[str, str | bytes | None]] = []
    value = CserSerializer(Message)(sample(), ctx(headers))
    assert value == sample().encode()
    assert headers == [(TYPE, MESSAGE_TYPE), (FINGERPRINT, MESSAGE_FINGERPRINT)]


def test_serializer_writes_into_a_dict_of_headers() -> None:
    headers: dict[str, str | bytes | None] = {"trace": b"1"}
    CserSerializer(Message)(sample(), ctx(headers))
    assert headers == {"trace": b"1", TYPE: MESSAGE_TYPE, FINGERPRINT: MESSAGE_FINGERPRINT}


def test_serializer_replaces_cser_headers_already_there_and_keeps_the_others() -> None:
    headers: list[tuple[str, str | bytes | None]] = [
        (TYPE, b"stale"),
        ("trace", b"abc"),
        (FINGERPRINT, u64(1)),
        (TYPE, u64(2)),
    ]
    CserSerializer(Message)(sample(), ctx(headers))
    assert headers == [("trace", b"abc"), (TYPE, MESSAGE_TYPE), (FINGERPRINT, MESSAGE_FINGERPRINT)]


def test_without_headers_the_value_is_the_bare_message_and_stale_cser_headers_go() -> None:
    headers: list[tuple[str, str | bytes | None]] = [("trace", b"abc"), (TYPE, u64(2)), (KEY_TYPE, u64(3))]
    serializer = CserSerializer(Message, headers=False)
    value = serializer(sample(), ctx(headers))
    assert value == sample().encode()
    assert headers == [("trace", b"abc"), (KEY_TYPE, u64(3))]
    assert serializer(sample(), None) == sample().encode()  # no headers needed to write none
    assert CserDeserializer(Message)(value, ctx(headers)) == sample()
    assert failure(CserDeserializer(Message, require_headers=True), value, ctx(headers)).kind == K.WRONG_TYPE
    as_dict: dict[str, str | bytes | None] = {TYPE: u64(2), FINGERPRINT: u64(1), "trace": b"1"}
    serializer(sample(), ctx(as_dict))
    assert as_dict == {"trace": b"1"}


def test_key_and_value_write_their_own_headers_on_one_record() -> None:
    # SerializingProducer serializes the key, then the value, into the same headers.
    headers: list[tuple[str, str | bytes | None]] = []
    key = CserSerializer(MediaContent)(MediaContent(), ctx(headers, KEY))
    value = CserSerializer(Message)(sample(), ctx(headers, VALUE))
    assert [name for name, _ in headers] == [KEY_TYPE, KEY_FINGERPRINT, TYPE, FINGERPRINT]
    assert dict(headers)[KEY_TYPE] == u64(MediaContent.TYPE_ID)
    assert dict(headers)[KEY_FINGERPRINT] == u64(MediaContent.FINGERPRINT)
    assert CserDeserializer(MediaContent)(key, ctx(headers, KEY)) == MediaContent()
    assert CserDeserializer(Message)(value, ctx(headers, VALUE)) == sample()


def test_a_union_root_takes_any_variant() -> None:
    headers: list[tuple[str, str | bytes | None]] = []
    value: Expr = ExprCall([ExprName("f"), ExprName("x")])
    data = CserSerializer(Expr)(value, ctx(headers))
    assert data == value.encode()
    assert dict(headers)[TYPE] == u64(Expr.TYPE_ID)
    assert CserDeserializer(Expr, require_headers=True)(data, ctx(headers)) == value


def test_a_tombstone_stays_none_and_gets_no_headers() -> None:
    headers: list[tuple[str, str | bytes | None]] = []
    assert CserSerializer(Message)(None, ctx(headers)) is None
    assert headers == []
    assert CserDeserializer(Message, require_headers=True)(None, ctx(None)) is None


@pytest.mark.parametrize("c", [None, SerializationContext("orders", VALUE, None)])
def test_serializer_without_headers_to_write_says_what_to_pass(c: SerializationContext | None) -> None:
    with pytest.raises(CserSerializationError, match=r"pass headers=\[\]") as info:
        CserSerializer(Message)(sample(), c)
    assert isinstance(info.value, SerializationError)


def test_serializer_rejects_a_value_of_another_type() -> None:
    headers: list[tuple[str, str | bytes | None]] = []
    with pytest.raises(CserSerializationError, match=r"cannot serialize MediaContent as bench\.message\.Message"):
        CserSerializer(Message)(MediaContent(), ctx(headers))  # type: ignore[arg-type]
    assert headers == []


def test_serializer_reports_the_encode_error_and_writes_no_headers() -> None:
    headers: list[tuple[str, str | bytes | None]] = []
    with pytest.raises(CserSerializationError) as info:
        CserSerializer(Message)(Message(userid=1 << 31), ctx(headers))
    assert isinstance(info.value.encode_error, EncodeError)
    assert info.value.__cause__ is info.value.encode_error
    assert "out of range for i32" in str(info.value)
    assert headers == []


def test_serializer_rejects_headers_it_cannot_change() -> None:
    with pytest.raises(CserSerializationError, match="list of"):
        CserSerializer(Message)(sample(), ctx(((TYPE, b"x"),)))


def test_constructors_need_a_generated_class() -> None:
    with pytest.raises(TypeError, match="generated class"):
        CserSerializer(sample())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="generated class"):
        CserDeserializer(sample())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_depth"):
        CserDeserializer(Message, max_depth=0)


# ---- the deserializer -------------------------------------------------------------------------


def test_round_trip_of_many_values_byte_identical() -> None:
    serializer, deserializer = CserSerializer(Message), CserDeserializer(Message, require_headers=True,
                                                                          require_fingerprint=True)
    for i in range(200):
        headers: list[tuple[str, str | bytes | None]] = []
        value = serializer(sample(i), ctx(headers))
        assert value is not None
        decoded = deserializer(value, ctx(headers))
        assert decoded == sample(i)
        assert decoded is not None and decoded.encode() == value


def test_a_record_of_another_type_is_wrong_type() -> None:
    headers: list[tuple[str, str | bytes | None]] = []
    value = CserSerializer(MediaContent)(MediaContent(), ctx(headers))
    e = failure(CserDeserializer(Message), value, ctx(headers))
    assert isinstance(e, SerializationError)
    assert e.kind is K.WRONG_TYPE
    assert e.offset == 0 and e.path == ""
    assert e.topic == "orders" and e.field == "value"
    assert e.partition is None and e.record_offset is None
    assert isinstance(e.__cause__, DecodeError) and e.__cause__ is e.decode_error
    assert e.decode_error.context == "record header cser.type"
    assert f"type id {MediaContent.TYPE_ID:016x}, not bench.message.Message" in str(e)
    assert str(e).startswith("cannot deserialize the value of topic 'orders': WRONG_TYPE")


@pytest.mark.parametrize("name", [TYPE, FINGERPRINT])
@pytest.mark.parametrize("bad", [b"", b"\x00" * 7, b"\x00" * 9, None])
def test_a_header_not_8_bytes_long_is_bad_stream_header(name: str, bad: bytes | None) -> None:
    headers: list[tuple[str, str | bytes | None]] = []
    value = CserSerializer(Message)(sample(), ctx(headers))
    headers.append((name, bad))
    e = failure(CserDeserializer(Message), value, ctx(headers))
    assert e.kind is K.BAD_STREAM_HEADER
    assert e.decode_error.context == f"record header {name}"
    assert "not 8 bytes" in str(e)


def test_the_last_header_of_a_name_counts() -> None:
    value = sample().encode()
    good = [(TYPE, u64(MediaContent.TYPE_ID)), (TYPE, MESSAGE_TYPE)]
    assert CserDeserializer(Message)(value, ctx(good)) == sample()
    bad = [(TYPE, MESSAGE_TYPE), (TYPE, u64(MediaContent.TYPE_ID))]
    assert failure(CserDeserializer(Message), value, ctx(bad)).kind is K.WRONG_TYPE


def test_a_str_header_counts_as_its_utf8_bytes() -> None:
    # produce() accepts str header values and sends their UTF-8 bytes; 8 of them are a u64.
    headers: dict[str, str | bytes | None] = {TYPE: "abcdefgh"}
    e = failure(CserDeserializer(Message), sample().encode(), ctx(headers))
    assert e.kind is K.WRONG_TYPE
    assert f"type id {int.from_bytes(b'abcdefgh', 'little'):016x}" in str(e)


@pytest.mark.parametrize("headers", [None, [], [("trace", b"1")], {}])
def test_a_record_without_cser_headers_decodes_as_the_deserializers_type(headers: Any) -> None:
    assert CserDeserializer(Message)(sample().encode(), ctx(headers)) == sample()
    assert CserDeserializer(Message)(sample().encode(), None) == sample()
    e = failure(CserDeserializer(Message, require_headers=True), sample().encode(), ctx(headers))
    assert e.kind is K.WRONG_TYPE
    assert "no cser.type header, and bench.message.Message requires it" in str(e)


def test_without_the_fingerprint_header_only_a_required_fingerprint_fails() -> None:
    headers = [(TYPE, MESSAGE_TYPE)]
    assert CserDeserializer(Message, require_headers=True)(sample().encode(), ctx(headers)) == sample()
    e = failure(CserDeserializer(Message, require_fingerprint=True), sample().encode(), ctx(headers))
    assert e.kind is K.WRONG_TYPE
    assert "written with no fingerprint" in str(e)


def test_any_writer_fingerprint_is_accepted_unless_its_own_is_required() -> None:
    other = 0x0123456789ABCDEF
    headers = [(TYPE, MESSAGE_TYPE), (FINGERPRINT, u64(other))]
    c = ctx(headers)
    deserializer = CserDeserializer(Message)
    assert deserializer(sample().encode(), c) == sample()
    assert deserializer.writer_fingerprint(c) == other
    e = failure(CserDeserializer(Message, require_fingerprint=True), sample().encode(), c)
    assert e.kind is K.WRONG_TYPE
    assert f"fingerprint {other:016x}, not bench.message.Message's own ({Message.FINGERPRINT:016x})" in str(e)


def test_writer_fingerprint_reads_the_side_of_the_context() -> None:
    headers = [(FINGERPRINT, u64(5)), (KEY_FINGERPRINT, u64(9)), (KEY_TYPE, b"short")]
    deserializer = CserDeserializer(Message)
    assert deserializer.writer_fingerprint(ctx(headers, VALUE)) == 5
    assert deserializer.writer_fingerprint(ctx(headers, KEY)) == 9
    assert deserializer.writer_fingerprint(ctx([], VALUE)) is None
    assert deserializer.writer_fingerprint(None) is None
    with pytest.raises(CserDeserializationError) as info:
        deserializer.writer_fingerprint(ctx([(FINGERPRINT, b"1234")]))
    assert info.value.kind is K.BAD_STREAM_HEADER


def test_a_key_deserializer_reads_only_the_key_headers() -> None:
    # The value's headers say Message; the key's say MediaContent: each side checks its own.
    key = MediaContent().encode()
    headers = [(TYPE, MESSAGE_TYPE), (KEY_TYPE, u64(MediaContent.TYPE_ID))]
    assert CserDeserializer(MediaContent)(key, ctx(headers, KEY)) == MediaContent()
    e = failure(CserDeserializer(Message), key, ctx(headers, KEY))
    assert e.kind is K.WRONG_TYPE and e.field == "key"
    assert e.decode_error.context == "record header cser.key.type"


def test_a_corrupt_value_is_the_runtimes_decode_error_with_its_offset_and_path() -> None:
    headers: list[tuple[str, str | bytes | None]] = []
    value = CserSerializer(Message)(sample(), ctx(headers))
    assert value is not None
    corrupt = corrupt_username(value)
    e = failure(CserDeserializer(Message), corrupt, ctx(headers))
    with pytest.raises(DecodeError) as direct:
        Message.decode(corrupt)
    assert e.kind is direct.value.kind is K.LENGTH_TOO_LARGE
    assert e.offset == direct.value.offset == 3
    assert e.path == direct.value.path == "Message.username"
    cut = failure(CserDeserializer(Message), value[:-1], ctx(headers))
    assert cut.kind is K.LENGTH_TOO_LARGE and cut.offset == 0
    trailing = failure(CserDeserializer(Message), value + b"\x00", ctx(headers))
    assert trailing.kind is K.TRAILING_BYTES and trailing.offset == len(value)


def test_max_depth_reaches_the_decoder() -> None:
    value = MediaContent().encode()
    assert CserDeserializer(MediaContent, max_depth=2)(value, ctx([])) == MediaContent()
    assert failure(CserDeserializer(MediaContent, max_depth=1), value, ctx([])).kind is K.DEPTH_EXCEEDED


def test_deserialize_message_reports_topic_partition_and_offset() -> None:
    headers: list[tuple[str, str | bytes | None]] = []
    value = CserSerializer(Message)(sample(), ctx(headers))
    assert value is not None
    good = KafkaMessage(topic="orders", partition=2, offset=41, value=value, headers=headers)
    deserializer = CserDeserializer(Message)
    assert deserializer.deserialize_message(good) == sample()
    bad = KafkaMessage(topic="orders", partition=2, offset=42, value=corrupt_username(value), headers=headers)
    with pytest.raises(CserDeserializationError) as info:
        deserializer.deserialize_message(bad)
    e = info.value
    assert (e.topic, e.partition, e.record_offset, e.field) == ("orders", 2, 42, "value")
    assert e.kind is K.LENGTH_TOO_LARGE and e.path == "Message.username"
    assert str(e).startswith(
        "cannot deserialize the value of topic 'orders' partition 2 offset 42: LENGTH_TOO_LARGE"
    )
    keyed = KafkaMessage(topic="t", partition=0, offset=1, key=sample().encode(), value=b"", headers=None)
    assert deserializer.deserialize_message(keyed, KEY) == sample()


def test_import_cser_works_without_confluent_kafka() -> None:
    # A None entry in sys.modules makes `import confluent_kafka` fail as if it were not installed.
    code = (
        "import sys; sys.modules['confluent_kafka'] = None\n"
        "import cser\n"
        "try:\n"
        "    import cser.kafka\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "cser.kafka needs confluent-kafka: install cser with its kafka extra, pip install 'cser[kafka]'"
