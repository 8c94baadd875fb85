//! CBOR read into typed destinations (numbers, strings, typed arrays, maps, tags, zero-copy
//! views, fixed-capacity containers) and validated as any item: no input panics, and whatever
//! reads writes, reads back and writes the same bytes again.
#![no_main]

use std::borrow::Cow;
use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use structio_cbor::{
    header, CborRead, CborWrite, Embedded, Reader, Result, Simple, Sink, Tagged, Writer,
};

/// Any item, read through the public reader API (as a dynamic value type would be).
#[derive(Debug)]
enum Dyn {
    Int(i128),
    Bytes(Vec<u8>),
    Text(String),
    Array(Vec<Dyn>),
    Map(Vec<(Dyn, Dyn)>),
    Tag(u64, Box<Dyn>),
    Simple(u8),
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
            (Float(a), Float(b)) => a.to_bits() == b.to_bits(),
            _ => false,
        }
    }
}

impl<'de> CborRead<'de> for Dyn {
    fn read_cbor(r: &mut Reader<'de>) -> Result<Self> {
        let b = r.peek()?;
        Ok(match header::major(b) {
            header::UNSIGNED | header::NEGATIVE => Dyn::Int(r.read_int()?),
            header::BYTES => Dyn::Bytes(Vec::read_cbor(r)?),
            header::TEXT => Dyn::Text(String::read_cbor(r)?),
            header::ARRAY => {
                let mut items = r.begin_array()?;
                let mut v = Vec::new();
                while r.next(&mut items)? {
                    v.push(Dyn::read_cbor(r)?);
                }
                Dyn::Array(v)
            }
            header::MAP => {
                let mut items = r.begin_map()?;
                let mut v = Vec::new();
                while r.next(&mut items)? {
                    v.push((Dyn::read_cbor(r)?, Dyn::read_cbor(r)?));
                }
                Dyn::Map(v)
            }
            header::TAG => {
                let start = r.checkpoint();
                let tag = r.read_tag()?;
                if tag == 2 || tag == 3 {
                    let after = r.checkpoint();
                    r.restore(start);
                    if let Ok(v) = r.read_int() {
                        return Ok(Dyn::Int(v));
                    }
                    r.restore(after);
                }
                r.enter()?;
                let inner = Dyn::read_cbor(r)?;
                r.leave();
                Dyn::Tag(tag, Box::new(inner))
            }
            _ if r.peek_float()? => Dyn::Float(r.read_f64()?),
            _ => Dyn::Simple(r.read_simple()?),
        })
    }
}

impl CborWrite for Dyn {
    fn write_cbor<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        match self {
            Dyn::Int(v) => w.write_i128(*v),
            Dyn::Bytes(b) => w.write_bytes(b),
            Dyn::Text(s) => w.write_str(s),
            Dyn::Array(v) => {
                w.begin_array(v.len())?;
                v.iter().try_for_each(|x| x.write_cbor(w))
            }
            Dyn::Map(v) => structio_cbor::write_map(w, v.len(), v.iter().map(|(k, v)| (k, v))),
            Dyn::Tag(t, v) => {
                w.tag(*t)?;
                v.write_cbor(w)
            }
            Dyn::Simple(v) => w.write_simple(*v),
            Dyn::Float(v) => w.write_f64(*v),
        }
    }
}

/// Read, write, read the written bytes back, and write them again: both writes must agree (a
/// float read into `f32` or a repeated map key may change the value once, never twice).
fn round_trip<T>(data: &[u8])
where
    T: for<'de> CborRead<'de> + CborWrite,
{
    if let Ok(v) = structio_cbor::from_slice::<T>(data) {
        let b1 = structio_cbor::to_vec(&v).expect("a value that read must write");
        let v2 = structio_cbor::from_slice::<T>(&b1).expect("written CBOR must read back");
        let b2 = structio_cbor::to_vec(&v2).unwrap();
        assert_eq!(b1, b2, "writing is not stable");
        let d1 = structio_cbor::to_vec_deterministic(&v).unwrap();
        let d2 = structio_cbor::to_vec_deterministic(&v2).unwrap();
        assert_eq!(d1, d2, "deterministic writing is not stable");
        structio_cbor::validate(&b1).expect("written CBOR must validate");
    }
}

/// `Vec<T>` read as a whole (a plain array of full-width floats goes a block at a time) and
/// item by item through the reader must agree: the same values bit for bit, or an error at
/// the same offset.
fn same_as_item_by_item<T>(
    data: &[u8],
    read: fn(&mut structio_cbor::Reader<'_>) -> structio_cbor::Result<T>,
    bits: fn(T) -> u64,
) where
    T: for<'de> CborRead<'de> + Copy + core::fmt::Debug,
{
    // Only an input that opens with a definite-length array head: the block path's case (a tag
    // or another item first is reported by the typed-array reader, at its own offset).
    if !matches!(data.first(), Some(0x80..=0x9b)) {
        return;
    }
    let whole = structio_cbor::from_slice::<Vec<T>>(data);
    let by_item = (|| {
        let mut r = structio_cbor::Reader::new(data);
        let mut items = r.begin_array()?;
        let mut v = Vec::new();
        while r.next(&mut items)? {
            v.push(read(&mut r)?);
        }
        r.finish()?;
        Ok::<_, structio_cbor::Error>(v)
    })();
    match (&whole, &by_item) {
        (Ok(a), Ok(b)) => assert_eq!(
            a.iter().map(|&x| bits(x)).collect::<Vec<_>>(),
            b.iter().map(|&x| bits(x)).collect::<Vec<_>>(),
            "a float array read two ways"
        ),
        (Err(a), Err(b)) => assert_eq!(a.offset(), b.offset(), "{a} / {b}"),
        (Ok(a), Err(b)) => panic!("whole: {a:?}; item by item: {b}"),
        (Err(a), Ok(b)) => panic!("whole: {a}; item by item: {b:?}"),
    }
}

type Record = (
    Vec<f64>,
    BTreeMap<String, Vec<i64>>,
    Option<String>,
    (u128, i128),
    Vec<Vec<u8>>,
    [f32; 2],
    Tagged<bool>,
    Embedded<Vec<u16>>,
    Simple,
    char,
);

fuzz_target!(|data: &[u8]| {
    // Reading any item and validating it agree on which inputs are well-formed, and what a
    // dynamic value reads writes in preferred form and reads back equal (floats by bits).
    let valid = structio_cbor::validate(data);
    let any = structio_cbor::from_slice::<Dyn>(data);
    assert_eq!(
        valid.is_ok(),
        any.is_ok(),
        "validate {valid:?}, read {any:?}"
    );
    if let Ok(v) = any {
        let b = structio_cbor::to_vec(&v).unwrap();
        let v2 = structio_cbor::from_slice::<Dyn>(&b).expect("written CBOR must read back");
        assert_eq!(v, v2);
        assert_eq!(structio_cbor::to_vec(&v2).unwrap(), b);
    }
    round_trip::<Record>(data);
    round_trip::<Vec<String>>(data);
    round_trip::<BTreeMap<i64, Option<f64>>>(data);
    round_trip::<Vec<Vec<i8>>>(data);
    // Arrays of plain booleans are read a block at a time, others item by item.
    round_trip::<Vec<Vec<bool>>>(data);
    // So are arrays of full-width floats: both ways must give the same bits and the same error.
    same_as_item_by_item(data, |r| r.read_f64(), f64::to_bits);
    same_as_item_by_item(data, |r| r.read_f32(), |x| u64::from(x.to_bits()));
    round_trip::<Vec<u64>>(data);
    round_trip::<i128>(data);
    round_trip::<BTreeMap<Vec<u8>, (bool, f32)>>(data);
    // Zero-copy views.
    let _ = structio_cbor::from_slice::<&[f64]>(data);
    let _ = structio_cbor::from_slice::<&str>(data);
    let _ = structio_cbor::from_slice::<&[u8]>(data);
    if let Ok(v) = structio_cbor::from_slice::<(Cow<[u32]>, Cow<str>)>(data) {
        let b = structio_cbor::to_vec(&v).unwrap();
        let v2 = structio_cbor::from_slice::<(Cow<[u32]>, Cow<str>)>(&b).unwrap();
        assert_eq!(v, v2);
    }
    // Reading into values that hold data: whatever it returns, the value is usable after.
    let mut old: Vec<String> = vec!["k".into(); 2];
    let _ = structio_cbor::read_into(&mut old, data);
    let _ = structio_cbor::to_vec(&old).unwrap();
    let mut hv: heapless::Vec<heapless::String<4>, 3> = heapless::Vec::new();
    let _ = structio_cbor::read_into(&mut hv, data);
    let mut buf = [0u8; 64];
    let _ = structio_cbor::to_slice(&hv, &mut buf);
    let mut fixed = [0u16; 4];
    let _ = structio_cbor::read_into(&mut fixed, data);
    // A shallow depth limit on the same input.
    let mut r = structio_cbor::Reader::new(data).with_depth_limit(3);
    let _ = r.skip_value();
});
