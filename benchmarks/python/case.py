"""One timed case of the Python harness: a library's encode and decode of one workload's value.
Its own module so that peers.py and peers_msgspec.py both use it without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Op = Callable[[], object]


@dataclass
class Case:
    library: str
    workload: str
    data: bytes
    expected: Any  # what every decode must equal
    ops: dict[str, Op]
