//! The one error type of the crate.

use core::fmt;

/// Why a number could not be read.
///
/// ```
/// use structio_num::{parse_int, NumErrorKind};
/// assert_eq!(parse_int::<u8>(b"256", 0).unwrap_err().kind, NumErrorKind::Overflow);
/// assert_eq!(parse_int::<u8>(b"x", 0).unwrap_err().kind, NumErrorKind::Invalid);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NumErrorKind {
    /// The bytes are not a number of the requested grammar (or a fraction or exponent was given
    /// to an integer destination).
    Invalid,
    /// A well-formed integer that does not fit the destination type.
    Overflow,
}

/// A failed read: what went wrong and where.
///
/// `offset` is an absolute index into the `input` the parser was given. For
/// [`NumErrorKind::Invalid`] it is the first byte that breaks the grammar (possibly
/// `input.len()` when the number ends too early); for [`NumErrorKind::Overflow`] it is the first
/// byte of the number (its sign or first digit).
///
/// ```
/// use structio_num::{parse_f64, NumError, NumErrorKind};
/// let e = parse_f64(b"[1.]", 1).unwrap_err();
/// assert_eq!(e, NumError { kind: NumErrorKind::Invalid, offset: 3 });
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NumError {
    /// What went wrong.
    pub kind: NumErrorKind,
    /// Absolute index in `input` where the number went wrong.
    pub offset: usize,
}

impl NumError {
    #[cold]
    #[inline(never)]
    pub(crate) const fn invalid(offset: usize) -> Self {
        NumError {
            kind: NumErrorKind::Invalid,
            offset,
        }
    }

    #[cold]
    #[inline(never)]
    pub(crate) const fn overflow(offset: usize) -> Self {
        NumError {
            kind: NumErrorKind::Overflow,
            offset,
        }
    }
}

impl fmt::Display for NumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            NumErrorKind::Invalid => "invalid number",
            NumErrorKind::Overflow => "number out of range",
        };
        write!(f, "{what} at byte {}", self.offset)
    }
}

impl core::error::Error for NumError {}
