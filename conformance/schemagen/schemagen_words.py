"""The names and doc comments of schemagen (conformance/schemagen/README.md): pools of every
keyword, literal and builtin of Java, Rust and Python, the runtimes' own names and the members the
generators add, in each position's case rule; ``Names``, which draws unique names for a scope from
them; ``twins``, the names a generator could confuse with one; and hostile doc text."""

from __future__ import annotations

import random
import re

from schemagen_model import MAX_NAME

# --- Name pools -------------------------------------------------------------------------------

JAVA_KEYWORDS = """abstract assert boolean break byte case catch char class const continue default do double
else enum extends final finally float for goto if implements import instanceof int interface long native
new package private protected public return short static strictfp super switch synchronized this throw
throws transient try void volatile while true false null var yield record sealed permits module open
requires exports opens to uses provides with transitive when""".split()
JAVA_NAMES = """String Object Override Integer Long Short Byte Boolean Character Double Float Number Math
System Class Enum Record List Map ArrayList LinkedHashMap HashMap Arrays Objects Optional Iterator
Iterable Comparable Exception RuntimeException Error Throwable Void Deprecated SuppressWarnings
FunctionalInterface SafeVarargs StringBuilder CharSequence Collections Set Collection ByteBuffer
IOException UncheckedIOException IllegalArgumentException NullPointerException Serializable Cloneable
Thread Runnable Base64 StandardCharsets Json JsonException Builder Codec Module Package Process
Runtime CserReader CserWriter CserCodec CserDecodeException CserEncodeException CserStreamHeader
CserStreamReader CserStreamWriter DecodeErrorKind FieldPath Limits UnknownFields Utf8 Values Varint
ZigZag Zero Value Tag Variant""".split()
JAVA_MEMBERS = """encode decode encode_to to_json from_json tag zero value number name is_known for_number
values hash_code equals to_string get_class notify notify_all wait clone finalize has_unknown_fields
get_unknown_fields set_unknown_fields clear_unknown_fields unknown_fields codec type_name builder
build get set has is of copy size""".split()
RUST_KEYWORDS = """as break const continue crate else enum extern false fn for if impl in let loop match mod
move mut pub ref return self static struct super trait true type unsafe use where while async await dyn
abstract become box do final macro override priv typeof unsized virtual yield try union macro_rules raw
gen safe""".split()
RUST_NAMES = """Self String Vec Option Box Result Some None Ok Err Default Clone Copy Debug PartialEq Eq Hash
Ord PartialOrd Send Sync Sized Drop Fn FnMut FnOnce Iterator IntoIterator From Into ToString ToOwned
AsRef AsMut Display Error Formatter Rc Arc Cell RefCell HashMap BTreeMap Reader Writer DecodeError
DecodeErrorKind EncodeError Message IndexMap UnknownFields FieldPath PathSegment MapKey StreamReader
StreamWriter StreamError Value TypeEntry Ordering Path Cow Any""".split()
RUST_LOWER = """std core alloc cser i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char
str json encode decode try_encode encode_into read_nested write_nested from_number is_known values
default fmt eq hash unknown_fields json_types reader writer buf out w r v e f""".split()
PY_KEYWORDS = """False None True and as assert async await break class continue def del elif else except
finally for from global if import in is lambda nonlocal not or pass raise return try while with yield
match case type""".split()
PY_BUILTINS = """abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile
complex copyright credits delattr dict dir divmod enumerate eval exec exit filter float format
frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len license
list locals map max memoryview min next object oct open ord pow print property quit range repr
reversed round set setattr slice sorted staticmethod str sum super tuple vars zip self cls
annotations""".split()
PY_CLASSES = """NotImplemented Ellipsis Exception BaseException ValueError TypeError KeyError IndexError
RecursionError SyntaxError Any Optional Union List Dict Tuple Callable ClassVar Final Literal TypeVar
Generic Protocol Iterator Iterable Sequence Mapping NamedTuple TypedDict Self IntEnum Enum Path
DecodeError EncodeError JsonError StreamReader StreamWriter UnknownFields Reader Writer TAG FINGERPRINT
CODEC""".split()
PY_MODULES = """typing enum cser codec reader writer varint zigzag utf8 stream message errors limits path
unknown kafka native sys os builtins dataclasses collections struct math abc re io json functools
itertools bind descriptor from_json to_json type_name tag slots match_args missing init repr eq
hash descriptors source interpreter floats""".split()

SNAKE = re.compile(r"[a-z][a-z0-9_]*")
PASCAL = re.compile(r"[A-Z][A-Za-z0-9]*")
UPPER = re.compile(r"[A-Z][A-Z0-9_]*")


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def pascal_case(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in name.split("_") if p)


_ALL_WORDS = JAVA_KEYWORDS + JAVA_NAMES + JAVA_MEMBERS + RUST_KEYWORDS + RUST_NAMES + RUST_LOWER + \
    PY_KEYWORDS + PY_BUILTINS + PY_CLASSES + PY_MODULES
# Every pool word as it may be spelled in each position (and the snake_case spelling of the
# PascalCase ones: `string`, `object`, `decode_error`).
SNAKE_POOL = sorted({w for w in _ALL_WORDS if SNAKE.fullmatch(w)} | {_snake(w) for w in _ALL_WORDS if PASCAL.fullmatch(w)}
                    | {w.lower() for w in _ALL_WORDS if SNAKE.fullmatch(w.lower())})
PASCAL_POOL = sorted({w for w in _ALL_WORDS if PASCAL.fullmatch(w)} | {pascal_case(w) for w in _ALL_WORDS if SNAKE.fullmatch(w)}
                     | {w.capitalize() for w in _ALL_WORDS if w.isalpha()})
UPPER_POOL = sorted({_snake(w).upper() for w in _ALL_WORDS if UPPER.fullmatch(_snake(w).upper())}
                    | {"VALUES", "NONE", "CODEC", "TYPE_NAME", "ZERO", "UNKNOWN", "NAME", "NUMBER", "VALUE"})
PLAIN_SNAKE = "alpha beta gamma delta id name count items kind flag data key value left right".split()

# Hostile doc text: quotes, backslashes, comment terminators of every target, string terminators,
# escapes that Java processes even in comments (\u000a, \u002a), NUL and other C0/C1 controls,
# bidi and other invisible format characters, line and paragraph separators, HTML and doc tags.
HOSTILE_DOCS = [
    '"', "'", '\\', "\\\\", "*/", "/*", "/**", '"""', "'''", "\\u0041", "\\u000a", "\\u002a/", "\\u0022",
    "\\n", "\\x00", "\\N{BULLET}", "\\", "\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b[31m", "\x1f",
    "\x7f", "\x80", "\x85", "\x9b", "\x9f", "\u00a0", "\u2028", "\u2029", "\u202e", "\u202a", "\u2066",
    "\u2069", "\u200b", "\u200d", "\ufeff", "\U0001f600", "<script>alert(1)</script>", "</pre>", "<!--",
    "-->", "&amp;", "&#0;", "@param x", "@deprecated", "{@code", "{@link Object}", "}", "{", "#[doc = \"x\"]",
    "*/ fn evil() {} /*", "`", "```", "${x}", "%s", "{0}", "# type: ignore", "# noqa", "r#\"", "\"#",
    "<T>", "@", "$", "\t", "  ", "TODO", "-*- coding: latin-1 -*-", "//", "///", "#", ";", "\\\"\"\"\\",
]


def hostile_doc(rng: random.Random) -> str:
    parts = [rng.choice(HOSTILE_DOCS) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.5:
        parts.insert(rng.randint(0, len(parts)), "text")
    return " ".join(parts) if rng.random() < 0.5 else "".join(parts)


class Names:
    """Draws unique names for one scope from the pools."""

    def __init__(self, rng: random.Random, hostile: bool) -> None:
        self.rng = rng
        self.hostile = hostile

    def _long(self, pattern: str) -> str:
        n = self.rng.randint(100, MAX_NAME)
        if pattern == "snake":
            s = "l" + "".join(self.rng.choice("abcdefghij_0123456789") for _ in range(n - 1))
        elif pattern == "pascal":
            s = "L" + "".join(self.rng.choice("abcXYZ0123456789") for _ in range(n - 1))
        else:
            s = "L" + "".join(self.rng.choice("ABCXYZ_0123456789") for _ in range(n - 1))
        return s[:MAX_NAME]

    def draw(self, pattern: str, taken: set[str], extra: list[str] | None = None) -> str:
        rng = self.rng
        pool = {"snake": SNAKE_POOL, "pascal": PASCAL_POOL, "upper": UPPER_POOL}[pattern]
        for _ in range(50):
            r = rng.random()
            if r < 0.05:
                name = self._long(pattern)
            elif extra and r < 0.35:
                name = rng.choice(extra)
            elif self.hostile and r < 0.8:
                name = rng.choice(pool)
            else:
                base = rng.choice(PLAIN_SNAKE)
                name = {"snake": base, "pascal": pascal_case(base), "upper": base.upper()}[pattern]
                if rng.random() < 0.5:
                    name += str(rng.randint(0, 99))
            if len(name) <= MAX_NAME and name not in taken:
                taken.add(name)
                return name
        i = 0
        while True:
            name = {"snake": f"n{i}", "pascal": f"N{i}", "upper": f"N{i}"}[pattern]
            if name not in taken:
                taken.add(name)
                return name
            i += 1


def twins(name: str, pattern: str) -> list[str]:
    """Names that differ from ``name`` only by case or underscores, or that collide with what a
    generator derives from it (`is_x` beside `x`, `x_` beside `x`)."""
    out = []
    if pattern == "snake":
        out += [name + "_", "is_" + name, "has_" + name, "get_" + name, "set_" + name]
        if "_" in name:
            out += [name.replace("_", "__", 1), name.replace("_", "", 1)]
        elif len(name) > 1:
            out += [name[0] + "_" + name[1:]]
        if name.startswith("is_"):
            out.append(name[3:])
    elif pattern == "pascal":
        out += [name.upper(), name + "Variant", name + "_"[:0] + "X"]
        if len(name) > 1:
            out += [name[0] + name[1:].swapcase()]
    else:
        out += [name + "_", name.replace("_", "__", 1) if "_" in name else name[:1] + "_" + name[1:]]
    rx = {"snake": SNAKE, "pascal": PASCAL, "upper": UPPER}[pattern]
    return [n for n in out if rx.fullmatch(n) and len(n) <= MAX_NAME and n != name]
