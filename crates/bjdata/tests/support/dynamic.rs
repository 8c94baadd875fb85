//! A small dynamic BJData value for the tests (structio-value has no BJData yet), read and
//! written through the crate's public reader and writer API.
#![allow(dead_code)]

use structio_bjdata::{
    header, BjdataRead, BjdataWrite, NdArray, Reader, Result, Shape, Sink, Writer,
};

/// Any BJData value. Floats compare by bits.
#[derive(Debug, Clone)]
pub enum Dyn {
    Null,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(String),
    High(String),
    Ext(u64, Vec<u8>),
    Array(Vec<Dyn>),
    Object(Vec<(String, Dyn)>),
}

impl PartialEq for Dyn {
    fn eq(&self, other: &Self) -> bool {
        use Dyn::*;
        match (self, other) {
            (Null, Null) => true,
            (Bool(a), Bool(b)) => a == b,
            (Int(a), Int(b)) => a == b,
            (Float(a), Float(b)) => a.to_bits() == b.to_bits(),
            (Str(a), Str(b)) | (High(a), High(b)) => a == b,
            (Ext(a, x), Ext(b, y)) => a == b && x == y,
            (Array(a), Array(b)) => a == b,
            (Object(a), Object(b)) => a == b,
            _ => false,
        }
    }
}

impl Dyn {
    /// Equal as JSON values: numbers by value whatever their type.
    pub fn same_json(&self, other: &Dyn) -> bool {
        use Dyn::*;
        let num = |d: &Dyn| match d {
            Int(v) => Some(*v as f64),
            Float(v) => Some(*v),
            _ => None,
        };
        match (self, other) {
            (Array(a), Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_json(y))
            }
            (Object(a), Object(b)) => {
                // serde_json's map sorts its keys.
                let mut a: Vec<_> = a.iter().collect();
                let mut b: Vec<_> = b.iter().collect();
                a.sort_by(|x, y| x.0.cmp(&y.0));
                b.sort_by(|x, y| x.0.cmp(&y.0));
                a.len() == b.len()
                    && a.iter()
                        .zip(&b)
                        .all(|((k, x), (l, y))| k == l && x.same_json(y))
            }
            _ => match (num(self), num(other)) {
                (Some(x), Some(y)) => x == y,
                _ => self == other,
            },
        }
    }

    pub fn from_json(v: &serde_json::Value) -> Dyn {
        use serde_json::Value as J;
        match v {
            J::Null => Dyn::Null,
            J::Bool(b) => Dyn::Bool(*b),
            J::Number(n) => {
                if let Some(i) = n.as_i64() {
                    Dyn::Int(i128::from(i))
                } else if let Some(u) = n.as_u64() {
                    Dyn::Int(i128::from(u))
                } else {
                    Dyn::Float(n.as_f64().unwrap())
                }
            }
            J::String(s) => Dyn::Str(s.clone()),
            J::Array(a) => Dyn::Array(a.iter().map(Dyn::from_json).collect()),
            J::Object(o) => Dyn::Object(
                o.iter()
                    .map(|(k, v)| (k.clone(), Dyn::from_json(v)))
                    .collect(),
            ),
        }
    }
}

/// A flat row-major vector nested by `dims`.
fn nest(dims: &[usize], flat: &mut dyn Iterator<Item = Dyn>) -> Dyn {
    match dims.split_first() {
        None => flat.next().unwrap_or(Dyn::Null),
        Some((&d, rest)) => Dyn::Array((0..d).map(|_| nest(rest, flat)).collect()),
    }
}

fn read_nd<'de, T, F>(r: &mut Reader<'de>, f: F) -> Result<Dyn>
where
    T: structio_bjdata::Number + BjdataRead<'de>,
    F: Fn(T) -> Dyn,
{
    let at = r.offset();
    let a = NdArray::<T>::read_bjdata(r)?;
    if a.dims.len() > structio_bjdata::DEFAULT_DEPTH_LIMIT as usize {
        return Err(r.error_at(at, structio_bjdata::ErrorKind::DepthLimit));
    }
    if a.dims.contains(&0) {
        return Ok(Dyn::Array(Vec::new()));
    }
    Ok(nest(&a.dims, &mut a.data.into_iter().map(f)))
}

fn soa_dyn(v: &structio_bjdata::SoaValue<'_>) -> Dyn {
    use structio_bjdata::SoaValue as S;
    match v {
        S::Int(i) => Dyn::Int(*i),
        S::Float(f) => Dyn::Float(*f),
        S::Bool(b) => Dyn::Bool(*b),
        S::Null => Dyn::Null,
        S::Str(s) => Dyn::Str(s.to_string()),
        S::High(s) => Dyn::High(s.to_string()),
        S::Record(f) => Dyn::Object(f.iter().map(|(k, x)| (k.to_string(), soa_dyn(x))).collect()),
        S::Tuple(t) => Dyn::Array(t.iter().map(soa_dyn).collect()),
    }
}

impl<'de> BjdataRead<'de> for Dyn {
    fn read_bjdata(r: &mut Reader<'de>) -> Result<Self> {
        let m = r.peek_marker()?;
        if r.peek_soa()? {
            let soa = r.read_soa()?;
            return Ok(Dyn::Array(
                soa.records
                    .iter()
                    .map(|rec| {
                        Dyn::Object(
                            rec.iter()
                                .map(|(k, x)| (k.to_string(), soa_dyn(x)))
                                .collect(),
                        )
                    })
                    .collect(),
            ));
        }
        Ok(match m {
            header::NULL => {
                r.read_null()?;
                Dyn::Null
            }
            header::TRUE | header::FALSE => Dyn::Bool(r.read_bool()?),
            b'i' | b'U' | b'I' | b'u' | b'l' | b'm' | b'L' | b'M' | b'B' => {
                Dyn::Int(r.read_int::<i128>()?)
            }
            b'h' | b'd' | b'D' => Dyn::Float(r.read_f64()?),
            header::HIGH_PRECISION => {
                // An integer that fits is an integer, as structio writes `i128` beyond 64 bits.
                let text = r.read_high_precision()?;
                match text.parse::<i128>() {
                    Ok(v) => Dyn::Int(v),
                    Err(_) => Dyn::High(text.to_string()),
                }
            }
            header::STRING | header::CHAR => Dyn::Str(r.read_str()?.to_string()),
            header::EXTENSION => {
                let (id, b) = r.read_extension()?;
                Dyn::Ext(id, b.to_vec())
            }
            header::ARRAY_START => {
                // After the `[`, or at the first byte of a typed array's child, whose `[` is
                // implicit.
                let at = r.offset();
                let input = r.input();
                let body = at + usize::from(input.get(at) == Some(&header::ARRAY_START));
                let nd = input.get(body) == Some(&b'$') && input.get(body + 3) == Some(&b'[');
                if nd {
                    return match input[body + 1] {
                        b'd' | b'D' | b'h' => read_nd::<f64, _>(r, Dyn::Float),
                        b'M' => read_nd::<u64, _>(r, |v| Dyn::Int(i128::from(v))),
                        _ => read_nd::<i64, _>(r, |v| Dyn::Int(i128::from(v))),
                    };
                }
                let mut items = r.begin_array()?;
                assert_eq!(items.shape(), Shape::Flat);
                let mut out = Vec::new();
                while r.next(&mut items)? {
                    out.push(Dyn::read_bjdata(r)?);
                }
                Dyn::Array(out)
            }
            header::OBJECT_START => {
                let mut items = r.begin_object()?;
                let mut out = Vec::new();
                while r.next(&mut items)? {
                    let k = r.read_key_str()?.to_string();
                    out.push((k, Dyn::read_bjdata(r)?));
                }
                Dyn::Object(out)
            }
            _ => return Err(r.error(structio_bjdata::ErrorKind::InvalidHeader(m))),
        })
    }
}

impl BjdataWrite for Dyn {
    fn write_bjdata<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        match self {
            Dyn::Null => w.write_null(),
            Dyn::Bool(b) => w.write_bool(*b),
            Dyn::Int(v) => w.write_i128(*v),
            Dyn::Float(v) => w.write_f64(*v),
            Dyn::Str(s) => w.write_str(s),
            Dyn::High(s) => w.write_high_precision(s),
            Dyn::Ext(id, b) => structio_bjdata::Extension { id: *id, bytes: b }.write_bjdata(w),
            Dyn::Array(a) => a.write_bjdata(w),
            Dyn::Object(o) => {
                w.begin_object(o.len())?;
                for (k, v) in o {
                    w.write_key(k)?;
                    v.write_bjdata(w)?;
                }
                w.end_object()
            }
        }
    }
}

pub fn from_hex(s: &str) -> Vec<u8> {
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

pub fn to_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}
