//! CBOR's errors are the shared error core: a [`structio_core::ErrorKind`] and the byte offset
//! (in the input when reading, in the document written so far when writing).
//!
//! ```
//! use structio_cbor::{Error, ErrorKind};
//! let e = structio_cbor::from_slice::<u8>(&[0x1c]).unwrap_err();
//! assert_eq!(e, Error::new(ErrorKind::InvalidHeader(0x1c), 0));
//! ```

pub use structio_core::{Error, ErrorKind, ErrorPath, Found, Result};
