//! [`BjdataRead`] for `heapless::String<N>` and `heapless::Vec<T, N>`: fixed capacity, no
//! allocator; more than fits is an error, never a truncation.

use super::{BjdataRead, Reader};
use crate::error::{ErrorKind, Result};

impl<'de, const N: usize> BjdataRead<'de> for heapless::String<N> {
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        let mut out = heapless::String::new();
        out.read_bjdata_into(r)?;
        Ok(out)
    }
    #[inline]
    fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        let at = r.offset();
        self.clear();
        self.push_str(r.read_str()?)
            .map_err(|_| structio_core::Error::new(ErrorKind::StringTooLong, at))
    }
}

impl<'de, T: BjdataRead<'de>, const N: usize> BjdataRead<'de> for heapless::Vec<T, N> {
    #[inline]
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = heapless::Vec::new();
        T::read_bjdata_seq(&mut v, r)?;
        Ok(v)
    }
    #[inline]
    fn read_bjdata_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        T::read_bjdata_seq(self, r)
    }
}
