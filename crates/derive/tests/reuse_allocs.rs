//! Reading into an existing value of the same shape allocates nothing, in both formats: the
//! derived `read_*_into` refills each field in place. Counted with a global allocator, so this
//! file holds one test only (tests in one binary run on parallel threads).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use structio_derive::{Beve, Json};

struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator unchanged; only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed through.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc` is passed through.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract for `realloc` is passed through.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

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
    let before = ALLOCS.load(Ordering::Relaxed);
    structio_json::read_into(&mut v, &jb).unwrap();
    structio_json::read_into(&mut v, &ja).unwrap();
    assert_eq!(
        ALLOCS.load(Ordering::Relaxed) - before,
        0,
        "JSON read_into allocated"
    );
    assert_eq!(v, a);

    let mut v: Vec<Record> = Vec::new();
    // Warm up with both documents: a string that grows past its capacity may allocate once.
    structio_beve::read_into(&mut v, &ba).unwrap();
    structio_beve::read_into(&mut v, &bb).unwrap();
    let before = ALLOCS.load(Ordering::Relaxed);
    structio_beve::read_into(&mut v, &bb).unwrap();
    structio_beve::read_into(&mut v, &ba).unwrap();
    assert_eq!(
        ALLOCS.load(Ordering::Relaxed) - before,
        0,
        "BEVE read_into allocated"
    );
    assert_eq!(v, a);
}
