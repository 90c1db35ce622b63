"""Dead letters (SPEC §8.2 "Dead letters"): the record a consumer sends to a dead-letter topic when
a consumed record does not deserialize, the same in Java, Rust and Python."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from confluent_kafka import Message

from cser.kafka.errors import CserDeserializationError

__all__ = [
    "ERROR_BYTE_OFFSET",
    "ERROR_KIND",
    "ERROR_MESSAGE",
    "ERROR_OFFSET",
    "ERROR_ORIGIN",
    "ERROR_PARTITION",
    "ERROR_TOPIC",
    "DeadLetter",
    "dead_letter",
    "dead_letter_topic",
]

ERROR_TOPIC = "cser.error.topic"
ERROR_PARTITION = "cser.error.partition"
ERROR_OFFSET = "cser.error.offset"
ERROR_ORIGIN = "cser.error.origin"
ERROR_KIND = "cser.error.kind"
ERROR_BYTE_OFFSET = "cser.error.byte.offset"
ERROR_MESSAGE = "cser.error.message"

#: The suffix of a dead-letter topic: ``orders`` -> ``orders.dlt``.
SUFFIX = ".dlt"


def dead_letter_topic(topic: str) -> str:
    """The default dead-letter topic of ``topic``: ``topic + ".dlt"``."""
    return topic + SUFFIX


@dataclass(frozen=True)
class DeadLetter:
    """A record for a dead-letter topic: the failed record's key, value and headers, unchanged,
    and the error headers after them. Send it with :meth:`produce`, or pass its fields to any
    producer."""

    topic: str
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes | None]]

    def produce(self, producer: Any, **kwargs: Any) -> None:
        """``producer.produce(...)`` of this record (a confluent-kafka ``Producer``); ``kwargs``
        go along, e.g. ``on_delivery``."""
        producer.produce(self.topic, key=self.key, value=self.value, headers=self.headers, **kwargs)


def dead_letter(msg: Message[Any, Any], error: CserDeserializationError, topic: str | None = None) -> DeadLetter:
    """The dead letter of ``msg`` (a record a plain ``Consumer`` returned, bytes as consumed), which
    failed with ``error`` (from :meth:`~cser.kafka.CserDeserializer.deserialize_message` on it), for
    ``topic`` (default: the record's topic + ``.dlt``)."""
    source = msg.topic() or ""
    found = msg.headers() or []
    # A consumed record's headers are a list of pairs; the stubs also allow a producer's dict.
    consumed = list(found.items()) if isinstance(found, dict) else found
    headers: list[tuple[str, bytes | None]] = [(name, _bytes(value)) for name, value in consumed]
    origin = "KEY" if error.field == "key" else "VALUE"
    for name, text in (
        (ERROR_TOPIC, source),
        (ERROR_PARTITION, str(msg.partition())),
        (ERROR_OFFSET, str(msg.offset())),
        (ERROR_ORIGIN, origin),
        (ERROR_KIND, error.kind.name),
        (ERROR_BYTE_OFFSET, str(error.offset)),
        (ERROR_MESSAGE, str(error.decode_error)),
    ):
        headers.append((name, text.encode()))
    return DeadLetter(
        topic=dead_letter_topic(source) if topic is None else topic,
        key=_bytes(msg.key()),
        value=_bytes(msg.value()),
        headers=headers,
    )


def _bytes(data: object) -> bytes | None:
    """A consumed key, value or header value as bytes (a plain ``Consumer`` returns bytes; a
    ``str`` is encoded as UTF-8, as the producer would have)."""
    if data is None or isinstance(data, bytes):
        return data
    if isinstance(data, str):
        return data.encode()
    raise TypeError(f"a dead letter needs the record's bytes, not {type(data).__name__}")
