//! Arrays of floats, which the compact writer writes a run of elements at a time: the text of
//! every element as the writer gives it alone, NaN and the infinities as `null`, serde_json's
//! layout, lengths either side of a run's end, into growable and fixed sinks.
#![cfg(feature = "std")]

mod number_arrays;

use structio_json::{to_string, to_string_with, JsonWrite};
use structio_json::{WriteOptions, Writer};
use structio_testkit::Rng;

/// `[a,b,...]` with each element as the writer writes that value alone.
fn expected<T: JsonWrite>(items: &[T], opts: WriteOptions) -> String {
    let parts: Vec<String> = items
        .iter()
        .map(|v| {
            let mut w = Writer::with_options(Vec::new(), opts);
            v.write_json(&mut w).unwrap();
            String::from_utf8(w.into_inner()).unwrap()
        })
        .collect();
    format!("[{}]", parts.join(","))
}

/// Every kind of `f64` the writer lays out differently: fixed with and without a fraction,
/// below one, exponents of both signs, subnormals, powers of two, zeros, NaN, infinities.
fn doubles(rng: &mut Rng, n: usize) -> Vec<f64> {
    (0..n)
        .map(|_| match rng.below(6) {
            0 => f64::from_bits(rng.next_u64()),
            1 => (rng.below(1_000_000) as f64 / 100.0) * if rng.below(2) == 0 { 1.0 } else { -1.0 },
            2 => {
                (1.0 + rng.below(1 << 20) as f64 / (1 << 20) as f64)
                    * 10f64.powi(rng.below(40) as i32 - 20)
            }
            3 => *rng.pick(&[
                0.0,
                -0.0,
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                5e-324,
                1e16,
                0.0001,
            ]),
            4 => f64::from_bits(rng.next_u64() >> 12),
            _ => 2f64.powi(rng.below(200) as i32 - 100),
        })
        .collect()
}

fn check<T: JsonWrite + Copy>(items: &[T]) {
    number_arrays::writes_as(items, &expected(items, WriteOptions::new()));
    // serde_json's layout goes element by element; the same text as each value alone.
    let serde = WriteOptions::new().serde_json_floats(true);
    assert_eq!(
        to_string_with(items, serde).unwrap(),
        expected(items, serde)
    );
}

#[test]
fn float_arrays_are_their_elements_written_alone() {
    let mut rng = Rng::new(0xf10a_7026);
    // Lengths around a run's end (32 elements) and several runs.
    for n in (0..=70).chain([95, 96, 97, 200, 1000]) {
        let items = doubles(&mut rng, n);
        check(&items);
        let singles: Vec<f32> = items.iter().map(|&v| v as f32).collect();
        check(&singles);
    }
}

#[test]
fn finite_elements_read_back_and_the_rest_are_null() {
    let mut rng = Rng::new(11);
    let items = doubles(&mut rng, 5000);
    let text = to_string(&items).unwrap();
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap();
    for (part, &v) in inner.split(',').zip(&items) {
        if v.is_finite() {
            assert_eq!(
                part.parse::<f64>().unwrap().to_bits(),
                v.to_bits(),
                "{part}"
            );
        } else {
            assert_eq!(part, "null");
        }
    }
    assert_eq!(inner.split(',').count(), items.len());
}

#[test]
fn a_fixed_buffer_of_every_size_is_filled_exactly_or_reported_full() {
    let mut rng = Rng::new(7);
    let items = doubles(&mut rng, 80);
    let want = expected(&items, WriteOptions::new());
    number_arrays::fits_exactly_or_is_full(&items, &want, 0..=want.len() + 50);
}
