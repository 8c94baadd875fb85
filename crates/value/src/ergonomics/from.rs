//! More conversions into [`Value`]: `char`, boxed strings, fixed arrays and maps.

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::string::String;

use crate::{Object, Value};

impl From<char> for Value {
    /// A one-character string.
    ///
    /// ```
    /// assert_eq!(structio_value::Value::from('é'), "é");
    /// ```
    fn from(c: char) -> Value {
        Value::string(c.encode_utf8(&mut [0; 4]))
    }
}

impl From<Box<str>> for Value {
    /// ```
    /// assert_eq!(structio_value::Value::from(Box::<str>::from("x")), "x");
    /// ```
    fn from(s: Box<str>) -> Value {
        Value::string(&s)
    }
}

impl<T: Into<Value>, const N: usize> From<[T; N]> for Value {
    /// An array.
    ///
    /// ```
    /// assert_eq!(structio_value::Value::from([1, 2]), structio_value::value!([1, 2]));
    /// ```
    fn from(a: [T; N]) -> Value {
        a.into_iter().collect()
    }
}

impl<K: AsRef<str>, V: Into<Value>> From<BTreeMap<K, V>> for Value {
    /// An object, members in the map's (sorted) order.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// let m = BTreeMap::from([("b", 2), ("a", 1)]);
    /// assert_eq!(structio_value::Value::from(m), structio_value::value!({"a": 1, "b": 2}));
    /// ```
    fn from(m: BTreeMap<K, V>) -> Value {
        Value::from(m.into_iter().collect::<Object>())
    }
}

#[cfg(feature = "std")]
impl<K: AsRef<str>, V: Into<Value>, H> From<std::collections::HashMap<K, V, H>> for Value {
    /// An object, members in the map's iteration order.
    ///
    /// ```
    /// use std::collections::HashMap;
    /// let v = structio_value::Value::from(HashMap::from([("a", 1)]));
    /// assert_eq!(v["a"], 1);
    /// ```
    fn from(m: std::collections::HashMap<K, V, H>) -> Value {
        Value::from(m.into_iter().collect::<Object>())
    }
}

impl From<Value> for String {
    /// The value's compact JSON text (as `to_string`); a string value is quoted.
    ///
    /// ```
    /// let s: String = structio_value::value!({"a": "x"}).into();
    /// assert_eq!(s, r#"{"a":"x"}"#);
    /// ```
    fn from(v: Value) -> String {
        crate::to_string(&v)
    }
}
