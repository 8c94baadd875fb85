//! Stepping over one value of any kind, validating it on the way (headers, lengths, UTF-8,
//! padding) so that a skipped value is held to the same rules as a read one.

use super::Reader;
use crate::error::{ErrorKind, Result};
use crate::header;

impl<'de> Reader<'de> {
    /// Steps over one value of any kind, depth-limited.
    ///
    /// ```
    /// let mut r = structio_beve::Reader::new(&[0x05, 0x08, 0x00, 0x11, 0x01]);
    /// r.skip_value().unwrap();
    /// assert_eq!(r.offset(), 5);
    /// ```
    pub fn skip_value(&mut self) -> Result<()> {
        let h = self.peek_header()?;
        match h & 7 {
            0 => match h {
                header::NULL | header::FALSE | header::TRUE => {
                    self.advance(1);
                    Ok(())
                }
                _ => Err(self.error(ErrorKind::InvalidHeader(h))),
            },
            1 => {
                let width = self.width_of(h)?;
                self.advance(1);
                self.take(width).map(drop)
            }
            2 if h == header::STRING => {
                self.advance(1);
                self.read_str_body().map(drop)
            }
            3 => self.skip_object(h),
            4 => self.skip_typed_array(h),
            5 if h == header::GENERIC_ARRAY => {
                let at = self.offset();
                self.advance(1);
                let n = self.read_count(1)?;
                self.enter_at(at)?;
                for _ in 0..n {
                    self.skip_value()?;
                }
                self.leave();
                Ok(())
            }
            6 => self.skip_extension(h),
            _ => Err(self.error(ErrorKind::InvalidHeader(h))),
        }
    }

    /// The element width of a number, typed array or integer-key header, or `InvalidHeader`.
    fn width_of(&self, h: u8) -> Result<usize> {
        header::width(h).ok_or_else(|| self.error(ErrorKind::InvalidHeader(h)))
    }

    fn skip_object(&mut self, h: u8) -> Result<()> {
        let key_width = match (h >> 3) & 3 {
            0 if h == header::OBJECT => None,
            1 | 2 => Some(self.width_of(h)?),
            _ => return Err(self.error(ErrorKind::InvalidHeader(h))),
        };
        let at = self.offset();
        self.advance(1);
        let n = self.read_count(key_width.unwrap_or(1) + 1)?;
        self.enter_at(at)?;
        for _ in 0..n {
            match key_width {
                None => drop(self.read_str_body()?),
                Some(w) => drop(self.take(w)?),
            }
            self.skip_value()?;
        }
        self.leave();
        Ok(())
    }

    fn skip_typed_array(&mut self, h: u8) -> Result<()> {
        if (h >> 3) & 3 != 3 {
            let width = self.width_of(h)?;
            self.advance(1);
            return self.skip_elements(width);
        }
        match h {
            header::BOOL_ARRAY => {
                self.advance(1);
                self.read_bool_bits().map(drop)
            }
            header::STRING_ARRAY => {
                self.advance(1);
                let n = self.read_count(1)?;
                for _ in 0..n {
                    self.read_str_body()?;
                }
                Ok(())
            }
            header::ALIGNED_ARRAY => {
                self.advance(1);
                let (_, width) = self.aligned_inner()?;
                self.aligned_payload(width).map(drop)
            }
            _ => Err(self.error(ErrorKind::InvalidHeader(h))),
        }
    }

    /// Steps over a typed array's `SIZE | count × width bytes`.
    fn skip_elements(&mut self, width: usize) -> Result<()> {
        let n = self.read_count(width)?;
        self.advance(n * width);
        Ok(())
    }

    /// After `0x5c`: the inner numeric header (checked), the SIZE and the padding; the cursor is
    /// left on the SIZE. Returns the inner header and its element width.
    pub(crate) fn aligned_inner(&mut self) -> Result<(u8, usize)> {
        let inner = self.peek_header()?;
        if inner & 7 != 4 || (inner >> 3) & 3 == 3 {
            return Err(self.error(ErrorKind::InvalidHeader(inner)));
        }
        let width = self.width_of(inner)?;
        self.advance(1);
        Ok((inner, width))
    }

    /// The boolean array body after its header: SIZE then `ceil(n/8)` bytes whose unused high
    /// bits must be zero. Returns the count and the packed bytes.
    pub(crate) fn read_bool_bits(&mut self) -> Result<(usize, &'de [u8])> {
        let at = self.offset();
        let n = self.read_size()?;
        let bytes_len = n / 8 + usize::from(n % 8 != 0);
        if bytes_len > self.remaining() {
            return Err(self.error_at(at, ErrorKind::LengthExceedsInput));
        }
        let bytes = self.take(bytes_len)?;
        if let Some(&last) = bytes.last() {
            let used = n % 8;
            if used != 0 && last >> used != 0 {
                return Err(self.error_at(self.offset() - 1, ErrorKind::InvalidPadding));
            }
        }
        Ok((n, bytes))
    }

    fn skip_extension(&mut self, h: u8) -> Result<()> {
        match h {
            header::TYPE_TAG => {
                let at = self.offset();
                self.advance(1);
                self.read_size()?;
                self.enter_at(at)?;
                self.skip_value()?;
                self.leave();
                Ok(())
            }
            header::MATRIX => {
                self.advance(1);
                let layout = self.peek_header()?;
                if layout > 1 {
                    return Err(self.error(ErrorKind::InvalidMatrix));
                }
                self.advance(1);
                let extents = self.peek_header()?;
                if extents & 7 != 4 || !matches!((extents >> 3) & 3, 1 | 2) {
                    return Err(self.error(ErrorKind::InvalidMatrix));
                }
                self.skip_typed_array(extents)?;
                let value = self.peek_header()?;
                if value & 7 != 4 {
                    return Err(self.error(ErrorKind::InvalidMatrix));
                }
                self.skip_typed_array(value)
            }
            header::COMPLEX => {
                self.advance(1);
                let ch = self.peek_header()?;
                let width =
                    header::width(ch).ok_or_else(|| self.error(ErrorKind::InvalidHeader(ch)))?;
                self.advance(1);
                match ch & 7 {
                    0 => self.take(2 * width).map(drop),
                    1 => self.skip_elements(2 * width),
                    2 => {
                        let expected = (ch & !7) | 4;
                        if self.peek_header()? != header::ALIGNED_ARRAY {
                            return Err(self.wrong_type(header::ALIGNED_ARRAY, self.peek_header()?));
                        }
                        self.advance(1);
                        let inner = self.peek_header()?;
                        if inner != expected {
                            return Err(self.wrong_type(expected, inner));
                        }
                        self.advance(1);
                        self.skip_aligned_body(width, true)
                    }
                    _ => {
                        let at = self.offset() - 1;
                        Err(self.error_at(at, ErrorKind::InvalidHeader(ch)))
                    }
                }
            }
            _ => Err(self.error(ErrorKind::InvalidHeader(h))),
        }
    }

    /// After an aligned array's inner header: SIZE, PAD_LEN, padding and `count × width` bytes.
    fn skip_aligned_body(&mut self, width: usize, even: bool) -> Result<()> {
        let bytes = self.aligned_payload(width)?;
        if even && !(bytes.len() / width).is_multiple_of(2) {
            return Err(self.error(ErrorKind::InvalidHeader(header::COMPLEX)));
        }
        Ok(())
    }
}
