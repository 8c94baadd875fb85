//! The error core every format shares: what went wrong ([`ErrorKind`]) and the byte offset
//! where reading or writing stopped ([`Error`]).

use core::fmt;

/// What went wrong. One enum for every format, so that code generic over formats (the derive,
/// the sinks) names one set of kinds; a kind that only one format can meet says so.
///
/// `Copy` and small: the offset lives in [`Error`].
///
/// ```
/// use structio_core::ErrorKind;
/// assert_eq!(ErrorKind::UnexpectedEnd.description(), "unexpected end of input");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    // Any format.
    /// The input ended inside a value.
    UnexpectedEnd,
    /// A number that does not fit the destination type (never wrapped).
    NumberOutOfRange,
    /// Bytes that are not UTF-8 inside a string.
    InvalidUtf8,
    /// Nesting deeper than the reader's limit.
    DepthLimit,
    /// A required struct field whose key did not appear.
    MissingField(&'static str),
    /// A key that the destination struct does not have, with unknown fields denied.
    UnknownField,
    /// A string (or index) that names no variant of the destination enum.
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

    // Text formats (JSON).
    /// A byte that cannot start a JSON value.
    ExpectedValue,
    /// A `{` was expected (the destination is a struct or map).
    ExpectedObject,
    /// A `[` was expected (the destination is a sequence).
    ExpectedArray,
    /// A `"` was expected (the destination is a string, or an object key is due).
    ExpectedString,
    /// A `:` was expected after an object key.
    ExpectedColon,
    /// After an object member, neither `,` nor `}`.
    ExpectedCommaOrObjectEnd,
    /// After an array element, neither `,` nor `]`.
    ExpectedCommaOrArrayEnd,
    /// A `,` directly before `}` or `]`.
    TrailingComma,
    /// `true` or `false` was expected, or a literal is misspelled.
    ExpectedBool,
    /// `null` was expected, or the literal is misspelled.
    ExpectedNull,
    /// The text is not a JSON number (`01`, `1.`, `.5`, `+1`, `-`, ...).
    InvalidNumber,
    /// A backslash followed by a byte that is not a JSON escape.
    InvalidEscape,
    /// `\u` not followed by four hex digits.
    InvalidUnicodeEscape,
    /// A `\u` surrogate without its pair.
    LoneSurrogate,
    /// A raw control character (below 0x20) inside a string.
    ControlCharacterInString,
    /// Non-whitespace after the value.
    TrailingCharacters,
    /// An escaped object key longer than a [`KeyBuf`](crate::KeyBuf) once decoded.
    KeyTooLong,
    /// A value that JSON cannot represent (NaN or infinity).
    Unrepresentable,
    /// A string with an escape read into `&str`, which can only borrow escape-free text
    /// (read `Cow<str>` or `String` instead). The offset is the first backslash.
    EscapeInBorrowedStr,
    /// A JSON pointer that is not RFC 6901 syntax: not empty and not starting with `/`, or a `~`
    /// not followed by `0` or `1`. The offset is into the pointer, not the document.
    InvalidPointer,

    // Binary formats (BEVE).
    /// A header byte other than the one the destination type needs. `expected` is the header the
    /// destination would have been written with (for `bool`, `0x18`), `found` the byte in the input.
    WrongType {
        /// The header the destination type is written with.
        expected: u8,
        /// The header byte found in the input.
        found: u8,
    },
    /// A byte that is no valid header (an unassigned type, unassigned bits set, an unknown
    /// extension, or a delimiter where a value is due).
    InvalidHeader(u8),
    /// A size whose encoded form does not fit this target's `usize`, or a length too large to
    /// write.
    InvalidSize,
    /// A count or length larger than the bytes left in the input (checked before reserving).
    LengthExceedsInput,
    /// Unused bits of a boolean array's last byte set, or an aligned array's padding length not
    /// below its element width.
    InvalidPadding,
    /// A matrix whose layout byte, extents or element count do not agree.
    InvalidMatrix,
    /// Bytes left over after the root value.
    TrailingBytes,
    /// A borrowed slice (`&[T]`) whose bytes in the input are not aligned for `T`; read a
    /// `Cow<[T]>` instead to copy in that case, or write the document aligned.
    Misaligned,
    /// A borrowed numeric slice wider than a byte on a big-endian target, where the little-endian
    /// wire bytes cannot be viewed in place.
    ByteOrder,

    // CBOR.
    /// A typed array (RFC 8746) whose byte length is not a whole number of its elements.
    TypedArrayLength,
    /// An indefinite-length (chunked) string read into a borrowed `&str` or `&[u8]`, which can
    /// only point at one contiguous run of the input; read `Cow`, `String` or `Vec<u8>` instead.
    ChunkedInBorrowed,
}

impl ErrorKind {
    /// A short description, as `Display` prints it (without the details some kinds carry).
    ///
    /// ```
    /// use structio_core::ErrorKind;
    /// assert_eq!(ErrorKind::DepthLimit.description(), "nesting too deep");
    /// ```
    pub const fn description(&self) -> &'static str {
        match self {
            ErrorKind::UnexpectedEnd => "unexpected end of input",
            ErrorKind::NumberOutOfRange => "number out of range for the destination type",
            ErrorKind::InvalidUtf8 => "invalid UTF-8 in string",
            ErrorKind::DepthLimit => "nesting too deep",
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
            ErrorKind::ExpectedValue => "expected a JSON value",
            ErrorKind::ExpectedObject => "expected `{`",
            ErrorKind::ExpectedArray => "expected `[`",
            ErrorKind::ExpectedString => "expected a string",
            ErrorKind::ExpectedColon => "expected `:` after an object key",
            ErrorKind::ExpectedCommaOrObjectEnd => "expected `,` or `}`",
            ErrorKind::ExpectedCommaOrArrayEnd => "expected `,` or `]`",
            ErrorKind::TrailingComma => "trailing comma",
            ErrorKind::ExpectedBool => "expected `true` or `false`",
            ErrorKind::ExpectedNull => "expected `null`",
            ErrorKind::InvalidNumber => "invalid number",
            ErrorKind::InvalidEscape => "invalid escape",
            ErrorKind::InvalidUnicodeEscape => "invalid \\u escape",
            ErrorKind::LoneSurrogate => "lone UTF-16 surrogate in \\u escape",
            ErrorKind::ControlCharacterInString => "control character in string",
            ErrorKind::TrailingCharacters => "trailing characters after the value",
            ErrorKind::KeyTooLong => "escaped object key longer than 256 bytes",
            ErrorKind::Unrepresentable => "value has no JSON representation (NaN or infinity)",
            ErrorKind::EscapeInBorrowedStr => "a string with escapes cannot be borrowed as `&str`",
            ErrorKind::InvalidPointer => {
                "invalid JSON pointer: must be empty or start with `/`, `~` only as `~0` or `~1`"
            }
            ErrorKind::WrongType { .. } => "wrong type",
            ErrorKind::InvalidHeader(_) => "invalid header byte",
            ErrorKind::InvalidSize => "size does not fit",
            ErrorKind::LengthExceedsInput => "length larger than the bytes left",
            ErrorKind::InvalidPadding => "invalid padding",
            ErrorKind::InvalidMatrix => "invalid matrix",
            ErrorKind::TrailingBytes => "trailing bytes after the value",
            ErrorKind::Misaligned => {
                "array data not aligned for a borrowed slice (write BEVE with to_beve_aligned and \
                 read it from an AlignedBuf, or read a Cow<[T]>, which copies)"
            }
            ErrorKind::ByteOrder => "borrowed numeric slice on a big-endian target",
            ErrorKind::TypedArrayLength => "typed array length not a multiple of its element size",
            ErrorKind::ChunkedInBorrowed => "an indefinite-length string cannot be borrowed",
        }
    }
}

/// The description and the details a kind carries (the field name, the header bytes).
///
/// ```
/// use structio_core::ErrorKind;
/// assert_eq!(ErrorKind::MissingField("port").to_string(), "missing field `port`");
/// ```
impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())?;
        match *self {
            ErrorKind::WrongType { expected, found } => {
                write!(f, ": expected header {expected:#04x}, found {found:#04x}")
            }
            ErrorKind::InvalidHeader(h) => write!(f, " {h:#04x}"),
            ErrorKind::MissingField(name) => write!(f, " `{name}`"),
            _ => Ok(()),
        }
    }
}

/// An error: its [`ErrorKind`] and the byte offset (in the input when reading, in the output
/// written so far when writing) where it happened.
///
/// ```
/// use structio_core::{Error, ErrorKind};
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
    /// use structio_core::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::UnexpectedEnd, 7).offset(), 7);
    /// ```
    #[cold]
    pub const fn new(kind: ErrorKind, offset: usize) -> Self {
        Error { kind, offset }
    }

    /// What went wrong.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::BufferFull, 0).kind(), ErrorKind::BufferFull);
    /// ```
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset where reading (or writing) stopped.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::TrailingBytes, 9).offset(), 9);
    /// ```
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.offset)
    }
}

impl core::error::Error for Error {}

/// A result whose error is [`Error`] unless said otherwise.
pub type Result<T, E = Error> = core::result::Result<T, E>;
