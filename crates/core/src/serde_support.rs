//! What the serde data formats of the format crates share (feature `serde`): the kinds of the
//! errors a serde type makes, serde's wording of them, and `collect_str`'s formatting on the
//! stack. Not a public API: the format crates' `serde` modules are.

use core::fmt::{self, Write};

use crate::ErrorKind;

#[doc(hidden)]
pub use serde as __serde;

/// The kind of an error a serde type made with `Error::custom`.
pub const CUSTOM: ErrorKind = ErrorKind::Custom("custom error from a serde type");
/// `invalid_type`: the input held a value of another type than the destination wanted.
pub const INVALID_TYPE: ErrorKind = ErrorKind::Custom("invalid type");
/// `invalid_value`: the right type, a value the destination refuses.
pub const INVALID_VALUE: ErrorKind = ErrorKind::Custom("invalid value");
/// `invalid_length`: a sequence or map of a length the destination refuses.
pub const INVALID_LENGTH: ErrorKind = ErrorKind::Custom("invalid length");

/// serde's wording of the names a field or variant could have had (`.1`: "fields" or
/// "variants", for when there are none).
///
/// ```
/// use structio_core::serde_support::OneOf;
/// assert_eq!(OneOf(&["a", "b"], "fields").to_string(), "expected `a` or `b`");
/// assert_eq!(OneOf(&[], "variants").to_string(), "there are no variants");
/// ```
pub struct OneOf(pub &'static [&'static str], pub &'static str);

impl fmt::Display for OneOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => write!(f, "there are no {}", self.1),
            [one] => write!(f, "expected `{one}`"),
            [a, b] => write!(f, "expected `{a}` or `{b}`"),
            names => {
                f.write_str("expected one of ")?;
                for (i, n) in names.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "`{n}`")?;
                }
                Ok(())
            }
        }
    }
}

/// Implements `serde::de::Error` and `serde::ser::Error` for a format's serde error type, which
/// has `fn with_message(kind: ErrorKind, msg: impl Display) -> Self` and
/// `fn unplaced(kind: ErrorKind) -> Self`. The messages are serde_json's.
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_serde_error {
    ($ty:ty) => {
        impl $crate::serde_support::__serde::de::Error for $ty {
            #[cold]
            fn custom<T: ::core::fmt::Display>(msg: T) -> Self {
                <$ty>::with_message($crate::serde_support::CUSTOM, msg)
            }

            #[cold]
            fn invalid_type(
                unexp: $crate::serde_support::__serde::de::Unexpected<'_>,
                exp: &dyn $crate::serde_support::__serde::de::Expected,
            ) -> Self {
                <$ty>::with_message(
                    $crate::serde_support::INVALID_TYPE,
                    format_args!("invalid type: {unexp}, expected {exp}"),
                )
            }

            #[cold]
            fn invalid_value(
                unexp: $crate::serde_support::__serde::de::Unexpected<'_>,
                exp: &dyn $crate::serde_support::__serde::de::Expected,
            ) -> Self {
                <$ty>::with_message(
                    $crate::serde_support::INVALID_VALUE,
                    format_args!("invalid value: {unexp}, expected {exp}"),
                )
            }

            #[cold]
            fn invalid_length(
                len: usize,
                exp: &dyn $crate::serde_support::__serde::de::Expected,
            ) -> Self {
                <$ty>::with_message(
                    $crate::serde_support::INVALID_LENGTH,
                    format_args!("invalid length {len}, expected {exp}"),
                )
            }

            #[cold]
            fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
                <$ty>::with_message(
                    $crate::ErrorKind::UnknownVariant,
                    format_args!(
                        "unknown variant `{variant}`, {}",
                        $crate::serde_support::OneOf(expected, "variants")
                    ),
                )
            }

            #[cold]
            fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
                <$ty>::with_message(
                    $crate::ErrorKind::UnknownField,
                    format_args!(
                        "unknown field `{field}`, {}",
                        $crate::serde_support::OneOf(expected, "fields")
                    ),
                )
            }

            /// The kind names the field, so no message is needed (nor allocated).
            #[cold]
            fn missing_field(field: &'static str) -> Self {
                <$ty>::unplaced($crate::ErrorKind::MissingField(field))
            }
        }

        impl $crate::serde_support::__serde::ser::Error for $ty {
            #[cold]
            fn custom<T: ::core::fmt::Display>(msg: T) -> Self {
                <$ty>::with_message($crate::serde_support::CUSTOM, msg)
            }
        }
    };
}
pub use __impl_serde_error as impl_serde_error;

/// Text this long or shorter is formatted without allocating.
const STACK: usize = 128;

/// A fixed buffer that `write!` fills until it runs out of room.
struct Buf {
    bytes: [u8; STACK],
    len: usize,
    /// The text did not fit (rather than the `Display` impl failing).
    full: bool,
}

impl Write for Buf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let Some(dst) = self.bytes.get_mut(self.len..self.len + s.len()) else {
            self.full = true;
            return Err(fmt::Error);
        };
        dst.copy_from_slice(s.as_bytes());
        self.len += s.len();
        Ok(())
    }
}

/// Why [`with_display_str`] could not hand over `value`'s text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DisplayError {
    /// The `Display` impl returned an error.
    Failed,
    /// Longer than 128 bytes, with no allocator to hold it.
    TooLong,
}

/// Calls `f` with `value`'s text (`collect_str`): formatted on the stack when it is short
/// (dates, UUIDs, addresses), in a `String` when it is longer and there is an allocator.
///
/// ```
/// use structio_core::serde_support::with_display_str;
/// let n = with_display_str(&1234, |s| Ok::<_, ()>(s.len()), |_| ()).unwrap();
/// assert_eq!(n, 4);
/// ```
pub fn with_display_str<T: fmt::Display + ?Sized, R, E>(
    value: &T,
    f: impl FnOnce(&str) -> Result<R, E>,
    error: impl FnOnce(DisplayError) -> E,
) -> Result<R, E> {
    let mut buf = Buf {
        bytes: [0; STACK],
        len: 0,
        full: false,
    };
    match write!(buf, "{value}") {
        Ok(()) => {
            let text = buf.bytes.get(..buf.len).unwrap_or_default();
            // Only whole `&str`s were copied in.
            f(core::str::from_utf8(text).unwrap_or_default())
        }
        Err(_) if buf.full => long(value, f, error),
        Err(_) => Err(error(DisplayError::Failed)),
    }
}

#[cfg(feature = "alloc")]
#[cold]
fn long<T: fmt::Display + ?Sized, R, E>(
    value: &T,
    f: impl FnOnce(&str) -> Result<R, E>,
    error: impl FnOnce(DisplayError) -> E,
) -> Result<R, E> {
    let mut s = alloc::string::String::new();
    if write!(s, "{value}").is_err() {
        return Err(error(DisplayError::Failed));
    }
    f(&s)
}

#[cfg(not(feature = "alloc"))]
#[cold]
fn long<T: fmt::Display + ?Sized, R, E>(
    _value: &T,
    _f: impl FnOnce(&str) -> Result<R, E>,
    error: impl FnOnce(DisplayError) -> E,
) -> Result<R, E> {
    Err(error(DisplayError::TooLong))
}
