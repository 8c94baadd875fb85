//! The error of [`to_value`](super::to_value) and [`from_value`](super::from_value): a kind and
//! the message serde's wording gives it. A tree has no byte offsets, so none is kept.

use alloc::boxed::Box;
use alloc::string::ToString;
use core::fmt;

use structio_core::ErrorKind;

/// A map key that is not a string, an integer, a float, a bool or a char.
pub(super) const KEY_MUST_BE_A_STRING: ErrorKind =
    ErrorKind::Custom("a map key must be a string, an integer, a float, a bool or a char");

/// An error converting between a serde type and a [`Value`](crate::Value).
///
/// [`kind`](Self::kind) is the [`ErrorKind`] structio uses for the same fault
/// (`NumberOutOfRange`, `MissingField`, `UnknownField`, `UnknownVariant`, or `Custom` with
/// serde's category: "invalid type", "invalid value", "invalid length", "custom error from a
/// serde type"); [`message`](Self::message) is serde_json's wording of it.
///
/// ```
/// use structio_value::{value, ErrorKind};
/// let err = structio_value::from_value::<u8>(value!("x")).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Custom("invalid type"));
/// assert_eq!(err.to_string(), r#"invalid type: string "x", expected u8"#);
/// ```
#[derive(Clone, PartialEq)]
pub struct Error {
    inner: Box<Inner>,
}

#[derive(Clone, PartialEq)]
struct Inner {
    kind: ErrorKind,
    message: Option<Box<str>>,
}

impl Error {
    /// An error of `kind` with no message but the kind's own.
    #[cold]
    pub(crate) fn unplaced(kind: ErrorKind) -> Self {
        Error {
            inner: Box::new(Inner {
                kind,
                message: None,
            }),
        }
    }

    /// An error of `kind` with serde's message.
    #[cold]
    pub(crate) fn with_message(kind: ErrorKind, msg: impl fmt::Display) -> Self {
        Error {
            inner: Box::new(Inner {
                kind,
                message: Some(msg.to_string().into_boxed_str()),
            }),
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// let err = structio_value::from_value::<u8>(structio_value::value!(300)).unwrap_err();
    /// assert_eq!(err.kind(), structio_value::ErrorKind::Custom("invalid value"));
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.inner.kind
    }

    /// serde's message, or the kind's description when there is none.
    ///
    /// ```
    /// #[derive(serde::Deserialize, Debug)]
    /// struct P { x: i32 }
    /// let err = structio_value::from_value::<P>(structio_value::value!({})).unwrap_err();
    /// assert_eq!(err.kind(), structio_value::ErrorKind::MissingField("x"));
    /// assert_eq!(err.message(), "missing field");
    /// ```
    pub fn message(&self) -> &str {
        match &self.inner.message {
            Some(m) => m,
            None => self.inner.kind.description(),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Error");
        d.field("kind", &self.kind());
        if let Some(m) = &self.inner.message {
            d.field("message", m);
        }
        d.finish()
    }
}

impl fmt::Display for Error {
    /// The message; without one, the kind as structio prints it (`missing field `x``).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.inner.message {
            Some(m) => f.write_str(m),
            None => fmt::Display::fmt(&self.inner.kind, f),
        }
    }
}

impl core::error::Error for Error {}

structio_core::serde_support::impl_serde_error!(Error);
