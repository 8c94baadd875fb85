//! The entry API of an [`Object`]: find a member or make room for it with one lookup's
//! vocabulary, as `serde_json::Map::entry` (and `BTreeMap::entry`) offer it.

use alloc::string::String;

use crate::{Object, Value};

/// A member of an object, there or not (see [`Object::entry`]).
///
/// ```
/// let mut o = structio_value::Object::new();
/// *o.entry("hits").or_insert(0) = structio_value::Value::from(1);
/// o.entry("hits").and_modify(|v| *v = (v.as_u64().unwrap() + 1).into()).or_insert(0);
/// assert_eq!(o["hits"], 2);
/// ```
pub enum Entry<'a> {
    /// No member has the key.
    Vacant(VacantEntry<'a>),
    /// A member has the key.
    Occupied(OccupiedEntry<'a>),
}

/// A key no member of the object has (see [`Entry`]).
///
/// ```
/// use structio_value::{Entry, Object};
/// let mut o = Object::new();
/// if let Entry::Vacant(e) = o.entry("k") {
///     assert_eq!(e.key(), "k");
///     e.insert(true);
/// }
/// assert_eq!(o["k"], true);
/// ```
pub struct VacantEntry<'a> {
    object: &'a mut Object,
    key: String,
}

/// A member of the object (see [`Entry`]).
///
/// ```
/// use structio_value::{Entry, Object};
/// let mut o: Object = [("k", 1)].into_iter().collect();
/// if let Entry::Occupied(mut e) = o.entry("k") {
///     assert_eq!(e.get(), &1);
///     assert_eq!(e.insert(2), 1);
/// }
/// assert_eq!(o["k"], 2);
/// ```
pub struct OccupiedEntry<'a> {
    object: &'a mut Object,
    key: String,
}

impl Object {
    /// The member named `key`, there or not, to read, insert or modify.
    ///
    /// ```
    /// let mut o = structio_value::Object::new();
    /// o.entry("list").or_insert_with(|| structio_value::value!([]));
    /// assert!(o["list"].is_array());
    /// ```
    pub fn entry(&mut self, key: impl Into<String>) -> Entry<'_> {
        let key = key.into();
        if self.contains_key(&key) {
            Entry::Occupied(OccupiedEntry { object: self, key })
        } else {
            Entry::Vacant(VacantEntry { object: self, key })
        }
    }
}

impl<'a> Entry<'a> {
    /// The key.
    ///
    /// ```
    /// assert_eq!(structio_value::Object::new().entry("k").key(), "k");
    /// ```
    pub fn key(&self) -> &str {
        match self {
            Entry::Vacant(e) => &e.key,
            Entry::Occupied(e) => &e.key,
        }
    }

    /// The member's value, inserting `default` first if there is none.
    ///
    /// ```
    /// let mut o = structio_value::Object::new();
    /// assert_eq!(*o.entry("a").or_insert(1), 1);
    /// assert_eq!(*o.entry("a").or_insert(2), 1);
    /// ```
    pub fn or_insert(self, default: impl Into<Value>) -> &'a mut Value {
        match self {
            Entry::Vacant(e) => e.insert(default),
            Entry::Occupied(e) => e.into_mut(),
        }
    }

    /// The member's value, inserting `f()` first if there is none.
    ///
    /// ```
    /// let mut o = structio_value::Object::new();
    /// assert_eq!(*o.entry("a").or_insert_with(|| "x".into()), "x");
    /// ```
    pub fn or_insert_with(self, f: impl FnOnce() -> Value) -> &'a mut Value {
        match self {
            Entry::Vacant(e) => e.insert(f()),
            Entry::Occupied(e) => e.into_mut(),
        }
    }

    /// The member's value, inserting `null` first if there is none.
    ///
    /// ```
    /// let mut o = structio_value::Object::new();
    /// assert!(o.entry("a").or_default().is_null());
    /// ```
    pub fn or_default(self) -> &'a mut Value {
        self.or_insert(Value::NULL)
    }

    /// Runs `f` on the member's value if there is one.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("n", 1)].into_iter().collect();
    /// o.entry("n").and_modify(|v| *v = 5.into());
    /// assert_eq!(o["n"], 5);
    /// ```
    pub fn and_modify(self, f: impl FnOnce(&mut Value)) -> Self {
        match self {
            Entry::Occupied(mut e) => {
                f(e.get_mut());
                Entry::Occupied(e)
            }
            vacant => vacant,
        }
    }
}

impl<'a> VacantEntry<'a> {
    /// The key.
    ///
    /// ```
    /// let mut o = structio_value::Object::new();
    /// if let structio_value::Entry::Vacant(e) = o.entry("k") {
    ///     assert_eq!(e.key(), "k");
    /// }
    /// ```
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Appends the member and returns its value.
    ///
    /// ```
    /// let mut o = structio_value::Object::new();
    /// if let structio_value::Entry::Vacant(e) = o.entry("k") {
    ///     *e.insert(1) = 2.into();
    /// }
    /// assert_eq!(o["k"], 2);
    /// ```
    pub fn insert(self, value: impl Into<Value>) -> &'a mut Value {
        let slot = self.object.get_or_insert_null(&self.key);
        *slot = value.into();
        slot
    }
}

impl<'a> OccupiedEntry<'a> {
    /// The key.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("k", 1)].into_iter().collect();
    /// if let structio_value::Entry::Occupied(e) = o.entry("k") {
    ///     assert_eq!(e.key(), "k");
    /// }
    /// ```
    pub fn key(&self) -> &str {
        &self.key
    }

    /// The member's value.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("k", 1)].into_iter().collect();
    /// if let structio_value::Entry::Occupied(e) = o.entry("k") {
    ///     assert_eq!(e.get(), &1);
    /// }
    /// ```
    pub fn get(&self) -> &Value {
        self.object.get(&self.key).unwrap_or(&Value::NULL)
    }

    /// The member's value, to change.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("k", 1)].into_iter().collect();
    /// if let structio_value::Entry::Occupied(mut e) = o.entry("k") {
    ///     *e.get_mut() = 3.into();
    /// }
    /// assert_eq!(o["k"], 3);
    /// ```
    pub fn get_mut(&mut self) -> &mut Value {
        self.object.get_or_insert_null(&self.key)
    }

    /// The member's value, to change, for as long as the object is borrowed.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("k", 1)].into_iter().collect();
    /// if let structio_value::Entry::Occupied(e) = o.entry("k") {
    ///     *e.into_mut() = 4.into();
    /// }
    /// assert_eq!(o["k"], 4);
    /// ```
    pub fn into_mut(self) -> &'a mut Value {
        self.object.get_or_insert_null(&self.key)
    }

    /// Replaces the member's value, returning the old one.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("k", 1)].into_iter().collect();
    /// if let structio_value::Entry::Occupied(mut e) = o.entry("k") {
    ///     assert_eq!(e.insert(2), 1);
    /// }
    /// ```
    pub fn insert(&mut self, value: impl Into<Value>) -> Value {
        core::mem::replace(self.get_mut(), value.into())
    }

    /// Removes the member (the later ones move up, keeping their order), returning its value.
    ///
    /// ```
    /// let mut o: structio_value::Object = [("k", 1), ("l", 2)].into_iter().collect();
    /// if let structio_value::Entry::Occupied(e) = o.entry("k") {
    ///     assert_eq!(e.remove(), 1);
    /// }
    /// assert_eq!(o.len(), 1);
    /// ```
    pub fn remove(self) -> Value {
        self.object.remove(&self.key).unwrap_or(Value::NULL)
    }
}
