//! Reading into an existing value of the same shape allocates nothing, in both formats: the
//! derived `read_*_into` refills each field in place. Counted per thread by a global allocator.

use structio_derive::{Beve, Json};
use structio_testkit::alloc_count::{counted, CountingAllocator};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[derive(Json, Beve, Debug, Default, PartialEq, Clone)]
#[allow(non_snake_case)]
struct Record {
    testStrings: Vec<String>,
    testUints: Vec<u64>,
    testDoubles: Vec<f64>,
    testBools: Vec<bool>,
    note: Option<String>,
    inner: Inner,
}

#[derive(Json, Beve, Debug, Default, PartialEq, Clone)]
struct Inner {
    name: String,
    values: Vec<i32>,
}

fn record(i: usize) -> Record {
    Record {
        testStrings: vec![format!("s{i}"), "two".into()],
        testUints: vec![i as u64, 7],
        testDoubles: vec![1.5, i as f64],
        testBools: vec![true, false],
        note: Some(format!("note {i}")),
        inner: Inner {
            name: format!("n{i}"),
            values: vec![1, 2, 3],
        },
    }
}

#[test]
fn read_into_same_shape_allocates_nothing() {
    let a: Vec<Record> = (0..50).map(record).collect();
    let b: Vec<Record> = (50..100).map(record).collect();
    let (ja, jb) = (
        structio_json::to_vec(&a).unwrap(),
        structio_json::to_vec(&b).unwrap(),
    );
    let (ba, bb) = (
        structio_beve::to_vec(&a).unwrap(),
        structio_beve::to_vec(&b).unwrap(),
    );

    let mut v: Vec<Record> = Vec::new();
    // Warm up with both documents: a string that grows past its capacity may allocate once.
    structio_json::read_into(&mut v, &ja).unwrap();
    structio_json::read_into(&mut v, &jb).unwrap();
    let (again, _) = counted(|| {
        structio_json::read_into(&mut v, &jb).unwrap();
        structio_json::read_into(&mut v, &ja).unwrap();
    });
    assert_eq!(again.allocs, 0, "JSON read_into allocated");
    assert_eq!(v, a);

    let mut v: Vec<Record> = Vec::new();
    // Warm up with both documents: a string that grows past its capacity may allocate once.
    structio_beve::read_into(&mut v, &ba).unwrap();
    structio_beve::read_into(&mut v, &bb).unwrap();
    let (again, _) = counted(|| {
        structio_beve::read_into(&mut v, &bb).unwrap();
        structio_beve::read_into(&mut v, &ba).unwrap();
    });
    assert_eq!(again.allocs, 0, "BEVE read_into allocated");
    assert_eq!(v, a);
}
