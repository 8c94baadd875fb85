//! A borrowed view of a [`Value`] as a plain enum, for `match`.

use crate::value::Repr;
use crate::{Array, Object, Value};

/// What a [`Value`] holds, borrowed: `match v.as_ref() { ValueRef::Object(o) => … }`. The
/// node's compact layout is private; this is its public shape.
///
/// ```
/// use structio_value::{value, ValueRef};
/// let v = value!({"a": [1, "x"]});
/// let n = match v.as_ref() {
///     ValueRef::Object(o) => o.len(),
///     _ => 0,
/// };
/// assert_eq!(n, 1);
/// assert!(matches!(v["a"][1].as_ref(), ValueRef::String("x")));
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum ValueRef<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A non-negative integer.
    U64(u64),
    /// A negative integer.
    I64(i64),
    /// A float.
    F64(f64),
    /// A string.
    String(&'a str),
    /// An array.
    Array(&'a Array),
    /// An object.
    Object(&'a Object),
}

impl Value {
    /// This value as a [`ValueRef`], to `match` on.
    ///
    /// ```
    /// use structio_value::{Value, ValueRef};
    /// assert_eq!(Value::from(-3).as_ref(), ValueRef::I64(-3));
    /// assert_eq!(Value::from(3u8).as_ref(), ValueRef::U64(3));
    /// assert_eq!(Value::NULL.as_ref(), ValueRef::Null);
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn as_ref(&self) -> ValueRef<'_> {
        match &self.repr {
            Repr::Null => ValueRef::Null,
            Repr::Bool(b) => ValueRef::Bool(*b),
            Repr::U64(n) => ValueRef::U64(*n),
            Repr::I64(n) => ValueRef::I64(*n),
            Repr::F64(f) => ValueRef::F64(*f),
            Repr::Short(_) | Repr::Str(_) => ValueRef::String(self.as_str().unwrap_or_default()),
            Repr::Array(a) => ValueRef::Array(a),
            Repr::Object(o) => ValueRef::Object(o),
        }
    }
}

impl<'a> From<&'a Value> for ValueRef<'a> {
    /// ```
    /// use structio_value::{Value, ValueRef};
    /// let v = Value::from(true);
    /// assert_eq!(ValueRef::from(&v), ValueRef::Bool(true));
    /// ```
    fn from(v: &'a Value) -> Self {
        v.as_ref()
    }
}
