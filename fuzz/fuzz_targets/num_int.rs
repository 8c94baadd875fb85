//! Differential: `parse_int` for every integer type against `str::parse`, at any position, and
//! `write_int` reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use structio_num::{parse_int, write_int, Integer, NumErrorKind};

/// JSON integer grammar: `-?(0|[1-9][0-9]*)`.
fn json_int(s: &[u8]) -> bool {
    let d = s.strip_prefix(b"-").unwrap_or(s);
    !d.is_empty() && d.iter().all(u8::is_ascii_digit) && (d == b"0" || d[0] != b'0')
}

fn check<T>(input: &[u8], pos: usize)
where
    T: Integer + core::str::FromStr + PartialEq + core::fmt::Debug + Copy,
{
    let got = parse_int::<T>(input, pos);
    let tail = input.get(pos..).unwrap_or(&[]);
    let len = tail
        .iter()
        .enumerate()
        .position(|(i, &b)| !(b.is_ascii_digit() || (i == 0 && b == b'-')))
        .unwrap_or(tail.len());
    let num = &tail[..len];
    let next = tail.get(len).copied();
    match got {
        Ok((v, end)) => {
            assert_eq!(end, pos + len, "end of {num:?}");
            assert!(json_int(num), "accepted {num:?}");
            assert!(!matches!(next, Some(b'.' | b'e' | b'E')));
            let s = core::str::from_utf8(num).unwrap();
            let std: T = s
                .parse()
                .ok()
                .expect("str::parse rejects what parse_int read");
            assert_eq!(v, std, "{s}");
            let mut buf = [0u8; 40];
            let n = write_int(v, &mut buf);
            let back = parse_int::<T>(&buf[..n], 0).expect("written int reads back");
            assert_eq!(back, (v, n));
        }
        Err(e) => {
            // Past the end, the error is at `pos` itself.
            assert!(e.offset >= pos.min(input.len()), "{e:?}");
            assert!(e.offset <= input.len().max(pos), "{e:?}");
            if json_int(num) && !matches!(next, Some(b'.' | b'e' | b'E')) {
                // Only a value out of range (or `-0`, `-N` for unsigned) may fail.
                let s = core::str::from_utf8(num).unwrap();
                let std = s.parse::<T>();
                assert!(
                    std.is_err() || s.starts_with('-'),
                    "parse_int rejected {s} ({e:?}), str::parse gives Ok: {}",
                    std.is_ok()
                );
                if e.kind == NumErrorKind::Overflow {
                    assert!(std.is_err(), "{s}: overflow but str::parse fits it");
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (&sel, rest) = match data.split_first() {
        Some(x) => x,
        None => return,
    };
    // The selector byte's high bits offset the start, so positions inside the input are tried.
    let pos = usize::from(sel >> 4);
    match sel & 15 {
        0 => check::<u8>(rest, pos),
        1 => check::<u16>(rest, pos),
        2 => check::<u32>(rest, pos),
        3 => check::<u64>(rest, pos),
        4 => check::<u128>(rest, pos),
        5 => check::<usize>(rest, pos),
        6 => check::<i8>(rest, pos),
        7 => check::<i16>(rest, pos),
        8 => check::<i32>(rest, pos),
        9 => check::<i64>(rest, pos),
        10 => check::<i128>(rest, pos),
        11 => check::<isize>(rest, pos),
        _ => {
            check::<u64>(rest, pos);
            check::<i64>(rest, pos);
            check::<i128>(rest, pos);
        }
    }
});
