//! Reading JSON text into a [`Value`] through serde_json: [`Value::parse`], and
//! `Deserialize` for [`Value`].
//!
//! serde_json reads the syntax of RFC 8259 (no comments, trailing commas, `NaN`, single quotes
//! or byte order mark; a `\u` escape of a lone surrogate is an error). This file adds what the
//! mapping needs on top:
//!
//! - every number keeps its literal text: with serde_json's `arbitrary_precision` no number is
//!   turned into a double (or refused as too large for one, `1e400`), and [`Literals`] takes
//!   each number's text from the input as serde_json reaches it, so `1E5` stays `1E5`;
//! - objects keep their members in order, and a repeated key is an error;
//! - nesting is limited to [`MAX_DEPTH`] (serde_json's own limit of 128 is off; the recursion
//!   stops here first), deep documents are read on a thread with a stack large enough for
//!   them;
//! - an error says its byte offset.

use std::cell::Cell;
use std::fmt;

use indexmap::IndexSet;
use serde_core::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_core::Deserialize;

use super::{JsonError, Value, MAX_DEPTH};

/// The key under which serde_json, with `arbitrary_precision`, hands a number to
/// `Visitor::visit_map`: a map of one entry whose value is the number's text (delivered as an
/// owned `String`, which serde_json never does for a string of the document). serde_json keeps
/// the constant private; the tests below fail if it ever changes.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// How deeply a document may nest and still be read on the caller's thread. serde_json reads
/// arrays and objects recursively, with about 0.5 KiB of stack a level in a release build and
/// 3 KiB in a debug build, so 64 levels (the binary format's default depth) take at most
/// 200 KiB. A deeper document, up to [`MAX_DEPTH`] and one past it, is read on a thread of its
/// own with [`DEEP_STACK`] bytes of stack, so that no input can overflow the caller's stack.
const INLINE_DEPTH: usize = 64;

/// The stack of the thread that reads a document nested deeper than [`INLINE_DEPTH`]: 16 KiB
/// a level (about 3 KiB is used in a debug build).
const DEEP_STACK: usize = MAX_DEPTH * 16 * 1024;

/// Parses one JSON document (see [`Value::parse`]).
pub(super) fn parse(text: &str) -> Result<Value, JsonError> {
    if !nests_deeper_than(text.as_bytes(), INLINE_DEPTH) {
        return parse_here(text);
    }
    std::thread::scope(|scope| {
        let reader = std::thread::Builder::new()
            .name("cser-json".into())
            .stack_size(DEEP_STACK)
            .spawn_scoped(scope, || parse_here(text))
            .map_err(|e| {
                JsonError::new(format!(
                    "cannot read JSON nested deeper than {INLINE_DEPTH}: no thread for it ({e})"
                ))
            })?;
        reader
            .join()
            .unwrap_or_else(|_| Err(JsonError::new("the JSON reader panicked")))
    })
}

/// Parses one JSON document on this thread.
fn parse_here(text: &str) -> Result<Value, JsonError> {
    let literals = Literals::new(text);
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let seed = ValueSeed {
        depth: 0,
        literals: Some(&literals),
    };
    let value = seed.deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    value.map_err(|e| syntax_error(text, &e))
}

/// A serde_json error as `invalid JSON at offset N: what`, like the decoders' errors.
fn syntax_error(text: &str, e: &serde_json::Error) -> JsonError {
    let message = e.to_string();
    let position = format!(" at line {} column {}", e.line(), e.column());
    let what = message.strip_suffix(&position).unwrap_or(&message);
    let offset = byte_offset(text, e.line(), e.column());
    JsonError::new(format!("invalid JSON at offset {offset}: {what}"))
}

/// The byte offset of serde_json's position: `line` counts from 1, and `column` is the
/// 1-based column of the byte in question (the one it peeked at or last read).
fn byte_offset(text: &str, line: usize, column: usize) -> usize {
    let line_start = match line.checked_sub(2) {
        None => 0,
        Some(newlines) => text
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .nth(newlines)
            .map_or(text.len(), |(i, _)| i + 1),
    };
    (line_start + column).saturating_sub(1).min(text.len())
}

/// Whether `text` has more than `limit` arrays and objects open at once somewhere, counting
/// the brackets outside strings. For valid JSON this is its nesting; for any text, at least the
/// depth serde_json's recursion reaches before it finds an error.
fn nests_deeper_than(text: &[u8], limit: usize) -> bool {
    let mut depth = 0usize;
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'"' => i = string_end(text, i),
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    false
}

/// The index of the quote closing the string that opens at `start` (or the end of `text`).
fn string_end(text: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < text.len() {
        match text[i] {
            b'\\' => i += 2,
            b'"' => return i,
            _ => i += 1,
        }
    }
    text.len()
}

/// The literal text of the numbers of a document, in order. serde_json reports the values of
/// a document in the order they appear, and hands over a number as an integer or as its text
/// with the exponent respelled (`1E5` as `1e+5`); the literal is taken from the input instead:
/// the next run of number characters outside strings. (Only number tokens start with `-` or a
/// digit outside strings, and serde_json has checked each one's syntax before reporting it.)
struct Literals<'t> {
    text: &'t str,
    /// Where to look for the next number.
    pos: Cell<usize>,
}

impl<'t> Literals<'t> {
    fn new(text: &'t str) -> Self {
        Literals {
            text,
            pos: Cell::new(0),
        }
    }

    /// The text of the next number; `None` past the last one.
    fn next(&self) -> Option<&'t str> {
        let bytes = self.text.as_bytes();
        let mut i = self.pos.get();
        while i < bytes.len() {
            match bytes[i] {
                b'"' => i = string_end(bytes, i) + 1,
                b'-' | b'0'..=b'9' => {
                    let len = bytes[i..]
                        .iter()
                        .take_while(|b| matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
                        .count();
                    self.pos.set(i + len);
                    return self.text.get(i..i + len);
                }
                _ => i += 1,
            }
        }
        self.pos.set(i);
        None
    }
}

impl<'de> Deserialize<'de> for Value {
    /// Reads any JSON value, with the rules of [`Value::parse`] that do not depend on the
    /// format: members in order, no repeated key, nesting up to [`MAX_DEPTH`]. A number is the
    /// text or the integer the deserializer gives (serde_json with `arbitrary_precision` gives
    /// the text, its exponent spelled `e+N` or `e-N`).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        ValueSeed {
            depth: 0,
            literals: None,
        }
        .deserialize(deserializer)
    }
}

/// A value inside `depth` open arrays and objects.
#[derive(Clone, Copy)]
struct ValueSeed<'a> {
    depth: usize,
    /// The literal text of the numbers, when the input text is known.
    literals: Option<&'a Literals<'a>>,
}

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl ValueSeed<'_> {
    /// Opens an array or object: an error past [`MAX_DEPTH`].
    fn open<E: de::Error>(self) -> Result<Self, E> {
        if self.depth >= MAX_DEPTH {
            return Err(E::custom(format_args!("nesting deeper than {MAX_DEPTH}")));
        }
        Ok(ValueSeed {
            depth: self.depth + 1,
            ..self
        })
    }

    /// A number: its literal text if known, else `given`.
    fn number(self, given: impl FnOnce() -> String) -> Value {
        match self.literals.and_then(Literals::next) {
            Some(text) => Value::Number(text.to_owned()),
            None => Value::Number(given()),
        }
    }

    /// The members of an object, the first one already read.
    fn object<'de, A: MapAccess<'de>>(
        self,
        first: (String, Value),
        mut map: A,
    ) -> Result<Value, A::Error> {
        let inner = self.open()?;
        let (key, value) = first;
        let mut keys = IndexSet::new();
        keys.insert(key);
        let mut values = vec![value];
        while let Some(key) = map.next_key::<String>()? {
            if keys.contains(&key) {
                return Err(de::Error::custom(format_args!(
                    "duplicate key {}",
                    Value::String(key)
                )));
            }
            keys.insert(key);
            values.push(map.next_value_seed(inner)?);
        }
        Ok(Value::Object(keys.into_iter().zip(values).collect()))
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(self.number(|| v.to_string()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(self.number(|| v.to_string()))
    }

    fn visit_i128<E>(self, v: i128) -> Result<Value, E> {
        Ok(self.number(|| v.to_string()))
    }

    fn visit_u128<E>(self, v: u128) -> Result<Value, E> {
        Ok(self.number(|| v.to_string()))
    }

    /// From a deserializer that does not keep number text: the shortest round-trip decimal.
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        if v.is_finite() {
            Ok(self.number(|| format!("{v:?}")))
        } else {
            Err(E::invalid_value(de::Unexpected::Float(v), &self))
        }
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let inner = self.open()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(inner)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let Some(key) = map.next_key::<String>()? else {
            self.open::<A::Error>()?;
            return Ok(Value::Object(Vec::new()));
        };
        if key == NUMBER_TOKEN {
            // A number as serde_json hands it over, or an object that has this key.
            return match map.next_value_seed(FirstValue(self))? {
                First::NumberText(text) => Ok(self.number(|| text)),
                First::Value(value) => self.object((key, value), map),
            };
        }
        let value = map.next_value_seed(self.open()?)?;
        self.object((key, value), map)
    }
}

/// The value of a map's first entry whose key is [`NUMBER_TOKEN`]: the number's text when it
/// arrives as an owned `String` (serde_json's number), else a value of the document, one level
/// down.
struct FirstValue<'a>(ValueSeed<'a>);

enum First {
    NumberText(String),
    Value(Value),
}

impl<'de> DeserializeSeed<'de> for FirstValue<'_> {
    type Value = First;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<First, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for FirstValue<'_> {
    type Value = First;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_string<E>(self, v: String) -> Result<First, E> {
        Ok(First::NumberText(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<First, E> {
        self.0.open::<E>()?.visit_unit().map(First::Value)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<First, E> {
        self.0.open::<E>()?.visit_bool(v).map(First::Value)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<First, E> {
        self.0.open::<E>()?.visit_i64(v).map(First::Value)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<First, E> {
        self.0.open::<E>()?.visit_u64(v).map(First::Value)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<First, E> {
        self.0.open::<E>()?.visit_f64(v).map(First::Value)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<First, E> {
        self.0.open::<E>()?.visit_str(v).map(First::Value)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<First, A::Error> {
        self.0.open()?.visit_seq(seq).map(First::Value)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<First, A::Error> {
        self.0.open()?.visit_map(map).map(First::Value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Value {
        Value::parse(s).unwrap()
    }

    fn bad(s: &str) -> String {
        Value::parse(s).unwrap_err().to_string()
    }

    #[test]
    fn parses_and_prints() {
        let text = r#"{"a":[1,-0,2.5e-3,1E+400,true,false,null],"b":"x\"\\\n\u0001é😀","c":{}}"#;
        let v = p(text);
        assert_eq!(
            v.to_string(),
            r#"{"a":[1,-0,2.5e-3,1E+400,true,false,null],"b":"x\"\\\n\u0001é😀","c":{}}"#
        );
        assert_eq!(p(" \t\r\n[ ] "), Value::Array(vec![]));
        assert_eq!(p(r#""\u00e9\ud83d\ude00\/""#), Value::String("é😀/".into()));
        assert_eq!(p("\"\\b\\f\"").to_string(), "\"\\b\\f\"");
        assert_eq!(p("0").to_string(), "0");
        assert_eq!(
            p("123456789012345678901234567890").to_string(),
            "123456789012345678901234567890"
        );
        assert_eq!(p(r#"{"k":1}"#).get("k"), Some(&Value::Number("1".into())));
    }

    #[test]
    fn rejects_malformed() {
        for s in [
            "",
            " ",
            "01",
            "-",
            "1.",
            ".5",
            "1e",
            "+1",
            "0x10",
            "NaN",
            "Infinity",
            "tru",
            "nul",
            "[1,]",
            "[1 2]",
            "{\"a\"}",
            "{\"a\":1,}",
            "{a:1}",
            "{'a':1}",
            "\"abc",
            "\"\t\"",
            "\"\\x\"",
            "\"\\u12\"",
            "\"\\ud800\"",
            "\"\\udc00\"",
            "\"\\ud800\\u0041\"",
            "[",
            "]",
            "{",
            "1 2",
            "[1]]",
            "{\"a\":1,\"a\":2}",
            "\u{feff}1",
            "// c\n1",
        ] {
            assert!(Value::parse(s).is_err(), "{s:?} should be rejected");
        }
        assert!(bad("{\"a\":1,\"a\":2}").contains("duplicate key \"a\""));
        assert!(bad("[1,]").contains("offset 3"));
    }

    #[test]
    fn nesting_is_limited() {
        let ok = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(Value::parse(&ok).is_ok());
        let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        assert!(bad(&deep).contains("nesting deeper than 1000"));
        let hostile = "{\"a\":".repeat(100_000);
        assert!(bad(&hostile).contains("nesting"));
        assert!(Value::parse(&"[".repeat(1_000_000)).is_err());
    }

    #[test]
    fn never_panics_on_prefixes() {
        let text = r#"{"a":[1,-0.5e+3,"\u00e9\ud83d\ude00",true,null,{"b":false}]}"#;
        for i in 0..=text.len() {
            if text.is_char_boundary(i) {
                let _ = Value::parse(&text[..i]);
            }
        }
    }

    #[test]
    fn numbers_keep_their_literal_text() {
        // serde_json (arbitrary_precision) hands over integers that fit 64 bits as integers and
        // every other number as its text with the exponent respelled; Value::parse keeps the
        // literal. No number passes through a double.
        for (text, respelled) in [
            ("0", "0"),
            ("-0", "-0"),
            ("-0.0", "-0.0"),
            ("1.0", "1.0"),
            ("18446744073709551615", "18446744073709551615"),
            ("18446744073709551616", "18446744073709551616"),
            ("-9223372036854775808", "-9223372036854775808"),
            ("-9223372036854775809", "-9223372036854775809"),
            ("0.10000000149011612", "0.10000000149011612"),
            ("5e-324", "5e-324"),
            ("1e400", "1e+400"),
            ("1E400", "1e+400"),
            ("1e-400", "1e-400"),
            ("2.5E+3", "2.5e+3"),
            ("-1.5e-0", "-1.5e-0"),
        ] {
            assert_eq!(p(text), Value::Number(text.into()), "{text}");
            let doc = format!(r#"[{text}, "1e5 \" {text}", {{"{text}": [{text}]}}, -7, {text}]"#);
            let kept = format!(r#"[{text},"1e5 \" {text}",{{"{text}":[{text}]}},-7,{text}]"#);
            assert_eq!(p(&doc).to_string(), kept);
            let value = ValueSeed {
                depth: 0,
                literals: None,
            };
            let mut de = serde_json::Deserializer::from_str(text);
            let given = value.deserialize(&mut de).unwrap();
            assert_eq!(given, Value::Number(respelled.into()), "{text}");
        }
    }

    #[test]
    fn errors_give_the_byte_offset() {
        for (text, error) in [
            ("", "offset 0: EOF while parsing a value"),
            ("[1,]", "offset 3: trailing comma"),
            ("[\n1,\n]", "offset 5: trailing comma"),
            ("[1] x", "offset 4: trailing characters"),
            ("{a:1}", "offset 1: key must be a string"),
            ("01", "offset 1: invalid number"),
            ("\u{feff}1", "offset 0: expected value"),
            (
                r#""\udc00""#,
                "offset 6: lone leading surrogate in hex escape",
            ),
            (
                r#""\ud800\u0041""#,
                "offset 12: lone leading surrogate in hex escape",
            ),
            (r#"{"a":1,"a":2}"#, r#"offset 9: duplicate key "a""#),
        ] {
            assert_eq!(bad(text), format!("invalid JSON at {error}"), "{text:?}");
        }
    }

    #[test]
    fn a_repeated_key_is_an_error_anywhere() {
        let many: String = (0..40).map(|i| format!("\"k{i}\":{i},")).collect();
        for text in [
            r#"{"a":1,"b":2,"a":3}"#.to_owned(),
            r#"[{"x":{"a":1,"\u0061":2}}]"#.to_owned(),
            format!("{{{many}\"k39\":0}}"),
        ] {
            assert!(bad(&text).contains("duplicate key"), "{text}");
        }
        let v = p(&format!("{{{many}\"z\":0}}"));
        assert!(matches!(&v, Value::Object(m) if m.len() == 41 && m[40].0 == "z"));
        assert_eq!(p(r#"{"b":1,"a":2}"#).to_string(), r#"{"b":1,"a":2}"#);
    }

    #[test]
    fn serde_jsons_number_key_is_an_ordinary_key() {
        // A number is handed over as a map under this key; a document's own object with the
        // same key stays an object.
        assert_eq!(p("1.5"), Value::Number("1.5".into()));
        let key = || NUMBER_TOKEN.to_owned();
        assert_eq!(
            p(&format!(r#"{{"{NUMBER_TOKEN}":"12"}}"#)),
            Value::Object(vec![(key(), Value::String("12".into()))])
        );
        assert_eq!(
            p(&format!(
                r#"{{"{NUMBER_TOKEN}":12,"b":[1.5,{{"{NUMBER_TOKEN}":null}}]}}"#
            )),
            Value::Object(vec![
                (key(), Value::Number("12".into())),
                (
                    "b".into(),
                    Value::Array(vec![
                        Value::Number("1.5".into()),
                        Value::Object(vec![(key(), Value::Null)]),
                    ])
                ),
            ])
        );
        assert!(
            bad(&format!(r#"{{"{NUMBER_TOKEN}":1,"{NUMBER_TOKEN}":2}}"#)).contains("duplicate key")
        );
    }

    #[test]
    fn nesting_counts_arrays_and_objects() {
        let objects = |n: usize| "{\"a\":".repeat(n) + "1.5" + &"}".repeat(n);
        let arrays = |n: usize| "[".repeat(n) + "-0.5e1" + &"]".repeat(n);
        for text in [objects(MAX_DEPTH), arrays(MAX_DEPTH), objects(INLINE_DEPTH)] {
            assert!(Value::parse(&text).is_ok());
        }
        for text in [objects(MAX_DEPTH + 1), arrays(MAX_DEPTH + 1)] {
            assert!(bad(&text).contains("nesting deeper than 1000"));
        }
        // Brackets inside strings do not count.
        let strings = format!("[{}1]", r#""[[{{\"[",  "#.repeat(2000));
        assert!(!nests_deeper_than(strings.as_bytes(), 1));
        assert!(Value::parse(&strings).is_ok());
        // An error before the deep part is the one reported.
        assert!(bad(&format!("[1,]{}", "[".repeat(5000))).contains("offset 3: trailing comma"));
    }

    #[test]
    fn deep_documents_do_not_need_the_callers_stack() {
        let deep = "{\"a\":[".repeat(MAX_DEPTH / 2) + &"]}".repeat(MAX_DEPTH / 2);
        let small = std::thread::Builder::new().stack_size(256 * 1024);
        let parsed = small.spawn(move || Value::parse(&deep).is_ok()).unwrap();
        assert!(parsed.join().unwrap());
    }
}
