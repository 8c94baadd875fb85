//! Integer parsing and writing against `str::parse` and `to_string`, for every width.

mod common;
use common::Rng;
use core::fmt::Debug;
use core::str::FromStr;
use structio_num::*;

/// The documented behaviour, written the plain way.
fn reference<T: FromStr>(input: &[u8], pos: usize, signed: bool) -> Result<(T, usize), NumError> {
    let at = |i: usize| input.get(i).copied().unwrap_or(0);
    let inv = |offset| {
        Err(NumError {
            kind: NumErrorKind::Invalid,
            offset,
        })
    };
    if pos > input.len() {
        return inv(pos);
    }
    let neg = at(pos) == b'-';
    if neg && !signed {
        return inv(pos);
    }
    let start = pos + neg as usize;
    let mut i = start;
    while at(i).is_ascii_digit() {
        i += 1;
    }
    if i == start {
        return inv(start);
    }
    if at(start) == b'0' && i > start + 1 {
        return inv(start + 1);
    }
    if matches!(at(i), b'.' | b'e' | b'E') {
        return inv(i);
    }
    match core::str::from_utf8(&input[pos..i]).unwrap().parse::<T>() {
        Ok(v) => Ok((v, i)),
        Err(_) => Err(NumError {
            kind: NumErrorKind::Overflow,
            offset: pos,
        }),
    }
}

fn check<T: Integer + FromStr + PartialEq + Debug + ToString>(
    input: &[u8],
    pos: usize,
    signed: bool,
) {
    let got = parse_int::<T>(input, pos);
    let want = reference::<T>(input, pos, signed);
    assert_eq!(got, want, "{:?} at {pos}", String::from_utf8_lossy(input));
    if let Ok((v, _)) = got {
        let mut out = [0u8; 40];
        let n = write_int(v, &mut out);
        assert_eq!(&out[..n], v.to_string().as_bytes());
    }
}

fn check_all(text: &str) {
    // Short inputs take the out-of-line path, padded ones the word-at-a-time path.
    for suffix in [
        "",
        ",",
        "]                   ",
        ".5                  ",
        "e1",
        "0000000000000000000000",
        "x",
    ] {
        for prefix in ["", "[", " -"] {
            let s = format!("{prefix}{text}{suffix}");
            let b = s.as_bytes();
            let p = prefix.len();
            check::<u8>(b, p, false);
            check::<u16>(b, p, false);
            check::<u32>(b, p, false);
            check::<u64>(b, p, false);
            check::<u128>(b, p, false);
            check::<usize>(b, p, false);
            check::<i8>(b, p, true);
            check::<i16>(b, p, true);
            check::<i32>(b, p, true);
            check::<i64>(b, p, true);
            check::<i128>(b, p, true);
            check::<isize>(b, p, true);
        }
    }
}

#[test]
fn boundaries_of_every_width() {
    let mut cases: Vec<String> = Vec::new();
    for v in [
        u8::MAX as u128,
        u16::MAX as u128,
        u32::MAX as u128,
        u64::MAX as u128,
        i8::MAX as u128,
        i16::MAX as u128,
        i32::MAX as u128,
        i64::MAX as u128,
        i128::MAX as u128,
        u128::MAX,
    ] {
        for d in [v - 1, v, v.wrapping_add(1), v.wrapping_add(2)] {
            cases.push(d.to_string());
            cases.push(format!("-{d}"));
        }
        cases.push(format!("{v}0"));
    }
    cases.push("340282366920938463463374607431768211456".into());
    cases.push("-170141183460469231731687303715884105729".into());
    cases.push("9".repeat(60));
    for c in &cases {
        check_all(c);
    }
}

#[test]
fn every_digit_count() {
    let mut r = Rng(7);
    for digits in 1..=40 {
        for _ in 0..50 {
            let mut s = String::new();
            s.push((b'1' + r.below(9) as u8) as char);
            for _ in 1..digits {
                s.push((b'0' + r.below(10) as u8) as char);
            }
            check_all(&s);
            check_all(&format!("-{s}"));
        }
    }
}

#[test]
fn grammar() {
    for s in [
        "0",
        "-0",
        "00",
        "01",
        "-01",
        "-",
        "--1",
        "+1",
        "",
        " 1",
        "1.",
        "1e5",
        "1E5",
        "0.0",
        "-a",
        "0x10",
        "1-",
        "12345678901234567",
        "000000000000000000",
    ] {
        check_all(s);
    }
    // Positions past the end.
    for pos in 0..5 {
        check::<u64>(b"12", pos, false);
        check::<i64>(b"-2", pos, true);
    }
}

#[test]
fn writes_every_width() {
    let mut r = Rng(11);
    let mut out = [0u8; 40];
    for _ in 0..100_000 {
        let bits = r.next() as u128 | (r.next() as u128) << 64;
        let shift = r.below(128) as u32;
        let v = bits >> shift;
        let n = write_int(v, &mut out);
        assert_eq!(&out[..n], v.to_string().as_bytes());
        let n = write_int(v as i128, &mut out);
        assert_eq!(&out[..n], (v as i128).to_string().as_bytes());
        let n = write_int(v as u64, &mut out);
        assert_eq!(&out[..n], (v as u64).to_string().as_bytes());
        let n = write_int(v as i64, &mut out);
        assert_eq!(&out[..n], (v as i64).to_string().as_bytes());
        let n = write_int(v as i32, &mut out);
        assert_eq!(&out[..n], (v as i32).to_string().as_bytes());
        let n = write_int(v as u8, &mut out);
        assert_eq!(&out[..n], (v as u8).to_string().as_bytes());
    }
    for v in [
        0,
        1,
        9,
        10,
        99,
        100,
        9_999_999,
        10_000_000,
        99_999_999,
        100_000_000,
        u64::MAX,
    ] {
        let n = write_int(v, &mut out);
        assert_eq!(&out[..n], v.to_string().as_bytes());
    }
    for v in [i64::MIN, i64::MIN + 1, -1, 0, i64::MAX] {
        let n = write_int(v, &mut out);
        assert_eq!(&out[..n], v.to_string().as_bytes());
    }
    let n = write_int(i128::MIN, &mut out);
    assert_eq!(&out[..n], i128::MIN.to_string().as_bytes());
}

/// `write_int_uninit` writes the same text into a window that was never initialized, and the
/// bytes it reports are all the caller reads.
#[test]
fn writes_into_uninitialized_windows() {
    use core::mem::MaybeUninit;
    let mut r = Rng(12);
    for _ in 0..100_000 {
        let bits = r.next() as u128 | (r.next() as u128) << 64;
        let v = bits >> r.below(128) as u32;
        let mut out = [MaybeUninit::<u8>::uninit(); 40];
        let text = |out: &[MaybeUninit<u8>; 40], n: usize| -> Vec<u8> {
            // SAFETY: `write_int_uninit` initializes the first `n` bytes it returns.
            out[..n]
                .iter()
                .map(|b| unsafe { b.assume_init() })
                .collect()
        };
        let n = write_int_uninit(v as i128, &mut out);
        assert_eq!(text(&out, n), (v as i128).to_string().as_bytes());
        let n = write_int_uninit(v as u64, &mut out);
        assert_eq!(text(&out, n), (v as u64).to_string().as_bytes());
        let n = write_int_uninit(v as i16, &mut out);
        assert_eq!(text(&out, n), (v as i16).to_string().as_bytes());
    }
}

/// `from_magnitude` agrees with reading the same sign and digits, for every width, at each
/// width's bounds and on random magnitudes of every digit count.
#[test]
fn from_magnitude_agrees_with_parsing() {
    fn both<T: Integer + PartialEq + Debug>(mag: u64) {
        for neg in [false, true] {
            let text = format!("{}{mag}", if neg { "-" } else { "" });
            let parsed = parse_int::<T>(text.as_bytes(), 0).ok().map(|(v, _)| v);
            assert_eq!(T::from_magnitude(mag, neg), parsed, "{text}");
        }
    }
    let mut mags = vec![0, 1, 9, 10, u64::MAX, u64::MAX - 1];
    for b in [
        u8::MAX as u64,
        u16::MAX as u64,
        u32::MAX as u64,
        i64::MAX as u64,
    ] {
        mags.extend([b - 1, b, b + 1, b / 2, b / 2 + 1, b / 2 + 2]);
    }
    let mut r = Rng(11);
    for digits in 1..=20 {
        for _ in 0..200 {
            mags.push(r.next() % 10u64.saturating_pow(digits));
        }
    }
    for &m in &mags {
        both::<u8>(m);
        both::<u16>(m);
        both::<u32>(m);
        both::<u64>(m);
        both::<u128>(m);
        both::<usize>(m);
        both::<i8>(m);
        both::<i16>(m);
        both::<i32>(m);
        both::<i64>(m);
        both::<i128>(m);
        both::<isize>(m);
    }
}

/// `digits_value` of the first `n` digits, whatever follows them, against `str::parse`.
#[test]
fn digits_value_of_every_count() {
    let mut r = Rng(13);
    for _ in 0..100_000 {
        let block: [u8; 16] = core::array::from_fn(|_| b'0' + r.below(10) as u8);
        let mut noisy = block;
        let n = r.below(17) as usize;
        if n < 16 {
            noisy[n] = b",]x-."[r.below(5) as usize];
        }
        let want = core::str::from_utf8(&block[..n])
            .unwrap()
            .parse::<u64>()
            .unwrap_or(0);
        assert_eq!(digits_value(&noisy, n), want, "{:?} {n}", block);
    }
}
