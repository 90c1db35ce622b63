//! Streams of W4 messages (SPEC §8) under damage: cut at every byte offset, and a corrupt
//! record in the middle, which the reader reports by index and offset and then reads past.

mod common;

use common::message;
use cser::{DecodeErrorKind, StreamError, StreamReader, StreamWriter, HEADER_LEN};
use cser_examples::bench::message::Message;

const N: i32 = 6;

/// A stream of messages 0..N and the offset where each frame starts (and the end).
fn stream() -> (Vec<u8>, Vec<usize>) {
    let mut w = StreamWriter::new(Vec::new());
    let mut starts = vec![HEADER_LEN];
    for n in 0..N {
        w.write(&message(n)).unwrap();
        let len = message(n).encode().len(); // a record's frame is its message
        starts.push(starts.last().unwrap() + len);
    }
    (w.finish().unwrap(), starts)
}

fn decode_error(e: StreamError) -> cser::DecodeError {
    match e {
        StreamError::Decode(e) => e,
        other => panic!("not a decode error: {other}"),
    }
}

#[test]
fn cut_at_every_offset_yields_the_complete_records_then_truncated() {
    let (bytes, starts) = stream();
    assert_eq!(*starts.last().unwrap(), bytes.len());
    for cut in 0..=bytes.len() {
        let mut r: StreamReader<_, Message> = StreamReader::new(&bytes[..cut]);
        let complete = starts[1..].iter().filter(|&&end| end <= cut).count();
        for n in 0..complete {
            assert_eq!(r.read().unwrap().unwrap(), message(n as i32), "cut {cut}");
        }
        let next = r.read();
        if cut == HEADER_LEN || starts[1..].contains(&cut) {
            assert!(next.unwrap().is_none(), "cut {cut}: a clean end");
            continue;
        }
        let e = decode_error(next.unwrap_err());
        assert_eq!(
            (e.kind(), e.offset()),
            (DecodeErrorKind::Truncated, cut as u64)
        );
        if cut > HEADER_LEN {
            // Inside frame `complete`, which starts at starts[complete].
            let context = format!(
                "record {complete}, frame at stream offset {}",
                starts[complete]
            );
            assert_eq!(e.context(), Some(context.as_str()), "cut {cut}");
            assert!(e.to_string().contains(&context), "{e}");
        }
        // A framing error ends the stream: the same error on every later read.
        let again = decode_error(r.read().unwrap_err());
        assert_eq!((again.kind(), again.offset()), (e.kind(), e.offset()));
    }
}

#[test]
fn a_corrupt_record_is_named_by_index_and_offset_and_the_next_one_is_read() {
    let (mut bytes, starts) = stream();
    // Record 3's `active` (a bool after the 1-byte length and the 1-byte `type`) becomes 2.
    let bad = starts[3] + 2;
    assert_eq!(bytes[bad], 0);
    bytes[bad] = 2;
    let mut r: StreamReader<_, Message> = StreamReader::new(&bytes[..]);
    for n in 0..3 {
        assert_eq!(r.read().unwrap().unwrap(), message(n));
    }
    let e = decode_error(r.read().unwrap_err());
    assert_eq!(
        (e.kind(), e.offset()),
        (DecodeErrorKind::BadBool, bad as u64)
    );
    let context = format!("record 3, frame at stream offset {}", starts[3]);
    assert_eq!(e.context(), Some(context.as_str()));
    assert!(e.to_string().contains(&context), "{e}");
    assert_eq!(r.record_index(), 4, "the bad frame is consumed");
    // The frames are length-prefixed: the reader goes on with record 4.
    for n in 4..N {
        assert_eq!(r.read().unwrap().unwrap(), message(n));
    }
    assert!(r.read().unwrap().is_none());
    // As an iterator: every record but the bad one, and one error.
    let results: Vec<_> = StreamReader::<_, Message>::new(&bytes[..]).collect();
    assert_eq!(results.len(), N as usize);
    assert_eq!(results.iter().filter(|m| m.is_err()).count(), 1);
    assert!(results[3].is_err());
}

#[test]
fn a_frame_above_the_maximum_size_ends_the_stream() {
    let (bytes, starts) = stream();
    let largest = (0..N).map(|n| message(n).encode().len()).max().unwrap();
    // Every frame is at most `largest` bytes, its length included: a maximum one below that
    // rejects the first frame whose content exceeds it, before reading it.
    let mut r: StreamReader<_, Message> =
        StreamReader::new(&bytes[..]).with_max_message_size(largest - 2);
    let mut read = 0;
    let e = loop {
        match r.read() {
            Ok(Some(m)) => {
                assert_eq!(m, message(read));
                read += 1;
            }
            Ok(None) => panic!("no frame too large"),
            Err(e) => break decode_error(e),
        }
    };
    assert_eq!(e.kind(), DecodeErrorKind::MessageTooLarge);
    assert_eq!(e.offset(), starts[read as usize] as u64);
    assert!(r.read().is_err(), "the framing is lost: the stream ends");
}
