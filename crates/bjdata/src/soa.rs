//! Structure-of-arrays containers (BJData Draft 4): a schema of fixed-size fields, then the
//! records packed row after row (`[$`) or field after field (`{$`), read into records.

use alloc::vec::Vec;

use crate::error::{ErrorKind, Result};
use crate::header;
use crate::read::{is_integer_marker, Reader, FREE_VALUES};

/// The type of one field of a structure-of-arrays schema.
///
/// ```
/// use structio_bjdata::SoaType;
/// assert_eq!(SoaType::Number(b'D').size(), 8);
/// assert_eq!(SoaType::Tuple(vec![SoaType::Bool, SoaType::Number(b'u')]).size(), 3);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum SoaType<'de> {
    /// A number of this marker (`i U I u l m L M h d D C B`).
    Number(u8),
    /// A boolean: one byte, `T` or `F`.
    Bool,
    /// A null placeholder: no bytes.
    Null,
    /// A string of this many bytes, right-padded with zero bytes.
    FixedString(usize),
    /// A high-precision number of this many bytes, right-padded with zero bytes.
    FixedHigh(usize),
    /// A nested record.
    Record(Vec<(&'de str, SoaType<'de>)>),
    /// A fixed array, one type per element.
    Tuple(Vec<SoaType<'de>>),
    /// An index (the smallest unsigned type for the count) into these strings.
    Dictionary(Vec<&'de str>),
    /// A record index of this integer marker; the strings follow the payload as an offset
    /// table and their bytes.
    Offsets(u8),
}

impl SoaType<'_> {
    /// Bytes one value of this type takes in the payload (`usize::MAX` when the sizes of its
    /// fields overflow it).
    ///
    /// ```
    /// assert_eq!(structio_bjdata::SoaType::FixedString(5).size(), 5);
    /// ```
    pub fn size(&self) -> usize {
        match self {
            SoaType::Number(m) | SoaType::Offsets(m) => header::payload_size(*m).unwrap_or(0),
            SoaType::Bool => 1,
            SoaType::Null => 0,
            SoaType::FixedString(n) | SoaType::FixedHigh(n) => *n,
            SoaType::Record(fields) => size_of_fields(fields),
            SoaType::Tuple(types) => types.iter().fold(0, |sum, t| sum.saturating_add(t.size())),
            SoaType::Dictionary(words) => dictionary_width(words.len()),
        }
    }
}

/// The bytes of a record of these fields, saturating (sizes of fixed strings are read from
/// the input, and any number of them may be given).
fn size_of_fields(fields: &[(&str, SoaType<'_>)]) -> usize {
    fields
        .iter()
        .fold(0, |sum, (_, t)| sum.saturating_add(t.size()))
}

/// `b` as UTF-8, if it is.
fn utf8_at(b: &[u8]) -> Option<&str> {
    structio_core::utf8::validate(b).ok()
}

/// How many values a record of this schema holds (nested ones counted), for the bound on
/// what a count may make the reader build.
fn leaves(fields: &[(&str, SoaType<'_>)]) -> usize {
    fields.iter().map(|(_, t)| leaves_of(t)).sum()
}

fn leaves_of(t: &SoaType<'_>) -> usize {
    match t {
        SoaType::Record(f) => 1 + leaves(f),
        SoaType::Tuple(ts) => 1 + ts.iter().map(leaves_of).sum::<usize>(),
        _ => 1,
    }
}

/// The width of a dictionary index for `n` strings.
fn dictionary_width(n: usize) -> usize {
    if n <= 0xff {
        1
    } else if n <= 0xffff {
        2
    } else if n <= 0xffff_ffff {
        4
    } else {
        8
    }
}

/// One field's value in a record.
///
/// ```
/// use structio_bjdata::SoaValue;
/// assert_ne!(SoaValue::Int(1), SoaValue::Float(1.0));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum SoaValue<'de> {
    /// An integer field (or a `B` byte).
    Int(i128),
    /// A float field.
    Float(f64),
    /// A boolean field.
    Bool(bool),
    /// A null placeholder.
    Null,
    /// A string: fixed-length (padding removed), from a dictionary or an offset table, or a
    /// `C` character.
    Str(&'de str),
    /// A fixed-length high-precision number's text.
    High(&'de str),
    /// A nested record.
    Record(Vec<(&'de str, SoaValue<'de>)>),
    /// A fixed array.
    Tuple(Vec<SoaValue<'de>>),
}

/// A structure-of-arrays container: its schema and its records, in row-major order whichever
/// way they were stored.
///
/// ```
/// use structio_bjdata::{Soa, SoaValue};
/// // [${i\x01xU}#U\x02 then 1 and 2: two records of one uint8 field.
/// let doc = b"[${i\x01xU}#U\x02\x01\x02";
/// let soa: Soa = structio_bjdata::from_slice(doc).unwrap();
/// assert_eq!(soa.records.len(), 2);
/// assert_eq!(soa.records[1], vec![("x", SoaValue::Int(2))]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Soa<'de> {
    /// The fields, in schema order.
    pub schema: Vec<(&'de str, SoaType<'de>)>,
    /// The dimensions when the count was N-dimensional, else the one count.
    pub dims: Vec<usize>,
    /// Whether the payload was stored field after field (`{$`).
    pub column_major: bool,
    /// The records, each its fields' values in schema order.
    pub records: Vec<Vec<(&'de str, SoaValue<'de>)>>,
}

impl<'de> crate::BjdataRead<'de> for Soa<'de> {
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        r.read_soa()
    }
}

impl<'de> Reader<'de> {
    /// A structure-of-arrays container (BJData Draft 4): the schema, the count (or
    /// dimensions, checked against the input before anything is reserved), and the records.
    ///
    /// ```
    /// let doc = b"{${i\x01aT}#U\x02TF";
    /// let soa = structio_bjdata::Reader::new(doc).read_soa().unwrap();
    /// assert!(soa.column_major);
    /// assert_eq!(soa.records[1][0].1, structio_bjdata::SoaValue::Bool(false));
    /// ```
    pub fn read_soa(&mut self) -> Result<Soa<'de>> {
        if !self.peek_soa()? {
            let m = self.peek_marker()?;
            return Err(self.wrong_type(header::TYPE, m));
        }
        let at = self.offset();
        let column_major = self.peek_marker()? == header::OBJECT_START;
        self.take(3)?;
        self.enter_soa(at)?;
        let schema = self.soa_fields()?;
        if self.take(1)? != [header::COUNT] {
            return Err(self.error_at(self.offset() - 1, ErrorKind::InvalidHeader(0)));
        }
        let mut dims = Vec::new();
        let count = if self.input().get(self.offset()) == Some(&header::ARRAY_START) {
            let mut product: usize = 1;
            let dims_at = self.offset();
            let shape = self.read_dims_each(|d| {
                product = product.checked_mul(d)?;
                dims.push(d);
                Some(())
            })?;
            if shape.is_none() {
                return Err(self.error_at(dims_at, ErrorKind::LengthExceedsInput));
            }
            product
        } else {
            let n = self.read_length()?;
            dims.push(n);
            n
        };
        // Saturating: fixed-string sizes come from the input, and a size past the input fails
        // the count's check below unless there are no records.
        let size = size_of_fields(&schema);
        // The payload must be there, and the values built must stay in proportion to the
        // input: a schema of nulls takes no bytes, so the values it would make are bounded too,
        // per table by the bytes left (with room for small tables) and, for the values past
        // the payload's bytes, over the whole document by its length (with the same room), or
        // a run of small tables of nulls could each make as many values as the input has bytes.
        self.checked_count(count, size, at)?;
        let free = match count.checked_mul(leaves(&schema).max(1)) {
            Some(values) if values <= self.remaining().saturating_add(FREE_VALUES) => {
                values.saturating_sub(count * size)
            }
            _ => return Err(self.error_at(at, ErrorKind::LengthExceedsInput)),
        };
        if !self.count_free_values(free) {
            return Err(self.error_at(at, ErrorKind::LengthExceedsInput));
        }
        let payload = self.take(count * size)?;
        let start = self.offset() - payload.len();
        let mut records: Vec<Vec<(&'de str, SoaValue<'de>)>> = (0..count)
            .map(|_| Vec::with_capacity(schema.len()))
            .collect();
        if column_major {
            let mut column = 0;
            for (name, t) in &schema {
                let w = t.size();
                for (i, rec) in records.iter_mut().enumerate() {
                    let off = column + i * w;
                    let v = self.soa_value(t, &payload[off..off + w], start + off)?;
                    rec.push((name, v));
                }
                column += w * count;
            }
        } else {
            for (i, rec) in records.iter_mut().enumerate() {
                let mut off = i * size;
                for (name, t) in &schema {
                    let w = t.size();
                    let v = self.soa_value(t, &payload[off..off + w], start + off)?;
                    rec.push((name, v));
                    off += w;
                }
            }
        }
        // Offset-table strings: per such field, `count + 1` offsets, then the bytes.
        for (k, (_, t)) in schema.iter().enumerate() {
            let SoaType::Offsets(m) = t else { continue };
            let w = header::payload_size(*m).unwrap_or(1);
            let table_at = self.offset();
            self.checked_count(count + 1, w, table_at)?;
            let table = self.take((count + 1) * w)?;
            let offset = |i: usize| -> Option<usize> {
                let start = i.checked_mul(w)?;
                let b = table.get(start..start.checked_add(w)?)?;
                let mut x = [0u8; 8];
                x[..w].copy_from_slice(b);
                usize::try_from(u64::from_le_bytes(x)).ok()
            };
            let total = offset(count).unwrap_or(0);
            if total > self.remaining() {
                return Err(self.error_at(table_at, ErrorKind::LengthExceedsInput));
            }
            let bytes = self.take(total)?;
            let bytes_at = self.offset() - total;
            for rec in records.iter_mut() {
                let Some((_, SoaValue::Int(idx))) = rec.get(k) else {
                    continue;
                };
                let idx = usize::try_from(*idx).unwrap_or(usize::MAX);
                let span = match (offset(idx), offset(idx.saturating_add(1))) {
                    (Some(a), Some(b)) if idx < count && a <= b && b <= total => a..b,
                    _ => return Err(self.error_at(table_at, ErrorKind::InvalidSize)),
                };
                let s = match utf8_at(&bytes[span.clone()]) {
                    Some(s) => s,
                    None => {
                        return Err(self.error_at(bytes_at + span.start, ErrorKind::InvalidUtf8))
                    }
                };
                rec[k].1 = SoaValue::Str(s);
            }
        }
        self.leave();
        Ok(Soa {
            schema,
            dims,
            column_major,
            records,
        })
    }

    fn enter_soa(&mut self, at: usize) -> Result<()> {
        self.enter()
            .map_err(|_| self.error_at(at, ErrorKind::DepthLimit))
    }

    /// The fields of a schema record whose `{` has been consumed, through its `}`.
    fn soa_fields(&mut self) -> Result<Vec<(&'de str, SoaType<'de>)>> {
        let mut fields = Vec::new();
        loop {
            match self.input().get(self.offset()) {
                Some(&header::OBJECT_END) => {
                    self.take(1)?;
                    return Ok(fields);
                }
                None => return Err(self.error(ErrorKind::UnexpectedEnd)),
                _ => {}
            }
            let name = self.read_key_str()?;
            let t = self.soa_type()?;
            fields.push((name, t));
        }
    }

    /// One type spec at the cursor.
    fn soa_type(&mut self) -> Result<SoaType<'de>> {
        let at = self.offset();
        let m = self.take(1)?[0];
        Ok(match m {
            header::TRUE => SoaType::Bool,
            header::NULL => SoaType::Null,
            header::STRING => SoaType::FixedString(self.read_length()?),
            header::HIGH_PRECISION => SoaType::FixedHigh(self.read_length()?),
            header::OBJECT_START => {
                self.enter_soa(at)?;
                let fields = self.soa_fields()?;
                self.leave();
                SoaType::Record(fields)
            }
            header::ARRAY_START => {
                self.enter_soa(at)?;
                let t = self.soa_array_type(at)?;
                self.leave();
                t
            }
            m if header::is_packable(m) => SoaType::Number(m),
            _ => return Err(self.error_at(at, ErrorKind::InvalidHeader(m))),
        })
    }

    /// After `[`: a dictionary (`$S#n` strings), an offset-table string (`$<int>]`) or a
    /// fixed array of type specs up to `]`.
    fn soa_array_type(&mut self, at: usize) -> Result<SoaType<'de>> {
        if self.input().get(self.offset()) != Some(&header::TYPE) {
            let mut types = Vec::new();
            loop {
                match self.input().get(self.offset()) {
                    Some(&header::ARRAY_END) => {
                        self.take(1)?;
                        return Ok(SoaType::Tuple(types));
                    }
                    None => return Err(self.error(ErrorKind::UnexpectedEnd)),
                    _ => types.push(self.soa_type()?),
                }
            }
        }
        self.take(1)?;
        let t_at = self.offset();
        let t = self.take(1)?[0];
        match t {
            header::STRING | header::HIGH_PRECISION => {
                if self.take(1)? != [header::COUNT] {
                    return Err(self.error_at(t_at + 1, ErrorKind::InvalidHeader(0)));
                }
                let n = self.read_length()?;
                self.checked_count(n, 2, at)?;
                let mut words = Vec::with_capacity(n);
                for _ in 0..n {
                    let len = self.read_length()?;
                    if len > self.remaining() {
                        return Err(self.error(ErrorKind::LengthExceedsInput));
                    }
                    let b = self.take(len)?;
                    match utf8_at(b) {
                        Some(s) => words.push(s),
                        None => {
                            return Err(self.error_at(self.offset() - len, ErrorKind::InvalidUtf8))
                        }
                    }
                }
                Ok(SoaType::Dictionary(words))
            }
            t if is_integer_marker(t) => {
                if self.take(1)? != [header::ARRAY_END] {
                    return Err(self.error_at(t_at + 1, ErrorKind::InvalidHeader(0)));
                }
                Ok(SoaType::Offsets(t))
            }
            _ => Err(self.error_at(t_at, ErrorKind::InvalidHeader(t))),
        }
    }

    /// One value of type `t` from exactly its bytes (`at` is where they start).
    fn soa_value(&self, t: &SoaType<'de>, b: &'de [u8], at: usize) -> Result<SoaValue<'de>> {
        Ok(match t {
            SoaType::Number(header::CHAR) => match utf8_at(b) {
                Some(s) if b[0] < 0x80 => SoaValue::Str(s),
                _ => return Err(self.error_at(at, ErrorKind::InvalidHeader(header::CHAR))),
            },
            SoaType::Number(m) | SoaType::Offsets(m) => match crate::number::decode_le(*m, b) {
                Some(crate::number::Wide::Int(v)) => SoaValue::Int(v),
                Some(crate::number::Wide::Float(v)) => SoaValue::Float(v),
                None => return Err(self.error_at(at, ErrorKind::InvalidHeader(*m))),
            },
            SoaType::Bool => match b[0] {
                header::TRUE => SoaValue::Bool(true),
                header::FALSE => SoaValue::Bool(false),
                other => return Err(self.error_at(at, ErrorKind::InvalidHeader(other))),
            },
            SoaType::Null => SoaValue::Null,
            SoaType::FixedString(_) | SoaType::FixedHigh(_) => {
                let end = b.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1);
                let Some(s) = utf8_at(&b[..end]) else {
                    return Err(self.error_at(at, ErrorKind::InvalidUtf8));
                };
                if matches!(t, SoaType::FixedHigh(_)) {
                    if !crate::read::is_json_number(s.as_bytes()) {
                        return Err(self.error_at(at, ErrorKind::InvalidNumber));
                    }
                    SoaValue::High(s)
                } else {
                    SoaValue::Str(s)
                }
            }
            SoaType::Record(fields) => {
                let mut off = 0;
                let mut out = Vec::with_capacity(fields.len());
                for (name, ft) in fields {
                    let w = ft.size();
                    out.push((*name, self.soa_value(ft, &b[off..off + w], at + off)?));
                    off += w;
                }
                SoaValue::Record(out)
            }
            SoaType::Tuple(types) => {
                let mut off = 0;
                let mut out = Vec::with_capacity(types.len());
                for ft in types {
                    let w = ft.size();
                    out.push(self.soa_value(ft, &b[off..off + w], at + off)?);
                    off += w;
                }
                SoaValue::Tuple(out)
            }
            SoaType::Dictionary(words) => {
                let mut x = [0u8; 8];
                x[..b.len()].copy_from_slice(b);
                let i = u64::from_le_bytes(x);
                match usize::try_from(i).ok().and_then(|i| words.get(i)) {
                    Some(s) => SoaValue::Str(s),
                    None => return Err(self.error_at(at, ErrorKind::NumberOutOfRange)),
                }
            }
        })
    }
}
