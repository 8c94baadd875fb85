//! A small dynamic CBOR value for the tests (structio-value has no CBOR yet), read and written
//! through the crate's public reader and writer API, with a parser for RFC 8949 diagnostic
//! notation (which JSON is a subset of) to state expected values.
#![allow(dead_code)]

use structio_cbor::{header, CborRead, CborWrite, Reader, Result, Sink, Writer};

/// Any CBOR item. Floats compare by bits; bignums that fit 128 bits are `Int`.
#[derive(Debug, Clone)]
pub enum Dyn {
    Int(i128),
    Bytes(Vec<u8>),
    Text(String),
    Array(Vec<Dyn>),
    Map(Vec<(Dyn, Dyn)>),
    Tag(u64, Box<Dyn>),
    Simple(u8),
    Bool(bool),
    Null,
    Undefined,
    Float(f64),
}

impl PartialEq for Dyn {
    fn eq(&self, other: &Self) -> bool {
        use Dyn::*;
        match (self, other) {
            (Int(a), Int(b)) => a == b,
            (Bytes(a), Bytes(b)) => a == b,
            (Text(a), Text(b)) => a == b,
            (Array(a), Array(b)) => a == b,
            (Map(a), Map(b)) => a == b,
            (Tag(t, a), Tag(u, b)) => t == u && a == b,
            (Simple(a), Simple(b)) => a == b,
            (Bool(a), Bool(b)) => a == b,
            (Null, Null) | (Undefined, Undefined) => true,
            (Float(a), Float(b)) => a.to_bits() == b.to_bits(),
            _ => false,
        }
    }
}

impl<'de> CborRead<'de> for Dyn {
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let b = r.peek()?;
        Ok(match header::major(b) {
            header::UNSIGNED | header::NEGATIVE => Dyn::Int(r.read_int::<i128>()?),
            header::BYTES => Dyn::Bytes(Vec::<u8>::read_cbor(r)?),
            header::TEXT => Dyn::Text(String::read_cbor(r)?),
            header::ARRAY => {
                let mut items = r.begin_array()?;
                let mut out = Vec::new();
                while r.next(&mut items)? {
                    out.push(Dyn::read_cbor(r)?);
                }
                Dyn::Array(out)
            }
            header::MAP => {
                let mut entries = r.begin_map()?;
                let mut out = Vec::new();
                while r.next(&mut entries)? {
                    let k = Dyn::read_cbor(r)?;
                    let v = Dyn::read_cbor(r)?;
                    out.push((k, v));
                }
                Dyn::Map(out)
            }
            header::TAG => {
                let start = r.checkpoint();
                let tag = r.read_tag()?;
                if tag == 2 || tag == 3 {
                    let after_tag = r.checkpoint();
                    r.restore(start);
                    if let Ok(v) = r.read_int::<i128>() {
                        return Ok(Dyn::Int(v));
                    }
                    r.restore(after_tag);
                }
                r.enter()?;
                let inner = Dyn::read_cbor(r)?;
                r.leave();
                Dyn::Tag(tag, Box::new(inner))
            }
            _ => match b {
                header::FALSE | header::TRUE => Dyn::Bool(r.read_bool()?),
                header::NULL => {
                    r.read_null()?;
                    Dyn::Null
                }
                header::UNDEFINED => {
                    r.read_null()?;
                    Dyn::Undefined
                }
                header::F16 | header::F32 | header::F64 => Dyn::Float(r.read_f64()?),
                _ => Dyn::Simple(r.read_simple()?),
            },
        })
    }
}

impl CborWrite for Dyn {
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        match self {
            Dyn::Int(v) => w.write_i128(*v),
            Dyn::Bytes(b) => w.write_bytes(b),
            Dyn::Text(s) => w.write_str(s),
            Dyn::Array(items) => {
                w.begin_array(items.len())?;
                items.iter().try_for_each(|x| x.write_cbor(w))
            }
            Dyn::Map(entries) => {
                structio_cbor::write_map(w, entries.len(), entries.iter().map(|(k, v)| (k, v)))
            }
            Dyn::Tag(t, v) => {
                w.tag(*t)?;
                v.write_cbor(w)
            }
            Dyn::Simple(v) => w.write_simple(*v),
            Dyn::Bool(b) => w.write_bool(*b),
            Dyn::Null => w.write_null(),
            Dyn::Undefined => w.write_simple(23),
            Dyn::Float(v) => w.write_f64(*v),
        }
    }
}

/// Parses diagnostic notation (RFC 8949 §8): JSON plus `h'..'`, `simple(n)`, `n(item)` tags,
/// `(_ a, b)` chunked strings, `[_ ..]`/`{_ ..}`, `Infinity`, `NaN`, `undefined`.
pub fn parse_diag(text: &str) -> Dyn {
    let mut p = Diag {
        s: text.as_bytes(),
        i: 0,
    };
    let v = p.value();
    p.ws();
    assert_eq!(p.i, p.s.len(), "trailing text in {text:?}");
    v
}

struct Diag<'a> {
    s: &'a [u8],
    i: usize,
}

impl Diag<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> u8 {
        self.ws();
        self.s[self.i]
    }
    fn eat(&mut self, lit: &str) -> bool {
        self.ws();
        if self.s[self.i..].starts_with(lit.as_bytes()) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }
    fn list(&mut self, close: u8, mut item: impl FnMut(&mut Self)) {
        self.eat("_");
        while self.peek() != close {
            item(self);
            self.eat(",");
        }
        self.i += 1;
    }
    fn value(&mut self) -> Dyn {
        let c = self.peek();
        match c {
            b'[' => {
                self.i += 1;
                let mut v = Vec::new();
                self.list(b']', |p| v.push(p.value()));
                Dyn::Array(v)
            }
            b'{' => {
                self.i += 1;
                let mut v = Vec::new();
                self.list(b'}', |p| {
                    let k = p.value();
                    assert!(p.eat(":"));
                    v.push((k, p.value()));
                });
                Dyn::Map(v)
            }
            b'(' => {
                self.i += 1;
                let mut parts = Vec::new();
                self.list(b')', |p| parts.push(p.value()));
                match parts.first() {
                    Some(Dyn::Text(_)) => Dyn::Text(
                        parts
                            .into_iter()
                            .map(|x| match x {
                                Dyn::Text(s) => s,
                                _ => panic!("mixed chunks"),
                            })
                            .collect(),
                    ),
                    _ => Dyn::Bytes(
                        parts
                            .into_iter()
                            .flat_map(|x| match x {
                                Dyn::Bytes(b) => b,
                                _ => panic!("mixed chunks"),
                            })
                            .collect(),
                    ),
                }
            }
            b'"' => Dyn::Text(self.string()),
            b'h' if self.s.get(self.i + 1) == Some(&b'\'') => {
                self.i += 2;
                let start = self.i;
                while self.s[self.i] != b'\'' {
                    self.i += 1;
                }
                let hex = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                self.i += 1;
                Dyn::Bytes(from_hex(hex))
            }
            _ if self.eat("true") => Dyn::Bool(true),
            _ if self.eat("false") => Dyn::Bool(false),
            _ if self.eat("null") => Dyn::Null,
            _ if self.eat("undefined") => Dyn::Undefined,
            _ if self.eat("Infinity") => Dyn::Float(f64::INFINITY),
            _ if self.eat("-Infinity") => Dyn::Float(f64::NEG_INFINITY),
            _ if self.eat("NaN") => Dyn::Float(f64::NAN),
            _ if self.eat("simple(") => {
                let n = self.number();
                assert!(self.eat(")"));
                match n {
                    Dyn::Int(n) => Dyn::Simple(n as u8),
                    _ => panic!("simple of a float"),
                }
            }
            _ => {
                let n = self.number();
                if self.eat("(") {
                    let inner = self.value();
                    assert!(self.eat(")"));
                    match n {
                        Dyn::Int(t) => Dyn::Tag(t as u64, Box::new(inner)),
                        _ => panic!("tag of a float"),
                    }
                } else {
                    n
                }
            }
        }
    }
    fn number(&mut self) -> Dyn {
        self.ws();
        let start = self.i;
        while self.i < self.s.len() && b"+-.eE0123456789".contains(&self.s[self.i]) {
            self.i += 1;
        }
        let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
        if t.contains(['.', 'e', 'E']) {
            Dyn::Float(t.parse().unwrap())
        } else {
            Dyn::Int(t.parse().unwrap_or_else(|_| panic!("number {t:?}")))
        }
    }
    fn string(&mut self) -> String {
        self.i += 1;
        let mut out = String::new();
        loop {
            let c = self.s[self.i];
            self.i += 1;
            match c {
                b'"' => return out,
                b'\\' => {
                    let e = self.s[self.i];
                    self.i += 1;
                    match e {
                        b'u' => {
                            let hex = std::str::from_utf8(&self.s[self.i..self.i + 4]).unwrap();
                            self.i += 4;
                            let mut cp = u32::from_str_radix(hex, 16).unwrap();
                            if (0xd800..0xdc00).contains(&cp) {
                                let lo =
                                    std::str::from_utf8(&self.s[self.i + 2..self.i + 6]).unwrap();
                                self.i += 6;
                                let lo = u32::from_str_radix(lo, 16).unwrap();
                                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                            }
                            out.push(char::from_u32(cp).unwrap());
                        }
                        b'n' => out.push('\n'),
                        b't' => out.push('\t'),
                        other => out.push(other as char),
                    }
                }
                _ => {
                    // Copy the whole UTF-8 sequence this byte starts.
                    let len = match c {
                        0..=0x7f => 1,
                        0xc0..=0xdf => 2,
                        0xe0..=0xef => 3,
                        _ => 4,
                    };
                    out.push_str(
                        std::str::from_utf8(&self.s[self.i - 1..self.i - 1 + len]).unwrap(),
                    );
                    self.i += len - 1;
                }
            }
        }
    }
}

pub fn from_hex(hex: &str) -> Vec<u8> {
    (0..hex.len() / 2)
        .map(|k| u8::from_str_radix(&hex[2 * k..2 * k + 2], 16).unwrap())
        .collect()
}

pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
