//! The writer: JSON text into a [`Sink`], compact or laid out as Glaze's prettify lays it out.

#[cfg(not(feature = "size"))]
use core::mem::MaybeUninit;

use super::sink::Sink;
use super::string;
use crate::{Error, ErrorKind, Result};

/// Lets a renderer write straight into the sink's spare room (an `$n`-byte window, of which it
/// returns how much counts). Rendering into a local array and copying it out made the copy load
/// wide words from bytes just stored narrow, which stalls on store forwarding. A macro rather
/// than a method taking a closure: the closure would not be inlined, and the conversion must be.
macro_rules! render {
    ($w:expr, $comma:expr, $n:literal, |$buf:ident| $render:expr) => {{
        let w = $w;
        let comma = usize::from($comma);
        match w
            .sink
            .reserve($n + 1)
            .ok()
            .and_then(|spare| spare.get_mut(..$n + 1))
        {
            Some(dst) => {
                let start = dst.as_mut_ptr().cast::<u8>();
                // SAFETY: `start` is `$n + 1` writable bytes: the comma goes at the first (and
                // counts only when asked for), the window of `$n` after it. Zeroing the window
                // first makes it initialized, so a `&mut [u8; $n]` to it is valid.
                let $buf = unsafe {
                    start.write(b',');
                    let window = start.add(comma).cast::<[u8; $n]>();
                    window.write([0; $n]);
                    &mut *window
                };
                let n = Ord::min($render, $n);
                // SAFETY: the first `comma + n <= $n + 1` bytes of the reserved slice are
                // initialized.
                unsafe { w.sink.advance(comma + n) };
                Ok(())
            }
            None => {
                if comma == 1 {
                    w.block_exact(b",")?;
                }
                let $buf = &mut [0u8; $n];
                let n = $render;
                w.block_exact($buf.get(..n).unwrap_or_default())
            }
        }
    }};
}

/// Writes JSON text into a [`Sink`]. Compact by default; [`Writer::pretty`] lays values out
/// as Glaze's `prettify` does: one member or element per line, `"key": value`, nested levels
/// indented by the given width (Glaze's default is 3), and empty containers as `{}` and `[]`.
///
/// ```
/// use structio_json::{JsonWrite, Writer};
/// let mut w = Writer::new(Vec::new());
/// w.begin_array()?;
/// w.element(true)?;
/// w.write_int(7u8)?;
/// w.end_array(false)?;
/// assert_eq!(w.into_inner(), b"[7]");
/// # Ok::<(), structio_json::Error>(())
/// ```
#[derive(Debug)]
pub struct Writer<S: Sink> {
    sink: S,
    /// Spaces per level, when laid out.
    indent: usize,
    pretty: bool,
    /// Current nesting level.
    level: usize,
    /// Floats in serde_json's layout ([`WriteOptions::serde_json_floats`](crate::WriteOptions)).
    /// Only with `alloc`: a run-time branch here links the second float layout into every
    /// image, about 6 KB of a firmware's flash, and serde_json's layout matters where
    /// serde_json runs.
    #[cfg(feature = "alloc")]
    pub(crate) serde_floats: bool,
}

impl<S: Sink> Writer<S> {
    /// A compact writer.
    ///
    /// ```
    /// let w = structio_json::Writer::new(Vec::new());
    /// assert!(w.into_inner().is_empty());
    /// ```
    #[inline]
    pub fn new(sink: S) -> Self {
        Writer {
            sink,
            indent: 0,
            pretty: false,
            level: 0,
            #[cfg(feature = "alloc")]
            serde_floats: false,
        }
    }

    /// A writer that lays values out, `indent` spaces to a level.
    ///
    /// ```
    /// let mut w = structio_json::Writer::pretty(Vec::new(), 3);
    /// w.begin_object()?;
    /// w.field(true, b"\"a\":")?;
    /// w.write_null()?;
    /// w.end_object(false)?;
    /// assert_eq!(w.into_inner(), b"{\n   \"a\": null\n}");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn pretty(sink: S, indent: usize) -> Self {
        Writer {
            sink,
            indent,
            pretty: true,
            level: 0,
            #[cfg(feature = "alloc")]
            serde_floats: false,
        }
    }

    /// A writer laid out and with the float style of `opts`.
    ///
    /// ```
    /// let mut w = structio_json::Writer::with_options(Vec::new(), structio_json::WriteOptions::serde_json());
    /// w.write_f64(1.0)?;
    /// assert_eq!(w.into_inner(), b"1.0");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn with_options(sink: S, opts: crate::WriteOptions) -> Self {
        Writer {
            sink,
            indent: if opts.pretty { opts.indent } else { 0 },
            pretty: opts.pretty,
            level: 0,
            #[cfg(feature = "alloc")]
            serde_floats: opts.serde_json_floats,
        }
    }

    /// The sink, with what was written.
    ///
    /// ```
    /// let w = structio_json::Writer::new(Vec::new());
    /// let bytes: Vec<u8> = w.into_inner();
    /// ```
    #[inline]
    pub fn into_inner(self) -> S {
        self.sink
    }

    /// This writer over `&mut S`, at the same level and in the same layout: how a
    /// `#[structio(serde)]` field's serializer writes in the middle of a derived struct.
    #[cfg(feature = "serde")]
    #[inline]
    pub(crate) fn reborrow(&mut self) -> Writer<&mut S> {
        Writer {
            sink: &mut self.sink,
            indent: self.indent,
            pretty: self.pretty,
            level: self.level,
            #[cfg(feature = "alloc")]
            serde_floats: self.serde_floats,
        }
    }

    /// The sink.
    ///
    /// ```
    /// use structio_json::Sink;
    /// let w = structio_json::Writer::new(Vec::new());
    /// assert_eq!(w.sink().len(), 0);
    /// ```
    #[inline]
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// An error of `kind` at the count of bytes written so far.
    ///
    /// ```
    /// let w = structio_json::Writer::new(Vec::new());
    /// assert_eq!(w.error(structio_json::ErrorKind::Unrepresentable).offset(), 0);
    /// ```
    #[cold]
    pub fn error(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.sink.len())
    }

    /// Appends bytes as they are (the caller answers for them being JSON).
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.write_raw(b"[]")?;
    /// assert_eq!(w.into_inner(), b"[]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn write_raw(&mut self, bytes: &[u8]) -> Result<()> {
        Ok(self.sink.write_bytes(bytes)?)
    }

    /// Appends the first `len` bytes of `block`, copying all `N` when the sink has the room:
    /// a copy of constant size costs less than a `memcpy` of the exact length.
    #[inline(always)]
    fn block<const N: usize>(&mut self, block: &[u8; N], len: usize) -> Result<()> {
        if let Ok(spare) = self.sink.reserve(N)
            && let Some(dst) = spare.get_mut(..N)
        {
            // SAFETY: `dst` is `N` writable bytes, distinct from the local `block`.
            unsafe { dst.as_mut_ptr().cast::<[u8; N]>().write_unaligned(*block) };
            // SAFETY: at least `len <= N` bytes of the reserved slice were written.
            unsafe { self.sink.advance(len.min(N)) };
            return Ok(());
        }
        self.block_tail(false, word_of(block), len.min(N))
    }

    /// [`Self::block`] after a comma when `comma`, under the block's one capacity test.
    /// (`block` is not this with `false`: the byte more it would reserve and store at every
    /// punctuation site grew the firmware example's `write_config` by 255 bytes.)
    #[inline(always)]
    fn block_after<const N: usize>(
        &mut self,
        comma: bool,
        block: &[u8; N],
        len: usize,
    ) -> Result<()> {
        let c = usize::from(comma);
        let start_len = self.sink.len();
        if let Ok(spare) = self.sink.reserve(N + 1)
            && let Some(dst) = spare.get_mut(..N + 1)
        {
            let start = dst.as_mut_ptr().cast::<u8>();
            // SAFETY: `start` is `N + 1` writable bytes, distinct from the local `block`:
            // the comma at the first, the block after it.
            unsafe {
                start.write(b',');
                start.add(c).cast::<[u8; N]>().write_unaligned(*block);
            }
            // SAFETY: the comma (when counted) and `len <= N` bytes of the block after it
            // were written, in the room from `start_len`.
            unsafe { self.sink.commit(start_len + c + len.min(N)) };
            return Ok(());
        }
        self.block_tail(comma, word_of(block), len.min(N))
    }

    /// A fixed sink without room for a whole block: the comma when `comma`, then the first
    /// `len` bytes of `block`. The block comes by value: a reference to the caller's copy made
    /// that copy's stack slot escape, and in a loop of elements the compiler then read the
    /// sink's length from memory again after every store (it might have been that slot).
    #[cold]
    #[inline(never)]
    fn block_tail(&mut self, comma: bool, block: [u8; 8], len: usize) -> Result<()> {
        if comma {
            self.sink.write_bytes(b",")?;
        }
        Ok(self
            .sink
            .write_bytes(block.get(..len).unwrap_or_default())?)
    }

    /// `true` or `false`, after a comma when `comma` (a compact array's element).
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub(crate) fn bool_after(&mut self, comma: bool, v: bool) -> Result<()> {
        let (word, len) = bool_text(v);
        self.block_after(comma, &word, len)
    }

    /// The elements of a compact `bool` array, each after its comma but the first, written a
    /// run at a time ([`Self::number_runs`]): written one by one, every element waited on the
    /// sink's length the one before had stored.
    #[cfg(not(feature = "size"))]
    #[inline(always)]
    pub(crate) fn bool_elements(&mut self, items: &[bool]) -> Result<()> {
        self.number_runs::<bool, 8>(
            items,
            false,
            |w, comma, v| w.bool_after(comma, v),
            |v, window| {
                let (word, len) = bool_text(v);
                *window = word.map(MaybeUninit::new);
                len
            },
        )
    }

    /// [`Self::write_int`] after a comma when `comma`.
    #[cfg(not(feature = "size"))]
    #[inline(always)]
    pub(crate) fn int_after<T: structio_num::Integer>(&mut self, comma: bool, v: T) -> Result<()> {
        let c = usize::from(comma);
        if let Some(dst) = self.sink.reserve(41).ok().and_then(|s| s.get_mut(..41)) {
            let start = dst.as_mut_ptr().cast::<u8>();
            // SAFETY: `start` is 41 writable bytes: the comma at the first (counted only when
            // asked for), the 40-byte window after it. The window is `MaybeUninit`, so it needs
            // no zeroing to be referenced; no other reference to these bytes is alive.
            let window = unsafe {
                start.write(b',');
                &mut *start.add(c).cast::<[MaybeUninit<u8>; 40]>()
            };
            let n = Ord::min(structio_num::write_int_uninit(v, window), 40);
            // SAFETY: the comma (when counted) and the `n` bytes `write_int_uninit` reports
            // initialized, `c + n <= 41` of the reserved slice.
            unsafe { self.sink.advance(c + n) };
            return Ok(());
        }
        if comma {
            self.block_exact(b",")?;
        }
        let mut buf = [0u8; 40];
        let n = structio_num::write_int(v, &mut buf);
        self.block_exact(buf.get(..n).unwrap_or_default())
    }

    /// The elements of a compact integer array, each after its comma but the first, written a
    /// run at a time as [`Self::number_runs`] writes them, each run by structio-num's
    /// [`write_int_list`](structio_num::write_int_list), which with AVX2 converts four
    /// integers at a time with no branch on their lengths.
    #[cfg(all(not(feature = "size"), target_arch = "x86_64", target_feature = "avx2"))]
    #[inline(always)]
    pub(crate) fn int_elements<T: structio_num::Integer>(&mut self, items: &[T]) -> Result<()> {
        /// Elements per run: a run reserves `RUN * 41` bytes.
        const RUN: usize = 32;
        let Some((&head, rest)) = items.split_first() else {
            return Ok(());
        };
        self.int_after(false, head)?;
        for run in rest.chunks(RUN) {
            let written = match self.sink.reserve(RUN * 41) {
                Ok(spare) => {
                    let room = spare.len();
                    let (count, len) = structio_num::write_int_list(run, b',', spare);
                    // SAFETY: `write_int_list` initialized the first `len` bytes of the slice
                    // `reserve` returned, `room` long.
                    unsafe { self.sink.advance(len.min(room)) };
                    count
                }
                Err(_) => 0,
            };
            // A fixed sink near its end: the rest one at a time, each checked for room.
            for &v in run.get(written..).unwrap_or_default() {
                self.int_after(true, v)?;
            }
        }
        Ok(())
    }

    /// [`Self::int_elements`] without AVX2, where `write_int_list` writes one integer at a
    /// time: the windows of [`Self::number_runs`], whose loop runs 3-5% fewer instructions
    /// than the list's here (iai-callgrind, `json::write_ints` and `write_uints`).
    #[cfg(all(
        not(feature = "size"),
        not(all(target_arch = "x86_64", target_feature = "avx2"))
    ))]
    #[inline(always)]
    pub(crate) fn int_elements<T: structio_num::Integer>(&mut self, items: &[T]) -> Result<()> {
        self.number_runs::<T, 40>(
            items,
            false,
            |w, comma, v| w.int_after(comma, v),
            structio_num::write_int_uninit,
        )
    }

    /// The elements of a compact float array, as [`Self::int_elements`] writes integers. `write`
    /// is structio-num's writer for the width; NaN and the infinities are `null`; serde_json's
    /// layout goes element by element through `one`, the writer's method for the width.
    #[cfg(all(not(feature = "size"), target_pointer_width = "64"))]
    #[inline(always)]
    pub(crate) fn float_elements<T: Copy>(
        &mut self,
        items: &[T],
        finite: impl Fn(T) -> bool,
        write: impl Fn(T, &mut [u8; 32]) -> usize,
        one: impl Fn(&mut Self, T) -> Result<()>,
    ) -> Result<()> {
        #[cfg(feature = "alloc")]
        let exact = self.serde_floats;
        #[cfg(not(feature = "alloc"))]
        let exact = false;
        self.number_runs::<T, 32>(
            items,
            exact,
            |w, comma, v| {
                w.element(!comma)?;
                one(w, v)
            },
            |v, window| {
                *window = [MaybeUninit::new(0); 32];
                // SAFETY: every byte of `window` was just initialized, and `[u8; 32]` has the
                // layout of `[MaybeUninit<u8>; 32]`.
                let buf =
                    unsafe { &mut *(window as *mut [MaybeUninit<u8>; 32]).cast::<[u8; 32]>() };
                if finite(v) {
                    write(v, buf)
                } else {
                    if let Some(head) = buf.first_chunk_mut::<4>() {
                        *head = *b"null";
                    }
                    4
                }
            },
        )
    }

    /// The elements of a compact array of numbers: the first alone, the rest each after its
    /// comma, a run at a time: one test of the sink's room per run, and the run's end kept in
    /// a register rather than in the sink between elements (an element written alone reloads
    /// and stores the sink's length, a chain through memory every element waits on). `render`
    /// writes one number into a `W`-byte window that need not be initialized and returns its
    /// length; `one` writes an element alone (after a comma when asked): the array's first,
    /// and every element for a fixed sink near its end or when `exact` asks for it.
    #[cfg(not(feature = "size"))]
    #[inline(always)]
    fn number_runs<T: Copy, const W: usize>(
        &mut self,
        items: &[T],
        exact: bool,
        one: impl Fn(&mut Self, bool, T) -> Result<()>,
        render: impl Fn(T, &mut [MaybeUninit<u8>; W]) -> usize,
    ) -> Result<()> {
        /// Elements per run: a run reserves `RUN * (W + 1)` bytes.
        const RUN: usize = 32;
        let room = RUN * (W + 1);
        // The first element alone, so that every element of the runs has its comma: a comma
        // counted by a variable cost the loop three instructions an element.
        let Some((&head, rest)) = items.split_first() else {
            return Ok(());
        };
        one(self, false, head)?;
        for run in rest.chunks(RUN) {
            let spare = if exact {
                None
            } else {
                self.sink
                    .reserve(room)
                    .ok()
                    .and_then(|spare| spare.get_mut(..room))
            };
            let Some(dst) = spare else {
                for &v in run {
                    one(self, true, v)?;
                }
                continue;
            };
            let base = dst.as_mut_ptr().cast::<u8>();
            let mut at = 0usize;
            for &v in run {
                // `at` grows by at most `W + 1` per element (the comma and a length clamped to
                // `W`) and a run has at most `RUN` elements, so before a run's last element
                // `at <= (RUN - 1) * (W + 1) = room - (W + 1)`.
                debug_assert!(at + W < room);
                // SAFETY: `base` is `room` writable bytes and `at + W + 1 <= room` (above): the
                // comma goes at `at`, the `W`-byte window after it. The window is
                // `MaybeUninit`, so it needs no initializing to be referenced; no other
                // reference to these bytes is alive.
                let window = unsafe {
                    let slot = base.add(at);
                    slot.write(b',');
                    &mut *slot.add(1).cast::<[MaybeUninit<u8>; W]>()
                };
                // `render` initializes the first bytes of the window, as many as it returns.
                at += 1 + Ord::min(render(v, window), W);
            }
            // SAFETY: every byte below `at` was written by the loop above (each comma, and the
            // text `render` reported), and `at <= room`.
            unsafe { self.sink.advance(at.min(room)) };
        }
        Ok(())
    }

    /// [`Self::write_int`] after a comma when `comma`, for the size configuration: every width
    /// goes through structio-num's one out-of-line 64-bit writer and [`Self::text_after`], so
    /// an integer type costs its sign handling and two calls instead of a copy of both.
    #[cfg(feature = "size")]
    #[inline(always)]
    pub(crate) fn int_after<T: structio_num::Integer>(&mut self, comma: bool, v: T) -> Result<()> {
        let mut buf = [0u8; 40];
        let n = structio_num::write_int(v, &mut buf);
        self.text_after(comma, buf.get(..n).unwrap_or_default())
    }

    /// `text` after a comma when `comma`, by exact writes.
    #[cfg(feature = "size")]
    #[inline(never)]
    fn text_after(&mut self, comma: bool, text: &[u8]) -> Result<()> {
        if comma {
            self.sink.write_bytes(b",")?;
        }
        Ok(self.sink.write_bytes(text)?)
    }

    /// [`Self::element`] in a compact writer (`,` unless `first`), for a caller that tested the
    /// layout once for a whole container: with no layout test per element between them, the
    /// compiler keeps the sink's length from one element's store to the next element's.
    #[cfg(feature = "serde")]
    #[inline(always)]
    pub(crate) fn compact_element(&mut self, first: bool) -> Result<()> {
        if !first {
            // The comma before an empty block: its count committed from the one read before
            // the store, not read again after it as `block`'s `advance` does.
            self.block_after(true, &[], 0)?;
        }
        Ok(())
    }

    /// [`Self::key`] in a compact writer: `,` unless `first`, the key, `:`.
    #[cfg(feature = "serde")]
    #[inline]
    pub(crate) fn compact_key(&mut self, first: bool, key: &str) -> Result<()> {
        self.compact_element(first)?;
        self.write_str(key)?;
        self.block(b":", 1)
    }

    /// Whether this writer lays its output out (indents); a compact writer's array elements
    /// may write their comma themselves ([`JsonWrite::write_json_element`]).
    #[inline(always)]
    pub(crate) fn is_pretty(&self) -> bool {
        self.pretty
    }

    /// A fixed sink without room for the whole block: only the bytes that count.
    #[cold]
    #[inline(never)]
    fn block_exact(&mut self, bytes: &[u8]) -> Result<()> {
        Ok(self.sink.write_bytes(bytes)?)
    }

    /// `null`.
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.write_null()?;
    /// assert_eq!(w.into_inner(), b"null");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline(always)]
    pub fn write_null(&mut self) -> Result<()> {
        self.block(b"null", 4)
    }

    /// `true` or `false`, chosen without a branch.
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.write_bool(false)?;
    /// assert_eq!(w.into_inner(), b"false");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn write_bool(&mut self, v: bool) -> Result<()> {
        self.bool_after(false, v)
    }

    /// An integer of any width.
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.write_int(-42i64)?;
    /// assert_eq!(w.into_inner(), b"-42");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn write_int<T: structio_num::Integer>(&mut self, v: T) -> Result<()> {
        self.int_after(false, v)
    }

    /// An `f64` as its shortest round-trip text in Glaze's layout (`1` for `1.0`, `1E16`);
    /// NaN and the infinities are written `null`, as Glaze writes them.
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.write_f64(0.25)?;
    /// assert_eq!(w.into_inner(), b"0.25");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn write_f64(&mut self, v: f64) -> Result<()> {
        if !v.is_finite() {
            return self.write_null();
        }
        #[cfg(feature = "alloc")]
        if self.serde_floats {
            let mut buf = [0u8; 32];
            let n = structio_num::write_f64(v, &mut buf);
            let text = buf.get(..n).unwrap_or_default();
            return self.float_serde(text, super::serde_compat::F64_LIMITS);
        }
        render!(self, false, 32, |buf| structio_num::write_f64(v, buf))
    }

    /// An `f32` as its shortest round-trip text; NaN and the infinities are written `null`.
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.write_f32(0.1)?;
    /// assert_eq!(w.into_inner(), b"0.1");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn write_f32(&mut self, v: f32) -> Result<()> {
        if !v.is_finite() {
            return self.write_null();
        }
        #[cfg(feature = "alloc")]
        if self.serde_floats {
            let mut buf = [0u8; 32];
            let n = structio_num::write_f32(v, &mut buf);
            let text = buf.get(..n).unwrap_or_default();
            return self.float_serde(text, super::serde_compat::F32_LIMITS);
        }
        render!(self, false, 32, |buf| structio_num::write_f32(v, buf))
    }

    /// A JSON string, escaped as Glaze escapes it (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`,
    /// other control bytes as `\u00XX`; everything else as it is).
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.write_str("a\"b\u{1}")?;
    /// assert_eq!(w.into_inner(), br#""a\"b\u0001""#);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn write_str(&mut self, s: &str) -> Result<()> {
        string::write_str(&mut self.sink, s.as_bytes())
    }

    /// A newline and the current level's indent.
    #[inline(never)]
    fn newline(&mut self) -> Result<()> {
        const SPACES: [u8; 64] = [b' '; 64];
        self.sink.write_bytes(b"\n")?;
        let mut left = self.level * self.indent;
        while left > 0 {
            let n = left.min(64);
            self.sink.write_bytes(SPACES.get(..n).unwrap_or_default())?;
            left -= n;
        }
        Ok(())
    }

    #[inline(always)]
    fn open(&mut self, b: u8) -> Result<()> {
        self.level += 1;
        self.block(&[b], 1)
    }

    #[inline(always)]
    fn close(&mut self, b: u8, empty: bool) -> Result<()> {
        self.level = self.level.saturating_sub(1);
        if self.pretty && !empty {
            self.newline()?;
        }
        self.block(&[b], 1)
    }

    /// `{` (and a level of indent when laid out).
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.begin_object()?;
    /// w.end_object(true)?;
    /// assert_eq!(w.into_inner(), b"{}");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn begin_object(&mut self) -> Result<()> {
        self.open(b'{')
    }

    /// A member's key: `,` unless `first`; when laid out, a newline and the indent; then
    /// `quoted_key`, already escaped, quoted and followed by its colon (`b"\"name\":"`); when
    /// laid out, a space after it.
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.begin_object()?;
    /// w.field(true, b"\"a\":")?;
    /// w.write_int(1u8)?;
    /// w.field(false, b"\"b\":")?;
    /// w.write_int(2u8)?;
    /// w.end_object(false)?;
    /// assert_eq!(w.into_inner(), br#"{"a":1,"b":2}"#);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn field(&mut self, first: bool, quoted_key: &'static [u8]) -> Result<()> {
        if self.pretty {
            return self.field_pretty(first, quoted_key);
        }
        if cfg!(feature = "size") {
            if !first {
                self.block(b",", 1)?;
            }
            return Ok(self.sink.write_bytes(quoted_key)?);
        }
        self.bytes_after(!first, quoted_key)
    }

    /// `bytes` after a comma when `comma`, under one capacity test: a struct's members are
    /// written one after another, and each test and length store the comma saves is on the
    /// path of every member. (The size configuration keeps the two writes: flash.)
    #[inline(always)]
    fn bytes_after(&mut self, comma: bool, bytes: &[u8]) -> Result<()> {
        let c = usize::from(comma);
        let n = bytes.len();
        if let Ok(spare) = self.sink.reserve(n + 1)
            && let Some(dst) = spare.get_mut(..n + 1)
        {
            let start = dst.as_mut_ptr().cast::<u8>();
            // SAFETY: `start` is `n + 1` writable bytes, which cannot overlap `bytes` (a
            // shared borrow cannot alias the sink's exclusive one): the comma at the first,
            // `bytes` after it (over the comma's place when there is none).
            unsafe {
                start.write(b',');
                core::ptr::copy_nonoverlapping(bytes.as_ptr(), start.add(c), n);
            }
            // SAFETY: the comma (when counted) and the `n` bytes after it were written.
            unsafe { self.sink.advance(c + n) };
            return Ok(());
        }
        if comma {
            self.block_exact(b",")?;
        }
        self.block_exact(bytes)
    }

    #[inline(never)]
    fn field_pretty(&mut self, first: bool, quoted_key: &[u8]) -> Result<()> {
        if !first {
            self.sink.write_bytes(b",")?;
        }
        self.newline()?;
        self.sink.write_bytes(quoted_key)?;
        Ok(self.sink.write_bytes(b" ")?)
    }

    /// A member's key given as text (map keys): the layout of [`field`](Self::field), with
    /// `key` escaped and quoted here.
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.begin_object()?;
    /// w.key(true, "k")?;
    /// w.write_bool(true)?;
    /// w.end_object(false)?;
    /// assert_eq!(w.into_inner(), br#"{"k":true}"#);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[inline]
    pub fn key(&mut self, first: bool, key: &str) -> Result<()> {
        if !first {
            self.block(b",", 1)?;
        }
        if self.pretty {
            self.newline()?;
        }
        self.write_str(key)?;
        if self.pretty {
            Ok(self.sink.write_bytes(b": ")?)
        } else {
            self.block(b":", 1)
        }
    }

    /// `}`; when laid out and the object is not empty, a newline and the outer indent first.
    ///
    /// ```
    /// let mut w = structio_json::Writer::pretty(Vec::new(), 3);
    /// w.begin_object()?;
    /// w.end_object(true)?;
    /// assert_eq!(w.into_inner(), b"{}");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn end_object(&mut self, empty: bool) -> Result<()> {
        self.close(b'}', empty)
    }

    /// `[` (and a level of indent when laid out).
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.begin_array()?;
    /// w.end_array(true)?;
    /// assert_eq!(w.into_inner(), b"[]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn begin_array(&mut self) -> Result<()> {
        self.open(b'[')
    }

    /// Before an element: `,` unless `first`; when laid out, a newline and the indent.
    ///
    /// ```
    /// let mut w = structio_json::Writer::pretty(Vec::new(), 2);
    /// w.begin_array()?;
    /// w.element(true)?;
    /// w.write_int(1u8)?;
    /// w.element(false)?;
    /// w.write_int(2u8)?;
    /// w.end_array(false)?;
    /// assert_eq!(w.into_inner(), b"[\n  1,\n  2\n]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn element(&mut self, first: bool) -> Result<()> {
        if !first {
            self.block(b",", 1)?;
        }
        if self.pretty {
            self.newline()?;
        }
        Ok(())
    }

    /// `]`; when laid out and the array is not empty, a newline and the outer indent first.
    ///
    /// ```
    /// let mut w = structio_json::Writer::new(Vec::new());
    /// w.begin_array()?;
    /// w.end_array(true)?;
    /// assert_eq!(w.into_inner(), b"[]");
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    #[cfg_attr(not(feature = "size"), inline(always))]
    #[cfg_attr(feature = "size", inline(never))]
    pub fn end_array(&mut self, empty: bool) -> Result<()> {
        self.close(b']', empty)
    }
}

/// The block of a punctuation or literal write (at most 8 bytes) in the first bytes of 8, the
/// one type [`Writer::block_tail`] takes (one copy of it, not one per block length).
#[inline(always)]
fn word_of<const N: usize>(block: &[u8; N]) -> [u8; 8] {
    const { assert!(N <= 8) };
    let mut word = [0u8; 8];
    if let Some(head) = word.get_mut(..N) {
        head.copy_from_slice(block);
    }
    word
}

/// `true` or `false` in the first bytes of an eight-byte word, and its length: chosen by
/// multiplication rather than a branch, which arrays of mixed values would mispredict.
#[inline(always)]
fn bool_text(v: bool) -> ([u8; 8], usize) {
    let t = u64::from(v);
    let word = (t * u64::from_le_bytes(*b"true\0\0\0\0"))
        | ((1 - t) * u64::from_le_bytes(*b"false\0\0\0"));
    (word.to_le_bytes(), 5 - t as usize)
}

/// Integers are rendered straight into the sink's spare capacity, which is not zeroed first:
/// these tests (which CI also runs under Miri) check that only the bytes written are kept.
#[cfg(all(test, feature = "alloc"))]
mod int_window_tests {
    use crate::{SliceSink, Writer};
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::fmt::Write as _;

    fn values() -> Vec<i64> {
        let mut v = alloc::vec![
            0,
            -1,
            9,
            10,
            -99,
            100,
            9_999,
            -10_000,
            99_999_999,
            100_000_000
        ];
        v.extend([
            i64::MIN,
            i64::MAX,
            -1_234_567_890_123_456_789,
            12_345_678_901_234_567,
        ]);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..60 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            v.push((x >> (i % 60)) as i64);
        }
        v
    }

    fn expected<T: core::fmt::Display>(items: &[T]) -> String {
        let mut s = String::from("[");
        for (i, v) in items.iter().enumerate() {
            let _ = write!(s, "{}{v}", if i == 0 { "" } else { "," });
        }
        s.push(']');
        s
    }

    #[test]
    fn arrays_into_fresh_capacity_hold_only_the_digits() {
        let items = values();
        for len in [0, 1, 31, 32, 33, 65, items.len()] {
            let slice = items.get(..len).unwrap_or_default();
            // A fresh `Vec` with capacity: the spare bytes are uninitialized.
            let mut out = Vec::with_capacity(16);
            crate::write_into(&slice, &mut out).unwrap();
            assert_eq!(out, expected(slice).as_bytes(), "{len} items");
            let unsigned: Vec<u64> = slice.iter().map(|v| v.unsigned_abs()).collect();
            let mut out = Vec::new();
            crate::write_into(&unsigned, &mut out).unwrap();
            assert_eq!(out, expected(&unsigned).as_bytes(), "{len} unsigned items");
        }
    }

    /// Arrays of short integers (the four-at-a-time path with AVX2) into a growing `Vec` and
    /// into fixed sinks from too small to roomy: the exact text, or an error and no success.
    #[test]
    fn short_integer_arrays_in_quads_and_near_a_fixed_end() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for len in [1usize, 2, 4, 5, 8, 33, 70] {
            let items: Vec<i64> = (0..len)
                .map(|_| {
                    let r = next();
                    let v = (r >> 8) as i64 % 10i64.pow((r % 8) as u32 + 1);
                    if r >> 63 == 1 {
                        -v
                    } else {
                        v
                    }
                })
                .collect();
            let text = expected(&items);
            let mut out = Vec::with_capacity(3);
            crate::write_into(&items, &mut out).unwrap();
            assert_eq!(out, text.as_bytes(), "{len} items");
            for room in [
                text.len() - 1,
                text.len(),
                text.len() + 40,
                text.len() + 41 * 32,
            ] {
                let mut buf = alloc::vec![0u8; room];
                let mut w = Writer::new(SliceSink::new(&mut buf));
                match crate::JsonWrite::write_json(&items, &mut w) {
                    Ok(()) => assert_eq!(w.into_inner().written(), text.as_bytes(), "{room}"),
                    Err(_) => assert!(room < text.len(), "{room} bytes, {len} items"),
                }
            }
        }
    }

    #[test]
    fn single_integers_and_a_fixed_sink_near_its_end() {
        for v in values() {
            let mut w = Writer::new(Vec::new());
            w.write_int(v).unwrap();
            assert_eq!(w.into_inner(), alloc::format!("{v}").as_bytes());
            // Too little room for the 41-byte window: the exact path, and a clean error when
            // even that does not fit.
            let text = alloc::format!("{v}");
            let mut buf = [0u8; 24];
            let mut w = Writer::new(SliceSink::new(&mut buf));
            match w.write_int(v) {
                Ok(()) => assert_eq!(w.into_inner().written(), text.as_bytes()),
                Err(_) => assert!(text.len() > 24),
            }
        }
    }
}

/// Float arrays are rendered a run at a time into the sink's spare capacity, each window
/// zeroed before the digits go in: these tests (which CI also runs under Miri) check the text
/// against the floats written one at a time.
#[cfg(all(
    test,
    feature = "alloc",
    not(feature = "size"),
    target_pointer_width = "64"
))]
mod float_window_tests {
    use alloc::vec::Vec;

    fn one_at_a_time<T: crate::JsonWrite>(items: &[T]) -> Vec<u8> {
        let mut out = alloc::vec![b'['];
        for (i, v) in items.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(&crate::to_vec(v).unwrap());
        }
        out.push(b']');
        out
    }

    #[test]
    fn float_arrays_into_fresh_capacity_hold_only_the_text() {
        let mut items = alloc::vec![
            0.0,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            1e16,
            0.001,
            -1.5e-7,
            5e-324
        ];
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        while items.len() < 70 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            items.push(f64::from_bits(x));
        }
        for len in [0, 1, 31, 32, 33, 65, items.len()] {
            let slice = items.get(..len).unwrap_or_default();
            let mut out = Vec::with_capacity(16);
            crate::write_into(&slice, &mut out).unwrap();
            assert_eq!(out, one_at_a_time(slice), "{len} items");
            let singles: Vec<f32> = slice.iter().map(|&v| v as f32).collect();
            let mut out = Vec::new();
            crate::write_into(&singles, &mut out).unwrap();
            assert_eq!(out, one_at_a_time(&singles), "{len} f32 items");
        }
    }
}

/// Bool arrays are written a run at a time into the sink's spare capacity, each element's
/// eight-byte word over the bytes after it: these tests (which CI also runs under Miri) check
/// the text against `true`/`false` joined by commas, into fresh capacity and into a fixed
/// slice of every length (the element-by-element path near its end).
#[cfg(all(test, feature = "alloc", not(feature = "size")))]
mod bool_window_tests {
    use crate::{ErrorKind, SliceSink, Writer};
    use alloc::string::String;
    use alloc::vec::Vec;

    fn items() -> Vec<bool> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        (0..70)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x & 1 == 1
            })
            .collect()
    }

    fn expected(items: &[bool]) -> String {
        let words: Vec<&str> = items
            .iter()
            .map(|&b| if b { "true" } else { "false" })
            .collect();
        alloc::format!("[{}]", words.join(","))
    }

    #[test]
    fn bool_arrays_into_fresh_capacity_hold_only_the_text() {
        let items = items();
        for len in [0, 1, 31, 32, 33, 65, items.len()] {
            let slice = items.get(..len).unwrap_or_default();
            let mut out = Vec::with_capacity(4);
            crate::write_into(&slice, &mut out).unwrap();
            assert_eq!(out, expected(slice).as_bytes(), "{len} items");
        }
    }

    #[test]
    fn bool_arrays_into_a_slice_of_every_length() {
        let items = items();
        let slice = items.get(..40).unwrap_or_default();
        let text = expected(slice);
        // Past the text's length by more than a run's reservation (32 elements of nine
        // bytes), so both the run path and the element-by-element path are taken.
        let mut buf = [0u8; 640];
        let reservation = 32 * 9;
        // Under Miri (a minute for every length), every seventh length and every one near the
        // text's end and near one run's reservation.
        let lengths = (0..=buf.len()).filter(|&n| {
            !cfg!(miri)
                || n % 7 == 0
                || n.abs_diff(text.len()) <= 18
                || n.abs_diff(reservation) <= 18
        });
        for n in lengths {
            let mut w = Writer::new(SliceSink::new(&mut buf[..n]));
            match crate::JsonWrite::write_json(&slice, &mut w) {
                Ok(()) => {
                    assert!(n >= text.len(), "{n}");
                    assert_eq!(w.into_inner().written(), text.as_bytes());
                }
                Err(e) => {
                    assert!(n < text.len(), "{n}");
                    assert_eq!(e.kind(), ErrorKind::BufferFull, "{n}");
                    assert_eq!(&buf[..e.offset()], &text.as_bytes()[..e.offset()], "{n}");
                }
            }
        }
    }
}
