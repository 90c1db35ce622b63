//! The Rust side of the cross-language stream, socket and database checks (conformance/across/). Each
//! command reads or writes a cser stream and exits with status 1 and a message when a record is
//! not the one expected.
//!
//! ```text
//! stream-relay IN OUT     read a stream of Sakai entities and write every one on
//! socket-recv N           listen on a loopback port (printed as "PORT p"), accept one
//!                         connection and read N W4 messages, each checked on arrival
//! socket-send PORT N      connect to the port and send W4 messages 0..N-1
//! db-verify DB EXPECTED   read every entity blob of the SQLite file DB (table entity: id,
//!                         body) and check it equals the entity of the same index in the
//!                         stream file EXPECTED
//! ```

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::process::exit;

use cser::{StreamReader, StreamWriter};

cser::include_generated!();

/// The workloads W1–W6: `runtimes/rust/cser-examples/src/workloads.rs`, the one copy in Rust,
/// compiled against this crate's generated types (so that the W4 stream benchmark, which runs
/// this program, measures code generated here). Only `message` is used here.
#[allow(dead_code)]
#[path = "../../../runtimes/rust/cser-examples/src/workloads.rs"]
mod workloads;

use bench::message::Message;
use sakai::content::ContentResource;
// W4 message `n`, as every language's sender and receiver build it.
use workloads::message;

fn fail(what: impl std::fmt::Display) -> ! {
    eprintln!("cross_language: {what}");
    exit(1)
}

fn stream_relay(from: &str, to: &str) {
    let input = BufReader::new(File::open(from).unwrap_or_else(|e| fail(format!("{from}: {e}"))));
    let output = BufWriter::new(File::create(to).unwrap_or_else(|e| fail(format!("{to}: {e}"))));
    let mut writer = StreamWriter::new(output);
    for entity in StreamReader::<_, ContentResource>::new(input) {
        let entity = entity.unwrap_or_else(|e| fail(e));
        writer.write(&entity).unwrap_or_else(|e| fail(e));
    }
    writer
        .finish()
        .and_then(|mut w| w.flush())
        .unwrap_or_else(|e| fail(e));
}

fn socket_recv(count: i32) {
    let listener =
        TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap_or_else(|e| fail(format!("bind: {e}")));
    let port = listener.local_addr().unwrap_or_else(|e| fail(e)).port();
    println!("PORT {port}");
    std::io::stdout().flush().unwrap_or_else(|e| fail(e));
    let (socket, _) = listener
        .accept()
        .unwrap_or_else(|e| fail(format!("accept: {e}")));
    let mut n = 0;
    for m in StreamReader::<_, Message>::new(BufReader::new(socket)) {
        let m = m.unwrap_or_else(|e| fail(format!("message {n}: {e}")));
        if m != message(n) {
            fail(format!("message {n} differs: {m:?}"));
        }
        n += 1;
    }
    if n != count {
        fail(format!("received {n} messages, expected {count}"));
    }
}

fn socket_send(port: u16, count: i32) {
    let socket = TcpStream::connect((Ipv4Addr::LOCALHOST, port))
        .unwrap_or_else(|e| fail(format!("connect: {e}")));
    let mut writer = StreamWriter::new(BufWriter::new(socket));
    for n in 0..count {
        writer.write(&message(n)).unwrap_or_else(|e| fail(e));
    }
    writer
        .finish()
        .and_then(|mut w| w.flush())
        .unwrap_or_else(|e| fail(e));
}

fn db_verify(db: &str, expected: &str) {
    let expected: Vec<ContentResource> = StreamReader::<_, ContentResource>::new(BufReader::new(
        File::open(expected).unwrap_or_else(|e| fail(format!("{expected}: {e}"))),
    ))
    .collect::<Result<_, _>>()
    .unwrap_or_else(|e| fail(e));
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap_or_else(|e| fail(format!("{db}: {e}")));
    let mut statement = conn
        .prepare("SELECT id, body FROM entity ORDER BY id")
        .unwrap_or_else(|e| fail(e));
    let rows = statement
        .query_map([], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, Vec<u8>>(1)?))
        })
        .unwrap_or_else(|e| fail(e));
    let mut n = 0usize;
    for row in rows {
        let (id, body) = row.unwrap_or_else(|e| fail(e));
        let entity =
            ContentResource::decode(&body).unwrap_or_else(|e| fail(format!("entity {id}: {e}")));
        match expected.get(id as usize) {
            Some(want) if *want == entity => {}
            _ => fail(format!("entity {id} is not the one expected: {entity:?}")),
        }
        n += 1;
    }
    if n != expected.len() {
        fail(format!("{n} entities in {db}, expected {}", expected.len()));
    }
    println!("{n} entities verified");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> i64 {
        args.get(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| fail(format!("argument {i} must be a number")))
    };
    match args.first().map(String::as_str) {
        Some("stream-relay") if args.len() == 3 => stream_relay(&args[1], &args[2]),
        Some("socket-recv") if args.len() == 2 => socket_recv(number(1) as i32),
        Some("socket-send") if args.len() == 3 => socket_send(number(1) as u16, number(2) as i32),
        Some("db-verify") if args.len() == 3 => db_verify(&args[1], &args[2]),
        _ => {
            eprintln!("usage: cross_language stream-relay IN OUT | socket-recv N | socket-send PORT N | db-verify DB EXPECTED");
            exit(2)
        }
    }
}
