//! The part of every binary format's `Writer` that only moves bytes into its [`Sink`](crate::Sink),
//! written once.
//!
//! Each format keeps its own public `Writer<S>` (its own options, its own doc examples), holding
//! a `sink: S` and the `start` offset where its document began in the sink. Its
//! `impl<S: Sink> Writer<S>` block expands [`__sink_writer_methods`] for the methods that only
//! touch those two fields (`position`, `into_inner`, `get_ref`, `error`, `raw`, `byte` and the
//! private `relative`) and, where the format writes heads of a few bytes, [`__sink_writer_fixed`]
//! for `fixed`. Paths in a `macro_rules!` body resolve where it is expanded, so `Error`,
//! `ErrorKind`, `Result` and `S` are the format's; the doc examples name the format through
//! `stringify!`, so they run in each format's doc tests.

/// Expands, inside a format's `impl<S: Sink> Writer<S>` block, to the methods over its `sink`
/// and `start` fields: `position`, `into_inner`, `get_ref`, `error`, `raw`, `byte` and the
/// private `le_elements` ([`write_le_elements`]) and `relative` (a sink error's offset made
/// relative to the document start).
///
/// The block must have the format's `Error`, `ErrorKind` and `Result` in scope. Arguments: the
/// crate's name (for the doc examples), and for `raw` and `byte` a doc line and an example (the
/// argument, `=>`, the bytes written).
///
/// ```text
/// impl<S: Sink> Writer<S> {
///     structio_core::__sink_writer_methods! {
///         krate: structio_cbor,
///         raw: "Bytes as they are (a pre-encoded key or item).",
///             &[0x62, b'i', b'd'] => [0x62, b'i', b'd'],
///         byte: "One byte.", 0xf5 => [0xf5],
///     }
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __sink_writer_methods {
    (
        krate: $krate:ident,
        raw: $raw_doc:literal, $raw_in:expr => $raw_out:expr,
        byte: $byte_doc:literal, $byte_in:expr => $byte_out:expr $(,)?
    ) => {
        /// Bytes written since the document started.
        ///
        /// ```
        #[doc = concat!("let mut w = ", stringify!($krate), "::Writer::new(Vec::new());")]
        /// w.write_null().unwrap();
        /// assert_eq!(w.position(), 1);
        /// ```
        #[inline(always)]
        pub fn position(&self) -> usize {
            self.sink.len() - self.start
        }

        /// The sink.
        ///
        /// ```
        #[doc = concat!("let w = ", stringify!($krate), "::Writer::new(vec![7u8]);")]
        /// assert_eq!(w.into_inner(), [7]);
        /// ```
        #[inline]
        pub fn into_inner(self) -> S {
            self.sink
        }

        /// The sink, borrowed.
        ///
        /// ```
        #[doc = concat!("let w = ", stringify!($krate), "::Writer::new(Vec::new());")]
        /// assert!(w.get_ref().is_empty());
        /// ```
        #[inline]
        pub fn get_ref(&self) -> &S {
            &self.sink
        }

        /// An error of `kind` at the current position.
        ///
        /// ```
        #[doc = concat!("use ", stringify!($krate), "::{ErrorKind, Writer};")]
        /// let w = Writer::new(Vec::new());
        /// assert_eq!(w.error(ErrorKind::Custom("no")).offset(), 0);
        /// ```
        #[cold]
        pub fn error(&self, kind: ErrorKind) -> Error {
            Error::new(kind, self.position())
        }

        #[doc = $raw_doc]
        ///
        /// ```
        #[doc = concat!("let mut w = ", stringify!($krate), "::Writer::new(Vec::new());")]
        #[doc = concat!("w.raw(", stringify!($raw_in), ").unwrap();")]
        #[doc = concat!("assert_eq!(w.into_inner(), ", stringify!($raw_out), ");")]
        /// ```
        #[inline(always)]
        pub fn raw(&mut self, bytes: &[u8]) -> Result<()> {
            self.sink.write_bytes(bytes).map_err(|e| self.relative(e))
        }

        #[doc = $byte_doc]
        ///
        /// ```
        #[doc = concat!("let mut w = ", stringify!($krate), "::Writer::new(Vec::new());")]
        #[doc = concat!("w.byte(", stringify!($byte_in), ").unwrap();")]
        #[doc = concat!("assert_eq!(w.into_inner(), ", stringify!($byte_out), ");")]
        /// ```
        #[inline(always)]
        pub fn byte(&mut self, b: u8) -> Result<()> {
            self.sink.write_byte(b).map_err(|e| self.relative(e))
        }

        /// Numbers as their little-endian bytes, with no header
        /// ([`write_le_elements`](structio_core::write_le_elements)).
        #[inline]
        #[allow(dead_code)] // a format whose arrays all have a header of their own
        fn le_elements<T: bytemuck::Pod>(&mut self, items: &[T]) -> Result<()> {
            $crate::write_le_elements(&mut self.sink, items).map_err(|e| self.relative(e))
        }

        /// A sink error's offset made relative to the document start.
        #[cold]
        fn relative(&self, e: Error) -> Error {
            Error::new(e.kind(), e.offset().saturating_sub(self.start))
        }
    };
}

/// Expands, inside a format's `impl<S: Sink> Writer<S>` block (next to
/// [`__sink_writer_methods`], whose `raw` it calls), to the private
/// `fixed(&mut self, buf: &[u8; N], len: usize) -> Result<()>`: the first `len` bytes of `buf`,
/// written as one copy of `buf`'s constant size (a copy of variable small length would be a
/// call to `memcpy`).
///
/// ```text
/// impl<S: Sink> Writer<S> {
///     structio_core::__sink_writer_fixed! {}
/// }
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __sink_writer_fixed {
    () => {
        /// The first `len` bytes of `buf`, written as one copy of `buf`'s constant size (a copy of
        /// variable small length would be a call to `memcpy`).
        #[inline(always)]
        fn fixed<const N: usize>(&mut self, buf: &[u8; N], len: usize) -> Result<()> {
            if let Ok(spare) = self.sink.reserve(N) {
                if let Some(dst) = spare.get_mut(..N) {
                    // SAFETY: `dst` is `N` writable bytes, `buf` is `N` readable bytes, and they
                    // do not overlap (the sink's spare room is not borrowed by `buf`).
                    unsafe {
                        ::core::ptr::copy_nonoverlapping(buf.as_ptr(), dst.as_mut_ptr().cast(), N)
                    };
                    // SAFETY: the first `N` bytes of the reserved room were just written, and
                    // `len <= N` (every caller passes a prefix length of `buf`).
                    unsafe { self.sink.advance(len.min(N)) };
                    return Ok(());
                }
            }
            // A fixed sink near its end: the exact bytes may still fit.
            self.raw(buf.get(..len).unwrap_or(buf))
        }
    };
}

/// Numbers as their little-endian bytes (a packed array's payload): one copy of their bytes on
/// a little-endian target, element by element, byte-swapped, on a big-endian one.
///
/// ```
/// let mut buf = [0u8; 4];
/// let mut sink = structio_core::SliceSink::new(&mut buf);
/// structio_core::write_le_elements(&mut sink, &[1u16, 0x0203]).unwrap();
/// assert_eq!(sink.written(), [1, 0, 3, 2]);
/// ```
#[doc(hidden)]
#[inline]
pub fn write_le_elements<T: bytemuck::Pod, S: crate::Sink + ?Sized>(
    sink: &mut S,
    items: &[T],
) -> crate::Result<()> {
    if cfg!(target_endian = "little") {
        return write_bulk(sink, bytemuck::cast_slice::<T, u8>(items));
    }
    // A hint only: a fixed sink without the room fails on the first write instead.
    let _ = sink.reserve(core::mem::size_of_val(items));
    for &x in items {
        let mut x = x;
        bytemuck::bytes_of_mut(&mut x).reverse();
        sink.write_bytes(bytemuck::bytes_of(&x))?;
    }
    Ok(())
}

/// Writes a packed array's payload: [`Sink::write_bytes`](crate::Sink::write_bytes) through the
/// copy whose speed does not hang on where the sink's room lies against `bytes` (see
/// [`copy_to_uninit`](crate::copy_to_uninit)).
///
/// ```
/// let mut buf = [0u8; 3000];
/// let mut sink = structio_core::SliceSink::new(&mut buf);
/// structio_core::write_bulk(&mut sink, &[5u8; 3000]).unwrap();
/// assert_eq!(sink.written(), [5u8; 3000]);
/// ```
#[doc(hidden)]
#[inline]
pub fn write_bulk<S: crate::Sink + ?Sized>(sink: &mut S, bytes: &[u8]) -> crate::Result<()> {
    let n = bytes.len();
    let spare = sink.reserve(n)?;
    match spare.get_mut(..n) {
        Some(dst) => {
            crate::copy_to_uninit(dst, bytes);
            // SAFETY: the first `n` bytes of the reserved room were just written.
            unsafe { sink.advance(n) };
            Ok(())
        }
        None => Err(crate::Error::new(crate::ErrorKind::BufferFull, sink.len())),
    }
}
