//! BJData's errors are the shared error core: a [`structio_core::ErrorKind`] and the byte
//! offset (in the input when reading, in the document written so far when writing).
//!
//! ```
//! use structio_bjdata::{Error, ErrorKind};
//! let e = structio_bjdata::from_slice::<u8>(b"x").unwrap_err();
//! assert_eq!(e, Error::new(ErrorKind::InvalidHeader(b'x'), 0));
//! let e = structio_bjdata::from_slice::<u8>(b"SU\x01x").unwrap_err();
//! assert_eq!(e.to_string(), "invalid type: string \"x\", expected u8 at byte 0");
//! ```

pub use structio_core::{Error, ErrorKind, ErrorPath, Found, Result};
