//! The first byte picks a root type, the rest is read as a stream of it (see
//! `cser_fuzz::check_stream`).
#![no_main]

cser_fuzz::fuzz_root_target!(stream);
