//! The writer: markers, numbers in the mode's widths, strings, containers and packed numeric
//! arrays into a [`Sink`].

use super::Sink;
use crate::error::{Error, ErrorKind, Result};
use crate::header;
use crate::number::Number;

/// How a [`Writer`] chooses between BJData's equivalent encodings. Reading accepts both.
///
/// ```
/// use structio_bjdata::{to_vec_with, Mode};
/// assert_eq!(to_vec_with(&5i32, Mode::Speed).unwrap(), b"l\x05\x00\x00\x00");
/// assert_eq!(to_vec_with(&5i32, Mode::Size).unwrap(), b"U\x05");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Each number in its own type's marker (no branch on the value), numeric sequences as
    /// packed `[$T#n` containers written with one copy, arrays and objects counted (`#`).
    #[default]
    Speed,
    /// Each integer in the smallest marker that holds it (unsigned markers for non-negative
    /// values, as pybj writes them), floats as `d` when single precision holds them exactly,
    /// containers ended by `]`/`}`, and a numeric sequence packed (in the smallest element
    /// type that holds every value) only where that is smaller than writing it plainly.
    Size,
}

/// Writes BJData values into a [`Sink`].
///
/// ```
/// use structio_bjdata::{Mode, Writer};
/// let mut w = Writer::with_mode(Vec::new(), Mode::Size);
/// w.begin_object(1).unwrap();
/// w.write_key("ok").unwrap();
/// w.write_bool(true).unwrap();
/// w.end_object().unwrap();
/// assert_eq!(w.into_inner(), b"{U\x02okT}");
/// ```
#[derive(Debug)]
pub struct Writer<S: Sink> {
    sink: S,
    start: usize,
    mode: Mode,
    /// An empty container was just opened in speed mode with its start marker only (`[]` is
    /// shorter than `[#U\x00`, and pybj misreads an empty counted container before a
    /// sibling); its end call writes the end marker.
    empty_open: bool,
}

impl<S: Sink> Writer<S> {
    /// A writer in [`Mode::Speed`] whose document starts at the sink's current end.
    ///
    /// ```
    /// let w = structio_bjdata::Writer::new(Vec::new());
    /// assert_eq!(w.mode(), structio_bjdata::Mode::Speed);
    /// ```
    #[inline]
    pub fn new(sink: S) -> Self {
        Writer::with_mode(sink, Mode::Speed)
    }

    /// A writer in `mode`.
    ///
    /// ```
    /// use structio_bjdata::{Mode, Writer};
    /// assert_eq!(Writer::with_mode(Vec::new(), Mode::Size).mode(), Mode::Size);
    /// ```
    #[inline]
    pub fn with_mode(sink: S, mode: Mode) -> Self {
        let start = sink.len();
        Writer {
            sink,
            start,
            mode,
            empty_open: false,
        }
    }

    /// The mode.
    ///
    /// ```
    /// assert_eq!(structio_bjdata::Writer::new(Vec::new()).mode(), structio_bjdata::Mode::Speed);
    /// ```
    #[inline(always)]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    structio_core::__sink_writer_methods! {
        krate: structio_bjdata,
        raw: "Bytes as they are (a pre-encoded key or value).",
            b"U\x02id" => b"U\x02id",
        byte: "One byte.", b'T' => b"T",
    }

    structio_core::__sink_writer_fixed! {}

    /// A marker and the little-endian bytes of `v`'s low `width` bytes.
    #[inline(always)]
    fn marked(&mut self, marker: u8, v: u64, width: usize) -> Result<()> {
        let mut buf = [0u8; 9];
        buf[0] = marker;
        buf[1..].copy_from_slice(&v.to_le_bytes());
        self.fixed(&buf, 1 + width)
    }

    /// An integer value in the smallest marker, unsigned markers for non-negative values
    /// (`U u m M`, as pybj writes), signed for negative (`i I l L`). Used for every length
    /// and count, and for integers in [`Mode::Size`].
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_smallest(300).unwrap();
    /// w.write_smallest(-1).unwrap();
    /// assert_eq!(w.into_inner(), b"u\x2c\x01i\xff");
    /// ```
    #[inline(always)]
    pub fn write_smallest(&mut self, v: i64) -> Result<()> {
        if v >= 0 {
            return self.write_smallest_unsigned(v as u64);
        }
        let (m, w) = if v >= -0x80 {
            (header::INT8, 1)
        } else if v >= -0x8000 {
            (header::INT16, 2)
        } else if v >= -0x8000_0000 {
            (header::INT32, 4)
        } else {
            (header::INT64, 8)
        };
        self.marked(m, v as u64, w)
    }

    /// A non-negative integer in the smallest unsigned marker.
    #[inline(always)]
    fn write_smallest_unsigned(&mut self, v: u64) -> Result<()> {
        let (m, w) = smallest_unsigned(v);
        self.marked(m, v, w)
    }

    /// A length or count (always the smallest marker).
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_length(2).unwrap();
    /// assert_eq!(w.into_inner(), b"U\x02");
    /// ```
    #[inline(always)]
    pub fn write_length(&mut self, n: usize) -> Result<()> {
        self.write_smallest_unsigned(n as u64)
    }

    /// An integer with an explicit marker (`i U I u l m L M`): the low bytes of `v` for its
    /// width. In [`Mode::Size`] the smallest marker that holds the value instead.
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_int_as(b'I', -2).unwrap();
    /// assert_eq!(w.into_inner(), b"I\xfe\xff");
    /// ```
    #[inline(always)]
    pub fn write_int_as(&mut self, marker: u8, v: i64) -> Result<()> {
        if self.mode == Mode::Size {
            return self.write_smallest(v);
        }
        let width = header::payload_size(marker).unwrap_or(8);
        self.marked(marker, v as u64, width)
    }

    /// A `u64` (`M` in [`Mode::Speed`], the smallest marker in [`Mode::Size`]).
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_u64(1).unwrap();
    /// assert_eq!(w.into_inner(), b"M\x01\0\0\0\0\0\0\0");
    /// ```
    #[inline(always)]
    pub fn write_u64(&mut self, v: u64) -> Result<()> {
        if self.mode == Mode::Size {
            return self.write_smallest_unsigned(v);
        }
        self.marked(header::UINT64, v, 8)
    }

    /// An unsigned 128-bit integer: as `u64` when it fits, else a high-precision `H` number.
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_u128(1 << 64).unwrap();
    /// assert_eq!(w.into_inner(), b"HU\x1418446744073709551616");
    /// ```
    #[inline]
    pub fn write_u128(&mut self, v: u128) -> Result<()> {
        match u64::try_from(v) {
            Ok(v) => self.write_u64(v),
            Err(_) => self.write_decimal(false, v),
        }
    }

    /// A signed 128-bit integer: as `i64` or `u64` when it fits, else `H`.
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_i128(-(1 << 64)).unwrap();
    /// assert_eq!(w.into_inner(), b"HU\x15-18446744073709551616");
    /// ```
    #[inline]
    pub fn write_i128(&mut self, v: i128) -> Result<()> {
        if let Ok(v) = i64::try_from(v) {
            return self.write_int_as(header::INT64, v);
        }
        if v > 0 {
            return self.write_u128(v as u128);
        }
        self.write_decimal(true, v.unsigned_abs())
    }

    #[cold]
    fn write_decimal(&mut self, negative: bool, mut m: u128) -> Result<()> {
        let mut buf = [0u8; 40];
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (m % 10) as u8;
            m /= 10;
            if m == 0 {
                break;
            }
        }
        if negative {
            i -= 1;
            buf[i] = b'-';
        }
        self.write_high_precision(core::str::from_utf8(&buf[i..]).unwrap_or("0"))
    }

    /// A high-precision number `H` with `text` as it is (the caller makes it a JSON number).
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_high_precision("1e400").unwrap();
    /// assert_eq!(w.into_inner(), b"HU\x051e400");
    /// ```
    #[inline]
    pub fn write_high_precision(&mut self, text: &str) -> Result<()> {
        self.byte(header::HIGH_PRECISION)?;
        self.write_length(text.len())?;
        self.raw(text.as_bytes())
    }

    /// An `f64`: `D`; in [`Mode::Size`], `d` when single precision holds it exactly (NaN
    /// payloads included).
    ///
    /// ```
    /// use structio_bjdata::{Mode, Writer};
    /// let mut w = Writer::with_mode(Vec::new(), Mode::Size);
    /// w.write_f64(1.5).unwrap();
    /// assert_eq!(w.into_inner(), b"d\x00\x00\xc0\x3f");
    /// ```
    #[inline]
    pub fn write_f64(&mut self, v: f64) -> Result<()> {
        if self.mode == Mode::Size
            && let Some(f) = f64_to_f32_exact(v)
        {
            return self.write_f32(f);
        }
        self.marked(header::FLOAT64, v.to_bits(), 8)
    }

    /// An `f32`: `d`.
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_f32(-4.0).unwrap();
    /// assert_eq!(w.into_inner(), b"d\x00\x00\x80\xc0");
    /// ```
    #[inline]
    pub fn write_f32(&mut self, v: f32) -> Result<()> {
        self.marked(header::FLOAT32, u64::from(v.to_bits()), 4)
    }

    /// A boolean (`T` / `F`).
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_bool(true).unwrap();
    /// assert_eq!(w.into_inner(), b"T");
    /// ```
    #[inline(always)]
    pub fn write_bool(&mut self, b: bool) -> Result<()> {
        self.byte(if b { header::TRUE } else { header::FALSE })
    }

    /// `null` (`Z`).
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_null().unwrap();
    /// assert_eq!(w.into_inner(), b"Z");
    /// ```
    #[inline(always)]
    pub fn write_null(&mut self) -> Result<()> {
        self.byte(header::NULL)
    }

    /// A string (`S`, a length, the bytes); in [`Mode::Size`] a one-byte ASCII string is a
    /// `C` (as pybj writes it).
    ///
    /// ```
    /// use structio_bjdata::{Mode, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// w.write_str("hi").unwrap();
    /// assert_eq!(w.into_inner(), b"SU\x02hi");
    /// let mut w = Writer::with_mode(Vec::new(), Mode::Size);
    /// w.write_str("x").unwrap();
    /// assert_eq!(w.into_inner(), b"Cx");
    /// ```
    #[inline(always)]
    pub fn write_str(&mut self, s: &str) -> Result<()> {
        let n = s.len();
        if n == 1 && self.mode == Mode::Size && s.as_bytes()[0] < 0x80 {
            return self.raw(&[header::CHAR, s.as_bytes()[0]]);
        }
        if n <= 0xff {
            // Header and text into one reservation, where apart they are two sink calls.
            if let Ok(spare) = self.sink.reserve(3 + n)
                && let Some(dst) = spare.get_mut(..3 + n)
            {
                let p = dst.as_mut_ptr().cast::<u8>();
                // SAFETY: `dst` is `3 + n` writable bytes: the header takes the first three
                // and the text the next `n`; `s` cannot overlap the sink's spare room (it
                // is borrowed shared while the sink is borrowed exclusively).
                unsafe {
                    p.cast::<[u8; 3]>()
                        .write_unaligned([header::STRING, header::UINT8, n as u8]);
                    core::ptr::copy_nonoverlapping(s.as_ptr(), p.add(3), n);
                }
                // SAFETY: the first `3 + n` bytes of the reserved room were just written.
                unsafe { self.sink.advance(3 + n) };
                return Ok(());
            }
            self.fixed(&[header::STRING, header::UINT8, n as u8], 3)?;
        } else {
            self.byte(header::STRING)?;
            self.write_length(n)?;
        }
        self.raw(s.as_bytes())
    }

    /// A character: `C` when it is ASCII, else a string.
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_char('a').unwrap();
    /// assert_eq!(w.into_inner(), b"Ca");
    /// ```
    #[inline]
    pub fn write_char(&mut self, c: char) -> Result<()> {
        if c.is_ascii() {
            return self.raw(&[header::CHAR, c as u8]);
        }
        self.write_str(c.encode_utf8(&mut [0; 4]))
    }

    /// An object key (a length and the bytes, no marker).
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.write_key("id").unwrap();
    /// assert_eq!(w.into_inner(), b"U\x02id");
    /// ```
    #[inline(always)]
    pub fn write_key(&mut self, k: &str) -> Result<()> {
        self.write_length(k.len())?;
        self.raw(k.as_bytes())
    }

    /// An array of `len` children: `[#n` in [`Mode::Speed`], `[` in [`Mode::Size`] and for
    /// an empty array (close it with [`end_array`](Self::end_array) in both).
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.begin_array(2).unwrap();
    /// assert_eq!(w.into_inner(), b"[#U\x02");
    /// ```
    #[inline(always)]
    pub fn begin_array(&mut self, len: usize) -> Result<()> {
        if self.mode == Mode::Size || len == 0 {
            self.empty_open = self.mode == Mode::Speed;
            return self.byte(header::ARRAY_START);
        }
        self.counted(header::ARRAY_START, len)
    }

    /// `[#n` or `{#n` as one write.
    #[inline(always)]
    fn counted(&mut self, open: u8, len: usize) -> Result<()> {
        let (m, width) = smallest_unsigned(len as u64);
        let mut buf = [0u8; 16];
        buf[..3].copy_from_slice(&[open, header::COUNT, m]);
        buf[3..11].copy_from_slice(&(len as u64).to_le_bytes());
        self.fixed(&buf, 3 + width)
    }

    /// The end of an array: `]` in [`Mode::Size`], nothing in [`Mode::Speed`] (counted).
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::with_mode(Vec::new(), structio_bjdata::Mode::Size);
    /// w.begin_array(0).unwrap();
    /// w.end_array().unwrap();
    /// assert_eq!(w.into_inner(), b"[]");
    /// ```
    #[inline(always)]
    pub fn end_array(&mut self) -> Result<()> {
        if self.mode == Mode::Size || self.empty_open {
            self.empty_open = false;
            return self.byte(header::ARRAY_END);
        }
        Ok(())
    }

    /// An object of `len` members: `{#n` in [`Mode::Speed`], `{` in [`Mode::Size`] and for
    /// an empty object; keys
    /// ([`write_key`](Self::write_key)) and values follow, then
    /// [`end_object`](Self::end_object).
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.begin_object(1).unwrap();
    /// assert_eq!(w.into_inner(), b"{#U\x01");
    /// ```
    #[inline(always)]
    pub fn begin_object(&mut self, len: usize) -> Result<()> {
        if self.mode == Mode::Size || len == 0 {
            self.empty_open = self.mode == Mode::Speed;
            return self.byte(header::OBJECT_START);
        }
        self.counted(header::OBJECT_START, len)
    }

    /// The end of an object: `}` in [`Mode::Size`], nothing in [`Mode::Speed`].
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::with_mode(Vec::new(), structio_bjdata::Mode::Size);
    /// w.begin_object(0).unwrap();
    /// w.end_object().unwrap();
    /// assert_eq!(w.into_inner(), b"{}");
    /// ```
    #[inline(always)]
    pub fn end_object(&mut self) -> Result<()> {
        if self.mode == Mode::Size || self.empty_open {
            self.empty_open = false;
            return self.byte(header::OBJECT_END);
        }
        Ok(())
    }

    /// The header of a packed container: `[$T#n`.
    ///
    /// ```
    /// let mut w = structio_bjdata::Writer::new(Vec::new());
    /// w.begin_packed(b'D', 3).unwrap();
    /// assert_eq!(w.into_inner(), b"[$D#U\x03");
    /// ```
    #[inline(always)]
    pub fn begin_packed(&mut self, marker: u8, len: usize) -> Result<()> {
        // One write of the whole header, where a marker and a length apart are two.
        let (m, width) = smallest_unsigned(len as u64);
        let mut buf = [0u8; 16];
        buf[..5].copy_from_slice(&[header::ARRAY_START, header::TYPE, marker, header::COUNT, m]);
        buf[5..13].copy_from_slice(&(len as u64).to_le_bytes());
        self.fixed(&buf, 5 + width)
    }

    /// The markers (`T`/`F`) of a run of booleans, as blocks of bytes rather than one write
    /// per value.
    #[inline]
    pub(crate) fn write_bool_run(&mut self, items: &[bool]) -> Result<()> {
        for chunk in items.chunks(64) {
            let mut buf = [0u8; 64];
            for (b, &x) in buf.iter_mut().zip(chunk) {
                *b = header::FALSE + u8::from(x) * (header::TRUE - header::FALSE);
            }
            self.raw(&buf[..chunk.len()])?;
        }
        Ok(())
    }

    /// A numeric sequence. [`Mode::Speed`]: `[$T#n` with `T` the element type's own marker
    /// and the elements copied in one piece (on little-endian targets). [`Mode::Size`]: the
    /// smaller of a packed container in the narrowest element type that holds every value
    /// exactly and a plain array of smallest-marker values.
    ///
    /// ```
    /// use structio_bjdata::{Mode, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// w.typed_array(&[1.5f64]).unwrap();
    /// assert_eq!(w.into_inner(), b"[$D#U\x01\x00\x00\x00\x00\x00\x00\xf8\x3f");
    /// let mut w = Writer::with_mode(Vec::new(), Mode::Size);
    /// w.typed_array(&[1u32, 2, 3]).unwrap(); // plainly 8 bytes, packed 9
    /// w.typed_array(&[1u32, 2, 3, 4, 5]).unwrap(); // plainly 12 bytes, packed 11
    /// assert_eq!(
    ///     w.into_inner(),
    ///     b"[U\x01U\x02U\x03][$U#U\x05\x01\x02\x03\x04\x05"
    /// );
    /// ```
    #[inline]
    pub fn typed_array<T: Number>(&mut self, items: &[T]) -> Result<()> {
        if self.mode == Mode::Size {
            return super::size::write_numbers(self, items);
        }
        if items.is_empty() {
            return self.raw(b"[]");
        }
        self.begin_packed(T::MARKER, items.len())?;
        self.packed_payload(items)
    }

    /// The elements of a packed container, one copy of their bytes on little-endian
    /// targets.
    #[inline]
    pub(crate) fn packed_payload<T: Number>(&mut self, items: &[T]) -> Result<()> {
        self.le_elements(items)
    }
}

/// `v` as `f32` when that is exact (a NaN keeps its payload if the low bits are zero).
/// The smallest unsigned marker that holds `v`, and its payload width.
#[inline(always)]
fn smallest_unsigned(v: u64) -> (u8, usize) {
    if v <= 0xff {
        (header::UINT8, 1)
    } else if v <= 0xffff {
        (header::UINT16, 2)
    } else if v <= 0xffff_ffff {
        (header::UINT32, 4)
    } else {
        (header::UINT64, 8)
    }
}

#[inline]
pub(crate) fn f64_to_f32_exact(v: f64) -> Option<f32> {
    let f = v as f32;
    if f64::from(f).to_bits() == v.to_bits() {
        return Some(f);
    }
    None
}
