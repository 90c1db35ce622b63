"""cser.schema_difference (SPEC §9.1): each rule of the algorithm, with the exact message every
runtime gives, on hand-written pairs of canonical texts; and on generated ones."""

from __future__ import annotations

import pytest
from evolution import EntityV1, EntityV2

import cser
from cser import SchemaText, schema_difference
from generated import generated_types


def text(*lines: str) -> str:
    """A canonical text of ``lines``, sorted by the names they declare."""
    return "".join(line + "\n" for line in sorted(lines, key=lambda line: line.split(" ")[1].split("{")[0]))


# (name, writer's lines, reader's lines, root, difference or None)
PAIRS: list[tuple[str, tuple[str, ...], tuple[str, ...], str, str | None]] = [
    # 1. The root.
    ("equal", ("record a.R{1:i32 x;}",), ("record a.R{1:i32 x;}",), "a.R", None),
    ("root not in the writer's", ("record a.Old{1:i32 x;}",), ("record a.New{1:i32 x;}",), "a.New",
     "a.New: not in the writer's schema"),
    # 2. Kinds, and how a pair is named.
    ("struct to record", ("struct a.T{1:i32 x;}",), ("record a.T{1:i32 x;}",), "a.T",
     "a.T: a struct in the writer's schema, a record in the reader's"),
    ("union to record", ("union a.T{1:i32 x;}",), ("record a.T{1:i32 x;}",), "a.T",
     "a.T: a union in the writer's schema, a record in the reader's"),
    ("same name, another kind, held", ("record a.R{1:a.E e;}", "enum a.E{A=0;}"),
     ("record a.R{1:a.E e;}", "struct a.E{1:i32 x;}"), "a.R",
     "a.E: an enum in the writer's schema, a struct in the reader's"),
    ("renamed type followed", ("record a.R{1:a.Old o;}", "struct a.Old{1:i64 x;}"),
     ("record a.R{1:a.New o;}", "struct a.New{1:u64 x;}"), "a.R",
     "field 'x' (id 1) of a.New (the writer's a.Old): i64 in the writer's schema, u64 in the reader's"),
    ("renamed type of another kind", ("record a.R{1:a.Old o;}", "union a.Old{1:i64 x;}", "struct a.New{1:i64 x;}"),
     ("record a.R{1:a.New o;}", "struct a.New{1:i64 x;}"), "a.R",
     "field 'o' (id 1) of a.R: a.Old in the writer's schema, a.New in the reader's"),
    ("another kind and name", ("record a.R{1:a.E o;}", "enum a.E{A=0;}"),
     ("record a.R{1:a.S o;}", "struct a.S{1:i32 x;}"), "a.R",
     "field 'o' (id 1) of a.R: a.E in the writer's schema, a.S in the reader's"),
    ("renamed in another package", ("record a.R{1:old.pkg.Old o;}", "struct old.pkg.Old{1:bool x;}"),
     ("record a.R{1:a.New o;}", "struct a.New{1:string x;}"), "a.R",
     "field 'x' (id 1) of a.New (the writer's old.pkg.Old): bool in the writer's schema, string in the reader's"),
    # 3. Structs.
    ("struct grew", ("struct a.P{1:f64 x;2:f64 y;}",), ("struct a.P{1:f64 x;2:f64 y;3:f64 z;}",), "a.P",
     "struct a.P: 2 fields in the writer's schema, 3 in the reader's"),
    ("renamed struct shrank", ("record a.R{1:a.Q p;}", "struct a.Q{1:f64 x;2:f64 y;3:f64 z;}"),
     ("record a.R{1:a.P p;}", "struct a.P{1:f64 x;2:f64 y;}"), "a.R",
     "struct a.P (the writer's a.Q): 3 fields in the writer's schema, 2 in the reader's"),
    ("struct of one field grew", ("struct a.P{1:f64 x;}",), ("struct a.P{1:f64 x;2:f64 y;}",), "a.P",
     "struct a.P: 1 field in the writer's schema, 2 in the reader's"),
    ("struct shrank to one field", ("struct a.P{1:f64 x;2:f64 y;}",), ("struct a.P{1:f64 x;}",), "a.P",
     "struct a.P: 2 fields in the writer's schema, 1 in the reader's"),
    ("struct field renamed", ("struct a.P{1:f64 x;}",), ("struct a.P{1:f64 lat;}",), "a.P", None),
    # 4. Fields and variants by id.
    ("fields swapped", ("record a.R{1:i32 x;2:i32 y;}",), ("record a.R{1:i32 y;2:i32 x;}",), "a.R",
     "field 'y' of a.R: id 2 in the writer's schema, id 1 in the reader's"),
    ("field inserted", ("record a.R{1:i32 x;}",), ("record a.R{1:string n;2:i32 x;}",), "a.R",
     "field 'x' of a.R: id 1 in the writer's schema, id 2 in the reader's"),
    ("field removed from the middle", ("record a.R{1:i32 x;2:i32 y;3:i32 z;}",), ("record a.R{1:i32 x;2:i32 z;}",),
     "a.R", "field 'z' of a.R: id 3 in the writer's schema, id 2 in the reader's"),
    ("field renamed", ("record a.R{1:i32 x;}",), ("record a.R{1:i32 y;}",), "a.R", None),
    ("field renamed and retyped", ("record a.R{1:i32 x;}",), ("record a.R{1:string y;}",), "a.R",
     "field 'y' (id 1) of a.R: i32 in the writer's schema, string in the reader's"),
    ("field appended", ("record a.R{1:i32 x;}",), ("record a.R{1:i32 x;2:optional<string> y;3:a.E e;}", "enum a.E{A=0;}"),
     "a.R", None),
    ("field the reader lacks", ("record a.R{1:i32 x;2:list<a.S> y;}", "struct a.S{1:i32 x;}"), ("record a.R{1:i32 x;}",),
     "a.R", None),
    ("deprecated", ("record a.R{1!:i32 x;2:i32 y;}",), ("record a.R{1:i32 x;2!:i32 y;}",), "a.R", None),
    ("variants swapped", ("union a.U{1:i32 a;2:string b;}",), ("union a.U{1:string b;2:i32 a;}",), "a.U",
     "variant 'b' of a.U: id 2 in the writer's schema, id 1 in the reader's"),
    ("variant retyped", ("union a.U{1:string a;}",), ("union a.U{1:bytes a;}",), "a.U",
     "variant 'a' (id 1) of a.U: string in the writer's schema, bytes in the reader's"),
    ("variant widened", ("union a.U{1:i16 a;}",), ("union a.U{1:i64 a;}",), "a.U", None),
    ("variant appended", ("union a.U{1:i32 a;}",), ("union a.U{1:i32 a;2:a.U again;}",), "a.U", None),
    ("variant the reader lacks", ("union a.U{1:i32 a;2:bool b;}",), ("union a.U{1:i32 a;}",), "a.U", None),
    # 5. Types: the same shape, promotions, anything else.
    ("SPEC's example", ("record a.b.Order{1:string id;2:i64 created_at;}",),
     ("record a.b.Order{1:string id;2:u64 created_at;}",), "a.b.Order",
     "field 'created_at' (id 2) of a.b.Order: i64 in the writer's schema, u64 in the reader's"),
    ("optional added", ("record a.R{1:i32 x;}",), ("record a.R{1:optional<i32> x;}",), "a.R",
     "field 'x' (id 1) of a.R: i32 in the writer's schema, optional<i32> in the reader's"),
    ("optional removed", ("record a.R{1:optional<string> x;}",), ("record a.R{1:string x;}",), "a.R",
     "field 'x' (id 1) of a.R: optional<string> in the writer's schema, string in the reader's"),
    ("list to map", ("record a.R{1:list<string> x;}",), ("record a.R{1:map<string, string> x;}",), "a.R",
     "field 'x' (id 1) of a.R: list<string> in the writer's schema, map<string, string> in the reader's"),
    ("promotions in one direction", ("record a.R{1:list<map<i16, u16>> x;2:optional<u32> y;3:map<u16, bool> z;}",),
     ("record a.R{1:list<map<i64, u64>> x;2:optional<u64> y;3:map<u32, u64> z;}",), "a.R", None),
    ("narrowings in one direction", ("record a.R{1:map<i64, u64> x;2:u8 b;}",),
     ("record a.R{1:map<i32, u16> x;2:bool b;}",), "a.R", None),
    ("promotions in two directions", ("record a.R{1:map<i16, i64> x;}",), ("record a.R{1:map<i32, i32> x;}",), "a.R",
     "field 'x' (id 1) of a.R: map<i16, i64> in the writer's schema, map<i32, i32> in the reader's"),
    ("a promotion and another change", ("record a.R{1:map<i16, string> x;}",), ("record a.R{1:map<i32, bytes> x;}",),
     "a.R", "field 'x' (id 1) of a.R: map<i16, string> in the writer's schema, map<i32, bytes> in the reader's"),
    # 2. Pairs in the order first met, breadth first; a map's key before its value; each pair once.
    ("breadth first", ("record a.R{1:a.A a;2:a.B b;}", "record a.A{1:a.C c;}", "record a.B{1:i32 x;}",
                       "record a.C{1:i32 y;}"),
     ("record a.R{1:a.A a;2:a.B b;}", "record a.A{1:a.C c;}", "record a.B{1:string x;}", "record a.C{1:string y;}"),
     "a.R", "field 'x' (id 1) of a.B: i32 in the writer's schema, string in the reader's"),
    ("key before value", ("record a.R{1:map<a.K, a.V> m;}", "enum a.K{A=0;B=1;}", "enum a.V{A=0;B=1;}"),
     ("record a.R{1:map<a.K, a.V> m;}", "enum a.K{A=0;B=2;}", "enum a.V{A=0;B=2;}"), "a.R",
     "member B of a.K: 1 in the writer's schema, 2 in the reader's"),
    ("a promoted field's types are compared", ("record a.R{1:map<a.K, i16> m;}", "enum a.K{A=0;B=1;}"),
     ("record a.R{1:map<a.K, i64> m;}", "enum a.K{A=0;B=3;}"), "a.R",
     "member B of a.K: 1 in the writer's schema, 3 in the reader's"),
    ("recursion ends", ("record a.Node{1:list<a.Node> kids;2:optional<a.Node> next;3:i32 v;}",),
     ("record a.Node{1:list<a.Node> kids;2:optional<a.Node> next;3:i64 v;}",), "a.Node", None),
    ("recursion through a union", ("union a.Expr{1:i64 lit;2:a.Bin bin;}", "struct a.Bin{1:a.Expr l;2:a.Expr r;}"),
     ("union a.Expr{1:i64 lit;2:a.Bin bin;}", "struct a.Bin{1:a.Expr l;2:a.Expr r;3:a.Expr x;}"), "a.Expr",
     "struct a.Bin: 2 fields in the writer's schema, 3 in the reader's"),
    # 6. Enums.
    ("member renumbered", ("enum a.S{NEW=0;PAID=1;}",), ("enum a.S{NEW=0;SHIPPED=1;PAID=2;}",), "a.S",
     "member PAID of a.S: 1 in the writer's schema, 2 in the reader's"),
    ("in the reader's order", ("enum a.S{A=0;C=1;B=2;}",), ("enum a.S{A=0;B=1;C=2;}",), "a.S",
     "member B of a.S: 2 in the writer's schema, 1 in the reader's"),
    ("members added, removed, renamed", ("enum a.S{A=0;B=1;C=2;}",), ("enum a.S{A=0;BEE=1;D=3;}",), "a.S", None),
    ("renamed enum", ("record a.R{1:a.Old s;}", "enum a.Old{A=0;B=1;}"), ("record a.R{1:a.New s;}", "enum a.New{B=0;A=1;}"),
     "a.R", "member B of a.New (the writer's a.Old): 1 in the writer's schema, 0 in the reader's"),
]


@pytest.mark.parametrize(("name", "writer", "reader", "root", "expected"), PAIRS, ids=[p[0] for p in PAIRS])
def test_the_rules_of_spec_9_1(name: str, writer: tuple[str, ...], reader: tuple[str, ...], root: str,
                               expected: str | None) -> None:
    w, r = text(*writer), text(*reader)
    assert schema_difference(w, r, root) == expected
    # Parsed texts give the same.
    assert schema_difference(SchemaText.parse(w), SchemaText.parse(r), root) == expected


# Every promotion of SPEC §9, and the changes next to them that are none.
WIDENINGS = [("i16", "i32"), ("i16", "i64"), ("i32", "i64"), ("u16", "u32"), ("u16", "u64"), ("u32", "u64"),
             ("bool", "u8"), ("bool", "u16"), ("bool", "u32"), ("bool", "u64")]
NOT_PROMOTIONS = [("i8", "i16"), ("u8", "u16"), ("u8", "u32"), ("i32", "u32"), ("u32", "i64"), ("bool", "i8"),
                  ("bool", "i32"), ("f32", "f64"), ("string", "bytes"), ("i64", "u64"), ("u64", "i64")]


@pytest.mark.parametrize(("narrow", "wide"), WIDENINGS)
def test_promotions_both_ways(narrow: str, wide: str) -> None:
    for shape in ("{}", "list<{}>", "optional<{}>", "map<string, {}>"):
        a = text(f"record a.R{{1:{shape.format(narrow)} x;}}")
        b = text(f"record a.R{{1:{shape.format(wide)} x;}}")
        assert schema_difference(a, b, "a.R") is None
        assert schema_difference(b, a, "a.R") is None


@pytest.mark.parametrize(("one", "other"), NOT_PROMOTIONS)
def test_changes_that_are_no_promotion(one: str, other: str) -> None:
    for w, r in ((one, other), (other, one)):
        assert schema_difference(text(f"record a.R{{1:list<{w}> x;}}"), text(f"record a.R{{1:list<{r}> x;}}"), "a.R") == (
            f"field 'x' (id 1) of a.R: list<{w}> in the writer's schema, list<{r}> in the reader's"
        )


def test_the_root_must_be_the_readers() -> None:
    with pytest.raises(ValueError, match=r"a\.X is not a type of the reader's schema"):
        schema_difference(text("record a.R{}"), text("record a.R{}"), "a.X")
    with pytest.raises(cser.SchemaTextError):
        schema_difference("record a.R{}", text("record a.R{}"), "a.R")


def test_generated_types_against_themselves_and_their_next_generation() -> None:
    for cls in generated_types():
        own = cser.canonical_text(cls)
        root = own.splitlines()[0].split(" ")[1].split("{")[0]
        assert schema_difference(own, own, root) is None
    # EntityV2's text under V1's names: EntityV1 with fields appended, a member added.
    v2 = cser.canonical_text(EntityV2).replace("V2", "V1")
    v1 = cser.canonical_text(EntityV1)
    assert v2 != v1
    assert schema_difference(v2, v1, "evolution.EntityV1") is None
    assert schema_difference(v1, v2, "evolution.EntityV1") is None
