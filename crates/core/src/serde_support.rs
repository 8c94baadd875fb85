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

/// Expands, in a format's `serde::error` module, to its serde `Error` and what every format's
/// has the same: a boxed (with `alloc`) `Inner` holding the format's own `crate::Error`, whether
/// its offset is real yet, and the serde type's message; `kind`, `offset`, `message`, `place`,
/// `From<crate::Error>`, `core::error::Error`, serde's constructors ([`impl_serde_error`]) and
/// the `Result` alias, `with_display_str` (`collect_str` with the format's errors), and `Debug`: the kind, the offset, each of the position getters listed
/// in brackets that the format's own `Error` has (shown when not zero) and the message. The
/// attributes given (the doc comment) go on the struct; the format adds its `Display` and the
/// methods of its own (`as_<format>_error`, line and column, the error path). Its crate must
/// have an `alloc` extern crate and feature.
///
/// ```text
/// structio_core::serde_support::serde_error_common! {
///     structio_json,
///     [line, column],
///     /// An error of the serde path: ...
/// }
/// ```
#[doc(hidden)]
#[macro_export]
// `crate::` is meant to be the expanding format crate, not this one.
#[allow(clippy::crate_in_macro_def)]
macro_rules! __serde_error_common {
    ($krate:ident, [$($position:ident),*], $(#[$meta:meta])*) => {
        /// What an [`Error`] holds; boxed when there is an allocator so that `Result<T, Error>`
        /// stays one word wider than `T`.
        #[derive(Clone, Debug, PartialEq)]
        struct Inner {
            /// Kind and offset, and what the format's own error adds once the entry point has
            /// seen the input.
            base: crate::Error,
            /// Whether `base`'s offset is real: a serde type makes its errors without knowing
            /// where the reader or writer is, and the serde path fills the offset in on the way
            /// out.
            placed: bool,
            /// The serde type's own message (`Error::custom`, `invalid_type`, ...).
            #[cfg(feature = "alloc")]
            message: Option<alloc::boxed::Box<str>>,
        }

        #[cfg(feature = "alloc")]
        type Repr = alloc::boxed::Box<Inner>;
        #[cfg(not(feature = "alloc"))]
        type Repr = Inner;

        $(#[$meta])*
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
            pub(super) fn unplaced(kind: crate::ErrorKind) -> Self {
                Self::make(crate::Error::new(kind, 0), false)
            }

            /// A serde type's error of `kind` with its message (kept when there is an
            /// allocator), not yet placed.
            #[cold]
            fn with_message(kind: crate::ErrorKind, msg: impl core::fmt::Display) -> Self {
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

            #[doc = concat!(
                "What went wrong.\n\n",
                "```\n",
                "use ", stringify!($krate), " as f;\n",
                "let bytes = f::serde::to_vec(&300u32)?;\n",
                "let err = f::serde::from_slice::<u8>(&bytes).unwrap_err();\n",
                "assert_eq!(err.kind(), f::ErrorKind::NumberOutOfRange);\n",
                "# Ok::<(), f::serde::Error>(())\n",
                "```"
            )]
            pub fn kind(&self) -> crate::ErrorKind {
                self.inner.base.kind()
            }

            #[doc = concat!(
                "The byte offset: in the input where reading stopped (the start of the value a ",
                "serde type refused), or the count of bytes written when writing failed.\n\n",
                "```\n",
                "use ", stringify!($krate), " as f;\n",
                "let bytes = f::serde::to_vec(&(1u8, \"x\"))?;\n",
                "let err = f::serde::from_slice::<(u8, u8)>(&bytes).unwrap_err();\n",
                "assert!(0 < err.offset() && err.offset() < bytes.len());\n",
                "# Ok::<(), f::serde::Error>(())\n",
                "```"
            )]
            pub fn offset(&self) -> usize {
                self.inner.base.offset()
            }

            #[doc = concat!(
                "The serde type's message, when one was given and kept (with the `alloc` ",
                "feature); otherwise the kind's description.\n\n",
                "```\n",
                "use ", stringify!($krate), " as f;\n",
                "let bytes = f::serde::to_vec(\"ab\")?;\n",
                "let err = f::serde::from_slice::<char>(&bytes).unwrap_err();\n",
                "assert_eq!(err.kind(), f::ErrorKind::Custom(\"invalid value\"));\n",
                "assert_eq!(err.message(), \"invalid value: string \\\"ab\\\", expected a character\");\n",
                "# Ok::<(), f::serde::Error>(())\n",
                "```"
            )]
            pub fn message(&self) -> &str {
                #[cfg(feature = "alloc")]
                if let Some(m) = &self.inner.message {
                    return m;
                }
                self.kind().description()
            }

            /// Places an error a serde type made at `offset`; errors already placed keep
            /// theirs.
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

        impl core::fmt::Debug for Error {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                let mut d = f.debug_struct("Error");
                d.field("kind", &self.kind()).field("offset", &self.offset());
                $(
                    let at = self.inner.base.$position();
                    if at > 0 {
                        d.field(stringify!($position), &at);
                    }
                )*
                #[cfg(feature = "alloc")]
                if let Some(m) = &self.inner.message {
                    d.field("message", m);
                }
                d.finish()
            }
        }

        impl core::error::Error for Error {}

        // serde's constructors (`custom`, `invalid_type`, `unknown_field`, ...) with
        // serde_json's messages.
        $crate::serde_support::impl_serde_error!(Error);

        #[doc = concat!(
            "The serde path's result type.\n\n",
            "```\n",
            "use ", stringify!($krate), " as f;\n",
            "fn double(bytes: &[u8]) -> f::serde::Result<u32> {\n",
            "    Ok(2 * f::serde::from_slice::<u32>(bytes)?)\n",
            "}\n",
            "let bytes = f::serde::to_vec(&21u32)?;\n",
            "assert_eq!(double(&bytes)?, 42);\n",
            "# Ok::<(), f::serde::Error>(())\n",
            "```"
        )]
        pub type Result<T, E = Error> = core::result::Result<T, E>;

        /// `collect_str`: calls `f` with `value`'s text ([`with_display_str`]). Longer than
        /// 128 bytes without an allocator: [`ErrorKind::StringTooLong`]; a `Display` impl that
        /// fails is a custom error.
        ///
        /// [`with_display_str`]: structio_core::serde_support::with_display_str
        /// [`ErrorKind::StringTooLong`]: crate::ErrorKind::StringTooLong
        pub(super) fn with_display_str<T: core::fmt::Display + ?Sized, R>(
            value: &T,
            f: impl FnOnce(&str) -> Result<R>,
        ) -> Result<R> {
            $crate::serde_support::with_display_str(value, f, |e| match e {
                $crate::serde_support::DisplayError::Failed => {
                    <Error as $crate::serde_support::__serde::ser::Error>::custom(
                        "a Display implementation returned an error",
                    )
                }
                $crate::serde_support::DisplayError::TooLong => {
                    Error::unplaced(crate::ErrorKind::StringTooLong)
                }
            })
        }
    };
}
pub use __serde_error_common as serde_error_common;

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
