//! Arrays of integers, which the compact writer writes a run of elements at a time: every width,
//! every digit count, lengths either side of a run's end, into growable and fixed sinks.
#![cfg(feature = "std")]

use std::fmt::Display;

use structio_json::{to_slice, to_string, to_string_pretty, ErrorKind, JsonWrite};
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
    let want = expected(items);
    assert_eq!(to_string(items).unwrap(), want);
    assert_eq!(to_string(&items.to_vec()).unwrap(), want);
    // A fixed buffer: exact when the text fits, else BufferFull; never a truncated success.
    for room in [
        0,
        1,
        want.len() / 2,
        want.len().saturating_sub(1),
        want.len(),
        want.len() + 1,
    ] {
        let mut buf = vec![0u8; room];
        match to_slice(items, &mut buf) {
            Ok(n) => assert_eq!(&buf[..n], want.as_bytes(), "room {room}"),
            Err(e) => {
                assert!(
                    room < want.len(),
                    "room {room} for {} bytes: {e}",
                    want.len()
                );
                assert_eq!(e.kind(), ErrorKind::BufferFull);
            }
        }
    }
    // The laid-out writer takes the element-by-element path; its values must be the same.
    let pretty = to_string_pretty(items).unwrap();
    let compact: String = pretty.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(compact, want);
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
    for room in 0..=want.len() + 50 {
        let mut buf = vec![0u8; room];
        match to_slice(&items, &mut buf) {
            Ok(n) => assert_eq!(&buf[..n], want.as_bytes(), "room {room}"),
            Err(e) => {
                assert!(room < want.len(), "room {room}");
                assert_eq!(e.kind(), ErrorKind::BufferFull);
            }
        }
    }
}
