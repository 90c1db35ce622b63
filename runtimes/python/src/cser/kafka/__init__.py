"""Kafka serdes for confluent-kafka (SPEC §8.2): :class:`CserSerializer` and
:class:`CserDeserializer` of a generated type, e.g. ``CserSerializer(Message)``.

A record's value (or key) is the message of SPEC §5.8; the headers ``cser.type`` and
``cser.fingerprint`` (``cser.key.*`` for a key), 8 bytes little-endian each, carry its type id and
the writer's schema fingerprint. Errors are confluent-kafka ``SerializationError`` s:
:class:`CserDeserializationError` (cser's :class:`~cser.DecodeError` in ``decode_error``, with
its kind, offset and path) and :class:`CserSerializationError`. :func:`dead_letter` builds the
record for a dead-letter topic from a record that failed (SPEC §8.2 "Dead letters").

Needs confluent-kafka, an optional dependency: ``pip install cser[kafka]``. ``import cser``
works without it; importing this module then says how to install it.
"""

from __future__ import annotations

try:
    import confluent_kafka  # noqa: F401  # the dependency, checked before the modules using it
except ImportError as e:  # pragma: no cover - exercised only where confluent-kafka is missing
    raise ImportError(
        "cser.kafka needs confluent-kafka: install cser with its kafka extra, pip install 'cser[kafka]'"
    ) from e

from cser.kafka.dead_letter import DeadLetter, dead_letter, dead_letter_topic
from cser.kafka.deserializer import CserDeserializer
from cser.kafka.errors import CserDeserializationError, CserSerializationError
from cser.kafka.headers import FINGERPRINT, KEY_FINGERPRINT, KEY_TYPE, TYPE
from cser.kafka.serializer import CserSerializer
from cser.kafka.types import KafkaMessageType

__all__ = [
    "FINGERPRINT",
    "KEY_FINGERPRINT",
    "KEY_TYPE",
    "TYPE",
    "CserDeserializationError",
    "CserDeserializer",
    "CserSerializationError",
    "CserSerializer",
    "DeadLetter",
    "KafkaMessageType",
    "dead_letter",
    "dead_letter_topic",
]
