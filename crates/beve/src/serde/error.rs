//! The serde path's error: structio-beve's [`Error`](crate::Error) (kind and byte offset) and,
//! with `alloc`, the message a serde type gave.

use core::fmt;

use crate::ErrorKind;

/// A map key that is not a string or an integer.
pub(super) const KEY_MUST_BE_A_STRING_OR_INTEGER: ErrorKind =
    ErrorKind::Custom("a map key must be a string or an integer");
/// Map keys of more than one type (BEVE's object header names one key type).
pub(super) const MIXED_KEYS: ErrorKind =
    ErrorKind::Custom("the keys of a map changed type (BEVE objects have keys of one type)");
/// A sequence or map written without its length, with no allocator to gather it in.
#[cfg(not(feature = "alloc"))]
pub(super) const LENGTH_UNKNOWN: ErrorKind =
    ErrorKind::Custom("a sequence or map without a length needs the `alloc` feature");
/// A `Serialize` impl that wrote another number of elements than it announced.
pub(super) const LENGTH_MISMATCH: ErrorKind =
    ErrorKind::Custom("a sequence, map or struct wrote another number of elements than its length");

structio_core::serde_support::serde_error_common! {
    structio_beve,
    [],
    /// An error of the serde path: structio-beve's [`ErrorKind`], the byte offset, and the message
    /// a serde type gave.
    ///
    /// Errors structio finds keep the kind and offset the typed reader and writer give. Errors a
    /// serde type makes (`Error::custom`, `invalid_type`, `invalid_value`, `invalid_length`) are
    /// [`ErrorKind::Custom`] with a static description of the category, placed at the value the type
    /// was reading (or at the bytes written so far); with the `alloc` feature the type's own message
    /// is kept too ([`message`](Self::message)). `missing_field`, `unknown_field` and
    /// `unknown_variant` map to [`ErrorKind::MissingField`], [`ErrorKind::UnknownField`] and
    /// [`ErrorKind::UnknownVariant`].
    ///
    /// ```
    /// let err = structio_beve::serde::from_slice::<u8>(&[0x02, 0x04, b'x']).unwrap_err();
    /// assert_eq!(err.kind(), structio_beve::ErrorKind::InvalidType("u8"));
    /// assert_eq!(err.offset(), 0);
    /// ```
}

impl Error {
    /// The error as structio-beve's own [`Error`](crate::Error), without the message.
    ///
    /// ```
    /// let err = structio_beve::serde::from_slice::<bool>(&[]).unwrap_err();
    /// assert_eq!(err.as_beve_error().kind(), structio_beve::ErrorKind::UnexpectedEnd);
    /// ```
    pub fn as_beve_error(&self) -> &crate::Error {
        &self.inner.base
    }

    /// The error with the path and found value [`describe_error`](crate::describe_error) gives
    /// (the serde type's message, if any, is kept).
    #[cold]
    #[must_use]
    pub(crate) fn describe(mut self, input: &[u8]) -> Self {
        self.inner.base = crate::describe_error(input, self.inner.base);
        self
    }

    /// The JSON Pointer of the value the error is about (`/network/port`), empty for the root.
    ///
    /// ```
    /// let err = structio_beve::serde::from_slice::<Vec<u8>>(&[0x05, 0x04, 0x00]).unwrap_err();
    /// assert_eq!(err.path().as_str(), "/0");
    /// ```
    pub fn path(&self) -> &structio_core::ErrorPath {
        self.inner.base.path()
    }
}

impl fmt::Display for Error {
    /// Without a message, as structio-beve's [`Error`](crate::Error) prints; with one, the
    /// message and the offset.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(feature = "alloc")]
        if let Some(m) = &self.inner.message {
            let path = self.inner.base.path();
            if !path.is_empty() {
                return write!(f, "{m} at {path}, byte {}", self.offset());
            }
            return write!(f, "{m} at byte {}", self.offset());
        }
        fmt::Display::fmt(&self.inner.base, f)
    }
}
