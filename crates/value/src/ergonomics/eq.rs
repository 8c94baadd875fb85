//! Comparisons with plain values with the plain value on the left (`1 == v`, `"x" == v`), and
//! with `f32`; the right-hand forms are in `from.rs`.

use alloc::string::String;

use crate::Value;

macro_rules! eq_left {
    ($($t:ty),*) => {$(
        impl PartialEq<Value> for $t {
            /// ```
            /// use structio_value::value;
            /// let v = value!([1, true, 1.5, "x"]);
            /// assert!(1 == v[0] && true == v[1] && 1.5 == v[2] && "x" == v[3]);
            /// ```
            #[inline]
            fn eq(&self, other: &Value) -> bool {
                other == self
            }
        }
    )*};
}
eq_left!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, bool, f64, str, String);

impl PartialEq<Value> for &str {
    /// ```
    /// let v = structio_value::Value::from("x");
    /// assert!("x" == v);
    /// ```
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        other == *self
    }
}

impl PartialEq<f32> for Value {
    /// A float equal to the `f32` widened to `f64` (as serde_json compares).
    ///
    /// ```
    /// assert_eq!(structio_value::Value::from(0.5f32), 0.5f32);
    /// ```
    #[inline]
    fn eq(&self, other: &f32) -> bool {
        *self == f64::from(*other)
    }
}

impl PartialEq<Value> for f32 {
    /// ```
    /// assert!(0.5f32 == structio_value::Value::from(0.5));
    /// ```
    #[inline]
    fn eq(&self, other: &Value) -> bool {
        other == self
    }
}

impl core::str::FromStr for Value {
    type Err = crate::Error;

    /// Reads JSON text, as [`from_str`](crate::from_str).
    ///
    /// ```
    /// let v: structio_value::Value = r#"{"a": [1]}"#.parse()?;
    /// assert_eq!(v["a"][0], 1);
    /// # Ok::<(), structio_value::Error>(())
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::from_str(s)
    }
}
