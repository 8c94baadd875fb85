//! A stack buffer for `Display` text of bounded length, for the std types the formats write as
//! their text (IP and socket addresses).

use core::fmt;

/// The most `Display` text [`DisplayBuf`] holds: the longest socket address is 58 bytes.
const DISPLAY_MAX: usize = 64;

/// A stack buffer for `Display` text of bounded length (an IP or socket address written as a
/// string); longer text fails rather than being cut.
///
/// ```
/// let mut buf = structio_core::DisplayBuf::new();
/// assert_eq!(buf.format(&core::net::Ipv4Addr::LOCALHOST), Some("127.0.0.1"));
/// assert_eq!(buf.format(&"x".repeat(65)), None);
/// ```
#[doc(hidden)]
pub struct DisplayBuf {
    bytes: [u8; DISPLAY_MAX],
    len: usize,
}

impl DisplayBuf {
    /// An empty buffer.
    ///
    /// ```
    /// let _ = structio_core::DisplayBuf::new();
    /// ```
    #[inline]
    pub fn new() -> Self {
        DisplayBuf {
            bytes: [0; DISPLAY_MAX],
            len: 0,
        }
    }

    /// `v`'s `Display` text, or `None` when it does not fit (or `v` fails to format).
    ///
    /// ```
    /// let mut buf = structio_core::DisplayBuf::new();
    /// assert_eq!(buf.format(&7), Some("7"));
    /// ```
    pub fn format(&mut self, v: &impl fmt::Display) -> Option<&str> {
        use fmt::Write;
        self.len = 0;
        if write!(self, "{v}").is_err() {
            return None;
        }
        // `fmt::Write` only ever receives `&str`, so the bytes are UTF-8.
        let text = core::str::from_utf8(self.bytes.get(..self.len).unwrap_or_default());
        Some(text.unwrap_or_default())
    }
}

impl Default for DisplayBuf {
    #[inline]
    fn default() -> Self {
        DisplayBuf::new()
    }
}

impl fmt::Write for DisplayBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let dst = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
