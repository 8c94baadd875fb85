//! The error core every format shares: what went wrong ([`ErrorKind`]) and the byte offset
//! where reading or writing stopped ([`Error`]).

use core::fmt;

use crate::ErrorPath;

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
    /// A value of the wrong type for the destination: a string where a `u16` is due, `null`
    /// into a `u8`, `3.0` into an integer. Holds what the destination expected (`"u16"`); what
    /// was found is [`Error::found`].
    InvalidType(&'static str),
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
            ErrorKind::InvalidType(_) => "invalid type",
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
            ErrorKind::InvalidType(expected) => write!(f, ", expected {expected}"),
            _ => Ok(()),
        }
    }
}

/// What kind of value an error found where the destination expected another, as the format's
/// error walk classifies the input at the error's offset.
///
/// ```
/// assert_eq!(structio_core::Found::Float.to_string(), "floating point");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Found {
    /// Not classified (the error is not about a value's type, or the walk could not tell).
    #[default]
    Unknown,
    /// `null` (JSON), or a null or empty value in a binary format.
    Null,
    /// `true` or `false`.
    Bool,
    /// An integer.
    Integer,
    /// A number with a fraction or an exponent, or a binary float.
    Float,
    /// A string.
    String,
    /// A byte string.
    Bytes,
    /// An array (a sequence).
    Array,
    /// An object (a map).
    Object,
    /// A typed numeric array of a binary format.
    TypedArray,
    /// Something else the format has (a tagged value, an extension).
    Other,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Found::Unknown => "a value",
            Found::Null => "null",
            Found::Bool => "boolean",
            Found::Integer => "integer",
            Found::Float => "floating point",
            Found::String => "string",
            Found::Bytes => "byte string",
            Found::Array => "array",
            Found::Object => "object",
            Found::TypedArray => "typed array",
            Found::Other => "another kind of value",
        })
    }
}

/// Text an [`Error`] keeps from the input (a key, a string's contents, a number; the bytes
/// around the offset), cut at a character boundary if longer.
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Text {
    bytes: [u8; TEXT_LEN],
    len: u8,
    cut: bool,
}

/// How many bytes of input text a [`Text`] keeps.
#[cfg(feature = "alloc")]
const TEXT_LEN: usize = 32;

#[cfg(feature = "alloc")]
impl Text {
    fn new(text: &[u8], limit: usize) -> Self {
        let mut len = text.len().min(limit).min(TEXT_LEN);
        while len < text.len() && len > 0 && text.get(len).is_some_and(|&b| b & 0xc0 == 0x80) {
            len -= 1;
        }
        let mut out = Text::default();
        if let Some(dst) = out.bytes.get_mut(..len) {
            crate::path::copy(dst, text);
        }
        out.len = len as u8;
        out.cut = len < text.len();
        out
    }

    fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..usize::from(self.len)).unwrap_or_default()
    }
}

/// What the entry point learns after an error, kept off the error's own footprint: the error
/// travels through every reader's `Result`, and its size shapes their code, so what only a
/// message needs sits behind one pointer (built after the error, never on a successful read).
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Detail {
    one_of: &'static [&'static str],
    found: Found,
    path: ErrorPath,
    found_text: Text,
    context: Text,
    /// A text format's 1-based line and column of the offset (0 when not computed).
    line_column: (u32, u32),
}

/// The root path, for errors without a detail.
static ROOT: ErrorPath = ErrorPath::root();

/// An error: its [`ErrorKind`] and the byte offset (in the input when reading, in the output
/// written so far when writing) where it happened; the names the destination accepts; and,
/// filled in by the entry point after the error (so that a successful read pays nothing), what
/// was found there and the [`ErrorPath`] of the value.
///
/// With the `alloc` feature an error is one pointer, as serde_json's is: every reader and
/// writer returns a `Result` with it, and a `Result<bool, Error>` that fits in two registers
/// keeps their loops free of stack traffic. Making an error allocates; a successful call never
/// makes one.
///
/// Without `alloc` an error is its kind and offset, with no names, found value or path: a
/// firmware image's `Result`s stay small. The path can then be worked out on request by the
/// format (`structio_json::Error::path_in`).
///
/// ```
/// use structio_core::{Error, ErrorKind};
/// let e = Error::new(ErrorKind::WrongType { expected: 0x02, found: 0x18 }, 3);
/// assert_eq!(e.offset(), 3);
/// assert_eq!(e.to_string(), "wrong type: expected header 0x02, found 0x18 at byte 3");
/// ```
#[derive(Clone, Debug)]
pub struct Error {
    #[cfg(feature = "alloc")]
    inner: alloc::boxed::Box<Inner>,
    #[cfg(not(feature = "alloc"))]
    inner: Inner,
}

/// What an [`Error`] holds: boxed with `alloc`, inline without.
#[derive(Clone, Debug)]
struct Inner {
    kind: ErrorKind,
    offset: usize,
    /// Boxed apart from the kind and offset, so that an error no message is asked of (an
    /// untagged enum trying its variants) stays a small allocation.
    #[cfg(feature = "alloc")]
    detail: Option<alloc::boxed::Box<Detail>>,
}

impl Error {
    /// An error of `kind` at byte `offset`.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::UnexpectedEnd, 7).offset(), 7);
    /// ```
    #[cold]
    pub fn new(kind: ErrorKind, offset: usize) -> Self {
        let inner = Inner {
            kind,
            offset,
            #[cfg(feature = "alloc")]
            detail: None,
        };
        Error {
            #[cfg(feature = "alloc")]
            inner: alloc::boxed::Box::new(inner),
            #[cfg(not(feature = "alloc"))]
            inner,
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::BufferFull, 0).kind(), ErrorKind::BufferFull);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.inner.kind
    }

    /// The byte offset where reading (or writing) stopped.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind};
    /// assert_eq!(Error::new(ErrorKind::TrailingBytes, 9).offset(), 9);
    /// ```
    pub fn offset(&self) -> usize {
        self.inner.offset
    }

    /// The same error with the names the destination accepts (a struct's fields for
    /// [`ErrorKind::UnknownField`], an enum's variants for [`ErrorKind::UnknownVariant`]); the
    /// derive adds them on its error paths only.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::UnknownVariant, 0).one_of(&["fast", "slow"]);
    /// // Kept with the `alloc` feature.
    /// if !e.expected_one_of().is_empty() {
    ///     assert_eq!(e.expected_one_of(), ["fast", "slow"]);
    ///     assert_eq!(e.to_string(), "unknown variant, expected one of `fast`, `slow` at byte 0");
    /// }
    /// ```
    #[cold]
    #[must_use]
    #[cfg_attr(not(feature = "alloc"), allow(unused_mut))]
    pub fn one_of(mut self, names: &'static [&'static str]) -> Self {
        #[cfg(feature = "alloc")]
        if !names.is_empty() || self.inner.detail.is_some() {
            self.detail_mut().one_of = names;
        }
        #[cfg(not(feature = "alloc"))]
        let _ = names;
        self
    }

    /// The names given by [`one_of`](Self::one_of) (empty if none).
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind};
    /// assert!(Error::new(ErrorKind::UnknownField, 0).expected_one_of().is_empty());
    /// ```
    pub fn expected_one_of(&self) -> &'static [&'static str] {
        #[cfg(feature = "alloc")]
        if let Some(d) = &self.inner.detail {
            return d.one_of;
        }
        &[]
    }

    #[cfg(feature = "alloc")]
    fn detail_mut(&mut self) -> &mut Detail {
        self.inner.detail.get_or_insert_with(Default::default)
    }

    /// The same error with what was found at its offset: its kind and (with `alloc`) its text
    /// (a key, a string's contents, a number's digits), kept up to 32 bytes. Format entry
    /// points call this after the error.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind, Found};
    /// let e = Error::new(ErrorKind::InvalidType("u16"), 9).with_found(Found::String, b"8080");
    /// // Kept with the `alloc` feature; without it an error is its kind and offset.
    /// if !e.found_text().is_empty() {
    ///     assert_eq!(e.found(), Found::String);
    ///     assert_eq!(e.to_string(), "invalid type: string \"8080\", expected u16 at byte 9");
    /// } else {
    ///     assert_eq!(e.to_string(), "invalid type, expected u16 at byte 9");
    /// }
    /// ```
    #[cold]
    #[must_use]
    #[cfg_attr(not(feature = "alloc"), allow(unused_mut))]
    pub fn with_found(mut self, found: Found, text: &[u8]) -> Self {
        #[cfg(feature = "alloc")]
        if found != Found::Unknown || !text.is_empty() || self.inner.detail.is_some() {
            self.detail_mut().found = found;
        }
        #[cfg(feature = "alloc")]
        {
            if !text.is_empty() || self.inner.detail.is_some() {
                self.detail_mut().found_text = Text::new(text, TEXT_LEN);
            }
        }
        #[cfg(not(feature = "alloc"))]
        let _ = (found, text);
        self
    }

    /// What was found at the offset, when the entry point classified it.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind, Found};
    /// let e = Error::new(ErrorKind::InvalidType("u8"), 0).with_found(Found::Null, b"null");
    /// // Kept with the `alloc` feature; without it an error is its kind and offset.
    /// let kept = !e.found_text().is_empty();
    /// assert_eq!(e.found(), if kept { Found::Null } else { Found::Unknown });
    /// ```
    pub fn found(&self) -> Found {
        #[cfg(feature = "alloc")]
        if let Some(d) = &self.inner.detail {
            return d.found;
        }
        Found::Unknown
    }

    /// The found value's text as far as kept (see [`with_found`](Self::with_found)); empty
    /// without `alloc`.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind, Found};
    /// let e = Error::new(ErrorKind::UnknownField, 2).with_found(Found::String, b"colour");
    /// // Kept with the `alloc` feature; without it an error is its kind and offset.
    /// let kept: &[u8] = if e.found() == Found::String { b"colour" } else { b"" };
    /// assert_eq!(e.found_text(), kept);
    /// ```
    pub fn found_text(&self) -> &[u8] {
        #[cfg(feature = "alloc")]
        if let Some(d) = &self.inner.detail {
            return d.found_text.as_bytes();
        }
        &[]
    }

    /// The same error with the input around its offset, for the message (JSON shows it);
    /// kept up to 24 bytes, with `alloc` only.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::TrailingBytes, 5).with_context(b"true x");
    /// // Kept for the format's message (see `context`); this error's own message leaves it out.
    /// assert_eq!(e.to_string(), "trailing bytes after the value at byte 5");
    /// ```
    #[cold]
    #[must_use]
    #[cfg_attr(not(feature = "alloc"), allow(unused_mut))]
    pub fn with_context(mut self, text: &[u8]) -> Self {
        #[cfg(feature = "alloc")]
        {
            if !text.is_empty() || self.inner.detail.is_some() {
                self.detail_mut().context = Text::new(text, 24);
            }
        }
        #[cfg(not(feature = "alloc"))]
        let _ = text;
        self
    }

    /// The input around the offset given by [`with_context`](Self::with_context); empty
    /// without `alloc`.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind};
    /// assert!(Error::new(ErrorKind::TrailingComma, 6).context().is_empty());
    /// let e = Error::new(ErrorKind::TrailingComma, 6).with_context(b"[1, 2,]");
    /// // Kept with the `alloc` feature.
    /// if !e.context().is_empty() {
    ///     assert_eq!(e.context(), b"[1, 2,]");
    /// }
    /// ```
    pub fn context(&self) -> &[u8] {
        #[cfg(feature = "alloc")]
        if let Some(d) = &self.inner.detail {
            return d.context.as_bytes();
        }
        &[]
    }

    /// The same error with the path of the value it is about (kept with `alloc` only).
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind, PathTracker};
    /// let mut t = PathTracker::new();
    /// t.enter();
    /// t.key(0, 4);
    /// let e = Error::new(ErrorKind::InvalidType("u16"), 7).with_path(t.render(b"port"));
    /// // Kept with the `alloc` feature.
    /// if !e.path().is_empty() {
    ///     assert_eq!(e.to_string(), "invalid type, expected u16 at /port, byte 7");
    /// }
    /// ```
    #[cold]
    #[must_use]
    #[cfg_attr(not(feature = "alloc"), allow(unused_mut))]
    pub fn with_path(mut self, path: ErrorPath) -> Self {
        #[cfg(feature = "alloc")]
        {
            // Nothing is allocated for what would show nothing (a hostile input's errors at
            // the root stay allocation-free).
            if !path.is_empty() || self.inner.detail.is_some() {
                self.detail_mut().path = path;
            }
        }
        #[cfg(not(feature = "alloc"))]
        let _ = path;
        self
    }

    /// The same error with a text format's 1-based line and column of its offset, kept in the
    /// detail so that the error a reader returns stays its kind and offset (JSON's entry points
    /// call this; without `alloc` JSON keeps them in its own error).
    #[doc(hidden)]
    #[cold]
    #[must_use]
    #[cfg(feature = "alloc")]
    pub fn with_line_column(mut self, line: u32, column: u32) -> Self {
        self.detail_mut().line_column = (line, column);
        self
    }

    /// The line and column given by `with_line_column`, `(0, 0)` if none.
    #[doc(hidden)]
    #[cfg(feature = "alloc")]
    pub fn line_column(&self) -> (u32, u32) {
        self.inner.detail.as_ref().map_or((0, 0), |d| d.line_column)
    }

    /// The JSON Pointer of the value the error is about (`/network/port`), empty for the
    /// root or when the entry point did not compute it.
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind};
    /// assert!(Error::new(ErrorKind::UnexpectedEnd, 0).path().is_empty());
    /// ```
    pub fn path(&self) -> &ErrorPath {
        #[cfg(feature = "alloc")]
        if let Some(d) = &self.inner.detail {
            return &d.path;
        }
        &ROOT
    }

    /// What went wrong, in words, with what was expected and found, without the position
    /// (which each format words its own way: JSON adds line and column).
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind, Found};
    /// let e = Error::new(ErrorKind::UnknownField, 4)
    ///     .one_of(&["name", "mode"])
    ///     .with_found(Found::String, b"rate_khz");
    /// let message = if e.found_text().is_empty() {
    ///     "unknown field" // without `alloc`, an error is its kind and offset
    /// } else {
    ///     "unknown field `rate_khz`, expected one of `name`, `mode`"
    /// };
    /// assert_eq!(e.what().to_string(), message);
    /// ```
    pub fn what(&self) -> What<'_> {
        What(self)
    }
}

impl Error {
    fn found_cut(&self) -> bool {
        #[cfg(feature = "alloc")]
        if let Some(d) = &self.inner.detail {
            return d.found_text.cut;
        }
        false
    }
}

/// [`Error::what`]: the error's message without its position.
///
/// ```
/// use structio_core::{Error, ErrorKind, What};
/// let e = Error::new(ErrorKind::TrailingBytes, 12);
/// let what: What<'_> = e.what();
/// assert_eq!(what.to_string(), "trailing bytes after the value");
/// assert_eq!(e.to_string(), "trailing bytes after the value at byte 12");
/// ```
pub struct What<'a>(&'a Error);

impl fmt::Display for What<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = self.0;
        let text = e.found_text();
        // A cut text ends in `…`, inside the quotes.
        let write_text = |f: &mut fmt::Formatter<'_>, text: &[u8]| {
            write_text(f, text)?;
            if e.found_cut() {
                f.write_str("…")?;
            }
            Ok(())
        };
        match e.inner.kind {
            ErrorKind::InvalidType(expected) => {
                f.write_str("invalid type")?;
                if e.found() != Found::Unknown {
                    write!(f, ": {}", e.found())?;
                }
                if !text.is_empty() {
                    if e.found() == Found::String {
                        f.write_str(" \"")?;
                        write_text(f, text)?;
                        f.write_str("\"")?;
                    } else {
                        f.write_str(" `")?;
                        write_text(f, text)?;
                        f.write_str("`")?;
                    }
                }
                write!(f, ", expected {expected}")?;
                if !e.expected_one_of().is_empty() {
                    f.write_str(" (")?;
                    write_names(f, e.expected_one_of())?;
                    f.write_str(")")?;
                }
                Ok(())
            }
            ErrorKind::UnknownField | ErrorKind::UnknownVariant => {
                f.write_str(e.inner.kind.description())?;
                if !text.is_empty() {
                    f.write_str(" `")?;
                    write_text(f, text)?;
                    f.write_str("`")?;
                }
                if !e.expected_one_of().is_empty() {
                    f.write_str(", expected ")?;
                    write_names(f, e.expected_one_of())?;
                }
                Ok(())
            }
            kind if !text.is_empty() => {
                write!(f, "{kind}: `")?;
                write_text(f, text)?;
                f.write_str("`")
            }
            kind => write!(f, "{kind}"),
        }
    }
}

/// `one of `a`, `b`` (or `` `a` `` alone), as serde words it.
fn write_names(f: &mut fmt::Formatter<'_>, names: &[&str]) -> fmt::Result {
    if names.len() > 1 {
        f.write_str("one of ")?;
    }
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "`{name}`")?;
    }
    Ok(())
}

/// Input text as it was, control characters and bytes that are not UTF-8 escaped.
fn write_text(f: &mut fmt::Formatter<'_>, text: &[u8]) -> fmt::Result {
    fmt::Display::fmt(&EscapedText(text), f)
}

/// Input bytes shown in an error message: as they are, but with control characters escaped
/// (`\n`, `\u{1}`) and each byte that is not UTF-8 as `\xNN`, so that the message stays one
/// readable line whatever the input held.
///
/// ```
/// use structio_core::EscapedText;
/// assert_eq!(EscapedText(b"a\tb\xff").to_string(), "a\\tb\\xff");
/// ```
#[derive(Copy, Clone, Debug)]
pub struct EscapedText<'a>(
    /// The input bytes to show.
    pub &'a [u8],
);

impl fmt::Display for EscapedText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.0.utf8_chunks() {
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
        Ok(())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at ", self.what())?;
        if !self.path().is_empty() {
            write!(f, "{}, ", self.path())?;
        }
        write!(f, "byte {}", self.inner.offset)
    }
}

/// Two errors are equal when they are of the same kind at the same offset: what an entry point
/// adds for the message (the names, what was found, the path) is not compared, so an error
/// from a reader equals one built by [`Error::new`].
///
/// ```
/// use structio_core::{Error, ErrorKind, Found};
/// let e = Error::new(ErrorKind::UnknownField, 4).with_found(Found::String, b"x");
/// assert_eq!(e, Error::new(ErrorKind::UnknownField, 4));
/// ```
impl PartialEq for Error {
    fn eq(&self, other: &Self) -> bool {
        self.inner.kind == other.inner.kind && self.inner.offset == other.inner.offset
    }
}

impl Eq for Error {}

impl core::error::Error for Error {}

/// A result whose error is [`Error`] unless said otherwise.
///
/// ```
/// use structio_core::{Error, ErrorKind, Result};
/// fn port(n: u32) -> Result<u16> {
///     u16::try_from(n).map_err(|_| Error::new(ErrorKind::NumberOutOfRange, 0))
/// }
/// assert_eq!(port(8080), Ok(8080));
/// assert_eq!(port(70000).unwrap_err().kind(), ErrorKind::NumberOutOfRange);
/// ```
pub type Result<T, E = Error> = core::result::Result<T, E>;

#[cfg(all(test, feature = "alloc"))]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    #[test]
    fn a_long_found_text_is_cut_at_a_character_and_marked() {
        let e = Error::new(ErrorKind::UnknownField, 3).with_found(
            Found::String,
            "rate_in_kilohertz_a_much_longer_name".as_bytes(),
        );
        assert_eq!(e.found_text(), b"rate_in_kilohertz_a_much_longer_");
        assert_eq!(
            e.to_string(),
            "unknown field `rate_in_kilohertz_a_much_longer_…` at byte 3"
        );
        let e = Error::new(ErrorKind::UnknownField, 3)
            .with_found(Found::String, "0123456789abcdef0123456789abcdeé".as_bytes());
        assert_eq!(e.found_text(), b"0123456789abcdef0123456789abcde");
    }

    /// Every reader's and writer's `Result` carries this error; a `Result<bool, Error>` of two
    /// words is returned in registers. A field added inline would undo that.
    #[test]
    fn an_error_is_one_pointer() {
        assert_eq!(core::mem::size_of::<Error>(), core::mem::size_of::<usize>());
        assert_eq!(
            core::mem::size_of::<Result<bool>>(),
            2 * core::mem::size_of::<usize>()
        );
        assert_eq!(
            core::mem::size_of::<Result<()>>(),
            core::mem::size_of::<usize>()
        );
    }
}
