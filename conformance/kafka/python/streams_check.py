"""Python's part in the Streams test (streams.py): reads the access-mode totals that Java's Kafka
Streams topology (``dev.cser.conformance.kafka.AccessModeCounts``) writes, and checks them.

    streams_check.py TOPIC COUNT

The topology counted W3 entities 0..COUNT-1 by access mode. This computes the expected totals on
its own, from Python's copy of W3 (``values.sakai_entity(n)``, runtimes/python/tests/values.py)
and the rule of Java's ``StreamsInput``: entity n is PUBLIC when n % 4 == 1, else it keeps its
generated mode (GROUPED when n % 10 == 0, else INHERITED). It then consumes TOPIC from the start
(read_committed: the topology writes in transactions) and requires of every record:

- the value headers of ``sakai.counts.AccessModeCount`` (SPEC §8.2: ``cser.type`` and
  ``cser.fingerprint``, 8 bytes little-endian, this type's id and fingerprint), and a value that
  ``CserDeserializer(AccessModeCount, require_headers=True, require_fingerprint=True)`` decodes;
- a key that is the name of the value's mode;
- per mode, a count that never goes down (exactly once: an update is never lost or replayed).

Streams emits updates, so the last record of each key is the current total; the check passes as
soon as the last totals equal the expected ones and fails if they do not within DEADLINE_SECONDS
(printing what it saw). The broker is ``BOOTSTRAP_SERVERS`` (environment); ``sakai.counts`` and the
W3 code must be importable (streams.py generates them and sets ``PYTHONPATH``). Prints one line
``python check TOPIC: ...``; exits 1 with the reason on stderr when the check fails.
"""

from __future__ import annotations

import os
import sys
import time
import uuid

from confluent_kafka import Consumer
from sakai.content import AccessMode
from sakai.counts import AccessModeCount

from cser.kafka import CserDeserializationError, CserDeserializer
from cser.kafka.headers import FINGERPRINT, TYPE, read_u64
from values import sakai_entity

#: How long the check waits for the final totals (the topology starts while the input is produced).
DEADLINE_SECONDS = 120.0


class CheckError(Exception):
    """The check failed: the reason, for stderr."""


def access_mode(n: int) -> AccessMode:
    """The access mode of the test's W3 entity n (Java's ``StreamsInput.entity(n)``)."""
    return AccessMode.PUBLIC if n % 4 == 1 else sakai_entity(n).access


def expected_totals(count: int) -> dict[str, tuple[int, int]]:
    """Mode name -> (entities, their summed content_length) over entities 0..count-1."""
    totals: dict[str, tuple[int, int]] = {}
    for n in range(count):
        entity = sakai_entity(n)
        name = access_mode(n).name
        entities, length = totals.get(name, (0, 0))
        totals[name] = (entities + 1, length + entity.content_length)
    return totals


def check(bootstrap: str, topic: str, count: int) -> None:
    expected = expected_totals(count)
    deserializer = CserDeserializer(AccessModeCount, require_headers=True, require_fingerprint=True)
    consumer = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": f"cser-streams-check-{uuid.uuid4()}",
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            "isolation.level": "read_committed",
        }
    )
    consumer.subscribe([topic])
    last: dict[str, tuple[int, int]] = {}
    updates = 0
    start = time.perf_counter()
    deadline = time.monotonic() + DEADLINE_SECONDS
    try:
        while last != expected:
            if time.monotonic() > deadline:
                raise CheckError(
                    f"the last totals of {topic} after {DEADLINE_SECONDS:.0f} s ({updates} updates) are {last}, "
                    f"expected {expected} (mode: (entities, total content_length))"
                )
            for record in consumer.consume(num_messages=1000, timeout=0.2):
                error = record.error()
                if error is not None:
                    raise CheckError(f"consume: {error}")
                updates += 1
                where = f"{record.topic()}/{record.partition()}@{record.offset()}"
                headers = record.headers()
                if read_u64(headers, TYPE) != AccessModeCount.TYPE_ID:
                    raise CheckError(f"{where}: cser.type is not AccessModeCount's: {headers}")
                if read_u64(headers, FINGERPRINT) != AccessModeCount.FINGERPRINT:
                    raise CheckError(f"{where}: cser.fingerprint is not AccessModeCount's: {headers}")
                value = deserializer.deserialize_message(record)
                raw_key = record.key()
                key = raw_key.decode() if isinstance(raw_key, bytes) else str(raw_key)
                if value is None or key != value.mode.name:
                    raise CheckError(f"{where}: key {key!r} with value {value!r}")
                before = last.get(key, (0, 0))
                if value.count < before[0]:
                    raise CheckError(f"{where}: the {key} count went down from {before[0]} to {value.count}")
                last[key] = (value.count, value.total_content_length)
    finally:
        consumer.close()
    seconds = time.perf_counter() - start
    totals = ", ".join(f"{mode} {n}" for mode, (n, _) in sorted(last.items()))
    print(
        f"python check {topic}: {count} entities counted ({totals}) from {updates} updates, "
        f"final totals after {seconds:.2f} s",
        flush=True,
    )


def main() -> int:
    bootstrap = os.environ.get("BOOTSTRAP_SERVERS", "")
    if not bootstrap or len(sys.argv) != 3:
        print("usage: BOOTSTRAP_SERVERS=HOST:PORT streams_check.py TOPIC COUNT", file=sys.stderr)
        return 2
    try:
        check(bootstrap, sys.argv[1], int(sys.argv[2]))
    except (CheckError, CserDeserializationError) as e:
        print(f"python check: {e}", file=sys.stderr, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
