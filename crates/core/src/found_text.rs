//! The fixed buffer the binary formats' error walks write a found value's text into (a key,
//! a string, a number printed with `write!`) before it goes to
//! [`Error::with_found`](crate::Error::with_found), and the error those walks end with.

use crate::{Error, ErrorKind, ErrorPath, Found};

/// How many bytes a [`FoundText`] holds; more than an error keeps, so a cut is the error's.
const CAP: usize = 48;

/// A found value's text, kept up to 48 bytes (what does not fit is dropped, the start kept).
///
/// ```
/// use core::fmt::Write as _;
/// let mut t = structio_core::FoundText::new();
/// t.push(b"-");
/// write!(t, "{}", 12).unwrap();
/// assert_eq!(t.as_bytes(), b"-12");
/// ```
#[doc(hidden)]
pub struct FoundText {
    bytes: [u8; CAP],
    len: usize,
}

impl Default for FoundText {
    fn default() -> Self {
        Self::new()
    }
}

impl FoundText {
    /// Empty.
    pub const fn new() -> Self {
        FoundText {
            bytes: [0; CAP],
            len: 0,
        }
    }

    /// What was written so far.
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or_default()
    }

    /// How many bytes were written.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing was written.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends as much of `b` as fits.
    pub fn push(&mut self, b: &[u8]) {
        let n = b.len().min(CAP - self.len);
        if let Some(dst) = self.bytes.get_mut(self.len..self.len + n) {
            crate::path::copy(dst, b);
            self.len += n;
        }
    }

    /// The error a binary format's error walk ends with: `kind` (the walk's reading of `e`'s)
    /// at `e`'s offset, with `e`'s expected names, the path, and `found` with this text when
    /// the kind is about a value of the wrong kind or range (other kinds are about the bytes,
    /// so nothing found is shown).
    ///
    /// ```
    /// use structio_core::{Error, ErrorKind, ErrorPath, Found, FoundText};
    /// let mut t = FoundText::new();
    /// t.push(b"8080");
    /// let e = Error::new(ErrorKind::NumberOutOfRange, 7);
    /// let d = t.describe(&e, e.kind(), Found::String, ErrorPath::default());
    /// assert_eq!((d.kind(), d.offset()), (ErrorKind::NumberOutOfRange, 7));
    /// // Kept with the `alloc` feature (without it an error is its kind and offset).
    /// assert!(d.found_text().is_empty() || d.found_text() == b"8080");
    ///
    /// let e = Error::new(ErrorKind::UnexpectedEnd, 3);
    /// let d = t.describe(&e, e.kind(), Found::String, ErrorPath::default());
    /// assert!(d.found_text().is_empty());
    /// assert_eq!(d.found(), Found::Unknown);
    /// ```
    #[cold]
    pub fn describe(&self, e: &Error, kind: ErrorKind, found: Found, path: ErrorPath) -> Error {
        let keeps_text = matches!(
            kind,
            ErrorKind::InvalidType(_)
                | ErrorKind::UnknownField
                | ErrorKind::UnknownVariant
                | ErrorKind::NumberOutOfRange
        );
        let (found, shown) = if keeps_text {
            (found, self.as_bytes())
        } else {
            (Found::Unknown, &[][..])
        };
        Error::new(kind, e.offset())
            .one_of(e.expected_one_of())
            .with_found(found, shown)
            .with_path(path)
    }

    /// Appends an integer found in the input, in decimal.
    ///
    /// ```
    /// let mut t = structio_core::FoundText::new();
    /// t.push_int(-12i128);
    /// assert_eq!(t.as_bytes(), b"-12");
    /// ```
    pub fn push_int(&mut self, v: impl core::fmt::Display) {
        // Writing only fails when the buffer is full, and then the start is what is kept.
        let _ = core::fmt::Write::write_fmt(self, format_args!("{v}"));
    }

    /// Appends a float found in the input as serde shows it: a narrow one (`f16`, `bf16`,
    /// `f32`) as `f32` prints it (`0.1`, not the `f64` digits of it), a whole finite one with
    /// `.0` (`2.0`).
    ///
    /// ```
    /// let mut t = structio_core::FoundText::new();
    /// t.push_float(0.1f32 as f64, true);
    /// assert_eq!(t.as_bytes(), b"0.1");
    /// let mut t = structio_core::FoundText::new();
    /// t.push_float(2.0, false);
    /// assert_eq!(t.as_bytes(), b"2.0");
    /// ```
    pub fn push_float(&mut self, v: f64, narrow: bool) {
        let start = self.len;
        // As in `push_int`, a full buffer keeps the start.
        let _ = if narrow {
            core::fmt::Write::write_fmt(self, format_args!("{}", v as f32))
        } else {
            core::fmt::Write::write_fmt(self, format_args!("{v}"))
        };
        if v.is_finite() {
            let digits = self.as_bytes().get(start..).unwrap_or_default();
            if !digits.iter().any(|&b| b == b'.' || b == b'e') {
                self.push(b".0");
            }
        }
    }

    /// Appends `input[start..start + len]`, or what of it the input holds.
    pub fn push_input(&mut self, input: &[u8], start: usize, len: usize) {
        let end = start.saturating_add(len).min(input.len());
        self.push(input.get(start..end).unwrap_or_default());
    }
}

impl core::fmt::Write for FoundText {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.push(s.as_bytes());
        Ok(())
    }
}
