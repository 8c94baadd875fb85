//! `write_int_list` against `to_string`, for every width: values of every length and sign
//! mixed in one list (with AVX2 the four-at-a-time lanes, and the quads that fall back to one
//! at a time), lists of every length, and output too short for the list.

mod common;
use common::Rng;
use core::fmt::Display;
use core::mem::MaybeUninit;
use structio_num::{write_int_list, Integer};

/// What the list should read: each item's text after `sep`.
fn expected<T: Display>(items: &[T], sep: char) -> String {
    items.iter().map(|v| format!("{sep}{v}")).collect()
}

/// Writes `items` with `room` bytes of output (filled with a marker first, so that bytes not
/// written are seen) and checks the text, the counts and that nothing past the count was
/// reported: exactly the items that fit with 41 bytes each are written.
fn check<T: Integer + Display>(items: &[T], room: usize) {
    let mut out = vec![MaybeUninit::new(0xA5u8); room];
    let (count, len) = write_int_list(items, b';', &mut out);
    let text: Vec<u8> = out[..len]
        .iter()
        // SAFETY: `write_int_list` initialized `out[..len]`; the rest was initialized above.
        .map(|b| unsafe { b.assume_init() })
        .collect();
    assert_eq!(
        String::from_utf8(text).unwrap(),
        expected(&items[..count], ';'),
        "room {room}"
    );
    // Each item is written while 41 bytes of room remain for it.
    let mut fits = 0;
    let mut at = 0;
    for v in items {
        if room - at < 41 {
            break;
        }
        at += 1 + v.to_string().len();
        fits += 1;
    }
    assert_eq!(count, fits, "room {room}");
}

/// A value of `digits` decimal digits (at most 19) and random sign.
fn value(rng: &mut Rng, digits: u32) -> (u64, bool) {
    let lo = if digits == 1 {
        0
    } else {
        10u64.pow(digits - 1)
    };
    let hi = 10u64.pow(digits).saturating_sub(1).max(lo);
    (lo + rng.below(hi - lo + 1), rng.next() >> 63 == 1)
}

/// Lists of `T` from magnitudes, signs applied where `T` has them, clamped into `T`'s range.
fn lists<T: Integer + Display + TryFrom<i128>>(rng: &mut Rng, lists: usize, max_digits: u32) {
    let edges: [i128; 12] = [
        0,
        9,
        10,
        (1 << 26) - 1,
        1 << 26,
        99_999_999,
        100_000_000,
        i64::MIN as i128,
        i64::MAX as i128,
        u64::MAX as i128,
        i128::MIN,
        u128::MAX as i128 / 2,
    ];
    let to_t = |v: i128| T::try_from(v).ok();
    for _ in 0..lists {
        let len = rng.below(14) as usize;
        let mut items = Vec::with_capacity(len);
        while items.len() < len {
            let v = if rng.below(8) == 0 {
                edges[rng.below(edges.len() as u64) as usize].wrapping_add(rng.below(3) as i128 - 1)
            } else {
                let digits = 1 + rng.below(max_digits as u64) as u32;
                let (mag, neg) = value(rng, digits);
                if neg {
                    -(mag as i128)
                } else {
                    mag as i128
                }
            };
            if let Some(v) = to_t(v) {
                items.push(v);
            }
        }
        check(&items, items.len() * 41);
        check(&items, rng.below(items.len() as u64 * 41 + 1) as usize);
    }
}

#[test]
fn lists_match_to_string_for_every_width() {
    let mut rng = Rng(0x1d2c_3b4a_5968_7786);
    lists::<i64>(&mut rng, 20_000, 19);
    lists::<u64>(&mut rng, 20_000, 19);
    lists::<i32>(&mut rng, 5_000, 10);
    lists::<u32>(&mut rng, 5_000, 10);
    lists::<i16>(&mut rng, 2_000, 5);
    lists::<u8>(&mut rng, 2_000, 3);
    lists::<i8>(&mut rng, 2_000, 3);
    lists::<isize>(&mut rng, 2_000, 19);
    lists::<usize>(&mut rng, 2_000, 19);
    lists::<i128>(&mut rng, 2_000, 19);
    lists::<u128>(&mut rng, 2_000, 19);
}

/// Every value with up to eight digits and both signs, in quads, so that every length and
/// leading-zero count goes through the four lanes in every position.
#[test]
fn short_values_in_every_lane() {
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    for _ in 0..50_000 {
        let items: Vec<i64> = (0..8)
            .map(|_| {
                let digits = 1 + rng.below(8) as u32;
                let (mag, neg) = value(&mut rng, digits);
                if neg {
                    -(mag as i64)
                } else {
                    mag as i64
                }
            })
            .collect();
        check(&items, items.len() * 41);
        let unsigned: Vec<u32> = items.iter().map(|v| v.unsigned_abs() as u32).collect();
        check(&unsigned, unsigned.len() * 41);
    }
}

/// No room: nothing is written, whatever the list.
#[test]
fn no_room_writes_nothing() {
    let mut out = [MaybeUninit::<u8>::uninit(); 40];
    assert_eq!(write_int_list(&[1u8, 2, 3, 4, 5], b',', &mut out), (0, 0));
    assert_eq!(write_int_list::<i64>(&[], b',', &mut out), (0, 0));
}
