//! structio-beve's numeric arrays against `memcpy`, bincode 1 and postcard 1 (serde), all in one
//! run: 1 million `f64`, written into a reused buffer and read into a reused `Vec`, plus the
//! zero-copy `Cow<[f64]>` read of an aligned document at 1 and at 1 million elements. The same
//! array through structio-cbor (an RFC 8746 typed array, tag 86: one bulk copy each way) and,
//! for scale, through ciborium and minicbor (an array of one item per element).
//!
//! `RUSTFLAGS="-C target-cpu=native" cargo bench -p structio-benches --bench beve -- --warm-up-time 1 --measurement-time 3`
//!
//! Throughput is the 8,000,000 bytes of elements. The `memcpy` rows copy those bytes between two
//! preallocated buffers (`copy_from_slice`), which is the floor any format's bulk path pays.
//! bincode and postcard are serde formats with other wire layouts (both write the f64s
//! little-endian after a length); they are binary peers, not BEVE readers.

use std::borrow::Cow;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

const N: usize = 1_000_000;

fn data(n: usize) -> Vec<f64> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..n)
        .map(|_| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 * 1e-6
        })
        .collect()
}

/// `doc` placed in a buffer at an address that is a multiple of 8 (the buffer a zero-copy reader
/// holds); returns the buffer and where the document starts in it.
fn aligned_copy(doc: &[u8]) -> (Vec<u8>, usize) {
    let mut buf = vec![0u8; doc.len() + 8];
    let start = buf.as_ptr().align_offset(8);
    buf[start..start + doc.len()].copy_from_slice(doc);
    (buf, start)
}

fn f64_arrays(c: &mut Criterion) {
    let values = data(N);
    let bytes = N * 8;
    let doc = structio_beve::to_vec(&values).unwrap();
    let bincode_doc = bincode::serialize(&values).unwrap();
    let postcard_doc = postcard::to_allocvec(&values).unwrap();

    let mut g = c.benchmark_group("f64_1m");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(20);

    let src: Vec<u8> = doc[doc.len() - bytes..].to_vec();
    let mut dst = vec![0u8; bytes];
    g.bench_function("memcpy", |b| {
        b.iter(|| {
            dst.copy_from_slice(black_box(&src));
            black_box(&dst);
        })
    });

    let mut out = Vec::with_capacity(doc.len());
    g.bench_function("write/structio-beve", |b| {
        b.iter(|| {
            structio_beve::write_into(black_box(&values), &mut out).unwrap();
            black_box(&out);
        })
    });
    let mut out = Vec::with_capacity(bincode_doc.len());
    g.bench_function("write/bincode", |b| {
        b.iter(|| {
            out.clear();
            bincode::serialize_into(&mut out, black_box(&values)).unwrap();
            black_box(&out);
        })
    });
    let mut out = vec![0u8; postcard_doc.len()];
    g.bench_function("write/postcard", |b| {
        b.iter(|| {
            let n = postcard::to_slice(black_box(&values), &mut out)
                .unwrap()
                .len();
            black_box(n);
        })
    });

    let mut place: Vec<f64> = Vec::with_capacity(N);
    g.bench_function("read_into/structio-beve", |b| {
        b.iter(|| {
            structio_beve::read_into(&mut place, black_box(&doc)).unwrap();
            black_box(&place);
        })
    });
    g.bench_function("read_new/structio-beve", |b| {
        b.iter(|| black_box(structio_beve::from_slice::<Vec<f64>>(black_box(&doc)).unwrap()))
    });
    g.bench_function("read_new/bincode", |b| {
        b.iter(|| black_box(bincode::deserialize::<Vec<f64>>(black_box(&bincode_doc)).unwrap()))
    });
    g.bench_function("read_new/postcard", |b| {
        b.iter(|| black_box(postcard::from_bytes::<Vec<f64>>(black_box(&postcard_doc)).unwrap()))
    });

    let cbor_doc = structio_cbor::to_vec(&values).unwrap();
    let mut out = Vec::with_capacity(cbor_doc.len());
    g.bench_function("write/structio-cbor-tag86", |b| {
        b.iter(|| {
            structio_cbor::write_into(black_box(&values), &mut out).unwrap();
            black_box(&out);
        })
    });
    g.bench_function("read_into/structio-cbor-tag86", |b| {
        b.iter(|| {
            structio_cbor::read_into(&mut place, black_box(&cbor_doc)).unwrap();
            black_box(&place);
        })
    });
    let mut out = Vec::with_capacity(N * 9 + 16);
    g.bench_function("write/ciborium", |b| {
        b.iter(|| {
            out.clear();
            ciborium::into_writer(black_box(&values), &mut out).unwrap();
            black_box(&out);
        })
    });
    g.bench_function("write/minicbor", |b| {
        b.iter(|| {
            out.clear();
            minicbor::encode(black_box(&values), &mut out).unwrap();
            black_box(&out);
        })
    });
    let minicbor_doc = minicbor::to_vec(&values).unwrap();
    g.bench_function("read_new/minicbor", |b| {
        b.iter(|| black_box(minicbor::decode::<Vec<f64>>(black_box(&minicbor_doc)).unwrap()))
    });
    g.finish();
}

fn aligned_cow(c: &mut Criterion) {
    let mut g = c.benchmark_group("aligned_cow_f64");
    for n in [1usize, N] {
        let doc = structio_beve::to_beve_aligned(&data(n)).unwrap();
        let (buf, start) = aligned_copy(&doc);
        let input = &buf[start..start + doc.len()];
        let view: Cow<[f64]> = structio_beve::from_slice(input).unwrap();
        assert!(
            matches!(view, Cow::Borrowed(_)),
            "the aligned document must be borrowed"
        );
        g.bench_with_input(BenchmarkId::from_parameter(n), &input, |b, input| {
            b.iter(|| {
                let view: Cow<[f64]> = structio_beve::from_slice(black_box(input)).unwrap();
                black_box(view.len())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, f64_arrays, aligned_cow);
criterion_main!(benches);
