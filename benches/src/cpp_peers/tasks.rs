//! The traversal tasks in Rust: structio's on-demand reading (the `Reader` cursor, and
//! `pointer`/`RawValue`), structio's `Value`, sonic-rs's `LazyValue` and `sonic_rs::Value`, and the
//! reference answers from `serde_json::Value`. Every function reads the whole task from the bytes
//! (or from a built tree, for the `walk_*` functions) and returns the answer as a `u64` (an `f64`
//! sum as its bits), so that every library's answer can be compared exactly.

use super::Task;

/// A task's failure, as text for the table's notes.
pub type Answer = Result<u64, String>;

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// The key the first-key and last-key tasks look up.
pub fn task_key(task: Task) -> &'static str {
    if task == Task::FirstKey {
        "areaNames"
    } else {
        "venueNames"
    }
}

// --- The reference: serde_json::Value, built and walked.

fn serde_count(v: &serde_json::Value) -> u64 {
    1 + match v {
        serde_json::Value::Object(o) => o.values().map(serde_count).sum(),
        serde_json::Value::Array(a) => a.iter().map(serde_count).sum(),
        _ => 0,
    }
}

/// The answer of `task` over a serde_json tree: what every other implementation must print.
pub fn reference(task: Task, v: &serde_json::Value) -> Answer {
    let missing = || format!("the document has no {}", task.name());
    match task {
        Task::Build => Ok(0),
        Task::FirstKey | Task::LastKey => v[task_key(task)]
            .as_object()
            .map(|o| o.len() as u64)
            .ok_or_else(missing),
        Task::SumIds => {
            let mut sum = 0u64;
            for s in v["statuses"].as_array().ok_or_else(missing)? {
                sum = sum.wrapping_add(s["id"].as_u64().ok_or_else(missing)?);
            }
            Ok(sum)
        }
        Task::Count => Ok(serde_count(v)),
        Task::SumCoords => {
            let mut sum = 0.0f64;
            for f in v["features"].as_array().ok_or_else(missing)? {
                let rings = f["geometry"]["coordinates"]
                    .as_array()
                    .ok_or_else(missing)?;
                for ring in rings {
                    for point in ring.as_array().ok_or_else(missing)? {
                        for c in point.as_array().ok_or_else(missing)? {
                            sum += c.as_f64().ok_or_else(missing)?;
                        }
                    }
                }
            }
            Ok(sum.to_bits())
        }
    }
}

// --- structio's Reader cursor: one pass, nothing built, every byte it steps over validated.

/// Reads the members of the object at the cursor, calling `member` with each key (escapes
/// decoded) with the cursor at its value; `member` must consume the value. `member` returning
/// `true` stops the walk right after that value, the rest of the object unread.
fn sio_members(
    r: &mut structio_json::Reader<'_>,
    mut member: impl FnMut(&[u8], &mut structio_json::Reader<'_>) -> Result<bool, String>,
) -> Result<(), String> {
    let mut buf = structio_json::KeyBuf::new();
    if r.begin_object().map_err(err)? {
        return Ok(());
    }
    loop {
        let key = r.object_key(&mut buf).map_err(err)?;
        if member(key, r)? {
            return Ok(());
        }
        if !r.object_next().map_err(err)? {
            return Ok(());
        }
    }
}

/// Reads the elements of the array at the cursor, calling `element` with the cursor at each.
fn sio_elements(
    r: &mut structio_json::Reader<'_>,
    mut element: impl FnMut(&mut structio_json::Reader<'_>) -> Result<(), String>,
) -> Result<(), String> {
    if r.begin_array().map_err(err)? {
        return Ok(());
    }
    loop {
        element(r)?;
        if !r.array_next().map_err(err)? {
            return Ok(());
        }
    }
}

fn sio_count(r: &mut structio_json::Reader<'_>, n: &mut u64) -> Result<(), String> {
    *n += 1;
    match r.peek().map_err(err)? {
        b'{' => sio_members(r, |_, r| sio_count(r, n).map(|()| false)),
        b'[' => sio_elements(r, |r| sio_count(r, n)),
        _ => r.skip_value().map_err(err),
    }
}

/// `task` with structio's `Reader` cursor. A key lookup stops at the first member of that name
/// (as simdjson's On-Demand and sonic-rs's `get` do).
pub fn sio_reader(task: Task, input: &[u8]) -> Answer {
    sio_reader_with(task, input, structio_json::ReadOptions::new())
}

/// [`sio_reader`] with `validate_skipped(false)`: the values it steps over are skipped by their
/// structure alone (what is read is still checked), as simdjson On-Demand steps over them.
pub fn sio_reader_structural_skips(task: Task, input: &[u8]) -> Answer {
    let opts = structio_json::ReadOptions::new().validate_skipped(false);
    sio_reader_with(task, input, opts)
}

fn sio_reader_with(task: Task, input: &[u8], opts: structio_json::ReadOptions) -> Answer {
    let mut r = structio_json::Reader::with_options(input, opts);
    let mut answer = None;
    match task {
        Task::Build => return Err("not a traversal task".into()),
        Task::FirstKey | Task::LastKey => {
            let want = task_key(task).as_bytes();
            sio_members(&mut r, |key, r| {
                if key != want {
                    return r.skip_value().map(|()| false).map_err(err);
                }
                let mut n = 0u64;
                sio_members(r, |_, r| {
                    n += 1;
                    r.skip_value().map(|()| false).map_err(err)
                })?;
                answer = Some(n);
                Ok(true)
            })?;
        }
        Task::SumIds => sio_members(&mut r, |key, r| {
            if key != b"statuses" {
                return r.skip_value().map(|()| false).map_err(err);
            }
            let mut sum = 0u64;
            // The first `id` of each status, the rest of the status left unread (as
            // On-Demand's `status["id"]`).
            sio_elements(r, |r| {
                sio_members(r, |key, r| {
                    if key != b"id" {
                        return r.skip_value().map(|()| false).map_err(err);
                    }
                    sum = sum.wrapping_add(r.read_int::<u64>().map_err(err)?);
                    r.skip_rest_of_object().map_err(err)?;
                    Ok(true)
                })
            })?;
            answer = Some(sum);
            Ok(true)
        })?,
        Task::Count => {
            let mut n = 0;
            sio_count(&mut r, &mut n)?;
            answer = Some(n);
        }
        Task::SumCoords => sio_members(&mut r, |key, r| {
            if key != b"features" {
                return r.skip_value().map(|()| false).map_err(err);
            }
            let mut sum = 0.0f64;
            sio_elements(r, |r| {
                sio_members(r, |key, r| {
                    if key != b"geometry" {
                        return r.skip_value().map(|()| false).map_err(err);
                    }
                    sio_members(r, |key, r| {
                        if key != b"coordinates" {
                            return r.skip_value().map(|()| false).map_err(err);
                        }
                        sio_elements(r, |r| {
                            sio_elements(r, |r| {
                                sio_elements(r, |r| {
                                    sum += r.read_f64().map_err(err)?;
                                    Ok(())
                                })
                            })
                        })?;
                        Ok(false)
                    })?;
                    Ok(false)
                })
            })?;
            answer = Some(sum.to_bits());
            Ok(true)
        })?,
    }
    answer.ok_or_else(|| format!("the document has no {}", task.name()))
}

// --- structio's pointer and RawValue: each value validated as a whole when it is reached, and
// its inside read again when it is entered.

fn raw_count(v: structio_json::RawValue<'_>) -> Result<u64, String> {
    let mut n = 1;
    for m in v.entries() {
        n += raw_count(m.map_err(err)?.1)?;
    }
    for e in v.elements() {
        n += raw_count(e.map_err(err)?)?;
    }
    Ok(n)
}

fn raw_at<'de>(
    v: &structio_json::RawValue<'de>,
    path: &str,
) -> Result<structio_json::RawValue<'de>, String> {
    v.pointer(path)
        .map_err(err)?
        .ok_or_else(|| format!("no {path}"))
}

/// `task` with structio's `pointer` and `RawValue` iterators. A key lookup reads the object to
/// its end (a repeated key names its last value).
pub fn sio_pointer(task: Task, input: &[u8]) -> Answer {
    let at = |path: &str| -> Result<structio_json::RawValue<'_>, String> {
        structio_json::pointer(input, path)
            .map_err(err)?
            .ok_or_else(|| format!("no {path}"))
    };
    match task {
        Task::Build => Err("not a traversal task".into()),
        Task::FirstKey | Task::LastKey => {
            let mut n = 0;
            for m in at(&format!("/{}", task_key(task)))?.entries() {
                m.map_err(err)?;
                n += 1;
            }
            Ok(n)
        }
        Task::SumIds => {
            let mut sum = 0u64;
            for s in at("/statuses")?.elements() {
                let id = raw_at(&s.map_err(err)?, "/id")?;
                sum =
                    sum.wrapping_add(structio_json::from_slice::<u64>(id.as_bytes()).map_err(err)?);
            }
            Ok(sum)
        }
        Task::Count => raw_count(structio_json::RawValue::from_slice(input).map_err(err)?),
        Task::SumCoords => {
            let mut sum = 0.0f64;
            for f in at("/features")?.elements() {
                for ring in raw_at(&f.map_err(err)?, "/geometry/coordinates")?.elements() {
                    for point in ring.map_err(err)?.elements() {
                        for c in point.map_err(err)?.elements() {
                            let c = c.map_err(err)?;
                            sum += structio_json::from_slice::<f64>(c.as_bytes()).map_err(err)?;
                        }
                    }
                }
            }
            Ok(sum.to_bits())
        }
    }
}

// --- structio's Value.

fn value_count(v: &structio_value::Value) -> u64 {
    1 + if let Some(a) = v.as_array() {
        a.iter().map(value_count).sum()
    } else if let Some(o) = v.as_object() {
        o.values().map(value_count).sum()
    } else {
        0
    }
}

/// `task` over a built `structio_value::Value`.
pub fn walk_sio_value(task: Task, v: &structio_value::Value) -> Answer {
    let missing = || format!("the document has no {}", task.name());
    match task {
        Task::Build => Ok(v.kind() as u64),
        Task::FirstKey | Task::LastKey => v
            .get(task_key(task))
            .and_then(|x| x.as_object())
            .map(|o| o.len() as u64)
            .ok_or_else(missing),
        Task::SumIds => {
            let mut sum = 0u64;
            for s in v
                .get("statuses")
                .and_then(|x| x.as_array())
                .ok_or_else(missing)?
                .iter()
            {
                sum = sum.wrapping_add(s.get("id").and_then(|x| x.as_u64()).ok_or_else(missing)?);
            }
            Ok(sum)
        }
        Task::Count => Ok(value_count(v)),
        Task::SumCoords => {
            let mut sum = 0.0f64;
            let features = v
                .get("features")
                .and_then(|x| x.as_array())
                .ok_or_else(missing)?;
            for f in features.iter() {
                let rings = f
                    .get("geometry")
                    .and_then(|g| g.get("coordinates"))
                    .and_then(|c| c.as_array())
                    .ok_or_else(missing)?;
                for ring in rings.iter() {
                    for point in ring.as_array().ok_or_else(missing)?.iter() {
                        for c in point.as_array().ok_or_else(missing)?.iter() {
                            sum += c.as_f64().ok_or_else(missing)?;
                        }
                    }
                }
            }
            Ok(sum.to_bits())
        }
    }
}

/// `task` from the bytes: `structio_value::from_slice`, then the walk.
pub fn sio_value(task: Task, input: &[u8]) -> Answer {
    walk_sio_value(task, &structio_value::from_slice(input).map_err(err)?)
}

// --- sonic-rs: LazyValue (on demand) and sonic_rs::Value.

fn lazy_count(v: sonic_rs::LazyValue<'_>) -> Result<u64, String> {
    use sonic_rs::{JsonType, JsonValueTrait};
    let mut n = 1;
    match v.get_type() {
        JsonType::Object => {
            for m in v.into_object_iter().into_iter().flatten() {
                n += lazy_count(m.map_err(err)?.1)?;
            }
        }
        JsonType::Array => {
            for e in v.into_array_iter().into_iter().flatten() {
                n += lazy_count(e.map_err(err)?)?;
            }
        }
        _ => {}
    }
    Ok(n)
}

/// `task` with sonic-rs's on-demand API: `get_from_slice`, `LazyValue` and its iterators.
pub fn sonic_lazy(task: Task, input: &[u8]) -> Answer {
    use sonic_rs::JsonValueTrait;
    let missing = || format!("the document has no {}", task.name());
    let at = |key: &str| sonic_rs::get_from_slice(input, [key]).map_err(err);
    match task {
        Task::Build => Err("not a traversal task".into()),
        Task::FirstKey | Task::LastKey => {
            let mut n = 0;
            for m in at(task_key(task))?.into_object_iter().ok_or_else(missing)? {
                m.map_err(err)?;
                n += 1;
            }
            Ok(n)
        }
        Task::SumIds => {
            let mut sum = 0u64;
            for s in at("statuses")?.into_array_iter().ok_or_else(missing)? {
                let s = s.map_err(err)?;
                let id = s.get("id").and_then(|x| x.as_u64()).ok_or_else(missing)?;
                sum = sum.wrapping_add(id);
            }
            Ok(sum)
        }
        Task::Count => {
            let root = sonic_rs::get_from_slice(input, std::iter::empty::<&str>()).map_err(err)?;
            lazy_count(root)
        }
        Task::SumCoords => {
            let mut sum = 0.0f64;
            for f in at("features")?.into_array_iter().ok_or_else(missing)? {
                let f = f.map_err(err)?;
                let rings = f
                    .pointer(["geometry", "coordinates"])
                    .and_then(|c| c.into_array_iter())
                    .ok_or_else(missing)?;
                for ring in rings {
                    for point in ring.map_err(err)?.into_array_iter().ok_or_else(missing)? {
                        for c in point.map_err(err)?.into_array_iter().ok_or_else(missing)? {
                            sum += c.map_err(err)?.as_f64().ok_or_else(missing)?;
                        }
                    }
                }
            }
            Ok(sum.to_bits())
        }
    }
}

fn sonic_count(v: &sonic_rs::Value) -> u64 {
    use sonic_rs::JsonContainerTrait;
    1 + if let Some(a) = v.as_array() {
        a.iter().map(sonic_count).sum()
    } else if let Some(o) = v.as_object() {
        o.iter().map(|(_, x)| sonic_count(x)).sum()
    } else {
        0
    }
}

/// `task` over a built `sonic_rs::Value`.
pub fn walk_sonic_value(task: Task, v: &sonic_rs::Value) -> Answer {
    use sonic_rs::{JsonContainerTrait, JsonValueTrait};
    let missing = || format!("the document has no {}", task.name());
    match task {
        Task::Build => Ok(v.get_type() as u64),
        Task::FirstKey | Task::LastKey => v
            .get(task_key(task))
            .and_then(|x| x.as_object())
            .map(|o| o.len() as u64)
            .ok_or_else(missing),
        Task::SumIds => {
            let mut sum = 0u64;
            for s in v
                .get("statuses")
                .and_then(|x| x.as_array())
                .ok_or_else(missing)?
                .iter()
            {
                sum = sum.wrapping_add(s.get("id").and_then(|x| x.as_u64()).ok_or_else(missing)?);
            }
            Ok(sum)
        }
        Task::Count => Ok(sonic_count(v)),
        Task::SumCoords => {
            let mut sum = 0.0f64;
            let features = v
                .get("features")
                .and_then(|x| x.as_array())
                .ok_or_else(missing)?;
            for f in features.iter() {
                let rings = f
                    .pointer(["geometry", "coordinates"])
                    .and_then(|c| c.as_array())
                    .ok_or_else(missing)?;
                for ring in rings.iter() {
                    for point in ring.as_array().ok_or_else(missing)?.iter() {
                        for c in point.as_array().ok_or_else(missing)?.iter() {
                            sum += c.as_f64().ok_or_else(missing)?;
                        }
                    }
                }
            }
            Ok(sum.to_bits())
        }
    }
}

/// `task` from the bytes: `sonic_rs::from_slice::<Value>`, then the walk.
pub fn sonic_value(task: Task, input: &[u8]) -> Answer {
    walk_sonic_value(task, &sonic_rs::from_slice(input).map_err(err)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Small documents of the corpus's shapes (the corpus is not in the repository).
    const CITM: &[u8] =
        br#"{"areaNames": {"1": "a", "2": "b\u00e9"}, "x": [1, 2.5, null, true, {"y": []}],
        "venueNames": {"v": "w"}}"#;
    const TWITTER: &[u8] = br#"{"statuses": [{"id": 18446744073709551615, "user": {"id": 3}},
        {"text": "id", "id": 2}], "search_metadata": {}}"#;
    const CANADA: &[u8] = br#"{"type": "FeatureCollection", "features": [{"type": "Feature",
        "geometry": {"type": "Polygon", "coordinates": [[[-65.5, 43.25], [1, -2e-3]], [[0.1, 0.2]]]}}]}"#;

    type Impl = fn(Task, &[u8]) -> Answer;
    const IMPLS: [(&str, Impl); 4] = [
        ("reader", sio_reader),
        ("pointer", sio_pointer),
        ("value", sio_value),
        ("sonic lazy", sonic_lazy),
    ];

    #[test]
    fn every_implementation_gives_the_reference_answer() {
        for (task, doc) in [
            (Task::FirstKey, CITM),
            (Task::LastKey, CITM),
            (Task::SumIds, TWITTER),
            (Task::Count, CITM),
            (Task::Count, TWITTER),
            (Task::SumCoords, CANADA),
        ] {
            let want = reference(task, &serde_json::from_slice(doc).unwrap()).unwrap();
            for (name, f) in IMPLS {
                assert_eq!(f(task, doc), Ok(want), "{name} {task:?}");
            }
            assert_eq!(sonic_value(task, doc), Ok(want), "sonic value {task:?}");
        }
        assert_eq!(
            reference(Task::FirstKey, &serde_json::from_slice(CITM).unwrap()),
            Ok(2)
        );
        assert_eq!(
            reference(Task::Count, &serde_json::from_slice(CITM).unwrap()),
            Ok(13)
        );
        let ids = reference(Task::SumIds, &serde_json::from_slice(TWITTER).unwrap());
        assert_eq!(ids, Ok(1), "the sum wraps");
    }

    #[test]
    fn a_missing_or_malformed_part_is_an_error() {
        for (name, f) in IMPLS {
            assert!(f(Task::SumIds, CITM).is_err(), "{name}");
            assert!(f(Task::Count, b"[1, ]").is_err(), "{name}");
            assert!(f(Task::Build, CITM).is_err() || name == "value", "{name}");
        }
    }
}
