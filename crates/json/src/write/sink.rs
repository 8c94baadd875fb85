//! Where written bytes go: the shared [`structio_core::Sink`] contract, a growable `Vec<u8>`,
//! a fixed `&mut [u8]` ([`SliceSink`]) or a `heapless::Vec<u8, N>`, which report
//! [`ErrorKind::BufferFull`](crate::ErrorKind::BufferFull) rather than a truncated success.
//!
//! ```
//! let mut buf = [0u8; 16];
//! let n = structio_json::to_slice(&[1u8, 2], &mut buf)?;
//! assert_eq!(&buf[..n], b"[1,2]");
//! # Ok::<(), structio_json::Error>(())
//! ```

pub use structio_core::{Sink, SliceSink};
