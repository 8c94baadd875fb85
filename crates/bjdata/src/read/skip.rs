//! Stepping over one value of any kind, validating it on the way (markers, lengths, UTF-8,
//! counts against the input, `H` text, `E` payloads) so that a skipped value is held to the
//! same rules as a read one.

use super::Reader;
use crate::error::{ErrorKind, Result};
use crate::header;

impl<'de> Reader<'de> {
    /// Steps over one value of any kind (nested containers included), depth-limited,
    /// checking that it is well-formed and its strings and keys are UTF-8.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"[U\x01[]]Z");
    /// r.skip_value().unwrap();
    /// assert_eq!(r.offset(), 6);
    /// ```
    pub fn skip_value(&mut self) -> Result<()> {
        let m = self.peek_marker()?;
        if matches!(m, header::ARRAY_START | header::OBJECT_START) && !self.peek_soa()? {
            return self.skip_container(m == header::OBJECT_START);
        }
        self.skip_leaf(m)
    }

    /// A container's elements (and its keys), each skipped in turn. Apart from
    /// [`skip_leaf`](Self::skip_leaf) so that the recursion's stack frame holds only what a
    /// level needs: an unoptimised build gives a function one slot per local of every arm,
    /// and a document at the depth limit recurses once per level.
    fn skip_container(&mut self, object: bool) -> Result<()> {
        let at = self.offset();
        let m = if object {
            header::OBJECT_START
        } else {
            header::ARRAY_START
        };
        self.check_dialect(m, at)?;
        let mut items = if object {
            self.begin_object()?
        } else {
            self.begin_array()?
        };
        if let (Some(t), Some(_)) = (items.element_type(), items.len())
            && let Some(size) = header::payload_size(t)
            && !object
            && t != header::CHAR
        {
            // Packed numbers: every byte pattern is a value.
            self.take_packed(&mut items, size)?;
            return Ok(());
        }
        while self.next(&mut items)? {
            if object {
                self.read_key_str()?;
            }
            self.skip_value()?;
        }
        Ok(())
    }

    /// A value that is not a plain container: a scalar, a string, an extension, or a
    /// structure-of-arrays container (read whole).
    #[inline(never)]
    fn skip_leaf(&mut self, m: u8) -> Result<()> {
        let at = self.offset();
        self.check_dialect(m, at)?;
        match m {
            header::STRING => self.read_str().map(drop),
            header::HIGH_PRECISION => self.read_high_precision().map(drop),
            header::CHAR => self.read_str().map(drop),
            header::EXTENSION => self.read_extension().map(drop),
            header::ARRAY_START | header::OBJECT_START if self.peek_soa()? => {
                #[cfg(feature = "alloc")]
                return self.read_soa().map(drop);
                #[cfg(not(feature = "alloc"))]
                return Err(self.error(ErrorKind::Custom(
                    "structure-of-arrays containers need the alloc feature",
                )));
            }
            header::ARRAY_START | header::OBJECT_START => {
                self.skip_container(m == header::OBJECT_START)
            }
            _ => match header::payload_size(m) {
                Some(n) => {
                    self.bump();
                    self.take(n).map(drop)
                }
                None => Err(self.error(ErrorKind::InvalidHeader(m))),
            },
        }
    }

    /// An extension value (`E`, BJData Draft 4): its type id and payload, borrowed. Ids 1 to
    /// 10 must have their fixed payload size ([`ErrorKind::InvalidSize`] otherwise).
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"EU\x01U\x04\x01\x00\x00\x00");
    /// assert_eq!(r.read_extension().unwrap(), (1, &[1u8, 0, 0, 0][..]));
    /// ```
    pub fn read_extension(&mut self) -> Result<(u64, &'de [u8])> {
        let m = self.peek_marker()?;
        if m != header::EXTENSION || self.is_ubjson() {
            return Err(self.wrong_type(header::EXTENSION, m));
        }
        let at = self.offset();
        self.bump();
        let id = self.read_length()? as u64;
        let n = self.read_length()?;
        let fixed = match id {
            1 | 4 | 5 => Some(4),
            2 | 6 | 7 | 8 => Some(8),
            3 => Some(12),
            9 | 10 => Some(16),
            _ => None,
        };
        if fixed.is_some_and(|f| f != n) {
            return Err(self.error_at(at, ErrorKind::InvalidSize));
        }
        if n > self.remaining() {
            return Err(self.error(ErrorKind::LengthExceedsInput));
        }
        Ok((id, self.take(n)?))
    }
}
