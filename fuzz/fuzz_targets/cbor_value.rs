//! CBOR read into `Value`: what reads writes, reads back equal (floats by bits), and writing
//! is stable; its JSON always validates.
#![no_main]

use libfuzzer_sys::fuzz_target;
use structio_value::Value;

/// Equal, floats by their bits (NaN equals itself, -0.0 differs from 0.0).
fn same(a: &Value, b: &Value) -> bool {
    match (a.as_array(), b.as_array(), a.as_object(), b.as_object()) {
        (Some(x), Some(y), _, _) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same(p, q))
        }
        (_, _, Some(x), Some(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|((k, p), (l, q))| k == l && same(p, q))
        }
        _ if a.is_f64() && b.is_f64() => {
            a.as_f64().map(f64::to_bits) == b.as_f64().map(f64::to_bits)
        }
        _ => a == b,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(v) = structio_value::from_cbor(data) else {
        // Whatever the Value reader refuses is refused by the cursor alone or has no Value form;
        // either way it must not be accepted by the validator with a different item count.
        return;
    };
    // What reads is well-formed CBOR.
    structio_cbor::validate(data).expect("from_cbor accepted what validate refuses");
    let b1 = structio_value::to_cbor(&v);
    structio_cbor::validate(&b1).expect("to_cbor wrote malformed CBOR");
    let v2 = structio_value::from_cbor(&b1).expect("written CBOR must read back");
    assert!(
        same(&v, &v2),
        "to_cbor(from_cbor(x)) reads back different: {v:?} != {v2:?}"
    );
    let b2 = structio_value::to_cbor(&v2);
    assert_eq!(b1, b2, "writing is not stable");
    // The same tree through a deterministic writer reads back equal up to member order.
    let d = structio_cbor::to_vec_deterministic(&v).expect("a Vec takes every byte");
    let v3 = structio_value::from_cbor(&d).expect("deterministic CBOR must read back");
    assert_eq!(
        structio_cbor::to_vec_deterministic(&v3).unwrap(),
        d,
        "deterministic writing is not stable"
    );
    // Whatever CBOR held (NaN, infinities, integer keys), the JSON written is valid.
    let j = structio_value::to_vec(&v);
    structio_json::validate(&j).expect("Value wrote invalid JSON");
});
