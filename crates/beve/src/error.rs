//! The one error type of the BEVE crate: what went wrong and the byte offset where it happened.

use core::fmt;

/// What went wrong. `Copy` and small; the offset lives in [`Error`].
///
/// ```
/// use structio_beve::ErrorKind;
/// assert_eq!(ErrorKind::UnexpectedEnd.description(), "unexpected end of input");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended inside a value.
    UnexpectedEnd,
    /// A header byte other than the one the destination type needs. `expected` is the header the
    /// destination would have been written with (for `bool`, `0x18`), `found` the byte in the input.
    WrongType {
        /// The header the destination type is written with.
        expected: u8,
        /// The header byte found in the input.
        found: u8,
    },
    /// A byte that is no valid BEVE header (type 7, unassigned bits set, an unknown extension, or
    /// a delimiter where a value is due).
    InvalidHeader(u8),
    /// A SIZE whose 8-byte form does not fit this target's `usize`, or a length too large to write.
    InvalidSize,
    /// A count or length larger than the bytes left in the input (checked before reserving).
    LengthExceedsInput,
    /// Bytes that are not UTF-8 inside a string or string key.
    InvalidUtf8,
    /// Unused bits of a boolean array's last byte set, or an aligned array's padding length not
    /// below its element width.
    InvalidPadding,
    /// A matrix whose layout byte, extents or element count do not agree.
    InvalidMatrix,
    /// Nesting deeper than the reader's limit.
    DepthLimit,
    /// Bytes left over after the root value.
    TrailingBytes,
    /// A number that does not fit the destination type (never wrapped).
    NumberOutOfRange,
    /// A borrowed slice (`&[T]`) whose bytes in the input are not aligned for `T`; read a
    /// `Cow<[T]>` instead to copy in that case.
    Misaligned,
    /// A borrowed numeric slice wider than a byte on a big-endian target, where the little-endian
    /// wire bytes cannot be viewed in place.
    ByteOrder,
    /// A required struct field whose key did not appear.
    MissingField(&'static str),
    /// A key that the destination struct does not have, with unknown fields denied.
    UnknownField,
    /// A string or index that names no variant of the destination enum.
    UnknownVariant,
    /// An untagged enum: no variant could read the value.
    NoVariantMatched,
    /// An internally or adjacently tagged enum without its tag key.
    MissingTag,
    /// More elements than the destination holds (fixed array, tuple, `heapless` container).
    TooManyElements,
    /// Fewer elements than a fixed-size destination needs.
    TooFewElements,
    /// A string longer than a fixed-capacity destination (`heapless::String<N>`).
    StringTooLong,
    /// A `char` destination and a string that is not exactly one character.
    ExpectedChar,
    /// The output buffer is full (no-alloc sinks); nothing written is presented as a result.
    BufferFull,
    /// A message from user code (a custom reader or writer).
    Custom(&'static str),
}

impl ErrorKind {
    /// A short description, as `Display` prints it.
    ///
    /// ```
    /// use structio_beve::ErrorKind;
    /// assert_eq!(ErrorKind::DepthLimit.description(), "nesting too deep");
    /// ```
    pub const fn description(&self) -> &'static str {
        match self {
            ErrorKind::UnexpectedEnd => "unexpected end of input",
            ErrorKind::WrongType { .. } => "wrong type",
            ErrorKind::InvalidHeader(_) => "invalid header byte",
            ErrorKind::InvalidSize => "size does not fit",
            ErrorKind::LengthExceedsInput => "length larger than the bytes left",
            ErrorKind::InvalidUtf8 => "invalid UTF-8 in string",
            ErrorKind::InvalidPadding => "invalid padding",
            ErrorKind::InvalidMatrix => "invalid matrix",
            ErrorKind::DepthLimit => "nesting too deep",
            ErrorKind::TrailingBytes => "trailing bytes after the value",
            ErrorKind::NumberOutOfRange => "number out of range for the destination type",
            ErrorKind::Misaligned => "array data not aligned for a borrowed slice",
            ErrorKind::ByteOrder => "borrowed numeric slice on a big-endian target",
            ErrorKind::MissingField(_) => "missing field",
            ErrorKind::UnknownField => "unknown field",
            ErrorKind::UnknownVariant => "unknown variant",
            ErrorKind::NoVariantMatched => "no variant of the untagged enum matched",
            ErrorKind::MissingTag => "missing enum tag",
            ErrorKind::TooManyElements => "too many elements for the destination",
            ErrorKind::TooFewElements => "too few elements for the destination",
            ErrorKind::StringTooLong => "string too long for the destination",
            ErrorKind::ExpectedChar => "expected a string of one character",
            ErrorKind::BufferFull => "output buffer full",
            ErrorKind::Custom(msg) => msg,
        }
    }
}

/// A BEVE error: its [`ErrorKind`] and the byte offset (in the input when reading, in the
/// document written so far when writing) where it happened.
///
/// ```
/// use structio_beve::{Error, ErrorKind};
/// let e = Error::new(ErrorKind::WrongType { expected: 0x02, found: 0x18 }, 3);
/// assert_eq!(e.offset(), 3);
/// assert_eq!(e.to_string(), "wrong type: expected header 0x02, found 0x18 at byte 3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
}

impl Error {
    /// An error of `kind` at byte `offset`.
    ///
    /// ```
    /// use structio_beve::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::UnexpectedEnd, 7).offset(), 7);
    /// ```
    #[cold]
    pub const fn new(kind: ErrorKind, offset: usize) -> Self {
        Error { kind, offset }
    }

    /// What went wrong.
    ///
    /// ```
    /// use structio_beve::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::BufferFull, 0).kind(), ErrorKind::BufferFull);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset where reading (or writing) stopped.
    ///
    /// ```
    /// use structio_beve::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::TrailingBytes, 9).offset(), 9);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.description())?;
        match self.kind {
            ErrorKind::WrongType { expected, found } => {
                write!(f, ": expected header {expected:#04x}, found {found:#04x}")?;
            }
            ErrorKind::InvalidHeader(h) => write!(f, " {h:#04x}")?,
            ErrorKind::MissingField(name) => write!(f, " `{name}`")?,
            _ => {}
        }
        write!(f, " at byte {}", self.offset)
    }
}

impl core::error::Error for Error {}

/// The crate's result type.
pub type Result<T, E = Error> = core::result::Result<T, E>;
