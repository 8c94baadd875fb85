//! The cursor over a BJData document: markers (no-ops skipped, the implicit marker of a typed
//! container), lengths, strings, container entry and exit, and the depth limit. The common
//! cases are small and inlined into the impls.

use crate::error::{Error, ErrorKind, Result};
use crate::header;
use structio_core::{Depth, KeyBuf};

/// The nesting limit a [`Reader`] starts with, the same for every structio reader.
pub use structio_core::DEFAULT_DEPTH_LIMIT;

/// The values a document may make beyond its payload's bytes (children of UBJSON's `$Z`,
/// `$T` and `$F` arrays, structure-of-arrays fields of nulls), besides one per byte of the
/// document: room for the small tables and typed arrays of real documents.
pub(crate) const FREE_VALUES: usize = 1 << 16;

structio_core::__binary_reader_types! {
    krate: structio_bjdata,
    reader: {
        /// A cursor over a BJData (or, with [`Reader::ubjson`], UBJSON Draft 12) document in
        /// memory.
        ///
        /// ```
        /// use structio_bjdata::Reader;
        /// let mut r = Reader::new(b"{U\x01aT}"); // {"a": true}
        /// let mut entries = r.begin_object().unwrap();
        /// assert!(r.next(&mut entries).unwrap());
        /// assert_eq!(r.read_key(&mut structio_bjdata::KeyBuf::new()).unwrap(), b"a");
        /// assert!(r.read_bool().unwrap());
        /// assert!(!r.next(&mut entries).unwrap());
        /// assert!(r.finish().is_ok());
        /// ```
    },
    one_true: b"T",
    fields: [
        big_endian: bool,
        /// The marker of the next value when a typed container (`$`) omits it; 0 when the
        /// value carries its own.
        implicit: u8,
        /// The values made beyond their payload's bytes, which the whole document bounds
        /// (`count_free_values`): children of UBJSON's typed arrays of nulls and booleans
        /// (`$Z`, `$T`, `$F`: no bytes a child) and structure-of-arrays fields of nulls.
        free_values: usize,
    ],
    checkpoint: [implicit: u8, free_values: usize],
}

/// The children of an array or object being read: a count (`#`) or "until the end marker",
/// and the element marker of a typed container (`$`). [`Reader::next`] steps through them.
///
/// ```
/// let mut r = structio_bjdata::Reader::new(b"[$U#U\x02\x01\x02");
/// let mut items = r.begin_array().unwrap();
/// assert_eq!(items.len(), Some(2));
/// assert_eq!(items.element_type(), Some(b'U'));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Items {
    left: usize,
    counted: bool,
    typ: u8,
    end: u8,
    shape: Shape,
    at: usize,
}

/// How the count of an optimized container was given.
///
/// ```
/// use structio_bjdata::{Reader, Shape};
/// let mut r = Reader::new(b"[$U#[U\x02U\x03]\0\0\0\0\0\0");
/// assert_eq!(r.begin_array().unwrap().shape(), Shape::RowMajor);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A plain count, or no count.
    Flat,
    /// An N-dimensional array, elements in row-major (C) order.
    RowMajor,
    /// An N-dimensional array, elements in column-major (Fortran) order.
    ColumnMajor,
}

impl Items {
    /// The number of children still to come if counted (`#`), `None` if the container ends
    /// with its end marker.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"[#U\x01Z");
    /// assert_eq!(r.begin_array().unwrap().len(), Some(1));
    /// ```
    #[inline(always)]
    pub fn len(&self) -> Option<usize> {
        self.counted.then_some(self.left)
    }

    /// Whether a count says no child is left (`false` without a count).
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"[#U\x00");
    /// assert!(r.begin_array().unwrap().is_empty());
    /// ```
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.counted && self.left == 0
    }

    /// The marker every child has (a typed container, `$`), `None` if each carries its own.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"[]");
    /// assert_eq!(r.begin_array().unwrap().element_type(), None);
    /// ```
    #[inline(always)]
    pub fn element_type(&self) -> Option<u8> {
        (self.typ != 0).then_some(self.typ)
    }

    /// Whether the count was an N-dimensional shape, and in which element order.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"[]");
    /// assert_eq!(r.begin_array().unwrap().shape(), structio_bjdata::Shape::Flat);
    /// ```
    #[inline(always)]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The offset of the container's start marker, for errors about its length.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"[]");
    /// assert_eq!(r.begin_array().unwrap().offset(), 0);
    /// ```
    #[inline(always)]
    pub fn offset(&self) -> usize {
        self.at
    }
}

impl<'de> Reader<'de> {
    structio_core::__binary_reader_common! {
        krate: structio_bjdata,
        levels: "each array and object",
        nested: b"[[]]",
        null: b"Z",
        checkpoint: [implicit, free_values],
        duplicate_key: cold,
        new: {
            /// A BJData (little-endian) reader at the start of `input`, with the default depth
            /// limit and unknown fields skipped.
            ///
            /// ```
            /// assert_eq!(structio_bjdata::Reader::new(b"Z").offset(), 0);
            /// ```
            big_endian: false,
            implicit: 0,
            free_values: 0,
        },
        advance: [#[cfg(feature = "alloc")]],
    }

    /// A reader for UBJSON Draft 12: big-endian numbers, no `u m M h B E` markers, and any
    /// value marker allowed after `$` (each child still counted against the input, and the
    /// children of zero-length types, `$Z`, `$T` and `$F`, at most the document's length plus
    /// 2^16 over the whole document, so that they cannot make a short document long).
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::ubjson(b"I\x01\x00");
    /// assert_eq!(r.read_int::<i16>().unwrap(), 256);
    /// ```
    #[inline]
    pub const fn ubjson(input: &'de [u8]) -> Self {
        let mut r = Reader::new(input);
        r.big_endian = true;
        r
    }

    /// Whether this reader reads UBJSON (big-endian) rather than BJData.
    ///
    /// ```
    /// assert!(!structio_bjdata::Reader::new(b"").is_ubjson());
    /// ```
    #[inline(always)]
    pub fn is_ubjson(&self) -> bool {
        self.big_endian
    }

    /// Succeeds if the whole input was read, else [`ErrorKind::TrailingBytes`] (trailing
    /// no-ops are allowed).
    ///
    /// ```
    /// use structio_bjdata::{ErrorKind, Reader};
    /// let mut r = Reader::new(b"ZZ");
    /// r.read_null().unwrap();
    /// assert_eq!(r.finish().unwrap_err().kind(), ErrorKind::TrailingBytes);
    /// ```
    #[inline]
    pub fn finish(&self) -> Result<()> {
        let rest = self.input.get(self.pos..).unwrap_or_default();
        match rest.iter().position(|&b| b != header::NOOP) {
            None => Ok(()),
            Some(i) => Err(self.error_at(self.pos + i, ErrorKind::TrailingBytes)),
        }
    }

    /// The marker of the next value, not consumed: the implicit marker inside a typed
    /// container, else the next byte after any no-ops (which are consumed).
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"NNT");
    /// assert_eq!(r.peek_marker().unwrap(), b'T');
    /// assert_eq!(r.offset(), 2);
    /// ```
    #[inline(always)]
    pub fn peek_marker(&mut self) -> Result<u8> {
        if self.implicit != 0 {
            return Ok(self.implicit);
        }
        match self.input.get(self.pos) {
            Some(&b) if b != header::NOOP => Ok(b),
            _ => self.peek_marker_slow(),
        }
    }

    #[inline(never)]
    fn peek_marker_slow(&mut self) -> Result<u8> {
        loop {
            match self.input.get(self.pos) {
                Some(&header::NOOP) => self.pos += 1,
                Some(&b) => return Ok(b),
                None => return Err(self.error(ErrorKind::UnexpectedEnd)),
            }
        }
    }

    /// The marker a typed container gives its next child, 0 when none.
    #[inline(always)]
    pub(crate) fn implicit_marker(&self) -> u8 {
        self.implicit
    }

    /// Enters a nesting level for a container starting at `at`.
    #[inline(always)]
    pub(crate) fn enter_at(&mut self, at: usize) -> Result<()> {
        self.depth.enter(at)
    }

    /// Moves the cursor to `pos`, which the caller has checked is within the input.
    #[inline(always)]
    pub(crate) fn set_offset(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// Consumes the marker [`peek_marker`](Self::peek_marker) returned.
    #[inline(always)]
    pub(crate) fn bump(&mut self) {
        if self.implicit != 0 {
            self.implicit = 0;
        } else {
            self.pos += 1;
        }
    }

    /// The next `N` bytes as an array in little-endian order (reversed when reading
    /// UBJSON), consumed.
    #[inline(always)]
    pub(crate) fn take_le<const N: usize>(&mut self) -> Result<[u8; N]> {
        match self
            .input
            .get(self.pos..self.pos + N)
            .and_then(|b| <[u8; N]>::try_from(b).ok())
        {
            Some(mut a) => {
                self.pos += N;
                if self.big_endian {
                    a.reverse();
                }
                Ok(a)
            }
            None => Err(self.error(ErrorKind::UnexpectedEnd)),
        }
    }

    /// A marker of UBJSON's set when reading UBJSON: `u m M h B E` are
    /// [`ErrorKind::InvalidHeader`] there.
    #[inline(always)]
    pub(crate) fn check_dialect(&self, m: u8, at: usize) -> Result<()> {
        if self.big_endian && header::bjdata_only(m) {
            return Err(self.error_at(at, ErrorKind::InvalidHeader(m)));
        }
        Ok(())
    }

    /// An integer value used as a length, count or dimension (its marker always explicit):
    /// `i U I u l m L M`; negative is [`ErrorKind::InvalidSize`], another marker
    /// [`ErrorKind::InvalidHeader`].
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"u\x00\x01");
    /// assert_eq!(r.read_length().unwrap(), 256);
    /// ```
    #[inline(always)]
    pub fn read_length(&mut self) -> Result<usize> {
        let at = self.pos;
        let Some(&m) = self.input.get(at) else {
            return Err(self.error(ErrorKind::UnexpectedEnd));
        };
        self.pos += 1;
        let v: i128 = match m {
            header::UINT8 => i128::from(self.take_le::<1>()?[0]),
            header::INT8 => i128::from(self.take_le::<1>()?[0] as i8),
            _ => return self.read_length_wide(m, at),
        };
        if v < 0 {
            return Err(self.error_at(at, ErrorKind::InvalidSize));
        }
        Ok(v as usize)
    }

    #[inline(never)]
    fn read_length_wide(&mut self, m: u8, at: usize) -> Result<usize> {
        self.check_dialect(m, at)?;
        let v: i128 = match m {
            header::INT16 => i128::from(i16::from_le_bytes(self.take_le()?)),
            header::UINT16 => i128::from(u16::from_le_bytes(self.take_le()?)),
            header::INT32 => i128::from(i32::from_le_bytes(self.take_le()?)),
            header::UINT32 => i128::from(u32::from_le_bytes(self.take_le()?)),
            header::INT64 => i128::from(i64::from_le_bytes(self.take_le()?)),
            header::UINT64 => i128::from(u64::from_le_bytes(self.take_le()?)),
            _ => return Err(self.error_at(at, ErrorKind::InvalidHeader(m))),
        };
        if v < 0 {
            return Err(self.error_at(at, ErrorKind::InvalidSize));
        }
        usize::try_from(v).map_err(|_| self.error_at(at, ErrorKind::LengthExceedsInput))
    }

    /// A length of items of at least `min_each` bytes each, checked against the input before
    /// anything is reserved ([`ErrorKind::LengthExceedsInput`] at `at`).
    #[inline(always)]
    pub(crate) fn checked_count(&self, n: usize, min_each: usize, at: usize) -> Result<usize> {
        match n.checked_mul(min_each) {
            Some(bytes) if bytes <= self.remaining() => Ok(n),
            _ => Err(self.error_at(at, ErrorKind::LengthExceedsInput)),
        }
    }

    /// Counts `n` more values made beyond their payload's bytes; `false` (nothing counted)
    /// when the document would then have made more than its length plus [`FREE_VALUES`]. Each
    /// such container's count is checked against the bytes left, but siblings each claim those
    /// bytes again: without a bound over the document, a run of `[$Z#` arrays in 9 KB made
    /// 4.5 million values.
    pub(crate) fn count_free_values(&mut self, n: usize) -> bool {
        match self.free_values.checked_add(n) {
            Some(made) if made <= self.input.len().saturating_add(FREE_VALUES) => {
                self.free_values = made;
                true
            }
            _ => false,
        }
    }

    /// A container start `open` (consumed, its marker checked by the caller) and its
    /// optimized header; a level entered.
    #[inline(always)]
    fn header(&mut self, at: usize, end: u8, min_plain: usize, key_bytes: usize) -> Result<Items> {
        self.depth.enter(at)?;
        let mut items = Items {
            left: 0,
            counted: false,
            typ: 0,
            end,
            shape: Shape::Flat,
            at,
        };
        match self.input.get(self.pos) {
            Some(&header::TYPE) | Some(&header::COUNT) => {}
            _ => return Ok(items),
        }
        self.optimized(&mut items, min_plain, key_bytes)?;
        Ok(items)
    }

    /// The `$` type and `#` count (or dimensions) of an optimized container.
    #[inline(never)]
    fn optimized(&mut self, items: &mut Items, min_plain: usize, key_bytes: usize) -> Result<()> {
        let at = items.at;
        let mut min_each = min_plain;
        if self.input.get(self.pos) == Some(&header::TYPE) {
            self.pos += 1;
            let t_at = self.pos;
            let Some(&t) = self.input.get(self.pos) else {
                return Err(self.error(ErrorKind::UnexpectedEnd));
            };
            let ok = if self.big_endian {
                !header::bjdata_only(t)
                    && matches!(
                        t,
                        b'Z' | b'T'
                            | b'F'
                            | b'i'
                            | b'U'
                            | b'I'
                            | b'l'
                            | b'L'
                            | b'd'
                            | b'D'
                            | b'H'
                            | b'C'
                            | b'S'
                            | b'['
                            | b'{'
                    )
            } else {
                header::is_packable(t)
            };
            if !ok {
                return Err(self.error_at(t_at, ErrorKind::InvalidHeader(t)));
            }
            self.pos += 1;
            if self.input.get(self.pos) != Some(&header::COUNT) {
                let found = self.input.get(self.pos).copied().unwrap_or(0);
                return Err(self.error(ErrorKind::InvalidHeader(found)));
            }
            items.typ = t;
            // Each child takes its payload (UBJSON's zero-length types counted as one byte,
            // so that a count is always bounded by the input).
            min_each = key_bytes + header::payload_size(t).unwrap_or(1).max(1);
        }
        // At `#`.
        self.pos += 1;
        // Dimensions only after `$` (a typed array), as the specification gives them.
        let nd = items.typ != 0 && end_is_array(items.end);
        let n = if nd && self.input.get(self.pos) == Some(&header::ARRAY_START) {
            let (n, shape) = self.read_dims()?;
            items.shape = shape;
            n
        } else {
            self.read_length()?
        };
        items.left = self.checked_count(n, min_each, at)?;
        items.counted = true;
        // An array's children of a zero-length type take no bytes (an object's take their
        // keys').
        if key_bytes == 0
            && header::payload_size(items.typ) == Some(0)
            && !self.count_free_values(items.left)
        {
            return Err(self.error_at(at, ErrorKind::LengthExceedsInput));
        }
        Ok(())
    }

    /// The dimension vector of an N-dimensional array (`[d1 d2 ...]`, optimized or not, or
    /// wrapped once more for column-major order): the product, and the order.
    fn read_dims(&mut self) -> Result<(usize, Shape)> {
        let mut product: usize = 1;
        let at = self.pos;
        let shape = self.read_dims_each(|d| {
            product = product.checked_mul(d)?;
            Some(())
        })?;
        match shape {
            Some(shape) => Ok((product, shape)),
            None => Err(self.error_at(at, ErrorKind::LengthExceedsInput)),
        }
    }

    /// Calls `each` with every dimension of the vector at the cursor (`[`); `None` from
    /// `each` stops with `Ok(None)` (an overflowing product).
    pub(crate) fn read_dims_each(
        &mut self,
        mut each: impl FnMut(usize) -> Option<()>,
    ) -> Result<Option<Shape>> {
        let column = self.input.get(self.pos + 1) == Some(&header::ARRAY_START);
        let mut outer = None;
        if column {
            outer = Some(self.begin_array()?);
        }
        let mut dims = self.begin_array()?;
        let mut ok = true;
        while self.next(&mut dims)? {
            let d = self.read_int::<u64>()?;
            if ok {
                ok = usize::try_from(d).ok().and_then(&mut each).is_some();
            }
        }
        if let Some(mut outer) = outer {
            self.end(&mut outer)?;
        }
        if !ok {
            return Ok(None);
        }
        Ok(Some(if column {
            Shape::ColumnMajor
        } else {
            Shape::RowMajor
        }))
    }

    /// An array's start (`[`) and optimized header: enters a level and returns its children.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"[#U\x01Z");
    /// let mut items = r.begin_array().unwrap();
    /// while r.next(&mut items).unwrap() {
    ///     r.read_null().unwrap();
    /// }
    /// ```
    #[inline(always)]
    pub fn begin_array(&mut self) -> Result<Items> {
        let m = self.peek_marker()?;
        if m != header::ARRAY_START {
            return Err(self.wrong_type(header::ARRAY_START, m));
        }
        let at = self.pos;
        self.bump();
        self.header(at, header::ARRAY_END, 1, 0)
    }

    /// An object's start (`{`) and optimized header: enters a level and returns its members
    /// (each a key and a value).
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"{}");
    /// let mut entries = r.begin_object().unwrap();
    /// assert!(!r.next(&mut entries).unwrap());
    /// ```
    #[inline(always)]
    pub fn begin_object(&mut self) -> Result<Items> {
        let m = self.peek_marker()?;
        if m != header::OBJECT_START {
            return Err(self.wrong_type(header::OBJECT_START, m));
        }
        let at = self.pos;
        self.bump();
        // A member is at least a key length (2 bytes) and a value (1).
        self.header(at, header::OBJECT_END, 3, 2)
    }

    /// Whether another child follows; at the end, consumes the end marker of an uncounted
    /// container and leaves its level. Inside a typed container, the next value's marker is
    /// the container's type.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"[N]");
    /// let mut items = r.begin_array().unwrap();
    /// assert!(!r.next(&mut items).unwrap());
    /// assert_eq!(r.offset(), 3);
    /// ```
    #[inline(always)]
    pub fn next(&mut self, items: &mut Items) -> Result<bool> {
        if items.counted {
            if items.left == 0 {
                self.depth.leave();
                return Ok(false);
            }
            items.left -= 1;
            self.implicit = items.typ;
            return Ok(true);
        }
        let b = match self.input.get(self.pos) {
            Some(&b) if b != header::NOOP => b,
            _ => self.peek_marker_slow()?,
        };
        if b == items.end {
            self.pos += 1;
            self.depth.leave();
            return Ok(false);
        }
        Ok(true)
    }

    /// Expects the container to end here (its last child read): [`ErrorKind::TooManyElements`]
    /// at its start otherwise.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"[Z]");
    /// let mut items = r.begin_array().unwrap();
    /// assert!(r.end(&mut items).is_err());
    /// ```
    #[inline(always)]
    pub fn end(&mut self, items: &mut Items) -> Result<()> {
        if self.next(items)? {
            self.implicit = 0;
            return Err(self.error_at(items.at, ErrorKind::TooManyElements));
        }
        Ok(())
    }

    /// `len` raw payload bytes of a counted typed container whose children have been
    /// checked to be `width` bytes each; the container is left.
    #[inline(always)]
    pub(crate) fn take_packed(&mut self, items: &mut Items, width: usize) -> Result<&'de [u8]> {
        let bytes = self.take(items.left * width)?;
        items.left = 0;
        self.depth.leave();
        Ok(bytes)
    }

    /// The booleans of an array already begun, replacing the contents of `seq`: runs of
    /// `T`/`F` markers sixteen at a time with no branch per value; whatever else an array of
    /// booleans may hold (a typed container, no-ops) element by element.
    #[inline]
    pub(crate) fn read_bool_seq<S: structio_core::Seq<bool>>(
        &mut self,
        seq: &mut S,
        mut items: Items,
    ) -> Result<()> {
        let at = items.at;
        let full = |r: &Self| r.error_at(at, ErrorKind::TooManyElements);
        seq.seq_truncate(0);
        if items.typ == 0 {
            let mut rest = self.input.get(self.pos..).unwrap_or_default();
            if items.counted {
                if !seq.seq_reserve(super::cautious::<bool>(items.left)) {
                    return Err(full(self));
                }
                rest = rest.get(..items.left).unwrap_or(rest);
            }
            let mut i = 0;
            while let Some(c) = rest.get(i..).and_then(|b| b.first_chunk::<16>()) {
                let mut ok = true;
                let mut out = [false; 16];
                for (o, &b) in out.iter_mut().zip(c) {
                    ok &= b == header::TRUE || b == header::FALSE;
                    *o = b == header::TRUE;
                }
                if !ok {
                    break;
                }
                if !seq.seq_extend_from_slice(&out) {
                    return Err(full(self));
                }
                i += 16;
            }
            while let Some(&b) = rest.get(i) {
                if b != header::TRUE && b != header::FALSE {
                    break;
                }
                if !seq.seq_push(b == header::TRUE) {
                    return Err(full(self));
                }
                i += 1;
            }
            self.pos += i;
            if items.counted {
                items.left -= i;
            }
        }
        while self.next(&mut items)? {
            let b = self.read_bool()?;
            if !seq.seq_push(b) {
                return Err(full(self));
            }
        }
        Ok(())
    }

    /// `bytes` (ending at the current offset) as UTF-8, or [`ErrorKind::InvalidUtf8`] at the
    /// first bad byte.
    #[inline(always)]
    pub(crate) fn utf8(&self, bytes: &'de [u8]) -> Result<&'de str> {
        match structio_core::utf8::validate(bytes) {
            Ok(s) => Ok(s),
            Err(valid) => {
                Err(self.error_at(self.pos - bytes.len() + valid, ErrorKind::InvalidUtf8))
            }
        }
    }

    /// A string's bytes: `S` then a length, checked against the input.
    #[inline(always)]
    pub(crate) fn str_bytes(&mut self) -> Result<&'de [u8]> {
        let m = self.peek_marker()?;
        if m != header::STRING {
            return self.str_bytes_other(m);
        }
        self.bump();
        let n = self.read_length()?;
        if n > self.remaining() {
            return Err(self.error(ErrorKind::LengthExceedsInput));
        }
        let at = self.pos;
        self.pos = at + n;
        Ok(&self.input[at..at + n])
    }

    /// A `C` character where a string is due (its one byte); anything else is
    /// [`ErrorKind::WrongType`].
    #[inline(never)]
    fn str_bytes_other(&mut self, m: u8) -> Result<&'de [u8]> {
        if m != header::CHAR {
            return Err(self.wrong_type(header::STRING, m));
        }
        let at = self.pos;
        self.bump();
        let b = self.take(1)?;
        if b[0] > 127 {
            return Err(self.error_at(at, ErrorKind::InvalidHeader(header::CHAR)));
        }
        Ok(b)
    }

    /// A string (`S`, or a one-byte `C`) borrowed from the input, checked UTF-8.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"SU\x02hi");
    /// assert_eq!(r.read_str().unwrap(), "hi");
    /// ```
    #[inline(always)]
    pub fn read_str(&mut self) -> Result<&'de str> {
        if self.implicit == 0
            && self.input.get(self.pos) == Some(&header::STRING)
            && let Some(s) = self.short_str_at(self.pos + 1)
        {
            return s;
        }
        let bytes = self.str_bytes()?;
        self.utf8(bytes)
    }

    /// A string whose length at `at` is a `U` of at most 32, with 32 bytes of input from
    /// the start of its text, as most strings and keys not near the end are: checked as one
    /// fixed-size block, with no branch on its length or on whether it is ASCII. `None`
    /// (nothing consumed) for every other string, which the general path reads.
    #[inline(always)]
    fn short_str_at(&mut self, at: usize) -> Option<Result<&'de str>> {
        let [m, n] = *self.input.get(at..)?.first_chunk::<2>()?;
        let n = usize::from(n);
        if m != header::UINT8 || n > 32 {
            return None;
        }
        let block = self.input.get(at + 2..)?.first_chunk::<32>()?;
        Some(match structio_core::utf8::validate_prefix(block, n) {
            Ok(s) => {
                self.pos = at + 2 + n;
                Ok(s)
            }
            Err(valid) => Err(self.error_at(at + 2 + valid, ErrorKind::InvalidUtf8)),
        })
    }

    /// An object key (a length and bytes, no marker), borrowed from the input and checked
    /// UTF-8. `buf` is not needed by BJData (keys are never escaped); it is there so that
    /// every structio format's key reading has one shape.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"U\x02id");
    /// let mut buf = structio_bjdata::KeyBuf::new();
    /// assert_eq!(r.read_key(&mut buf).unwrap(), b"id");
    /// ```
    #[inline(always)]
    pub fn read_key<'k>(&mut self, _buf: &'k mut KeyBuf) -> Result<&'k [u8]>
    where
        'de: 'k,
    {
        Ok(self.read_key_str()?.as_bytes())
    }

    /// An object key as `&str`, borrowed from the input.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"i\x01k");
    /// assert_eq!(r.read_key_str().unwrap(), "k");
    /// ```
    #[inline(always)]
    pub fn read_key_str(&mut self) -> Result<&'de str> {
        if let Some(s) = self.short_str_at(self.pos) {
            return s;
        }
        // No-ops where a key is due are skipped, as pybj does.
        if self.input.get(self.pos) == Some(&header::NOOP) {
            self.peek_marker_slow()?;
        }
        let n = self.read_length()?;
        let at = self.pos;
        if n > self.remaining() {
            return Err(self.error(ErrorKind::LengthExceedsInput));
        }
        self.pos = at + n;
        self.utf8(&self.input[at..at + n])
    }

    /// An object key into a type that reads strings (`String`, `&str`, `Cow<str>`): the key
    /// is read as if it had an `S` marker.
    ///
    /// ```
    /// let mut r = structio_bjdata::Reader::new(b"U\x02id");
    /// assert_eq!(r.read_map_key::<&str>().unwrap(), "id");
    /// ```
    #[inline]
    pub fn read_map_key<K: crate::BjdataRead<'de>>(&mut self) -> Result<K> {
        if self.input.get(self.pos) == Some(&header::NOOP) {
            self.peek_marker_slow()?;
        }
        // The value after the key may have an implicit marker (a typed object); keep it.
        let implicit = self.implicit;
        self.implicit = header::STRING;
        let k = K::read_bjdata(self);
        self.implicit = implicit;
        k
    }

    /// Whether a structure-of-arrays container starts here (`[${` or `{${`), not consumed.
    ///
    /// ```
    /// assert!(structio_bjdata::Reader::new(b"[${").peek_soa().unwrap());
    /// ```
    pub fn peek_soa(&mut self) -> Result<bool> {
        let m = self.peek_marker()?;
        let at = self.offset();
        let input = self.input();
        Ok(!self.is_ubjson()
            && matches!(m, header::ARRAY_START | header::OBJECT_START)
            && input.get(at + 1) == Some(&header::TYPE)
            && input.get(at + 2) == Some(&header::OBJECT_START))
    }

    /// `null` (`Z`).
    ///
    /// ```
    /// structio_bjdata::Reader::new(b"Z").read_null().unwrap();
    /// ```
    #[inline(always)]
    pub fn read_null(&mut self) -> Result<()> {
        let m = self.peek_marker()?;
        if m != header::NULL {
            return Err(self.wrong_type(header::NULL, m));
        }
        self.bump();
        Ok(())
    }

    /// Whether the next value is `null` (not consumed).
    ///
    /// ```
    /// assert!(structio_bjdata::Reader::new(b"Z").peek_null().unwrap());
    /// ```
    #[inline(always)]
    pub fn peek_null(&mut self) -> Result<bool> {
        Ok(self.peek_marker()? == header::NULL)
    }

    /// A boolean (`T` or `F`).
    ///
    /// ```
    /// assert!(!structio_bjdata::Reader::new(b"F").read_bool().unwrap());
    /// ```
    #[inline(always)]
    pub fn read_bool(&mut self) -> Result<bool> {
        let m = self.peek_marker()?;
        match m {
            header::TRUE | header::FALSE => {
                self.bump();
                Ok(m == header::TRUE)
            }
            _ => Err(self.wrong_type(header::TRUE, m)),
        }
    }
}

#[inline(always)]
const fn end_is_array(end: u8) -> bool {
    end == header::ARRAY_END
}
