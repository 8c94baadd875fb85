//! structio-num: digits to numbers and back. `no_std`, no allocator, no dependencies.
//!
//! Every parser takes the whole input and a position and returns the value with the position
//! after it, so that a caller's cursor stays in a register: nothing here ever holds a `&mut`
//! to it. Every parser returns an error (never panics) for any input and any `pos`, including
//! `pos > input.len()`. The common case of each parser is `#[inline(always)]` and branch-light
//! (digits folded sixteen bytes at a time, signs through masks); longer numbers, the last bytes
//! of an input and every error go to a `#[cold]` out-of-line path that takes and returns the
//! position by value. The `size` feature makes the float and integer readers and writers
//! out-of-line functions instead, and reads and writes floats by exact decimal arithmetic with
//! no power-of-ten table (flash over speed, for firmware; the same results, byte for byte).
//!
//! Choices worth knowing:
//! - [`parse_int`] into an unsigned type rejects any `-`, `-0` included.
//! - [`parse_number`] reads a number whose type is not known in advance (a dynamic tree's) in
//!   one pass: an integer stays a `u64` magnitude and a sign, anything else becomes an `f64`.
//! - The float readers return an infinity for magnitudes beyond the type (as `str::parse`
//!   does); the caller decides whether that is an error.
//! - The float readers are exact for a number of any length with any exponent, however many
//!   digits the exponent cancels (`0.`, a million zeros, `1e1000001` is `1.0`). The exact path
//!   keeps 768 significant digits in a fixed buffer (later ones only say whether any is
//!   nonzero) and reads each byte a fixed number of times: no allocation, linear time.
//! - [`write_int_list`] writes a run of integers, each after a separator (a JSON array's
//!   elements); with AVX2 it converts four at a time with no branch on their lengths.
//! - The float writers print the shortest digits that read back to the same value (the
//!   closest such digits, ties to even), laid out as Glaze 8.1's JSON writer does: fixed
//!   notation for decimal exponents -4..=15 (`f64`) or -4..=6 (`f32`), no `.0` on integers,
//!   otherwise `E` with no `+` and no leading zeros (`1E16`, `1.5E-5`, `1E7` for an `f32`).
//!
//! ```
//! let (v, end) = structio_num::parse_int::<u32>(b"[42,", 1).unwrap();
//! assert_eq!((v, end), (42, 3));
//! let mut out = [0u8; 32];
//! let n = structio_num::write_f64(1e16, &mut out);
//! assert_eq!(&out[..n], b"1E16");
//! ```
#![no_std]

mod buffer;
mod error;
mod float_parse;
mod float_write;
mod int_list;
mod int_parse;
mod int_write;
mod integer;
mod number_masks;
mod pow10_table;

pub use buffer::{Buffer, Formattable};
pub use error::{NumError, NumErrorKind};
pub use float_parse::{
    parse_f32, parse_f32_lenient, parse_f64, parse_f64_lenient, parse_number, Number,
};
pub use float_write::{write_f32, write_f64};
pub use int_list::write_int_list;
#[doc(hidden)]
pub use int_parse::digits_value;
pub use int_parse::parse_int;
pub use int_write::{write_int, write_int_uninit};
pub use integer::Integer;
#[doc(hidden)]
pub use number_masks::{number_masks, NumberMasks};
