//! Arrays of integers, which the compact writer writes a run of elements at a time: every width,
//! every digit count, lengths either side of a run's end, into growable and fixed sinks.
#![cfg(feature = "std")]

use std::fmt::Display;

mod number_arrays;

use structio_json::JsonWrite;
use structio_testkit::Rng;

/// `[a,b,...]` as `Display` writes each element.
fn expected<T: Display>(items: &[T]) -> String {
    let parts: Vec<String> = items.iter().map(ToString::to_string).collect();
    format!("[{}]", parts.join(","))
}

/// A value of `bits` random bits, cut to a random digit count, as `T` wraps it.
fn values(rng: &mut Rng, n: usize) -> Vec<u128> {
    (0..n)
        .map(|_| {
            let v = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
            match rng.below(4) {
                0 => v % 10u128.pow(rng.below(38) as u32 + 1),
                1 => v >> rng.below(128),
                2 => *rng.pick(&[0, 9, 10, 99, 100, 99_999_999, 100_000_000, u128::MAX]),
                _ => v,
            }
        })
        .collect()
}

/// Writes `items` every way a user can and checks the text against `Display`'s.
fn check<T: JsonWrite + Display + Copy>(items: &[T]) {
    number_arrays::writes_as(items, &expected(items));
}

macro_rules! every_width {
    ($rng:ident, $n:ident, $($t:ty)*) => {$(
        let raw = values(&mut $rng, $n);
        let items: Vec<$t> = raw.iter().map(|&v| v as $t).collect();
        check(&items);
        check(&[<$t>::MIN, <$t>::MAX, 0 as $t]);
    )*};
}

#[test]
fn integer_arrays_read_as_display_writes_them() {
    let mut rng = Rng::new(0x1a7e_2026);
    // Lengths around a run's end (32 elements) and several runs.
    for n in (0..=70).chain([95, 96, 97, 200, 1000]) {
        every_width!(rng, n, u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);
    }
}

#[test]
fn a_fixed_buffer_of_every_size_is_filled_exactly_or_reported_full() {
    let mut rng = Rng::new(7);
    let items: Vec<i64> = values(&mut rng, 80).iter().map(|&v| v as i64).collect();
    let want = expected(&items);
    number_arrays::fits_exactly_or_is_full(&items, &want, 0..=want.len() + 50);
}
