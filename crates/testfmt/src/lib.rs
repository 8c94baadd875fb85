//! structio-testfmt: a tiny, human-readable, length-prefixed debug format that exists to prove
//! one thing: a format crate that implements the derive protocol (its `__derive` module, see
//! `docs/derive-contract.md`) gets `#[derive(Structio)]` with no change to `structio-derive`.
//! Nothing here is tuned; it is not published.
//!
//! The grammar (no whitespace anywhere):
//!
//! | value | text |
//! |---|---|
//! | null, true, false | `n`, `t`, `f` |
//! | integer | `i` digits (optional `-`) `;` |
//! | float | `d` Rust's `{:?}` of the `f64` `;` |
//! | string | `s` byte length `:` bytes |
//! | array | `[` count `:` elements `]` |
//! | object | `{` count `:` members `}`, a member being key length `:` key bytes, then the value |
//! | variant by index | `#` index `:` value (read only, as BEVE's Version 1 type tag) |
//!
//! ```
//! use structio_derive::Structio;
//!
//! #[derive(Structio, Debug, PartialEq)]
//! #[structio(format = "structio_testfmt")]
//! struct Point { x: i32, label: String }
//!
//! let p = Point { x: -3, label: "a".into() };
//! let text = structio_testfmt::to_vec(&p).unwrap();
//! assert_eq!(text, b"{2:1:xi-3;5:labels1:a}");
//! assert_eq!(structio_testfmt::from_slice::<Point>(&text).unwrap(), p);
//! ```

#![forbid(unsafe_code)]

mod de;
mod impls;
mod protocol;
mod ser;

pub use de::{Checkpoint, Reader};
pub use ser::{Sink, Writer};

/// What went wrong.
///
/// ```
/// assert_ne!(structio_testfmt::ErrorKind::UnexpectedEnd, structio_testfmt::ErrorKind::Trailing);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input ended inside a value.
    UnexpectedEnd,
    /// Not the byte the grammar wants here (that byte).
    Expected(u8),
    /// A number that does not parse or does not fit.
    BadNumber,
    /// A string that is not UTF-8.
    BadUtf8,
    /// Nesting deeper than the reader allows.
    DepthLimit,
    /// Bytes after the value.
    Trailing,
    /// A required field is absent.
    MissingField(&'static str),
    /// A key the type does not have, with unknown fields denied.
    UnknownField,
    /// A variant name or index the enum does not have.
    UnknownVariant,
    /// No variant of an untagged enum matched.
    NoVariantMatched,
    /// An internally or adjacently tagged enum without its tag.
    MissingTag,
    /// More elements than the tuple holds.
    TooManyElements,
    /// Fewer elements than the tuple holds.
    TooFewElements,
    /// A value the destination refused (a derive's `try_from` or `with` function).
    Custom(&'static str),
    /// A value of another kind than the destination's (what the destination expected).
    InvalidType(&'static str),
    /// A key repeated in one object, with repeats denied.
    DuplicateKey,
}

/// An error and the byte offset where it happened.
///
/// ```
/// let e = structio_testfmt::Error::new(structio_testfmt::ErrorKind::Trailing, 3);
/// assert_eq!((e.kind(), e.offset()), (structio_testfmt::ErrorKind::Trailing, 3));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
    one_of: &'static [&'static str],
}

impl Error {
    /// An error of `kind` at `offset`.
    ///
    /// ```
    /// let _ = structio_testfmt::Error::new(structio_testfmt::ErrorKind::BadUtf8, 0);
    /// ```
    pub fn new(kind: ErrorKind, offset: usize) -> Self {
        Error {
            kind,
            offset,
            one_of: &[],
        }
    }

    /// The same error with the names the destination accepts (a struct's fields, an enum's
    /// variants).
    ///
    /// ```
    /// use structio_testfmt::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::UnknownVariant, 0).one_of(&["a", "b"]);
    /// assert_eq!(e.expected_one_of(), ["a", "b"]);
    /// ```
    #[must_use]
    pub fn one_of(mut self, names: &'static [&'static str]) -> Self {
        self.one_of = names;
        self
    }

    /// The names given by [`one_of`](Self::one_of) (empty if none).
    ///
    /// ```
    /// let e = structio_testfmt::Error::new(structio_testfmt::ErrorKind::BadUtf8, 0);
    /// assert!(e.expected_one_of().is_empty());
    /// ```
    pub fn expected_one_of(&self) -> &'static [&'static str] {
        self.one_of
    }

    /// What went wrong.
    ///
    /// ```
    /// let e = structio_testfmt::Error::new(structio_testfmt::ErrorKind::BadUtf8, 0);
    /// assert_eq!(e.kind(), structio_testfmt::ErrorKind::BadUtf8);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// Where.
    ///
    /// ```
    /// assert_eq!(structio_testfmt::Error::new(structio_testfmt::ErrorKind::BadUtf8, 2).offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = core::result::Result<T, E>;

/// A type read from this format.
///
/// ```
/// let mut r = structio_testfmt::Reader::new(b"i7;");
/// assert_eq!(<u8 as structio_testfmt::DebugRead>::read_debug(&mut r).unwrap(), 7);
/// ```
pub trait DebugRead<'de>: Sized {
    /// Reads a value.
    fn read_debug(r: &mut Reader<'de>) -> Result<Self>;
    /// Reads into an existing value.
    fn read_debug_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        *self = Self::read_debug(r)?;
        Ok(())
    }
    /// The value of an absent struct field (`None`: required).
    fn missing_field() -> Option<Self> {
        None
    }
}

/// A type written in this format.
///
/// ```
/// let mut w = structio_testfmt::Writer::new(Vec::new());
/// structio_testfmt::DebugWrite::write_debug(&7u8, &mut w).unwrap();
/// assert_eq!(w.into_inner(), b"i7;");
/// ```
pub trait DebugWrite {
    /// Writes the value.
    fn write_debug<S: Sink>(&self, w: &mut Writer<S>) -> Result<()>;
}

/// Reads a whole document.
///
/// ```
/// assert_eq!(structio_testfmt::from_slice::<bool>(b"t").unwrap(), true);
/// ```
pub fn from_slice<'de, T: DebugRead<'de>>(input: &'de [u8]) -> Result<T> {
    let mut r = Reader::new(input);
    let v = T::read_debug(&mut r)?;
    r.finish()?;
    Ok(v)
}

/// Writes a document.
///
/// ```
/// assert_eq!(structio_testfmt::to_vec(&"hi").unwrap(), b"s2:hi");
/// ```
pub fn to_vec<T: DebugWrite + ?Sized>(v: &T) -> Result<Vec<u8>> {
    let mut w = Writer::new(Vec::new());
    v.write_debug(&mut w)?;
    Ok(w.into_inner())
}

/// The derive protocol (docs/derive-contract.md); not part of the public API.
#[doc(hidden)]
pub mod __derive {
    pub use crate::protocol::*;
}
