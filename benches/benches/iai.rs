//! Instruction counts (iai-callgrind) of structio's JSON and BEVE read and write of each
//! benchmark document, and of building the dynamic tree from three shapes of JSON, so that a
//! change can be judged on a noisy machine: a change that should be strictly less work must
//! lower these counts and leave the answers alone.
//!
//! Run with `cargo xtask bench --callgrind` (which compares against
//! `benches/baseline/iai-baseline.tsv`), or directly with `cargo bench -p structio-benches --bench
//! iai` once `iai-callgrind-runner` 0.16.1 is installed. Only the benchmark function is counted:
//! generating the document in `setup` is not.
use std::hint::black_box;

use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use structio_benches::docgen::{DocSet, DEFAULT_SEED};
use structio_benches::docs::{Bools, DocKind, Doubles, ExactDecimals, Ints, Mixed, Strings, Uints};

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

/// The records document (ten thousand objects of five members), compact.
fn setup_tree_records() -> Vec<u8> {
    DocSet::generate_one(DEFAULT_SEED, DocKind::Records).compact(DocKind::Records)
}

/// The small-messages benchmark's thousand orders (objects of eight members, one holding an
/// array), as one compact array.
fn setup_tree_messages() -> Vec<u8> {
    let messages = structio_benches::small::messages(DEFAULT_SEED);
    [b"[".as_slice(), &messages.join(b",".as_slice()), b"]"].concat()
}

/// Two hundred objects shaped like twitter's users: 24 members whose keys are 2 to 34 bytes
/// long (a third past 16, one past 32), holding strings, integers, booleans and nulls, and
/// a two-member object each; indented as twitter.json is.
fn setup_tree_accounts() -> Vec<u8> {
    const KEYS: [&str; 24] = [
        "id",
        "id_str",
        "name",
        "screen_name",
        "location",
        "description",
        "url",
        "protected",
        "followers_count",
        "friends_count",
        "listed_count",
        "created_at",
        "favourites_count",
        "utc_offset",
        "time_zone",
        "geo_enabled",
        "verified",
        "statuses_count",
        "lang",
        "contributors_enabled",
        "profile_background_color",
        "profile_background_image_url_https",
        "profile_sidebar_border_color",
        "entities",
    ];
    let mut rng = structio_benches::rng::Rng::new(DEFAULT_SEED);
    let mut out = String::from("[");
    for i in 0..200 {
        out.push_str(if i == 0 { "\n  {" } else { ",\n  {" });
        for (k, key) in KEYS.iter().enumerate() {
            let value = match k % 6 {
                _ if *key == "entities" => {
                    format!("{{\"urls\": [], \"hashtag_count\": {}}}", rng.below(10))
                }
                0 | 3 => format!("\"{}\"", "x".repeat(rng.below(40) as usize)),
                1 | 4 => rng.below(1 << 40).to_string(),
                2 => ["true", "false"][rng.below(2) as usize].to_string(),
                _ => "null".to_string(),
            };
            let sep = if k == 0 { "" } else { "," };
            out.push_str(&format!("{sep}\n    \"{key}\": {value}"));
        }
        out.push_str("\n  }");
    }
    out.push_str("\n]\n");
    out.into_bytes()
}

// Builds a `structio_value::Value` from the JSON, and drops it: the tree reader's parse loop,
// each object's close (key copies and the repeat check) and the chunk's carving. (A doc
// comment is not allowed here by `library_benchmark`.)
#[library_benchmark]
#[bench::records(setup = setup_tree_records)]
#[bench::messages(setup = setup_tree_messages)]
#[bench::accounts(setup = setup_tree_accounts)]
fn tree_build(input: Vec<u8>) -> usize {
    let tree = structio_value::from_slice(black_box(&input)).expect("the document reads");
    tree.as_array().map_or(0, |a| a.len())
}

library_benchmark_group!(
    name = value;
    benchmarks = tree_build
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

main!(library_benchmark_groups = json, beve, value);
