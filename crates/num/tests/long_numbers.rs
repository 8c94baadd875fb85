//! Numbers of any length: mantissas of 10^4 to 10^7 digits whose exponent brings them back into
//! range, long runs of leading and trailing zeros, exponents past `i64` and `u64`, and halfway
//! points decided only by a digit millions of places along. Every parser must give the correctly
//! rounded value.
//!
//! The references: for halfway points, the float each side of the point, known from how the
//! text was built; everywhere else `str::parse` of the same value written as `0.DIGITS` with a
//! short exponent. `str::parse` on the texts themselves is only a reference while their written
//! exponent stays below 655,360: Rust saturates a longer one before it counts the digits, so it
//! reads a million ones then `e-1000000` as infinity (it is 0.111...) and `0.`, a hundred
//! thousand zeros, then `1e+99999999999999999999` as 0.01 (it is infinity).

mod common;

use common::Rng;
use structio_num::{
    parse_f32, parse_f32_lenient, parse_f64, parse_f64_lenient, parse_int, parse_number,
    NumErrorKind, Number,
};

/// How the digits and the point are laid out; the exponent written is whatever keeps the value.
#[derive(Clone, Copy, Debug)]
enum Form {
    /// `0.`, `lead` zeros, the digits, `trail` zeros.
    Fraction { lead: usize, trail: usize },
    /// The digits and `trail` zeros, no point.
    Integer { trail: usize },
    /// The point after `at` digits (`1 <= at < len`), `trail` zeros after the digits.
    Point { at: usize, trail: usize },
    /// Lenient grammar only: `lead` zeros before the digits, no point, `trail` zeros.
    LeadingZeros { lead: usize, trail: usize },
}

/// How the exponent is written.
#[derive(Clone, Copy, Debug)]
enum Exp {
    /// `e-17`, `e17`.
    Plain,
    /// `E-17`, `E+17`.
    UpperSigned,
    /// `e-` or `e+`, then that many zeros, then the digits.
    Zeros(usize),
}

fn zeros(n: usize) -> String {
    "0".repeat(n)
}

/// The text of `sign * 0.sig * 10^point` in `form`, its exponent written as `exp`.
fn render(neg: bool, sig: &str, point: i128, form: Form, exp: Exp) -> String {
    let len = sig.len() as i128;
    let mut t = String::with_capacity(sig.len() + 64);
    if neg {
        t.push('-');
    }
    let e = match form {
        Form::Fraction { lead, trail } => {
            t.push_str("0.");
            t.push_str(&zeros(lead));
            t.push_str(sig);
            t.push_str(&zeros(trail));
            point + lead as i128
        }
        Form::Integer { trail } => {
            t.push_str(sig);
            t.push_str(&zeros(trail));
            point - len - trail as i128
        }
        Form::Point { at, trail } => {
            assert!(at >= 1 && at < sig.len());
            t.push_str(&sig[..at]);
            t.push('.');
            t.push_str(&sig[at..]);
            t.push_str(&zeros(trail));
            point - at as i128
        }
        Form::LeadingZeros { lead, trail } => {
            t.push_str(&zeros(lead));
            t.push_str(sig);
            t.push_str(&zeros(trail));
            point - len - trail as i128
        }
    };
    match exp {
        Exp::Plain => t.push_str(&format!("e{e}")),
        Exp::UpperSigned => t.push_str(&format!("E{}{}", if e < 0 { '-' } else { '+' }, e.abs())),
        Exp::Zeros(z) => {
            t.push_str(if e < 0 { "e-" } else { "e+" });
            t.push_str(&zeros(z));
            t.push_str(&e.abs().to_string());
        }
    }
    t
}

/// The correctly rounded `0.sig * 10^point` (`sig` starting with a nonzero digit) from
/// `str::parse` of a text whose exponent is short. Beyond 400 places either way every such value
/// is zero or infinite in both formats.
fn reference(sig: &str, point: i128) -> (f64, f32) {
    assert!(sig.starts_with(|c: char| ('1'..='9').contains(&c)));
    if point > 400 {
        return (f64::INFINITY, f32::INFINITY);
    }
    if point < -400 {
        return (0.0, 0.0);
    }
    let t = format!("0.{sig}e{point}");
    (t.parse().unwrap(), t.parse().unwrap())
}

/// The text's first and last bytes, for messages about texts of millions of bytes.
fn show(t: &str) -> String {
    if t.len() <= 80 {
        return t.to_string();
    }
    format!("{}...{} ({} bytes)", &t[..40], &t[t.len() - 30..], t.len())
}

/// Whether `str::parse` reads `t` exactly: its written exponent is below 655,360 (see the top of
/// the file).
fn std_is_exact(t: &str) -> bool {
    // From the end: the texts run to millions of digits.
    let Some(i) = t.bytes().rposition(|b| b | 0x20 == b'e') else {
        return true;
    };
    let e = t[i + 1..]
        .trim_start_matches(['+', '-'])
        .trim_start_matches('0');
    e.len() < 6 || (e.len() == 6 && e < "655360")
}

/// Every strict reader gives `want` (with the sign of the text) and ends at the end of `t`;
/// `str::parse` agrees where it is exact.
fn check(t: &str, want: (f64, f32)) {
    let b = t.as_bytes();
    let (v, end) = parse_f64(b, 0).unwrap_or_else(|e| panic!("parse_f64 {}: {e:?}", show(t)));
    assert_eq!(
        (v.to_bits(), end),
        (want.0.to_bits(), b.len()),
        "parse_f64 {}: {v:?}, want {:?}",
        show(t),
        want.0
    );
    let (w, end) = parse_f32(b, 0).unwrap_or_else(|e| panic!("parse_f32 {}: {e:?}", show(t)));
    assert_eq!(
        (w.to_bits(), end),
        (want.1.to_bits(), b.len()),
        "parse_f32 {}: {w:?}, want {:?}",
        show(t),
        want.1
    );
    match parse_number(b, 0) {
        Ok((Number::Float(v), end)) => assert_eq!(
            (v.to_bits(), end),
            (want.0.to_bits(), b.len()),
            "parse_number {}: {v:?}, want {:?}",
            show(t),
            want.0
        ),
        other => panic!("parse_number {}: {other:?}", show(t)),
    }
    if std_is_exact(t) {
        let s64: f64 = t.parse().unwrap();
        let s32: f32 = t.parse().unwrap();
        assert_eq!(s64.to_bits(), want.0.to_bits(), "str::parse {}", show(t));
        assert_eq!(s32.to_bits(), want.1.to_bits(), "str::parse {}", show(t));
    }
}

/// The lenient readers give `want` on `t` (which may be outside the strict grammar).
fn check_lenient(t: &str, want: (f64, f32)) {
    let b = t.as_bytes();
    let (v, end) = parse_f64_lenient(b, 0).unwrap();
    assert_eq!(
        (v.to_bits(), end),
        (want.0.to_bits(), b.len()),
        "parse_f64_lenient {}: {v:?}",
        show(t)
    );
    let (w, end) = parse_f32_lenient(b, 0).unwrap();
    assert_eq!(
        (w.to_bits(), end),
        (want.1.to_bits(), b.len()),
        "parse_f32_lenient {}: {w:?}",
        show(t)
    );
}

fn negate(want: (f64, f32)) -> (f64, f32) {
    (-want.0, -want.1)
}

/// `n` random digits, the first nonzero.
fn random_digits(rng: &mut Rng, n: usize) -> String {
    let mut b: Vec<u8> = (0..n)
        .map(|_| b'0' + (rng.next() >> 59) as u8 % 10)
        .collect();
    if let Some(first) = b.first_mut() {
        *first = b'1' + (*first - b'0') % 9;
    }
    String::from_utf8(b).unwrap()
}

#[test]
fn the_issues_examples() {
    // `0.`, 100,000 zeros, `1e100001`: read as 0.1 when the exponent was clamped first.
    let t = format!("0.{}1e100001", zeros(100_000));
    check(&t, (1.0, 1.0));
    check(&format!("-{t}"), (-1.0, -1.0));
    // 100,309 ones and `e-100309`: read as 1.1111111111111112e308 (infinite as f32).
    let ones = "1".repeat(100_309);
    let want = reference(&ones, 0);
    assert_eq!(want.0, 0.1111111111111111);
    check(&format!("{ones}e-100309"), want);
    // Longer ones were out of range.
    let ones = "1".repeat(1_000_000);
    check(&format!("{ones}e-1000000"), reference(&ones, 0));
    check(&format!("{ones}e-999692"), reference(&ones, 308));
    check(&format!("{ones}e-999691"), reference(&ones, 309));
    check(&format!("{ones}e-999690"), (f64::INFINITY, f32::INFINITY));
}

/// One random mantissa of ten million digits (generated once), and its prefixes of 10^4 to
/// 10^6 digits, in every layout with exponents that cancel them, around the ends of both
/// formats' ranges. The longer the text, the fewer layouts: each check reads it three times.
#[test]
fn mantissas_of_ten_thousand_to_ten_million_digits() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let all = random_digits(&mut rng, 10_000_000);
    let every_point = [
        1, 0, -7, 39, -37, -45, 309, 308, -307, -323, -324, 400, -400,
    ];
    for n in [10_000, 100_000, 1_000_000] {
        let sig = &all[..n];
        let points: &[i128] = if n < 1_000_000 {
            &every_point
        } else {
            &[1, 309, -323]
        };
        for &point in points {
            let want = reference(sig, point);
            let exp = if point % 2 == 0 {
                Exp::Plain
            } else {
                Exp::UpperSigned
            };
            check(
                &render(false, sig, point, Form::Integer { trail: 0 }, exp),
                want,
            );
            let at = Form::Point {
                at: n / 2,
                trail: 0,
            };
            check(&render(true, sig, point, at, exp), negate(want));
            if n < 1_000_000 {
                let f = Form::Fraction { lead: 3, trail: 5 };
                check(&render(false, sig, point, f, exp), want);
                let f = Form::Point { at: 1, trail: 2 };
                check(&render(false, sig, point, f, Exp::Zeros(9)), want);
            }
        }
    }
    // Ten million digits, their exponent cancelling all of them or half of them.
    let want = reference(&all, 1);
    check(
        &render(false, &all, 1, Form::Integer { trail: 0 }, Exp::Plain),
        want,
    );
    let half = Form::Point {
        at: 5_000_000,
        trail: 0,
    };
    check(
        &render(false, &all, -320, half, Exp::Plain),
        reference(&all, -320),
    );
}

/// Long runs of zeros before and after a few significant digits, the exponent cancelling them.
#[test]
fn leading_and_trailing_zeros() {
    let sigs = [
        "1",
        "5",
        "17976931348623157",
        "17976931348623159",
        "49406564584124654",
        "2470328229206232720882",
        "22250738585072011",
        "340282356779733661637539395458142568448",
        "11754942",
        "7",
    ];
    let every_point = [1, 309, -323, 39, -44];
    for run in [10_000, 100_000, 1_000_000] {
        // The longer the run, the fewer cases.
        let (sigs, points): (&[&str], &[i128]) = match run {
            10_000 => (&sigs, &every_point),
            100_000 => (&sigs, &[1, -323]),
            _ => (&sigs[..3], &[1, 309]),
        };
        for sig in sigs {
            for &point in points {
                let want = reference(sig, point);
                let exp = Exp::Plain;
                let lead = Form::Fraction {
                    lead: run,
                    trail: 0,
                };
                check(&render(false, sig, point, lead, exp), want);
                check(
                    &render(false, sig, point, Form::Integer { trail: run }, exp),
                    want,
                );
                if run < 1_000_000 {
                    let mixed = Form::Fraction {
                        lead: run,
                        trail: run / 3,
                    };
                    check(
                        &render(true, sig, point, mixed, Exp::UpperSigned),
                        negate(want),
                    );
                    let lenient = Form::LeadingZeros {
                        lead: run,
                        trail: 7,
                    };
                    check_lenient(&render(false, sig, point, lenient, exp), want);
                }
            }
        }
    }
    // Runs of ten million zeros: before the digits, and after them.
    let max = "17976931348623157";
    let lead = Form::Fraction {
        lead: 10_000_000,
        trail: 0,
    };
    check(
        &render(false, max, 309, lead, Exp::Plain),
        (f64::MAX, f32::INFINITY),
    );
    let trail = Form::Integer { trail: 10_000_000 };
    check(
        &render(false, "5", -323, trail, Exp::Plain),
        reference("5", -323),
    );
    // Zeros alone, with any exponent, are zero of the text's sign.
    for t in [
        format!("0.{}e1000000000", zeros(1_000_000)),
        format!("0.{}e-99999999999999999999999", zeros(1000)),
        format!("0e{}", "9".repeat(100_000)),
    ] {
        check(&t, (0.0, 0.0));
        check(&format!("-{t}"), (-0.0, -0.0));
    }
    // Ten thousand nines: the carry of rounding runs through all of them.
    let nines = "9".repeat(10_000);
    check(&format!("{nines}e-10000"), (1.0, 1.0));
    check(&format!("0.{}{nines}e999999", zeros(999_999)), (1.0, 1.0));
}

/// Exponents written past `i64` and `u64`, and exponents of many digits.
#[test]
fn huge_exponents() {
    let inf = (f64::INFINITY, f32::INFINITY);
    let zero = (0.0, 0.0);
    let cases: Vec<(String, (f64, f32))> = vec![
        ("1e-99999999999999999999".into(), zero),
        ("1e99999999999999999999".into(), inf),
        ("1e+99999999999999999999".into(), inf),
        // i64::MAX, i64::MAX + 1, u64::MAX, u64::MAX + 1 and far past.
        ("1e9223372036854775807".into(), inf),
        ("1e-9223372036854775808".into(), zero),
        ("1e18446744073709551615".into(), inf),
        ("1e-18446744073709551615".into(), zero),
        ("1e18446744073709551616".into(), inf),
        ("1e-18446744073709551616".into(), zero),
        (format!("1e{}", "9".repeat(1000)), inf),
        (format!("1e-{}", "9".repeat(1_000_000)), zero),
        // No number of zeros a slice can hold brings these back.
        (format!("0.{}1e+99999999999999999999", zeros(100_000)), inf),
        (
            format!("0.{}1e+99999999999999999999", zeros(1_000_000)),
            inf,
        ),
        (format!("1{}e-99999999999999999999", zeros(1_000_000)), zero),
        (format!("0.{}1e18446744073709551616", zeros(1_000_000)), inf),
        (
            format!("{}e-18446744073709551616", "9".repeat(1_000_000)),
            zero,
        ),
        // An exponent of a million digits, mostly leading zeros, of a small value.
        (format!("1e-{}1", zeros(1_000_000)), (0.1, 0.1)),
        (format!("25e+{}0", zeros(1_000_000)), (25.0, 25.0)),
        (
            format!("0.{}3e{}100001", zeros(100_000), zeros(500_000)),
            (3.0, 3.0),
        ),
    ];
    for (t, want) in cases {
        check(&t, want);
        if t.len() < 100_000 {
            check(&format!("-{t}"), negate(want));
            check_lenient(&format!("+{t}"), want);
        }
    }
}

/// A little decimal bignum, base 10^9 limbs, least significant first.
struct Big(Vec<u64>);

impl Big {
    fn new(mut v: u64) -> Self {
        let mut limbs = vec![v % 1_000_000_000];
        v /= 1_000_000_000;
        while v > 0 {
            limbs.push(v % 1_000_000_000);
            v /= 1_000_000_000;
        }
        Big(limbs)
    }

    fn mul(&mut self, f: u64) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let x = *limb * f + carry;
            *limb = x % 1_000_000_000;
            carry = x / 1_000_000_000;
        }
        while carry > 0 {
            self.0.push(carry % 1_000_000_000);
            carry /= 1_000_000_000;
        }
    }

    fn digits(&self) -> String {
        let mut s = self.0.last().unwrap().to_string();
        for limb in self.0.iter().rev().skip(1) {
            s.push_str(&format!("{limb:09}"));
        }
        s
    }
}

/// The exact point halfway between the float of `bits` and the next one up, as
/// `(digits, point)` for `0.digits * 10^point` without trailing zeros. `mbits` is the format's
/// explicit mantissa bits, `emin` the exponent of a subnormal's unit (-1074 or -149).
fn midpoint(bits: u64, mbits: u32, emin: i32) -> (String, i128) {
    let frac = bits & ((1 << mbits) - 1);
    let biased = (bits >> mbits) as i32;
    let (m, e) = if biased == 0 {
        (frac, emin)
    } else {
        (frac | 1 << mbits, emin + biased - 1)
    };
    // (2m + 1) * 2^(e - 1), with 2^-k = 5^k * 10^-k below one.
    let mut n = Big::new(2 * m + 1);
    let k = e - 1;
    let (factor, times) = if k >= 0 { (2, k) } else { (5, -k) };
    for _ in 0..times {
        n.mul(factor);
    }
    let digits = n.digits();
    let point = digits.len() as i128 + i128::from(k.min(0));
    (digits.trim_end_matches('0').to_string(), point)
}

/// `0.digits * 10^point` with its last digit one less and `nines` nines after: just below it,
/// as `(digits, point)`. A midpoint of one digit is 1 (10^23 is one): then the nines alone.
fn just_below(digits: &str, point: i128, nines: usize) -> (String, i128) {
    let (head, last) = digits.split_at(digits.len() - 1);
    let last = char::from(last.as_bytes()[0] - 1);
    let s = format!("{head}{last}{}", "9".repeat(nines));
    match s.strip_prefix('0') {
        Some(rest) => (rest.to_string(), point - 1),
        None => (s, point),
    }
}

/// A midpoint, `0.digits * 10^point`, read exactly (to even), with `run` zeros then a 1 after it
/// (up), and with its last digit one less then `run` nines (down); each in two layouts, one with
/// `run` more zeros after the digits and the exponent cancelling them.
fn check_halfway(
    neg: bool,
    digits: &str,
    point: i128,
    run: usize,
    lo: (f64, f32),
    hi: (f64, f32),
    even: (f64, f32),
) {
    let s = |x: (f64, f32)| if neg { negate(x) } else { x };
    let up = format!("{digits}{}1", zeros(run));
    let (down, down_point) = just_below(digits, point, run);
    let cases = [
        (digits.to_string(), point, even),
        (up, point, hi),
        (down, down_point, lo),
    ];
    for (sig, p, want) in cases {
        let lead = run % 1000;
        let f = Form::Fraction { lead, trail: run };
        check(&render(neg, &sig, p, f, Exp::Plain), s(want));
        check(
            &render(neg, &sig, p, Form::Integer { trail: 0 }, Exp::Plain),
            s(want),
        );
    }
}

#[test]
fn halfway_points_at_any_length() {
    let mut rng = Rng(0x5151_7e57_0dd5_eed5);
    // f64: the ends of the range, both sides of the subnormals, around 2^53, and random.
    let mut f64_bits: Vec<u64> = vec![
        0,
        1,
        0x000f_ffff_ffff_ffff,
        0x0010_0000_0000_0000,
        f64::MAX.to_bits(),
        1.0f64.to_bits(),
        9007199254740992.0f64.to_bits(),
        // 10^23 is exactly halfway between these two.
        1e23f64.to_bits(),
        1e23f64.to_bits() - 1,
        0.1f64.to_bits(),
    ];
    for _ in 0..24 {
        f64_bits.push(rng.next() % f64::MAX.to_bits());
    }
    for (i, &bits) in f64_bits.iter().enumerate() {
        let (digits, point) = midpoint(bits, 52, -1074);
        let lo64 = f64::from_bits(bits);
        let hi64 = f64::from_bits(bits + 1);
        let even64 = if bits & 1 == 0 { lo64 } else { hi64 };
        // The f32 answers come from the reference; the f64 ones from the construction only.
        let with32 = |v: f64, sig: &str, p: i128| (v, reference(sig, p).1);
        let run = match i {
            0..=1 => 1_000_000,
            2..=9 => 10_000 + (rng.next() % 100_000) as usize,
            _ => 1 + (rng.next() % 20_000) as usize,
        };
        let (below, below_point) = just_below(&digits, point, run);
        let lo = with32(lo64, &below, below_point);
        let hi = with32(hi64, &format!("{digits}{}1", zeros(run)), point);
        let even = with32(even64, &digits, point);
        check_halfway(i % 2 == 1, &digits, point, run, lo, hi, even);
    }
    // f32: its own midpoints, the f64 answers from the reference.
    let mut f32_bits: Vec<u32> = vec![
        0,
        1,
        0x007f_ffff,
        0x0080_0000,
        f32::MAX.to_bits(),
        1.0f32.to_bits(),
    ];
    for _ in 0..24 {
        f32_bits.push((rng.next() % u64::from(f32::MAX.to_bits())) as u32);
    }
    for (i, &bits) in f32_bits.iter().enumerate() {
        let (digits, point) = midpoint(u64::from(bits), 23, -149);
        let lo32 = f32::from_bits(bits);
        let hi32 = f32::from_bits(bits + 1);
        let even32 = if bits & 1 == 0 { lo32 } else { hi32 };
        let with64 = |v: f32, sig: &str, p: i128| (reference(sig, p).0, v);
        let run = if i < 1 {
            1_000_000
        } else {
            1 + (rng.next() % 20_000) as usize
        };
        let (below, below_point) = just_below(&digits, point, run);
        let lo = with64(lo32, &below, below_point);
        let hi = with64(hi32, &format!("{digits}{}1", zeros(run)), point);
        let even = with64(even32, &digits, point);
        check_halfway(i % 2 == 0, &digits, point, run, lo, hi, even);
    }
    // One f64 midpoint decided by a 1 ten million places after it.
    let (digits, point) = midpoint(1.0f64.to_bits(), 52, -1074);
    let t = format!(
        "{digits}{}1e{}",
        zeros(10_000_000),
        point - digits.len() as i128 - 10_000_001
    );
    let want = (f64::from_bits(1.0f64.to_bits() + 1), 1.0f32);
    check(&t, want);
    let t = format!(
        "{digits}{}e{}",
        zeros(10_000_000),
        point - digits.len() as i128 - 10_000_000
    );
    check(&t, (1.0, 1.0));
}

/// Random digits, layouts, runs of zeros and exponent spellings against the reference.
#[test]
fn random_long_numbers() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    // A length from 1 to about 10^max, spread evenly over the powers of ten.
    let log_len = |rng: &mut Rng, max: u32| {
        let p = rng.below(u64::from(max) + 1) as u32;
        1 + rng.below(10u64.pow(p)) as usize
    };
    // Digits up to 10^4 (10^5 one time in sixteen) and runs of zeros up to 2 * 10^5: past the
    // 100,000 places where the exponent used to be clamped often enough to find that.
    for _ in 0..3000 {
        let longest = if rng.below(16) == 0 { 5 } else { 4 };
        let n = log_len(&mut rng, longest);
        let mut sig = random_digits(&mut rng, n);
        // Sometimes mostly zeros or mostly nines, where carries and sticky digits matter.
        match rng.below(4) {
            0 => {
                let fill = if rng.below(2) == 0 { b'0' } else { b'9' };
                let mut b = sig.into_bytes();
                for d in b.iter_mut().skip(1) {
                    if rng.below(16) != 0 {
                        *d = fill;
                    }
                }
                sig = String::from_utf8(b).unwrap();
            }
            1 => sig = format!("{}{}", &sig[..n.min(20)], zeros(n.saturating_sub(20))),
            _ => {}
        }
        let sig = sig.trim_end_matches('0');
        let point: i128 = match rng.below(8) {
            0 => rng.below(2_000_000) as i128 - 1_000_000,
            // Past i64 and u64 as often as not.
            1 => {
                let mag = i128::from(rng.next()) << rng.below(40);
                if rng.below(2) == 0 {
                    mag
                } else {
                    -mag
                }
            }
            _ => rng.below(700) as i128 - 360,
        };
        // A run of zeros: none, up to 10^5, or (one time in thirty-two) past 10^5.
        let run = |rng: &mut Rng| match rng.below(96) {
            0..=2 => 100_000 + log_len(rng, 5),
            3..=31 => log_len(rng, 5),
            _ => 0,
        };
        let lead = run(&mut rng);
        let trail = run(&mut rng);
        let form = match rng.below(4) {
            0 => Form::Fraction { lead, trail },
            1 => Form::Integer { trail },
            2 if sig.len() > 1 => Form::Point {
                at: 1 + rng.below(sig.len() as u64 - 1) as usize,
                trail,
            },
            _ => Form::Fraction { lead: 0, trail },
        };
        let exp = match rng.below(3) {
            0 => Exp::Plain,
            1 => Exp::UpperSigned,
            _ => Exp::Zeros(log_len(&mut rng, 3)),
        };
        let neg = rng.below(2) == 0;
        let want = reference(sig, point);
        let want = if neg { negate(want) } else { want };
        let t = render(neg, sig, point, form, exp);
        check(&t, want);
        if !neg && rng.below(4) == 0 {
            check_lenient(
                &render(false, sig, point, Form::LeadingZeros { lead, trail }, exp),
                want,
            );
        }
    }
}

/// The integer readers: a number of a million digits is out of range at its first byte, and
/// one with a fraction or an exponent after a million digits is invalid where they start.
#[test]
fn long_integers() {
    let big = format!("1{}", zeros(1_000_000));
    for t in [big.clone(), format!("-{big}")] {
        let e = parse_int::<i64>(t.as_bytes(), 0).unwrap_err();
        assert_eq!((e.kind, e.offset), (NumErrorKind::Overflow, 0));
        let e = parse_int::<u128>(big.as_bytes(), 0).unwrap_err();
        assert_eq!((e.kind, e.offset), (NumErrorKind::Overflow, 0));
    }
    let t = format!("{big}e-1000000");
    let e = parse_int::<u64>(t.as_bytes(), 0).unwrap_err();
    assert_eq!((e.kind, e.offset), (NumErrorKind::Invalid, big.len()));
    // parse_number: an integer past u64 is its f64 however long.
    assert_eq!(
        parse_number(big.as_bytes(), 0),
        Ok((Number::Float(f64::INFINITY), big.len()))
    );
}
