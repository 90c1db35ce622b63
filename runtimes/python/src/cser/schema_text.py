"""Canonical schema text (SPEC §8.1) read back into types, fields, variants and members, so that a
reader can compare a writer's schema with its own (:mod:`cser.schema_compat`, SPEC §9.1).

The text may come from anywhere (a file, a registry, another process), so :meth:`SchemaText.parse`
treats it as untrusted: it accepts exactly the grammar of §8.1 within the limits of §2.1 and
nothing else, in one pass linear in the text's length, recursing only as deep as a type's
nesting (at most 32 levels), and every failure is a :class:`SchemaTextError`,
``bad schema text at line L, column C: <what>``.

What it checks beyond the grammar's shape: lines sorted by qualified name, each name once; the
names of SPEC §2 (package parts ``[a-z][a-z0-9_]*``, at most 16 of them and at least one, type
names ``[A-Z][A-Za-z0-9]*``, fields and variants ``[a-z][a-z0-9_]*``, enum members
``[A-Z][A-Z0-9_]*``, each at most 120 characters); field and variant ids 1..N in order, at most
1,000, and unique names within a type; enum members at most 4,096, numbered from 0 in ascending
order up to 2,147,483,647, with unique names; a struct or union with at least one field or
variant; map keys an integer type, ``string`` or an enum; no ``optional<optional<T>>`` and no
optional union variant; types nested at most 32 levels (each ``list``, ``map`` and ``optional``
one); and a line for every qualified name a field or variant uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "BUILTINS",
    "EnumMember",
    "Member",
    "SchemaText",
    "SchemaTextError",
    "TypeDecl",
    "TypeRef",
]

#: The built-in types, as the canonical text spells them (SPEC §3).
BUILTINS = frozenset(
    ("bool", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32", "f64", "string", "bytes")
)
#: The kinds of declaration a line may hold, by keyword.
KINDS = ("record", "struct", "union", "enum")

# SPEC §2.1's limits.
MAX_NESTING = 32
MAX_MEMBERS = 1000
MAX_ENUM_MEMBERS = 4096
MAX_NAME = 120
MAX_PACKAGE_PARTS = 16
MAX_ENUM_NUMBER = 2147483647

_GENERICS = {"list": 1, "optional": 1, "map": 2}
#: The built-ins a map's key cannot be (SPEC §2).
_NOT_KEYS = frozenset(("bool", "f32", "f64", "bytes"))
# A word of letters, digits and underscores, read at most one character past the longest name
# allowed, so that a long run costs no more than the name check needs.
_WORD = re.compile(rf"[A-Za-z0-9_]{{1,{MAX_NAME + 1}}}")
_DIGITS = re.compile(r"[0-9]{1,11}")
_PACKAGE_PART = re.compile(r"[a-z][a-z0-9_]*")
_TYPE_NAME = re.compile(r"[A-Z][A-Za-z0-9]*")
_FIELD_NAME = re.compile(r"[a-z][a-z0-9_]*")
_MEMBER_NAME = re.compile(r"[A-Z][A-Z0-9_]*")


class SchemaTextError(ValueError):
    """A text that is not a canonical schema text within SPEC §2.1's limits:
    ``bad schema text at line L, column C: <what>`` (lines and columns count from 1). ``path``
    names the file it was read from, when it was (:meth:`cser.KnownSchemas.from_dir`)."""

    line: int
    column: int
    what: str
    path: str | None

    def __init__(self, line: int, column: int, what: str, path: str | None = None) -> None:
        super().__init__(line, column, what, path)
        self.line = line
        self.column = column
        self.what = what
        self.path = path

    def __str__(self) -> str:
        text = f"bad schema text at line {self.line}, column {self.column}: {self.what}"
        return text if self.path is None else f"{text} (in {self.path})"

    def __reduce__(self) -> tuple[object, ...]:
        return (SchemaTextError, (self.line, self.column, self.what, self.path))


@dataclass(frozen=True)
class TypeRef:
    """A type as a field or variant writes it: a built-in (``builtin``), a ``list``, ``map`` or
    ``optional`` of others (``generic`` and ``args``), or a declared type (``named``, its qualified
    name). ``spelling`` is the type as the canonical text writes it: ``map<string, a.b.C>``."""

    spelling: str
    builtin: str | None = None
    generic: str | None = None
    args: tuple[TypeRef, ...] = ()
    named: str | None = None


@dataclass(frozen=True)
class Member:
    """A field of a record or struct (``deprecated`` marked ``!``), or a variant of a union."""

    id: int
    deprecated: bool
    type: TypeRef
    name: str


@dataclass(frozen=True)
class EnumMember:
    """A member of an enum and its number."""

    name: str
    number: int


@dataclass(frozen=True)
class TypeDecl:
    """One line: a declaration's kind (``record``, ``struct``, ``union`` or ``enum``), qualified
    name, and fields or variants in id order (``members``) or enum members in number order
    (``enum_members``)."""

    kind: str
    name: str
    members: tuple[Member, ...] = ()
    enum_members: tuple[EnumMember, ...] = ()


class SchemaText:
    """A parsed canonical text: ``text`` as given, and ``types`` by qualified name, in the text's
    (sorted) order. Made by :meth:`parse`."""

    __slots__ = ("text", "types")

    text: str
    types: dict[str, TypeDecl]

    def __init__(self, text: str, types: dict[str, TypeDecl]) -> None:
        self.text = text
        self.types = types

    @classmethod
    def parse(cls, text: str) -> SchemaText:
        """Reads a canonical text (SPEC §8.1). Raises :class:`SchemaTextError` for anything else;
        :class:`TypeError` if ``text`` is not a ``str``."""
        if not isinstance(text, str):
            raise TypeError(f"a canonical schema text is a str, not {type(text).__name__}")
        return cls(text, _Parser(text).parse())

    def __repr__(self) -> str:
        return f"SchemaText({len(self.types)} types)"


class _Parser:
    """A hand-written reader of §8.1's grammar: one pass, no backtracking."""

    def __init__(self, s: str) -> None:
        self.s = s
        self.pos = 0
        self.line = 1
        self.line_start = 0
        # Each qualified name a field or variant uses, with where it is first used.
        self.used: dict[str, tuple[int, int]] = {}
        # Each qualified name a map has as its key, with where: it must name an enum (SPEC §2).
        self.keys: dict[str, tuple[int, int]] = {}

    def parse(self) -> dict[str, TypeDecl]:
        if not self.s:
            raise self.error("the text is empty: a canonical text has a line per type")
        types: dict[str, TypeDecl] = {}
        previous: str | None = None
        while self.pos < len(self.s):
            line = self.line
            t = self.type_line()
            if previous is not None and previous >= t.name:
                what = (
                    f"type {t.name} has a line already" if previous == t.name
                    else f"type {t.name} after {previous}: the lines are sorted by qualified name"
                )
                raise SchemaTextError(line, 1, what)
            previous = t.name
            types[t.name] = t
        for name, (line, column) in self.used.items():
            if name not in types:
                raise SchemaTextError(line, column, f"type {name} is used but has no line")
        for name, (line, column) in self.keys.items():
            kind = types[name].kind
            if kind != "enum":
                raise SchemaTextError(
                    line, column, f"map key {name} is a {kind}: a key is an integer type, string or an enum"
                )
        return types

    # ---- lines ---------------------------------------------------------------------------------

    def type_line(self) -> TypeDecl:
        start = self.pos
        m = _WORD.match(self.s, self.pos)
        kind = m.group() if m else ""
        if kind not in KINDS:
            raise self.error("expected record, struct, union or enum")
        self.pos = m.end() if m else start
        self.expect(" ")
        name, _ = self.qualified_name("a type's qualified name")
        self.expect("{")
        members: list[Member] = []
        enum_members: list[EnumMember] = []
        names: set[str] = set()
        while self.peek() != "}":
            if kind == "enum":
                enum_members.append(self.enum_member(enum_members, names))
            else:
                members.append(self.member(kind, len(members) + 1, names))
        if kind == "enum" and not enum_members:
            raise self.error(f"enum {name} has no member numbered 0")
        if kind in ("struct", "union") and not members:
            raise self.error(f"{kind} {name} has no {'variants' if kind == 'union' else 'fields'}")
        self.expect("}")
        self.expect("\n")
        self.line += 1
        self.line_start = self.pos
        return TypeDecl(kind, name, tuple(members), tuple(enum_members))

    def member(self, kind: str, expected_id: int, names: set[str]) -> Member:
        what = "variant" if kind == "union" else "field"
        if expected_id > MAX_MEMBERS:
            raise self.error(f"more than {MAX_MEMBERS} {what}s")
        at = self.pos
        if self.number() != expected_id:
            raise self.error(f"expected id {expected_id}", at)
        deprecated = False
        if kind != "union" and self.peek() == "!":
            self.pos += 1
            deprecated = True
        self.expect(":")
        type_at = self.pos
        t = self.type_ref(0)
        if kind == "union" and t.generic == "optional":
            raise self.error("a union variant cannot be optional", type_at)
        self.expect(" ")
        at = self.pos
        name = self.name(_FIELD_NAME, f"a {what} name")
        if name in names:
            raise self.error(f"{what} '{name}' twice", at)
        names.add(name)
        self.expect(";")
        return Member(expected_id, deprecated, t, name)

    def enum_member(self, before: list[EnumMember], names: set[str]) -> EnumMember:
        if len(before) == MAX_ENUM_MEMBERS:
            raise self.error(f"more than {MAX_ENUM_MEMBERS} members")
        at = self.pos
        name = self.name(_MEMBER_NAME, "a member name")
        if name in names:
            raise self.error(f"member {name} twice", at)
        names.add(name)
        self.expect("=")
        at = self.pos
        number = self.number()
        if number > MAX_ENUM_NUMBER:
            raise self.error(f"member number above {MAX_ENUM_NUMBER}", at)
        if not before and number != 0:
            raise self.error("the first member is not numbered 0", at)
        if before and number <= before[-1].number:
            raise self.error("member numbers not ascending", at)
        self.expect(";")
        return EnumMember(name, number)

    # ---- types ---------------------------------------------------------------------------------

    def type_ref(self, depth: int) -> TypeRef:
        """A type nested in ``depth`` lists, maps and optionals."""
        start = self.pos
        m = _WORD.match(self.s, start)
        word = m.group() if m else ""
        after = m.end() if m else start
        arity = _GENERICS.get(word)
        nxt = self.s[after : after + 1]
        if arity is not None and nxt == "<":
            if depth == MAX_NESTING:
                raise self.error(f"a type nested more than {MAX_NESTING} levels")
            self.pos = after + 1
            arg_at = self.pos
            args = [self.type_ref(depth + 1)]
            if word == "optional" and args[0].generic == "optional":
                raise self.error("optional<optional<T>> is not a type", arg_at)
            if word == "map":
                self.check_key(args[0], arg_at)
            if arity == 2:
                self.expect(",")
                self.expect(" ")
                args.append(self.type_ref(depth + 1))
            self.expect(">")
            return TypeRef(self.s[start : self.pos], generic=word, args=tuple(args))
        if nxt != ".":
            if word in BUILTINS:
                self.pos = after
                return TypeRef(word, builtin=word)
            if arity is not None:
                raise self.error(f"{word} without '<'")
        name, column = self.qualified_name("a type")
        self.used.setdefault(name, (self.line, column))
        return TypeRef(name, named=name)

    def check_key(self, key: TypeRef, at: int) -> None:
        """SPEC §2: a map's key is an integer type, ``string`` or an enum (a named key is checked
        once every line is read)."""
        if key.named is not None:
            self.keys.setdefault(key.named, (self.line, at - self.line_start + 1))
        elif key.builtin is None or key.builtin in _NOT_KEYS:
            raise self.error(f"map key {key.spelling}: a key is an integer type, string or an enum", at)

    def qualified_name(self, what: str) -> tuple[str, int]:
        """``package.parts.Type``; returns it and the column it starts at."""
        start = self.pos
        self.name(_PACKAGE_PART, f"{what} (its package first)")
        if self.peek() != ".":
            raise self.error(f"expected '.': {what} is qualified by its package")
        parts = 1
        while True:
            self.pos += 1  # the '.'
            m = _WORD.match(self.s, self.pos)
            if m is None or self.s[m.end() : m.end() + 1] != ".":
                break
            if parts == MAX_PACKAGE_PARTS:
                raise self.error(f"a package of more than {MAX_PACKAGE_PARTS} parts")
            self.name(_PACKAGE_PART, "a package part")
            parts += 1
        self.name(_TYPE_NAME, "a type name (PascalCase)")
        return self.s[start : self.pos], start - self.line_start + 1

    def name(self, pattern: re.Pattern[str], what: str) -> str:
        at = self.pos
        m = _WORD.match(self.s, at)
        if m is None:
            raise self.error(f"expected {what}")
        word = m.group()
        if len(word) > MAX_NAME:
            raise self.error(f"a name longer than {MAX_NAME} characters", at + MAX_NAME)
        if pattern.fullmatch(word) is None:
            raise self.error(f"expected {what}, not '{word}'")
        self.pos = m.end()
        return word

    def number(self) -> int:
        """A decimal number without sign or leading zeros, at most 10 digits."""
        m = _DIGITS.match(self.s, self.pos)
        if m is None:
            raise self.error("expected a number")
        digits = m.group()
        if len(digits) > 10 or (digits[0] == "0" and len(digits) > 1):
            raise self.error("a malformed number")
        self.pos = m.end()
        return int(digits)

    # ---- characters ----------------------------------------------------------------------------

    def peek(self) -> str:
        return self.s[self.pos : self.pos + 1]

    def expect(self, c: str) -> None:
        if self.peek() != c:
            raise self.error(f"expected {_describe(c)}")
        self.pos += 1

    def error(self, what: str, at: int | None = None) -> SchemaTextError:
        pos = self.pos if at is None else at
        return SchemaTextError(self.line, pos - self.line_start + 1, what)


def _describe(c: str) -> str:
    return {"\n": "the end of the line", " ": "a space"}.get(c, f"'{c}'")
