//! [`Value`]: a JSON document as parsed, numbers as their literal text.

use std::fmt;

use super::JsonError;

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
    /// or nesting deeper than [`MAX_DEPTH`](super::MAX_DEPTH); the message gives the byte offset.
    pub fn parse(text: &str) -> Result<Value, JsonError> {
        super::parse::parse(text)
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
