//! Conversions into [`Value`], and comparisons of a `Value` with plain Rust values.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::value::Repr;
use crate::{Array, Object, Value};

macro_rules! from_unsigned {
    ($($t:ty)*) => {$(
        /// A non-negative integer.
        impl From<$t> for Value {
            #[inline]
            fn from(n: $t) -> Value {
                Value { repr: Repr::U64(n as u64) }
            }
        }
    )*};
}
from_unsigned!(u8 u16 u32 u64 usize);

macro_rules! from_signed {
    ($($t:ty)*) => {$(
        /// An integer; a non-negative one is held as `u64`, as when read from text.
        impl From<$t> for Value {
            #[inline]
            fn from(n: $t) -> Value {
                let n = n as i64;
                if n < 0 {
                    Value { repr: Repr::I64(n) }
                } else {
                    Value { repr: Repr::U64(n as u64) }
                }
            }
        }
    )*};
}
from_signed!(i8 i16 i32 i64 isize);

/// A float, held as `f64`.
impl From<f32> for Value {
    #[inline]
    fn from(f: f32) -> Value {
        Value {
            repr: Repr::F64(f64::from(f)),
        }
    }
}

/// A float.
impl From<f64> for Value {
    #[inline]
    fn from(f: f64) -> Value {
        Value { repr: Repr::F64(f) }
    }
}

/// A boolean.
impl From<bool> for Value {
    #[inline]
    fn from(b: bool) -> Value {
        Value {
            repr: Repr::Bool(b),
        }
    }
}

/// A string (copied).
impl From<&str> for Value {
    #[inline]
    fn from(s: &str) -> Value {
        Value::string(s)
    }
}

/// A string (copied: the node keeps its own exact-size copy or stores it inline).
impl From<String> for Value {
    #[inline]
    fn from(s: String) -> Value {
        Value::string(&s)
    }
}

/// A string (copied).
impl From<&String> for Value {
    #[inline]
    fn from(s: &String) -> Value {
        Value::string(s)
    }
}

/// A string (copied).
impl From<Cow<'_, str>> for Value {
    #[inline]
    fn from(s: Cow<'_, str>) -> Value {
        Value::string(&s)
    }
}

/// `null`.
impl From<()> for Value {
    #[inline]
    fn from(_: ()) -> Value {
        Value::NULL
    }
}

/// An array.
impl From<Array> for Value {
    #[inline]
    fn from(a: Array) -> Value {
        Value {
            repr: Repr::Array(a),
        }
    }
}

/// An object.
impl From<Object> for Value {
    #[inline]
    fn from(o: Object) -> Value {
        Value {
            repr: Repr::Object(o),
        }
    }
}

/// An array of the converted elements.
impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(v: Vec<T>) -> Value {
        v.into_iter().collect()
    }
}

/// An array of the converted elements.
impl<T: Clone + Into<Value>> From<&[T]> for Value {
    fn from(v: &[T]) -> Value {
        v.iter().cloned().collect()
    }
}

/// `null` for `None`, the converted value for `Some`.
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::NULL, Into::into)
    }
}

/// An array of the items.
impl<T: Into<Value>> FromIterator<T> for Value {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Value {
        Value::from(iter.into_iter().collect::<Array>())
    }
}

/// An object of the pairs (a repeated key keeps its first position and its last value).
impl<K: AsRef<str>, V: Into<Value>> FromIterator<(K, V)> for Value {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Value {
        Value::from(iter.into_iter().collect::<Object>())
    }
}

impl PartialEq<str> for Value {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Value {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

impl PartialEq<String> for Value {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == Some(other.as_str())
    }
}

impl PartialEq<bool> for Value {
    fn eq(&self, other: &bool) -> bool {
        self.as_bool() == Some(*other)
    }
}

impl PartialEq<f64> for Value {
    fn eq(&self, other: &f64) -> bool {
        matches!(self.repr, Repr::F64(f) if f == *other)
    }
}

macro_rules! eq_int {
    ($($t:ty)*) => {$(
        impl PartialEq<$t> for Value {
            fn eq(&self, other: &$t) -> bool {
                match self.repr {
                    Repr::U64(u) => i128::from(u) == *other as i128,
                    Repr::I64(i) => i128::from(i) == *other as i128,
                    _ => false,
                }
            }
        }
    )*};
}
eq_int!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);
