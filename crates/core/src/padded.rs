//! Input known to be followed by zero bytes: [`Padded`] (borrowed, checked once) and
//! [`PaddedBytes`] (owned, with `alloc`).
//!
//! A reader over a plain `&[u8]` must treat the last bytes of its input apart: a number within
//! a window's width of the end is copied to a zero-filled buffer before the vector loads, a
//! string's last bytes are scanned one at a time. With [`PADDING`] zero bytes after the
//! document those paths are never taken, which is most of a small document's extra cost (a
//! message of a hundred bytes is nearly all "last bytes"). A zero byte ends a number, a
//! literal and a whitespace run as the end of the input does, and is an error inside a string,
//! so a reader that sees the padding stops exactly where it would have stopped at the end.

/// How many zero bytes follow the document in a [`Padded`] input: the widest load any structio
/// reader makes from a position inside the document.
///
/// ```
/// assert_eq!(structio_core::PADDING, 64);
/// ```
pub const PADDING: usize = 64;

/// A document followed by at least [`PADDING`] zero bytes that belong to the same slice, so
/// a reader may load past the document's end without a check. The type proves the padding:
/// the only ways to make one check it ([`Padded::new`]) or write it ([`PaddedBytes`]).
///
/// ```
/// use structio_core::{Padded, PADDING};
/// let mut buf = [0u8; 5 + PADDING];
/// buf[..5].copy_from_slice(b"[1,2]");
/// let p = Padded::new(&buf, 5).unwrap();
/// assert_eq!(p.document(), b"[1,2]");
/// // Too short, or not zero after the document: refused.
/// assert!(Padded::new(&buf[..5 + PADDING - 1], 5).is_none());
/// assert!(Padded::new(&buf, 4).is_none());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Padded<'a> {
    /// The document and the padding after it (at least `len + PADDING` bytes).
    bytes: &'a [u8],
    len: usize,
}

impl<'a> Padded<'a> {
    /// The first `len` bytes of `buf` as a padded document, when `buf` holds at least
    /// [`PADDING`] more bytes after them and those are all zero; `None` otherwise. The check
    /// reads the 64 bytes once.
    ///
    /// ```
    /// let mut buf = vec![0u8; 4096];
    /// buf[..4].copy_from_slice(b"true");
    /// let p = structio_core::Padded::new(&buf, 4).unwrap();
    /// assert_eq!(p.document(), b"true");
    /// ```
    pub fn new(buf: &'a [u8], len: usize) -> Option<Self> {
        let pad = buf.get(len..)?.first_chunk::<PADDING>()?;
        if pad.iter().fold(0u8, |acc, &b| acc | b) != 0 {
            return None;
        }
        Some(Padded { bytes: buf, len })
    }

    /// The document, without the padding.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// let p = structio_core::PaddedBytes::from("{}");
    /// assert_eq!(p.as_padded().document(), b"{}");
    /// # }
    /// ```
    #[inline]
    pub fn document(&self) -> &'a [u8] {
        // `len + PADDING <= bytes.len()` (checked by `new`, written by `PaddedBytes`); `get`
        // keeps a panic path out of firmware images all the same.
        self.bytes.get(..self.len).unwrap_or_default()
    }

    /// The document with the padding after it: what a reader that relies on the padding
    /// reads from, stopping at [`len`](Self::len).
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// let p = structio_core::PaddedBytes::from("1");
    /// assert_eq!(p.as_padded().with_padding().len(), 1 + structio_core::PADDING);
    /// # }
    /// ```
    #[inline]
    pub fn with_padding(&self) -> &'a [u8] {
        self.bytes
    }

    /// The document's length in bytes.
    ///
    /// ```
    /// # #[cfg(feature = "alloc")] {
    /// assert_eq!(structio_core::PaddedBytes::from("null").as_padded().len(), 4);
    /// # }
    /// ```
    #[inline]
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.len
    }
}

/// An owned document with [`PADDING`] zero bytes after it, for the readers' padded entry
/// points (`structio_json::from_padded`, `structio_value::from_padded`). Made from a `Vec<u8>`
/// or a `String` it reuses their allocation (growing it by the padding when there is no room).
///
/// ```
/// use structio_core::PaddedBytes;
/// let p = PaddedBytes::from(String::from("[1]"));
/// assert_eq!(p.document(), b"[1]");
/// let v: Vec<u8> = p.into_vec();
/// assert_eq!(v, b"[1]");
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaddedBytes {
    /// The document, then `PADDING` zero bytes.
    bytes: alloc::vec::Vec<u8>,
}

#[cfg(feature = "alloc")]
impl PaddedBytes {
    /// A padded copy of `document`.
    ///
    /// ```
    /// let p = structio_core::PaddedBytes::new(b"[true]");
    /// assert_eq!(p.document(), b"[true]");
    /// ```
    pub fn new(document: &[u8]) -> Self {
        let mut bytes = alloc::vec::Vec::with_capacity(document.len() + PADDING);
        bytes.extend_from_slice(document);
        Self::from(bytes)
    }

    /// The document, without the padding.
    ///
    /// ```
    /// assert_eq!(structio_core::PaddedBytes::from("7").document(), b"7");
    /// ```
    #[inline]
    pub fn document(&self) -> &[u8] {
        self.as_padded().document()
    }

    /// The padded view the readers take.
    ///
    /// ```
    /// let p = structio_core::PaddedBytes::from("7");
    /// assert_eq!(p.as_padded().len(), 1);
    /// ```
    #[inline]
    pub fn as_padded(&self) -> Padded<'_> {
        Padded {
            bytes: &self.bytes,
            len: self.bytes.len().saturating_sub(PADDING),
        }
    }

    /// The document back as a `Vec<u8>` (the padding taken off, the allocation kept).
    ///
    /// ```
    /// let v = structio_core::PaddedBytes::from(vec![b'1']).into_vec();
    /// assert_eq!(v, b"1");
    /// ```
    pub fn into_vec(mut self) -> alloc::vec::Vec<u8> {
        let len = self.bytes.len().saturating_sub(PADDING);
        self.bytes.truncate(len);
        self.bytes
    }
}

#[cfg(feature = "alloc")]
impl Default for PaddedBytes {
    /// An empty document (which no reader accepts) and its padding.
    fn default() -> Self {
        Self::from(alloc::vec::Vec::new())
    }
}

#[cfg(feature = "alloc")]
impl From<alloc::vec::Vec<u8>> for PaddedBytes {
    /// Takes the vector and appends the padding (a reallocation only when its capacity has
    /// fewer than [`PADDING`] spare bytes).
    fn from(mut bytes: alloc::vec::Vec<u8>) -> Self {
        bytes.resize(bytes.len() + PADDING, 0);
        PaddedBytes { bytes }
    }
}

#[cfg(feature = "alloc")]
impl From<alloc::string::String> for PaddedBytes {
    fn from(text: alloc::string::String) -> Self {
        Self::from(text.into_bytes())
    }
}

#[cfg(feature = "alloc")]
impl From<&[u8]> for PaddedBytes {
    fn from(document: &[u8]) -> Self {
        Self::new(document)
    }
}

#[cfg(feature = "alloc")]
impl From<&str> for PaddedBytes {
    fn from(document: &str) -> Self {
        Self::new(document.as_bytes())
    }
}

#[cfg(feature = "alloc")]
impl<'a> From<&'a PaddedBytes> for Padded<'a> {
    fn from(p: &'a PaddedBytes) -> Self {
        p.as_padded()
    }
}
