//! Random play of Dilbert through its type-erased table: see
//! `cubicle_fuzz::play` for what is checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| cubicle_fuzz::play("dilbert", data));
