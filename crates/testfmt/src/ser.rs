//! The writer, over a byte sink.

use crate::{Error, ErrorKind, Result};

/// Where written bytes go.
///
/// ```
/// use structio_testfmt::Sink;
/// let mut v = Vec::new();
/// v.put(b"n").unwrap();
/// assert_eq!(v, b"n");
/// ```
pub trait Sink {
    /// Appends `bytes`.
    fn put(&mut self, bytes: &[u8]) -> Result<()>;
}

impl Sink for Vec<u8> {
    fn put(&mut self, bytes: &[u8]) -> Result<()> {
        self.extend_from_slice(bytes);
        Ok(())
    }
}

/// Writes values into a sink.
///
/// ```
/// let mut w = structio_testfmt::Writer::new(Vec::new());
/// w.raw(b"n").unwrap();
/// assert_eq!(w.into_inner(), b"n");
/// ```
pub struct Writer<S> {
    sink: S,
    written: usize,
}

impl<S: Sink> Writer<S> {
    /// A writer into `sink`.
    ///
    /// ```
    /// let _ = structio_testfmt::Writer::new(Vec::new());
    /// ```
    pub fn new(sink: S) -> Self {
        Writer { sink, written: 0 }
    }

    /// The sink back.
    ///
    /// ```
    /// assert!(structio_testfmt::Writer::new(Vec::new()).into_inner().is_empty());
    /// ```
    pub fn into_inner(self) -> S {
        self.sink
    }

    /// How many bytes have been written.
    ///
    /// ```
    /// assert_eq!(structio_testfmt::Writer::new(Vec::new()).written(), 0);
    /// ```
    pub fn written(&self) -> usize {
        self.written
    }

    /// An error of `kind` where writing stopped.
    ///
    /// ```
    /// let w = structio_testfmt::Writer::new(Vec::new());
    /// assert_eq!(w.error(structio_testfmt::ErrorKind::UnknownVariant).offset(), 0);
    /// ```
    #[cold]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.written)
    }

    /// `n`.
    ///
    /// ```
    /// let mut w = structio_testfmt::Writer::new(Vec::new());
    /// w.write_null().unwrap();
    /// assert_eq!(w.into_inner(), b"n");
    /// ```
    pub fn write_null(&mut self) -> Result<()> {
        self.raw(b"n")
    }

    /// Bytes as they are.
    ///
    /// ```
    /// let mut w = structio_testfmt::Writer::new(Vec::new());
    /// w.raw(b"t").unwrap();
    /// ```
    pub fn raw(&mut self, bytes: &[u8]) -> Result<()> {
        self.written += bytes.len();
        self.sink.put(bytes)
    }

    /// `tag`, `text`, `end`: a number.
    ///
    /// ```
    /// let mut w = structio_testfmt::Writer::new(Vec::new());
    /// w.number(b'i', 5).unwrap();
    /// assert_eq!(w.into_inner(), b"i5;");
    /// ```
    pub fn number(&mut self, tag: u8, v: impl core::fmt::Debug) -> Result<()> {
        self.raw(&[tag])?;
        self.raw(format!("{v:?}").as_bytes())?;
        self.raw(b";")
    }

    /// `open`, `count`, `:`.
    ///
    /// ```
    /// let mut w = structio_testfmt::Writer::new(Vec::new());
    /// w.begin(b'[', 2).unwrap();
    /// assert_eq!(w.into_inner(), b"[2:");
    /// ```
    pub fn begin(&mut self, open: u8, count: usize) -> Result<()> {
        self.raw(&[open])?;
        self.raw(count.to_string().as_bytes())?;
        self.raw(b":")
    }

    /// A string: `s len:bytes`.
    ///
    /// ```
    /// let mut w = structio_testfmt::Writer::new(Vec::new());
    /// w.write_str("ab").unwrap();
    /// assert_eq!(w.into_inner(), b"s2:ab");
    /// ```
    pub fn write_str(&mut self, s: &str) -> Result<()> {
        self.raw(b"s")?;
        self.raw(s.len().to_string().as_bytes())?;
        self.raw(b":")?;
        self.raw(s.as_bytes())
    }
}
