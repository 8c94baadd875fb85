//! Types and checks shared by the fuzz targets: one derived struct that holds every field kind
//! both formats support, so that each format's target reaches every reader and writer impl.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use structio_derive::{Beve, Json};

#[derive(Json, Beve, Debug, PartialEq, Default, Clone)]
pub struct Inner {
    pub a: i32,
    pub b: Option<String>,
}

/// Flattened into [`AllKinds`]: its keys sit among the outer struct's.
#[derive(Json, Beve, Debug, PartialEq, Default, Clone)]
pub struct Flat {
    pub fx: u16,
    #[structio(default)]
    pub fy: Option<bool>,
}

#[derive(Json, Beve, Debug, PartialEq, Clone)]
pub enum External {
    Off,
    On(u8),
    Pair(u8, u8),
    Move { dx: i32, dy: i32 },
}

#[derive(Json, Beve, Debug, PartialEq, Clone)]
#[structio(tag = "type")]
pub enum Internal {
    Ping,
    Move { dx: i32, dy: i32 },
    At(Inner),
}

#[derive(Json, Beve, Debug, PartialEq, Clone)]
#[structio(tag = "t", content = "c")]
pub enum Adjacent {
    Unit,
    One(String),
    Two(u8, u8),
    Named { a: bool },
}

#[derive(Json, Beve, Debug, PartialEq, Clone)]
#[structio(untagged)]
pub enum Untagged {
    Num(f64),
    Text(String),
    Point { x: i32, y: i32 },
}

/// Every field kind the JSON and BEVE readers implement, with the derive's attributes.
///
/// No `HashMap` here: its iteration order is not a function of its contents, so a written
/// document would not be byte-for-byte stable. [`Maps`] holds it.
#[derive(Json, Beve, Debug, PartialEq)]
pub struct AllKinds<'a> {
    pub b: bool,
    pub u8_: u8,
    pub u16_: u16,
    pub u32_: u32,
    pub u64_: u64,
    pub u128_: u128,
    pub usize_: usize,
    pub i8_: i8,
    pub i16_: i16,
    pub i32_: i32,
    pub i64_: i64,
    pub i128_: i128,
    pub isize_: isize,
    pub f32_: f32,
    pub f64_: f64,
    pub c: char,
    pub s: String,
    pub bs: &'a str,
    pub cow: Cow<'a, str>,
    pub unit: (),
    pub opt: Option<u32>,
    pub v: Vec<i64>,
    pub vs: Vec<String>,
    pub vb: Vec<bool>,
    pub vf: Vec<f32>,
    pub arr: [u16; 3],
    pub tup: (u8, String, f64),
    pub bx: Box<Inner>,
    pub bt: BTreeMap<String, u32>,
    pub btk: BTreeMap<i32, bool>,
    pub hs: heapless::String<8>,
    pub hv: heapless::Vec<u8, 4>,
    pub inner: Inner,
    #[structio(flatten)]
    pub flat: Flat,
    #[structio(default)]
    pub defaulted: u8,
    #[structio(rename = "renamed!")]
    pub renamed: i8,
    #[structio(skip)]
    pub skipped: u8,
    pub ext: External,
    pub int: Internal,
    pub adj: Adjacent,
    pub unt: Untagged,
    pub nested: Vec<Option<Vec<Inner>>>,
    pub deep: Option<Box<AllKinds<'a>>>,
}

/// Maps, compared by value after a round trip rather than by bytes.
#[derive(Json, Beve, Debug, PartialEq, Default)]
pub struct Maps {
    pub hm: HashMap<String, Vec<u8>>,
    pub hk: HashMap<u64, String>,
    pub bt: BTreeMap<String, Inner>,
}

/// `true` when `v == v` (no NaN inside), so that a value comparison after a round trip means
/// something.
pub fn self_equal<T: PartialEq>(v: &T) -> bool {
    v == v
}

/// Splits a fuzz input at the first `sep` byte: `(before, after)`, or `(&[], data)` without one.
pub fn split_at_byte(data: &[u8], sep: u8) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == sep) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&[], data),
    }
}

/// An array of booleans read element by element with the `Reader` API, which the `Vec<bool>`
/// reader's compact fast path must agree with.
pub struct BoolsByElement(pub Vec<bool>);

impl<'de> structio_json::JsonRead<'de> for BoolsByElement {
    fn read_json(r: &mut structio_json::Reader<'de>) -> structio_json::Result<Self> {
        let mut v = Vec::new();
        if !r.begin_array()? {
            loop {
                v.push(r.read_bool()?);
                if !r.array_next()? {
                    break;
                }
            }
        }
        Ok(BoolsByElement(v))
    }
}

/// An array of integers read element by element: the reference the compact-array path of
/// `Vec<i64>`, `Vec<u8>` (64-byte blocks) must match, in values and in errors.
#[derive(Debug)]
pub struct IntsByElement<T>(pub Vec<T>);

impl<'de, T: structio_num::Integer> structio_json::JsonRead<'de> for IntsByElement<T> {
    fn read_json(r: &mut structio_json::Reader<'de>) -> structio_json::Result<Self> {
        let mut v = Vec::new();
        if !r.begin_array()? {
            loop {
                v.push(r.read_int()?);
                if !r.array_next()? {
                    break;
                }
            }
        }
        Ok(IntsByElement(v))
    }
}

/// The derived reader's key handling against serde_json's (`json_keys_diff`): one key that
/// needs an escape, one long enough that no single word holds it, one a prefix of another,
/// an optional one. Booleans only, so that the two readers can differ on keys alone.
#[derive(Json, Debug, PartialEq, Default, Clone)]
pub struct Keyed {
    pub a: bool,
    #[structio(rename = "b\"q")]
    pub quoted: bool,
    pub long_name_past_eight_bytes: bool,
    pub ab: bool,
    #[structio(default)]
    pub d: Option<bool>,
}

/// [`Keyed`] as serde's derive reads it: the reference.
#[derive(serde::Deserialize, Debug, PartialEq)]
pub struct KeyedSerde {
    pub a: bool,
    #[serde(rename = "b\"q")]
    pub quoted: bool,
    pub long_name_past_eight_bytes: bool,
    pub ab: bool,
    #[serde(default)]
    pub d: Option<bool>,
}
