//! [`AlignedBuf`]: document bytes at an address aligned for any numeric element, so that the
//! aligned arrays [`to_beve_aligned`](crate::to_beve_aligned) writes can be borrowed in place.

use alloc::vec::Vec;

/// Sixteen bytes aligned to 16: the widest element a borrowed slice can have (`u128`, `F128`).
#[derive(Copy, Clone)]
#[repr(C, align(16))]
struct Block([u8; 16]);

/// An owned byte buffer whose start is aligned to 16 bytes, for reading BEVE written by
/// [`to_beve_aligned`](crate::to_beve_aligned) with zero copies.
///
/// An aligned document places every numeric array's payload at a multiple of its element width
/// *from the document's start*; the payload is aligned in memory only when the start is too. A
/// `Vec<u8>` (from `std::fs::read`, a socket, …) promises no alignment at all, so a
/// `Cow<'de, [f64]>` read from one may be copied and a `&'de [f64]` may fail with
/// [`ErrorKind::Misaligned`](crate::ErrorKind::Misaligned). Read the document into an
/// `AlignedBuf` instead and both borrow.
///
/// ```
/// use std::borrow::Cow;
/// use structio_beve::AlignedBuf;
///
/// let doc = structio_beve::to_beve_aligned(&(1u8, vec![1.5f64, 2.5])).unwrap();
/// let buf = AlignedBuf::from_bytes(&doc);
/// let (_, samples): (u8, Cow<[f64]>) = structio_beve::from_slice(&buf).unwrap();
/// assert!(matches!(samples, Cow::Borrowed(_)));
/// assert_eq!(&*samples, [1.5, 2.5]);
/// ```
#[derive(Clone, Default)]
pub struct AlignedBuf {
    blocks: Vec<Block>,
    len: usize,
}

impl AlignedBuf {
    /// An empty buffer.
    ///
    /// ```
    /// assert!(structio_beve::AlignedBuf::new().is_empty());
    /// ```
    pub const fn new() -> Self {
        AlignedBuf {
            blocks: Vec::new(),
            len: 0,
        }
    }

    /// A copy of `bytes`, aligned.
    ///
    /// ```
    /// let buf = structio_beve::AlignedBuf::from_bytes(&[1, 2, 3]);
    /// assert_eq!(buf.as_bytes(), [1, 2, 3]);
    /// assert_eq!(buf.as_bytes().as_ptr() as usize % 16, 0);
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Self {
        let mut buf = AlignedBuf::new();
        buf.extend_from_slice(bytes);
        buf
    }

    /// Appends `bytes` (a document read in pieces).
    ///
    /// ```
    /// let mut buf = structio_beve::AlignedBuf::new();
    /// buf.extend_from_slice(&[1]);
    /// buf.extend_from_slice(&[2, 3]);
    /// assert_eq!(buf.as_bytes(), [1, 2, 3]);
    /// ```
    pub fn extend_from_slice(&mut self, bytes: &[u8]) {
        let start = self.len;
        let end = start + bytes.len();
        self.blocks.resize(end.div_ceil(16), Block([0; 16]));
        self.as_bytes_mut_full()[start..end].copy_from_slice(bytes);
        self.len = end;
    }

    /// The bytes, starting at an address that is a multiple of 16.
    ///
    /// ```
    /// let buf = structio_beve::AlignedBuf::from_bytes(b"beve");
    /// assert_eq!(buf.as_bytes(), b"beve");
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        // SAFETY: `blocks` is `blocks.len() * 16` initialized bytes (`Block` is a plain byte
        // array with no padding), and `len` never exceeds that.
        unsafe {
            core::slice::from_raw_parts(
                self.blocks.as_ptr().cast::<u8>(),
                self.len.min(self.blocks.len() * 16),
            )
        }
    }

    /// Every byte of the blocks, past `len` too.
    fn as_bytes_mut_full(&mut self) -> &mut [u8] {
        let n = self.blocks.len() * 16;
        // SAFETY: as in `as_bytes`, with exclusive access through `&mut self`.
        unsafe { core::slice::from_raw_parts_mut(self.blocks.as_mut_ptr().cast::<u8>(), n) }
    }

    /// The number of bytes.
    ///
    /// ```
    /// assert_eq!(structio_beve::AlignedBuf::from_bytes(&[0; 5]).len(), 5);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no bytes.
    ///
    /// ```
    /// assert!(structio_beve::AlignedBuf::from_bytes(&[]).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Reads everything `reader` gives into a new buffer.
    ///
    /// ```
    /// let doc = structio_beve::to_beve_aligned(&vec![1u32, 2]).unwrap();
    /// let buf = structio_beve::AlignedBuf::from_reader(&doc[..]).unwrap();
    /// let v: &[u32] = structio_beve::from_slice(&buf).unwrap();
    /// assert_eq!(v, [1, 2]);
    /// ```
    #[cfg(feature = "std")]
    pub fn from_reader(mut reader: impl std::io::Read) -> std::io::Result<Self> {
        let mut buf = AlignedBuf::new();
        let mut chunk = [0u8; 8192];
        loop {
            match reader.read(&mut chunk) {
                Ok(0) => return Ok(buf),
                Ok(n) => buf.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Reads the file at `path` into a new buffer (one allocation of the file's size, no
    /// intermediate `Vec<u8>`).
    ///
    /// ```
    /// let path = std::env::temp_dir().join("structio_aligned_buf_doc.beve");
    /// std::fs::write(&path, structio_beve::to_beve_aligned(&vec![0.5f64; 3]).unwrap()).unwrap();
    /// let buf = structio_beve::AlignedBuf::read_file(&path).unwrap();
    /// let v: &[f64] = structio_beve::from_slice(&buf).unwrap();
    /// assert_eq!(v, [0.5; 3]);
    /// # std::fs::remove_file(&path).ok();
    /// ```
    #[cfg(feature = "std")]
    pub fn read_file(path: impl AsRef<std::path::Path>) -> std::io::Result<Self> {
        use std::io::Read;
        let mut file = std::fs::File::open(path)?;
        let size = file.metadata().map(|m| m.len() as usize).unwrap_or(0);
        let mut buf = AlignedBuf::new();
        buf.blocks.reserve(size.div_ceil(16) + 1);
        // Read straight into the blocks: grow, read into the spare bytes, keep what came.
        loop {
            if buf.len == buf.blocks.len() * 16 {
                let more = buf.blocks.len().max(512);
                buf.blocks.resize(buf.blocks.len() + more, Block([0; 16]));
            }
            let len = buf.len;
            let spare = &mut buf.as_bytes_mut_full()[len..];
            match file.read(spare) {
                Ok(0) => break,
                Ok(n) => buf.len += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        buf.blocks.truncate(buf.len.div_ceil(16));
        Ok(buf)
    }
}

impl core::ops::Deref for AlignedBuf {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl AsRef<[u8]> for AlignedBuf {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl core::fmt::Debug for AlignedBuf {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("AlignedBuf")
            .field("len", &self.len)
            .finish()
    }
}

impl From<&[u8]> for AlignedBuf {
    fn from(bytes: &[u8]) -> Self {
        AlignedBuf::from_bytes(bytes)
    }
}
