//! Differential: `write_int_list` against `to_string` for lists of every integer width, the
//! values' lengths spread by shifts so that short ones (the AVX2 lanes') are common, with room
//! for all of the list or for part of it.
#![no_main]

use core::fmt::Display;
use core::mem::MaybeUninit;
use libfuzzer_sys::fuzz_target;
use structio_num::{write_int_list, Integer};

/// The items that fit (41 bytes of room each) are written, each after its separator.
fn check<T: Integer + Display>(items: &[T], room: usize) {
    let mut out = vec![MaybeUninit::new(0u8); room];
    let (count, len) = write_int_list(items, b',', &mut out);
    let fits = (room / 41).min(items.len());
    assert!(
        count >= fits && count <= items.len(),
        "{count} of {}",
        items.len()
    );
    let want: String = items[..count].iter().map(|v| format!(",{v}")).collect();
    assert!(len <= room);
    // SAFETY: `write_int_list` initialized `out[..len]`; the rest was initialized above.
    let got: Vec<u8> = out[..len]
        .iter()
        .map(|b| unsafe { b.assume_init() })
        .collect();
    assert_eq!(got, want.as_bytes());
}

/// A 64-bit word from the input, shifted right by its last byte so that every length occurs.
fn word(chunk: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    b[..chunk.len()].copy_from_slice(chunk);
    u64::from_le_bytes(b) >> (b[7] % 64)
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let words: Vec<u64> = rest.chunks(8).map(word).collect();
    // The room: all of the list when the selector's top bit is clear, otherwise a part.
    let room = |n: usize| {
        if sel & 0x80 == 0 {
            n * 41
        } else {
            usize::from(sel & 0x3f) * 9
        }
    };
    // Bit 6 of the selector negates the words whose own low bit is set.
    let signed = |w: u64| {
        let v = (w >> 1) as i64;
        if sel & 0x40 != 0 && w & 1 == 1 {
            -v
        } else {
            v
        }
    };
    match sel & 7 {
        0 => check(&words, room(words.len())),
        1 => {
            let v: Vec<i64> = words.iter().map(|&w| signed(w)).collect();
            check(&v, room(v.len()))
        }
        2 => {
            let v: Vec<i32> = words.iter().map(|&w| signed(w) as i32).collect();
            check(&v, room(v.len()))
        }
        3 => {
            let v: Vec<u32> = words.iter().map(|&w| w as u32).collect();
            check(&v, room(v.len()))
        }
        4 => {
            let v: Vec<i16> = words.iter().map(|&w| signed(w) as i16).collect();
            check(&v, room(v.len()))
        }
        5 => {
            let v: Vec<i128> = words
                .iter()
                .map(|&w| i128::from(signed(w)) << (w % 3 * 32))
                .collect();
            check(&v, room(v.len()))
        }
        6 => {
            let v: Vec<u128> = words
                .iter()
                .map(|&w| u128::from(w) << (w % 3 * 32))
                .collect();
            check(&v, room(v.len()))
        }
        _ => {
            let v: Vec<isize> = words.iter().map(|&w| signed(w) as isize).collect();
            check(&v, room(v.len()))
        }
    }
});
