//! Instruction counts (iai-callgrind) of structio's JSON and BEVE read and write of each
//! benchmark document, so that a change can be judged on a noisy machine: a change that should be strictly
//! less work must lower these counts and leave the answers alone.
//!
//! Run with `cargo xtask bench --callgrind` (which compares against
//! `benches/baseline/iai-baseline.tsv`), or directly with `cargo bench -p structio-benches --bench
//! iai` once `iai-callgrind-runner` 0.16.1 is installed. Only the benchmark function is counted:
//! generating the document in `setup` is not.
use std::hint::black_box;

use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use structio_benches::docs::{Bools, DocKind, Doubles, ExactDecimals, Ints, Mixed, Strings, Uints};
use structio_benches::gen::{DocSet, DEFAULT_SEED};

/// Defines the setup and the read and write benchmarks of one document.
macro_rules! doc_benches {
    ($ty:ty, $kind:expr, $field:ident, $setup_read:ident, $setup_write:ident, $read:ident, $write:ident) => {
        doc_benches!(@ structio_json, $ty, $field, $setup_read, $setup_write, $read, $write,
            |kind| DocSet::generate_one(DEFAULT_SEED, kind).compact(kind), $kind);
    };
    (beve $ty:ty, $kind:expr, $field:ident, $setup_read:ident, $setup_write:ident, $read:ident, $write:ident) => {
        doc_benches!(@ structio_beve, $ty, $field, $setup_read, $setup_write, $read, $write,
            |kind| structio_beve::to_vec(&DocSet::generate_one(DEFAULT_SEED, kind).$field)
                .expect("the document writes"), $kind);
    };
    (@ $fmt:ident, $ty:ty, $field:ident, $setup_read:ident, $setup_write:ident, $read:ident, $write:ident, $encode:expr, $kind:expr) => {
        fn $setup_read() -> (Vec<u8>, $ty) {
            let encode = $encode;
            (encode($kind), <$ty>::default())
        }

        fn $setup_write() -> ($ty, Vec<u8>) {
            let set = DocSet::generate_one(DEFAULT_SEED, $kind);
            (set.$field, Vec::with_capacity(1 << 20))
        }

        #[library_benchmark]
        #[bench::structio(setup = $setup_read)]
        fn $read((input, mut value): (Vec<u8>, $ty)) -> $ty {
            $fmt::read_into(&mut value, black_box(&input)).expect("the document reads");
            value
        }

        #[library_benchmark]
        #[bench::structio(setup = $setup_write)]
        fn $write((value, mut out): ($ty, Vec<u8>)) -> Vec<u8> {
            $fmt::write_into(black_box(&value), &mut out).expect("the document writes");
            out
        }
    };
}

doc_benches!(
    Mixed,
    DocKind::Mixed,
    mixed,
    setup_read_mixed,
    setup_write_mixed,
    read_mixed,
    write_mixed
);
doc_benches!(
    Strings,
    DocKind::Strings,
    strings,
    setup_read_strings,
    setup_write_strings,
    read_strings,
    write_strings
);
doc_benches!(
    Uints,
    DocKind::Uints,
    uints,
    setup_read_uints,
    setup_write_uints,
    read_uints,
    write_uints
);
doc_benches!(
    Ints,
    DocKind::Ints,
    ints,
    setup_read_ints,
    setup_write_ints,
    read_ints,
    write_ints
);
doc_benches!(
    Doubles,
    DocKind::Doubles,
    doubles,
    setup_read_doubles,
    setup_write_doubles,
    read_doubles,
    write_doubles
);
doc_benches!(
    ExactDecimals,
    DocKind::ExactDecimals,
    exact_decimals,
    setup_read_exact_decimals,
    setup_write_exact_decimals,
    read_exact_decimals,
    write_exact_decimals
);
doc_benches!(
    Bools,
    DocKind::Bools,
    bools,
    setup_read_bools,
    setup_write_bools,
    read_bools,
    write_bools
);

// The same documents in BEVE.
doc_benches!(
    beve Mixed,
    DocKind::Mixed,
    mixed,
    setup_beve_read_mixed,
    setup_beve_write_mixed,
    beve_read_mixed,
    beve_write_mixed
);
doc_benches!(
    beve Strings,
    DocKind::Strings,
    strings,
    setup_beve_read_strings,
    setup_beve_write_strings,
    beve_read_strings,
    beve_write_strings
);
doc_benches!(
    beve Uints,
    DocKind::Uints,
    uints,
    setup_beve_read_uints,
    setup_beve_write_uints,
    beve_read_uints,
    beve_write_uints
);
doc_benches!(
    beve Ints,
    DocKind::Ints,
    ints,
    setup_beve_read_ints,
    setup_beve_write_ints,
    beve_read_ints,
    beve_write_ints
);
doc_benches!(
    beve Doubles,
    DocKind::Doubles,
    doubles,
    setup_beve_read_doubles,
    setup_beve_write_doubles,
    beve_read_doubles,
    beve_write_doubles
);
doc_benches!(
    beve ExactDecimals,
    DocKind::ExactDecimals,
    exact_decimals,
    setup_beve_read_exact_decimals,
    setup_beve_write_exact_decimals,
    beve_read_exact_decimals,
    beve_write_exact_decimals
);
doc_benches!(
    beve Bools,
    DocKind::Bools,
    bools,
    setup_beve_read_bools,
    setup_beve_write_bools,
    beve_read_bools,
    beve_write_bools
);

library_benchmark_group!(
    name = beve;
    benchmarks = beve_read_mixed, beve_write_mixed, beve_read_strings, beve_write_strings, beve_read_uints, beve_write_uints, beve_read_ints, beve_write_ints, beve_read_doubles, beve_write_doubles, beve_read_exact_decimals, beve_write_exact_decimals, beve_read_bools, beve_write_bools
);

library_benchmark_group!(
    name = json;
    benchmarks =
        read_mixed, write_mixed, read_strings, write_strings, read_uints, write_uints,
        read_ints, write_ints, read_doubles, write_doubles, read_exact_decimals,
        write_exact_decimals, read_bools, write_bools
);

main!(library_benchmark_groups = json, beve);
