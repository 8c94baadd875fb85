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

#[derive(Clone, Debug, PartialEq)]
struct Inner {
    base: crate::Error,
    /// Whether `base`'s offset is real: a serde type makes its errors without knowing where
    /// the reader or writer is, and the serde path fills the offset in on the way out.
    placed: bool,
    #[cfg(feature = "alloc")]
    message: Option<alloc::boxed::Box<str>>,
}

#[cfg(feature = "alloc")]
type Repr = alloc::boxed::Box<Inner>;
#[cfg(not(feature = "alloc"))]
type Repr = Inner;

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

    /// An error of `kind` whose offset the serde path fills in.
    #[cold]
    pub(super) fn unplaced(kind: ErrorKind) -> Self {
        Self::make(crate::Error::new(kind, 0), false)
    }

    /// A serde type's error of `kind` with its message (kept when there is an allocator).
    #[cold]
    fn with_message(kind: ErrorKind, msg: impl fmt::Display) -> Self {
        #[cfg_attr(not(feature = "alloc"), allow(unused_mut))]
        let mut e = Self::unplaced(kind);
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
    /// let err = structio_beve::serde::from_slice::<u8>(&[0x51, 0, 1, 0, 0]).unwrap_err();
    /// assert_eq!(err.kind(), structio_beve::ErrorKind::NumberOutOfRange);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.inner.base.kind()
    }

    /// The byte offset: in the document where reading stopped, or the count of bytes written
    /// when writing failed.
    ///
    /// ```
    /// let err = structio_beve::serde::from_slice::<(u8, u8)>(&[0x05, 0x08, 0x11, 1]).unwrap_err();
    /// assert_eq!(err.offset(), 4);
    /// ```
    pub fn offset(&self) -> usize {
        self.inner.base.offset()
    }

    /// The serde type's message, when one was given and kept (with the `alloc` feature);
    /// otherwise the kind's description.
    ///
    /// ```
    /// let err = structio_beve::serde::from_slice::<char>(&[0x02, 0x08, b'a', b'b']).unwrap_err();
    /// assert_eq!(err.kind(), structio_beve::ErrorKind::Custom("invalid value"));
    /// assert_eq!(err.message(), "invalid value: string \"ab\", expected a character");
    /// ```
    pub fn message(&self) -> &str {
        #[cfg(feature = "alloc")]
        if let Some(m) = &self.inner.message {
            return m;
        }
        self.kind().description()
    }

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

    /// Places an error a serde type made at `offset`; errors already placed keep theirs.
    #[cold]
    #[must_use]
    pub(crate) fn place(mut self, offset: usize) -> Self {
        if !self.inner.placed {
            self.inner.placed = true;
            self.inner.base = crate::Error::new(self.inner.base.kind(), offset);
        }
        self
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
        #[cfg(feature = "alloc")]
        if let Some(m) = &self.inner.message {
            d.field("message", m);
        }
        d.finish()
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

impl core::error::Error for Error {}

// serde's constructors (`custom`, `invalid_type`, `unknown_field`, ...) with serde_json's
// messages, shared by every format's serde error.
structio_core::serde_support::impl_serde_error!(Error);

/// The serde path's result type.
pub type Result<T, E = Error> = core::result::Result<T, E>;
