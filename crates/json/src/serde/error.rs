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

structio_core::serde_support::serde_error_common! {
    structio_json,
    [line, column],
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
}

impl Error {
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
