//! Writing typed values as JSON text: the [`JsonWrite`] trait, the [`Writer`], the [`Sink`]s
//! and the entry points.

#[cfg(feature = "alloc")]
mod impls_alloc;
mod impls_core;
#[cfg(feature = "heapless")]
mod impls_heapless;
mod impls_more;
mod serde_compat;
mod sink;
mod string;
mod writer;

pub use impls_core::JsonWriteKey;
pub use serde_compat::WriteOptions;
#[cfg(feature = "alloc")]
pub use serde_compat::{to_string_with, to_vec_with};
pub use sink::{Sink, SliceSink};
pub use writer::Writer;

use crate::Result;

/// Glaze's default indent width for laid-out output.
///
/// ```
/// let indent = " ".repeat(structio_json::DEFAULT_INDENT);
/// assert_eq!(structio_json::to_string_pretty(&[1u8])?, format!("[\n{indent}1\n]"));
/// # Ok::<(), structio_json::Error>(())
/// ```
pub const DEFAULT_INDENT: usize = 3;

/// A type that can be written as JSON text.
///
/// ```
/// use structio_json::{JsonWrite, Sink, Writer, Result};
///
/// struct Celsius(f64);
///
/// impl JsonWrite for Celsius {
///     fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
///         w.write_f64(self.0)
///     }
/// }
///
/// assert_eq!(structio_json::to_string(&Celsius(21.5))?, "21.5");
/// # Ok::<(), structio_json::Error>(())
/// ```
pub trait JsonWrite {
    /// Writes `self`.
    ///
    /// ```
    /// use structio_json::{JsonWrite, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// [1u8, 2].write_json(&mut w)?;
    /// assert_eq!(w.into_inner(), b"[1,2]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()>;

    /// Writes `self` as an element of an array: the separator unless `first`, then the value.
    /// Integers and booleans write their comma under their own test of the sink's room (floats
    /// do not: a second inlined copy of the float writer costs firmware 2 KB); other types
    /// need not implement it.
    #[doc(hidden)]
    #[inline(always)]
    fn write_json_element<S: Sink>(&self, w: &mut Writer<S>, first: bool) -> Result<()> {
        w.element(first)?;
        self.write_json(w)
    }

    /// Writes the elements of an array (between its brackets), each after its separator.
    /// Integers write a run of elements under one test of the sink's room; other types need
    /// not implement it.
    #[doc(hidden)]
    #[inline(always)]
    fn write_json_elements<S: Sink>(items: &[Self], w: &mut Writer<S>) -> Result<()>
    where
        Self: Sized,
    {
        write_each(items, w)
    }
}

/// The elements of an array one at a time, each after its separator: what
/// [`JsonWrite::write_json_elements`] does unless a type writes runs of them.
#[inline(always)]
pub(crate) fn write_each<T: JsonWrite, S: Sink>(items: &[T], w: &mut Writer<S>) -> Result<()> {
    let mut first = true;
    for v in items {
        v.write_json_element(w, first)?;
        first = false;
    }
    Ok(())
}

/// Writes `value` into any [`Sink`] (`&mut Vec<u8>` appends, `&mut heapless::Vec<u8, N>`
/// appends up to its capacity). Returns the sink.
///
/// ```
/// let mut out = Vec::new();
/// structio_json::to_sink(&true, &mut out)?;
/// assert_eq!(out, b"true");
/// # Ok::<(), structio_json::Error>(())
/// ```
#[inline]
pub fn to_sink<T: JsonWrite + ?Sized, S: Sink>(value: &T, sink: S) -> Result<S> {
    let mut w = Writer::new(sink);
    value.write_json(&mut w)?;
    Ok(w.into_inner())
}

/// Writes `value` into `buf` with no allocator and returns the length written. A value that
/// does not fit is [`ErrorKind::BufferFull`](crate::ErrorKind::BufferFull) (never a truncated
/// success); `buf` then holds a prefix of the output, to be treated as garbage.
///
/// ```
/// let mut buf = [0u8; 8];
/// let n = structio_json::to_slice(&(1u8, "x"), &mut buf)?;
/// assert_eq!(&buf[..n], br#"[1,"x"]"#);
/// assert!(structio_json::to_slice(&"too long", &mut buf).is_err());
/// # Ok::<(), structio_json::Error>(())
/// ```
#[inline]
pub fn to_slice<T: JsonWrite + ?Sized>(value: &T, buf: &mut [u8]) -> Result<usize> {
    Ok(to_sink(value, SliceSink::new(buf))?.len())
}

#[cfg(feature = "alloc")]
mod alloc_entry {
    use alloc::string::String;
    use alloc::vec::Vec;

    use super::{JsonWrite, Writer, DEFAULT_INDENT};
    use crate::{Error, ErrorKind, Result};

    /// Writes `value` as compact JSON.
    ///
    /// ```
    /// assert_eq!(structio_json::to_vec(&[1.5f64, 2.0])?, b"[1.5,2]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn to_vec<T: JsonWrite + ?Sized>(value: &T) -> Result<Vec<u8>> {
        let mut w = Writer::new(Vec::with_capacity(128));
        value.write_json(&mut w)?;
        Ok(w.into_inner())
    }

    /// Writes `value` into `out`, which is cleared first and keeps its capacity: a loop that
    /// writes records of one shape settles into no allocation.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// structio_json::write_into(&"a", &mut out)?;
    /// structio_json::write_into(&"b", &mut out)?;
    /// assert_eq!(out, br#""b""#);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn write_into<T: JsonWrite + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<()> {
        out.clear();
        // The writer owns the vector while it writes: its length and capacity then live in
        // the writer, not behind `out`, where every byte stored would force them to be
        // reloaded (a `u8` store may alias anything).
        let mut w = Writer::new(core::mem::take(out));
        let result = value.write_json(&mut w);
        *out = w.into_inner();
        result
    }

    /// Writes `value` as compact JSON text.
    ///
    /// ```
    /// assert_eq!(structio_json::to_string(&Some("é"))?, r#""é""#);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn to_string<T: JsonWrite + ?Sized>(value: &T) -> Result<String> {
        into_string(to_vec(value)?)
    }

    /// Writes `value` laid out as Glaze's prettify does, three spaces to a level.
    ///
    /// ```
    /// assert_eq!(structio_json::to_string_pretty(&[1u8, 2])?, "[\n   1,\n   2\n]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn to_string_pretty<T: JsonWrite + ?Sized>(value: &T) -> Result<String> {
        to_string_pretty_with(value, DEFAULT_INDENT)
    }

    /// [`to_string_pretty`] with `indent` spaces to a level.
    ///
    /// ```
    /// assert_eq!(structio_json::to_string_pretty_with(&[true], 1)?, "[\n true\n]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn to_string_pretty_with<T: JsonWrite + ?Sized>(
        value: &T,
        indent: usize,
    ) -> Result<String> {
        into_string(to_vec_pretty_with(value, indent)?)
    }

    /// Laid-out JSON bytes, `indent` spaces to a level.
    ///
    /// ```
    /// assert_eq!(structio_json::to_vec_pretty_with(&Vec::<u8>::new(), 3)?, b"[]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn to_vec_pretty_with<T: JsonWrite + ?Sized>(value: &T, indent: usize) -> Result<Vec<u8>> {
        let mut w = Writer::pretty(Vec::with_capacity(128), indent);
        value.write_json(&mut w)?;
        Ok(w.into_inner())
    }

    /// The writer's output as a `String`. Checked, since a custom `JsonWrite` may write raw
    /// bytes: [`ErrorKind::InvalidUtf8`] at the first bad byte.
    fn into_string(bytes: Vec<u8>) -> Result<String> {
        String::from_utf8(bytes)
            .map_err(|e| Error::new(ErrorKind::InvalidUtf8, e.utf8_error().valid_up_to()))
    }
}
#[cfg(feature = "alloc")]
pub use alloc_entry::*;
