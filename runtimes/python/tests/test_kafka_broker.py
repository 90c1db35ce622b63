"""cser.kafka on a real Kafka broker: W4 messages (``bench.message.Message``) produced to a
3-partition topic come back byte-identical and in order per key, with a corrupt value, a value of
another type and a record without cser headers injected mid-stream. The two bad records are
reported with their topic, partition, offset and error kind, routed to a dead-letter topic and
skipped; nothing after them is lost. Read twice: by a plain ``Consumer`` with
``CserDeserializer.deserialize_message`` and by a ``DeserializingConsumer``.

Starts its own broker with the project's ``conformance/kafka/broker`` script (or the one
``CSER_KAFKA_BROKER`` names) and stops it afterwards, even when a test fails. Not part of the
plain ``pytest`` run of ``make test-python`` (which ignores this file); ``make test-kafka-python``
runs it."""

from __future__ import annotations

import os
import subprocess
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from bench.media import Image, MediaContent
from bench.message import Message
from confluent_kafka import Consumer, DeserializingConsumer, KafkaError, Producer, SerializingProducer
from confluent_kafka import Message as KafkaMessage
from confluent_kafka.admin import AdminClient
from confluent_kafka.cimpl import NewTopic
from confluent_kafka.error import ValueDeserializationError
from confluent_kafka.serialization import (
    MessageField,
    SerializationContext,
    StringDeserializer,
    StringSerializer,
)

from cser.errors import DecodeError, DecodeErrorKind
from cser.kafka import CserDeserializationError, CserDeserializer, CserSerializer
from cser.kafka import dead_letter as cser_dead_letter

ROOT = Path(__file__).resolve().parents[3]
BROKER = Path(os.environ.get("CSER_KAFKA_BROKER", ROOT / "conformance" / "kafka" / "broker"))
PARTITIONS = 3
COUNT = 3000  # good W4 messages, half before the injected records and half after
KEYS = 7
DEADLINE_SECONDS = 90.0

K = DecodeErrorKind


@pytest.fixture(scope="module")
def bootstrap(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``bootstrap.servers`` of a broker started for this module and stopped after it."""
    if not BROKER.is_file():
        pytest.fail(f"no broker script at {BROKER} (set CSER_KAFKA_BROKER to conformance/kafka/broker)")
    directory = tmp_path_factory.mktemp("kafka") / "broker"
    try:
        up = subprocess.run([str(BROKER), "up", str(directory)], capture_output=True, text=True, timeout=300)
        if up.returncode != 0:
            pytest.fail(f"broker up failed ({up.returncode}):\n{up.stderr}")
        line = up.stdout.strip().splitlines()[-1]
        assert line.startswith("bootstrap.servers="), up.stdout
        yield line.split("=", 1)[1]
    finally:
        subprocess.run([str(BROKER), "down", str(directory)], check=False, timeout=120)


def w4(i: int) -> Message:
    """The i-th W4 message: every field varies, strings of varying length and non-ASCII text."""
    return Message(
        type_=(i * 7919) % 2_000_003 - 1_000_000,
        active=i % 3 != 0,
        username=f"user-{i % 97}-ü" if i % 5 == 0 else f"user-{i % 97}",
        userid=i * 31,
        data="payload " * (i % 13) + str(i),
    )


@dataclass
class Injected:
    """A record produced mid-stream by a plain producer: where it landed, and what a consumer of
    Message must make of it (an error kind, or the message it decodes to)."""

    key: str
    value: bytes
    headers: list[tuple[str, str | bytes | None]]
    expected_kind: DecodeErrorKind | None
    partition: int = -1
    offset: int = -1


@dataclass
class Produced:
    """What the producing side sent: the value bytes per key in order, and the injected records."""

    topic: str
    by_key: dict[str, list[bytes]]
    injected: list[Injected]


def corrupt_value() -> bytes:
    """A Message cut short by its last byte: its body length runs past the end of the value."""
    return w4(1).encode()[:-1]


def injected_records() -> list[Injected]:
    serializer = CserSerializer(Message)
    corrupt_headers: list[tuple[str, str | bytes | None]] = []
    serializer(w4(1), SerializationContext("t", MessageField.VALUE, corrupt_headers))
    with pytest.raises(DecodeError) as direct:
        Message.decode(corrupt_value())
    other_headers: list[tuple[str, str | bytes | None]] = []
    media = MediaContent(images=[Image(uri="u", title="t")])
    other = CserSerializer(MediaContent)(media, SerializationContext("t", MessageField.VALUE, other_headers))
    assert other is not None
    return [
        # A corrupt value under correct cser headers: the runtime's decode error.
        Injected("key-0", corrupt_value(), corrupt_headers, direct.value.kind),
        # A MediaContent: its cser.type header says so, *wrong type*.
        Injected("key-1", other, other_headers, K.WRONG_TYPE),
        # A W4 message from a tool that knows nothing of cser: no headers, read as a Message.
        Injected("key-2", w4(-1).encode(), [], None),
    ]


def produce(bootstrap: str) -> Produced:
    topic = f"w4-{uuid.uuid4().hex[:8]}"
    with AdminClient({"bootstrap.servers": bootstrap}) as admin:
        topics = admin.create_topics([NewTopic(topic, num_partitions=PARTITIONS, replication_factor=1)])
        for future in topics.values():
            future.result(timeout=60)
    config = {"bootstrap.servers": bootstrap, "enable.idempotence": True, "acks": "all", "linger.ms": 5}
    typed_config = {**config, "key.serializer": StringSerializer(), "value.serializer": CserSerializer(Message)}
    by_key: dict[str, list[bytes]] = {}
    failures: list[str] = []
    injected = injected_records()

    def delivered(err: KafkaError | None, msg: KafkaMessage[Any, Any]) -> None:
        if err is not None:
            failures.append(str(err))

    # Closed (with) before the broker goes down, so no client is left retrying a dead broker.
    with SerializingProducer(typed_config) as producer, Producer(config) as raw:

        def send_good(numbers: range) -> None:
            for i in numbers:
                key = f"key-{i % KEYS}"
                by_key.setdefault(key, []).append(w4(i).encode())
                producer.produce(topic, key=key, value=w4(i), headers=[], on_delivery=delivered)
                producer.poll(0)
            assert producer.flush(60) == 0

        send_good(range(COUNT // 2))
        for record in injected:

            def landed(err: KafkaError | None, msg: KafkaMessage[Any, Any], record: Injected = record) -> None:
                delivered(err, msg)
                record.partition, record.offset = msg.partition() or 0, msg.offset() or 0

            raw.produce(topic, key=record.key.encode(), value=record.value, headers=record.headers,
                        on_delivery=landed)
            if record.expected_kind is None:
                by_key.setdefault(record.key, []).append(record.value)
        assert raw.flush(60) == 0
        send_good(range(COUNT // 2, COUNT))
    assert failures == []
    assert all(record.offset >= 0 for record in injected)
    return Produced(topic, by_key, injected)


@pytest.fixture(scope="module")
def produced(bootstrap: str) -> Produced:
    return produce(bootstrap)


def consumer_config(bootstrap: str) -> dict[str, Any]:
    return {
        "bootstrap.servers": bootstrap,
        "group.id": f"cser-test-{uuid.uuid4().hex[:8]}",
        "auto.offset.reset": "earliest",
        "enable.auto.commit": False,
    }


@dataclass
class Consumed:
    by_key: dict[str, list[bytes]]
    # (topic, partition, offset, error kind) of every record that failed, as the consumer reports it
    reported: list[tuple[str, int, int, DecodeErrorKind]]


def expected_total(produced: Produced) -> int:
    return sum(len(values) for values in produced.by_key.values()) + sum(
        1 for record in produced.injected if record.expected_kind is not None
    )


def list_headers(msg: KafkaMessage[Any, Any]) -> list[tuple[str, str | bytes | None]]:
    """A consumed record's headers (a list of pairs, or ``None`` when it has none)."""
    headers = msg.headers()
    assert headers is None or isinstance(headers, list)
    return list(headers or [])


def dead_letter(dlq: Producer, msg: KafkaMessage[Any, Any], error: CserDeserializationError) -> None:
    """Routes a record that failed to ``TOPIC.dlt`` with cser.kafka's helper (SPEC §8.2, "Dead
    letters"): its bytes and headers as they were, the error headers after them."""
    cser_dead_letter(msg, error).produce(dlq)


def consume_plain(bootstrap: str, produced: Produced) -> Consumed:
    """A plain Consumer: the raw bytes are kept to compare, then deserialized."""
    consumer = Consumer(consumer_config(bootstrap))
    dlq = Producer({"bootstrap.servers": bootstrap, "acks": "all"})
    consumer.subscribe([produced.topic])
    deserializer = CserDeserializer(Message)
    result = Consumed({}, [])
    seen = 0
    deadline = time.monotonic() + DEADLINE_SECONDS
    try:
        while seen < expected_total(produced) and time.monotonic() < deadline:
            msg = consumer.poll(0.5)
            if msg is None:
                continue
            assert msg.error() is None, msg.error()
            seen += 1
            try:
                message = deserializer.deserialize_message(msg)
            except CserDeserializationError as e:
                assert e.topic is not None and e.partition is not None and e.record_offset is not None
                result.reported.append((e.topic, e.partition, e.record_offset, e.kind))
                dead_letter(dlq, msg, e)
                continue
            assert message is not None
            value = msg.value()
            assert value is not None and message.encode() == value
            key = msg.key()
            assert key is not None
            result.by_key.setdefault(key.decode(), []).append(value)
    finally:
        consumer.close()
        remaining = dlq.flush(60)
        dlq.close()
    assert remaining == 0
    return result


def consume_deserializing(bootstrap: str, produced: Produced) -> Consumed:
    """A DeserializingConsumer: a failure is a ValueDeserializationError whose ``exception`` is
    cser's error and whose ``kafka_message`` is the record; polling goes on past it."""
    consumer = DeserializingConsumer(
        {
            **consumer_config(bootstrap),
            "key.deserializer": StringDeserializer(),
            "value.deserializer": CserDeserializer(Message),
        }
    )
    consumer.subscribe([produced.topic])
    result = Consumed({}, [])
    seen = 0
    deadline = time.monotonic() + DEADLINE_SECONDS
    try:
        while seen < expected_total(produced) and time.monotonic() < deadline:
            try:
                msg = consumer.poll(0.5)
            except ValueDeserializationError as e:
                seen += 1
                cause = e.exception
                record = e.kafka_message
                assert isinstance(cause, CserDeserializationError) and record is not None
                result.reported.append((record.topic() or "", record.partition() or 0, record.offset() or 0, cause.kind))
                continue
            if msg is None:
                continue
            seen += 1
            message = msg.value()
            assert isinstance(message, Message)
            key = msg.key()
            assert isinstance(key, str)
            result.by_key.setdefault(key, []).append(message.encode())
    finally:
        consumer.close()
    return result


def check(consumed: Consumed, produced: Produced) -> None:
    expected_reports = sorted(
        (produced.topic, r.partition, r.offset, r.expected_kind) for r in produced.injected if r.expected_kind
    )
    assert sorted(consumed.reported, key=lambda r: (r[1], r[2])) == sorted(expected_reports, key=lambda r: (r[1], r[2]))
    assert {kind for *_, kind in consumed.reported} == {K.WRONG_TYPE, K.LENGTH_TOO_LARGE}
    # Every good message, byte-identical, in the order produced for its key (a key's records share
    # a partition); the ones produced after the bad records included.
    assert consumed.by_key.keys() == produced.by_key.keys()
    for key, values in produced.by_key.items():
        assert consumed.by_key[key] == values, f"the messages of {key} differ"
    assert sum(len(v) for v in consumed.by_key.values()) == COUNT + 1


def test_plain_consumer_reads_every_message_and_reports_the_bad_records(bootstrap: str, produced: Produced) -> None:
    check(consume_plain(bootstrap, produced), produced)
    # The two bad records are on the dead-letter topic, bytes and headers unchanged.
    consumer = Consumer(consumer_config(bootstrap))
    consumer.subscribe([f"{produced.topic}.dlt"])
    dead: list[KafkaMessage[Any, Any]] = []
    deadline = time.monotonic() + DEADLINE_SECONDS
    try:
        while len(dead) < 2 and time.monotonic() < deadline:
            msg = consumer.poll(0.5)
            if msg is not None:
                assert msg.error() is None, msg.error()
                dead.append(msg)
    finally:
        consumer.close()
    bad = {r.value: r for r in produced.injected if r.expected_kind is not None}
    assert sorted(m.value() or b"" for m in dead) == sorted(bad)
    for msg in dead:
        record = bad[msg.value() or b""]
        headers = list_headers(msg)
        assert headers[: len(record.headers)] == record.headers
        errors = dict(headers[len(record.headers) :])
        assert record.expected_kind is not None
        assert errors["cser.error.topic"] == produced.topic.encode()
        assert errors["cser.error.kind"] == record.expected_kind.name.encode()


def test_deserializing_consumer_reads_every_message_and_reports_the_bad_records(
    bootstrap: str, produced: Produced
) -> None:
    check(consume_deserializing(bootstrap, produced), produced)
