//! `v["key"]`, `v[3]`, `get` and `get_mut`: indexing that returns `null` instead of panicking.

use core::ops::{Index, IndexMut};

use alloc::string::String;

use crate::value::{Repr, NULL};
use crate::{Object, Value};

mod private {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for alloc::string::String {}
    impl<T: ?Sized + Sealed> Sealed for &T {}
}

/// What can index a [`Value`]: a `usize` (arrays) or a string (objects), as in serde_json.
///
/// ```
/// let v = structio_value::value!({"a": [10, 20]});
/// assert_eq!(v.get("a").and_then(|a| a.get(1)), Some(&20.into()));
/// ```
pub trait ValueIndex: private::Sealed {
    /// The element this index names, if the value has it.
    ///
    /// ```
    /// use structio_value::{value, ValueIndex};
    /// let v = value!({"a": [10, 20]});
    /// assert_eq!(1usize.index_into(&v["a"]), Some(&20.into()));
    /// assert_eq!("b".index_into(&v), None);
    /// ```
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value>;
    /// The same, mutably.
    ///
    /// ```
    /// use structio_value::{value, ValueIndex};
    /// let mut v = value!([1, 2]);
    /// *1usize.index_into_mut(&mut v).unwrap() = "x".into();
    /// assert_eq!(v, value!([1, "x"]));
    /// assert!(5usize.index_into_mut(&mut v).is_none());
    /// ```
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value>;
    /// For `IndexMut`: the element, created (`null`) if it is an absent object key.
    ///
    /// ```
    /// use structio_value::{value, ValueIndex};
    /// let mut v = value!(null);
    /// assert!("k".index_or_insert(&mut v).is_null());
    /// *"k".index_or_insert(&mut v) = true.into(); // what `v["k"] = true.into()` does
    /// assert_eq!(v, value!({"k": true}));
    /// ```
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value;
}

impl ValueIndex for usize {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        v.as_array()?.get(*self)
    }
    #[inline]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        v.as_array_mut()?.get_mut(*self)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        let kind = v.kind();
        match v.as_array_mut() {
            Some(a) => {
                let len = a.len();
                match a.get_mut(*self) {
                    Some(e) => e,
                    None => panic!("index {self} out of range for an array of length {len}"),
                }
            }
            None => panic!("cannot index a value of kind {kind:?} with a number"),
        }
    }
}

impl ValueIndex for str {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        v.as_object()?.get(self)
    }
    #[inline]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        v.as_object_mut()?.get_mut(self)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        if v.is_null() {
            *v = Value::from(Object::new());
        }
        let kind = v.kind();
        match &mut v.repr {
            Repr::Object(o) => o.get_or_insert_null(self),
            _ => panic!("cannot index a value of kind {kind:?} with a string"),
        }
    }
}

impl ValueIndex for String {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        self.as_str().index_into(v)
    }
    #[inline]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        self.as_str().index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        self.as_str().index_or_insert(v)
    }
}

impl<T: ?Sized + ValueIndex> ValueIndex for &T {
    #[inline]
    fn index_into<'v>(&self, v: &'v Value) -> Option<&'v Value> {
        (**self).index_into(v)
    }
    #[inline]
    fn index_into_mut<'v>(&self, v: &'v mut Value) -> Option<&'v mut Value> {
        (**self).index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Value) -> &'v mut Value {
        (**self).index_or_insert(v)
    }
}

impl Value {
    /// The element at an array position or object key, or `None`.
    ///
    /// ```
    /// let v = structio_value::value!({"a": 1});
    /// assert!(v.get("a").is_some());
    /// assert!(v.get("b").is_none());
    /// assert!(v.get(0).is_none());
    /// ```
    #[inline]
    pub fn get<I: ValueIndex>(&self, index: I) -> Option<&Value> {
        index.index_into(self)
    }

    /// The element at an array position or object key, mutably, or `None`.
    ///
    /// ```
    /// let mut v = structio_value::value!([1]);
    /// *v.get_mut(0).unwrap() = "x".into();
    /// assert_eq!(v[0], "x");
    /// ```
    #[inline]
    pub fn get_mut<I: ValueIndex>(&mut self, index: I) -> Option<&mut Value> {
        index.index_into_mut(self)
    }
}

/// `v[i]` and `v["k"]`: a shared `null` when the element is absent or the value is of another
/// kind, never a panic.
impl<I: ValueIndex> Index<I> for Value {
    type Output = Value;
    #[inline]
    fn index(&self, index: I) -> &Value {
        index.index_into(self).unwrap_or(&NULL)
    }
}

/// `v["k"] = x` inserts the key if absent (turning a `null` into an object first), as in
/// serde_json.
///
/// # Panics
/// As serde_json does: on a string index into a value that is neither an object nor `null`, and
/// on a number index that is out of range or into a value that is not an array. Use
/// [`Value::get_mut`] to get an `Option` instead.
impl<I: ValueIndex> IndexMut<I> for Value {
    #[inline]
    fn index_mut(&mut self, index: I) -> &mut Value {
        index.index_or_insert(self)
    }
}

/// `o["k"]`: a shared `null` when the key is absent.
impl Index<&str> for Object {
    type Output = Value;
    #[inline]
    fn index(&self, key: &str) -> &Value {
        self.get(key).unwrap_or(&NULL)
    }
}
