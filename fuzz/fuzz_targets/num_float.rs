//! Differential: `parse_f64`/`parse_f32` (strict and lenient) and `parse_number` (the tree
//! reader's: integers kept whole) against `str::parse`, and `write_f64`/`write_f32` read back to
//! the same bits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use structio_num::{
    parse_f32, parse_f32_lenient, parse_f64, parse_f64_lenient, parse_number, write_f32, write_f64,
    Number,
};

/// The length of the longest prefix of `s` that is a JSON number
/// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`), if any. Each part only extends the one
/// before it, so one greedy pass finds it, however long the number (a number of thousands of
/// digits must not be cut short: the byte after a cut would be a digit, which breaks the
/// grammar).
fn longest_number(s: &[u8]) -> Option<usize> {
    let digit = |i: usize| s.get(i).is_some_and(u8::is_ascii_digit);
    let mut i = usize::from(s.first() == Some(&b'-'));
    match s.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            while digit(i) {
                i += 1;
            }
        }
        _ => return None,
    }
    if s.get(i) == Some(&b'.') && digit(i + 1) {
        i += 1;
        while digit(i) {
            i += 1;
        }
    }
    if matches!(s.get(i), Some(b'e' | b'E')) {
        let mut k = i + 1;
        if matches!(s.get(k), Some(b'+' | b'-')) {
            k += 1;
        }
        if digit(k) {
            while digit(k) {
                k += 1;
            }
            i = k;
        }
    }
    Some(i)
}

fn same64(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fn same32(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    // Bytes as bits: every float writes and reads back exactly.
    if rest.len() >= 8 {
        let v = f64::from_le_bytes(rest[..8].try_into().unwrap());
        let mut buf = [0u8; 32];
        let n = write_f64(v, &mut buf);
        if v.is_finite() {
            let (back, end) = parse_f64(&buf[..n], 0).expect("written f64 reads back");
            assert!(same64(back, v) && end == n, "{v:?} wrote {:?}", &buf[..n]);
            let std: f64 = core::str::from_utf8(&buf[..n]).unwrap().parse().unwrap();
            assert!(same64(std, v));
        }
        let w = f32::from_le_bytes(rest[..4].try_into().unwrap());
        let n = write_f32(w, &mut buf);
        if w.is_finite() {
            let (back, end) = parse_f32(&buf[..n], 0).expect("written f32 reads back");
            assert!(same32(back, w) && end == n, "{w:?} wrote {:?}", &buf[..n]);
        }
    }
    let pos = usize::from(sel & 7);
    let tail = rest.get(pos..).unwrap_or(&[]);
    let expect = longest_number(tail);
    let r64 = parse_f64(rest, pos);
    let r32 = parse_f32(rest, pos);
    let rn = parse_number(rest, pos);
    match expect {
        Some(len) => {
            let s = core::str::from_utf8(&tail[..len]).unwrap();
            let std64: f64 = s.parse().unwrap();
            let std32: f32 = s.parse().unwrap();
            // Where the longest number is followed by a byte that would continue it (`1.`,
            // `1e`, `1.5e+`, `01`), the grammar breaks: an error. Any other byte ends it.
            let num = &tail[..len];
            let has_frac = num.contains(&b'.');
            let has_exp = num.iter().any(|&b| b == b'e' || b == b'E');
            let next = tail.get(len).copied();
            let breaks = match next {
                Some(b'.') => !has_frac && !has_exp,
                Some(b'e' | b'E') => !has_exp,
                Some(b'0'..=b'9') => true,
                _ => false,
            };
            if breaks {
                assert!(r64.is_err(), "{s:?} then {next:?}: {r64:?}");
                assert!(r32.is_err(), "{s:?} then {next:?}: {r32:?}");
                assert!(rn.is_err(), "{s:?} then {next:?}: {rn:?}");
                return;
            }
            // parse_number: an integer that fits u64 stays one (its sign apart), anything else
            // is the f64 that str::parse gives.
            let (n, end) = rn.unwrap_or_else(|e| panic!("parse_number rejected {s:?}: {e:?}"));
            assert_eq!(end, pos + len, "{s:?}");
            let negative = s.starts_with('-');
            let whole = s.trim_start_matches('-').parse::<u64>().ok();
            match n {
                Number::Int {
                    negative: sign,
                    magnitude,
                } => {
                    assert!(!has_frac && !has_exp, "{s:?} read as an integer");
                    assert_eq!((sign, Some(magnitude)), (negative, whole), "{s:?}");
                }
                Number::Float(v) => {
                    assert!(
                        has_frac || has_exp || whole.is_none(),
                        "{s:?} read as a float"
                    );
                    assert!(
                        same64(v, std64),
                        "{s:?}: parse_number {v:?}, str::parse {std64:?}"
                    );
                }
            }
            let (v, end) = r64.unwrap_or_else(|e| panic!("parse_f64 rejected {s:?}: {e:?}"));
            assert_eq!(end, pos + len, "{s:?}");
            assert!(
                same64(v, std64),
                "{s:?}: parse_f64 {v:?}, str::parse {std64:?}"
            );
            let (w, end) = r32.unwrap_or_else(|e| panic!("parse_f32 rejected {s:?}: {e:?}"));
            assert_eq!(end, pos + len, "{s:?}");
            assert!(
                same32(w, std32),
                "{s:?}: parse_f32 {w:?}, str::parse {std32:?}"
            );
        }
        None => {
            assert!(r64.is_err(), "parse_f64 accepted {tail:?}: {r64:?}");
            assert!(r32.is_err(), "parse_f32 accepted {tail:?}: {r32:?}");
            assert!(rn.is_err(), "parse_number accepted {tail:?}: {rn:?}");
        }
    }
    // Lenient: whatever it reads, str::parse reads the same (after a leading `+`, which Rust
    // also accepts).
    if let Ok((v, end)) = parse_f64_lenient(rest, pos) {
        let s = core::str::from_utf8(&rest[pos..end]).expect("lenient read non-ASCII");
        let std: f64 = s
            .parse()
            .unwrap_or_else(|e| panic!("lenient read {s:?}: {e}"));
        assert!(same64(v, std), "lenient {s:?}: {v:?} vs {std:?}");
    }
    if let Ok((v, end)) = parse_f32_lenient(rest, pos) {
        let s = core::str::from_utf8(&rest[pos..end]).expect("lenient read non-ASCII");
        let std: f32 = s
            .parse()
            .unwrap_or_else(|e| panic!("lenient read {s:?}: {e}"));
        assert!(same32(v, std), "lenient {s:?}: {v:?} vs {std:?}");
    }
});
