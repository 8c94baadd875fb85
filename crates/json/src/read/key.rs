//! Object keys as map keys: strings as they are, integers written inside the quotes.

use super::{KeyBuf, Reader};
use crate::{Error, ErrorKind, Result};

/// A type that can be a map key in JSON: read from an object key (the quoted string, without
/// its colon). Strings are keys as they are; integers are keys written as strings (`{"7":..}`);
/// a unit-only enum that derives JSON is a key by its variant names.
///
/// ```
/// use std::collections::BTreeMap;
/// let m: BTreeMap<u32, bool> = structio_json::from_str(r#"{"7": true}"#)?;
/// assert_eq!(m[&7], true);
/// # Ok::<(), structio_json::Error>(())
/// ```
pub trait JsonKey<'de>: Sized {
    /// Reads the key string (the reader is at its opening quote, after any whitespace).
    ///
    /// ```
    /// use structio_json::{JsonKey, Reader};
    /// let mut r = Reader::new(br#""42""#);
    /// assert_eq!(u16::read_key(&mut r)?, 42);
    /// # Ok::<(), structio_json::Error>(())
    /// ```
    fn read_key(r: &mut Reader<'de>) -> Result<Self>;
}

impl<'de: 'a, 'a> JsonKey<'de> for &'a str {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        r.read_str()
    }
}

macro_rules! int_keys {
    ($($t:ty)*) => {$(
        impl<'de> JsonKey<'de> for $t {
            #[inline]
            fn read_key(r: &mut Reader<'de>) -> Result<Self> {
                int_key(r)
            }
        }
    )*};
}
int_keys!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

/// An integer inside a key's quotes; the whole key must be the number.
fn int_key<T: structio_num::Integer>(r: &mut Reader<'_>) -> Result<T> {
    r.skip_ws();
    let at = r.offset();
    let mut buf = KeyBuf::new();
    let text = r.read_str_raw(&mut buf)?;
    match structio_num::parse_int::<T>(text, 0) {
        Ok((v, end)) if end == text.len() => Ok(v),
        Ok(_) => Err(Error::new(ErrorKind::InvalidNumber, at)),
        Err(e) if e.kind == structio_num::NumErrorKind::Overflow => {
            Err(Error::new(ErrorKind::NumberOutOfRange, at))
        }
        Err(_) => Err(Error::new(ErrorKind::InvalidNumber, at)),
    }
}

#[cfg(feature = "alloc")]
impl<'de> JsonKey<'de> for alloc::string::String {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        <Self as super::JsonRead>::read_json(r)
    }
}

#[cfg(feature = "alloc")]
impl<'de: 'a, 'a> JsonKey<'de> for alloc::borrow::Cow<'a, str> {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        <Self as super::JsonRead>::read_json(r)
    }
}

#[cfg(feature = "heapless")]
impl<'de, const N: usize> JsonKey<'de> for heapless::String<N> {
    #[inline]
    fn read_key(r: &mut Reader<'de>) -> Result<Self> {
        <Self as super::JsonRead>::read_json(r)
    }
}
