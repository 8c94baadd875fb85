//! Flattening a map into a struct as its catch-all (`#[structio(flatten)] extra:
//! BTreeMap<String, V>`): on read the map takes the members the struct does not name, on write
//! its entries are members of the struct's object, as serde does.
//!
//! ```
//! use std::collections::BTreeMap;
//! use structio_json::__derive as p;
//!
//! // Members written one by one, the map's after a field of the struct's own.
//! let extra = BTreeMap::from([("b".to_string(), 2u8), ("c".to_string(), 3)]);
//! const A: [u8; p::key_len(b"a")] = p::encode_key(b"a");
//! let mut w = structio_json::Writer::new(Vec::new());
//! p::open_object(&mut w, if p::NEEDS_COUNT { 1 + p::WriteFields::field_count(&extra) } else { 0 })?;
//! p::member(&mut w, true, &A)?;
//! p::write(&1u8, &mut w)?;
//! let first = p::WriteFields::write_fields(&extra, &mut w, false)?;
//! p::close_object(&mut w, first)?;
//! let bytes = w.into_inner();
//! let all: BTreeMap<String, u8> = structio_json::from_slice(&bytes)?;
//! assert_eq!(all.len(), 3);
//! # Ok::<(), structio_json::Error>(())
//! ```

structio_core::__catch_all_impls!();
