//! The float reader against `str::parse` on every string: our own output, ryu's, core's
//! shortest and 17-20 significant digits, random decimals, halfway cases and 800-digit inputs.

mod common;
use common::*;
use structio_num::*;

/// Fewer cases in an unoptimised build of the `size` configuration, whose exact decimal
/// arithmetic is slow there; the speed configuration and optimised builds run them all.
const DIV: u64 = if cfg!(all(feature = "size", debug_assertions)) {
    20
} else {
    1
};

/// Both readers, with the number at the end of the input (out-of-line path) and followed by
/// padding (inline path).
fn check(s: &str) {
    let want64 = s.parse::<f64>().unwrap();
    let want32 = s.parse::<f32>().unwrap();
    for pad in ["", ",                                                  "] {
        let text = format!("{s}{pad}");
        let b = text.as_bytes();
        let (v, end) = parse_f64(b, 0).unwrap_or_else(|e| panic!("{s:?}: {e:?}"));
        assert_eq!(v.to_bits(), want64.to_bits(), "{s:?}");
        assert_eq!(end, s.len(), "{s:?}");
        let (v, end) = parse_f32(b, 0).unwrap_or_else(|e| panic!("{s:?}: {e:?}"));
        assert_eq!(v.to_bits(), want32.to_bits(), "f32 {s:?}");
        assert_eq!(end, s.len());
        let (v, _) = parse_f64_lenient(b, 0).unwrap();
        assert_eq!(v.to_bits(), want64.to_bits(), "lenient {s:?}");
        let (v, _) = parse_f32_lenient(b, 0).unwrap();
        assert_eq!(v.to_bits(), want32.to_bits(), "lenient f32 {s:?}");
    }
}

/// Every text form of `v`, including ones with more digits than needed.
fn forms64(v: f64) {
    if !v.is_finite() {
        return;
    }
    check(&w64(v));
    check(ryu::Buffer::new().format_finite(v));
    check(&format!("{v:e}"));
    for p in [16, 17, 18, 19, 20, 25] {
        check(&format!("{v:.p$e}"));
    }
}

fn forms32(v: f32) {
    if !v.is_finite() {
        return;
    }
    let s = w32(v);
    assert_eq!(
        parse_f32(s.as_bytes(), 0).unwrap().0.to_bits(),
        v.to_bits(),
        "{s}"
    );
    check(&s);
    check(&format!("{v:.8e}"));
    check(&format!("{v:.12e}"));
}

fn random_decimal(r: &mut Rng) -> String {
    let range = if r.below(4) == 0 { 40 } else { 20 };
    let digits = 1 + r.below(range) as usize;
    let mut s = String::new();
    if r.below(2) == 0 {
        s.push('-');
    }
    let mut d: String = (0..digits)
        .map(|_| (b'0' + r.below(10) as u8) as char)
        .collect();
    if d.len() > 1 {
        let first = (b'1' + r.below(9) as u8) as char;
        d.replace_range(0..1, &first.to_string());
    }
    let point = r.below(digits as u64 + 1) as usize;
    if point == 0 || point == digits {
        s.push_str(&d);
    } else {
        s.push_str(&d[..point]);
        s.push('.');
        s.push_str(&d[point..]);
    }
    if r.below(2) == 0 {
        let e = r.below(700) as i64 - 350;
        s.push_str(&format!("e{e}"));
    }
    s
}

#[test]
fn edges() {
    for s in [
        "0",
        "-0",
        "0.0",
        "-0.0e5",
        "1",
        "1.5",
        "1e5",
        "1E-5",
        "1e+5",
        "2.2250738585072014e-308",
        "2.2250738585072011e-308",
        "4.9406564584124654e-324",
        "5e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "1e308",
        "1e309",
        "1e400",
        "1e-400",
        "-1e400",
        "1e00000000000000000000000000001",
        "0e99999999999999999999",
        "1e-99999999999999999999",
        "9007199254740993",
        "9007199254740992.5",
        "123456789012345678901234567890",
        "0.000000000000000000000000000000000000000000001",
        "3.4028235e38",
        "3.4028236e38",
        "1.4e-45",
        "7.0e-46",
        "1.17549435e-38",
        "1234.56",
        "0.1",
        "0.30000000000000004",
        "100000000000000000000000",
        "1e23",
        "8.98846567431158e307",
        "0.0123456789012345678",
        "0.01234567890123456789",
        "12345678901234567.5",
    ] {
        check(s);
    }
}

#[test]
fn rejects_what_strict_json_rejects() {
    for s in [
        "01", "-01", "1.", ".5", "+1", "-", "1e", "1e+", "1E-", "", "-.5", "00.5", "1.e5", "inf",
        "nan", "-x",
    ] {
        for pad in ["", "                    "] {
            let t = format!("{s}{pad}");
            assert!(parse_f64(t.as_bytes(), 0).is_err(), "{s:?}");
            assert!(parse_f32(t.as_bytes(), 0).is_err(), "{s:?}");
        }
    }
    assert_eq!(parse_f64(b"1.x", 0).unwrap_err().offset, 2);
    assert_eq!(parse_f64(b"[01]", 1).unwrap_err().offset, 2);
    assert_eq!(parse_f64(b"1", 2).unwrap_err().kind, NumErrorKind::Invalid);
    for s in ["+1", ".5", "1.", "007", "-.5e3", "+0.", "00.5"] {
        assert_eq!(
            parse_f64_lenient(s.as_bytes(), 0).unwrap().0,
            s.parse::<f64>().unwrap(),
            "{s}"
        );
    }
    for s in [".", "+", "-.", "e5", ".e5", "1e"] {
        assert!(parse_f64_lenient(s.as_bytes(), 0).is_err(), "{s:?}");
    }
}

#[test]
fn halfway_cases() {
    let mut r = Rng(99);
    for _ in 0..20_000 / DIV {
        // (2c + 1) * 2^k is exactly halfway between two doubles when c has 53 bits.
        let c = (1u128 << 52) | (r.next() as u128 & ((1 << 52) - 1));
        let odd = 2 * c + 1;
        let k = r.below(60) as u32;
        if k < 20 {
            check(&(odd << k).to_string());
        }
        // Negative powers: odd / 2^j = odd * 5^j / 10^j, exact in u128 for j <= 25.
        let j = 1 + r.below(24) as u32;
        let digits = (odd * 5u128.pow(j)).to_string();
        let (int, frac) = digits.split_at(digits.len().saturating_sub(j as usize));
        let int = if int.is_empty() { "0" } else { int };
        let frac = format!("{frac:0>width$}", width = j as usize);
        check(&format!("{int}.{frac}"));
        // Just above and below halfway.
        check(&format!("{int}.{frac}1"));
        check(&format!(
            "{int}.{frac}00000000000000000000000000000000000001"
        ));
        check(&format!("{int}.{}9", &frac[..frac.len() - 1]));
    }
}

#[test]
fn eight_hundred_digits() {
    let mut r = Rng(5);
    for _ in 0..200 {
        let n = 700 + r.below(200) as usize;
        let d: String = (0..n).map(|_| (b'0' + r.below(10) as u8) as char).collect();
        let d = format!("{}{}", 1 + r.below(9), &d[1..]);
        check(&d);
        check(&format!("0.{d}"));
        check(&format!("{}.{}e-300", &d[..1], &d[1..]));
        check(&format!("{}.{}e-700", &d[..300], &d[300..]));
    }
    // The smallest subnormal's halfway point, followed by a one at the 800th digit.
    let half = "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125";
    check(half);
    check(&format!("{half}{}1", "0".repeat(800 - half.len())));
}

fn random64(n: u64, seed: u64) {
    let mut r = Rng(seed);
    for _ in 0..n {
        forms64(f64::from_bits(r.next()));
        check(&random_decimal(&mut r));
    }
}

fn random32(n: u64, seed: u64) {
    let mut r = Rng(seed);
    for _ in 0..n {
        forms32(f32::from_bits(r.next() as u32));
    }
}

#[test]
fn random_sample() {
    random64(20_000 / DIV, 0x0123_4567_89ab_cdef);
    random32(50_000 / DIV, 0x0fed_cba9_8765_4321);
}

/// The full run: `cargo test --release -p structio-num --test float_parse -- --ignored`.
#[test]
#[ignore]
fn random_full() {
    random64(10_000_000, 0x5151_5151_5151_5151);
    random32(1_000_000, 0x7272_7272_7272_7272);
}

/// Fractions of `0.` and up to nineteen places (so up to nineteen digits with the integer's
/// `0`, or twenty), whose leading zeros leave the mantissa inside a `u64`: the inline path
/// takes those of nineteen places, and every one must be the correctly rounded value.
#[test]
fn zero_point_and_nineteen_places() {
    let mut r = Rng(0x0019);
    for _ in 0..200_000 {
        let places = 15 + r.below(6) as usize;
        let zeros = r.below(places as u64 - 1) as usize;
        let mut s = String::from(if r.below(2) == 0 { "0." } else { "-0." });
        s.extend(std::iter::repeat_n('0', zeros));
        for _ in zeros..places {
            s.push((b'0' + r.below(10) as u8) as char);
        }
        if r.below(4) == 0 {
            s.push_str(&format!("e{}", r.below(40) as i32 - 20));
        }
        check(&s);
    }
}
