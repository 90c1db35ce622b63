//! Writing a [`Value`] as compact JSON through serde_json: `Serialize` for [`Value`], and
//! `Display`, which prints no whitespace and non-ASCII characters as they are.

use std::fmt;
use std::io;

use serde_core::{Serialize, Serializer};
use serde_json::value::RawValue;

use super::Value;

impl Serialize for Value {
    /// Members in order; a number as its text, character for character (to serde_json, a
    /// `RawValue`). A [`Value::Number`] whose text is not a JSON number is written as a string
    /// of that text, so the output is always valid JSON.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => serializer.serialize_unit(),
            Value::Bool(b) => serializer.serialize_bool(*b),
            Value::Number(text) => match raw_number(text) {
                Some(raw) => raw.serialize(serializer),
                None => serializer.serialize_str(text),
            },
            Value::String(s) => serializer.serialize_str(s),
            Value::Array(items) => serializer.collect_seq(items),
            Value::Object(members) => serializer.collect_map(members.iter().map(|(k, v)| (k, v))),
        }
    }
}

/// `text` as serde_json's raw JSON, if it is a JSON number (a valid JSON value that starts as
/// a number does).
fn raw_number(text: &str) -> Option<Box<RawValue>> {
    if !text.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        return None;
    }
    RawValue::from_string(text.to_owned()).ok()
}

impl fmt::Display for Value {
    /// Compact JSON: no whitespace, non-ASCII characters as they are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        serde_json::to_writer(FormatterWriter(f), self).map_err(|_| fmt::Error)
    }
}

/// serde_json's output into a `fmt::Formatter`. serde_json's compact formatter hands over
/// whole UTF-8 pieces (it splits strings only before the ASCII characters it escapes).
struct FormatterWriter<'a, 'b>(&'a mut fmt::Formatter<'b>);

impl io::Write for FormatterWriter<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = std::str::from_utf8(buf).map_err(io::Error::other)?;
        self.0.write_str(text).map_err(io::Error::other)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_json_requires() {
        let s = Value::String("x\"\\\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}/é😀".into());
        assert_eq!(
            s.to_string(),
            r#""x\"\\\n\r\t\b\f\u0001\u001f/é😀""#.replace('/', "\u{7f}/")
        );
        let v = Value::Object(vec![
            (
                "b".into(),
                Value::Array(vec![Value::Null, Value::Bool(true)]),
            ),
            ("a".into(), Value::Object(vec![])),
            ("n".into(), Value::number(-7)),
        ]);
        assert_eq!(v.to_string(), r#"{"b":[null,true],"a":{},"n":-7}"#);
        assert_eq!(format!("[{v:>3}]"), format!("[{v}]"));
    }

    #[test]
    fn numbers_keep_their_text() {
        for n in [
            "0",
            "-0",
            "-0.0",
            "1.0",
            "0.10000000149011612",
            "5e-324",
            "1e300",
            "1e400",
            "18446744073709551615",
            "-9223372036854775808",
            "123456789012345678901234567890",
            "-123456789012345678901234567890.5e-7",
            "1E+400",
            "2.5E3",
        ] {
            assert_eq!(Value::Number(n.into()).to_string(), n);
        }
        // Text around the number is not kept.
        assert_eq!(Value::Number("1 ".into()).to_string(), "1");
    }

    #[test]
    fn a_number_that_is_not_one_prints_as_a_string() {
        for text in ["", "abc", "1 2", "NaN", "01", "1.", "[1]", "\"1\""] {
            let printed = Value::Number(text.into()).to_string();
            assert_eq!(printed, Value::String(text.into()).to_string(), "{text:?}");
        }
    }
}
