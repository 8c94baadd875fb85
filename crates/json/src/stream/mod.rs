//! Streams (feature `std`): one document from an `std::io::Read` ([`from_reader`]), a sequence
//! of documents ([`Documents`], JSON Lines or whitespace-separated, with each error's offset in
//! the whole stream) and typed values into an `std::io::Write` ([`to_writer`]).
//!
//! Readers go through a bounded buffer that grows only while a single value is larger than
//! it; [`RawDocuments`] says how and what it costs.

mod documents;
mod frame;
mod raw;
mod writer;

pub use documents::Documents;
pub use raw::{RawDocuments, DEFAULT_BUFFER, IO_ERROR};
pub use writer::to_writer;

use std::io::Read;

use crate::{Error, ErrorKind, JsonRead, ReadOptions, Result};

/// Reads one `T` from `reader`: one JSON value with only whitespace around it, read to the end
/// of the stream (as serde_json's `from_reader`). `T` owns its data (`String`, not `&str`).
///
/// The value is gathered in a buffer of [`DEFAULT_BUFFER`] bytes that grows to hold it whole,
/// then read from there: peak memory is the value's text plus `T`. A reader that is already a
/// byte slice or a file loaded whole is cheaper through [`from_slice`](crate::from_slice),
/// which skips the copy. A failed read is an error of kind [`IO_ERROR`] (use [`Documents`] and
/// [`Documents::take_io_error`] to get the `std::io::Error` itself); an empty stream is
/// [`ErrorKind::UnexpectedEnd`].
///
/// ```
/// let file = std::io::Cursor::new(br#" [7, ["a", "b"]] "#.to_vec());
/// let v: (u32, Vec<String>) = structio_json::from_reader(file)?;
/// assert_eq!(v, (7, vec!["a".to_string(), "b".to_string()]));
/// # Ok::<(), structio_json::Error>(())
/// ```
pub fn from_reader<R: Read, T: for<'de> JsonRead<'de>>(reader: R) -> Result<T> {
    from_reader_with(reader, ReadOptions::new())
}

/// [`from_reader`] with options (nesting limit, unknown keys denied).
///
/// ```
/// use structio_json::{ErrorKind, ReadOptions};
/// let err = structio_json::from_reader_with::<_, Vec<Vec<u8>>>(&b"[[]]"[..], ReadOptions::new().max_depth(1))
///     .unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::DepthLimit, 1));
/// ```
pub fn from_reader_with<R: Read, T: for<'de> JsonRead<'de>>(
    reader: R,
    opts: ReadOptions,
) -> Result<T> {
    let mut docs = Documents::<R, T>::from_raw(RawDocuments::new(reader), opts);
    let value = match docs.next() {
        Some(value) => value?,
        None => return Err(Error::new(ErrorKind::UnexpectedEnd, docs.byte_offset())),
    };
    docs.end()?;
    Ok(value)
}
