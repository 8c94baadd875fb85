//! The cursor over a BEVE document: headers, SIZEs, strings, container entry and exit, and the
//! depth limit. Everything here is small and inlined into the impls that call it.

use crate::error::{Error, ErrorKind, Result};
use crate::header;
use crate::number::{decode_wide, Number};
use structio_core::Depth;

/// The nesting limit a [`Reader`] starts with, the same for every structio reader.
pub use structio_core::DEFAULT_DEPTH_LIMIT;

structio_core::__binary_reader_types! {
    krate: structio_beve,
    reader: {
        /// A cursor over a BEVE document in memory.
        ///
        /// ```
        /// use structio_beve::Reader;
        /// let mut r = Reader::new(&[0x03, 0x04, 0x04, b'a', 0x18]);
        /// assert_eq!(r.begin_object().unwrap(), 1);
        /// assert_eq!(r.object_key().unwrap(), b"a");
        /// assert_eq!(r.read_bool().unwrap(), true);
        /// r.end_object();
        /// assert!(r.finish().is_ok());
        /// ```
    },
    one_true: &[0x18],
    fields: [],
    checkpoint: [],
}

impl<'de> Reader<'de> {
    structio_core::__binary_reader_common! {
        krate: structio_beve,
        levels: "each object, array and type tag",
        nested: &[0x05, 0x04, 0x05, 0x00],
        null: &[0x00],
        checkpoint: [],
        duplicate_key: inline,
        new: {
            /// A reader at the start of `input`, with the default depth limit and unknown fields
            /// skipped.
            ///
            /// ```
            /// let r = structio_beve::Reader::new(&[0x00]);
            /// assert_eq!(r.offset(), 0);
            /// ```
        },
        advance: [],
        no_trailing: &[0x00, 0x00],
        peek: {
            /// The next header byte, not consumed ([`ErrorKind::UnexpectedEnd`] at the end).
            ///
            /// ```
            /// assert_eq!(structio_beve::Reader::new(&[0x18]).peek_header().unwrap(), 0x18);
            /// ```
            fn peek_header
        },
    }

    /// The next header byte, consumed.
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x18]);
    /// assert_eq!(r.read_header().unwrap(), 0x18);
    /// assert_eq!(r.offset(), 1);
    /// ```
    #[inline(always)]
    pub fn read_header(&mut self) -> Result<u8> {
        let h = self.peek_header()?;
        self.pos += 1;
        Ok(h)
    }

    /// Consumes the header `expected`, or fails with [`ErrorKind::WrongType`] at its offset
    /// (nothing consumed).
    ///
    /// ```
    /// use structio_beve::{ErrorKind, Reader};
    /// let mut r = Reader::new(&[0x18]);
    /// let e = r.expect_header(0x02).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::WrongType { expected: 0x02, found: 0x18 });
    /// ```
    #[inline(always)]
    pub fn expect_header(&mut self, expected: u8) -> Result<()> {
        let found = self.peek_header()?;
        if found == expected {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.wrong_type(expected, found))
        }
    }

    /// A SIZE (compressed unsigned integer, any of its four forms).
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0xb1, 0x04]);
    /// assert_eq!(r.read_size().unwrap(), 300);
    /// ```
    #[inline(always)]
    pub fn read_size(&mut self) -> Result<usize> {
        let b = self.peek_header()?;
        if b & 3 == 0 {
            self.pos += 1;
            return Ok(usize::from(b >> 2));
        }
        self.read_size_wide(b)
    }

    #[inline(never)]
    fn read_size_wide(&mut self, first: u8) -> Result<usize> {
        let at = self.pos;
        // Fixed-width loads per form: a copy of variable length would be a call to memcpy.
        let value = match first & 3 {
            1 => u64::from(u16::from_le_bytes(self.take_array::<2>()?)),
            2 => u64::from(u32::from_le_bytes(self.take_array::<4>()?)),
            _ => u64::from_le_bytes(self.take_array::<8>()?),
        } >> 2;
        usize::try_from(value).map_err(|_| self.error_at(at, ErrorKind::InvalidSize))
    }

    /// A SIZE counting elements of which each needs at least `min_bytes_each` bytes of input:
    /// a count the rest of the input cannot hold is [`ErrorKind::LengthExceedsInput`] at the
    /// SIZE's offset, before the caller reserves anything.
    ///
    /// ```
    /// use structio_beve::{ErrorKind, Reader};
    /// let mut r = Reader::new(&[0x10, 0, 0]); // claims 4 elements, 2 bytes left
    /// assert_eq!(r.read_count(1).unwrap_err().kind(), ErrorKind::LengthExceedsInput);
    /// ```
    #[inline(always)]
    pub fn read_count(&mut self, min_bytes_each: usize) -> Result<usize> {
        let at = self.pos;
        let n = self.read_size()?;
        match n.checked_mul(min_bytes_each) {
            Some(bytes) if bytes <= self.remaining() => Ok(n),
            _ => Err(self.error_at(at, ErrorKind::LengthExceedsInput)),
        }
    }

    /// [`enter`](Self::enter), blaming the container whose header is at `at`.
    #[inline(always)]
    pub(crate) fn enter_at(&mut self, at: usize) -> Result<()> {
        self.depth.enter(at)
    }

    /// Expects an object with string keys (`0x03`), enters a level and returns its member count
    /// (each member needs at least two bytes: a key SIZE and a value header).
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x03, 0x00]);
    /// assert_eq!(r.begin_object().unwrap(), 0);
    /// r.end_object();
    /// ```
    #[inline(always)]
    pub fn begin_object(&mut self) -> Result<usize> {
        let at = self.pos;
        self.expect_header(header::OBJECT)?;
        let n = self.read_count(2)?;
        self.enter_at(at)?;
        Ok(n)
    }

    /// A string key: `SIZE | bytes`, no header, returned as a slice of the input (not checked
    /// for UTF-8: a derived struct compares it with its field names).
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x08, b'i', b'd']);
    /// assert_eq!(r.object_key().unwrap(), b"id");
    /// ```
    #[inline(always)]
    pub fn object_key(&mut self) -> Result<&'de [u8]> {
        let at = self.pos;
        let n = self.read_size()?;
        if n <= self.remaining() {
            self.take(n)
        } else {
            Err(self.error_at(at, ErrorKind::LengthExceedsInput))
        }
    }

    /// Leaves the level entered by [`begin_object`](Self::begin_object).
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x03, 0x00]);
    /// r.begin_object().unwrap();
    /// r.end_object();
    /// ```
    #[inline(always)]
    pub fn end_object(&mut self) {
        self.leave();
    }

    /// Expects a generic array (`0x05`), enters a level and returns its element count.
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x05, 0x04, 0x00]);
    /// assert_eq!(r.begin_array().unwrap(), 1);
    /// r.read_null().unwrap();
    /// r.end_array();
    /// ```
    #[inline(always)]
    pub fn begin_array(&mut self) -> Result<usize> {
        let at = self.pos;
        self.expect_header(header::GENERIC_ARRAY)?;
        let n = self.read_count(1)?;
        self.enter_at(at)?;
        Ok(n)
    }

    /// Leaves the level entered by [`begin_array`](Self::begin_array).
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x05, 0x00]);
    /// r.begin_array().unwrap();
    /// r.end_array();
    /// ```
    #[inline(always)]
    pub fn end_array(&mut self) {
        self.leave();
    }

    /// A string value (`0x02 | SIZE | UTF-8`), borrowed from the input.
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x02, 0x08, b'h', b'i']);
    /// assert_eq!(r.read_str().unwrap(), "hi");
    /// ```
    #[inline(always)]
    pub fn read_str(&mut self) -> Result<&'de str> {
        self.expect_header(header::STRING)?;
        self.read_str_body()
    }

    /// A string without its header (`SIZE | UTF-8`), as keys and string-array elements are.
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x04, b'x']);
    /// assert_eq!(r.read_str_body().unwrap(), "x");
    /// ```
    #[inline(always)]
    pub fn read_str_body(&mut self) -> Result<&'de str> {
        // A short string (one-byte SIZE, at most 32 bytes) with 32 bytes of input from its
        // start, as most strings not near the end are: checked as one fixed-size block, with
        // no branch on its length or on whether it is ASCII.
        let at = self.pos;
        if let Some(&b) = self.input.get(at) {
            let n = usize::from(b >> 2);
            if b & 3 == 0
                && n <= 32
                && let Some(block) = self.input.get(at + 1..).and_then(|r| r.first_chunk())
            {
                return match structio_core::utf8::validate_prefix(block, n) {
                    Ok(s) => {
                        self.pos = at + 1 + n;
                        Ok(s)
                    }
                    Err(valid_up_to) => {
                        Err(self.error_at(at + 1 + valid_up_to, ErrorKind::InvalidUtf8))
                    }
                };
            }
        }
        self.read_str_body_any()
    }

    /// [`read_str_body`](Self::read_str_body) for any length and position.
    #[inline(never)]
    fn read_str_body_any(&mut self) -> Result<&'de str> {
        let bytes = self.object_key()?;
        // Most strings are ASCII, and checking that a word at a time is several times faster
        // than `from_utf8`, which walks a short string byte by byte.
        if is_ascii_short(bytes) {
            // SAFETY: every byte is below 0x80, so the bytes are ASCII, which is valid UTF-8.
            return Ok(unsafe { core::str::from_utf8_unchecked(bytes) });
        }
        self.utf8_checked(bytes)
    }

    /// The non-ASCII case of [`read_str_body`](Self::read_str_body): the full UTF-8 check,
    /// by the shared validator (vector code where the build enables SSSE3 or AVX2).
    #[inline(never)]
    fn utf8_checked(&self, bytes: &'de [u8]) -> Result<&'de str> {
        structio_core::utf8::validate(bytes).map_err(|valid_up_to| {
            self.error_at(self.pos - bytes.len() + valid_up_to, ErrorKind::InvalidUtf8)
        })
    }

    /// `null` (`0x00`).
    ///
    /// ```
    /// structio_beve::Reader::new(&[0x00]).read_null().unwrap();
    /// ```
    #[inline(always)]
    pub fn read_null(&mut self) -> Result<()> {
        self.expect_header(header::NULL)
    }

    /// A boolean (`0x08` or `0x18`).
    ///
    /// ```
    /// assert!(!structio_beve::Reader::new(&[0x08]).read_bool().unwrap());
    /// ```
    #[inline(always)]
    pub fn read_bool(&mut self) -> Result<bool> {
        let h = self.peek_header()?;
        // One compare with the two valid bytes folded together: bit 4 is the value.
        if h | 0x10 == header::TRUE {
            self.pos += 1;
            Ok(h == header::TRUE)
        } else {
            Err(self.wrong_type(header::TRUE, h))
        }
    }

    /// A number of type `T`. The header of `T` is read with one load; another numeric header
    /// is converted when the value fits (integer to integer in range, integer to float, float
    /// to float; never float to integer), else [`ErrorKind::NumberOutOfRange`] or
    /// [`ErrorKind::WrongType`].
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x49, 0xfb, 0xff, 0xff, 0xff]);
    /// assert_eq!(r.read_number::<i32>().unwrap(), -5);
    /// let mut r = structio_beve::Reader::new(&[0x11, 200]);
    /// assert_eq!(r.read_number::<i64>().unwrap(), 200);
    /// ```
    #[inline(always)]
    pub fn read_number<T: Number>(&mut self) -> Result<T> {
        let size = core::mem::size_of::<T>();
        if let Some(chunk) = self.input.get(self.pos..self.pos + 1 + size)
            && chunk[0] == T::HEADER
        {
            self.pos += 1 + size;
            return Ok(bytemuck::pod_read_unaligned::<T>(&chunk[1..]).swap_le());
        }
        self.read_number_converting()
    }

    #[inline(never)]
    fn read_number_converting<T: Number>(&mut self) -> Result<T> {
        let at = self.pos;
        let h = self.peek_header()?;
        if h & 7 != 1 {
            return Err(self.wrong_type(T::HEADER, h));
        }
        let Some(width) = header::width(h) else {
            return Err(self.error(ErrorKind::InvalidHeader(h)));
        };
        self.pos += 1;
        let bytes = match self.take(width) {
            Ok(b) => b,
            Err(e) => {
                self.pos = at;
                return Err(e);
            }
        };
        self.pos = at;
        let value = decode_wide(h, bytes).ok_or_else(|| self.wrong_type(T::HEADER, h))?;
        let converted = crate::read::numbers::convert::<T>(value, h, self)?;
        self.pos = at + 1 + width;
        Ok(converted)
    }

    /// If the next value carries the deprecated Version 1 type tag (`0x0e | SIZE(index)`),
    /// consumes the tag and returns the variant index (the variant's value follows); otherwise
    /// `None` and nothing is consumed.
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x0e, 0x04, 0x02, 0x04, b'x']);
    /// assert_eq!(r.type_tag().unwrap(), Some(1));
    /// assert_eq!(r.read_str().unwrap(), "x");
    /// ```
    #[inline]
    pub fn type_tag(&mut self) -> Result<Option<usize>> {
        if self.peek_header()? != header::TYPE_TAG {
            return Ok(None);
        }
        self.pos += 1;
        self.read_size().map(Some)
    }

    /// Puts the cursor back to `pos`, an offset this reader has already passed.
    #[inline(always)]
    pub(crate) fn set_pos(&mut self, pos: usize) {
        self.pos = pos;
    }
}

/// Whether `bytes` is ASCII. Up to 32 bytes, by overlapping fixed-width loads chosen by the size
/// class (two of 16, 8 or 4 bytes, or the first, middle and last byte) OR-ed together and tested
/// once: no loop over the bytes, where `is_ascii` finishes a short string byte by byte. Longer
/// strings through `is_ascii`.
#[inline(always)]
fn is_ascii_short(bytes: &[u8]) -> bool {
    const HI: u64 = 0x8080_8080_8080_8080;
    let n = bytes.len();
    let word = |c: Option<&[u8; 8]>| c.map_or(0, |w| u64::from_ne_bytes(*w));
    let half = |c: Option<&[u8; 4]>| c.map_or(0, |w| u64::from(u32::from_ne_bytes(*w)));
    let any = if n > 32 {
        return bytes.is_ascii();
    } else if n >= 16 {
        let (a, b) = (bytes.first_chunk::<16>(), bytes.last_chunk::<16>());
        let a = a.map_or(0, |a| u128::from_ne_bytes(*a));
        let b = b.map_or(0, |b| u128::from_ne_bytes(*b));
        let x = a | b;
        (x as u64) | ((x >> 64) as u64)
    } else if n >= 8 {
        word(bytes.first_chunk::<8>()) | word(bytes.last_chunk::<8>())
    } else if n >= 4 {
        half(bytes.first_chunk::<4>()) | half(bytes.last_chunk::<4>())
    } else {
        let at = |i: usize| u64::from(bytes.get(i).copied().unwrap_or(0));
        at(0) | at(n / 2) | at(n.wrapping_sub(1))
    };
    any & HI == 0
}
