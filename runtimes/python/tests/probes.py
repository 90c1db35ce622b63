"""What the tests and the fuzz targets (fuzz/targets.py) both probe the codecs with: objects whose
conversions run code while a value is written (SPEC §12.3), and the memory a decode takes."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import Any

from cser import DecodeError


class Hook:
    """Runs ``action`` (once) from whichever conversion the writer asks for (``__float__``,
    ``__bool__``, ``__index__``), then answers like ``value``."""

    def __init__(self, value: Any, action: Callable[[], Any]) -> None:
        self.value = value
        self.action = action

    def run(self) -> None:
        action, self.action = self.action, lambda: None
        action()

    def __float__(self) -> float:
        self.run()
        return float(self.value)

    def __bool__(self) -> bool:
        self.run()
        return bool(self.value)

    def __index__(self) -> int:
        self.run()
        return int(self.value)

    def __repr__(self) -> str:
        return f"Hook({self.value!r})"


class Raises:
    """Raises ``exc`` from every conversion. Its repr is the same for every instance: a value
    built twice (once per codec) gives the same error messages."""

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc

    def __float__(self) -> float:
        raise self.exc

    def __bool__(self) -> bool:
        raise self.exc

    def __index__(self) -> int:
        raise self.exc

    def __repr__(self) -> str:
        return "Raises()"


def _decode(decode: Callable[[], object]) -> None:
    try:
        decode()
    except DecodeError:
        pass


def peak_allocation(decode: Callable[[], object]) -> int:
    """The peak bytes a decode (that may fail with DecodeError) allocates, after one unmeasured
    call: what only a first call allocates (CPython 3.11 copies a function's bytecode into its
    adaptive form when it warms up, 20 kB and more for the large generated readers) is not
    memory the input makes the decoder allocate."""
    _decode(decode)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        _decode(decode)
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
