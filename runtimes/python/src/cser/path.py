"""The path of fields to a bad value, the one path type of decode errors (:class:`~cser.errors.
DecodeError`) and JSON errors (:class:`~cser.json.JsonError`): ``MediaContent.images[1].title``.

An error starts with an empty path where it is detected and gets one segment per level while it
unwinds, innermost first: ``push_field("Image.title")``, ``push_index(1)``,
``push_field("MediaContent.images")``. Only the outermost field keeps its type's name.
"""

from __future__ import annotations

import enum

__all__ = ["FieldPath"]


class FieldPath:
    """Segments pushed while an error unwinds; ``str()`` renders them outermost first."""

    __slots__ = ("_segments",)

    def __init__(self, segments: list[str] | None = None) -> None:
        # Innermost first, in the order they were pushed.
        self._segments: list[str] = [] if segments is None else segments

    def push_field(self, segment: str) -> None:
        """Prepends a field, ``"Type.field"`` (or a root type's name, ``"Type"``)."""
        self._segments.append(segment)

    def push_index(self, index: int) -> None:
        """Prepends a list index, rendered ``[1]``."""
        self._segments.append(f"[{index}]")

    def push_key(self, key: object) -> None:
        """Prepends a map key: ``["a"]`` for a string, ``[RED]`` for an enum member, ``[7]``
        for a number."""
        if isinstance(key, str):
            self._segments.append(f'["{key}"]')
        elif isinstance(key, enum.Enum):
            self._segments.append(f"[{key.name}]")
        else:
            self._segments.append(f"[{int(key)}]")  # type: ignore[call-overload]

    @property
    def segments(self) -> list[str]:
        """A copy of the segments, innermost first."""
        return list(self._segments)

    def __bool__(self) -> bool:
        return bool(self._segments)

    def __str__(self) -> str:
        out = ""
        for seg in reversed(self._segments):
            if seg.startswith("["):
                out += seg
            elif not out:
                out = seg
            else:
                out += "." + seg.rpartition(".")[2]
        return out

    def __repr__(self) -> str:
        return f"FieldPath({str(self)!r})"
