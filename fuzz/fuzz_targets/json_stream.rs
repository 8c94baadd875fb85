//! `Documents` over arbitrary bytes, read through a reader that cuts them into arbitrary
//! chunks and a buffer of arbitrary size, gives the same documents and the same error (kind
//! and stream offset) as over the whole slice at once; each document is what
//! `structio_value::from_slice` reads from its text.
//!
//! Input layout: byte 0 picks the buffer size, bytes 1..4 the chunk sizes (cycled), the rest
//! is the stream.
#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use structio_json::{Documents, RawDocuments, ReadOptions};
use structio_value::Value;

struct Chunks<'a> {
    data: &'a [u8],
    sizes: [usize; 3],
    call: usize,
}

impl Read for Chunks<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes[self.call % 3];
        self.call += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

type Outcome = Vec<Result<Value, (structio_json::ErrorKind, usize)>>;

fn collect<R: Read>(docs: Documents<R, Value>) -> Outcome {
    docs.map(|r| r.map_err(|e| (e.kind(), e.offset())))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let capacity = 1 + usize::from(data[0]) * 3;
    let sizes = [
        1 + usize::from(data[1] % 64),
        1 + usize::from(data[2]),
        1 + usize::from(data[3] % 8),
    ];
    let stream = &data[4..];
    let whole = collect(Documents::from_slice(stream));
    let chunked = collect(Documents::from_raw(
        RawDocuments::with_capacity(
            Chunks {
                data: stream,
                sizes,
                call: 0,
            },
            capacity,
        ),
        ReadOptions::new(),
    ));
    assert_eq!(chunked, whole, "chunked {sizes:?} with buffer {capacity}");
    // Each document read whole by Value's own reader: the framing found what it reads. Only
    // values and accept/reject are compared: `Documents<_, Value>` goes through
    // `JsonRead for Value`, which steps over the value with structio-json's skip first, and
    // the two name some errors differently (a misspelt or cut literal).
    let mut raw = RawDocuments::new(stream);
    let mut i = 0;
    while let Some(Ok((offset, text))) = raw.next_raw() {
        let one = structio_value::from_slice(text).ok();
        let streamed = whole.get(i).and_then(|r| r.clone().ok());
        assert_eq!(one, streamed, "document {i} at {offset}");
        if one.is_none() {
            break;
        }
        i += 1;
    }
});
