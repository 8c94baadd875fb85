//! Criterion benches of JSON read and write of the seven documents, structio against
//! serde_json, sonic-rs and simd-json. `cargo xtask bench` is the main comparison (alternating,
//! best of N, checked); this is the same work under criterion's statistics, for one library or
//! document at a time: `cargo bench -p structio-benches --bench json -- read/mixed`.
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use structio_benches::docgen::{texts, DocSet, DEFAULT_SEED};
use structio_benches::docs::DocKind;
use structio_benches::peers;
use structio_benches::suite::BenchDoc;

/// The read and write groups of one document.
fn bench_doc<T: BenchDoc>(c: &mut Criterion, kind: DocKind, value: &T, text: &[u8]) {
    let mut g = c.benchmark_group(format!("read/{}", kind.name()));
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("structio", |b| {
        let mut v = T::default();
        b.iter(|| structio_benches::sio::json::read(black_box(text), &mut v))
    });
    g.bench_function("serde_json", |b| {
        let mut v = T::default();
        b.iter(|| peers::serde_json_read(black_box(text), &mut v))
    });
    g.bench_function("sonic-rs", |b| {
        let mut v = T::default();
        b.iter(|| peers::sonic_read(black_box(text), &mut v))
    });
    g.bench_function("simd-json", |b| {
        let (mut v, mut state) = (T::default(), peers::SimdState::default());
        b.iter(|| peers::simd_read(black_box(text), &mut state, &mut v))
    });
    g.finish();

    let mut g = c.benchmark_group(format!("write/{}", kind.name()));
    g.throughput(Throughput::Bytes(text.len() as u64));
    let mut out = Vec::new();
    g.bench_function("structio", |b| {
        b.iter(|| structio_benches::sio::json::write(black_box(value), &mut out))
    });
    type Writer<T> = fn(&T, &mut Vec<u8>) -> peers::PeerResult;
    let writers: [(&str, Writer<T>); 3] = [
        ("serde_json", peers::serde_json_write::<T>),
        ("sonic-rs", peers::sonic_write::<T>),
        ("simd-json", peers::simd_write::<T>),
    ];
    for (name, write) in writers {
        g.bench_function(name, |b| {
            b.iter(|| {
                out.clear();
                write(black_box(value), &mut out)
            })
        });
    }
    g.finish();
}

fn all(c: &mut Criterion) {
    let set = DocSet::generate(DEFAULT_SEED);
    for t in texts(&set) {
        let text = &t.compact[..];
        match t.kind {
            DocKind::Mixed => bench_doc(c, t.kind, &set.mixed, text),
            DocKind::Strings => bench_doc(c, t.kind, &set.strings, text),
            DocKind::Uints => bench_doc(c, t.kind, &set.uints, text),
            DocKind::Ints => bench_doc(c, t.kind, &set.ints, text),
            DocKind::Doubles => bench_doc(c, t.kind, &set.doubles, text),
            DocKind::ExactDecimals => bench_doc(c, t.kind, &set.exact_decimals, text),
            DocKind::Bools => bench_doc(c, t.kind, &set.bools, text),
            // texts() holds the seven documents only; the records have their own table.
            _ => {}
        }
    }
}

criterion_group!(benches, all);
criterion_main!(benches);
