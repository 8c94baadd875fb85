//! The JSON crate's error: the shared error core (what went wrong and the byte offset where
//! reading stopped) plus what a text format can say of that offset: line, column and an
//! excerpt of the input.

use core::fmt;

pub use structio_core::ErrorKind;

/// The kind of error for a key repeated in one object when repeated keys are denied
/// ([`ReadOptions::deny_duplicate_keys`](crate::ReadOptions::deny_duplicate_keys)); its offset is
/// the second key's opening quote.
///
/// ```
/// assert_eq!(structio_json::DUPLICATE_KEY.to_string(), "duplicate key");
/// ```
pub const DUPLICATE_KEY: ErrorKind = ErrorKind::Custom("duplicate key");

/// How many bytes of input [`Error`] keeps around the offset for its message.
#[cfg(feature = "alloc")]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    base: structio_core::Error,
    // With `alloc` the line and column sit in the base error's detail, so that the error
    // stays one pointer; firmware builds keep them here.
    #[cfg(not(feature = "alloc"))]
    line: u32,
    #[cfg(not(feature = "alloc"))]
    column: u32,
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
    pub fn new(kind: ErrorKind, offset: usize) -> Self {
        Error {
            base: structio_core::Error::new(kind, offset),
            #[cfg(not(feature = "alloc"))]
            line: 0,
            #[cfg(not(feature = "alloc"))]
            column: 0,
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// let err = structio_json::from_str::<u8>("300").unwrap_err();
    /// assert_eq!(err.kind(), structio_json::ErrorKind::NumberOutOfRange);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.base.kind()
    }

    /// The byte offset in the input where reading stopped.
    ///
    /// ```
    /// let err = structio_json::from_str::<Vec<u8>>("[1, x]").unwrap_err();
    /// assert_eq!(err.offset(), 4);
    /// ```
    pub fn offset(&self) -> usize {
        self.base.offset()
    }

    /// The same error with the names the destination accepts (a struct's fields, an enum's
    /// variants), shown in the message; the derive adds them on its error paths.
    ///
    /// ```
    /// use structio_json::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::UnknownVariant, 0).one_of(&["fast", "slow"]);
    /// assert_eq!(e.expected_one_of(), ["fast", "slow"]);
    /// ```
    #[cold]
    #[must_use]
    pub fn one_of(mut self, names: &'static [&'static str]) -> Self {
        self.base = self.base.one_of(names);
        self
    }

    /// The names given by [`one_of`](Self::one_of) (empty if none).
    ///
    /// ```
    /// use structio_json::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::UnknownVariant, 0);
    /// assert!(e.expected_one_of().is_empty());
    /// assert_eq!(e.one_of(&["on", "off"]).expected_one_of(), ["on", "off"]);
    /// ```
    pub fn expected_one_of(&self) -> &'static [&'static str] {
        self.base.expected_one_of()
    }

    /// What was found at the offset (filled in by the entry point for type errors, unknown
    /// keys and variants).
    ///
    /// ```
    /// let err = structio_json::from_str::<Vec<u8>>(r#"[1, "x"]"#).unwrap_err();
    /// assert_eq!(err.found().to_string(), "string");
    /// ```
    pub fn found(&self) -> structio_core::Found {
        self.base.found()
    }

    /// The found value's text as far as kept: a key, a string's contents, a number.
    ///
    /// ```
    /// let err = structio_json::from_str::<Vec<u8>>(r#"[1, "x"]"#).unwrap_err();
    /// assert_eq!(err.found_text(), b"x");
    /// ```
    pub fn found_text(&self) -> &[u8] {
        self.base.found_text()
    }

    /// The JSON Pointer of the value the error is about (`/network/port`), filled in by the
    /// entry point; empty for the root.
    ///
    /// ```
    /// let err = structio_json::from_str::<Vec<Vec<u8>>>(r#"[[1], [2, "x"]]"#).unwrap_err();
    /// assert_eq!(err.path().as_str(), "/1/1");
    /// ```
    pub fn path(&self) -> &structio_core::ErrorPath {
        self.base.path()
    }

    /// The 1-based line of [`offset`](Self::offset), or 0 when the error was made without the
    /// input at hand (a writer's error, or one built by [`Error::new`]).
    ///
    /// ```
    /// let err = structio_json::from_str::<Vec<u8>>("[1,\n  x]").unwrap_err();
    /// assert_eq!(err.line(), 2);
    /// assert_eq!(structio_json::Error::new(structio_json::ErrorKind::UnexpectedEnd, 3).line(), 0);
    /// ```
    pub fn line(&self) -> u32 {
        #[cfg(feature = "alloc")]
        return self.base.line_column().0;
        #[cfg(not(feature = "alloc"))]
        self.line
    }

    /// The 1-based column (in bytes) of [`offset`](Self::offset), or 0 as for [`line`](Self::line).
    ///
    /// ```
    /// let err = structio_json::from_str::<Vec<u8>>("[1,\n  x]").unwrap_err();
    /// assert_eq!((err.line(), err.column()), (2, 3));
    /// ```
    pub fn column(&self) -> u32 {
        #[cfg(feature = "alloc")]
        return self.base.line_column().1;
        #[cfg(not(feature = "alloc"))]
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
        let offset = self.offset().min(input.len());
        let before = input.get(..offset).unwrap_or_default();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line = u32::try_from(line).unwrap_or(u32::MAX);
        let column = u32::try_from(offset - line_start + 1).unwrap_or(u32::MAX);
        #[cfg(feature = "alloc")]
        {
            self.base = self.base.with_line_column(line, column);
        }
        #[cfg(not(feature = "alloc"))]
        {
            self.line = line;
            self.column = column;
        }
        // An excerpt that starts a few bytes before the offset, on the same line (kept with
        // `alloc` only).
        #[cfg(feature = "alloc")]
        {
            let start = offset.saturating_sub(EXCERPT_LEN / 3).max(line_start);
            let end = (start + EXCERPT_LEN).min(input.len());
            let rest = input.get(start..end).unwrap_or_default();
            let line_end = rest
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
                .unwrap_or(rest.len());
            self.base = self
                .base
                .with_context(rest.get(..line_end).unwrap_or_default());
        }
        #[cfg(feature = "alloc")]
        {
            let path = self.path_in(input);
            self.base = self.base.with_path(path);
        }
        if shows_found(self.kind()) {
            let (found, text) = crate::error_path::classify(input, self.offset());
            self.base = self.base.with_found(found, text);
        }
        self
    }

    /// The JSON Pointer of the value this error is about, worked out from the input it came
    /// from. Entry points store it in the error when they can allocate (see
    /// [`path`](Self::path)); without `alloc` a firmware image calls this on its error path.
    ///
    /// ```
    /// let input = br#"{"channels": [{"pin": 1}, {"pin": "x"}]}"#;
    /// let err = structio_json::from_slice::<std::collections::BTreeMap<String, Vec<std::collections::BTreeMap<String, u8>>>>(input).unwrap_err();
    /// assert_eq!(err.path_in(input).as_str(), "/channels/1/pin");
    /// ```
    #[cold]
    pub fn path_in(&self, input: &[u8]) -> structio_core::ErrorPath {
        // An error about a key (unknown, repeated) is at its opening quote; its path names the
        // key, as in the binary formats.
        let about_key =
            self.kind() == ErrorKind::UnknownField || self.kind() == crate::DUPLICATE_KEY;
        let inside = usize::from(about_key && input.get(self.offset()) == Some(&b'"'));
        crate::error_path::locate(input, self.offset() + inside)
    }

    /// [`with_input`](Self::with_input) for a typed read's error: a reader's "expected `{`"
    /// (or `[`, a string, a boolean) where another JSON value starts becomes
    /// [`ErrorKind::InvalidType`], since the destination's type is what asked for it. The text
    /// tools keep the grammar's wording.
    #[cold]
    #[must_use]
    pub(crate) fn with_typed_input(mut self, input: &[u8]) -> Self {
        self.base = refine(self.base, input);
        self.with_input(input)
    }

    /// The input bytes around the offset kept for the message (empty until
    /// [`with_input`](Self::with_input) ran).
    ///
    /// ```
    /// use structio_json::{Error, ErrorKind};
    /// let e = Error::new(ErrorKind::ExpectedValue, 4);
    /// assert!(e.excerpt().is_empty());
    /// assert_eq!(e.with_input(b"[1, x]").excerpt(), b"[1, x]");
    /// ```
    pub fn excerpt(&self) -> &[u8] {
        self.base.context()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at ", self.base.what())?;
        if !self.path().is_empty() {
            write!(f, "{}, ", self.path())?;
        }
        if self.line() > 0 {
            write!(
                f,
                "line {} column {} (byte {})",
                self.line(),
                self.column(),
                self.offset()
            )?;
        } else {
            write!(f, "byte {}", self.offset())?;
        }
        if !self.excerpt().is_empty() {
            write!(f, ": `{}", structio_core::EscapedText(self.excerpt()))?;
            f.write_str("`")?;
        }
        Ok(())
    }
}

impl core::error::Error for Error {}

/// A reader's "expected `{`" (or `[`, a string, a boolean) where another JSON value starts is
/// a type error: the reader only looked at one byte, the entry point says what was there.
/// Keeping this out of the readers keeps their loops free of the extra arguments.
#[cold]
fn refine(e: structio_core::Error, input: &[u8]) -> structio_core::Error {
    let what = match e.kind() {
        ErrorKind::ExpectedObject => "an object",
        ErrorKind::ExpectedArray => "an array",
        ErrorKind::ExpectedString => "a string",
        ErrorKind::ExpectedBool => "a boolean",
        _ => return e,
    };
    match crate::error_path::classify(input, e.offset()).0 {
        structio_core::Found::Unknown | structio_core::Found::Bool
            if e.kind() == ErrorKind::ExpectedBool =>
        {
            e
        }
        structio_core::Found::Unknown => e,
        _ => structio_core::Error::new(ErrorKind::InvalidType(what), e.offset())
            .one_of(e.expected_one_of()),
    }
}

/// Whether the message of `kind` names the value found at the offset (a key, a string, a
/// number): type errors, unknown keys and variants, numbers out of range, repeated keys.
fn shows_found(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::InvalidType(_)
            | ErrorKind::UnknownField
            | ErrorKind::UnknownVariant
            | ErrorKind::NumberOutOfRange
    ) || kind == crate::DUPLICATE_KEY
}

/// A sink's error (the output buffer full) as a JSON error, with no position yet.
impl From<structio_core::Error> for Error {
    #[cold]
    fn from(e: structio_core::Error) -> Self {
        Error {
            base: e,
            #[cfg(not(feature = "alloc"))]
            line: 0,
            #[cfg(not(feature = "alloc"))]
            column: 0,
        }
    }
}

/// The crate's result type.
///
/// ```
/// fn port(text: &str) -> structio_json::Result<u16> {
///     structio_json::from_str(text)
/// }
/// assert_eq!(port("8080")?, 8080);
/// assert!(port("-1").is_err());
/// # Ok::<(), structio_json::Error>(())
/// ```
pub type Result<T, E = Error> = core::result::Result<T, E>;
