//! `JsonWrite` for alloc types: owned strings, vectors, boxes and maps.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use super::{JsonWrite, JsonWriteKey, Sink, Writer};
use crate::Result;

impl JsonWrite for String {
    #[inline(always)]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self)
    }
}

impl JsonWrite for Cow<'_, str> {
    #[inline(always)]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.write_str(self)
    }
}

impl<T: JsonWrite> JsonWrite for Vec<T> {
    #[inline]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        self.as_slice().write_json(w)
    }
}

impl<T: JsonWrite + ?Sized> JsonWrite for Box<T> {
    #[inline]
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        (**self).write_json(w)
    }
}

impl JsonWriteKey for String {
    #[inline]
    fn write_key<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<()> {
        w.key(first, self)
    }
}

impl JsonWriteKey for Cow<'_, str> {
    #[inline]
    fn write_key<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<()> {
        w.key(first, self)
    }
}

/// Writes map members in iteration order.
#[inline]
fn write_map<'a, K, V, S>(
    w: &mut Writer<S>,
    members: impl Iterator<Item = (&'a K, &'a V)>,
) -> Result<()>
where
    K: JsonWriteKey + 'a + ?Sized,
    V: JsonWrite + 'a,
    S: Sink,
{
    w.begin_object()?;
    let mut first = true;
    for (k, v) in members {
        k.write_key(w, first)?;
        first = false;
        v.write_json(w)?;
    }
    w.end_object(first)
}

impl<K: JsonWriteKey, V: JsonWrite> JsonWrite for BTreeMap<K, V> {
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        write_map(w, self.iter())
    }
}

#[cfg(feature = "std")]
impl<K: JsonWriteKey, V: JsonWrite, H> JsonWrite for std::collections::HashMap<K, V, H> {
    /// Members in the map's iteration order (not deterministic across runs with std's default
    /// hasher; use a `BTreeMap` for stable output).
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        write_map(w, self.iter())
    }
}
