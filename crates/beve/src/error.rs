//! BEVE's errors are the shared error core: a [`structio_core::ErrorKind`] and the byte offset
//! (in the input when reading, in the document written so far when writing).
//!
//! ```
//! use structio_beve::{Error, ErrorKind};
//! let e = Error::new(ErrorKind::WrongType { expected: 0x02, found: 0x18 }, 3);
//! assert_eq!(e.to_string(), "wrong type: expected header 0x02, found 0x18 at byte 3");
//! ```

pub use structio_core::{Error, ErrorKind, ErrorPath, Found, Result};

/// The kind of error for a key repeated in one object when the reader denies repeats
/// ([`Reader::deny_duplicate_keys`](crate::Reader::deny_duplicate_keys)); the same kind as
/// `structio_json::DUPLICATE_KEY`.
///
/// ```
/// assert_eq!(structio_beve::DUPLICATE_KEY.to_string(), "duplicate key");
/// ```
pub const DUPLICATE_KEY: ErrorKind = ErrorKind::Custom("duplicate key");
