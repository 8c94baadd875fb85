//! Writing a slice of records as a structure-of-arrays container (BJData Draft 4): the
//! schema from the first record's fields, then every record's payloads packed, row after row
//! or column after column.
//!
//! A record is any [`BjdataWrite`] type that writes an object of fixed-size fields, as
//! `#[derive(Structio)]` does for a struct of numbers and booleans: each record is written in
//! speed mode to a scratch buffer and its fields are taken from there, so the derive needs no
//! SoA-specific code.

use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::header;
use crate::read::Reader;
use crate::write::{BjdataWrite, Sink, Writer};

/// The element order of a structure-of-arrays container.
///
/// ```
/// assert_ne!(structio_bjdata::SoaLayout::RowMajor, structio_bjdata::SoaLayout::ColumnMajor);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SoaLayout {
    /// `[${schema}#n`: each record's fields together, record after record.
    RowMajor,
    /// `{${schema}#n`: each field's values together, field after field.
    ColumnMajor,
}

/// One field of a record as written: its key, the schema marker (`T` for a boolean) and its
/// payload bytes (the `T`/`F` byte for a boolean).
type Field<'a> = (&'a str, u8, &'a [u8]);

/// The fields of one record written by [`BjdataWrite`] in speed mode: `None` unless it is an
/// object of numbers (not `C`) and booleans only.
fn fields<'a>(doc: &'a [u8], out: &mut Vec<Field<'a>>) -> Option<()> {
    out.clear();
    let mut r = Reader::new(doc);
    let mut entries = r.begin_object().ok()?;
    while r.next(&mut entries).ok()? {
        let key = r.read_key_str().ok()?;
        let m = r.peek_marker().ok()?;
        let field = match m {
            header::TRUE | header::FALSE => (key, header::TRUE, r.take(1).ok()?),
            m if m != header::CHAR && header::is_packable(m) => {
                let width = header::payload_size(m).filter(|&w| w > 0)?;
                r.take(1).ok()?;
                (key, m, r.take(width).ok()?)
            }
            _ => return None,
        };
        out.push(field);
    }
    r.finish().ok()
}

/// Writes `items` as one structure-of-arrays container in `layout`: the schema is the first
/// record's keys and markers, and every record must have the same ones. A record that is not
/// an object of fixed-size numbers and booleans, or that differs from the first, is
/// [`ErrorKind::Unrepresentable`] at the container's start; an empty slice is `[]`.
///
/// ```
/// use structio_bjdata::{Reader, SoaLayout, SoaValue, Writer};
/// #[derive(structio_derive::Structio)]
/// #[structio(format = "structio_bjdata")]
/// struct P {
///     x: f32,
///     ok: bool,
/// }
/// let pts = [P { x: 1.5, ok: true }, P { x: -2.0, ok: false }];
/// let mut out = Vec::new();
/// structio_bjdata::write_soa(&mut Writer::new(&mut out), &pts, SoaLayout::RowMajor).unwrap();
/// assert!(out.starts_with(b"[${U\x01xdU\x02okT}#U\x02"));
/// let soa = Reader::new(&out).read_soa().unwrap();
/// assert_eq!(soa.records[1][0], ("x", SoaValue::Float(-2.0)));
/// ```
pub fn write_soa<T: BjdataWrite, S: Sink>(
    w: &mut Writer<S>,
    items: &[T],
    layout: SoaLayout,
) -> Result<()> {
    let Some((first, rest)) = items.split_first() else {
        return w.raw(b"[]");
    };
    let at = w.position();
    let bad = || Error::new(ErrorKind::Unrepresentable, at);
    let mut first_doc = Vec::new();
    first.write_bjdata(&mut Writer::new(&mut first_doc))?;
    let mut schema = Vec::new();
    fields(&first_doc, &mut schema).ok_or_else(bad)?;
    if schema.is_empty() {
        return Err(bad());
    }
    let record: usize = schema.iter().map(|f| f.2.len()).sum();
    // Row-major: one buffer of records; column-major: one buffer per field.
    let mut columns: Vec<Vec<u8>> = match layout {
        SoaLayout::RowMajor => alloc::vec![Vec::with_capacity(record * items.len())],
        SoaLayout::ColumnMajor => schema
            .iter()
            .map(|f| Vec::with_capacity(f.2.len() * items.len()))
            .collect(),
    };
    let put = |columns: &mut Vec<Vec<u8>>, record: &[Field<'_>]| {
        for (i, f) in record.iter().enumerate() {
            let col = match layout {
                SoaLayout::RowMajor => 0,
                SoaLayout::ColumnMajor => i,
            };
            if let Some(c) = columns.get_mut(col) {
                c.extend_from_slice(f.2);
            }
        }
    };
    put(&mut columns, &schema);
    let mut doc = Vec::new();
    for item in rest {
        doc.clear();
        item.write_bjdata(&mut Writer::new(&mut doc))?;
        let mut got = Vec::with_capacity(schema.len());
        fields(&doc, &mut got).ok_or_else(bad)?;
        let same = got.len() == schema.len()
            && got
                .iter()
                .zip(&schema)
                .all(|(g, s)| g.0 == s.0 && g.1 == s.1);
        if !same {
            return Err(bad());
        }
        put(&mut columns, &got);
    }
    let open = match layout {
        SoaLayout::RowMajor => header::ARRAY_START,
        SoaLayout::ColumnMajor => header::OBJECT_START,
    };
    w.raw(&[open, header::TYPE, header::OBJECT_START])?;
    for (key, m, _) in &schema {
        w.write_key(key)?;
        w.byte(*m)?;
    }
    w.raw(&[header::OBJECT_END, header::COUNT])?;
    w.write_length(items.len())?;
    for c in &columns {
        w.raw(c)?;
    }
    Ok(())
}

/// [`write_soa`] into a new `Vec`.
///
/// ```
/// let out = structio_bjdata::to_vec_soa::<u8>(&[], structio_bjdata::SoaLayout::ColumnMajor);
/// assert_eq!(out.unwrap(), b"[]");
/// ```
pub fn to_vec_soa<T: BjdataWrite>(items: &[T], layout: SoaLayout) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    write_soa(&mut Writer::new(&mut out), items, layout)?;
    Ok(out)
}
