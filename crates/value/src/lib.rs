//! structio-value: [`Value`], a compact dynamic tree read from and written to JSON and BEVE.
//!
//! `Value` is a destination you can ask for when the shape of a document is not known ahead; a
//! declared type never goes through it. A node is 16 bytes: integers (`u64`/`i64`, kept whole),
//! `f64`, booleans and strings of up to 14 bytes sit inside it; longer strings, arrays and objects
//! are one block each, owned by their node, and an object's keys live in its block. A reader
//! carves a tree's blocks from one or two large chunks (each block names its chunk, which is freed
//! when its last block is dropped), so a document costs a handful of allocations, not one per
//! container.
//!
//! ```
//! use structio_value::{value, Value};
//! let v = structio_value::from_str(r#"{"user":{"id":1,"tags":["x"]}}"#).unwrap();
//! assert_eq!(v["user"]["id"], 1);
//! assert_eq!(v.pointer("/user/tags/0"), Some(&Value::from("x")));
//! assert_eq!(v, value!({"user": {"id": 1, "tags": ["x"]}}));
//! ```
//!
//! # Reading
//!
//! [`from_slice`] / [`from_str`] read JSON text in one pass with an explicit stack (no
//! recursion): finished values wait on the stack until their container closes, then move into
//! one exact-size block. Numbers without fraction or exponent are `u64` (non-negative) or
//! `i64` (negative); a fraction, an exponent, or more than 64 bits make an `f64`, correctly
//! rounded; `-0` is the float `-0.0` (all as serde_json). A key repeated in one object is kept
//! once, at its first position, holding its last value (as serde_json's `Value` with
//! `preserve_order`, and as the typed reader, `Value::pointer` and `structio_json::pointer`
//! answer it); [`from_slice_with`] can refuse it instead. [`from_beve`] reads BEVE (see its docs for the mapping); a
//! `Value` is also [`structio_json::JsonRead`]/[`JsonWrite`](structio_json::JsonWrite) and
//! [`structio_beve::BeveRead`]/[`BeveWrite`](structio_beve::BeveWrite), so it can be a field of
//! a derived struct.
//!
//! A [`Reader`] keeps its scratch stacks and its last tree's chunk between documents: a
//! document read after the last tree was dropped is carved from that chunk, with no allocation.
//! [`from_slice`] and [`from_str`] read with the thread's reader (with the `std` feature), which
//! keeps at most 2 MiB of stacks and a 4 MiB chunk; so a thread holds, after its last read, about
//! the memory of its last tree (if that was under 4 MiB) until its next read.
//!
//! # Writing
//!
//! [`to_string`] / `Display` write compact JSON, [`to_string_pretty`] / `{:#}` indent by two
//! spaces (serde_json's layout). Strings are escaped by structio-json's string writer (as
//! serde_json escapes them, but with uppercase hex in `\u001F`). Floats use the workspace's
//! shortest round-trip layout (Glaze's: `1E16`, `1.5E-5`) with a `.0` added to a whole number (`1.0`), so that a float reads back as a float; NaN and infinities, which JSON
//! cannot hold, are written `null`.
//!
//! # Lookup by key
//!
//! An object of at most [`object::INDEX_MIN`] members is scanned (key length first, then
//! bytes). A larger one is searched through a sorted index of its keys, built by the first
//! lookup that needs it (O(n log n) once, one `Vec<u32>`), then bisected: reading a document
//! never pays for indexes that are never used.
//!
//! # What a mutation costs
//!
//! Containers grow like a `Vec` (doubling, amortised O(1) push), moving their 16-byte handles;
//! a tree read from text has exact-size containers, so the first push into one moves it from its
//! chunk to an allocation of its own. A chunk is freed only when every block carved from it has
//! been dropped: a small piece taken out of a large tree and kept keeps its chunk alive. A
//! tree read from JSON or BEVE drops in a few steps (its subtrees are sealed with their block
//! counts); the first `&mut` access to a container's elements makes its drop walk them again.
//! Inserting into an object looks the key up first, then appends (key bytes into the object's
//! own allocation, growing it when full); once an index is built, an insertion also shifts the
//! `u32`s of the index. Removing shifts the later members down to keep their order (O(n)), and
//! the removed key's bytes stay unused until the next growth compacts them. Replacing a value in
//! place (`v["k"] = x`, `*v.get_mut(i)? = x`) frees what the old value owned and costs nothing
//! else. Strings are immutable: a new one replaces the old.
//!
//! # Limits
//!
//! Reading stops with an error, never a panic, on any input: nesting deeper than
//! [`DEFAULT_MAX_DEPTH`] levels (dropping, cloning, comparing and writing a tree recurse, so the
//! limit also bounds their stack; a tree built deeper by hand is the caller's to keep shallow),
//! and documents of 2 GiB or more, JSON or BEVE, even when the `Value` is one field of the
//! document (lengths and offsets are stored as `u32`).
#![no_std]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod array;
mod beve;
mod beve_read;
#[cfg(feature = "bjdata")]
mod bjdata;
#[cfg(feature = "bjdata")]
mod bjdata_read;
mod builder;
mod catch_all;
#[cfg(feature = "cbor")]
mod cbor;
#[cfg(feature = "cbor")]
mod cbor_read;
mod chunk;
mod convert;
mod copy;
mod display;
mod duplicates;
mod ergonomics;
mod from;
mod index;
mod json_leaf_array;
mod json_number;
mod json_read;
mod json_traits;
mod json_unescape;
mod json_write;
mod lazy_index;
mod macros;
pub mod object;
mod pointer;
mod push;
#[cfg(feature = "serde")]
pub mod serde;
#[cfg(feature = "std")]
mod stream;
mod string;
mod value;

pub use array::Array;
pub use beve::{from_beve, to_beve};
#[cfg(feature = "bjdata")]
pub use bjdata::{from_bjdata, to_bjdata, to_bjdata_with};
pub use builder::Reader;
#[cfg(feature = "cbor")]
pub use cbor::{from_cbor, to_cbor, to_cbor_into};
pub use convert::{from_value_json, to_value_json};
pub use ergonomics::{Entry, OccupiedEntry, VacantEntry, ValueRef};
pub use index::ValueIndex;
pub use json_read::{
    from_padded, from_slice, from_slice_with, from_slice_with_depth, from_str, DEFAULT_MAX_DEPTH,
};
pub use json_write::{to_string, to_string_pretty, to_vec, to_vec_pretty, write_json};
pub use object::Object;
#[cfg(feature = "serde")]
pub use serde::{from_value, to_value};
#[cfg(feature = "std")]
pub use stream::from_reader;
pub use string::SHORT_MAX;
/// The BEVE error type (kind and byte offset), shared with `structio-beve`.
pub use structio_beve::{Error as BeveError, ErrorKind as BeveErrorKind};
/// The CBOR error type (kind and byte offset), shared with `structio-cbor`.
#[cfg(feature = "cbor")]
pub use structio_cbor::{Error as CborError, ErrorKind as CborErrorKind};
pub use structio_json::{Padded, PaddedBytes};
pub use value::{Kind, Value};

/// The JSON error type (kind and byte offset), shared with `structio-json`.
pub use structio_json::{Error, ErrorKind, ReadOptions};

#[cfg(test)]
mod tests {
    #[test]
    fn node_is_sixteen_bytes() {
        assert!(core::mem::size_of::<crate::Value>() <= 16);
        assert_eq!(core::mem::size_of::<Option<crate::Value>>(), 16);
    }
}
