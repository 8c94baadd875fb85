//! The writer: headers, SIZEs, strings, numbers and typed arrays into a [`Sink`].

use super::Sink;
use crate::error::{Error, ErrorKind, Result};
use crate::header;
use crate::number::Number;

/// Writes BEVE values into a [`Sink`].
///
/// ```
/// use structio_beve::Writer;
/// let mut w = Writer::new(Vec::new());
/// w.begin_object(1).unwrap();
/// w.key(b"ok").unwrap();
/// w.write_bool(true).unwrap();
/// assert_eq!(w.into_inner(), [0x03, 0x04, 0x08, b'o', b'k', 0x18]);
/// ```
#[derive(Debug)]
pub struct Writer<S: Sink> {
    sink: S,
    start: usize,
    aligned: bool,
}

impl<S: Sink> Writer<S> {
    /// A writer whose document starts at the sink's current end.
    ///
    /// ```
    /// let w = structio_beve::Writer::new(Vec::new());
    /// assert!(!w.is_aligned());
    /// ```
    #[inline]
    pub fn new(sink: S) -> Self {
        Writer::with_alignment(sink, false)
    }

    /// A writer that writes numeric arrays wider than a byte as Version 2 aligned arrays
    /// (`0x5c`), padded so each payload starts at a multiple of its element width from the
    /// document's start (the sink's current end), as Glaze's `aligned_arrays` does.
    ///
    /// ```
    /// let mut w = structio_beve::Writer::aligned(Vec::new());
    /// w.typed_array(&[1.0f64]).unwrap();
    /// assert_eq!(w.into_inner()[..4], [0x5c, 0x64, 0x04, 0x04]);
    /// ```
    #[inline]
    pub fn aligned(sink: S) -> Self {
        Writer::with_alignment(sink, true)
    }

    /// A writer whose document starts at the sink's current end, aligned or not.
    #[inline(always)]
    fn with_alignment(sink: S, aligned: bool) -> Self {
        let start = sink.len();
        Writer {
            sink,
            start,
            aligned,
        }
    }

    /// This writer over `&mut S`, with the same document start and layout: how a
    /// `#[structio(serde)]` field's serializer writes in the middle of a derived struct.
    #[cfg(feature = "serde")]
    #[inline]
    pub(crate) fn reborrow(&mut self) -> Writer<&mut S> {
        Writer {
            sink: &mut self.sink,
            start: self.start,
            aligned: self.aligned,
        }
    }

    /// Whether numeric arrays are written aligned.
    ///
    /// ```
    /// assert!(structio_beve::Writer::aligned(Vec::new()).is_aligned());
    /// ```
    #[inline(always)]
    pub fn is_aligned(&self) -> bool {
        self.aligned
    }

    structio_core::__sink_writer_methods! {
        krate: structio_beve,
        raw: "Bytes as they are (a pre-encoded key, a header).",
            &[0x08, b'i', b'd'] => [0x08, b'i', b'd'],
        byte: "One byte (a header).", 0x18 => [0x18],
    }

    /// A header byte followed by a SIZE, in one write.
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.header_size(0x02, 300).unwrap();
    /// assert_eq!(w.into_inner(), [0x02, 0xb1, 0x04]);
    /// ```
    #[inline(always)]
    pub fn header_size(&mut self, h: u8, n: usize) -> Result<()> {
        if n < 64 {
            // The common short form as a copy of constant size (no call to memcpy).
            return self.raw(&[h, (n << 2) as u8]);
        }
        let mut buf = [0u8; 9];
        buf[0] = h;
        let len = self.encode_size(n, &mut buf)?;
        self.raw(&buf[..1 + len])
    }

    /// A SIZE alone, in its shortest form.
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.write_size(64).unwrap();
    /// assert_eq!(w.into_inner(), [0x01, 0x01]);
    /// ```
    #[inline(always)]
    pub fn write_size(&mut self, n: usize) -> Result<()> {
        if n < 64 {
            return self.byte((n << 2) as u8);
        }
        let mut buf = [0u8; 9];
        let len = self.encode_size(n, &mut buf)?;
        self.raw(&buf[1..1 + len])
    }

    /// Encodes `n` into `buf[1..]`, returning how many bytes it took.
    #[inline(always)]
    fn encode_size(&self, n: usize, buf: &mut [u8; 9]) -> Result<usize> {
        let n = n as u64;
        if n < 1 << 6 {
            buf[1] = (n << 2) as u8;
            Ok(1)
        } else if n < 1 << 14 {
            buf[1..3].copy_from_slice(&((n << 2) as u16 | 1).to_le_bytes());
            Ok(2)
        } else if n < 1 << 30 {
            buf[1..5].copy_from_slice(&((n << 2) as u32 | 2).to_le_bytes());
            Ok(4)
        } else if n < 1 << 62 {
            buf[1..9].copy_from_slice(&((n << 2) | 3).to_le_bytes());
            Ok(8)
        } else {
            Err(self.error(ErrorKind::InvalidSize))
        }
    }

    /// An object with string keys (`0x03`) of `members` members; keys and values follow.
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.begin_object(0).unwrap();
    /// assert_eq!(w.into_inner(), [0x03, 0x00]);
    /// ```
    #[inline(always)]
    pub fn begin_object(&mut self, members: usize) -> Result<()> {
        self.header_size(header::OBJECT, members)
    }

    /// A string key: `SIZE | bytes`.
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.key(b"a").unwrap();
    /// assert_eq!(w.into_inner(), [0x04, b'a']);
    /// ```
    #[inline(always)]
    pub fn key(&mut self, key: &[u8]) -> Result<()> {
        self.write_size(key.len())?;
        self.raw(key)
    }

    /// A generic array (`0x05`) of `len` elements; the elements follow, each with its header.
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.begin_array(2).unwrap();
    /// assert_eq!(w.into_inner(), [0x05, 0x08]);
    /// ```
    #[inline(always)]
    pub fn begin_array(&mut self, len: usize) -> Result<()> {
        self.header_size(header::GENERIC_ARRAY, len)
    }

    /// A string value: `0x02 | SIZE | UTF-8`.
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.write_str("hi").unwrap();
    /// assert_eq!(w.into_inner(), [0x02, 0x08, b'h', b'i']);
    /// ```
    #[inline(always)]
    pub fn write_str(&mut self, s: &str) -> Result<()> {
        self.header_size(header::STRING, s.len())?;
        self.raw(s.as_bytes())
    }

    /// `null` (`0x00`).
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.write_null().unwrap();
    /// assert_eq!(w.into_inner(), [0x00]);
    /// ```
    #[inline(always)]
    pub fn write_null(&mut self) -> Result<()> {
        self.byte(header::NULL)
    }

    /// A boolean (`0x08` / `0x18`).
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.write_bool(false).unwrap();
    /// assert_eq!(w.into_inner(), [0x08]);
    /// ```
    #[inline(always)]
    pub fn write_bool(&mut self, b: bool) -> Result<()> {
        self.byte(header::FALSE | u8::from(b) << 4)
    }

    /// A number in the width of its type (an `i32` is `0x49` and four bytes).
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.write_number(7i32).unwrap();
    /// assert_eq!(w.into_inner(), [0x49, 7, 0, 0, 0]);
    /// ```
    #[inline(always)]
    pub fn write_number<T: Number>(&mut self, v: T) -> Result<()> {
        let size = core::mem::size_of::<T>();
        let mut buf = [0u8; 17];
        buf[0] = T::HEADER;
        buf[1..1 + size].copy_from_slice(bytemuck::bytes_of(&v.swap_le()));
        self.raw(&buf[..1 + size])
    }

    /// A typed numeric array: header, SIZE and the elements as one copy (aligned, `0x5c`, when
    /// the writer is and the element is wider than a byte).
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.typed_array(&[1i16, -1]).unwrap();
    /// assert_eq!(w.into_inner(), [0x2c, 0x08, 1, 0, 0xff, 0xff]);
    /// ```
    #[inline]
    pub fn typed_array<T: Number>(&mut self, items: &[T]) -> Result<()> {
        let width = core::mem::size_of::<T>();
        if self.aligned && width > 1 {
            self.byte(header::ALIGNED_ARRAY)?;
            self.header_size(T::TYPED_HEADER, items.len())?;
            self.pad_to(width)?;
        } else {
            self.header_size(T::TYPED_HEADER, items.len())?;
        }
        self.elements(items)
    }

    /// The PAD_LEN byte and zero padding, so the next byte is at a multiple of `width` from the
    /// document start.
    #[inline]
    pub(crate) fn pad_to(&mut self, width: usize) -> Result<()> {
        let next = self.position() + 1;
        let pad = (width - next % width) % width;
        let mut buf = [0u8; 16];
        buf[0] = pad as u8;
        self.raw(&buf[..1 + pad])
    }

    /// Numbers with no header, as one copy of their bytes on little-endian targets.
    #[inline]
    pub(crate) fn elements<T: Number>(&mut self, items: &[T]) -> Result<()> {
        // `structio_plain_block_copy` takes the element loop everywhere, to measure what the
        // one copy is worth.
        if cfg!(target_endian = "little") && !cfg!(structio_plain_block_copy) {
            return structio_core::write_bulk(&mut self.sink, bytemuck::cast_slice::<T, u8>(items))
                .map_err(|e| self.relative(e));
        }
        // A hint only: a fixed sink without the room fails on the first write instead.
        let room = self.sink.reserve(core::mem::size_of_val(items)).is_ok();
        if cfg!(structio_plain_block_copy) && !room {
            // The switch measures the element loop only: a sink without the room for the
            // whole array fails where the one copy fails, at the array's start.
            return self.raw(bytemuck::cast_slice::<T, u8>(items));
        }
        for x in items {
            self.raw(bytemuck::bytes_of(&x.swap_le()))?;
        }
        Ok(())
    }

    /// A bit-packed boolean array (`0x1c`), LSB first, unused high bits zero.
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.bool_array(&[true, false, true, true, false]).unwrap();
    /// assert_eq!(w.into_inner(), [0x1c, 0x14, 0x0d]);
    /// ```
    #[inline]
    pub fn bool_array(&mut self, items: &[bool]) -> Result<()> {
        self.header_size(header::BOOL_ARRAY, items.len())?;
        // A hint only, as in `elements`.
        let _ = self.sink.reserve(items.len().div_ceil(8));
        let mut chunks = items.chunks_exact(8);
        let mut buf = [0u8; 64];
        loop {
            // Up to 64 bytes of packed bits per write; each byte from eight bools at once.
            let mut len = 0;
            for (slot, chunk) in buf.iter_mut().zip(chunks.by_ref()) {
                let mut lanes = [0u8; 8];
                for (lane, &b) in lanes.iter_mut().zip(chunk) {
                    *lane = u8::from(b);
                }
                *slot = pack8(u64::from_le_bytes(lanes));
                len += 1;
            }
            if len == 0 {
                break;
            }
            self.raw(&buf[..len])?;
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut lanes = [0u8; 8];
            for (lane, &b) in lanes.iter_mut().zip(rest) {
                *lane = u8::from(b);
            }
            self.byte(pack8(u64::from_le_bytes(lanes)))?;
        }
        Ok(())
    }

    /// A string array (`0x3c`): each string as `SIZE | bytes`.
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.string_array(["a", "bc"].iter().copied(), 2).unwrap();
    /// assert_eq!(w.into_inner(), [0x3c, 0x08, 0x04, b'a', 0x08, b'b', b'c']);
    /// ```
    #[inline]
    pub fn string_array<'s>(
        &mut self,
        items: impl Iterator<Item = &'s str>,
        len: usize,
    ) -> Result<()> {
        self.header_size(header::STRING_ARRAY, len)?;
        for s in items {
            self.key(s.as_bytes())?;
        }
        Ok(())
    }

    /// The data delimiter (`0x06`) between root values of a stream.
    ///
    /// ```
    /// let mut w = structio_beve::Writer::new(Vec::new());
    /// w.delimiter().unwrap();
    /// assert_eq!(w.into_inner(), [0x06]);
    /// ```
    #[inline]
    pub fn delimiter(&mut self) -> Result<()> {
        self.byte(header::DELIMITER)
    }
}

/// Packs eight 0/1 bytes (byte `i` of `lanes`) into one byte with bit `i` from byte `i`: the
/// multiply moves byte `i`'s bit to bit `56 + i`, and no two partial products share a bit.
#[inline(always)]
fn pack8(lanes: u64) -> u8 {
    (lanes.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}
