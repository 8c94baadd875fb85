//! Trees read from CBOR and BJData give back every block when dropped, whatever mix of arena
//! blocks and blocks from the global allocator they hold (strings in chunks, structure-of-arrays
//! tables, N-dimensional arrays): reading and dropping the same document many times leaves
//! the live heap where the first read left it.

use structio_testkit::alloc_count::{live_bytes, CountingAllocator};
use structio_value::{from_bjdata, from_cbor, Value};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator;

/// Reads `doc` once to warm the thread's reader, then 200 times more, dropping each tree:
/// the heap may not grow by more than a few hundred bytes.
fn frees_everything(doc: &[u8], read: fn(&[u8]) -> Value) {
    drop(read(doc));
    let before = live_bytes();
    for _ in 0..200 {
        drop(read(doc));
    }
    let grown = live_bytes() - before;
    assert!(
        grown < 512,
        "{grown} bytes still live after 200 reads of {doc:02x?}"
    );
}

/// A text string of 100 bytes in chunks (built apart from the arena), in an array in a map.
fn cbor_chunked_string_in_containers() -> Vec<u8> {
    let mut d = vec![0xa1, 0x61, b'k', 0x82, 0x7f, 0x78, 100];
    d.extend_from_slice(&[b'x'; 100]);
    d.extend_from_slice(&[0xff, 0x01]);
    d
}

#[test]
fn cbor_trees_free_every_block() {
    let read = |d: &[u8]| from_cbor(d).unwrap();
    frees_everything(&cbor_chunked_string_in_containers(), read);
    // Typed arrays and byte strings, nested.
    let mut d = vec![0x82, 0xd8, 0x56, 0x50];
    d.extend_from_slice(&1.5f64.to_le_bytes());
    d.extend_from_slice(&2.5f64.to_le_bytes());
    d.extend_from_slice(&[0x82, 0x43, 1, 2, 3, 0x80]);
    frees_everything(&d, read);
}

#[test]
fn bjdata_trees_free_every_block() {
    let read = |d: &[u8]| from_bjdata(d).unwrap();
    // A structure-of-arrays table and an N-dimensional array, inside an array, beside a long
    // string.
    let mut d =
        b"[{${U\x01aiU\x01bT}#U\x02\x01\xffTF[$U#[$U#U\x02\x02\x03\x01\x02\x03\x04\x05\x06SU\x1e"
            .to_vec();
    d.extend_from_slice(b"thirty bytes of text, no less.]");
    frees_everything(&d, read);
}
