//! JSON read into a derived struct of every field kind (fresh and by `read_into` over an old
//! value); whatever reads writes, and what it writes reads back to the same value and bytes.
//! The fast paths of `Vec<bool>` and integer vectors agree with the element-by-element reader.
#![no_main]

use libfuzzer_sys::fuzz_target;
use structio_fuzz::{AllKinds, Maps};

fuzz_target!(|data: &[u8]| {
    if let Ok(v) = structio_json::from_slice::<AllKinds>(data) {
        let b1 = structio_json::to_vec(&v).expect("a value that read must write");
        let v2 = structio_json::from_slice::<AllKinds>(&b1).expect("written JSON must read back");
        if structio_fuzz::self_equal(&v) {
            assert_eq!(v, v2);
        }
        let b2 = structio_json::to_vec(&v2).unwrap();
        assert_eq!(b1, b2, "writing is not stable");
        // Written JSON is valid JSON, and pretty-printing it reads back to the same value.
        structio_json::validate(&b1).expect("written JSON must validate");
        let pretty = structio_json::to_vec_pretty_with(&v, 3).unwrap();
        let v3 = structio_json::from_slice::<AllKinds>(&pretty).expect("pretty JSON must read");
        assert_eq!(structio_json::to_vec(&v3).unwrap(), b1);
    }
    if let Ok(m) = structio_json::from_slice::<Maps>(data) {
        let b = structio_json::to_vec(&m).unwrap();
        let m2 = structio_json::from_slice::<Maps>(&b).expect("written maps must read back");
        assert_eq!(m, m2);
    }
    // read_into over a value that holds data: whatever it returns, the value is usable after.
    let mut old = Maps::default();
    old.hm.insert("k".into(), vec![1, 2]);
    let r = structio_json::read_into(&mut old, data);
    let _ = structio_json::to_vec(&old).unwrap();
    if r.is_ok() {
        assert_eq!(
            Some(&old),
            structio_json::from_slice::<Maps>(data).ok().as_ref()
        );
    }
    // `Vec<bool>` matches compact `,true`/`,false` a word at a time: the same values and the
    // same error (kind and offset) as reading element by element.
    let fast = structio_json::from_slice::<Vec<bool>>(data);
    let slow = structio_json::from_slice::<structio_fuzz::BoolsByElement>(data);
    match (&fast, &slow) {
        (Ok(a), Ok(b)) => assert_eq!(a, &b.0),
        (Err(a), Err(b)) => assert_eq!((a.kind(), a.offset()), (b.kind(), b.offset())),
        _ => panic!("Vec<bool> and the element-by-element reader disagree"),
    }
    // Integer vectors read compact text 64 bytes at a time: likewise the element reader's
    // values and errors, for a wide signed and a narrow unsigned type.
    ints_agree::<i64>(data);
    ints_agree::<u8>(data);
    let mut hv: heapless::Vec<heapless::String<4>, 3> = heapless::Vec::new();
    let _ = structio_json::read_into(&mut hv, data);
    let mut buf = [0u8; 64];
    let _ = structio_json::to_slice(&hv, &mut buf);
});

fn ints_agree<T>(data: &[u8])
where
    T: structio_num::Integer + for<'de> structio_json::JsonRead<'de> + PartialEq + core::fmt::Debug,
{
    let fast = structio_json::from_slice::<Vec<T>>(data);
    let slow = structio_json::from_slice::<structio_fuzz::IntsByElement<T>>(data);
    match (&fast, &slow) {
        (Ok(a), Ok(b)) => assert_eq!(a, &b.0),
        (Err(a), Err(b)) => assert_eq!((a.kind(), a.offset()), (b.kind(), b.offset())),
        _ => panic!("Vec<{}> and the element-by-element reader disagree", core::any::type_name::<T>()),
    }
}
