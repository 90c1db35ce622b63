"""cser.SchemaText (SPEC §8.1): canonical texts read back strictly, within SPEC §2.1's limits, in
linear time, and every other input refused with SchemaTextError and where."""

from __future__ import annotations

import pickle
import random
import time

import pytest
from bench.media import MediaContent

import cser
from cser.schema_text import EnumMember, Member, SchemaText, SchemaTextError, TypeDecl, TypeRef
from generated import generated_types


def test_every_generated_text_parses() -> None:
    for cls in generated_types():
        text = cser.canonical_text(cls)
        parsed = SchemaText.parse(text)
        assert parsed.text == text
        assert "".join(f"{t.kind} {t.name}{{" for t in parsed.types.values()) == "".join(
            line[: line.index("{") + 1] for line in text.splitlines()
        )


def test_what_a_text_reads_as() -> None:
    parsed = SchemaText.parse(cser.canonical_text(MediaContent))
    assert list(parsed.types) == [
        "bench.media.Image", "bench.media.Media", "bench.media.MediaContent", "bench.media.Player", "bench.media.Size",
    ]
    content = parsed.types["bench.media.MediaContent"]
    image = TypeRef("bench.media.Image", named="bench.media.Image")
    assert content == TypeDecl("record", "bench.media.MediaContent", (
        Member(1, False, TypeRef("bench.media.Media", named="bench.media.Media"), "media"),
        Member(2, False, TypeRef("list<bench.media.Image>", generic="list", args=(image,)), "images"),
    ))
    assert parsed.types["bench.media.Player"].enum_members == (EnumMember("JAVA", 0), EnumMember("FLASH", 1))
    other = SchemaText.parse("enum a.E{Z=0;B=7;}\nrecord a.R{1!:map<u64, optional<bytes>> old;2:a.E e;}\n")
    old = other.types["a.R"].members[0]
    assert old.deprecated and old.type.spelling == "map<u64, optional<bytes>>"
    key, value = old.type.args
    assert key == TypeRef("u64", builtin="u64")
    assert value.generic == "optional" and value.args == (TypeRef("bytes", builtin="bytes"),)
    assert SchemaText.parse("record a.b.c.Empty{}\n").types["a.b.c.Empty"].members == ()


# (text, line, column, what): one for each way a text can be wrong.
BAD = [
    ("", 1, 1, "the text is empty: a canonical text has a line per type"),
    ("record a.R{}", 1, 13, "expected the end of the line"),
    ("record a.R{}\r\n", 1, 13, "expected the end of the line"),
    ("record a.R{}\n\n", 2, 1, "expected record, struct, union or enum"),
    ("message a.R{}\n", 1, 1, "expected record, struct, union or enum"),
    ("record  a.R{}\n", 1, 8, "expected a type's qualified name (its package first)"),
    ("record R{}\n", 1, 8, "expected a type's qualified name (its package first), not 'R'"),
    ("record a{}\n", 1, 9, "expected '.': a type's qualified name is qualified by its package"),
    ("record a.r{}\n", 1, 10, "expected a type name (PascalCase), not 'r'"),
    ("record A.R{}\n", 1, 8, "expected a type's qualified name (its package first), not 'A'"),
    ("record a.R_x{}\n", 1, 10, "expected a type name (PascalCase), not 'R_x'"),
    ("record a.R {}\n", 1, 11, "expected '{'"),
    ("record a.S{}\nrecord a.R{}\n", 2, 1, "type a.R after a.S: the lines are sorted by qualified name"),
    ("record a.R{}\nstruct a.R{1:i32 x;}\n", 2, 1, "type a.R has a line already"),
    ("record a.R{1:a.S s;}\n", 1, 14, "type a.S is used but has no line"),
    ("record a.R{0:i32 x;}\n", 1, 12, "expected id 1"),
    ("record a.R{01:i32 x;}\n", 1, 12, "a malformed number"),
    ("record a.R{1:i32 x;3:i32 y;}\n", 1, 20, "expected id 2"),
    ("record a.R{x:i32 x;}\n", 1, 12, "expected a number"),
    ("record a.R{12345678901:i32 x;}\n", 1, 12, "a malformed number"),
    ("record a.R{1:i32 x;2:i32 x;}\n", 1, 26, "field 'x' twice"),
    ("record a.R{1:i32 X;}\n", 1, 18, "expected a field name, not 'X'"),
    ("record a.R{1:i32 _x;}\n", 1, 18, "expected a field name, not '_x'"),
    ("record a.R{1:i32 x}\n", 1, 19, "expected ';'"),
    ("record a.R{1:i32  x;}\n", 1, 18, "expected a field name"),
    ("record a.R{1: i32 x;}\n", 1, 14, "expected a type (its package first)"),
    ("record a.R{1:int x;}\n", 1, 17, "expected '.': a type is qualified by its package"),
    ("record a.R{1:list<i32>> x;}\n", 1, 23, "expected a space"),
    ("record a.R{1:list i32 x;}\n", 1, 14, "list without '<'"),
    ("record a.R{1:set<i32> x;}\n", 1, 17, "expected '.': a type is qualified by its package"),
    ("record a.R{1:map<i32,string> x;}\n", 1, 22, "expected a space"),
    ("record a.R{1:map<i32,  string> x;}\n", 1, 23, "expected a type (its package first)"),
    ("record a.R{1:map<i32> x;}\n", 1, 21, "expected ','"),
    ("record a.R{1:optional<i32, i32> x;}\n", 1, 26, "expected '>'"),
    ("record a.R{1:i32 x;\n", 1, 20, "expected a number"),
    ("union a.U{1!:i32 x;}\n", 1, 12, "expected ':'"),
    ("union a.U{}\n", 1, 11, "union a.U has no variants"),
    ("struct a.S{}\n", 1, 12, "struct a.S has no fields"),
    ("union a.U{1:i32 x;1:i32 y;}\n", 1, 19, "expected id 2"),
    ("union a.U{1:i32 x;2:i32 x;}\n", 1, 25, "variant 'x' twice"),
    ("enum a.E{}\n", 1, 10, "enum a.E has no member numbered 0"),
    ("enum a.E{A=1;}\n", 1, 12, "the first member is not numbered 0"),
    ("enum a.E{A=0;B=2;C=1;}\n", 1, 20, "member numbers not ascending"),
    ("enum a.E{A=0;B=0;}\n", 1, 16, "member numbers not ascending"),
    ("enum a.E{A=0;A=1;}\n", 1, 14, "member A twice"),
    ("enum a.E{a=0;}\n", 1, 10, "expected a member name, not 'a'"),
    ("enum a.E{A=0;B=2147483648;}\n", 1, 16, "member number above 2147483647"),
    ("enum a.E{A=-1;}\n", 1, 12, "expected a number"),
    ("enum a.E{A = 0;}\n", 1, 11, "expected '='"),
    ("record a.R{}\nrecord é.R{}\n", 2, 8, "expected a type's qualified name (its package first)"),
    ("record a.R{1:i32 x;}\x00\n", 1, 21, "expected the end of the line"),
]


@pytest.mark.parametrize(("text", "line", "column", "what"), BAD)
def test_a_bad_text_says_where_and_what(text: str, line: int, column: int, what: str) -> None:
    with pytest.raises(SchemaTextError) as info:
        SchemaText.parse(text)
    e = info.value
    assert (e.line, e.column, e.what) == (line, column, what)
    assert str(e) == f"bad schema text at line {line}, column {column}: {what}"
    assert isinstance(e, ValueError)


def nested(levels: int) -> str:
    return "list<" * levels + "i32" + ">" * levels


def test_the_limits_of_spec_2_1() -> None:
    # Types nested 32 levels, each list, map and optional one.
    SchemaText.parse(f"record a.R{{1:{nested(32)} x;}}\n")
    with pytest.raises(SchemaTextError, match="column 174: a type nested more than 32 levels"):
        SchemaText.parse(f"record a.R{{1:{nested(33)} x;}}\n")
    SchemaText.parse("record a.R{1:" + "map<i32, " * 31 + "optional<i32>" + ">" * 31 + " x;}\n")
    with pytest.raises(SchemaTextError, match="nested more than 32"):
        SchemaText.parse("record a.R{1:" + "map<i32, " * 32 + "optional<i32>" + ">" * 32 + " x;}\n")
    # 1,000 fields or variants.
    fields = "".join(f"{i}:i32 f{i};" for i in range(1, 1001))
    assert len(SchemaText.parse(f"record a.R{{{fields}}}\n").types["a.R"].members) == 1000
    assert len(SchemaText.parse(f"union a.U{{{fields}}}\n").types["a.U"].members) == 1000
    with pytest.raises(SchemaTextError, match="more than 1000 fields"):
        SchemaText.parse(f"struct a.S{{{fields}1001:i32 f1001;}}\n")
    with pytest.raises(SchemaTextError, match="more than 1000 variants"):
        SchemaText.parse(f"union a.U{{{fields}1001:i32 f1001;}}\n")
    # 4,096 enum members.
    members = "".join(f"M{i}={i};" for i in range(4096))
    assert len(SchemaText.parse(f"enum a.E{{{members}}}\n").types["a.E"].enum_members) == 4096
    with pytest.raises(SchemaTextError, match="more than 4096 members"):
        SchemaText.parse(f"enum a.E{{{members}M4096=4096;}}\n")
    # Names of 120 characters.
    long_field, long_type, long_part = "f" * 120, "T" * 120, "p" * 120
    SchemaText.parse(f"record {long_part}.{long_type}{{1:i32 {long_field};}}\n")
    for text, column in [
        (f"record a.R{{1:i32 {long_field}x;}}\n", 138),
        (f"record a.{long_type}X{{}}\n", 130),
        (f"record {long_part}p.R{{}}\n", 128),
        (f"enum a.E{{{'M' * 121}=0;}}\n", 130),
    ]:
        with pytest.raises(SchemaTextError) as info:
            SchemaText.parse(text)
        assert (info.value.column, info.value.what) == (column, "a name longer than 120 characters")
    # Packages of 16 parts.
    SchemaText.parse("record " + "p." * 16 + "R{}\n")
    with pytest.raises(SchemaTextError, match="column 40: a package of more than 16 parts"):
        SchemaText.parse("record " + "p." * 17 + "R{}\n")
    # Member numbers up to 2^31 - 1.
    SchemaText.parse("enum a.E{A=0;B=2147483647;}\n")


def test_the_error_pickles_and_names_its_file() -> None:
    e = SchemaTextError(3, 7, "expected ';'", "w.canonical")
    assert str(e) == "bad schema text at line 3, column 7: expected ';' (in w.canonical)"
    back = pickle.loads(pickle.dumps(e))
    assert (back.line, back.column, back.what, back.path, str(back)) == (3, 7, "expected ';'", "w.canonical", str(e))


def test_only_a_str_is_a_text() -> None:
    with pytest.raises(TypeError):
        SchemaText.parse(b"record a.R{}\n")  # type: ignore[arg-type]


# Characters a mutation inserts: the text's own and a few it never holds.
ALPHABET = "{}<>;:,. !=\n0123456789azAZ_é\x00\r\t"


def mutate(rng: random.Random, text: str) -> str:
    """One to four random edits: a character deleted, inserted, replaced; a slice repeated or
    dropped; two lines swapped; the text cut."""
    for _ in range(rng.randint(1, 4)):
        n = len(text)
        i = rng.randrange(n + 1)
        op = rng.randrange(7)
        if op == 0 and n:
            text = text[: min(i, n - 1)] + text[min(i, n - 1) + 1 :]
        elif op == 1:
            text = text[:i] + rng.choice(ALPHABET) + text[i:]
        elif op == 2 and n:
            j = min(i, n - 1)
            text = text[:j] + rng.choice(ALPHABET) + text[j + 1 :]
        elif op == 3:
            j = rng.randrange(i, n + 1)
            text = text[:j] + text[i:j] * rng.randint(1, 3) + text[j:]
        elif op == 4:
            j = rng.randrange(i, n + 1)
            text = text[:i] + text[j:]
        elif op == 5:
            lines = text.splitlines(keepends=True)
            if len(lines) > 1:
                a, b = rng.sample(range(len(lines)), 2)
                lines[a], lines[b] = lines[b], lines[a]
            text = "".join(lines)
        else:
            text = text[:i]
    return text


def test_mutated_texts_parse_or_raise_only_schema_text_error() -> None:
    rng = random.Random(20261129)
    texts = sorted({cser.canonical_text(c) for c in generated_types()}, key=len)
    texts += [
        f"enum a.E{{A=0;B=5;}}\nrecord a.R{{1:{nested(31)} x;2:map<string, optional<a.E>> m;}}\n",
        "union a.U{1:a.U u;2:list<bool> b;}\n",
    ]
    rejected = accepted = 0
    for _ in range(20_000):
        text = mutate(rng, rng.choice(texts))
        try:
            SchemaText.parse(text)
            accepted += 1
        except SchemaTextError as e:
            assert str(e).startswith("bad schema text at line ")
            assert 1 <= e.line <= text.count("\n") + 1
            assert e.column >= 1
            rejected += 1
    assert rejected > 15_000 and accepted > 100


@pytest.mark.parametrize(
    "text",
    [
        "record a.R{1:" + "list<" * 200_000,
        "record a.R{1:" + "optional<" * 31 + "list<" * 200_000,
        "record a." + "R" * 1_000_000 + "{}\n",
        "record " + "a." * 500_000 + "R{}\n",
        "record a.R{1:i32 " + "x" * 1_000_000 + ";}\n",
        "enum a.E{A=0;B=" + "9" * 1_000_000 + ";}\n",
        "record a.R{" + "1:i32 x;" * 200_000 + "}\n",
        "enum a.E{" + "".join(f"M{i}={i};" for i in range(100_000)) + "}\n",
        "".join(f"record a.T{i:07d}{{1:a.T{i + 1:07d} n;}}\n" for i in range(20_000)),
        "".join(f"record a.T{i:07d}{{}}\n" for i in range(100_000, 0, -1)),
    ],
    ids=["deep-lists", "deep-past-optionals", "long-type", "many-parts", "long-field", "long-number",
         "repeated-field", "many-members", "missing-last-type", "unsorted"],
)
def test_hostile_texts_are_refused_in_linear_time(text: str) -> None:
    start = time.perf_counter()
    with pytest.raises(SchemaTextError):
        SchemaText.parse(text)
    assert time.perf_counter() - start < 2.0


def test_a_long_valid_text_parses_in_linear_time() -> None:
    def text(n: int) -> str:
        return "".join(f"record a.T{i:07d}{{1:optional<a.T{i + 1:07d}> n;2:map<string, list<i64>> m;}}\n"
                       for i in range(n)) + f"record a.T{n:07d}{{}}\n"

    small, large = text(2_000), text(20_000)
    start = time.perf_counter()
    SchemaText.parse(small)
    t_small = time.perf_counter() - start
    start = time.perf_counter()
    assert len(SchemaText.parse(large).types) == 20_001
    t_large = time.perf_counter() - start
    # Ten times the text, about ten times the time (a generous bound against noise).
    assert t_large < 30 * t_small + 0.5
