"""cser.codec: what generated code names besides the binder; here, open enums' unknown members
(SPEC §12.3)."""

from __future__ import annotations

from conftest import Color
from cser import codec


def test_unknown_enum_members_are_kept() -> None:
    seven = codec.unknown_member(Color, 7)
    assert seven is not None and seven == 7 and isinstance(seven, Color) and seven.name == "Color(7)"
    assert codec.unknown_member(Color, -1) is None
    assert codec.unknown_member(Color, 2**31) is None
    assert codec.unknown_member(Color, "7") is None
