//! Where written bytes go: the shared [`structio_core::Sink`] contract, a growable `Vec<u8>`,
//! a fixed `&mut [u8]` ([`SliceSink`]) or a `heapless::Vec<u8, N>`. A full fixed sink is an
//! error, never a truncated success.
//!
//! ```
//! use structio_beve::{Sink, SliceSink};
//! let mut buf = [0u8; 4];
//! let mut s = SliceSink::new(&mut buf);
//! s.write_bytes(&[1, 2]).unwrap();
//! assert_eq!(s.written(), &[1, 2]);
//! assert!(s.write_bytes(&[0; 3]).is_err());
//! ```

pub use structio_core::{Sink, SliceSink};
