//! The first byte picks a root type, the rest is decoded as a message of it (see
//! `cser_fuzz::check_decode`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOCATOR: cser_fuzz::Counting = cser_fuzz::Counting;

fuzz_target!(|data: &[u8]| {
    if let Some((root, rest)) = cser_fuzz::pick(data) {
        (root.decode)(rest);
    }
});
