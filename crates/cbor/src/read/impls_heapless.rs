//! [`CborRead`] for `heapless::String<N>` and `heapless::Vec<T, N>`: fixed capacity, no
//! allocator; more than fits is an error, never a truncation.

use super::{CborRead, Reader};
use crate::error::{ErrorKind, Result};

impl<'de, const N: usize> CborRead<'de> for heapless::String<N> {
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let mut out = heapless::String::new();
        out.read_cbor_into(r)?;
        Ok(out)
    }
    #[inline]
    fn read_cbor_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        let at = r.offset();
        self.clear();
        r.read_str_chunks(|s| {
            self.push_str(s)
                .map_err(|_| structio_core::Error::new(ErrorKind::StringTooLong, at))
        })
    }
}

impl<'de, T: CborRead<'de>, const N: usize> CborRead<'de> for heapless::Vec<T, N> {
    #[inline]
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = heapless::Vec::new();
        T::read_cbor_seq(&mut v, r)?;
        Ok(v)
    }
    #[inline]
    fn read_cbor_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        T::read_cbor_seq(self, r)
    }
}
