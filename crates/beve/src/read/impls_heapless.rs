//! [`BeveRead`] for `heapless::String<N>` and `heapless::Vec<T, N>`: fixed capacity, no
//! allocator; more than fits is an error, never a truncation.

use super::impls_core::{str_seq_methods, StrElem};
use super::{BeveRead, Reader};
use crate::error::{ErrorKind, Result};

impl<'de, const N: usize> StrElem<'de> for heapless::String<N> {
    #[inline]
    fn from_str_at(s: &'de str, r: &Reader<'de>) -> Result<Self> {
        let mut out = heapless::String::new();
        out.assign(s, r)?;
        Ok(out)
    }
    #[inline]
    fn assign(&mut self, s: &'de str, r: &Reader<'de>) -> Result<()> {
        self.clear();
        self.push_str(s)
            .map_err(|_| r.error_at(r.offset() - s.len(), ErrorKind::StringTooLong))
    }
}

impl<'de, const N: usize> BeveRead<'de> for heapless::String<N> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let mut out = heapless::String::new();
        out.read_beve_into(r)?;
        Ok(out)
    }
    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        let s = r.read_str()?;
        self.assign(s, r)
    }
    str_seq_methods!();
}

impl<'de, T: BeveRead<'de>, const N: usize> BeveRead<'de> for heapless::Vec<T, N> {
    #[inline]
    fn read_beve(r: &mut Reader<'de>) -> Result<Self> {
        let mut v = heapless::Vec::new();
        T::read_beve_seq(&mut v, r)?;
        Ok(v)
    }
    #[inline]
    fn read_beve_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        T::read_beve_seq(self, r)
    }
}
