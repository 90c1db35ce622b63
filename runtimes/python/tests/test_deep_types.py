"""Type expressions as deep as SPEC §2.1 allows (32 levels of list, map and optional) through both
interpreters: the pure-Python one writes a function per few levels (CPython refuses more than 20
nested blocks in one), and a group whose compilation fails is compiled again on its next use,
never left half-made."""

from __future__ import annotations

from typing import Any

import pytest

from cser import DecodeError, bind, reader
from cser.descriptors import I64, LIST, MAP, OPTLIST, OPTMAP, STRING, STRUCT
from cser.limits import MAX_DEPTH

TYPE_DEPTH = 32  # SPEC §2.1


def _deep(shape: str) -> tuple[Any, Any]:
    """A descriptor TYPE_DEPTH levels deep, cycling through ``shape`` (l: list, o: list of
    optionals, m: map, p: map of optionals), and a value filling every level."""
    desc: Any = I64
    value: Any = -5
    for level in range(TYPE_DEPTH):
        kind = shape[level % len(shape)]
        if kind == "l":
            desc, value = (LIST, desc), [value]
        elif kind == "o":
            desc, value = (OPTLIST, desc), [None, value]
        elif kind == "m":
            desc, value = (MAP, STRING, desc), {f"k{level}": value}
        else:
            desc, value = (OPTMAP, STRING, desc), {"a": None, "b": value}
    return desc, value


def _bind(name: str, desc: Any) -> tuple[Any, type[Any]]:
    cls = type(name, (), {"__slots__": ("deep",)})
    (bound,) = bind.bind(((STRUCT, cls, f"t.{name}", name, (("deep", f"{name}.deep", desc, -1, list),), ()),))
    return bound, cls


def _make(cls: type[Any], value: Any) -> Any:
    v = object.__new__(cls)
    v.deep = value
    return v


@pytest.mark.parametrize("shape", ["l", "o", "m", "p", "lomp", "pmol"])
def test_a_type_32_deep_round_trips_through_both_interpreters(shape: str) -> None:
    desc, value = _deep(shape)
    bound, cls = _bind(f"Deep_{shape}", desc)
    pure = bind.pure(cls)
    data = pure.encode(_make(cls, value))
    assert bound.encode(_make(cls, value)) == data
    for c in (pure, bound):
        assert c.decode(data, MAX_DEPTH).deep == value
    # A truncation anywhere is the decode error of every other input, in both.
    for cut in (1, len(data) // 2, len(data) - 1):
        for c in (pure, bound):
            with pytest.raises(DecodeError):
                c.decode(data[:cut], MAX_DEPTH)


def test_a_compilation_that_fails_is_tried_again_on_the_next_use(monkeypatch: pytest.MonkeyPatch) -> None:
    desc, value = _deep("lm")
    _, cls = _bind("Retried", desc)
    pure = bind.pure(cls)
    real_emit = reader.emit
    calls = 0

    def failing_once(m: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise SyntaxError("emitted code that does not compile")
        real_emit(m)

    monkeypatch.setattr(reader, "emit", failing_once)
    with pytest.raises(SyntaxError):
        pure.encode(_make(cls, value))
    # Not RecursionError, not a stale half-compiled group: the same call works now.
    data = pure.encode(_make(cls, value))
    assert pure.decode(data, MAX_DEPTH).deep == value
    assert calls == 2
