//! A receiver of W4 messages (schema/examples/message.cser, `bench.message.Message`): a TCP
//! server on 127.0.0.1 that reads one cser stream per connection, one thread per connection.
//!
//! ```text
//! w4_receiver PORT        (0: any free port)
//! ```
//!
//! Protocol (for conformance/load): prints `listening PORT` when ready; a connection whose
//! stream fails (bad header, bad frame, a message that does not decode, a frame above 1 MiB,
//! an I/O error) is closed after exactly one line `error: conn N: <error>` on stderr; on
//! SIGTERM or when stdin closes it stops accepting, lets open connections finish (up to 5 s)
//! and prints `total messages=N good_connections=G bad_connections=B`.
//!
//! Memory per connection is bounded by the stream reader: its 64 KiB buffer, and frames of at
//! most [`MAX_MESSAGE_SIZE`] (larger ones are rejected before they are read).

use std::io::{self, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};
use std::thread;
use std::time::{Duration, Instant};

use cser::StreamReader;

cser::include_generated!();

use bench::message::Message;

/// The largest frame a connection may send.
const MAX_MESSAGE_SIZE: usize = 1 << 20;

static STOP: AtomicBool = AtomicBool::new(false);
static MESSAGES: AtomicU64 = AtomicU64::new(0);
static GOOD: AtomicU64 = AtomicU64::new(0);
static BAD: AtomicU64 = AtomicU64::new(0);
static OPEN: AtomicU64 = AtomicU64::new(0);

/// Reads one connection's stream to its end; the first error closes it.
fn serve(id: u64, conn: TcpStream) {
    let mut reader: StreamReader<_, Message> =
        StreamReader::new(conn).with_max_message_size(MAX_MESSAGE_SIZE);
    loop {
        match reader.read() {
            Ok(Some(_message)) => {
                MESSAGES.fetch_add(1, SeqCst);
            }
            Ok(None) => {
                GOOD.fetch_add(1, SeqCst);
                break;
            }
            Err(e) => {
                eprintln!("error: conn {id}: {e}");
                BAD.fetch_add(1, SeqCst);
                break;
            }
        }
    }
    // Dropping the reader closes the connection.
    OPEN.fetch_sub(1, SeqCst);
}

#[cfg(unix)]
fn stop_on_sigterm() {
    extern "C" fn on_sigterm(_: i32) {
        STOP.store(true, SeqCst); // an atomic store is async-signal-safe
    }
    extern "C" {
        fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
    }
    const SIGTERM: i32 = 15;
    // SAFETY: the handler only stores to an atomic.
    unsafe {
        signal(SIGTERM, on_sigterm);
    }
}

#[cfg(not(unix))]
fn stop_on_sigterm() {}

fn main() -> io::Result<()> {
    let port: u16 = match std::env::args().nth(1).map(|a| a.parse()) {
        Some(Ok(port)) => port,
        _ => {
            eprintln!("usage: w4_receiver PORT   (0: any free port)");
            std::process::exit(2);
        }
    };
    stop_on_sigterm();
    thread::spawn(|| {
        // Stop when stdin closes (its end of file, or an error).
        let _ = io::copy(&mut io::stdin().lock(), &mut io::sink());
        STOP.store(true, SeqCst);
    });
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))?;
    // Polled, so that a signal or the end of stdin is noticed within 10 ms.
    listener.set_nonblocking(true)?;
    println!("listening {}", listener.local_addr()?.port());
    io::stdout().flush()?;
    let mut next_id = 0u64;
    while !STOP.load(SeqCst) {
        match listener.accept() {
            Ok((conn, _)) => {
                conn.set_nonblocking(false)?;
                next_id += 1;
                let id = next_id;
                OPEN.fetch_add(1, SeqCst);
                thread::spawn(move || serve(id, conn));
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                thread::sleep(Duration::from_millis(10))
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => eprintln!("error: accept: {e}"),
        }
    }
    drop(listener);
    let deadline = Instant::now() + Duration::from_secs(5);
    while OPEN.load(SeqCst) > 0 && Instant::now() < deadline {
        thread::sleep(Duration::from_millis(10));
    }
    println!(
        "total messages={} good_connections={} bad_connections={}",
        MESSAGES.load(SeqCst),
        GOOD.load(SeqCst),
        BAD.load(SeqCst)
    );
    io::stdout().flush()
}
