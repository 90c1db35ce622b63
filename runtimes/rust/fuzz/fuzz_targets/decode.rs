//! The first byte picks a root type, the rest is decoded as a message of it (see
//! `cser_fuzz::check_decode`).
#![no_main]

cser_fuzz::fuzz_root_target!(decode);
