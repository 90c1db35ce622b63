//! The JSON mapping of values (SPEC §11) that `cserc --json` generates: round trips of the
//! workloads and edge values through JSON text, the exact text of the values whose mapping
//! is subtle, error messages with their paths, and the registry `JSON_TYPES`.

mod common;

use common::{
    chain, employee, empty_data_set, ethanol, full_collections, media_content, message,
    sakai_entity, scalars_max, scalars_min, scalars_nan,
};
use cser::json::{JsonError, Value};
use cser_examples::bench::employee::Employee;
use cser_examples::bench::empty::EmptyDataSet;
use cser_examples::bench::media::MediaContent;
use cser_examples::bench::message::Message;
use cser_examples::chem::Molecule;
use cser_examples::edge::cases::{
    BinOp, Collections, Color, EvolvedV2, Expr, Keywords, Lit, Node, Sample, Scalars,
};
use cser_examples::edge::names::{Holder, Value as NamesValue};
use cser_examples::sakai::content::ContentResource;
use cser_examples::JSON_TYPES;
use std::collections::BTreeSet;
use std::fmt::Debug;

/// value → to_json → text → parse → from_json: the same value (`same`: compared with `==`;
/// NaNs are not) and the same text again. Returns the text.
fn json_round_trip<T: PartialEq + Debug>(
    value: &T,
    to_json: fn(&T) -> Value,
    from_json: fn(&Value) -> Result<T, JsonError>,
    same: bool,
) -> String {
    let text = to_json(value).to_string();
    let parsed = Value::parse(&text).expect("the printed JSON parses");
    assert_eq!(parsed.to_string(), text);
    let back = from_json(&parsed).expect("from_json reads what to_json wrote");
    if same {
        assert_eq!(&back, value);
    }
    assert_eq!(to_json(&back).to_string(), text);
    text
}

/// The registry entry of a type.
fn entry(name: &str) -> &'static cser::json::TypeEntry {
    JSON_TYPES
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("{name} not in JSON_TYPES"))
}

/// The message of the error of `r`.
fn err<T>(r: Result<T, JsonError>) -> String {
    r.map(|_| ()).unwrap_err().to_string()
}

fn parse(text: &str) -> Value {
    Value::parse(text).unwrap()
}

/// The member `key` of an object, to change it.
fn member<'a>(v: &'a mut Value, key: &str) -> &'a mut Value {
    match v {
        Value::Object(members) => &mut members.iter_mut().find(|(k, _)| k == key).unwrap().1,
        _ => panic!("not an object"),
    }
}

fn item(v: &mut Value, i: usize) -> &mut Value {
    match v {
        Value::Array(items) => &mut items[i],
        _ => panic!("not an array"),
    }
}

#[test]
fn workloads_round_trip() {
    json_round_trip(
        &empty_data_set(3),
        EmptyDataSet::to_json,
        EmptyDataSet::from_json,
        true,
    );
    json_round_trip(&employee(7), Employee::to_json, Employee::from_json, true);
    json_round_trip(&message(3), Message::to_json, Message::from_json, true);
    json_round_trip(
        &media_content(),
        MediaContent::to_json,
        MediaContent::from_json,
        true,
    );
    json_round_trip(&ethanol(), Molecule::to_json, Molecule::from_json, true);
    for n in [0, 1, 5] {
        json_round_trip(
            &sakai_entity(n),
            ContentResource::to_json,
            ContentResource::from_json,
            true,
        );
    }
}

#[test]
fn edge_values_round_trip() {
    json_round_trip(&scalars_min(), Scalars::to_json, Scalars::from_json, true);
    json_round_trip(&scalars_max(), Scalars::to_json, Scalars::from_json, true);
    json_round_trip(
        &Scalars::default(),
        Scalars::to_json,
        Scalars::from_json,
        true,
    );
    let nan = json_round_trip(&scalars_nan(), Scalars::to_json, Scalars::from_json, false);
    assert!(
        nan.contains(r#""f32_value":"NaN","f64_value":"NaN""#),
        "{nan}"
    );
    json_round_trip(
        &full_collections(),
        Collections::to_json,
        Collections::from_json,
        true,
    );
    json_round_trip(
        &Collections::default(),
        Collections::to_json,
        Collections::from_json,
        true,
    );
    json_round_trip(&chain(40), Node::to_json, Node::from_json, true);
    let expr = Expr::Bin(Box::new(BinOp {
        op: "+".into(),
        left: Box::new(Expr::Lit(Lit { value: i64::MIN })),
        right: Box::new(Expr::Call(vec![Expr::Name("f".into()), Expr::default()])),
        ..Default::default()
    }));
    json_round_trip(&expr, Expr::to_json, Expr::from_json, true);
    let keywords = Keywords {
        r#type: "t".into(),
        self_: true,
        none: Some("n".into()),
        ..Keywords::default()
    };
    let text = json_round_trip(&keywords, Keywords::to_json, Keywords::from_json, true);
    assert!(
        text.starts_with(r#"{"type":"t","class":"","match":0,"self":true,"#),
        "{text}"
    );
    let holder = Holder {
        value: NamesValue::List(vec![NamesValue::Long(-1), NamesValue::String("s".into())]),
        encode: Some("e".into()),
        ..Holder::default()
    };
    let text = json_round_trip(&holder, Holder::to_json, Holder::from_json, true);
    assert!(
        text.starts_with(r#"{"value":{"list":[{"long":-1},{"string":"s"}]},"#),
        "{text}"
    );
}

#[test]
fn exact_text() {
    let s = Scalars {
        u64_value: u64::MAX,
        i64_value: i64::MIN,
        f64_value: -0.0,
        f32_value: 0.1,
        data: vec![0, 255, 128],
        color: Color::from_number(9),
        ..Scalars::default()
    };
    let j = s.to_json();
    assert_eq!(
        j.get("u64_value").unwrap().to_string(),
        "18446744073709551615"
    );
    assert_eq!(
        j.get("i64_value").unwrap().to_string(),
        "-9223372036854775808"
    );
    assert_eq!(j.get("f64_value").unwrap().to_string(), "-0.0");
    assert_eq!(
        j.get("f32_value").unwrap().to_string(),
        "0.10000000149011612"
    );
    assert_eq!(j.get("data").unwrap().to_string(), r#""AP+A""#);
    assert_eq!(j.get("color").unwrap().to_string(), "9");
    let back = Scalars::from_json(&j).unwrap();
    assert_eq!(back.f64_value.to_bits(), (-0.0f64).to_bits());
    assert_eq!(back.color.number(), 9);

    let nan = Scalars {
        f64_value: f64::NAN,
        f32_value: f32::NEG_INFINITY,
        ..Scalars::default()
    };
    let j = nan.to_json();
    assert_eq!(j.get("f64_value").unwrap().to_string(), r#""NaN""#);
    assert_eq!(j.get("f32_value").unwrap().to_string(), r#""-Infinity""#);

    assert_eq!(Color::BLUE.to_json().to_string(), r#""BLUE""#);
    assert_eq!(
        Expr::Lit(Lit { value: 5 }).to_json().to_string(),
        r#"{"lit":{"value":5}}"#
    );
    assert_eq!(
        employee(1).to_json().to_string(),
        r#"{"last_name":"LastName1","first_name":"FirstName1","ssn":"222-33-1","salary":34001,"level":1}"#
    );
    let sample = Sample {
        x: 1.0,
        y: None,
        color: Color::GREEN,
    };
    assert_eq!(
        sample.to_json().to_string(),
        r#"{"x":1.0,"y":null,"color":"GREEN"}"#
    );
    let mut c = Collections::default();
    c.by_id.insert(-1, "a".into());
    c.sparse = vec![None, Some("x".into())];
    let j = c.to_json();
    assert_eq!(j.get("by_id").unwrap().to_string(), r#"[[-1,"a"]]"#);
    assert_eq!(j.get("sparse").unwrap().to_string(), r#"[null,"x"]"#);
    assert_eq!(j.get("maybe_names").unwrap().to_string(), "null");
}

#[test]
fn input_rules() {
    // Missing fields take their zero value; enums by name or number.
    let e = Employee::from_json(&parse(r#"{"last_name":"Doe","salary":34000}"#)).unwrap();
    assert_eq!(
        e,
        Employee {
            last_name: "Doe".into(),
            salary: 34000,
            ..Employee::default()
        }
    );
    assert_eq!(Color::from_json(&parse("1")).unwrap(), Color::GREEN);
    assert_eq!(Color::from_json(&parse("\"BLUE\"")).unwrap(), Color::BLUE);
    assert_eq!(Color::from_json(&parse("77")).unwrap().number(), 77);
    // Deprecated fields are ignored on input and absent on output.
    let v2 = EvolvedV2::from_json(&parse(r#"{"name":"n","count":"anything"}"#)).unwrap();
    assert_eq!(v2.name, "n");
    assert!(!v2.to_json().to_string().contains("count"));
    // Optional null is absent.
    let k = Keywords::from_json(&parse(r#"{"none":null}"#)).unwrap();
    assert_eq!(k.none, None);
}

#[test]
fn errors_name_the_path() {
    let mut v = media_content().to_json();
    *member(item(member(&mut v, "images"), 1), "width") = Value::Number("4294967296".into());
    assert_eq!(
        err(MediaContent::from_json(&v)),
        "MediaContent.images[1].width: 4294967296 is out of range for i32"
    );
    let cases: [(&str, &str); 12] = [
        (
            r#"{"u8_value":256}"#,
            "Scalars.u8_value: 256 is out of range for u8",
        ),
        (
            r#"{"i32_value":1.5}"#,
            "Scalars.i32_value: 1.5 is not an integer (i32)",
        ),
        (
            r#"{"i32_value":1e2}"#,
            "Scalars.i32_value: 1e2 is not an integer (i32)",
        ),
        (
            r#"{"u64_value":-1}"#,
            "Scalars.u64_value: -1 is out of range for u64",
        ),
        (
            r#"{"f32_value":1e39}"#,
            "Scalars.f32_value: 1e39 is out of range for f32",
        ),
        (
            r#"{"data":"AP+"}"#,
            "Scalars.data: invalid base64: the length is not a multiple of 4 (missing padding?)",
        ),
        (
            r#"{"data":"AP-A"}"#,
            "Scalars.data: invalid base64: a character outside the base64 alphabet",
        ),
        (
            r#"{"color":"PURPLE"}"#,
            "Scalars.color: \"PURPLE\" is not a member of enum edge.cases.Color",
        ),
        (
            r#"{"color":2147483648}"#,
            "Scalars.color: 2147483648 is out of range for an enum number (0..2147483647)",
        ),
        (
            r#"{"text":5}"#,
            "Scalars.text: expected a string, got a number",
        ),
        (
            r#"{"nope":5}"#,
            "unknown field \"nope\" of edge.cases.Scalars",
        ),
        (
            "[]",
            "expected an object (edge.cases.Scalars), got an array",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(err(Scalars::from_json(&parse(text))), message, "{text}");
    }
    let collections: [(&str, &str); 4] = [
        (
            r#"{"by_id":[[1,"a"],[1,"b"]]}"#,
            "Collections.by_id[1]: repeated map key 1",
        ),
        (
            r#"{"by_id":[[1]]}"#,
            "Collections.by_id[0]: expected a [key, value] pair, got an array",
        ),
        (
            r#"{"matrix":[[1],[2,"x"]]}"#,
            "Collections.matrix[1][1]: expected an integer (i32), got a string",
        ),
        (
            r#"{"scalars":{"b":1}}"#,
            "Collections.scalars.b: expected a boolean, got a number",
        ),
    ];
    for (text, message) in collections {
        assert_eq!(err(Collections::from_json(&parse(text))), message, "{text}");
    }
    let unions: [(&str, &str); 4] = [
        (r#"{}"#, "expected an object with exactly one key, the variant of union edge.cases.Expr, got an object"),
        (r#"{"lit":{},"name":"x"}"#, "expected an object with exactly one key, the variant of union edge.cases.Expr, got an object"),
        (r#"{"neg":1}"#, "unknown variant \"neg\" of union edge.cases.Expr"),
        (r#"{"bin":{"left":{"lit":{"value":"1"}}}}"#, "Expr.bin.left.lit.value: expected an integer (i64), got a string"),
    ];
    for (text, message) in unions {
        assert_eq!(err(Expr::from_json(&parse(text))), message, "{text}");
    }
}

#[test]
fn registry_encodes_and_decodes() {
    let e = entry("bench.employee.Employee");
    let bytes = (e.encode)(&parse(r#"{"last_name":"Doe","salary":34000}"#)).unwrap();
    let value = Employee {
        last_name: "Doe".into(),
        salary: 34000,
        ..Employee::default()
    };
    assert_eq!(bytes, value.encode());
    assert_eq!((e.decode)(&bytes).unwrap(), value.to_json());
    let m = entry("bench.media.MediaContent");
    let bytes = media_content().encode();
    assert_eq!((m.decode)(&bytes).unwrap(), media_content().to_json());
    assert_eq!((m.encode)(&media_content().to_json()).unwrap(), bytes);
    // A decode error starts with its kind; a JSON error names the path.
    let err = (m.decode)(&bytes[..bytes.len() - 1]).unwrap_err();
    assert!(
        err.starts_with("LENGTH_TOO_LARGE: length 220 exceeds"),
        "{err}"
    );
    let err = (m.decode)(&[]).unwrap_err();
    assert!(err.starts_with("TRUNCATED: "), "{err}");
    let err = (e.encode)(&parse(r#"{"salary":"x"}"#)).unwrap_err();
    assert_eq!(
        err,
        "Employee.salary: expected an integer (i32), got a string"
    );
    // A value the format cannot hold: too deep.
    let deep = entry("edge.cases.Node");
    let err = (deep.encode)(&chain(100).to_json()).unwrap_err();
    assert!(err.starts_with("cannot encode"), "{err}");
}

#[test]
fn registry_lists_every_type_of_the_examples() {
    let mut expected = BTreeSet::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../schema/examples");
    for file in std::fs::read_dir(&dir).unwrap() {
        let path = file.unwrap().path();
        if path.extension().is_none_or(|x| x != "cser") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut package = String::new();
        for line in text.lines() {
            let words: Vec<&str> = line
                .split(|c: char| c.is_whitespace() || c == ';' || c == '{')
                .filter(|w| !w.is_empty())
                .collect();
            match words.as_slice() {
                ["package", name, ..] => package = (*name).to_owned(),
                ["record" | "struct" | "union", name, ..] => {
                    expected.insert(format!("{package}.{name}"));
                }
                _ => {}
            }
        }
    }
    let listed: BTreeSet<String> = JSON_TYPES.iter().map(|e| e.name.to_owned()).collect();
    assert_eq!(listed.len(), JSON_TYPES.len(), "no type twice");
    assert!(expected.len() > 40, "{expected:?}");
    assert_eq!(listed, expected);
    // Each entry reads back the zero value it writes.
    // Each record and struct reads `{}` as its zero value, and back (a union has no such form).
    for e in JSON_TYPES {
        if let Ok(bytes) = (e.encode)(&parse("{}")) {
            let json = (e.decode)(&bytes).unwrap();
            assert_eq!((e.encode)(&json).unwrap(), bytes, "{}", e.name);
        }
    }
}

/// `value` with the member `key` set to `to` (added if missing).
fn with_member(value: &Value, key: &str, to: Value) -> Value {
    let Value::Object(members) = value else {
        panic!("not an object: {value}")
    };
    let mut members = members.clone();
    match members.iter_mut().find(|(k, _)| k == key) {
        Some(member) => member.1 = to,
        None => members.push((key.to_owned(), to)),
    }
    Value::Object(members)
}

/// The registry's `reencode` and `patch` (the testee's ops): V2 bytes through V1 keep every V2
/// field, nested ones included, also in the fields `patch` does not name.
#[test]
fn registry_reencode_and_patch_keep_unknown_fields() {
    let (v1, v2) = (entry("evolution.EntityV1"), entry("evolution.EntityV2"));
    let original = parse(
        r#"{"id":"e","title":"t","owner":null,
            "address":{"city":"c","zip":"z","floor":3},
            "history":[{"city":"h","zip":null,"floor":4}],
            "places":[["p",{"city":"q","zip":"x","floor":6}]],
            "holder":{"address":{"city":"b","zip":"y","floor":5}},
            "status":"PAUSED","revision":5,"labels":["l"],"color":"red","expires":9,
            "attrs":[["k","v"]],"office":{"city":"o","zip":null,"floor":1}}"#,
    );
    let bytes = (v2.encode)(&original).unwrap();
    assert_eq!((v1.reencode)(&bytes).unwrap(), bytes);
    assert_eq!(
        (entry("evolution.BatchV1").reencode)(&bytes).unwrap_err(),
        (entry("evolution.BatchV1").decode)(&bytes).unwrap_err()
    );

    let patch = v1.patch.expect("a record can be patched");
    let patched = patch(&bytes, &parse(r#"{"title":"new","owner":"me"}"#)).unwrap();
    let expected = (v2.decode)(&bytes).unwrap();
    let expected = with_member(&expected, "title", Value::String("new".into()));
    let expected = with_member(&expected, "owner", Value::String("me".into()));
    assert_eq!((v2.decode)(&patched).unwrap(), expected);
    // A nested record named in `set` is the one given: it has no unknown fields.
    let patched = patch(&bytes, &parse(r#"{"address":{"city":"new"}}"#)).unwrap();
    let address = parse(r#"{"city":"new","zip":null,"floor":0}"#);
    assert_eq!(
        (v2.decode)(&patched).unwrap(),
        with_member(&(v2.decode)(&bytes).unwrap(), "address", address)
    );
    // Nothing named: the bytes as reencode gives them.
    assert_eq!(patch(&bytes, &parse("{}")).unwrap(), bytes);

    let error = patch(&bytes, &parse(r#"{"nope":1}"#)).unwrap_err();
    assert!(error.contains("unknown field \"nope\""), "{error}");
    let error = patch(&bytes, &parse(r#"{"title":1}"#)).unwrap_err();
    assert!(error.starts_with("EntityV1.title: "), "{error}");
    let error = patch(&bytes, &parse("[]")).unwrap_err();
    assert!(error.contains("an object"), "{error}");
    let error = patch(&[0x05], &parse("{}")).unwrap_err();
    assert!(error.starts_with("LENGTH_TOO_LARGE: "), "{error}");
    assert!((v1.reencode)(&[0x05])
        .unwrap_err()
        .starts_with("LENGTH_TOO_LARGE: "));

    // A union has no fields to set; a struct is patched like a record.
    assert!(entry("evolution.HolderV1").patch.is_none());
    let sample = entry("edge.cases.Sample");
    let bytes = (sample.encode)(&parse(r#"{"x":1.5,"y":2.5,"color":"BLUE"}"#)).unwrap();
    let patched = (sample.patch.unwrap())(&bytes, &parse(r#"{"y":null}"#)).unwrap();
    assert_eq!(
        (sample.decode)(&patched).unwrap().to_string(),
        r#"{"x":1.5,"y":null,"color":"BLUE"}"#
    );
    assert_eq!((sample.reencode)(&bytes).unwrap(), bytes);
}

/// SPEC §11: a document may nest 1000 deep, and reading it into a recursive type must not
/// overflow the caller's stack, however small (generated `from_json` reads a deep value on a
/// thread of its own: `cser::json::read_nested`).
#[test]
fn deep_values_read_on_a_small_stack() {
    let depth = 499; // two levels of JSON a BinOp: {"bin": {"left": ...}}
    let text = r#"{"bin":{"op":"+","left":"#.repeat(depth)
        + r#"{"lit":{"value":1}}"#
        + &r#","right":{"name":"x"}}}"#.repeat(depth);
    let small = std::thread::Builder::new().stack_size(512 * 1024);
    let read = small
        .spawn(move || {
            let json = parse(&text);
            let value = Expr::from_json(&json).unwrap();
            let mut levels = 0;
            let mut at = &value;
            while let Expr::Bin(b) = at {
                levels += 1;
                at = &b.left;
            }
            // Not dropped here: dropping recurses too (a few hundred bytes a level), and this
            // test is about reading.
            std::mem::forget(value);
            std::mem::forget(json);
            levels
        })
        .unwrap();
    assert_eq!(read.join().unwrap(), depth);
}
