//! [`read_nested`]: where generated `from_json` code reads a value that may nest deeply.
//!
//! A parsed document nests at most [`MAX_DEPTH`] arrays and objects deep, and reading it into a
//! recursive type recurses once a level, with a frame per level that grows with the type's
//! fields (in a debug build, a record of 40 fields takes over 8 KiB a level: 1000 levels
//! overflow an 8 MiB stack). So a deep value is read on a thread of its own with a stack
//! large enough for it, as [`Value::parse`] reads a deep text.

use std::cell::Cell;

use super::{JsonError, Value, MAX_DEPTH};

/// How deeply a value may nest and still be read on the caller's thread.
const INLINE_DEPTH: usize = 16;

/// The stack of the thread that reads a deeper value: 128 KiB a level (reserved, not
/// committed, until the levels are reached).
const DEEP_STACK: usize = (MAX_DEPTH + 1) * 128 * 1024;

thread_local! {
    /// Whether a `read_nested` is under way on this thread: the nested calls of the types
    /// inside the value then run where they are.
    static READING: Cell<bool> = const { Cell::new(false) };
}

/// Clears [`READING`] when the outermost read ends, even by a panic.
struct Reading;

impl Reading {
    fn start() -> Self {
        READING.with(|r| r.set(true));
        Reading
    }
}

impl Drop for Reading {
    fn drop(&mut self) {
        READING.with(|r| r.set(false));
    }
}

/// Runs `read` (the body of a generated `from_json`) on `v`: directly when it is called from
/// within another one or `v` nests at most a few levels deep, else on a thread whose stack
/// holds [`MAX_DEPTH`] levels of any type, so that no value overflows the caller's stack.
///
/// # Errors
///
/// Those of `read`, and an error when no thread can be started for a deep value.
pub fn read_nested<T: Send>(
    v: &Value,
    read: impl FnOnce(&Value) -> Result<T, JsonError> + Send,
) -> Result<T, JsonError> {
    if READING.with(Cell::get) {
        return read(v);
    }
    if !nests_deeper_than(v, INLINE_DEPTH) {
        let _reading = Reading::start();
        return read(v);
    }
    std::thread::scope(|scope| {
        let reader = std::thread::Builder::new()
            .name("cser-json".into())
            .stack_size(DEEP_STACK)
            .spawn_scoped(scope, || {
                let _reading = Reading::start();
                read(v)
            })
            .map_err(|e| {
                JsonError::new(format!(
                    "cannot read a value nested deeper than {INLINE_DEPTH}: no thread for it ({e})"
                ))
            })?;
        reader
            .join()
            .unwrap_or_else(|_| Err(JsonError::new("reading the JSON value panicked")))
    })
}

/// Whether `v` has more than `limit` arrays and objects open at once somewhere (without
/// recursion: the value itself may be deep).
fn nests_deeper_than(v: &Value, limit: usize) -> bool {
    let mut open: Vec<(&Value, usize)> = vec![(v, 0)];
    while let Some((v, depth)) = open.pop() {
        let children: &mut dyn Iterator<Item = &Value> = match v {
            Value::Array(items) => &mut items.iter(),
            Value::Object(members) => &mut members.iter().map(|(_, x)| x),
            _ => continue,
        };
        if depth + 1 > limit {
            return true;
        }
        open.extend(children.map(|x| (x, depth + 1)));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_arrays_and_objects() {
        let arrays = |n: usize| Value::parse(&("[".repeat(n) + &"]".repeat(n))).unwrap();
        assert!(!nests_deeper_than(&arrays(16), 16));
        assert!(nests_deeper_than(&arrays(17), 16));
        assert!(!nests_deeper_than(
            &Value::parse("[1,{\"a\":[]},\"x\"]").unwrap(),
            3
        ));
        assert!(nests_deeper_than(
            &Value::parse("[1,{\"a\":[[]]}]").unwrap(),
            3
        ));
        assert!(!nests_deeper_than(&Value::parse("7").unwrap(), 0));
    }

    /// Reads nested arrays by recursion, with a large frame a level, as a wide record does.
    fn count(v: &Value) -> Result<usize, JsonError> {
        let padding = std::hint::black_box([0u8; 16 * 1024]);
        match v {
            Value::Array(items) if items.len() == 1 => {
                let inner = read_nested(&items[0], count)?;
                Ok(inner + 1 + usize::from(padding[0]))
            }
            _ => Ok(0),
        }
    }

    #[test]
    fn deep_values_do_not_need_the_callers_stack() {
        let deep = Value::parse(&("[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH))).unwrap();
        let small = std::thread::Builder::new().stack_size(256 * 1024);
        let read = small.spawn(move || read_nested(&deep, count)).unwrap();
        assert_eq!(read.join().unwrap().unwrap(), MAX_DEPTH - 1);
        // The flag is cleared afterwards, also on this thread after a shallow read.
        assert_eq!(
            read_nested(&Value::parse("[[]]").unwrap(), count).unwrap(),
            1
        );
        assert!(!READING.with(Cell::get));
    }
}
