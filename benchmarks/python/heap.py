"""Keep the memory the timed operations use mapped, so that no page faults are timed.

CPython's small-object allocator takes memory from the kernel in 1 MiB arenas and gives an arena
back (munmap) as soon as the last object in it is freed, keeping at most one empty arena. An
operation that builds megabytes of objects therefore maps fresh arenas on every call, and the
kernel zeroes each page at its first touch: before this module, a W1 decode took 3,778 page
faults a call in cser, 8,461 in msgpack, 3,528 in msgspec, and they were about 40% of cser's time
(19.4 ms a call with them, 10.9 ms without). What a fault costs on a VM follows the host's state
over minutes: a quick run 40 minutes after a full run had every library's W1 and W5 decode at
1.17-1.45x its full-run time (benchmarks/README.md, "Modes"; the cyclic collector's passes,
whose cost moves from one process to the next, are the other part). A long-running service's
heap has grown to its working size and stays there; ``hold`` puts the harness in that state.

Large blocks go through glibc's malloc (a list of 100,000 items, upb's arenas): ``hold`` also
stops glibc from giving the top of its heap back to the kernel and from mapping each large block
on its own.
"""

from __future__ import annotations

import ctypes
import ctypes.util

# pymalloc's largest size class (512 bytes); bytes(SIZE) is a 33 + SIZE byte object in it.
_SIZE = 470
_SLOT = 512
# Objects kept per arena: every _KEEP_EVERY-th of those allocated, at least two per 1 MiB arena
# (2,048 slots of 512 bytes, less the pools' headers), so no arena ever becomes empty.
_KEEP_EVERY = 512

# mallopt(3) parameters (glibc's malloc.h).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_MMAP_THRESHOLD_MAX = 32 * 2**20  # glibc's largest allowed value on 64-bit


def hold(mib: int) -> list[bytes]:
    """Map ``mib`` MiB of pymalloc arenas and keep them mapped; the caller keeps the result alive
    for as long as operations are timed. The arenas' pools are free for any object size; two
    small objects per arena keep each arena from being unmapped."""
    count = mib * 2**20 // _SLOT
    filled = [bytes(_SIZE) for _ in range(count)]
    kept = filled[::_KEEP_EVERY]
    del filled
    _hold_malloc_heap()
    return kept


def _hold_malloc_heap() -> None:
    """glibc only: never trim the heap's top, and serve blocks up to 32 MiB from the heap (whose
    pages stay mapped once touched) instead of a mapping of their own per block."""
    name = ctypes.util.find_library("c")
    if name is None:
        return
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return  # not glibc
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    mallopt(_M_TRIM_THRESHOLD, 2**31 - 1)
    mallopt(_M_MMAP_THRESHOLD, _MMAP_THRESHOLD_MAX)
