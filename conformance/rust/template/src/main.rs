//! The Rust conformance testee (conformance/README.md): answers JSON-line requests on stdin
//! with the code cserc generated for the schema, through its registry `JSON_TYPES`:
//!
//! ```text
//! {"id":7,"op":"encode","type":"pkg.Name","value":{...}}   ->  {"id":7,"ok":true,"hex":"0a0b..."}
//! {"id":8,"op":"decode","type":"pkg.Name","hex":"0a0b..."}  ->  {"id":8,"ok":true,"value":{...}}
//! {"id":9,"op":"reencode","type":"pkg.Name","hex":"0a0b..."}  ->  {"id":9,"ok":true,"hex":"0a0b..."}
//! {"id":10,"op":"patch","type":"pkg.Name","hex":"0a0b...","set":{"field":...}}
//!                                                           ->  {"id":10,"ok":true,"hex":"..."}
//! {"id":11,"op":"restream","type":"pkg.Name","hex":"43534552..."}
//!                                                           ->  {"id":11,"ok":true,"hex":"43534552..."}
//! any failure                                               ->  {"id":N,"ok":false,"error":"..."}
//! ```
//!
//! `reencode` decodes and encodes again; `patch` decodes, sets the named top-level fields from
//! their JSON mapping values and encodes. Both keep what the schema does not know: a record's
//! unknown fields (SPEC §5.5.1), and with `patch` everything in the fields it does not name.
//!
//! Every line gets one answer, flushed; nothing on any input makes it crash.

#![forbid(unsafe_code)]
// The recursion limit the deepest schema given to the testee asks for in its cser_modules.rs
// (SPEC §12.2: conformance/limits' ring of 200 records through optionals asks for 2048);
// cser-build warns when a schema asks for more.
#![recursion_limit = "2048"]

use cser::json::{TypeEntry, Value};
use std::io::{self, BufRead, Write};

/// The code generated for the schema, with its registry `JSON_TYPES`.
#[allow(dead_code, unused, clippy::all)]
mod generated {
    cser::include_generated!();
}

/// The stack of the thread serving requests: a JSON value may nest 1000 deep, and reading it
/// into a recursive type recurses as deep.
const STACK_SIZE: usize = 256 << 20;

fn main() {
    let server = std::thread::Builder::new()
        .name("testee".into())
        .stack_size(STACK_SIZE)
        .spawn(serve);
    let code = match server.map(|h| h.join()) {
        Ok(Ok(Ok(()))) => 0,
        Ok(Ok(Err(e))) => {
            // stdout closed (the runner went away): nothing more to answer.
            eprintln!("testee: {e}");
            0
        }
        _ => 1,
    };
    std::process::exit(code);
}

fn serve() -> io::Result<()> {
    let mut input = io::stdin().lock();
    let mut out = io::stdout().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        let answer = std::panic::catch_unwind(|| answer(text))
            .unwrap_or_else(|_| failure(Value::Null, "internal error: the testee panicked".into()));
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
}

fn failure(id: Value, error: String) -> Value {
    Value::Object(vec![
        ("id".into(), id),
        ("ok".into(), Value::Bool(false)),
        ("error".into(), Value::String(error)),
    ])
}

/// The answer to one request line.
fn answer(line: &[u8]) -> Value {
    let request = match std::str::from_utf8(line) {
        Ok(text) => Value::parse(text).map_err(|e| e.to_string()),
        Err(e) => Err(format!("the request is not UTF-8: {e}")),
    };
    let request = match request {
        Ok(r @ Value::Object(_)) => r,
        Ok(other) => {
            return failure(
                Value::Null,
                format!("the request is not a JSON object but {}", other.kind()),
            )
        }
        Err(e) => return failure(Value::Null, e),
    };
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    match perform(&request) {
        Ok((key, value)) => Value::Object(vec![
            ("id".into(), id),
            ("ok".into(), Value::Bool(true)),
            (key.into(), value),
        ]),
        Err(e) => failure(id, e),
    }
}

/// The JSON value of an `encode` request: its `value`, or the document in its `json` string or
/// `json_hex` bytes (UTF-8, checked), read by [`Value::parse`] as a program reads JSON text, so
/// that the text's own edges (a repeated key, a number too large for a double, a lone
/// surrogate, a byte order mark) reach the runtime as they are.
fn encode_input(request: &Value) -> Result<Value, String> {
    if let Some(text) = request.get("json").and_then(Value::as_str) {
        return Value::parse(text).map_err(|e| e.to_string());
    }
    if let Some(hex) = request.get("json_hex") {
        let bytes = hex.as_str().and_then(from_hex).ok_or_else(|| {
            format!(
                "json_hex is not an even number of hex digits: {}",
                describe(Some(hex))
            )
        })?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|_| "the JSON text is not valid UTF-8".to_owned())?;
        return Value::parse(text).map_err(|e| e.to_string());
    }
    request
        .get("value")
        .cloned()
        .ok_or_else(|| "encode without a value, json or json_hex".to_owned())
}

/// Carries out an `encode`, `decode`, `reencode`, `patch` or `restream`: the member of the
/// answer (`hex` or `value`).
fn perform(request: &Value) -> Result<(&'static str, Value), String> {
    let op = request.get("op");
    let type_name = request.get("type");
    let entry = type_name.and_then(Value::as_str).and_then(find);
    let op = match op.and_then(Value::as_str) {
        Some(name @ ("encode" | "decode" | "reencode" | "patch" | "restream")) => name,
        _ => return Err(format!("unknown op {}", describe(op))),
    };
    let Some(entry) = entry else {
        return Err(format!("unknown type {}", describe(type_name)));
    };
    if op == "encode" {
        let bytes = (entry.encode)(&encode_input(request)?)?;
        return Ok(("hex", Value::String(to_hex(&bytes))));
    }
    let hex = request.get("hex");
    let bytes = hex
        .and_then(Value::as_str)
        .and_then(from_hex)
        .ok_or_else(|| format!("hex is not an even number of hex digits: {}", describe(hex)))?;
    let written = match op {
        "decode" => return Ok(("value", (entry.decode)(&bytes)?)),
        "reencode" => (entry.reencode)(&bytes)?,
        "restream" => (entry.restream)(&bytes)?,
        _ => {
            let set = request.get("set").ok_or("patch without a set")?;
            let patch = entry
                .patch
                .ok_or_else(|| format!("cannot patch {}: a union has no fields", entry.name))?;
            patch(&bytes, set)?
        }
    };
    Ok(("hex", Value::String(to_hex(&written))))
}

fn find(name: &str) -> Option<&'static TypeEntry> {
    generated::JSON_TYPES.iter().find(|e| e.name == name)
}

/// A request member for an error message: its JSON, cut short.
fn describe(v: Option<&Value>) -> String {
    let text = v.map_or_else(|| "(none)".to_owned(), Value::to_string);
    match text.char_indices().nth(60) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text,
    }
}

fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    let digits = text.as_bytes();
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    let nibble = |c: u8| (c as char).to_digit(16);
    digits
        .chunks(2)
        .map(|pair| Some((nibble(pair[0])? * 16 + nibble(pair[1])?) as u8))
        .collect()
}
