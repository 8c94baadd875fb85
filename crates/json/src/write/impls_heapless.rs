//! `JsonWrite` for `heapless` strings and vectors.

use super::{JsonWrite, JsonWriteKey, Sink, Writer};
use crate::Result;

impl<const N: usize> JsonWrite for heapless::String<N> {
    #[inline]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self)
    }
}

impl<const N: usize> JsonWriteKey for heapless::String<N> {
    #[inline]
    fn write_key<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<()> {
        w.key(first, self)
    }
}

impl<T: JsonWrite, const N: usize> JsonWrite for heapless::Vec<T, N> {
    #[inline]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        self.as_slice().write_json(w)
    }
}
