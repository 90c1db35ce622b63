//! The JSON mapping of values (SPEC §11), used by the code `cserc --json` generates
//! (`to_json` / `from_json` on every type) and by the conformance testee.
//!
//! [`Value`] is a JSON document as parsed: numbers keep their literal text, so 64-bit integers
//! stay exact, and objects keep their members in order. [`Value::parse`] is a strict RFC 8259
//! parser (duplicate keys, lone surrogates and nesting deeper than [`MAX_DEPTH`] are errors; it
//! never panics); `Display` prints compact JSON. The functions below convert between values of
//! the schema's types and JSON values; generated code composes them.
//!
//! ```
//! use cser::json::Value;
//!
//! let v = Value::parse(r#"{"id": 18446744073709551615, "tags": ["a"]}"#).unwrap();
//! assert_eq!(v.to_string(), r#"{"id":18446744073709551615,"tags":["a"]}"#);
//! let id: u64 = cser::json::u64_from_json(v.get("id").unwrap()).unwrap();
//! assert_eq!(id, u64::MAX);
//! ```

use crate::errors::{DecodeError, EncodeError};
use crate::path::FieldPath;
use indexmap::IndexMap;
use std::fmt;
use std::hash::Hash;

/// How deeply arrays and objects may nest in a parsed document.
pub const MAX_DEPTH: usize = 1000;

/// A JSON value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// `null`
    Null,
    /// `true` / `false`
    Bool(bool),
    /// A number, as its literal text (valid JSON number syntax).
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object: its members in order, no key twice.
    Object(Vec<(String, Value)>),
}

impl Value {
    /// Parses one JSON document (RFC 8259), surrounded by optional whitespace.
    ///
    /// # Errors
    ///
    /// Malformed JSON, a duplicate key in an object, a string with a lone surrogate escape,
    /// or nesting deeper than [`MAX_DEPTH`]; the message gives the byte offset.
    pub fn parse(text: &str) -> Result<Value, JsonError> {
        let mut p = Parser {
            s: text.as_bytes(),
            pos: 0,
        };
        p.ws();
        let v = p.value()?;
        p.ws();
        if p.pos < p.s.len() {
            return Err(p.err("unexpected text after the JSON value"));
        }
        Ok(v)
    }

    /// The member `key` of an object; `None` for another key or a value that is no object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// A number value from anything that prints as a JSON number (integers do).
    pub fn number(n: impl fmt::Display) -> Value {
        Value::Number(n.to_string())
    }

    /// What kind of value this is, for error messages: `a string`, `null`, ...
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
}

impl fmt::Display for Value {
    /// Compact JSON: no whitespace, non-ASCII characters as they are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("null"),
            Value::Bool(b) => f.write_str(if *b { "true" } else { "false" }),
            Value::Number(n) => f.write_str(n),
            Value::String(s) => write_string(f, s),
            Value::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    fmt::Display::fmt(item, f)?;
                }
                f.write_str("]")
            }
            Value::Object(members) => {
                f.write_str("{")?;
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write_string(f, k)?;
                    f.write_str(":")?;
                    fmt::Display::fmt(v, f)?;
                }
                f.write_str("}")
            }
        }
    }
}

fn write_string(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let escape: Option<&str> = match c {
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '\n' => Some("\\n"),
            '\r' => Some("\\r"),
            '\t' => Some("\\t"),
            '\u{8}' => Some("\\b"),
            '\u{c}' => Some("\\f"),
            c if (c as u32) < 0x20 => None,
            _ => continue,
        };
        f.write_str(&s[start..i])?;
        match escape {
            Some(e) => f.write_str(e)?,
            None => write!(f, "\\u{:04x}", c as u32)?,
        }
        start = i + c.len_utf8();
    }
    f.write_str(&s[start..])?;
    f.write_str("\"")
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

/// An array or object being parsed: the items so far (and the key of the member whose value
/// comes next).
enum Open {
    Array(Vec<Value>),
    Object(Vec<(String, Value)>, String),
}

impl Parser<'_> {
    fn err(&self, what: &str) -> JsonError {
        JsonError::new(format!("invalid JSON at offset {}: {what}", self.pos))
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    fn literal(&mut self, word: &str, v: Value) -> Result<Value, JsonError> {
        if self.s[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(v)
        } else {
            Err(self.err("unexpected character"))
        }
    }

    /// A value, iteratively (an explicit stack of open arrays and objects), so that the
    /// nesting limit, not the thread's stack, bounds how deep a document may be.
    fn value(&mut self) -> Result<Value, JsonError> {
        let mut stack: Vec<Open> = Vec::new();
        loop {
            // Parse a value, or open an array or object (then continue with its first item).
            self.ws();
            let mut v = match self.peek() {
                None => return Err(self.err("unexpected end of input")),
                Some(b'n') => self.literal("null", Value::Null)?,
                Some(b't') => self.literal("true", Value::Bool(true))?,
                Some(b'f') => self.literal("false", Value::Bool(false))?,
                Some(b'"') => Value::String(self.string()?),
                Some(b'-' | b'0'..=b'9') => self.number()?,
                Some(b'[') => {
                    self.open(&stack)?;
                    self.ws();
                    if self.peek() == Some(b']') {
                        self.pos += 1;
                        Value::Array(Vec::new())
                    } else {
                        stack.push(Open::Array(Vec::new()));
                        continue;
                    }
                }
                Some(b'{') => {
                    self.open(&stack)?;
                    self.ws();
                    if self.peek() == Some(b'}') {
                        self.pos += 1;
                        Value::Object(Vec::new())
                    } else {
                        let key = self.key(&[])?;
                        stack.push(Open::Object(Vec::new(), key));
                        continue;
                    }
                }
                Some(_) => return Err(self.err("unexpected character")),
            };
            // Add the value to the innermost open container; close containers that end.
            loop {
                match stack.last_mut() {
                    None => return Ok(v),
                    Some(Open::Array(items)) => {
                        items.push(v);
                        self.ws();
                        match self.peek() {
                            Some(b',') => {
                                self.pos += 1;
                                break;
                            }
                            Some(b']') => self.pos += 1,
                            _ => return Err(self.err("expected ',' or ']'")),
                        }
                    }
                    Some(Open::Object(members, key)) => {
                        members.push((std::mem::take(key), v));
                        self.ws();
                        match self.peek() {
                            Some(b',') => {
                                self.pos += 1;
                                self.ws();
                                *key = self.key(members)?;
                                break;
                            }
                            Some(b'}') => self.pos += 1,
                            _ => return Err(self.err("expected ',' or '}'")),
                        }
                    }
                }
                // The innermost container ended: it is the value to add to the next one.
                v = match stack.pop() {
                    Some(Open::Array(items)) => Value::Array(items),
                    Some(Open::Object(members, _)) => Value::Object(members),
                    None => return Err(self.err("unbalanced")),
                };
            }
        }
    }

    /// Steps over `[` or `{`, checking the depth.
    fn open(&mut self, stack: &[Open]) -> Result<(), JsonError> {
        if stack.len() >= MAX_DEPTH {
            return Err(self.err(&format!("nesting deeper than {MAX_DEPTH}")));
        }
        self.pos += 1;
        Ok(())
    }

    /// A member's key and the `:` after it; a key already in `members` is an error.
    fn key(&mut self, members: &[(String, Value)]) -> Result<String, JsonError> {
        self.ws();
        if self.peek() != Some(b'"') {
            return Err(self.err("expected a string key"));
        }
        let at = self.pos;
        let key = self.string()?;
        if members.iter().any(|(k, _)| *k == key) {
            return Err(JsonError::new(format!(
                "invalid JSON at offset {at}: duplicate key {}",
                Value::String(key)
            )));
        }
        self.ws();
        if self.peek() != Some(b':') {
            return Err(self.err("expected ':'"));
        }
        self.pos += 1;
        Ok(key)
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Value, JsonError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.err("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err(self.err("expected a digit after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.err("expected a digit in the exponent"));
            }
        }
        // Only ASCII was consumed, so this is a char boundary.
        let text = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
        Ok(Value::Number(text))
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut n = 0u32;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                _ => return Err(self.err("expected four hex digits after \\u")),
            };
            n = n * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(n)
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.pos += 1; // the opening quote
        let mut out = String::new();
        loop {
            let start = self.pos;
            while let Some(c) = self.peek() {
                if c == b'"' || c == b'\\' || c < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            // The input is a &str and the run stops only at ASCII bytes: valid UTF-8.
            out.push_str(&String::from_utf8_lossy(&self.s[start..self.pos]));
            match self.peek() {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let c = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.pos += 1;
                            let at = self.pos;
                            let hi = self.hex4()?;
                            let code = if (0xd800..0xdc00).contains(&hi) {
                                if !self.s[self.pos..].starts_with(b"\\u") {
                                    return Err(self.err("lone surrogate in \\u escape"));
                                }
                                self.pos += 2;
                                let lo = self.hex4()?;
                                if !(0xdc00..0xe000).contains(&lo) {
                                    return Err(self.err("lone surrogate in \\u escape"));
                                }
                                0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)
                            } else {
                                hi
                            };
                            match char::from_u32(code) {
                                Some(c) => {
                                    out.push(c);
                                    continue;
                                }
                                None => {
                                    self.pos = at;
                                    return Err(self.err("lone surrogate in \\u escape"));
                                }
                            }
                        }
                        _ => return Err(self.err("invalid escape")),
                    };
                    self.pos += 1;
                    out.push(c);
                }
                Some(_) => return Err(self.err("control character in string")),
            }
        }
    }
}

// ---- Errors -------------------------------------------------------------------------------

/// A JSON document that is malformed, or that does not fit the type it is read as. The path
/// names where, as decode errors do: `MediaContent.images[1].width`.
#[derive(Clone, PartialEq, Eq)]
pub struct JsonError {
    message: String,
    path: FieldPath,
}

impl JsonError {
    /// An error with the given description and an empty path.
    pub fn new(message: impl Into<String>) -> Self {
        JsonError {
            message: message.into(),
            path: FieldPath::new(),
        }
    }

    /// Prepends a field segment, `"Type.field"`, while unwinding.
    pub fn push_field(mut self, segment: &'static str) -> Self {
        self.path.push_field(segment);
        self
    }

    /// Prepends an array index while unwinding.
    pub fn push_index(mut self, index: usize) -> Self {
        self.path.push_index(index as u64);
        self
    }

    /// The description, without the path.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Where the error is, e.g. `MediaContent.images[1].width`; empty at the top.
    pub fn path(&self) -> String {
        self.path.to_string()
    }

    /// The path of fields leading to the error.
    pub fn field_path(&self) -> &FieldPath {
        &self.path
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path();
        if path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{path}: {}", self.message)
        }
    }
}

impl fmt::Debug for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JsonError({self})")
    }
}

impl std::error::Error for JsonError {}

fn expected(what: &str, v: &Value) -> JsonError {
    JsonError::new(format!("expected {what}, got {}", v.kind()))
}

// ---- Scalars ------------------------------------------------------------------------------

/// `true` / `false`.
pub fn bool_to_json(v: &bool) -> Value {
    Value::Bool(*v)
}

/// A boolean.
///
/// # Errors
///
/// Anything but `true` or `false`.
pub fn bool_from_json(v: &Value) -> Result<bool, JsonError> {
    match v {
        Value::Bool(b) => Ok(*b),
        _ => Err(expected("a boolean", v)),
    }
}

/// An integer JSON number of type `name` whose value is in `min..=max`.
fn integer(v: &Value, name: &str, min: i128, max: i128) -> Result<i128, JsonError> {
    let Value::Number(text) = v else {
        return Err(expected(&format!("an integer ({name})"), v));
    };
    if text.contains(['.', 'e', 'E']) {
        return Err(JsonError::new(format!("{text} is not an integer ({name})")));
    }
    match text.parse::<i128>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(JsonError::new(format!("{text} is out of range for {name}"))),
    }
}

macro_rules! integers {
    ($($t:ident $to:ident $from:ident),*) => {$(
        #[doc = concat!("A `", stringify!($t), "` as a JSON number.")]
        pub fn $to(v: &$t) -> Value {
            Value::Number(v.to_string())
        }

        #[doc = concat!("A `", stringify!($t), "` from an integer JSON number (no fraction or exponent).")]
        ///
        /// # Errors
        ///
        /// Not a number, not an integer, or out of range.
        pub fn $from(v: &Value) -> Result<$t, JsonError> {
            let n = integer(v, stringify!($t), i128::from($t::MIN), i128::from($t::MAX))?;
            $t::try_from(n).map_err(|_| JsonError::new("out of range"))
        }
    )*};
}

integers!(
    i8 i8_to_json i8_from_json,
    i16 i16_to_json i16_from_json,
    i32 i32_to_json i32_from_json,
    i64 i64_to_json i64_from_json,
    u8 u8_to_json u8_from_json,
    u16 u16_to_json u16_from_json,
    u32 u32_to_json u32_from_json,
    u64 u64_to_json u64_from_json
);

/// A double: the shortest decimal that reads back as the same value (`-0.0` keeps its
/// sign), or the string `"NaN"`, `"Infinity"` or `"-Infinity"`.
pub fn f64_to_json(v: &f64) -> Value {
    if v.is_nan() {
        Value::String("NaN".into())
    } else if v.is_infinite() {
        Value::String(if *v > 0.0 { "Infinity" } else { "-Infinity" }.into())
    } else {
        // Debug prints the shortest round-trip digits, as `1.0`, `-0.0`, `1e300` or `5e-324`:
        // always a valid JSON number.
        Value::Number(format!("{v:?}"))
    }
}

/// A float, widened to a double and written as one (`0.1f32` is `0.10000000149011612`).
pub fn f32_to_json(v: &f32) -> Value {
    f64_to_json(&f64::from(*v))
}

/// A double from a JSON number or `"NaN"`, `"Infinity"`, `"-Infinity"`.
///
/// # Errors
///
/// Anything else, or a finite number too large for a double.
pub fn f64_from_json(v: &Value) -> Result<f64, JsonError> {
    match v {
        Value::Number(text) => match text.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(JsonError::new(format!("{text} is out of range for f64"))),
        },
        Value::String(s) => match s.as_str() {
            "NaN" => Ok(f64::NAN),
            "Infinity" => Ok(f64::INFINITY),
            "-Infinity" => Ok(f64::NEG_INFINITY),
            _ => Err(JsonError::new(format!(
                "expected a number (f64), got the string {v}"
            ))),
        },
        _ => Err(expected("a number (f64)", v)),
    }
}

/// A float: the JSON number read as a double, rounded to the nearest float.
///
/// # Errors
///
/// As [`f64_from_json`], and a finite number that rounds to an infinity.
pub fn f32_from_json(v: &Value) -> Result<f32, JsonError> {
    let x = f64_from_json(v).map_err(|e| JsonError::new(e.message.replace("f64", "f32")))?;
    if x.is_nan() {
        return Ok(f32::NAN);
    }
    #[allow(clippy::cast_possible_truncation)]
    let y = x as f32;
    if x.is_finite() && y.is_infinite() {
        return Err(JsonError::new(format!("{v} is out of range for f32")));
    }
    Ok(y)
}

/// A JSON string.
pub fn string_to_json<S: AsRef<str> + ?Sized>(v: &S) -> Value {
    Value::String(v.as_ref().to_owned())
}

/// A string.
///
/// # Errors
///
/// Anything but a JSON string.
pub fn string_from_json(v: &Value) -> Result<String, JsonError> {
    match v {
        Value::String(s) => Ok(s.clone()),
        _ => Err(expected("a string", v)),
    }
}

/// Bytes as standard base64 with padding (RFC 4648 §4).
pub fn bytes_to_json<B: AsRef<[u8]> + ?Sized>(v: &B) -> Value {
    Value::String(base64_encode(v.as_ref()))
}

/// Bytes from a standard base64 string with padding.
///
/// # Errors
///
/// Not a string, or not strict base64 (see [`base64_decode`]).
pub fn bytes_from_json(v: &Value) -> Result<Vec<u8>, JsonError> {
    match v {
        Value::String(s) => base64_decode(s),
        _ => Err(expected("a base64 string", v)),
    }
}

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding (RFC 4648 §4).
pub fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(BASE64[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Decodes standard base64 with padding, strictly: the length a multiple of 4, only the 64
/// characters of the alphabet, `=` only as the last one or two, and unused bits zero.
///
/// # Errors
///
/// Any other text.
pub fn base64_decode(text: &str) -> Result<Vec<u8>, JsonError> {
    let bad = |why: &str| JsonError::new(format!("invalid base64: {why}"));
    let s = text.as_bytes();
    if !s.len().is_multiple_of(4) {
        return Err(bad("the length is not a multiple of 4 (missing padding?)"));
    }
    let mut out = Vec::with_capacity(s.len() / 4 * 3);
    let quads = s.len() / 4;
    for (q, quad) in s.chunks(4).enumerate() {
        let pad = quad.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && q + 1 != quads) {
            return Err(bad("misplaced '='"));
        }
        let mut n = 0u32;
        for &c in &quad[..4 - pad] {
            let d = match c {
                b'A'..=b'Z' => c - b'A',
                b'a'..=b'z' => c - b'a' + 26,
                b'0'..=b'9' => c - b'0' + 52,
                b'+' => 62,
                b'/' => 63,
                b'=' => return Err(bad("misplaced '='")),
                _ => return Err(bad("a character outside the base64 alphabet")),
            };
            n = (n << 6) | u32::from(d);
        }
        n <<= 6 * pad as u32;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        let keep = 3 - pad;
        if bytes[keep..].iter().any(|&b| b != 0) {
            return Err(bad("non-zero bits in the padding"));
        }
        out.extend_from_slice(&bytes[..keep]);
    }
    Ok(out)
}

// ---- Enums --------------------------------------------------------------------------------

/// An enum value: the member's name, or the number when the schema does not name it.
pub fn enum_to_json(name: Option<&str>, number: u32) -> Value {
    match name {
        Some(name) => Value::String(name.to_owned()),
        None => Value::Number(number.to_string()),
    }
}

/// An enum number from a member name (looked up with `lookup`) or a number in 0..2³¹−1.
///
/// # Errors
///
/// An unknown name, a number out of range, or anything else.
pub fn enum_from_json(
    v: &Value,
    type_name: &str,
    lookup: impl Fn(&str) -> Option<u32>,
) -> Result<u32, JsonError> {
    match v {
        Value::String(s) => lookup(s)
            .ok_or_else(|| JsonError::new(format!("{v} is not a member of enum {type_name}"))),
        Value::Number(_) => {
            let n = integer(v, "an enum number (0..2147483647)", 0, i128::from(i32::MAX))?;
            u32::try_from(n).map_err(|_| JsonError::new("out of range"))
        }
        _ => Err(expected(&format!("a member name of enum {type_name}"), v)),
    }
}

// ---- Collections --------------------------------------------------------------------------

/// `null` when absent, else the value.
pub fn option_to_json<T: ?Sized>(v: Option<&T>, f: impl Fn(&T) -> Value) -> Value {
    match v {
        Some(x) => f(x),
        None => Value::Null,
    }
}

/// `None` for `null`, else the value read by `f`.
///
/// # Errors
///
/// Those of `f`.
pub fn option_from_json<T>(
    v: &Value,
    f: impl Fn(&Value) -> Result<T, JsonError>,
) -> Result<Option<T>, JsonError> {
    match v {
        Value::Null => Ok(None),
        _ => f(v).map(Some),
    }
}

/// An array of the items, each converted by `f`.
pub fn list_to_json<T>(items: &[T], f: impl Fn(&T) -> Value) -> Value {
    Value::Array(items.iter().map(f).collect())
}

/// A list from an array, each item read by `f` (errors name the index).
///
/// # Errors
///
/// Not an array, or an item `f` rejects.
pub fn list_from_json<T>(
    v: &Value,
    f: impl Fn(&Value) -> Result<T, JsonError>,
) -> Result<Vec<T>, JsonError> {
    let Value::Array(items) = v else {
        return Err(expected("an array", v));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, x)| f(x).map_err(|e| e.push_index(i)))
        .collect()
}

/// An array of optional items: `null` for each absent one.
pub fn optional_list_to_json<T>(items: &[Option<T>], f: impl Fn(&T) -> Value) -> Value {
    Value::Array(
        items
            .iter()
            .map(|x| option_to_json(x.as_ref(), &f))
            .collect(),
    )
}

/// A list of optional items from an array (`null` is absent).
///
/// # Errors
///
/// Not an array, or an item `f` rejects.
pub fn optional_list_from_json<T>(
    v: &Value,
    f: impl Fn(&Value) -> Result<T, JsonError>,
) -> Result<Vec<Option<T>>, JsonError> {
    list_from_json(v, |x| option_from_json(x, &f))
}

/// An array of `[key, value]` pairs, in the map's order.
pub fn map_to_json<K, V>(
    map: &IndexMap<K, V>,
    fk: impl Fn(&K) -> Value,
    fv: impl Fn(&V) -> Value,
) -> Value {
    Value::Array(
        map.iter()
            .map(|(k, v)| Value::Array(vec![fk(k), fv(v)]))
            .collect(),
    )
}

/// A map from an array of `[key, value]` pairs (errors name the pair and `[0]` or `[1]`).
///
/// # Errors
///
/// Not an array of two-element arrays, a key or value rejected, or a key repeated.
pub fn map_from_json<K: Hash + Eq, V>(
    v: &Value,
    fk: impl Fn(&Value) -> Result<K, JsonError>,
    fv: impl Fn(&Value) -> Result<V, JsonError>,
) -> Result<IndexMap<K, V>, JsonError> {
    let Value::Array(pairs) = v else {
        return Err(expected("an array of [key, value] pairs", v));
    };
    let mut map = IndexMap::with_capacity(pairs.len());
    for (i, pair) in pairs.iter().enumerate() {
        let (k, x) = match pair {
            Value::Array(kv) if kv.len() == 2 => (&kv[0], &kv[1]),
            _ => return Err(expected("a [key, value] pair", pair).push_index(i)),
        };
        let key = fk(k).map_err(|e| e.push_index(0).push_index(i))?;
        let value = fv(x).map_err(|e| e.push_index(1).push_index(i))?;
        if map.insert(key, value).is_some() {
            return Err(JsonError::new(format!("repeated map key {k}")).push_index(i));
        }
    }
    Ok(map)
}

/// A map with optional values: `null` for each absent value.
pub fn optional_map_to_json<K, V>(
    map: &IndexMap<K, Option<V>>,
    fk: impl Fn(&K) -> Value,
    fv: impl Fn(&V) -> Value,
) -> Value {
    map_to_json(map, fk, |x| option_to_json(x.as_ref(), &fv))
}

/// A map with optional values (`null` is absent) from an array of pairs.
///
/// # Errors
///
/// As [`map_from_json`].
pub fn optional_map_from_json<K: Hash + Eq, V>(
    v: &Value,
    fk: impl Fn(&Value) -> Result<K, JsonError>,
    fv: impl Fn(&Value) -> Result<V, JsonError>,
) -> Result<IndexMap<K, Option<V>>, JsonError> {
    map_from_json(v, fk, |x| option_from_json(x, &fv))
}

// ---- Records, structs, unions ---------------------------------------------------------------

/// The members of an object that a record or struct of type `type_name` is read from.
///
/// # Errors
///
/// Anything but an object.
pub fn object_members<'a>(
    v: &'a Value,
    type_name: &str,
) -> Result<&'a [(String, Value)], JsonError> {
    match v {
        Value::Object(members) => Ok(members),
        _ => Err(expected(&format!("an object ({type_name})"), v)),
    }
}

/// The error for a member `key` that the type does not have.
pub fn unknown_field(key: &str, type_name: &str) -> JsonError {
    JsonError::new(format!(
        "unknown field {} of {type_name}",
        Value::String(key.to_owned())
    ))
}

/// A union value: `{"variant": value}`.
pub fn variant_to_json(name: &str, value: Value) -> Value {
    Value::Object(vec![(name.to_owned(), value)])
}

/// The one member of the object a union of type `type_name` is read from.
///
/// # Errors
///
/// Anything but an object with exactly one member.
pub fn variant_member<'a>(
    v: &'a Value,
    type_name: &str,
) -> Result<(&'a str, &'a Value), JsonError> {
    match v {
        Value::Object(members) if members.len() == 1 => Ok((&members[0].0, &members[0].1)),
        _ => Err(expected(
            &format!("an object with exactly one key, the variant of union {type_name}"),
            v,
        )),
    }
}

/// The error for a variant name that the union does not have.
pub fn unknown_variant(key: &str, type_name: &str) -> JsonError {
    JsonError::new(format!(
        "unknown variant {} of union {type_name}",
        Value::String(key.to_owned())
    ))
}

// ---- The registry of generated types (cser_modules.rs, `JSON_TYPES`) ------------------------

/// A type of the generated code, by fully qualified schema name, with its JSON mapping
/// composed with its codec: what the conformance testee calls.
#[derive(Clone, Copy)]
pub struct TypeEntry {
    /// The fully qualified schema name: `bench.media.MediaContent`.
    pub name: &'static str,
    /// JSON value → `from_json` → `try_encode`; the error as text.
    pub encode: fn(&Value) -> Result<Vec<u8>, String>,
    /// Bytes → `decode` → `to_json`; the error as `KIND: message`.
    pub decode: fn(&[u8]) -> Result<Value, String>,
}

impl fmt::Debug for TypeEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeEntry({})", self.name)
    }
}

/// `from_json` then `try_encode`, errors as text (used by the generated registry).
///
/// # Errors
///
/// The JSON error or the encode error, rendered.
pub fn encode_via<T>(
    v: &Value,
    from_json: fn(&Value) -> Result<T, JsonError>,
    try_encode: fn(&T) -> Result<Vec<u8>, EncodeError>,
) -> Result<Vec<u8>, String> {
    let value = from_json(v).map_err(|e| e.to_string())?;
    try_encode(&value).map_err(|e| e.to_string())
}

/// `decode` then `to_json`, a decode error rendered as `KIND: message` (used by the generated
/// registry).
///
/// # Errors
///
/// The decode error, rendered.
pub fn decode_via<T>(
    bytes: &[u8],
    decode: fn(&[u8]) -> Result<T, DecodeError>,
    to_json: fn(&T) -> Value,
) -> Result<Value, String> {
    match decode(bytes) {
        Ok(value) => Ok(to_json(&value)),
        Err(e) => Err(decode_error_text(&e)),
    }
}

/// A decode error as `KIND: reason at offset N in path`.
pub fn decode_error_text(e: &DecodeError) -> String {
    let mut s = format!(
        "{}: {} at offset {}",
        e.kind().name(),
        e.reason(),
        e.offset()
    );
    let path = e.path();
    if !path.is_empty() {
        s.push_str(" in ");
        s.push_str(&path);
    }
    s
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
    fn integers_are_exact() {
        assert_eq!(u64_from_json(&p("18446744073709551615")).unwrap(), u64::MAX);
        assert_eq!(i64_from_json(&p("-9223372036854775808")).unwrap(), i64::MIN);
        assert_eq!(i64_to_json(&i64::MIN).to_string(), "-9223372036854775808");
        assert_eq!(i8_from_json(&p("-0")).unwrap(), 0);
        assert_eq!(
            i32_from_json(&p("4294967296")).unwrap_err().to_string(),
            "4294967296 is out of range for i32"
        );
        assert!(u64_from_json(&p("18446744073709551616")).is_err());
        assert!(u8_from_json(&p("-1")).is_err());
        assert!(u64_from_json(&p("1".repeat(60).as_str())).is_err());
        assert_eq!(
            i32_from_json(&p("1.0")).unwrap_err().to_string(),
            "1.0 is not an integer (i32)"
        );
        assert!(i32_from_json(&p("1e2")).is_err());
        assert!(i32_from_json(&p("\"1\"")).is_err());
    }

    #[test]
    fn floats() {
        let t = |x: f64| f64_to_json(&x).to_string();
        assert_eq!(t(-0.0), "-0.0");
        assert_eq!(t(1.0), "1.0");
        assert_eq!(t(0.1), "0.1");
        assert_eq!(t(1e300), "1e300");
        assert_eq!(t(5e-324), "5e-324");
        assert_eq!(t(f64::NAN), "\"NaN\"");
        assert_eq!(t(f64::INFINITY), "\"Infinity\"");
        assert_eq!(t(f64::NEG_INFINITY), "\"-Infinity\"");
        assert_eq!(f32_to_json(&0.1f32).to_string(), "0.10000000149011612");
        for x in [
            0.1,
            -0.0,
            1e300,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            123.456,
        ] {
            let back = f64_from_json(&p(&t(x))).unwrap();
            assert_eq!(back.to_bits(), x.to_bits());
        }
        assert_eq!(
            f64_from_json(&p("\"NaN\"")).unwrap().to_bits(),
            0x7ff8000000000000
        );
        assert_eq!(f32_from_json(&p("\"NaN\"")).unwrap().to_bits(), 0x7fc00000);
        assert_eq!(f32_from_json(&p("0.1")).unwrap(), 0.1f32);
        assert_eq!(
            f32_from_json(&p("\"-Infinity\"")).unwrap(),
            f32::NEG_INFINITY
        );
        assert!(f32_from_json(&p("1e39"))
            .unwrap_err()
            .to_string()
            .contains("out of range for f32"));
        assert!(f64_from_json(&p("1e400")).is_err());
        assert!(f64_from_json(&p("\"nan\"")).is_err());
        assert!(f64_from_json(&p("null")).is_err());
        assert_eq!(f64_from_json(&p("1e-400")).unwrap(), 0.0);
    }

    #[test]
    fn base64_rfc4648_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in vectors {
            assert_eq!(base64_encode(plain.as_bytes()), encoded);
            assert_eq!(base64_decode(encoded).unwrap(), plain.as_bytes());
        }
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(base64_decode(&base64_encode(&all)).unwrap(), all);
        assert_eq!(base64_encode(&[0xfb, 0xff]), "+/8=");
        for s in [
            "Zg", "Zg=", "Zm9", "Z===", "Zg==Zg==", "Zm9v\n", "Zm-v", "Zm_v", "Zh==", "Zm9=",
            "=Zm9", "Zg=a", " Zm9v",
        ] {
            assert!(base64_decode(s).is_err(), "{s:?} should be rejected");
        }
    }

    #[test]
    fn collections_and_paths() {
        let v = p(r#"[[1,"a"],[2,"b"]]"#);
        let m = map_from_json(&v, i32_from_json, string_from_json).unwrap();
        assert_eq!(map_to_json(&m, i32_to_json, string_to_json), v);
        let e =
            map_from_json(&p(r#"[[1,"a"],[1,"b"]]"#), i32_from_json, string_from_json).unwrap_err();
        assert_eq!(e.to_string(), "[1]: repeated map key 1");
        let e = list_from_json(&p("[1, 2, 1.5]"), i32_from_json)
            .map_err(|e| {
                e.push_field("Image.sizes")
                    .push_index(1)
                    .push_field("Media.images")
            })
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "Media.images[1].sizes[2]: 1.5 is not an integer (i32)"
        );
        let opt = optional_list_from_json(&p("[null, 3]"), u8_from_json).unwrap();
        assert_eq!(opt, vec![None, Some(3)]);
        assert_eq!(
            optional_list_to_json(&opt, u8_to_json).to_string(),
            "[null,3]"
        );
        assert!(map_from_json(&p("[[1]]"), i32_from_json, i32_from_json).is_err());
        assert_eq!(enum_to_json(None, 7).to_string(), "7");
        let look = |s: &str| (s == "RED").then_some(0);
        assert_eq!(enum_from_json(&p("\"RED\""), "Color", look).unwrap(), 0);
        assert_eq!(
            enum_from_json(&p("2147483647"), "Color", look).unwrap(),
            i32::MAX as u32
        );
        assert!(enum_from_json(&p("2147483648"), "Color", look).is_err());
        assert!(enum_from_json(&p("\"BLUE\""), "Color", look).is_err());
    }
}
