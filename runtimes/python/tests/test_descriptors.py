"""cser.descriptors: a malformed descriptor is refused, by the Python interpreter's reading of it
and by the C accelerator's (``_native/bind.c``), with the same error."""

from __future__ import annotations

from typing import Any

import pytest

from cser import bind, descriptors
from cser.descriptors import I32, LIST, RECORD, STRING, STRUCT, U8


class Junk:
    """Bound only by malformed descriptors."""

    __slots__ = ("_cser_unknown", "count")


class NoUnknownSlot:
    """A record class that cannot keep unknown fields."""

    __slots__ = ("count",)


#: Two u8 fields: a run of fixed-width fields, (0, 2).
TWO_U8 = (("count", "J.count", U8, -1, 0), ("other", "J.other", U8, -1, 0))


@pytest.mark.parametrize(
    "descriptor",
    [
        (RECORD, Junk, "t.J", "J", (("count", "J.count", 99, -1, 0),), -1, 0, ()),
        (RECORD, Junk, "t.J", "J", ((None, "J.old", STRING, -1, None),), -1, 0, ()),
        (RECORD, Junk, "t.J", "J", (("count", "J.count", (LIST,), -1, list),), -1, 0, ()),
        (7, Junk, "t.J", "J", ()),
        (RECORD, "Junk", "t.J", "J", (), -1, 0, ()),
        # A record states where it keeps unknown presence bits (SPEC §5.5.1): the last presence
        # byte when it has free bits, and which they are; a struct does not.
        (RECORD, Junk, "t.J", "J", (("count", "J.count", U8, -1, 0),), ()),
        (RECORD, Junk, "t.J", "J", (("count", "J.count", U8, 0, None),), -1, 0, ()),
        (RECORD, Junk, "t.J", "J", (("count", "J.count", U8, 0, None),), 0, 0xFF, ()),
        (RECORD, Junk, "t.J", "J", (("count", "J.count", U8, -1, 0),), 0, 0xFE, ()),
        (RECORD, Junk, "t.J", "J", (("count", "J.count", U8, 0, None),), "0", 0xFE, ()),
        (STRUCT, Junk, "t.J", "J", (("count", "J.count", U8, 0, None),), 0, 0xFE, ()),
        (RECORD, NoUnknownSlot, "t.N", "N", (("count", "N.count", U8, -1, 0),), -1, 0, ()),
        # A record or struct with deprecated fields keeps their bytes in a slot of its class
        # (SPEC §5.5.1).
        (RECORD, Junk, "t.J", "J", (("count", "J.count", U8, -1, 0), (None, "J.old", STRING, -1, b"\x00")), -1, 0,
         ()),
        (STRUCT, Junk, "t.J", "J", ((None, "J.old", U8, 0, b""),), ()),
        # A record and a struct end with their runs of fixed-width fields, (first, count) each:
        # two or more fields in range, bool, i8, u8, f32 or f64, neither optional nor deprecated,
        # in order.
        (STRUCT, Junk, "t.J", "J", (("count", "J.count", U8, -1, 0),)),
        (STRUCT, Junk, "t.J", "J", TWO_U8, [(0, 2)]),
        (STRUCT, Junk, "t.J", "J", TWO_U8, (0, 2)),
        (STRUCT, Junk, "t.J", "J", TWO_U8, ((0, 1),)),
        (STRUCT, Junk, "t.J", "J", TWO_U8, ((0, 3),)),
        (STRUCT, Junk, "t.J", "J", TWO_U8, ((1, 2),)),
        (STRUCT, Junk, "t.J", "J", TWO_U8, ((-1, 2),)),
        (STRUCT, Junk, "t.J", "J", TWO_U8, ((0, 2.0),)),
        (STRUCT, Junk, "t.J", "J", TWO_U8, ((0, 2, 0),)),
        (STRUCT, Junk, "t.J", "J", TWO_U8, ((0, 2), (0, 2))),
        (STRUCT, Junk, "t.J", "J", TWO_U8, ((0, 2**70),)),
        (STRUCT, Junk, "t.J", "J", (("count", "J.count", U8, -1, 0), ("other", "J.other", I32, -1, 0)), ((0, 2),)),
        (STRUCT, Junk, "t.J", "J", (("count", "J.count", U8, -1, 0), ("other", "J.other", U8, 0, None)), ((0, 2),)),
        (STRUCT, Junk, "t.J", "J", (("count", "J.count", U8, -1, 0), (None, "J.other", U8, -1, b"\x00")), ((0, 2),)),
    ],
)
def test_malformed_descriptors_are_refused_by_both_interpreters(descriptor: Any) -> None:
    with pytest.raises(TypeError, match="malformed type description"):
        descriptors.parse_type(descriptor)
    if bind.ACTIVE:
        from cser import _native

        with pytest.raises(TypeError, match="malformed type description"):
            _native.bind((descriptor,))
