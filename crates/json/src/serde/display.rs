//! `collect_str`: a `Display` value's text, formatted on the stack when it is short (dates,
//! UUIDs, addresses), in a `String` when it is longer and there is an allocator (structio-core's
//! shared formatting, with this crate's errors).

use core::fmt;

use structio_core::serde_support::{with_display_str, DisplayError};

use super::{Error, Result};

/// Calls `f` with `value`'s text. Longer than 128 bytes without an allocator:
/// [`ErrorKind::StringTooLong`](crate::ErrorKind::StringTooLong). A `Display` impl that fails
/// is a custom error.
pub(super) fn with_str<T: fmt::Display + ?Sized, R>(
    value: &T,
    f: impl FnOnce(&str) -> Result<R>,
) -> Result<R> {
    with_display_str(value, f, |e| match e {
        DisplayError::Failed => {
            ::serde::ser::Error::custom("a Display implementation returned an error")
        }
        DisplayError::TooLong => Error::unplaced(crate::ErrorKind::StringTooLong),
    })
}
