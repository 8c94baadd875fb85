//! [`Documents`]: an iterator of typed values over a stream of JSON documents.

use core::marker::PhantomData;
use std::io::{self, Read};

use super::raw::RawDocuments;
use crate::read::read_document;
use crate::{Error, ErrorKind, JsonRead, ReadOptions, Reader, Result};

/// An iterator over the JSON values of a stream (JSON Lines, or values separated by
/// whitespace), each read into a `T`: structio's counterpart of serde_json's
/// `StreamDeserializer` (`Deserializer::from_reader(r).into_iter::<T>()`).
///
/// It yields `Ok(value)` per document, then `None` at the end of the stream. An error (bad
/// JSON, a value that does not fit `T`, a failed read) is yielded once with its byte offset in
/// the whole stream, and ends the iteration, as serde_json's does. Memory stays at the buffer
/// plus the largest single document ([`RawDocuments`] explains the buffer).
///
/// ```
/// use structio_json::{Documents, ErrorKind};
/// let lines = b"[1, 2]\n[3]\n\n[4, x]\n[5]\n";
/// let mut docs = Documents::<_, Vec<u32>>::from_reader(&lines[..]);
/// assert_eq!(docs.next().unwrap()?, [1, 2]);
/// assert_eq!(docs.next().unwrap()?, [3]);
/// let err = docs.next().unwrap().unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidNumber, 16));
/// assert!(docs.next().is_none());
/// # Ok::<(), structio_json::Error>(())
/// ```
pub struct Documents<R, T> {
    raw: RawDocuments<R>,
    opts: ReadOptions,
    _type: PhantomData<fn() -> T>,
}

impl<R: Read, T: for<'de> JsonRead<'de>> Documents<R, T> {
    /// The documents of `reader`, read with the default options through a
    /// [`DEFAULT_BUFFER`](super::DEFAULT_BUFFER)-byte buffer.
    ///
    /// ```
    /// let file = std::io::Cursor::new(b"{\"a\":1}\n{\"a\":2}\n".to_vec());
    /// let docs = structio_json::Documents::<_, std::collections::BTreeMap<String, u8>>::from_reader(file);
    /// assert_eq!(docs.count(), 2);
    /// ```
    pub fn from_reader(reader: R) -> Self {
        Self::from_raw(RawDocuments::new(reader), ReadOptions::new())
    }

    /// Reads each document with `opts` over the given stream (which sets the buffer size).
    ///
    /// ```
    /// use structio_json::{Documents, ReadOptions, RawDocuments};
    /// let raw = RawDocuments::with_capacity(&b"[[1]] [[2]]"[..], 4);
    /// let mut docs = Documents::<_, Vec<Vec<u8>>>::from_raw(raw, ReadOptions::new().max_depth(1));
    /// assert!(docs.next().unwrap().is_err());
    /// ```
    pub fn from_raw(raw: RawDocuments<R>, opts: ReadOptions) -> Self {
        Documents {
            raw: raw.max_depth(opts.max_depth),
            opts,
            _type: PhantomData,
        }
    }

    /// The stream offset just past the last document read (serde_json's `byte_offset`).
    ///
    /// ```
    /// let mut docs = structio_json::Documents::<_, u8>::from_reader(&b"1 2"[..]);
    /// docs.next();
    /// assert_eq!(docs.byte_offset(), 1);
    /// ```
    pub fn byte_offset(&self) -> usize {
        self.raw.byte_offset()
    }

    /// The `std::io::Error` behind an error of kind [`IO_ERROR`](super::IO_ERROR), once.
    ///
    /// ```
    /// let mut docs = structio_json::Documents::<_, u8>::from_reader(&b"1"[..]);
    /// assert!(docs.take_io_error().is_none());
    /// ```
    pub fn take_io_error(&mut self) -> Option<io::Error> {
        self.raw.take_io_error()
    }

    /// Reads to the end of the stream and checks that only whitespace is left
    /// ([`RawDocuments::end`]).
    ///
    /// ```
    /// let mut docs = structio_json::Documents::<_, u8>::from_reader(&b"1 \n"[..]);
    /// assert_eq!(docs.next().unwrap()?, 1);
    /// docs.end()?;
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    pub fn end(&mut self) -> Result<()> {
        self.raw.end()
    }

    /// The stream underneath.
    ///
    /// ```
    /// let docs = structio_json::Documents::<_, u8>::from_reader(&b""[..]);
    /// assert_eq!(docs.into_raw().byte_offset(), 0);
    /// ```
    pub fn into_raw(self) -> RawDocuments<R> {
        self.raw
    }
}

impl<'a, T: for<'de> JsonRead<'de>> Documents<&'a [u8], T> {
    /// The documents of a byte slice, read through the same buffer as a reader's (so that a
    /// slice and a reader over the same bytes give the same values and errors).
    ///
    /// ```
    /// let docs = structio_json::Documents::<_, i32>::from_slice(b"1 -2 3");
    /// assert_eq!(docs.collect::<Result<Vec<_>, _>>()?, [1, -2, 3]);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    pub fn from_slice(input: &'a [u8]) -> Self {
        Self::from_reader(input)
    }
}

impl<R: Read, T: for<'de> JsonRead<'de>> Iterator for Documents<R, T> {
    type Item = Result<T>;

    fn next(&mut self) -> Option<Result<T>> {
        let opts = self.opts;
        let direct = self.raw.read_buffered(|text| {
            let mut r = Reader::with_options(text, opts);
            let value = T::read_json(&mut r).ok()?;
            Some((value, r.offset()))
        });
        if let Some(value) = direct {
            return Some(Ok(value));
        }
        let read = match self.raw.next_raw()? {
            Ok((offset, text)) => read_document::<T>(text, opts)
                .map_err(|e| Error::new(e.kind(), offset + e.offset())),
            // Invalid before the buffer grew: this reader's own error when it meets one in
            // what is held (the one it gives on the whole value), else the syntax error found.
            Err(e) => match self.raw.held_invalid() {
                Some((offset, text)) => match read_document::<T>(text, opts) {
                    Err(mine)
                        if !(mine.kind() == ErrorKind::UnexpectedEnd
                            && mine.offset() >= text.len()) =>
                    {
                        Err(Error::new(mine.kind(), offset + mine.offset()))
                    }
                    _ => Err(e),
                },
                None => Err(e),
            },
        };
        if read.is_err() {
            self.raw.fail();
        }
        Some(read)
    }
}
