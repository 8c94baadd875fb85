//! structio-num: digits to numbers and back. `no_std`, no allocator, no dependencies.
#![no_std]
