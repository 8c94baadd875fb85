//! The serde path's error: structio's [`Error`](crate::Error) (kind, byte offset, line,
//! column, excerpt) and, with `alloc`, the message a serde type gave.

use core::fmt;

use crate::ErrorKind;

/// A map key the serializer cannot write as a JSON object key.
pub(super) const KEY_MUST_BE_A_STRING: ErrorKind =
    ErrorKind::Custom("a map key must be a string, an integer, a float, a bool or a char");
/// An I/O error from the `std::io::Write` that [`to_writer`](super::to_writer) writes to.
#[cfg(feature = "std")]
pub(super) const IO: ErrorKind = ErrorKind::Custom("I/O error");

/// What an [`Error`] holds; boxed when there is an allocator so that `Result<T, Error>` stays
/// one word wider than `T`.
#[derive(Clone, Debug, PartialEq)]
struct Inner {
    /// Kind and offset; line, column and excerpt once the entry point has seen the input.
    base: crate::Error,
    /// Whether `base`'s offset is real. A serde type makes its errors without knowing where
    /// the reader is; the deserializer fills the offset in on the way out.
    placed: bool,
    /// The serde type's own message (`Error::custom`, `invalid_type`, ...).
    #[cfg(feature = "alloc")]
    message: Option<alloc::boxed::Box<str>>,
}

#[cfg(feature = "alloc")]
type Repr = alloc::boxed::Box<Inner>;
#[cfg(not(feature = "alloc"))]
type Repr = Inner;

/// An error of the serde path: structio's [`ErrorKind`], the byte offset (line and column
/// when reading), and the message a serde type gave.
///
/// Errors that structio finds (a bad escape, a number out of range, a missing `]`) keep the
/// kind and offset that [`structio_json::from_slice`](crate::from_slice) gives. Errors that a
/// serde type makes (`Error::custom`, `invalid_type`, `invalid_value`, `invalid_length`) are
/// [`ErrorKind::Custom`] with a static description of the category, placed at the start of the
/// value the type was reading; with the `alloc` feature the type's own message is kept too
/// ([`message`](Self::message)), without it only the category is. `missing_field`,
/// `unknown_field` and `unknown_variant` map to [`ErrorKind::MissingField`],
/// [`ErrorKind::UnknownField`] and [`ErrorKind::UnknownVariant`].
///
/// ```
/// use structio_json::ErrorKind;
/// let err = structio_json::serde::from_str::<Vec<u8>>("[1,\n 2,]").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::TrailingComma);
/// assert_eq!((err.offset(), err.line(), err.column()), (7, 2, 4));
///
/// let err = structio_json::serde::from_str::<bool>("7").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::ExpectedBool);
///
/// let err = structio_json::serde::from_str::<std::net::IpAddr>(r#" "no address""#).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Custom("custom error from a serde type"));
/// assert_eq!(err.offset(), 1);
/// assert_eq!(err.message(), "invalid IP address syntax");
/// ```
#[derive(Clone, PartialEq)]
pub struct Error {
    inner: Repr,
}

impl Error {
    #[cold]
    fn make(base: crate::Error, placed: bool) -> Self {
        Error {
            inner: Repr::from(Inner {
                base,
                placed,
                #[cfg(feature = "alloc")]
                message: None,
            }),
        }
    }

    /// An error of `kind` whose offset the entry point fills in.
    #[cold]
    pub(super) fn unplaced(kind: ErrorKind) -> Self {
        Self::make(crate::Error::new(kind, 0), false)
    }

    /// A serde type's error of `kind` with its message (kept when there is an allocator), not
    /// yet placed.
    #[cold]
    fn with_message(kind: ErrorKind, msg: impl fmt::Display) -> Self {
        #[cfg_attr(not(feature = "alloc"), allow(unused_mut))]
        let mut e = Self::make(crate::Error::new(kind, 0), false);
        #[cfg(feature = "alloc")]
        {
            use alloc::string::ToString;
            e.inner.message = Some(msg.to_string().into_boxed_str());
        }
        #[cfg(not(feature = "alloc"))]
        let _ = msg;
        e
    }

    /// What went wrong.
    ///
    /// ```
    /// let err = structio_json::serde::from_str::<u8>("300").unwrap_err();
    /// assert_eq!(err.kind(), structio_json::ErrorKind::NumberOutOfRange);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.inner.base.kind()
    }

    /// The byte offset: in the input where reading stopped, or the count of bytes written when
    /// writing failed.
    ///
    /// ```
    /// let err = structio_json::serde::from_str::<(u8, u8)>("[1, x]").unwrap_err();
    /// assert_eq!(err.offset(), 4);
    /// ```
    pub fn offset(&self) -> usize {
        self.inner.base.offset()
    }

    /// The 1-based line of [`offset`](Self::offset), 0 for a writer's error.
    ///
    /// ```
    /// let err = structio_json::serde::from_str::<Vec<u8>>("[\n\n1 2]").unwrap_err();
    /// assert_eq!(err.line(), 3);
    /// ```
    pub fn line(&self) -> u32 {
        self.inner.base.line()
    }

    /// The 1-based column (in bytes) of [`offset`](Self::offset), 0 for a writer's error.
    ///
    /// ```
    /// let err = structio_json::serde::from_str::<Vec<u8>>("[1 2]").unwrap_err();
    /// assert_eq!(err.column(), 4);
    /// ```
    pub fn column(&self) -> u32 {
        self.inner.base.column()
    }

    /// The serde type's message, when one was given and kept (with the `alloc` feature);
    /// otherwise the kind's description.
    ///
    /// ```
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Point { x: i32, y: i32 }
    /// let err = structio_json::serde::from_str::<Point>(r#"{"x": 1}"#).unwrap_err();
    /// assert_eq!(err.kind(), structio_json::ErrorKind::MissingField("y"));
    /// assert_eq!(err.message(), "missing field");
    /// ```
    pub fn message(&self) -> &str {
        #[cfg(feature = "alloc")]
        if let Some(m) = &self.inner.message {
            return m;
        }
        self.kind().description()
    }

    /// The error as structio's own [`Error`](crate::Error): kind, offset, line, column and
    /// excerpt, without the serde type's message.
    ///
    /// ```
    /// let err = structio_json::serde::from_str::<u8>("-1").unwrap_err();
    /// assert_eq!(err.as_json_error().kind(), structio_json::ErrorKind::NumberOutOfRange);
    /// ```
    pub fn as_json_error(&self) -> &crate::Error {
        &self.inner.base
    }

    /// Places an error that a serde type made at `offset`; errors already placed keep theirs.
    #[cold]
    #[must_use]
    pub(crate) fn place(mut self, offset: usize) -> Self {
        if !self.inner.placed {
            self.inner.placed = true;
            self.inner.base = crate::Error::new(self.inner.base.kind(), offset);
        }
        self
    }

    /// Fills in line, column and excerpt from the input (the reading entry points' last step).
    #[cold]
    #[must_use]
    pub(super) fn with_input(mut self, input: &[u8]) -> Self {
        self.inner.placed = true;
        self.inner.base = self.inner.base.with_input(input);
        self
    }

    /// An I/O error met while writing `written` bytes, with its message.
    #[cfg(feature = "std")]
    #[cold]
    pub(super) fn io(err: &std::io::Error, written: usize) -> Self {
        Self::with_message(IO, err).place(written)
    }
}

impl From<crate::Error> for Error {
    /// Structio's errors come placed.
    #[cold]
    fn from(e: crate::Error) -> Self {
        Error::make(e, true)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Error");
        d.field("kind", &self.kind())
            .field("offset", &self.offset());
        if self.line() > 0 {
            d.field("line", &self.line())
                .field("column", &self.column());
        }
        #[cfg(feature = "alloc")]
        if let Some(m) = &self.inner.message {
            d.field("message", m);
        }
        d.finish()
    }
}

impl fmt::Display for Error {
    /// Without a message, as structio's [`Error`](crate::Error) prints; with one, the message
    /// in place of the kind's description, then the same position and excerpt.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(feature = "alloc")]
        if let Some(m) = &self.inner.message {
            f.write_str(m)?;
            let base = &self.inner.base;
            if base.line() > 0 {
                write!(
                    f,
                    " at line {} column {} (byte {})",
                    base.line(),
                    base.column(),
                    base.offset()
                )?;
            } else {
                write!(f, " at byte {}", base.offset())?;
            }
            return Ok(());
        }
        fmt::Display::fmt(&self.inner.base, f)
    }
}

impl core::error::Error for Error {}

// serde's constructors (`custom`, `invalid_type`, `unknown_field`, ...) with serde_json's
// messages, shared by every format's serde error.
structio_core::serde_support::impl_serde_error!(Error);

/// The serde path's result type.
pub type Result<T, E = Error> = core::result::Result<T, E>;
