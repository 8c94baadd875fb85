//! `retain`, `sort_keys` and the whole-tree `sort_all_objects`, as serde_json's `Map` and
//! `Value` have them. Each rebuilds the object once (O(n), or O(n log n) to sort).

use alloc::vec::Vec;

use crate::{Object, Value};

impl Object {
    /// Keeps the members for which `keep` returns `true`, in their order.
    ///
    /// ```
    /// let mut v = structio_value::value!({"a": 1, "b": 2, "c": 3});
    /// let o = v.as_object_mut().unwrap();
    /// o.retain(|k, v| k != "b" && *v != 3);
    /// assert_eq!(v, structio_value::value!({"a": 1}));
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &mut Value) -> bool) {
        let flags: Vec<bool> = self.iter_mut().map(|(k, v)| keep(k, v)).collect();
        if flags.iter().all(|&k| k) {
            return;
        }
        let order: Vec<usize> = (0..flags.len()).filter(|&i| flags[i]).collect();
        self.rebuild(&order);
    }

    /// Sorts the members by key (byte order, as a `BTreeMap<String, _>` orders them).
    ///
    /// ```
    /// let mut v = structio_value::value!({"b": 1, "a": {"d": 1, "c": 2}});
    /// v.as_object_mut().unwrap().sort_keys();
    /// assert_eq!(structio_value::to_string(&v), r#"{"a":{"d":1,"c":2},"b":1}"#);
    /// ```
    pub fn sort_keys(&mut self) {
        let keys: Vec<&str> = self.keys().collect();
        let mut order: Vec<usize> = (0..keys.len()).collect();
        order.sort_by(|&a, &b| keys[a].cmp(keys[b]));
        if order.iter().enumerate().all(|(i, &j)| i == j) {
            return;
        }
        drop(keys);
        self.rebuild(&order);
    }

    /// Replaces the object with its members at the positions `order` lists, in that order.
    fn rebuild(&mut self, order: &[usize]) {
        let key_bytes = order
            .iter()
            .filter_map(|&i| self.get_index(i))
            .map(|(k, _)| k.len())
            .sum();
        let mut out = Object::with_capacity(order.len(), key_bytes);
        let mut members: Vec<(&str, &mut Value)> = self.iter_mut().collect();
        for &i in order {
            if let Some((k, v)) = members.get_mut(i) {
                out.append(k, core::mem::take(*v));
            }
        }
        drop(members);
        *self = out;
    }
}

impl Value {
    /// Sorts the members of every object in the tree by key (serde_json's
    /// `Value::sort_all_objects`). Recurses once per level of nesting.
    ///
    /// ```
    /// let mut v = structio_value::value!([{"b": 1, "a": {"d": 1, "c": 2}}]);
    /// v.sort_all_objects();
    /// assert_eq!(structio_value::to_string(&v), r#"[{"a":{"c":2,"d":1},"b":1}]"#);
    /// ```
    pub fn sort_all_objects(&mut self) {
        if let Some(o) = self.as_object_mut() {
            o.sort_keys();
            for v in o.values_mut() {
                v.sort_all_objects();
            }
        } else if let Some(a) = self.as_array_mut() {
            for v in a.iter_mut() {
                v.sort_all_objects();
            }
        }
    }
}
