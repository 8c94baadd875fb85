//! [`Value`] itself: a 16-byte node, its kinds and the accessors a serde_json user expects.

use core::mem;

use crate::chunk::Releaser;
use crate::string::{HeapStr, ShortStr};
use crate::{Array, Object};

/// The kind of a [`Value`], for `match`.
///
/// ```
/// use structio_value::{value, Kind};
/// assert_eq!(value!([1, 2]).kind(), Kind::Array);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A non-negative integer (held as `u64`).
    U64,
    /// A negative integer (held as `i64`).
    I64,
    /// A number with a fraction or exponent, or an integer too large for 64 bits (held as `f64`).
    F64,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

/// `repr(u8)` fixes the layout: the tag byte at offset 0, a short string's length at 1 and its
/// bytes at 2..16, a long string's length at 4; on 64-bit targets an 8-byte payload (number or
/// pointer) at offset 8. The JSON reader relies on it there to build a node as two words in
/// registers (see `Value::push_words`). On 32-bit targets a pointer or (on x86) a `u64` sits at
/// offset 4 instead, and the reader pushes whole values.
#[repr(u8)]
pub(crate) enum Repr {
    Null = 0,
    Bool(bool) = 1,
    U64(u64) = TAG_U64,
    I64(i64) = 3,
    F64(f64) = 4,
    Short(ShortStr) = TAG_SHORT,
    Str(HeapStr) = TAG_STR,
    Array(Array) = TAG_ARRAY,
    Object(Object) = TAG_OBJECT,
}

/// The tag of `Repr::U64`; `I64` and `F64` follow it.
pub(crate) const TAG_U64: u8 = 2;
/// The tag of `Repr::Short`.
pub(crate) const TAG_SHORT: u8 = 5;
/// The tags of `Repr::Str`, `Repr::Array` and `Repr::Object`.
pub(crate) const TAG_STR: u8 = 6;
pub(crate) const TAG_ARRAY: u8 = 7;
pub(crate) const TAG_OBJECT: u8 = 8;

/// A JSON (or BEVE) value of any kind, in 16 bytes.
///
/// Integers are kept whole: a non-negative integer is a `u64`, a negative one an `i64`, and only
/// numbers with a fraction or exponent (or past 64 bits) are `f64`, so a twitter id survives.
/// Strings of up to 14 bytes are stored inline; longer strings, arrays and objects are one block
/// each (an object's keys live in its block), carved from shared chunks when read from a document.
///
/// ```
/// use structio_value::{value, Value};
/// let v: Value = value!({"id": 1234567890123456789u64, "tags": ["a", "b"], "ok": true});
/// assert_eq!(v["id"].as_u64(), Some(1234567890123456789));
/// assert_eq!(v["tags"][1], "b");
/// assert!(v["missing"].is_null());
/// assert_eq!(v.to_string(), r#"{"id":1234567890123456789,"tags":["a","b"],"ok":true}"#);
/// ```
#[repr(transparent)]
pub struct Value {
    pub(crate) repr: Repr,
}

/// The `null` every missing index returns a reference to.
pub(crate) static NULL: Value = Value::NULL;

impl Value {
    /// `null`.
    ///
    /// ```
    /// assert!(structio_value::Value::NULL.is_null());
    /// ```
    pub const NULL: Value = Value { repr: Repr::Null };

    /// A string value; short strings are stored inline.
    ///
    /// ```
    /// assert_eq!(structio_value::Value::string("hi").as_str(), Some("hi"));
    /// ```
    #[inline]
    pub fn string(s: &str) -> Value {
        Value {
            repr: crate::string::repr_of(s),
        }
    }

    /// A string node, inline when short, else in a block from `arena` (`hint`: input bytes
    /// left): how the readers make strings.
    #[inline]
    pub(crate) fn string_in(s: &str, arena: &mut crate::chunk::Arena, hint: usize) -> Value {
        Value {
            repr: crate::string::repr_in(s, arena, hint),
        }
    }

    /// The kind of value this is.
    ///
    /// ```
    /// use structio_value::{Kind, Value};
    /// assert_eq!(Value::from(-1).kind(), Kind::I64);
    /// assert_eq!(Value::from(1).kind(), Kind::U64);
    /// ```
    #[inline]
    pub fn kind(&self) -> Kind {
        match self.repr {
            Repr::Null => Kind::Null,
            Repr::Bool(_) => Kind::Bool,
            Repr::U64(_) => Kind::U64,
            Repr::I64(_) => Kind::I64,
            Repr::F64(_) => Kind::F64,
            Repr::Short(_) | Repr::Str(_) => Kind::String,
            Repr::Array(_) => Kind::Array,
            Repr::Object(_) => Kind::Object,
        }
    }

    /// `true` for `null`.
    ///
    /// ```
    /// assert!(structio_value::value!(null).is_null());
    /// ```
    #[inline]
    pub fn is_null(&self) -> bool {
        matches!(self.repr, Repr::Null)
    }

    /// `true` for a boolean.
    ///
    /// ```
    /// assert!(structio_value::value!(true).is_boolean());
    /// ```
    #[inline]
    pub fn is_boolean(&self) -> bool {
        matches!(self.repr, Repr::Bool(_))
    }

    /// `true` for any number.
    ///
    /// ```
    /// assert!(structio_value::value!(1.5).is_number());
    /// ```
    #[inline]
    pub fn is_number(&self) -> bool {
        matches!(self.repr, Repr::U64(_) | Repr::I64(_) | Repr::F64(_))
    }

    /// `true` for an integer that fits `u64` (every non-negative integer read).
    ///
    /// ```
    /// assert!(structio_value::value!(3).is_u64());
    /// ```
    #[inline]
    pub fn is_u64(&self) -> bool {
        matches!(self.repr, Repr::U64(_))
    }

    /// `true` for an integer that fits `i64`.
    ///
    /// ```
    /// assert!(structio_value::value!(-3).is_i64());
    /// assert!(!structio_value::Value::from(u64::MAX).is_i64());
    /// ```
    #[inline]
    pub fn is_i64(&self) -> bool {
        match self.repr {
            Repr::I64(_) => true,
            Repr::U64(u) => u <= i64::MAX as u64,
            _ => false,
        }
    }

    /// `true` for a number held as `f64`.
    ///
    /// ```
    /// assert!(structio_value::value!(0.5).is_f64());
    /// ```
    #[inline]
    pub fn is_f64(&self) -> bool {
        matches!(self.repr, Repr::F64(_))
    }

    /// `true` for a string.
    ///
    /// ```
    /// assert!(structio_value::value!("s").is_string());
    /// ```
    #[inline]
    pub fn is_string(&self) -> bool {
        matches!(self.repr, Repr::Short(_) | Repr::Str(_))
    }

    /// `true` for an array.
    ///
    /// ```
    /// assert!(structio_value::value!([]).is_array());
    /// ```
    #[inline]
    pub fn is_array(&self) -> bool {
        matches!(self.repr, Repr::Array(_))
    }

    /// `true` for an object.
    ///
    /// ```
    /// assert!(structio_value::value!({}).is_object());
    /// ```
    #[inline]
    pub fn is_object(&self) -> bool {
        matches!(self.repr, Repr::Object(_))
    }

    /// `Some(())` for `null`.
    ///
    /// ```
    /// assert_eq!(structio_value::value!(null).as_null(), Some(()));
    /// ```
    #[inline]
    pub fn as_null(&self) -> Option<()> {
        self.is_null().then_some(())
    }

    /// The boolean, if this is one.
    ///
    /// ```
    /// assert_eq!(structio_value::value!(false).as_bool(), Some(false));
    /// ```
    #[inline]
    pub fn as_bool(&self) -> Option<bool> {
        match self.repr {
            Repr::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The integer, if this is one that fits `u64`.
    ///
    /// ```
    /// assert_eq!(structio_value::value!(7).as_u64(), Some(7));
    /// assert_eq!(structio_value::value!(-7).as_u64(), None);
    /// ```
    #[inline]
    pub fn as_u64(&self) -> Option<u64> {
        match self.repr {
            Repr::U64(u) => Some(u),
            _ => None,
        }
    }

    /// The integer, if this is one that fits `i64`.
    ///
    /// ```
    /// assert_eq!(structio_value::value!(-7).as_i64(), Some(-7));
    /// assert_eq!(structio_value::value!(7).as_i64(), Some(7));
    /// ```
    #[inline]
    pub fn as_i64(&self) -> Option<i64> {
        match self.repr {
            Repr::I64(i) => Some(i),
            Repr::U64(u) => i64::try_from(u).ok(),
            _ => None,
        }
    }

    /// Any number as `f64` (integers converted, possibly rounded).
    ///
    /// ```
    /// assert_eq!(structio_value::value!(2).as_f64(), Some(2.0));
    /// assert_eq!(structio_value::value!("2").as_f64(), None);
    /// ```
    #[inline]
    pub fn as_f64(&self) -> Option<f64> {
        // Floats first: without LTO a walk over coordinates then takes one compare a value.
        // (Under LTO LLVM may merge both tests into one switch in the tags' order.)
        if let Repr::F64(f) = self.repr {
            return Some(f);
        }
        match self.repr {
            Repr::U64(u) => Some(u as f64),
            Repr::I64(i) => Some(i as f64),
            _ => None,
        }
    }

    /// The string, if this is one.
    ///
    /// ```
    /// assert_eq!(structio_value::value!("hi").as_str(), Some("hi"));
    /// ```
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        match &self.repr {
            Repr::Short(s) => Some(s.as_str()),
            Repr::Str(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The array, if this is one.
    ///
    /// ```
    /// assert_eq!(structio_value::value!([1, 2]).as_array().map(|a| a.len()), Some(2));
    /// ```
    #[inline]
    pub fn as_array(&self) -> Option<&Array> {
        match &self.repr {
            Repr::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The array, mutably, if this is one.
    ///
    /// ```
    /// let mut v = structio_value::value!([1]);
    /// v.as_array_mut().unwrap().push(2u64);
    /// assert_eq!(v, structio_value::value!([1, 2]));
    /// ```
    #[inline]
    pub fn as_array_mut(&mut self) -> Option<&mut Array> {
        match &mut self.repr {
            Repr::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The object, if this is one.
    ///
    /// ```
    /// assert_eq!(structio_value::value!({"a": 1}).as_object().map(|o| o.len()), Some(1));
    /// ```
    #[inline]
    pub fn as_object(&self) -> Option<&Object> {
        match &self.repr {
            Repr::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The object, mutably, if this is one.
    ///
    /// ```
    /// let mut v = structio_value::value!({});
    /// v.as_object_mut().unwrap().insert("a", 1u64);
    /// assert_eq!(v, structio_value::value!({"a": 1}));
    /// ```
    #[inline]
    pub fn as_object_mut(&mut self) -> Option<&mut Object> {
        match &mut self.repr {
            Repr::Object(o) => Some(o),
            _ => None,
        }
    }

    /// Takes the value out, leaving `null` in its place.
    ///
    /// ```
    /// let mut v = structio_value::value!({"a": [1]});
    /// let a = v["a"].take();
    /// assert_eq!(a, structio_value::value!([1]));
    /// assert!(v["a"].is_null());
    /// ```
    #[inline]
    pub fn take(&mut self) -> Value {
        mem::replace(self, Value::NULL)
    }
}

impl Default for Value {
    fn default() -> Self {
        Value::NULL
    }
}

impl Value {
    /// `true` for a long string, an array or an object: the nodes that may own a block. The
    /// drop walk tests this inline and calls [`release`](Self::release) only for them, so a run
    /// of scalars costs a compare each.
    #[inline(always)]
    pub(crate) fn owns_block(&self) -> bool {
        matches!(self.repr, Repr::Str(_) | Repr::Array(_) | Repr::Object(_))
    }

    /// Gives back every block this value owns (a long string's, a container's and everything
    /// below it) through `rel`, without running any `Drop`: how a container drops its elements
    /// with one atomic step per run of blocks from one chunk.
    ///
    /// # Safety
    /// The value is not used or dropped afterwards.
    #[inline]
    pub(crate) unsafe fn release(&mut self, rel: &mut Releaser) {
        // SAFETY: the caller's promise, passed on.
        unsafe {
            match &mut self.repr {
                Repr::Str(s) => s.release(rel),
                Repr::Array(a) => a.release(rel),
                Repr::Object(o) => o.release(rel),
                _ => {}
            }
        }
    }
}

impl Clone for Value {
    fn clone(&self) -> Self {
        let repr = match &self.repr {
            Repr::Null => Repr::Null,
            Repr::Bool(b) => Repr::Bool(*b),
            Repr::U64(u) => Repr::U64(*u),
            Repr::I64(i) => Repr::I64(*i),
            Repr::F64(f) => Repr::F64(*f),
            Repr::Short(s) => Repr::Short(*s),
            Repr::Str(s) => Repr::Str(s.clone()),
            Repr::Array(a) => Repr::Array(a.clone()),
            Repr::Object(o) => Repr::Object(o.clone()),
        };
        Value { repr }
    }
}

/// Structural equality. Numbers compare by kind and value, as in serde_json: `1` and `1.0`
/// differ, and `NaN` is not equal to itself.
impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        match (&self.repr, &other.repr) {
            (Repr::Null, Repr::Null) => true,
            (Repr::Bool(a), Repr::Bool(b)) => a == b,
            (Repr::U64(a), Repr::U64(b)) => a == b,
            (Repr::I64(a), Repr::I64(b)) => a == b,
            (Repr::F64(a), Repr::F64(b)) => a == b,
            (Repr::Array(a), Repr::Array(b)) => a == b,
            (Repr::Object(a), Repr::Object(b)) => a == b,
            _ => match (self.as_str(), other.as_str()) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            },
        }
    }
}
