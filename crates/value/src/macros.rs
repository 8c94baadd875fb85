//! The `value!` macro: JSON-like syntax for building a [`Value`](crate::Value).

/// Builds a [`Value`](crate::Value) from JSON-like syntax. Object keys are string literals or
/// parenthesised expressions that give a `&str`/`String`; values are `null`, nested `[...]` and
/// `{...}`, or any Rust expression with an `Into<Value>` conversion.
///
/// ```
/// use structio_value::value;
/// let name = "ada";
/// let v = value!({
///     "name": name,
///     "age": 36,
///     "langs": ["en", null, {"x": -1.5}],
///     (format!("k{}", 1)): true,
/// });
/// assert_eq!(v["langs"][2]["x"], -1.5);
/// assert_eq!(v["k1"], true);
/// assert_eq!(v.to_string(), r#"{"name":"ada","age":36,"langs":["en",null,{"x":-1.5}],"k1":true}"#);
/// ```
#[macro_export]
macro_rules! value {
    (null) => {
        $crate::Value::NULL
    };
    ([]) => {
        $crate::Value::from($crate::Array::new())
    };
    ([ $($tt:tt)+ ]) => {{
        let mut array = $crate::Array::new();
        $crate::__value_array!(array; $($tt)+);
        $crate::Value::from(array)
    }};
    ({}) => {
        $crate::Value::from($crate::Object::new())
    };
    ({ $($tt:tt)+ }) => {{
        let mut object = $crate::Object::new();
        $crate::__value_object!(object; $($tt)+);
        $crate::Value::from(object)
    }};
    ($e:expr) => {
        $crate::Value::from($e)
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __value_array {
    ($a:ident; ) => {};
    ($a:ident; null $(, $($rest:tt)*)?) => {
        $a.push($crate::Value::NULL);
        $( $crate::__value_array!($a; $($rest)*); )?
    };
    ($a:ident; [ $($inner:tt)* ] $(, $($rest:tt)*)?) => {
        $a.push($crate::value!([ $($inner)* ]));
        $( $crate::__value_array!($a; $($rest)*); )?
    };
    ($a:ident; { $($inner:tt)* } $(, $($rest:tt)*)?) => {
        $a.push($crate::value!({ $($inner)* }));
        $( $crate::__value_array!($a; $($rest)*); )?
    };
    ($a:ident; $e:expr $(, $($rest:tt)*)?) => {
        $a.push($crate::Value::from($e));
        $( $crate::__value_array!($a; $($rest)*); )?
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __value_object {
    ($o:ident; ) => {};
    ($o:ident; $k:tt : null $(, $($rest:tt)*)?) => {
        $o.insert(::core::convert::AsRef::<str>::as_ref(&$k), $crate::Value::NULL);
        $( $crate::__value_object!($o; $($rest)*); )?
    };
    ($o:ident; $k:tt : [ $($inner:tt)* ] $(, $($rest:tt)*)?) => {
        $o.insert(::core::convert::AsRef::<str>::as_ref(&$k), $crate::value!([ $($inner)* ]));
        $( $crate::__value_object!($o; $($rest)*); )?
    };
    ($o:ident; $k:tt : { $($inner:tt)* } $(, $($rest:tt)*)?) => {
        $o.insert(::core::convert::AsRef::<str>::as_ref(&$k), $crate::value!({ $($inner)* }));
        $( $crate::__value_object!($o; $($rest)*); )?
    };
    ($o:ident; $k:tt : $e:expr $(, $($rest:tt)*)?) => {
        $o.insert(::core::convert::AsRef::<str>::as_ref(&$k), $crate::Value::from($e));
        $( $crate::__value_object!($o; $($rest)*); )?
    };
}
