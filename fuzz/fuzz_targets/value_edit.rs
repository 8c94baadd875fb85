//! Editing a `Value` against a plain model: a tree read from the input's first bytes (carved
//! from the reader's chunk and sealed) is changed by a program of edits in the rest, each done
//! to the tree and to a model of `Vec`s, and the two must agree after every edit. It reaches
//! the editing paths' `unsafe` code: unsealing a read subtree, growing a carved block out of
//! its chunk, shifting entries, the lookup index of objects past 64 members (built through
//! `&self`, kept in step by inserts and removals), clones, takes and drops of subtrees that
//! mix blocks of several trees. Each finished tree is written, read back and compared too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use structio_value::{Array, Object, Value};

/// The model: what the tree must hold.
#[derive(Clone, Debug, PartialEq)]
enum M {
    Null,
    Bool(bool),
    U(u64),
    I(i64),
    F(u64),
    S(String),
    A(Vec<M>),
    O(Vec<(String, M)>),
}

/// The model of a tree, read through the public accessors.
fn model(v: &Value) -> M {
    if v.is_null() {
        M::Null
    } else if let Some(b) = v.as_bool() {
        M::Bool(b)
    } else if v.is_f64() {
        M::F(v.as_f64().unwrap().to_bits())
    } else if let Some(u) = v.as_u64() {
        M::U(u)
    } else if let Some(i) = v.as_i64() {
        M::I(i)
    } else if let Some(s) = v.as_str() {
        M::S(s.to_owned())
    } else if let Some(a) = v.as_array() {
        M::A(a.iter().map(model).collect())
    } else if let Some(o) = v.as_object() {
        M::O(o.iter().map(|(k, v)| (k.to_owned(), model(v))).collect())
    } else {
        unreachable!("a value of no kind")
    }
}

/// The input's bytes, taken from the front; zero once they run out.
struct Program<'a>(&'a [u8]);

impl Program<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn done(&self) -> bool {
        self.0.is_empty()
    }

    /// A key: a few repeat often (so inserts meet members already there), others are
    /// numbered (so objects grow past the lookup index's 64 members), long and non-ASCII.
    fn key(&mut self) -> String {
        let b = self.byte();
        match b % 8 {
            0 => String::new(),
            1 => "a".into(),
            2 => "id".into(),
            3 => "a key of more than fourteen bytes".into(),
            4 => "é".into(),
            _ => format!("k{}", b / 8),
        }
    }

    /// A value to insert, and its model: scalars, strings short and long (inline and in a
    /// block of their own), empty containers, small nested ones.
    fn value(&mut self) -> (Value, M) {
        let b = self.byte();
        match b % 12 {
            0 => (Value::NULL, M::Null),
            1 => (Value::from(b & 0x10 != 0), M::Bool(b & 0x10 != 0)),
            2 => (Value::from(u64::from(b) << 40), M::U(u64::from(b) << 40)),
            3 => (Value::from(-i64::from(b) - 1), M::I(-i64::from(b) - 1)),
            4 => {
                let f = f64::from(b) / 8.0;
                (Value::from(f), M::F(f.to_bits()))
            }
            5 => (Value::from("short"), M::S("short".into())),
            6 => {
                let s = "a string too long to be kept inline".repeat(usize::from(b % 3) + 1);
                (Value::from(s.as_str()), M::S(s))
            }
            7 => (Value::from(Array::new()), M::A(Vec::new())),
            8 => (Value::from(Object::new()), M::O(Vec::new())),
            9 => {
                let (v, m) = self.value();
                let mut a = Array::new();
                a.push(v);
                (Value::from(a), M::A(vec![m]))
            }
            10 => {
                let k = self.key();
                let (v, m) = self.value();
                let mut o = Object::new();
                o.insert(&k, v);
                (Value::from(o), M::O(vec![(k, m)]))
            }
            _ => {
                // A tree read apart (its own chunk), to be moved into this one.
                let doc =
                    br#"{"x": [1, 2.5, "three", {"y": null}], "z": "a string of some length"}"#;
                let v = structio_value::from_slice(doc).unwrap();
                let m = model(&v);
                (v, m)
            }
        }
    }
}

/// Follows the program's steps down from `v` (and `m` alongside): a step byte with its high
/// bit set goes into a child of a non-empty container, anything else stops.
fn descend<'v>(v: &'v mut Value, m: &'v mut M, p: &mut Program) -> (&'v mut Value, &'v mut M) {
    // The path is chosen on the model first: (position, by key).
    let mut path = Vec::new();
    let mut at: &M = m;
    for _ in 0..6 {
        let b = p.byte();
        if b & 0x80 == 0 {
            break;
        }
        let i = usize::from(b & 0x3f);
        at = match at {
            M::A(ma) if !ma.is_empty() => {
                path.push((i % ma.len(), false));
                &ma[i % ma.len()]
            }
            M::O(mo) if !mo.is_empty() => {
                path.push((i % mo.len(), b & 0x40 != 0));
                &mo[i % mo.len()].1
            }
            _ => break,
        };
    }
    let (mut v, mut m) = (v, m);
    for (i, by_key) in path {
        (v, m) = match m {
            M::A(ma) => (&mut v.as_array_mut().unwrap()[i], &mut ma[i]),
            M::O(mo) => {
                let o = v.as_object_mut().unwrap();
                // By key (the lookup, or the index past 64 members) or by position.
                let child = if by_key {
                    o.get_mut(&mo[i].0).unwrap()
                } else {
                    o.values_mut().nth(i).unwrap()
                };
                (child, &mut mo[i].1)
            }
            _ => unreachable!("the path was chosen on containers"),
        };
    }
    (v, m)
}

/// One edit of the container (or value) at the program's path.
fn edit(root: &mut Value, model_root: &mut M, p: &mut Program) {
    // Copies double a tree: they stop at a few thousand nodes, so memory stays bounded.
    let may_copy = size(model_root) < 4096;
    let op = p.byte();
    let (v, m) = descend(root, model_root, p);
    match (op % 20, m) {
        (0, M::A(ma)) => {
            let (x, mx) = p.value();
            v.as_array_mut().unwrap().push(x);
            ma.push(mx);
        }
        (1, M::A(ma)) => {
            let got = v.as_array_mut().unwrap().pop();
            assert_eq!(got.as_ref().map(model), ma.pop());
        }
        (2, M::A(ma)) => {
            let i = usize::from(p.byte()) % (ma.len() + 1);
            let (x, mx) = p.value();
            v.as_array_mut().unwrap().insert(i, x);
            ma.insert(i, mx);
        }
        (3, M::A(ma)) => {
            let i = usize::from(p.byte()) % (ma.len() + 2);
            let got = v.as_array_mut().unwrap().remove(i);
            let want = (i < ma.len()).then(|| ma.remove(i));
            assert_eq!(got.as_ref().map(model), want);
        }
        (4, M::A(ma)) => {
            let n = usize::from(p.byte()) % (ma.len() + 2);
            v.as_array_mut().unwrap().truncate(n);
            ma.truncate(n);
        }
        (5, M::A(ma)) => {
            let a = v.as_array_mut().unwrap();
            if p.byte() & 1 == 0 {
                a.clear();
                ma.clear();
            } else {
                a.reserve(usize::from(p.byte()));
                assert!(a.capacity() >= a.len());
            }
        }
        (6, M::A(ma)) if !ma.is_empty() => {
            let (i, j) = (
                usize::from(p.byte()) % ma.len(),
                usize::from(p.byte()) % ma.len(),
            );
            v.as_array_mut().unwrap().as_mut_slice().swap(i, j);
            ma.swap(i, j);
        }
        (7, M::A(ma)) => {
            let n = usize::from(p.byte() % 8);
            let items: Vec<(Value, M)> = (0..n).map(|_| p.value()).collect();
            let (xs, ms): (Vec<Value>, Vec<M>) = items.into_iter().unzip();
            v.as_array_mut().unwrap().extend(xs);
            ma.extend(ms);
        }
        (8, M::O(mo)) => {
            let k = p.key();
            let (x, mx) = p.value();
            let got = v.as_object_mut().unwrap().insert(&k, x);
            let want = match mo.iter_mut().find(|(mk, _)| *mk == k) {
                Some((_, old)) => Some(std::mem::replace(old, mx)),
                None => {
                    mo.push((k, mx));
                    None
                }
            };
            assert_eq!(got.as_ref().map(model), want);
        }
        (9, M::O(mo)) => {
            let k = p.key();
            let got = v.as_object_mut().unwrap().remove(&k);
            let want = mo
                .iter()
                .position(|(mk, _)| *mk == k)
                .map(|i| mo.remove(i).1);
            assert_eq!(got.as_ref().map(model), want);
        }
        (10, M::O(mo)) => {
            let i = usize::from(p.byte()) % (mo.len() + 2);
            let got = v.as_object_mut().unwrap().remove_index(i);
            let want = (i < mo.len()).then(|| mo.remove(i));
            assert_eq!(got.map(|(k, v)| (k, model(&v))), want);
        }
        (11, M::O(mo)) => {
            let o = v.as_object_mut().unwrap();
            match p.byte() % 3 {
                0 => {
                    o.clear();
                    mo.clear();
                }
                1 => {
                    let r = usize::from(p.byte() % 3);
                    o.retain(|k, _| k.len() % 3 != r);
                    mo.retain(|(k, _)| k.len() % 3 != r);
                }
                _ => {
                    o.sort_keys();
                    mo.sort_by(|a, b| a.0.cmp(&b.0));
                }
            }
        }
        (12, M::O(mo)) => {
            // Many members at once: past 64 the lookups go through the index.
            let n = usize::from(p.byte() % 100);
            let o = v.as_object_mut().unwrap();
            for _ in 0..n {
                let k = p.key();
                let (x, mx) = p.value();
                // The lookup first, which builds the index of a large object through `&self`.
                assert_eq!(
                    o.get(&k).map(model),
                    mo.iter().find(|(mk, _)| *mk == k).map(|e| e.1.clone())
                );
                o.insert(&k, x);
                match mo.iter_mut().find(|(mk, _)| *mk == k) {
                    Some((_, old)) => *old = mx,
                    None => mo.push((k, mx)),
                }
            }
        }
        (13, M::O(mo)) => {
            let k = p.key();
            let (x, mx) = p.value();
            v.as_object_mut().unwrap().entry(k.as_str()).or_insert(x);
            if !mo.iter().any(|(mk, _)| *mk == k) {
                mo.push((k, mx));
            }
        }
        (14, M::O(mo)) => {
            let k = p.key();
            let (x, mx) = p.value();
            v[k.as_str()] = x;
            match mo.iter_mut().find(|(mk, _)| *mk == k) {
                Some((_, old)) => *old = mx,
                None => mo.push((k, mx)),
            }
        }
        (15, m) => {
            let got = v.take();
            assert_eq!(model(&got), std::mem::replace(m, M::Null));
        }
        (16, m) if may_copy => {
            // A copy of the subtree beside it (or in place of a scalar).
            let copy = v.clone();
            let mcopy = m.clone();
            assert_eq!(model(&copy), mcopy);
            match m {
                M::A(ma) => {
                    v.as_array_mut().unwrap().push(copy);
                    ma.push(mcopy);
                }
                _ => {
                    *v = copy;
                    *m = mcopy;
                }
            }
        }
        (17, m) => {
            v.sort_all_objects();
            sort_model(m);
        }
        (18, m) => {
            let (x, mx) = p.value();
            *v = x;
            *m = mx;
        }
        (_, m) => {
            // Lookups only.
            let k = p.key();
            let want = match &*m {
                M::O(mo) => mo.iter().find(|(mk, _)| *mk == k).map(|e| e.1.clone()),
                _ => None,
            };
            assert_eq!(v.get(k.as_str()).map(model), want);
        }
    }
}

/// The nodes of a model.
fn size(m: &M) -> usize {
    1 + match m {
        M::A(ma) => ma.iter().map(size).sum(),
        M::O(mo) => mo.iter().map(|(_, v)| size(v)).sum(),
        _ => 0,
    }
}

fn sort_model(m: &mut M) {
    match m {
        M::O(mo) => {
            mo.sort_by(|a, b| a.0.cmp(&b.0));
            mo.iter_mut().for_each(|(_, v)| sort_model(v));
        }
        M::A(ma) => ma.iter_mut().for_each(sort_model),
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&n, rest)) = data.split_first() else {
        return;
    };
    let (doc, program) = rest.split_at(usize::from(n).min(rest.len()));
    let mut root = structio_value::from_slice(doc).unwrap_or_else(|_| Value::from(Array::new()));
    let mut m = model(&root);
    let mut p = Program(program);
    let mut steps = 0;
    while !p.done() && steps < 200 {
        edit(&mut root, &mut m, &mut p);
        assert_eq!(model(&root), m);
        steps += 1;
    }
    // What was built writes and reads back as the same tree.
    let text = structio_value::to_vec(&root);
    let back = structio_value::from_slice(&text).unwrap();
    assert_eq!(back, root);
    assert_eq!(model(&back), m);
});
