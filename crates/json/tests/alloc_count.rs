//! A loop of `read_into` over documents of one shape allocates nothing after the first read,
//! and `write_into` reuses its buffer. Counted with a counting global allocator.
#![cfg(feature = "std")]

mod common;

use common::Record;
use structio_json::{
    read_into, write_into, JsonRead, JsonWrite, KeyBuf, Reader, Result, Sink, Writer,
};
use structio_testkit::alloc_count::{counted, CountingAllocator};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// The benchmark's `mixed` document: fields "a".."z", each an array of records.
#[derive(Default, Debug, PartialEq)]
struct Mixed {
    fields: [Vec<Record>; 26],
}

impl<'de> JsonRead<'de> for Mixed {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut m = Mixed::default();
        m.read_json_into(r)?;
        Ok(m)
    }

    fn read_json_into(&mut self, r: &mut Reader<'de>) -> Result<()> {
        if r.begin_object()? {
            return Ok(());
        }
        let mut buf = KeyBuf::new();
        loop {
            let at = r.offset();
            let slot = match r.object_key(&mut buf)? {
                [k @ b'a'..=b'z'] => Some(usize::from(k - b'a')),
                _ => None,
            };
            match slot.and_then(|i| self.fields.get_mut(i)) {
                Some(field) => field.read_json_into(r)?,
                None => r.unknown_field(at)?,
            }
            if !r.object_next()? {
                return Ok(());
            }
        }
    }
}

impl JsonWrite for Mixed {
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        const KEYS: [&[u8]; 26] = [
            b"\"a\":", b"\"b\":", b"\"c\":", b"\"d\":", b"\"e\":", b"\"f\":", b"\"g\":", b"\"h\":",
            b"\"i\":", b"\"j\":", b"\"k\":", b"\"l\":", b"\"m\":", b"\"n\":", b"\"o\":", b"\"p\":",
            b"\"q\":", b"\"r\":", b"\"s\":", b"\"t\":", b"\"u\":", b"\"v\":", b"\"w\":", b"\"x\":",
            b"\"y\":", b"\"z\":",
        ];
        w.begin_object()?;
        for (i, field) in self.fields.iter().enumerate() {
            w.field(i == 0, KEYS[i])?;
            field.write_json(w)?;
        }
        w.end_object(false)
    }
}

fn mixed(seed: u64) -> Mixed {
    let mut all = common::records(seed, 26 * 4).into_iter();
    let mut m = Mixed::default();
    for field in &mut m.fields {
        field.extend(all.by_ref().take(4));
    }
    m
}

#[test]
fn read_into_loop_allocates_nothing_after_the_first_read() {
    let docs: Vec<Vec<u8>> = (1..=4)
        .map(|s| structio_json::to_vec(&mixed(s)).unwrap())
        .collect();
    // Documents of one shape, different content: the first read sizes every buffer.
    let mut value = Mixed::default();
    let (first, _) = counted(|| read_into(&mut value, &docs[0]).unwrap());
    assert!(
        first.allocs > 0,
        "the counter sees the first read's allocations"
    );
    let (steady, _) = counted(|| {
        for _ in 0..3 {
            for doc in &docs {
                read_into(&mut value, doc).unwrap();
            }
        }
    });
    assert_eq!(steady.allocs, 0, "allocations in the steady-state loop");
    // And the value is the last document.
    assert_eq!(value, mixed(4));
}

#[test]
fn write_into_loop_reuses_the_buffer() {
    let value = mixed(7);
    let mut out = Vec::new();
    write_into(&value, &mut out).unwrap();
    let first = out.clone();
    let (again, _) = counted(|| {
        for _ in 0..3 {
            write_into(&value, &mut out).unwrap();
        }
    });
    assert_eq!(again.allocs, 0);
    assert_eq!(out, first);
}
