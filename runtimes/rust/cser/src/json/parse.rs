//! The strict RFC 8259 parser behind [`Value::parse`]: iterative, so that [`MAX_DEPTH`], not
//! the thread's stack, bounds how deeply a document may nest; it never panics.

use super::{JsonError, Value, MAX_DEPTH};

/// Parses one JSON document (see [`Value::parse`]).
pub(super) fn parse(text: &str) -> Result<Value, JsonError> {
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
}
