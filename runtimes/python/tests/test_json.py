"""The JSON mapping of values (SPEC §11) in the code ``cserc --json`` generates: round trips of
the workloads and edge values through ``json.dumps`` / ``json.loads``, the exact text of the
cases the other languages must write alike, and the errors (with their paths) of input that does
not fit its type."""

from __future__ import annotations

import importlib
import json
import math
import pkgutil
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from bench.media import MediaContent
from edge.cases import (
    BinOp,
    Collections,
    Color,
    EvolvedV2,
    Expr,
    ExprBin,
    ExprCall,
    ExprLit,
    ExprName,
    Keywords,
    Lit,
    Node,
    Sample,
    Scalars,
)
from edge.names import Holder

import values as v
from cser.json import JsonError

GENERATED = Path(__file__).resolve().parents[1] / "target" / "generated"


def dumps(obj: Any) -> str:
    """JSON text as the conformance testee writes it: NaN and the infinities are strings, so
    ``allow_nan=False`` never fires."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _reject_constant(name: str) -> Any:
    raise ValueError(f"not JSON: {name}")


def loads(text: str) -> Any:
    """Strict JSON: the bare ``NaN`` / ``Infinity`` Python's json accepts are refused."""
    return json.loads(text, parse_constant=_reject_constant)


def round_trip(value: Any) -> Any:
    return type(value).from_json(loads(dumps(value.to_json())))


VALUES: dict[str, Callable[[], Any]] = {
    "W1": lambda: v.empty_data_set(3),
    "W2": lambda: v.employee(7),
    "W3-0": lambda: v.sakai_entity(0),
    "W3-3": lambda: v.sakai_entity(3),
    "W3-30": lambda: v.sakai_entity(30),
    "W4": lambda: v.message(5),
    "W5": v.ethanol,
    "W6": v.media_content,
    "scalars-zero": Scalars,
    "scalars-min": v.scalars_min,
    "scalars-max": v.scalars_max,
    "collections-empty": Collections,
    "collections-full": v.full_collections,
    "chain": lambda: v.chain(40),
    "keywords": lambda: Keywords(type_="t", class_="c", match=-1, self_=True, none="n"),
    "sample": lambda: Sample(x=-0.0, y=math.inf, color=Color(77)),
    "evolved": lambda: EvolvedV2(name="x", note=None, tags=["a"], sample=Sample(y=None)),
    "expr": lambda: BinOp(
        op="+",
        left=ExprCall([ExprName("f"), ExprLit(Lit(value=-(2**63)))]),
        right=ExprBin(BinOp(op="-", left=ExprName("a"), right=ExprLit(Lit(value=2**63 - 1)))),
    ),
}


@pytest.mark.parametrize("name", sorted(VALUES))
def test_round_trip(name: str) -> None:
    value = VALUES[name]()
    back = round_trip(value)
    assert back == value
    assert back.encode() == value.encode()
    # The JSON form is plain data: it survives a second round trip unchanged.
    assert back.to_json() == loads(dumps(value.to_json()))


def test_nan_round_trip_keeps_nan_not_payload() -> None:
    back = round_trip(v.scalars_nan())
    assert math.isnan(back.f32_value) and math.isnan(back.f64_value)
    # "NaN" is the quiet NaN (SPEC §11): 7fc00000 for f32, 7ff8000000000000 for f64.
    assert struct.pack(">f", back.f32_value).hex() == "7fc00000"
    assert struct.pack(">d", back.f64_value).hex() == "7ff8000000000000"


def test_union_round_trip_is_the_variant() -> None:
    e = ExprBin(BinOp(op="*", left=ExprName("x"), right=ExprLit(Lit(value=2))))
    back = Expr.from_json(loads(dumps(e.to_json())))
    assert isinstance(back, ExprBin)
    assert back == e


# ---- Exact text -----------------------------------------------------------------------------


def test_u64_max_and_i64_min_are_exact() -> None:
    text = dumps(Scalars(u64_value=2**64 - 1, i64_value=-(2**63)).to_json())
    assert '"u64_value":18446744073709551615' in text
    assert '"i64_value":-9223372036854775808' in text
    assert Scalars.from_json(loads(text)).u64_value == 18446744073709551615


def test_floats() -> None:
    j = Scalars(f64_value=-0.0, f32_value=v.f32(0.1)).to_json()
    text = dumps(j)
    assert '"f64_value":-0.0' in text
    assert '"f32_value":0.10000000149011612' in text
    assert math.copysign(1.0, Scalars.from_json(j).f64_value) == -1.0
    assert dumps(Scalars(f64_value=math.nan, f32_value=math.inf).to_json()).count('"NaN"') == 1
    assert Scalars(f32_value=math.inf, f64_value=-math.inf).to_json()["f32_value"] == "Infinity"
    assert Scalars(f64_value=-math.inf).to_json()["f64_value"] == "-Infinity"
    assert Scalars(f64_value=1.7976931348623157e308).to_json()["f64_value"] == 1.7976931348623157e308
    assert Collections(doubles=[math.nan, 1.5]).to_json()["doubles"] == ["NaN", 1.5]


def test_f32_input_is_rounded_to_f32() -> None:
    s = Scalars.from_json({"f32_value": 0.1})
    assert s.f32_value == v.f32(0.1)
    assert Scalars.from_json({"f32_value": 3}).f32_value == 3.0
    # Just above the largest f32 but nearer to it than to infinity: rounds down.
    assert Scalars.from_json({"f32_value": 3.4028235e38}).f32_value == v.f32(3.4028234663852886e38)
    assert Scalars.from_json({"f32_value": "-Infinity"}).f32_value == -math.inf
    assert Scalars.from_json({"f64_value": 2**53 + 1}).f64_value == float(2**53)


def test_bytes_are_base64() -> None:
    assert Scalars(data=bytes([0, 255, 128])).to_json()["data"] == "AP+A"
    assert Scalars(data=b"ab").to_json()["data"] == "YWI="
    assert Scalars.from_json({"data": "YWI="}).data == b"ab"
    assert Scalars.from_json({"data": ""}).data == b""


def test_enums() -> None:
    assert Scalars(color=Color.BLUE).to_json()["color"] == "BLUE"
    assert Scalars(color=Color(9)).to_json()["color"] == 9
    assert dumps(Collections(colors=[Color.RED, Color(1 << 30)]).to_json()["colors"]) == '["RED",1073741824]'
    assert Scalars.from_json({"color": "GREEN"}).color is Color.GREEN
    assert Scalars.from_json({"color": 2}).color is Color.BLUE
    unknown = Scalars.from_json({"color": 2**31 - 1}).color
    assert unknown == 2**31 - 1 and isinstance(unknown, Color)
    assert Scalars.from_json({"color": 2**31 - 1}).encode() == Scalars(color=Color(2**31 - 1)).encode()


def test_union_and_maps_text() -> None:
    e = ExprBin(BinOp(op="+", left=ExprName("a"), right=ExprLit(Lit(value=1))))
    assert dumps(e.to_json()) == '{"bin":{"op":"+","left":{"name":"a"},"right":{"lit":{"value":1}}}}'
    c = Collections(by_id={5: "five", -1: "minus"}, by_color={Color.GREEN: ["g"], Color(9): []})
    j = c.to_json()
    assert j["by_id"] == [[5, "five"], [-1, "minus"]]
    assert j["by_color"] == [["GREEN", ["g"]], [9, []]]
    assert Collections(sparse_map={"a": None, "b": 2}).to_json()["sparse_map"] == [["a", None], ["b", 2]]


def test_objects_have_every_live_field_in_id_order() -> None:
    assert list(Keywords().to_json()) == ["type", "class", "match", "self", "import", "default", "fn", "none"]
    assert Keywords().to_json()["none"] is None
    assert list(Holder().to_json())[:3] == ["value", "class", "codec"]
    # A deprecated field is not written, and is ignored when read.
    j = EvolvedV2().to_json()
    assert "count" not in j
    assert list(j) == ["name", "note", "tags", "sample"]
    assert EvolvedV2.from_json({"count": "anything", "name": "n"}) == EvolvedV2(name="n")


def test_missing_fields_take_their_zero_values() -> None:
    assert Scalars.from_json({}) == Scalars()
    assert Collections.from_json({}) == Collections()
    assert Node.from_json({"label": "a"}) == Node(label="a")
    b = BinOp.from_json({})
    assert b == BinOp() and isinstance(b.left, ExprLit)


# ---- Errors -----------------------------------------------------------------------------------


def _error(cls: Any, obj: Any) -> str:
    with pytest.raises(JsonError) as info:
        cls.from_json(obj)
    assert isinstance(info.value, ValueError)
    return str(info.value)


def test_error_paths() -> None:
    j = v.media_content().to_json()
    j["images"][1]["width"] = 4294967296
    assert _error(MediaContent, j) == "MediaContent.images[1].width: 4294967296 is out of range for i32"
    j = v.media_content().to_json()
    j["media"]["persons"][1] = 7
    assert _error(MediaContent, j) == "MediaContent.media.persons[1]: expected a string, got 7"
    assert _error(Collections, {"matrix": [[1], [2, "x"]]}).startswith("Collections.matrix[1][1]: ")
    assert _error(Collections, {"by_color": [["RED", []], ["BLUE", [3]]]}).startswith(
        "Collections.by_color[1][1][0]: "
    )
    assert _error(Collections, {"by_id": [["1", "a"]]}).startswith("Collections.by_id[0][0]: ")
    assert _error(Node, {"next": {"next": {"children": [{}, {"label": 1}]}}}).startswith(
        "Node.next.next.children[1].label: "
    )
    assert _error(BinOp, {"left": {"bin": {"right": {"lit": {"value": 1.5}}}}}).startswith(
        "BinOp.left.bin.right.lit.value: "
    )
    assert _error(Expr, {"call": [{"name": "f"}, {"nope": 1}]}) == (
        'Expr.call[1]: unknown variant "nope" of union edge.cases.Expr'
    )


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"i8_value": 128}, "Scalars.i8_value: 128 is out of range for i8"),
        ({"u8_value": -1}, "Scalars.u8_value: -1 is out of range for u8"),
        ({"u64_value": 2**64}, "Scalars.u64_value: 18446744073709551616 is out of range for u64"),
        ({"i64_value": -(2**63) - 1}, "Scalars.i64_value: -9223372036854775809 is out of range for i64"),
        ({"u16_value": 65536}, "Scalars.u16_value: 65536 is out of range for u16"),
        ({"i32_value": True}, "Scalars.i32_value: expected an integer (i32), got true"),
        ({"i32_value": 1.0}, "Scalars.i32_value: expected an integer (i32), got 1.0"),
        ({"i32_value": "1"}, 'Scalars.i32_value: expected an integer (i32), got "1"'),
        ({"i32_value": None}, "Scalars.i32_value: expected an integer (i32), got null"),
        ({"b": 1}, "Scalars.b: expected a bool, got 1"),
        ({"f64_value": "nan"}, 'Scalars.f64_value: expected a number, "NaN", "Infinity" or "-Infinity", got "nan"'),
        ({"f64_value": True}, 'Scalars.f64_value: expected a number, "NaN", "Infinity" or "-Infinity", got true'),
        ({"f64_value": 10**400}, "Scalars.f64_value: " + str(10**400) + " is out of range for f64"),
        ({"f32_value": 1e39}, "Scalars.f32_value: 1e+39 is out of range for f32"),
        ({"f32_value": -3.5e38}, "Scalars.f32_value: -3.5e+38 is out of range for f32"),
        ({"data": "YWI"}, 'Scalars.data: "YWI" is not base64 with padding'),
        ({"data": "YW I="}, 'Scalars.data: "YW I=" is not base64 with padding'),
        ({"data": "YWI=\n"}, 'Scalars.data: "YWI=\\n" is not base64 with padding'),
        ({"data": "YW-="}, 'Scalars.data: "YW-=" is not base64 with padding'),
        ({"data": "YWJ="}, 'Scalars.data: "YWJ=" is not canonical base64 with padding'),
        ({"data": "é"}, 'Scalars.data: "é" is not base64 with padding'),
        ({"data": [1]}, "Scalars.data: expected a base64 string, got [1]"),
        ({"color": "PURPLE"}, 'Scalars.color: "PURPLE" is not a member of enum Color'),
        ({"color": "Color(9)"}, 'Scalars.color: "Color(9)" is not a member of enum Color'),
        ({"color": 2**31}, "Scalars.color: 2147483648 is out of range for enum Color (0..2147483647)"),
        ({"color": -1}, "Scalars.color: -1 is out of range for enum Color (0..2147483647)"),
        ({"color": False}, "Scalars.color: expected an enum name or number (Color), got false"),
        ({"text": b"x"}, "Scalars.text: expected a string, got bytes b'x'"),
        ({"bogus": 1}, 'Scalars: unknown field "bogus"'),
    ],
)
def test_scalar_errors(obj: dict[str, Any], message: str) -> None:
    assert _error(Scalars, obj) == message


@pytest.mark.parametrize(
    ("cls", "obj", "message"),
    [
        (Scalars, [], "Scalars: expected an object, got an array"),
        (Scalars, None, "Scalars: expected an object, got null"),
        (Collections, {"ints": {}}, "Collections.ints: expected an array, got an object"),
        (Collections, {"by_id": [[1, "a"], [1, "b"]]}, "Collections.by_id[1]: repeated map key 1"),
        (Collections, {"by_color": [["RED", []], [0, []]]}, "Collections.by_color[1]: repeated map key RED"),
        (Collections, {"sparse_map": [["k", None], ["k", 1]]}, 'Collections.sparse_map[1]: repeated map key "k"'),
        (Collections, {"by_id": [[1, "a", 2]]}, 'Collections.by_id[0]: expected a [key, value] array, got [1, "a", 2]'),
        (Collections, {"by_id": {"1": "a"}}, "Collections.by_id: expected an array, got an object"),
        (Collections, {"scalars": {"x": 1}}, 'Collections.scalars: unknown field "x"'),
        (Expr, {}, "Expr: expected an object with one key (the variant), got 0 keys"),
        (Expr, {"lit": {}, "name": "x"}, "Expr: expected an object with one key (the variant), got 2 keys"),
        (Expr, "lit", "Expr: expected an object, got a string"),
        (Expr, {"name": None}, "Expr.name: expected a string, got null"),
        (Sample, {"y": "x"}, 'Sample.y: expected a number, "NaN", "Infinity" or "-Infinity", got "x"'),
    ],
)
def test_structure_errors(cls: Any, obj: Any, message: str) -> None:
    assert _error(cls, obj) == message


def test_optional_null_and_absent() -> None:
    assert Collections.from_json({"opt1": None, "scalars": None, "maybe_map": None}) == Collections()
    assert Collections.from_json({"sparse": [None, "a"]}).sparse == [None, "a"]
    assert Collections.from_json({"opt1": 0}).opt1 == 0


# ---- Every generated type ---------------------------------------------------------------------


def _generated_types() -> list[type[Any]]:
    """Every record, struct and union base class the example schemas generate."""
    types: list[type[Any]] = []
    for info in pkgutil.walk_packages([str(GENERATED)]):
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and obj.__module__ == module.__name__
                and hasattr(obj, "TYPE_NAME")
                and "TAG" not in vars(obj)
            ):
                types.append(obj)
    return types


def test_every_example_type_has_the_json_mapping() -> None:
    types = _generated_types()
    assert len(types) > 40
    for cls in types:
        assert callable(getattr(cls, "to_json", None)), cls
        assert callable(getattr(cls, "from_json", None)), cls
        module = importlib.import_module(cls.__module__)
        if "TAG" in cls.__annotations__:
            # A union: its zero value is a variant.
            zero = getattr(module, f"_zero_{cls.__name__}")()
        else:
            zero = cls()
            assert cls.from_json({}) == zero, cls
        back = cls.from_json(loads(dumps(zero.to_json())))
        assert back == zero and type(back) is type(zero), cls


def test_from_json_of_a_value_nested_too_deeply_is_a_json_error() -> None:
    # Python data nested deeper than the interpreter lets from_json recurse (SPEC §11: a clean
    # error, never RecursionError); the codec still works afterwards.
    deep: dict[str, Any] = {"label": "leaf"}
    for _ in range(5000):
        deep = {"next": deep}
    with pytest.raises(JsonError, match="nested too deeply"):
        Node.from_json(deep)
    assert Node.from_json({"next": {"label": "x"}}).next is not None
