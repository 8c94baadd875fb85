//! `parse_number` against `str::parse::<u64>()`/`<f64>()` and an independent grammar check, on
//! generated numbers: integers of 1..25 digits, decimals of 1..20 digits split anywhere,
//! exponents -400..400, canada-like 17-digit values, the special cases, and broken forms with
//! the offset where each breaks. Every text is read at the end of the input (the out-of-line
//! path), followed by padding (the inline path), and inside brackets at a nonzero position.

mod common;
use common::Rng;
use structio_num::{parse_f64, parse_number, NumErrorKind, Number};

/// Fewer cases in an unoptimised build of the `size` configuration, where the `parse_f64` this
/// compares with is exact decimal arithmetic, slow there; otherwise all of them.
const DIV: usize = if cfg!(all(feature = "size", debug_assertions)) {
    20
} else {
    1
};

/// The strict JSON grammar, written independently: `Ok(end)` or `Err(offset of the first byte
/// that breaks it)`.
fn grammar(b: &[u8], pos: usize) -> Result<usize, usize> {
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let digits = |mut i: usize| {
        while at(i).is_ascii_digit() {
            i += 1;
        }
        i
    };
    let mut i = pos;
    if at(i) == b'-' {
        i += 1;
    }
    if at(i) == b'0' {
        i += 1;
        if at(i).is_ascii_digit() {
            return Err(i);
        }
    } else if at(i).is_ascii_digit() {
        i = digits(i);
    } else {
        return Err(i);
    }
    if at(i) == b'.' {
        let d = digits(i + 1);
        if d == i + 1 {
            return Err(d);
        }
        i = d;
    }
    if matches!(at(i), b'e' | b'E') {
        i += 1;
        if matches!(at(i), b'+' | b'-') {
            i += 1;
        }
        let d = digits(i);
        if d == i {
            return Err(d);
        }
        i = d;
    }
    Ok(i)
}

/// What `parse_number` must give for the valid number `s`.
fn expected(s: &str) -> Number {
    let negative = s.starts_with('-');
    let digits = &s[negative as usize..];
    if digits.bytes().all(|b| b.is_ascii_digit())
        && let Ok(magnitude) = digits.parse::<u64>()
    {
        // `str::parse::<i64>` agrees wherever the magnitude fits it.
        if negative && magnitude <= 1 << 63 && magnitude != 0 {
            assert_eq!(s.parse::<i64>().unwrap().unsigned_abs(), magnitude);
        }
        return Number::Int {
            negative,
            magnitude,
        };
    }
    Number::Float(s.parse::<f64>().unwrap())
}

fn same(a: Number, b: Number) -> bool {
    match (a, b) {
        (Number::Float(x), Number::Float(y)) => x.to_bits() == y.to_bits(),
        _ => a == b,
    }
}

/// Reads `s` in the three placements and checks the value, the end, or the error's offset.
fn check(s: &str) {
    let placements = [
        (String::new(), String::new()),
        (
            String::new(),
            ",                                                ".to_string(),
        ),
        ("[".to_string(), "]".to_string()),
        (
            "[".to_string(),
            "]                                              ".to_string(),
        ),
    ];
    for (pre, post) in placements {
        let text = format!("{pre}{s}{post}");
        let b = text.as_bytes();
        let pos = pre.len();
        let got = parse_number(b, pos);
        match grammar(b, pos) {
            Ok(end) => {
                // A broken form may still begin with a whole number ("0x10", "1,5").
                assert!(end <= pos + s.len(), "{text:?}");
                let s = &text[pos..end];
                let want = expected(s);
                let (v, e) = got.unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
                assert!(same(v, want), "{text:?}: {v:?}, want {want:?}");
                assert_eq!(e, end, "{text:?}");
                // The float reader agrees on every valid number.
                let f = parse_f64(b, pos).unwrap();
                assert_eq!(f.1, end);
                assert_eq!(
                    f.0.to_bits(),
                    s.parse::<f64>().unwrap().to_bits(),
                    "{text:?}"
                );
            }
            Err(offset) => {
                let e = got.expect_err(&text);
                assert_eq!(e.kind, NumErrorKind::Invalid, "{text:?}");
                assert_eq!(e.offset, offset, "{text:?}");
                assert_eq!(parse_f64(b, pos).unwrap_err(), e, "{text:?}");
            }
        }
    }
}

fn digit_string(r: &mut Rng, n: usize, lead_nonzero: bool) -> String {
    (0..n)
        .map(|i| {
            let d = if i == 0 && lead_nonzero {
                1 + r.below(9)
            } else {
                r.below(10)
            };
            (b'0' + d as u8) as char
        })
        .collect()
}

fn sign(r: &mut Rng) -> &'static str {
    if r.below(2) == 0 {
        "-"
    } else {
        ""
    }
}

fn integer(r: &mut Rng) -> String {
    let n = 1 + r.below(25) as usize;
    let body = if n == 1 {
        digit_string(r, 1, false)
    } else {
        digit_string(r, n, true)
    };
    format!("{}{body}", sign(r))
}

/// 1..20 significant digits, the point anywhere (a leading `0.` and zeros after it included).
fn decimal(r: &mut Rng) -> String {
    let n = 1 + r.below(20) as usize;
    let digits = digit_string(r, n, true);
    let s = sign(r);
    match r.below(3) {
        0 => {
            let zeros = "0".repeat(r.below(6) as usize);
            format!("{s}0.{zeros}{digits}")
        }
        _ => {
            let k = 1 + r.below(n as u64) as usize;
            let (a, b) = digits.split_at(k);
            if b.is_empty() {
                let k = 1 + r.below(3) as usize;
                format!("{s}{a}.{}", digit_string(r, k, false))
            } else {
                format!("{s}{a}.{b}")
            }
        }
    }
}

fn exponent(r: &mut Rng) -> String {
    let e = r.below(801) as i64 - 400;
    let mark = ["e", "E"][r.below(2) as usize];
    let plus = if e >= 0 && r.below(2) == 0 { "+" } else { "" };
    let zeros = if r.below(8) == 0 { "00" } else { "" };
    if e < 0 {
        format!("{mark}-{zeros}{}", -e)
    } else {
        format!("{mark}{plus}{zeros}{e}")
    }
}

/// canada.json's shape: a sign, two or three integer digits, then fifteen or so fraction
/// digits (seventeen significant digits in all).
fn canada(r: &mut Rng) -> String {
    let int = 1 + r.below(179);
    let frac = 17 - int.to_string().len();
    format!("{}{int}.{}", sign(r), digit_string(r, frac, false))
}

fn valid(r: &mut Rng) -> String {
    match r.below(6) {
        0 => integer(r),
        1 => decimal(r),
        2 => format!("{}{}", decimal(r), exponent(r)),
        3 => format!("{}{}", integer(r), exponent(r)),
        4 => canada(r),
        _ => {
            let v = f64::from_bits(r.next());
            if v.is_finite() {
                format!("{v:e}")
            } else {
                "1".into()
            }
        }
    }
}

/// A valid number with one byte replaced, inserted or removed, or the text cut short.
fn broken(r: &mut Rng) -> String {
    let mut b = valid(r).into_bytes();
    let junk = [b'.', b'e', b'E', b'-', b'+', b'0', b'5', b'x', b' ', b','];
    let i = r.below(b.len() as u64 + 1) as usize;
    let c = junk[r.below(junk.len() as u64) as usize];
    match r.below(4) {
        0 if i < b.len() => b[i] = c,
        1 => b.insert(i, c),
        2 if i < b.len() => {
            b.remove(i);
        }
        _ => b.truncate(i),
    }
    String::from_utf8(b).unwrap()
}

const SPECIAL: &[&str] = &[
    "0",
    "-0",
    "0.0",
    "-0.0",
    "0e0",
    "1e400",
    "-1e400",
    "1e-400",
    "-1e-400",
    "1",
    "-1",
    "9007199254740993",
    "18446744073709551615",
    "18446744073709551616",
    "-18446744073709551615",
    "-18446744073709551616",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "1000000000000000000000000",
    "00000000000000000000000",
    "-65.613616999999977",
    "43.420273000000009",
    "1.7976931348623157e308",
    "1.7976931348623159e308",
    "4.9e-324",
    "2.4703282292062327e-324",
    "2.4703282292062328e-324",
    "1e23",
    "123456789012345678901234567890",
    "0.1e1",
    "1E+2",
    "1e-0",
    "1e00000000000000000000001",
    "-",
    "",
    "+1",
    ".5",
    "1.",
    "01",
    "-01",
    "1e",
    "1e+",
    "1e-",
    "-x",
    "1.x",
    "1ex",
    "--1",
    "1.e5",
    "0x10",
    "1234567890123456.",
    "12345678901234567e",
];

#[test]
fn special_cases() {
    for s in SPECIAL {
        check(s);
    }
}

fn run(seed: u64, count: usize) {
    let mut r = Rng(seed);
    for _ in 0..count {
        let s = if r.below(5) == 0 {
            broken(&mut r)
        } else {
            valid(&mut r)
        };
        check(&s);
    }
}

/// A few hundred thousand generated numbers (each read in four placements), in seconds in
/// debug builds.
#[test]
fn differential() {
    run(0x5eed_0001, 250_000 / DIV);
}

/// Ten million more: `cargo test --release -p structio-num --test number -- --ignored`.
#[test]
#[ignore]
fn differential_10m() {
    run(0x5eed_0002, 10_000_000);
}
