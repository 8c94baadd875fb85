//! The one error type of the JSON crate: what went wrong and the byte offset where reading stopped.

use core::fmt;

/// What went wrong. `Copy`, and small: the offset and position live in [`Error`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended inside a value.
    UnexpectedEnd,
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
    /// A number that does not fit the destination type (never wrapped).
    NumberOutOfRange,
    /// A backslash followed by a byte that is not a JSON escape.
    InvalidEscape,
    /// `\u` not followed by four hex digits.
    InvalidUnicodeEscape,
    /// A `\u` surrogate without its pair.
    LoneSurrogate,
    /// A raw control character (below 0x20) inside a string.
    ControlCharacterInString,
    /// Bytes that are not UTF-8 inside a string.
    InvalidUtf8,
    /// Nesting deeper than the reader's limit.
    DepthLimit,
    /// Non-whitespace after the value.
    TrailingCharacters,
    /// A required struct field whose key did not appear.
    MissingField(&'static str),
    /// A key that the destination struct does not have, with unknown fields denied.
    UnknownField,
    /// A string that names no variant of the destination enum.
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
    /// An escaped object key longer than 256 bytes once decoded.
    KeyTooLong,
    /// A `char` destination and a string that is not exactly one character.
    ExpectedChar,
    /// The output buffer is full (no-alloc sinks); nothing written is presented as a result.
    BufferFull,
    /// A value that JSON cannot represent (NaN or infinity).
    Unrepresentable,
    /// A message from user code (a custom reader).
    Custom(&'static str),
    /// A string with an escape read into `&str`, which can only borrow escape-free text
    /// (read `Cow<str>` or `String` instead). The offset is the first backslash.
    EscapeInBorrowedStr,
    /// A JSON pointer that is not RFC 6901 syntax: not empty and not starting with `/`, or a `~`
    /// not followed by `0` or `1`. The offset is into the pointer, not the document.
    InvalidPointer,
}

impl ErrorKind {
    /// A short description, as `Display` prints it.
    pub const fn description(&self) -> &'static str {
        match self {
            ErrorKind::UnexpectedEnd => "unexpected end of input",
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
            ErrorKind::NumberOutOfRange => "number out of range for the destination type",
            ErrorKind::InvalidEscape => "invalid escape",
            ErrorKind::InvalidUnicodeEscape => "invalid \\u escape",
            ErrorKind::LoneSurrogate => "lone UTF-16 surrogate in \\u escape",
            ErrorKind::ControlCharacterInString => "control character in string",
            ErrorKind::InvalidUtf8 => "invalid UTF-8 in string",
            ErrorKind::DepthLimit => "nesting too deep",
            ErrorKind::TrailingCharacters => "trailing characters after the value",
            ErrorKind::MissingField(_) => "missing field",
            ErrorKind::UnknownField => "unknown field",
            ErrorKind::UnknownVariant => "unknown variant",
            ErrorKind::NoVariantMatched => "no variant of the untagged enum matched",
            ErrorKind::MissingTag => "missing enum tag",
            ErrorKind::TooManyElements => "too many elements for the destination",
            ErrorKind::TooFewElements => "too few elements for the destination",
            ErrorKind::StringTooLong => "string too long for the destination",
            ErrorKind::KeyTooLong => "escaped object key longer than 256 bytes",
            ErrorKind::ExpectedChar => "expected a string of one character",
            ErrorKind::BufferFull => "output buffer full",
            ErrorKind::Unrepresentable => "value has no JSON representation (NaN or infinity)",
            ErrorKind::Custom(msg) => msg,
            ErrorKind::EscapeInBorrowedStr => "a string with escapes cannot be borrowed as `&str`",
            ErrorKind::InvalidPointer => {
                "invalid JSON pointer: must be empty or start with `/`, `~` only as `~0` or `~1`"
            }
        }
    }
}

/// How many bytes of input [`Error`] keeps around the offset for its message.
const EXCERPT_LEN: usize = 24;

/// A JSON error: its [`ErrorKind`], the byte offset where reading stopped, and (once the entry
/// point has seen the input) the line, column and a short excerpt of the input there.
///
/// ```
/// let err = structio_json::Error::new(structio_json::ErrorKind::InvalidNumber, 0).with_input(b"[1, 2]");
/// assert_eq!(err.kind(), structio_json::ErrorKind::InvalidNumber);
/// assert_eq!(err.offset(), 0);
/// assert_eq!(err.line(), 1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
    line: u32,
    column: u32,
    excerpt_len: u8,
    excerpt: [u8; EXCERPT_LEN],
}

impl Error {
    /// An error of `kind` at byte `offset`, with no position information yet.
    ///
    /// ```
    /// use structio_json::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::UnexpectedEnd, 7);
    /// assert_eq!(e.offset(), 7);
    /// ```
    #[cold]
    pub const fn new(kind: ErrorKind, offset: usize) -> Self {
        Error {
            kind,
            offset,
            line: 0,
            column: 0,
            excerpt_len: 0,
            excerpt: [0; EXCERPT_LEN],
        }
    }

    /// What went wrong.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset in the input where reading stopped.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The 1-based line of [`offset`](Self::offset), or 0 when the error was made without the
    /// input at hand (a writer's error, or one built by [`Error::new`]).
    pub const fn line(&self) -> u32 {
        self.line
    }

    /// The 1-based column (in bytes) of [`offset`](Self::offset), or 0 as for [`line`](Self::line).
    pub const fn column(&self) -> u32 {
        self.column
    }

    /// Fills in line, column and excerpt from the input the offset refers to. Entry points call
    /// this on their way out, so the hot path never computes a position.
    ///
    /// ```
    /// use structio_json::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::ExpectedValue, 4).with_input(b"[1,\n x]");
    /// assert_eq!((e.line(), e.column()), (2, 1));
    /// ```
    #[cold]
    #[must_use]
    pub fn with_input(mut self, input: &[u8]) -> Self {
        let offset = self.offset.min(input.len());
        let before = &input[..offset];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        self.line = u32::try_from(line).unwrap_or(u32::MAX);
        self.column = u32::try_from(offset - line_start + 1).unwrap_or(u32::MAX);
        // An excerpt that starts a few bytes before the offset, on the same line.
        let start = offset.saturating_sub(EXCERPT_LEN / 3).max(line_start);
        let end = (start + EXCERPT_LEN).min(input.len());
        let mut len = 0;
        for &b in &input[start..end] {
            if b == b'\n' || b == b'\r' {
                break;
            }
            self.excerpt[len] = b;
            len += 1;
        }
        self.excerpt_len = len as u8;
        self
    }

    /// The input bytes around the offset kept for the message (empty until
    /// [`with_input`](Self::with_input) ran).
    pub fn excerpt(&self) -> &[u8] {
        &self.excerpt[..usize::from(self.excerpt_len)]
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.description())?;
        if let ErrorKind::MissingField(name) = self.kind {
            write!(f, " `{name}`")?;
        }
        if self.line > 0 {
            write!(
                f,
                " at line {} column {} (byte {})",
                self.line, self.column, self.offset
            )?;
        } else {
            write!(f, " at byte {}", self.offset)?;
        }
        if self.excerpt_len > 0 {
            f.write_str(": `")?;
            for chunk in self.excerpt().utf8_chunks() {
                for c in chunk.valid().chars() {
                    if c.is_control() {
                        write!(f, "{}", c.escape_default())?;
                    } else {
                        write!(f, "{c}")?;
                    }
                }
                for b in chunk.invalid() {
                    write!(f, "\\x{b:02x}")?;
                }
            }
            f.write_str("`")?;
        }
        Ok(())
    }
}

impl core::error::Error for Error {}

/// The crate's result type.
pub type Result<T, E = Error> = core::result::Result<T, E>;
