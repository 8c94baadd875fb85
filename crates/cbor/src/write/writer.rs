//! The writer: heads in their shortest form, numbers, strings, typed arrays and tags into a
//! [`Sink`].

use super::Sink;
use crate::error::{Error, ErrorKind, Result};
use crate::float::{f32_to_f16_exact, f64_to_f32_exact};
use crate::header;
use crate::number::Number;

/// Writes CBOR items into a [`Sink`].
///
/// Every head takes its shortest form and every float the shortest width that holds it
/// exactly (RFC 8949 §4.2.2 preferred serialization); lengths are always definite.
/// [`Writer::deterministic`] also sorts map keys by their encoded bytes (§4.2.1).
///
/// ```
/// use structio_cbor::Writer;
/// let mut w = Writer::new(Vec::new());
/// w.begin_map(1).unwrap();
/// w.write_str("ok").unwrap();
/// w.write_bool(true).unwrap();
/// assert_eq!(w.into_inner(), [0xa1, 0x62, b'o', b'k', 0xf5]);
/// ```
#[derive(Debug)]
pub struct Writer<S: Sink> {
    sink: S,
    start: usize,
    order: MapOrder,
}

/// The order a [`Writer`] puts map entries in.
///
/// ```
/// use structio_cbor::{MapOrder, Writer};
/// assert_eq!(Writer::new(Vec::new()).map_order(), MapOrder::AsGiven);
/// assert_eq!(Writer::deterministic(Vec::new()).map_order(), MapOrder::Bytewise);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MapOrder {
    /// The map's own iteration order (a `BTreeMap`'s key order, a `HashMap`'s arbitrary one).
    AsGiven,
    /// By the bytes of the encoded keys (RFC 8949 §4.2.1, core deterministic encoding).
    Bytewise,
    /// By the encoded keys' length, then their bytes (RFC 8949 §4.2.3, the RFC 7049
    /// "canonical CBOR" order, which Python's `cbor2` writes with `canonical=True`).
    LengthFirst,
}

impl<S: Sink> Writer<S> {
    /// A writer whose document starts at the sink's current end.
    ///
    /// ```
    /// let w = structio_cbor::Writer::new(Vec::new());
    /// assert!(!w.is_deterministic());
    /// ```
    #[inline]
    pub fn new(sink: S) -> Self {
        Writer::with_map_order(sink, MapOrder::AsGiven)
    }

    /// A writer for RFC 8949 §4.2.1 deterministic encoding: preferred serialization (as
    /// always) and the entries of every map written in the order of their encoded keys'
    /// bytes. Sorting a map's entries needs the `alloc` feature (they are encoded apart
    /// first); structs write their fields in the order the type gives.
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::deterministic(Vec::new());
    /// assert!(w.is_deterministic());
    /// ```
    #[inline]
    pub fn deterministic(sink: S) -> Self {
        Writer::with_map_order(sink, MapOrder::Bytewise)
    }

    /// A writer that puts map entries in `order` (sorting needs the `alloc` feature).
    ///
    /// ```
    /// use structio_cbor::{MapOrder, Writer};
    /// let w = Writer::with_map_order(Vec::new(), MapOrder::LengthFirst);
    /// assert!(w.is_deterministic());
    /// ```
    #[inline]
    pub fn with_map_order(sink: S, order: MapOrder) -> Self {
        Writer {
            start: sink.len(),
            sink,
            order,
        }
    }

    /// Whether map entries are sorted by their encoded keys (either order).
    ///
    /// ```
    /// assert!(!structio_cbor::Writer::new(Vec::new()).is_deterministic());
    /// ```
    #[inline(always)]
    pub fn is_deterministic(&self) -> bool {
        self.order != MapOrder::AsGiven
    }

    /// The order map entries are written in.
    ///
    /// ```
    /// use structio_cbor::{MapOrder, Writer};
    /// assert_eq!(Writer::new(Vec::new()).map_order(), MapOrder::AsGiven);
    /// ```
    #[inline(always)]
    pub fn map_order(&self) -> MapOrder {
        self.order
    }

    structio_core::__sink_writer_methods! {
        krate: structio_cbor,
        raw: "Bytes as they are (a pre-encoded key or item).",
            &[0x62, b'i', b'd'] => [0x62, b'i', b'd'],
        byte: "One byte.", 0xf5 => [0xf5],
    }

    structio_core::__sink_writer_fixed! {}

    /// A head: major type `major` (one of the [`header`] major constants) and argument `arg`,
    /// in its shortest form.
    ///
    /// ```
    /// use structio_cbor::{header, Writer};
    /// let mut w = Writer::new(Vec::new());
    /// w.head(header::UNSIGNED, 1000).unwrap();
    /// assert_eq!(w.into_inner(), [0x19, 0x03, 0xe8]);
    /// ```
    #[inline(always)]
    pub fn head(&mut self, major: u8, arg: u64) -> Result<()> {
        if arg < 24 {
            return self.byte(major | arg as u8);
        }
        if arg > 0xffff_ffff {
            self.byte(major | 27)?;
            return self.fixed(&arg.to_be_bytes(), 8);
        }
        let len: u32 = if arg <= 0xff {
            1
        } else if arg <= 0xffff {
            2
        } else {
            4
        };
        // One, two or four argument bytes: additional information 24, 25 or 26.
        let ai = 24 + len.trailing_zeros() as u8;
        // The head as one word built in a register and stored once: the first byte, then the
        // argument's big-endian bytes (moved to the top of the word, then byte-swapped to its
        // bottom). Bytes written one by one and then copied as a block would make the copy's
        // load wait for the stores it spans.
        let word = u64::from(major | ai) | (arg << (64 - 8 * len)).swap_bytes() << 8;
        self.fixed(&word.to_le_bytes(), 1 + len as usize)
    }

    /// An unsigned integer (major type 0).
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_u64(24).unwrap();
    /// assert_eq!(w.into_inner(), [0x18, 0x18]);
    /// ```
    #[inline(always)]
    pub fn write_u64(&mut self, v: u64) -> Result<()> {
        self.head(header::UNSIGNED, v)
    }

    /// A signed integer (major type 0 or 1).
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_i64(-100).unwrap();
    /// assert_eq!(w.into_inner(), [0x38, 0x63]);
    /// ```
    #[inline(always)]
    pub fn write_i64(&mut self, v: i64) -> Result<()> {
        // `v >> 63` is all ones for a negative `v`: `!v` is then `-1 - v`, and the major type
        // bit 0x20 is set, without a branch.
        let mask = (v >> 63) as u64;
        self.head(header::NEGATIVE & mask as u8, v as u64 ^ mask)
    }

    /// An unsigned 128-bit integer: major type 0 when it fits 64 bits, else a bignum (tag 2)
    /// with no leading zero bytes.
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_u128(1 << 64).unwrap();
    /// assert_eq!(w.into_inner(), [0xc2, 0x49, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// ```
    #[inline]
    pub fn write_u128(&mut self, v: u128) -> Result<()> {
        match u64::try_from(v) {
            Ok(v) => self.write_u64(v),
            Err(_) => self.bignum(header::TAG_POS_BIGNUM, v),
        }
    }

    /// A signed 128-bit integer: major type 0 or 1 when it fits, else a bignum (tag 2 or 3).
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_i128(-(1 << 64) - 1).unwrap();
    /// assert_eq!(w.into_inner(), [0xc3, 0x49, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// ```
    #[inline]
    pub fn write_i128(&mut self, v: i128) -> Result<()> {
        if v >= 0 {
            return self.write_u128(v as u128);
        }
        let n = (-1 - v) as u128;
        match u64::try_from(n) {
            Ok(n) => self.head(header::NEGATIVE, n),
            Err(_) => self.bignum(header::TAG_NEG_BIGNUM, n),
        }
    }

    #[cold]
    fn bignum(&mut self, tag: u64, magnitude: u128) -> Result<()> {
        let bytes = magnitude.to_be_bytes();
        let skip = (magnitude.leading_zeros() / 8) as usize;
        self.head(header::TAG, tag)?;
        self.head(header::BYTES, (16 - skip) as u64)?;
        self.raw(&bytes[skip..])
    }

    /// A float in the shortest of half, single and double precision that holds it exactly (a
    /// NaN's payload kept: the quiet NaN is `f9 7e 00`).
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_f64(1.5).unwrap();
    /// w.write_f64(1.1).unwrap();
    /// assert_eq!(w.into_inner()[..3], [0xf9, 0x3e, 0x00]);
    /// ```
    #[inline]
    pub fn write_f64(&mut self, v: f64) -> Result<()> {
        match f64_to_f32_exact(v) {
            Some(f) => self.write_f32(f),
            None => {
                let mut buf = [0u8; 9];
                buf[0] = header::F64;
                buf[1..].copy_from_slice(&v.to_be_bytes());
                self.fixed(&buf, 9)
            }
        }
    }

    /// A float in the shortest of half and single precision that holds it exactly.
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_f32(100000.0).unwrap();
    /// assert_eq!(w.into_inner(), [0xfa, 0x47, 0xc3, 0x50, 0x00]);
    /// ```
    #[inline]
    pub fn write_f32(&mut self, v: f32) -> Result<()> {
        let mut buf = [0u8; 5];
        match f32_to_f16_exact(v) {
            Some(h) => {
                buf[0] = header::F16;
                buf[1..3].copy_from_slice(&h.to_be_bytes());
                self.fixed(&buf, 3)
            }
            None => {
                buf[0] = header::F32;
                buf[1..].copy_from_slice(&v.to_be_bytes());
                self.fixed(&buf, 5)
            }
        }
    }

    /// A boolean (`0xf4` / `0xf5`).
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_bool(true).unwrap();
    /// assert_eq!(w.into_inner(), [0xf5]);
    /// ```
    #[inline(always)]
    pub fn write_bool(&mut self, b: bool) -> Result<()> {
        self.byte(header::FALSE | u8::from(b))
    }

    /// `null` (`0xf6`).
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_null().unwrap();
    /// assert_eq!(w.into_inner(), [0xf6]);
    /// ```
    #[inline(always)]
    pub fn write_null(&mut self) -> Result<()> {
        self.byte(header::NULL)
    }

    /// A simple value: 0 to 23 in one byte, 32 to 255 in two; 24 to 31 have no valid encoding
    /// and are [`ErrorKind::InvalidHeader`].
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_simple(16).unwrap();
    /// w.write_simple(255).unwrap();
    /// assert!(w.write_simple(24).is_err());
    /// assert_eq!(w.into_inner(), [0xf0, 0xf8, 0xff]);
    /// ```
    #[inline]
    pub fn write_simple(&mut self, v: u8) -> Result<()> {
        match v {
            0..=23 => self.byte(header::SIMPLE | v),
            24..=31 => Err(self.error(ErrorKind::InvalidHeader(header::SIMPLE_BYTE))),
            _ => self.raw(&[header::SIMPLE_BYTE, v]),
        }
    }

    /// A text string.
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_str("hi").unwrap();
    /// assert_eq!(w.into_inner(), [0x62, b'h', b'i']);
    /// ```
    #[inline(always)]
    pub fn write_str(&mut self, s: &str) -> Result<()> {
        self.length_head(header::TEXT, s.len())?;
        self.raw(s.as_bytes())
    }

    /// A byte string.
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.write_bytes(&[1, 2]).unwrap();
    /// assert_eq!(w.into_inner(), [0x42, 1, 2]);
    /// ```
    #[inline(always)]
    pub fn write_bytes(&mut self, b: &[u8]) -> Result<()> {
        self.length_head(header::BYTES, b.len())?;
        self.raw(b)
    }

    /// The head of a string of `len` bytes: [`head`](Self::head), but below 256 its one or
    /// two bytes are chosen without a branch. String lengths straddle 24, where the argument
    /// moves out of the first byte, as randomly as the strings vary; integers mostly do not.
    #[inline(always)]
    fn length_head(&mut self, major: u8, len: usize) -> Result<()> {
        if len <= 0xff {
            let long = len >= 24;
            let first = core::hint::select_unpredictable(long, major | 24, major | len as u8);
            let word = u16::from(first) | (len as u16) << 8;
            return self.fixed(&word.to_le_bytes(), 1 + usize::from(long));
        }
        self.head(major, len as u64)
    }

    /// An array of `len` items (definite length); the items follow.
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.begin_array(2).unwrap();
    /// assert_eq!(w.into_inner(), [0x82]);
    /// ```
    #[inline(always)]
    pub fn begin_array(&mut self, len: usize) -> Result<()> {
        self.head(header::ARRAY, len as u64)
    }

    /// A map of `len` entries (definite length); keys and values follow, in the caller's
    /// order (a deterministic document needs them sorted by encoded key).
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.begin_map(0).unwrap();
    /// assert_eq!(w.into_inner(), [0xa0]);
    /// ```
    #[inline(always)]
    pub fn begin_map(&mut self, len: usize) -> Result<()> {
        self.head(header::MAP, len as u64)
    }

    /// A tag; the tagged item follows.
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.tag(32).unwrap();
    /// assert_eq!(w.into_inner(), [0xd8, 0x20]);
    /// ```
    #[inline(always)]
    pub fn tag(&mut self, tag: u64) -> Result<()> {
        self.head(header::TAG, tag)
    }

    /// An RFC 8746 typed array: the little-endian tag of `T` around a byte string of the
    /// elements, one copy of their bytes on little-endian targets (for `u8`, a plain byte
    /// string).
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.typed_array(&[1.5f64]).unwrap();
    /// assert_eq!(w.into_inner(), [0xd8, 0x56, 0x48, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]);
    /// ```
    #[inline]
    pub fn typed_array<T: Number>(&mut self, items: &[T]) -> Result<()> {
        if T::TAG_LE != header::TAG_TYPED_FIRST {
            self.tag(T::TAG_LE)?;
        }
        self.head(header::BYTES, core::mem::size_of_val(items) as u64)?;
        self.le_elements(items)
    }

    /// An array of booleans: its head, then each value's byte (`0xf4` or `0xf5`) written into
    /// the room reserved for all of them, a loop the compiler turns into vector moves, not a
    /// capacity test a value.
    ///
    /// ```
    /// let mut w = structio_cbor::Writer::new(Vec::new());
    /// w.bool_array(&[true, false]).unwrap();
    /// assert_eq!(w.into_inner(), [0x82, 0xf5, 0xf4]);
    /// ```
    #[inline]
    pub fn bool_array(&mut self, items: &[bool]) -> Result<()> {
        self.begin_array(items.len())?;
        let n = items.len();
        let room = match self.sink.reserve(n) {
            Ok(room) => room,
            Err(e) => return Err(self.relative(e)),
        };
        // `reserve` gives at least `n` bytes; the zip writes exactly `n`.
        for (dst, &b) in room.iter_mut().zip(items) {
            dst.write(header::FALSE | u8::from(b));
        }
        // SAFETY: the loop initialized the first `n` bytes of the reserved room, which is at
        // least `n` long.
        unsafe { self.sink.advance(n) };
        Ok(())
    }

    #[cfg(feature = "alloc")]
    /// A sub-writer over another sink with this writer's options (for encoding map entries or
    /// embedded items apart before they are placed).
    #[inline]
    pub(crate) fn with_sink<T: Sink>(&self, sink: T) -> Writer<T> {
        Writer::with_map_order(sink, self.order)
    }
}
