//! [`JsonError`]: a JSON document that is malformed or does not fit its type, with the
//! [`FieldPath`] of where.

use std::fmt;

use super::Value;
use crate::path::FieldPath;

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

/// The error for a value of the wrong JSON kind: `expected an array, got a string`.
pub(super) fn expected(what: &str, v: &Value) -> JsonError {
    JsonError::new(format!("expected {what}, got {}", v.kind()))
}
