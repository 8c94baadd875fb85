//! Stepping over one item of any kind, validating it on the way (heads, lengths, UTF-8,
//! chunks, breaks, simple values) so that a skipped item is held to the same rules as a read
//! one.

use super::Reader;
use crate::error::{ErrorKind, Result};
use crate::header::{self, additional, major};

impl<'de> Reader<'de> {
    /// Steps over one item of any kind (tags and nested containers included), depth-limited,
    /// checking that it is well-formed and its text strings are UTF-8.
    ///
    /// ```
    /// let mut r = structio_cbor::Reader::new(&[0x82, 0x01, 0x9f, 0xff, 0xf6]);
    /// r.skip_value().unwrap();
    /// assert_eq!(r.offset(), 4);
    /// ```
    pub fn skip_value(&mut self) -> Result<()> {
        let at = self.offset();
        let b = self.peek()?;
        let ai = additional(b);
        self.advance(1);
        match major(b) {
            header::UNSIGNED | header::NEGATIVE => self.arg(b, at).map(drop),
            m @ (header::BYTES | header::TEXT) => {
                if ai == header::INDEFINITE {
                    return self.chunks(m, |r, chunk| {
                        if m == header::TEXT {
                            r.utf8(chunk)?;
                        }
                        Ok(())
                    });
                }
                let n = self.length(b, at, 1)?;
                let bytes = self.take(n)?;
                if m == header::TEXT {
                    self.utf8(bytes)?;
                }
                Ok(())
            }
            m @ (header::ARRAY | header::MAP) => {
                let per = if m == header::MAP { 2 } else { 1 };
                let count = if ai == header::INDEFINITE {
                    None
                } else {
                    Some(self.length(b, at, per)?)
                };
                self.enter_at(at)?;
                match count {
                    Some(n) => {
                        for _ in 0..n * per {
                            self.skip_value()?;
                        }
                    }
                    None => loop {
                        if self.peek()? == header::BREAK {
                            self.advance(1);
                            break;
                        }
                        for _ in 0..per {
                            self.skip_value()?;
                        }
                    },
                }
                self.leave();
                Ok(())
            }
            header::TAG => {
                self.arg(b, at)?;
                self.enter_at(at)?;
                self.skip_value()?;
                self.leave();
                Ok(())
            }
            _ => match ai {
                0..=23 => Ok(()),
                24 => {
                    let v = self.take(1)?[0];
                    if v < 32 {
                        return Err(self.error_at(at, ErrorKind::InvalidHeader(b)));
                    }
                    Ok(())
                }
                25 => self.take(2).map(drop),
                26 => self.take(4).map(drop),
                27 => self.take(8).map(drop),
                // Reserved AI, or a break where an item is due.
                _ => Err(self.error_at(at, ErrorKind::InvalidHeader(b))),
            },
        }
    }
}
