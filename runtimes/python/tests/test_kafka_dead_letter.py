"""cser.kafka's dead letters without a broker (SPEC §8.2 "Dead letters"): the failed record's key,
value and headers byte for byte, then the error headers, exactly. The Java (CserDeadLetterTest)
and Rust (tests/dead_letter.rs) tests build the same records and expect the same headers."""

from __future__ import annotations

from typing import Any

import pytest
from bench.message import Message
from confluent_kafka import Message as KafkaMessage
from confluent_kafka.serialization import MessageField

from cser.kafka import CserDeserializationError, CserDeserializer, DeadLetter, dead_letter, dead_letter_topic

# Message's type id and fingerprint, u64 little-endian (as in test_kafka.py).
MESSAGE_TYPE = bytes.fromhex("65e43d17a96b7fcb")
MESSAGE_FINGERPRINT = bytes.fromhex("19f62b9a107acf03")
# W4's type id plus one: a type that is not Message.
OTHER_TYPE = (Message.TYPE_ID + 1).to_bytes(8, "little")


def sample() -> Message:
    return Message(type_=3, active=False, username="User_7", userid=7, data="data 7")


def failed(record: KafkaMessage, field: MessageField = MessageField.VALUE) -> CserDeserializationError:
    with pytest.raises(CserDeserializationError) as info:
        CserDeserializer(Message).deserialize_message(record, field)
    return info.value


def record(**kwargs: Any) -> KafkaMessage:
    return KafkaMessage(topic="orders", partition=2, offset=42, **kwargs)


def test_the_default_topic_appends_dlt() -> None:
    assert dead_letter_topic("orders") == "orders.dlt"


def test_a_corrupt_value_keeps_key_value_and_headers_and_adds_the_error_headers() -> None:
    # The message without its last byte: its length says one byte more than remains.
    value = sample().encode()[:-1]
    headers = [("trace", b"abc"), ("cser.type", MESSAGE_TYPE), ("cser.fingerprint", MESSAGE_FINGERPRINT),
               ("trace", None)]
    bad = record(key=b"user-7", value=value, headers=headers)
    error = failed(bad)
    letter = dead_letter(bad, error)
    assert isinstance(letter, DeadLetter)
    assert letter.topic == "orders.dlt"
    assert letter.key == b"user-7"
    assert letter.value == value
    message = str(error.decode_error)
    assert message.startswith("LENGTH_TOO_LARGE: ") and message.endswith(" at offset 0")
    assert letter.headers == [
        *headers,
        ("cser.error.topic", b"orders"),
        ("cser.error.partition", b"2"),
        ("cser.error.offset", b"42"),
        ("cser.error.origin", b"VALUE"),
        ("cser.error.kind", b"LENGTH_TOO_LARGE"),
        ("cser.error.byte.offset", b"0"),
        ("cser.error.message", message.encode()),
    ]


def test_another_type_is_wrong_type_at_offset_0_and_a_null_key_stays_null() -> None:
    value = sample().encode()
    headers = [("cser.type", OTHER_TYPE), ("cser.fingerprint", MESSAGE_FINGERPRINT)]
    bad = record(value=value, headers=headers)
    letter = dead_letter(bad, failed(bad), topic="rejected")
    assert (letter.topic, letter.key, letter.value) == ("rejected", None, value)
    assert letter.headers[:2] == headers
    assert letter.headers[2:8] == [
        ("cser.error.topic", b"orders"),
        ("cser.error.partition", b"2"),
        ("cser.error.offset", b"42"),
        ("cser.error.origin", b"VALUE"),
        ("cser.error.kind", b"WRONG_TYPE"),
        ("cser.error.byte.offset", b"0"),
    ]
    assert letter.headers[8][0] == "cser.error.message"
    assert letter.headers[8][1] is not None and letter.headers[8][1].startswith(b"WRONG_TYPE: ")
    assert len(letter.headers) == 9


def test_a_failed_key_is_origin_key_with_its_byte_offset() -> None:
    key = bytearray(sample().encode())
    key[3] = 0x7F  # the username's length, larger than what remains
    bad = record(key=bytes(key), value=b"v", headers=None)
    letter = dead_letter(bad, failed(bad, MessageField.KEY))
    assert (letter.key, letter.value) == (bytes(key), b"v")
    names = dict(letter.headers)
    assert names["cser.error.origin"] == b"KEY"
    assert names["cser.error.kind"] == b"LENGTH_TOO_LARGE"
    assert names["cser.error.byte.offset"] == b"3"
    assert [name for name, _ in letter.headers] == [
        "cser.error.topic", "cser.error.partition", "cser.error.offset", "cser.error.origin",
        "cser.error.kind", "cser.error.byte.offset", "cser.error.message",
    ]


def test_produce_hands_the_record_to_the_producer() -> None:
    bad = record(key=b"k", value=b"\x05", headers=None)
    letter = dead_letter(bad, failed(bad))
    sent: list[tuple[Any, ...]] = []

    class Producer:
        def produce(self, topic: str, **kwargs: Any) -> None:
            sent.append((topic, kwargs))

    letter.produce(Producer(), on_delivery=print)
    assert sent == [("orders.dlt", {"key": b"k", "value": b"\x05", "headers": letter.headers, "on_delivery": print})]
