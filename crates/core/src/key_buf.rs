//! The fixed buffer an object key with escapes is decoded into.

use core::mem::MaybeUninit;

/// How many bytes a [`KeyBuf`] holds: longer than any field name a struct has in practice.
const CAPACITY: usize = 256;

/// Scratch space for an object key that cannot be borrowed from the input (a JSON key with
/// escapes), 256 bytes on the stack, so that reading a struct needs no allocator. A key that
/// does not fit is [`ErrorKind::KeyTooLong`](crate::ErrorKind::KeyTooLong) for the reader that
/// fills it.
///
/// ```
/// let mut buf = structio_core::KeyBuf::new();
/// assert!(buf.push_bytes(b"na"));
/// assert!(buf.push_bytes(b"me"));
/// assert_eq!(buf.contents(), b"name");
/// buf.clear();
/// assert!(buf.contents().is_empty());
/// ```
#[derive(Clone)]
pub struct KeyBuf {
    // Left uninitialized: the derive makes one per object read, and most keys never touch it,
    // so zeroing 256 bytes each time would be the most expensive thing it does.
    buf: [MaybeUninit<u8>; CAPACITY],
    /// `buf[..len]` is initialized.
    len: usize,
}

impl core::fmt::Debug for KeyBuf {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("KeyBuf")
            .field("contents", &self.contents())
            .finish()
    }
}

impl KeyBuf {
    /// An empty buffer.
    ///
    /// ```
    /// assert!(structio_core::KeyBuf::new().contents().is_empty());
    /// ```
    #[inline(always)]
    pub const fn new() -> Self {
        KeyBuf {
            buf: [MaybeUninit::uninit(); CAPACITY],
            len: 0,
        }
    }

    /// Empties the buffer (its bytes are not touched).
    ///
    /// ```
    /// let mut buf = structio_core::KeyBuf::new();
    /// buf.push_bytes(b"x");
    /// buf.clear();
    /// assert_eq!(buf.contents(), b"");
    /// ```
    #[inline(always)]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends `bytes`; `false` (and nothing appended) when they do not fit.
    ///
    /// ```
    /// let mut buf = structio_core::KeyBuf::new();
    /// assert!(!buf.push_bytes(&[b'k'; 257]));
    /// assert!(buf.contents().is_empty());
    /// ```
    #[inline]
    pub fn push_bytes(&mut self, bytes: &[u8]) -> bool {
        match self.buf.get_mut(self.len..self.len + bytes.len()) {
            Some(dst) => {
                for (d, &b) in dst.iter_mut().zip(bytes) {
                    d.write(b);
                }
                self.len += bytes.len();
                true
            }
            None => false,
        }
    }

    /// The bytes held.
    ///
    /// ```
    /// let mut buf = structio_core::KeyBuf::new();
    /// buf.push_bytes(b"id");
    /// assert_eq!(buf.contents(), b"id");
    /// ```
    #[inline]
    pub fn contents(&self) -> &[u8] {
        let init = self.buf.get(..self.len).unwrap_or_default();
        // SAFETY: `buf[..len]` is initialized (the field's invariant), and `MaybeUninit<u8>`
        // has the layout of `u8`.
        unsafe { &*(init as *const [MaybeUninit<u8>] as *const [u8]) }
    }
}

impl Default for KeyBuf {
    fn default() -> Self {
        Self::new()
    }
}
