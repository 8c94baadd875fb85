//! structio-value: [`Value`], a compact dynamic tree read from and written to JSON and BEVE.
//!
//! `Value` is a destination you can ask for when the shape of a document is not known ahead; a
//! declared type never goes through it. A node is 16 bytes: integers (`u64`/`i64`, kept whole),
//! `f64`, booleans and strings of up to 14 bytes sit inside it; longer strings, arrays and objects
//! are one allocation each, and an object's keys live in its own allocation.
//!
//! ```
//! use structio_value::{value, Value};
//! let v = structio_value::from_str(r#"{"user":{"id":1,"tags":["x"]}}"#).unwrap();
//! assert_eq!(v["user"]["id"], 1);
//! assert_eq!(v.pointer("/user/tags/0"), Some(&Value::from("x")));
//! assert_eq!(v, value!({"user": {"id": 1, "tags": ["x"]}}));
//! ```
//!
//! # What a mutation costs
//!
//! Containers grow like a `Vec` (doubling, amortised O(1) push), moving their 16-byte handles;
//! a tree read from text has exact-size containers, so the first push into one reallocates it.
//! Inserting into an object looks the key up first (a scan up to [`object::INDEX_MIN`] members,
//! a bisection of a sorted index above), then appends; removing shifts the later members down to
//! keep their order (O(n)), and the removed key's bytes stay unused until the next growth
//! compacts them. Replacing a value in place (`v["k"] = x`, `*v.get_mut(i)? = x`) frees what
//! the old value owned and costs nothing else. Strings are immutable: a new one replaces the old.
//!
//! # Limits
//!
//! Reading stops with an error, never a panic, on any input: nesting deeper than
//! [`DEFAULT_MAX_DEPTH`] levels (dropping, cloning and comparing a tree recurse, so the limit
//! also bounds their stack), and JSON documents of 2 GiB or more (lengths and offsets are stored as `u32`).
#![no_std]
#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod array;
mod beve;
mod display;
mod from;
mod index;
mod json_read;
mod json_traits;
mod json_write;
mod lazy_index;
mod macros;
pub mod object;
mod pointer;
mod string;
mod value;

pub use array::Array;
pub use beve::{from_beve, to_beve};
pub use index::ValueIndex;
pub use json_read::{from_slice, from_slice_with_depth, from_str, Reader, DEFAULT_MAX_DEPTH};
pub use json_write::{to_string, to_string_pretty, to_vec, to_vec_pretty, write_json};
pub use object::Object;
pub use string::SHORT_MAX;
/// The BEVE error type (kind and byte offset), shared with `structio-beve`.
pub use structio_beve::Error as BeveError;
pub use value::{Kind, Value};

/// The JSON error type (kind and byte offset), shared with `structio-json`.
pub use structio_json::{Error, ErrorKind};

#[cfg(test)]
mod tests {
    #[test]
    fn node_is_sixteen_bytes() {
        assert!(core::mem::size_of::<crate::Value>() <= 16);
        assert_eq!(core::mem::size_of::<Option<crate::Value>>(), 16);
    }
}
