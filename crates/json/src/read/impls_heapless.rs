//! `JsonRead` for `heapless` strings and vectors: fixed capacity, too long is an error.

use super::string::StrOut;
use super::{JsonRead, Reader};
use crate::{Error, ErrorKind, Result};

/// Appends decoded string bytes to a `heapless::String`.
struct HeaplessOut<'a, const N: usize>(&'a mut heapless::String<N>);

impl<const N: usize> StrOut for HeaplessOut<'_, N> {
    #[inline(always)]
    fn push_bytes(&mut self, bytes: &[u8]) -> bool {
        // SAFETY: `StrOut` callers pass only valid UTF-8, and a failed extend appends nothing,
        // so the string stays UTF-8.
        unsafe { self.0.as_mut_vec() }
            .extend_from_slice(bytes)
            .is_ok()
    }
    const FULL: ErrorKind = ErrorKind::StringTooLong;
}

impl<'de, const N: usize> JsonRead<'de> for heapless::String<N> {
    /// A string longer than `N` bytes is [`ErrorKind::StringTooLong`] at its opening quote.
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut s = heapless::String::new();
        s.read_json_into(r)?;
        Ok(s)
    }

    #[inline]
    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        self.clear();
        r.read_string_with(&mut HeaplessOut(self))
    }
}

impl<'de, T: JsonRead<'de>, const N: usize> JsonRead<'de> for heapless::Vec<T, N> {
    /// More than `N` elements is [`ErrorKind::TooManyElements`] at the first one that does
    /// not fit.
    #[inline]
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = heapless::Vec::new();
        v.read_json_into(r)?;
        Ok(v)
    }

    #[inline]
    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        if r.begin_array()? {
            self.clear();
            return Ok(());
        }
        let mut i = 0;
        loop {
            match self.get_mut(i) {
                Some(slot) => slot.read_json_into(r)?,
                None => {
                    r.skip_ws();
                    if self.is_full() {
                        return Err(Error::new(ErrorKind::TooManyElements, r.offset()));
                    }
                    let v = T::read_json(r)?;
                    // Cannot fail: not full, checked above.
                    let _ = self.push(v);
                }
            }
            i += 1;
            if !r.array_next()? {
                break;
            }
        }
        self.truncate(i);
        Ok(())
    }
}
