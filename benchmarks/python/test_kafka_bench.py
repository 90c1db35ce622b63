"""The Kafka benchmark's parts that need no broker (make test-bench runs the whole benchmark as a
smoke against a real one): each format's serializer and deserializer, as kafka_bench.py calls
them, give back what record n must be; cser's records carry their two 8-byte headers and the
others none; the segment size counts the ``*.log`` files only.

    benchmarks/target/py-venv/bin/python -m pytest -q benchmarks/python
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import workloads

workloads.generate()

import kafka_bench  # noqa: E402
import models  # noqa: E402


class Record:
    """What the deserializers read of a consumed confluent-kafka ``Message``."""

    def __init__(self, value: bytes, headers: kafka_bench.HeaderList) -> None:
        self._value = value
        self._headers = headers or None

    def value(self) -> bytes:
        return self._value

    def key(self) -> None:
        return None

    def headers(self) -> kafka_bench.HeaderList | None:
        return self._headers

    def topic(self) -> str:
        return "t"

    def partition(self) -> int:
        return 0

    def offset(self) -> int:
        return 0


# Entity 2 has non-ASCII text (the JSON is UTF-8, not \\u escapes); message 3 is inactive.
@pytest.mark.parametrize("workload,n", [("W4", 0), ("W4", 3), ("W4", 999_999), ("W3", 0), ("W3", 2), ("W3", 99_999)])
@pytest.mark.parametrize("name", kafka_bench.FORMATS)
def test_record_n_round_trips(name: str, workload: str, n: int) -> None:
    f = kafka_bench.make_format(name, workload)
    headers: kafka_bench.HeaderList = []
    data = f.serialize("t", f.value(n), headers)
    decoded: Any = f.deserialize(Record(data, headers))  # type: ignore[arg-type]
    import values as v

    cser_value = v.message(n) if workload == "W4" else v.sakai_entity(n)
    assert f.comparable(decoded) == models.to_peer(cser_value)
    if name == "cser":
        assert data == cser_value.encode()
        assert sorted(k for k, _ in headers) == ["cser.fingerprint", "cser.type"]
        assert all(isinstance(x, bytes) and len(x) == 8 for _, x in headers)
    elif name == "cser-bare":
        assert data == cser_value.encode()
        assert headers == []
    else:
        assert headers == []


def test_json_is_compact_utf8() -> None:
    f = kafka_bench.make_format("json", "W3")
    data = f.serialize("t", f.value(2), [])
    assert b"\\u" not in data and b"\": " not in data
    assert "Résumé".encode() in data


def test_cser_deserializer_rejects_another_type() -> None:
    w4 = kafka_bench.make_format("cser", "W4")
    w3 = kafka_bench.make_format("cser", "W3")
    headers: kafka_bench.HeaderList = []
    data = w3.serialize("t", w3.value(0), headers)
    with pytest.raises(Exception, match="type id"):
        w4.deserialize(Record(data, headers))  # type: ignore[arg-type]


def test_segment_bytes_counts_log_files_only(tmp_path: Path) -> None:
    part = tmp_path / "bench-0"
    part.mkdir()
    (part / "00000000000000000000.log").write_bytes(b"x" * 1000)
    (part / "00000000000000001000.log").write_bytes(b"x" * 24)
    (part / "00000000000000000000.index").write_bytes(b"x" * 4096)
    (part / "00000000000000000000.timeindex").write_bytes(b"x" * 4096)
    assert kafka_bench.segment_bytes(part) == 1024
    assert kafka_bench.settled_segment_bytes(part) == 1024
    with pytest.raises(RuntimeError, match="not a partition directory"):
        kafka_bench.segment_bytes(tmp_path / "absent-0")


def test_unknown_format_and_workload() -> None:
    with pytest.raises(ValueError, match="no format"):
        kafka_bench.make_format("avro", "W4")
    with pytest.raises(ValueError, match="W4 and W3"):
        kafka_bench.make_format("cser", "W6")
