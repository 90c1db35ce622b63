"""cser.canonical_text (SPEC §8.1): the canonical text put together from the pieces generated
classes carry gives every generated type's fingerprint; each type once, sorted, across modules
and loops; chains of any length without recursion."""

from __future__ import annotations

import enum
import hashlib
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from bench.media import MediaContent, Player
from edge.cases import BinOp, Expr, ExprLit
from sakai.content import ContentResource

import cser
from cser.canonical import fingerprint_of, has_canonical_text, type_name

GENERATED = Path(__file__).resolve().parents[1] / "target" / "generated"


def generated_modules() -> Iterator[ModuleType]:
    """Every module conftest.py generated (schema/examples and tests/schemas)."""
    for path in sorted(GENERATED.rglob("*.py")):
        parts = list(path.relative_to(GENERATED).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield importlib.import_module(".".join(parts))


def generated_types() -> list[type]:
    """Every class a generated module declares with its piece of canonical text: records,
    structs, unions and enums (a union's variant classes inherit the union's)."""
    out = []
    for module in generated_modules():
        for cls in vars(module).values():
            if inspect.isclass(cls) and cls.__module__ == module.__name__ and "_cser_canonical" in vars(cls):
                out.append(cls)
    return out


def sha_fingerprint(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


def test_every_generated_root_type_hashes_to_its_fingerprint() -> None:
    roots = [c for c in generated_types() if not issubclass(c, enum.Enum)]
    assert len(roots) > 100
    for cls in roots:
        text = cser.canonical_text(cls)
        fingerprint: int = cls.FINGERPRINT  # type: ignore[attr-defined]
        assert sha_fingerprint(text) == fingerprint, cls
        assert fingerprint_of(text) == fingerprint
        assert f" {type_name(cls)}{{" in text


def test_an_enum_is_its_own_line() -> None:
    enums = [c for c in generated_types() if issubclass(c, enum.Enum)]
    assert enums
    for cls in enums:
        line, named = cls._cser_canonical()  # type: ignore[attr-defined]
        assert named == ()
        assert cser.canonical_text(cls) == line + "\n"
        # The piece is a static method, not a member: the enum's members are the schema's.
        assert "_cser_canonical" not in cls.__members__
    assert [m.name for m in Player] == ["JAVA", "FLASH"]
    assert cser.canonical_text(Player) == "enum bench.media.Player{JAVA=0;FLASH=1;}\n"


def test_the_text_of_a_root_with_its_reachable_types_sorted() -> None:
    assert cser.canonical_text(MediaContent) == (
        "record bench.media.Image{1:string uri;2:optional<string> title;3:i32 width;4:i32 height;"
        "5:bench.media.Size size;}\n"
        "record bench.media.Media{1:string uri;2:optional<string> title;3:i32 width;4:i32 height;"
        "5:string format;6:i64 duration;7:i64 size;8:optional<i32> bitrate;9:list<string> persons;"
        "10:bench.media.Player player;11:optional<string> copyright;}\n"
        "record bench.media.MediaContent{1:bench.media.Media media;2:list<bench.media.Image> images;}\n"
        "enum bench.media.Player{JAVA=0;FLASH=1;}\n"
        "enum bench.media.Size{SMALL=0;LARGE=1;}\n"
    )


def test_loops_and_other_packages() -> None:
    # Expr and BinOp hold each other: one loop, one text, each line once.
    text = cser.canonical_text(Expr)
    assert text == cser.canonical_text(BinOp)
    assert len(text.splitlines()) == len(set(text.splitlines()))
    # A variant class answers for its union.
    assert cser.canonical_text(ExprLit) == text
    # sakai.content reaches sakai.common's types through another module.
    resource = cser.canonical_text(ContentResource)
    assert "sakai.common." in resource
    lines = resource.splitlines()
    assert lines == sorted(lines, key=lambda line: line.split(" ")[1].split("{")[0])


def piece(line: str, named: tuple[type, ...] | None = None, lazy: list[type] | None = None) -> type:
    """A class carrying a piece of canonical text, as generated code does; ``lazy`` names the types
    only when asked, as a function body does."""

    class Piece:
        @staticmethod
        def _cser_canonical() -> tuple[str, tuple[type, ...]]:
            return line, tuple(lazy) if lazy is not None else (named or ())

    return Piece


def test_each_name_once_even_from_two_classes() -> None:
    a1 = piece("struct p.A{1:i32 x;}")
    a2 = piece("struct p.A{1:i32 x;}")
    b = piece("record p.B{1:p.A a;2:p.A again;}", (a1, a2, a1))
    assert cser.canonical_text(b) == "struct p.A{1:i32 x;}\nrecord p.B{1:p.A a;2:p.A again;}\n"


def test_a_chain_of_ten_thousand_types_needs_no_recursion() -> None:
    n = 10_000
    # T_i names T_{i+1}, bound after both exist, as a module's classes name ones defined later.
    links: list[list[type]] = [[] for _ in range(n)]
    pieces = [piece(f"record p.T{i:05d}{{1:optional<p.T{i + 1:05d}> next;}}", lazy=links[i]) for i in range(n)]
    for i in range(n - 1):
        links[i].append(pieces[i + 1])
    text = cser.canonical_text(pieces[0])
    assert text.count("\n") == n
    assert text.startswith("record p.T00000{1:optional<p.T00001> next;}\nrecord p.T00001{")
    assert text.endswith("record p.T09999{1:optional<p.T10000> next;}\n")


def test_a_class_not_generated_is_a_type_error() -> None:
    class Plain:
        pass

    assert not has_canonical_text(Plain)
    assert has_canonical_text(MediaContent)
    with pytest.raises(TypeError, match="not a type generated by cserc"):
        cser.canonical_text(Plain)
