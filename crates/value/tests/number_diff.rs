//! The tree reader's numbers against `str::parse`: a non-negative integer is a `u64`, a negative
//! one an `i64` if it fits, `-0` and everything else the correctly rounded `f64`; a magnitude
//! past `f64` is `NumberOutOfRange` at the number's start; a broken number is `InvalidNumber`
//! (`UnexpectedEnd` at the end of the input) at the byte that breaks it. Each text is read
//! alone and as an array element among others.

use structio_json::ErrorKind;
use structio_value::{from_slice, Value};

use structio_testkit::Rng;

/// The strict grammar: `Ok(end)` or `Err(offset of the first byte that breaks it)`.
fn grammar(b: &[u8], pos: usize) -> Result<usize, usize> {
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let digits = |mut i: usize| {
        while at(i).is_ascii_digit() {
            i += 1;
        }
        i
    };
    let mut i = pos + (at(pos) == b'-') as usize;
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
        i += matches!(at(i), b'+' | b'-') as usize;
        let d = digits(i);
        if d == i {
            return Err(d);
        }
        i = d;
    }
    Ok(i)
}

/// What the tree must hold for the whole valid number `s`: `Ok(value)` or the out-of-range error.
fn expected(s: &str) -> Option<Value> {
    let negative = s.starts_with('-');
    let digits = &s[negative as usize..];
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        if !negative {
            if let Ok(u) = s.parse::<u64>() {
                return Some(Value::from(u));
            }
        } else if let Ok(i) = s.parse::<i64>()
            && s != "-0"
        {
            return Some(Value::from(i));
        }
    }
    let f = s.parse::<f64>().unwrap();
    f.is_finite().then(|| Value::from(f))
}

fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        _ if a.is_f64() != b.is_f64() || a.is_u64() != b.is_u64() => false,
        (Some(x), Some(y)) if a.is_f64() => x.to_bits() == y.to_bits(),
        _ => a.as_u64() == b.as_u64() && a.as_i64() == b.as_i64(),
    }
}

fn check(s: &str) {
    // Only a `-` or a digit starts a number; anything else is the tree reader's own error.
    if !s.starts_with(|c: char| c == '-' || c.is_ascii_digit()) {
        return;
    }
    for (pre, post) in [
        ("", ""),
        ("[0,", ",1]"),
        ("[", "]"),
        ("[", " ,2,3,4,5,6,7,8,9,10,11]"),
    ] {
        let text = format!("{pre}{s}{post}");
        let b = text.as_bytes();
        let pos = pre.len();
        let got = from_slice(b);
        match grammar(b, pos) {
            Ok(end) if end == pos + s.len() => {
                let v = match &got {
                    Ok(v) if pre.is_empty() => v,
                    Ok(v) => &v[pos / 2],
                    Err(e) => {
                        assert!(expected(s).is_none(), "{text:?}: {e:?}");
                        assert_eq!((e.kind(), e.offset()), (ErrorKind::NumberOutOfRange, pos));
                        continue;
                    }
                };
                let want = expected(s).unwrap_or_else(|| panic!("{text:?} should be out of range"));
                assert!(same(v, &want), "{text:?}: {v:?}, want {want:?}");
            }
            // A whole number followed by something else: not this test's concern.
            Ok(_) => {}
            Err(offset) => {
                let e = got.expect_err(&text);
                let kind = if offset >= b.len() {
                    ErrorKind::UnexpectedEnd
                } else {
                    ErrorKind::InvalidNumber
                };
                assert_eq!((e.kind(), e.offset()), (kind, offset), "{text:?}");
            }
        }
    }
}

fn digit_string(r: &mut Rng, n: usize) -> String {
    (0..n)
        .map(|i| (b'0' + (r.below(10) as u8 + (i == 0) as u8).min(9)) as char)
        .collect()
}

fn number(r: &mut Rng) -> String {
    let sign = ["", "-"][r.below(2) as usize];
    let n = 1 + r.below(25) as usize;
    let int = digit_string(r, n);
    let s = match r.below(5) {
        0 | 1 => format!("{sign}{int}"),
        2 => {
            let f = 1 + r.below(20) as usize;
            format!("{sign}{}.{}", &int[..n.min(3)], digit_string(r, f))
        }
        3 => {
            let e = r.below(801) as i64 - 400;
            let f = 1 + r.below(17) as usize;
            format!("{sign}{}.{}e{e}", &int[..1], digit_string(r, f))
        }
        _ => format!("{sign}{}.{}", 1 + r.below(179), digit_string(r, 15)),
    };
    if r.below(6) != 0 {
        return s;
    }
    // Broken: one byte replaced, inserted or removed, or the text cut short.
    let mut b = s.into_bytes();
    let junk = [b'.', b'e', b'-', b'+', b'0', b'x'];
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

#[test]
fn special_numbers() {
    for s in [
        "0",
        "-0",
        "0.0",
        "-0.0",
        "1e400",
        "-1e400",
        "1e-400",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "-18446744073709551615",
        "100000000000000000000000",
        "-65.613616999999977",
        "01",
        "1.",
        ".5",
        "-",
        "1e",
        "+1",
        "-x",
        "1e+",
    ] {
        check(s);
    }
}

#[test]
fn differential() {
    let mut r = Rng::new(0x7a1e_0001);
    for _ in 0..30_000 {
        check(&number(&mut r));
    }
}
