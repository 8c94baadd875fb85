//! The float writer against ryu's shortest digits, Glaze's layout, and `str::parse`.

mod common;
use common::*;

/// Fewer cases in an unoptimised build of the `size` configuration, whose exact decimal
/// arithmetic is slow there; the speed configuration and optimised builds run them all.
const DIV: u64 = if cfg!(all(feature = "size", debug_assertions)) {
    20
} else {
    1
};

fn check64(v: f64) {
    if !v.is_finite() {
        return;
    }
    let s = w64(v);
    assert_eq!(s, expected64(v), "bits {:#x}", v.to_bits());
    assert_eq!(s.parse::<f64>().unwrap().to_bits(), v.to_bits(), "{s}");
}

fn check32(v: f32) {
    if !v.is_finite() {
        return;
    }
    let s = w32(v);
    assert_eq!(s, expected32(v), "bits {:#x}", v.to_bits());
    assert_eq!(s.parse::<f32>().unwrap().to_bits(), v.to_bits(), "{s}");
}

fn random64(n: u64, seed: u64) {
    let mut r = Rng(seed);
    for _ in 0..n {
        check64(f64::from_bits(r.next()));
    }
}

fn random32(n: u64, seed: u64) {
    let mut r = Rng(seed);
    for _ in 0..n {
        check32(f32::from_bits(r.next() as u32));
    }
}

#[test]
fn f64_edges() {
    let mut v = vec![
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::EPSILON,
        5e-324,
        1e-323,
        f64::from_bits(0x000f_ffff_ffff_ffff),
        0.1,
        0.3,
        1.0 / 3.0,
        9007199254740991.0,
        9007199254740992.0,
        9007199254740993.0,
        1e23,
        123456.789,
        1234.56,
    ];
    // Every power of two and of ten, around each exponent threshold of the layout.
    for e in -1074..=1023 {
        v.push(2f64.powi(e));
    }
    for e in -325..=308 {
        v.push(format!("1e{e}").parse().unwrap());
        v.push(format!("9.999999999999999e{e}").parse().unwrap());
        v.push(format!("1.5e{e}").parse().unwrap());
    }
    for t in 1..1000u64 {
        v.push(f64::from_bits(t));
        v.push(t as f64);
        v.push(t as f64 / 1000.0);
    }
    for x in v {
        check64(x);
        check64(-x);
        check64(f64::from_bits(x.to_bits() + 1));
        check64(f64::from_bits(x.to_bits().saturating_sub(1)));
    }
}

#[test]
fn f32_edges() {
    let mut v = vec![
        f32::MIN_POSITIVE,
        f32::MAX,
        f32::EPSILON,
        0.1,
        16777216.0,
        16777217.0,
    ];
    for e in -149..=127 {
        v.push(2f32.powi(e));
    }
    for e in -46..=38 {
        v.push(format!("1e{e}").parse().unwrap());
    }
    for t in 1..1000u32 {
        v.push(f32::from_bits(t));
        v.push(t as f32);
    }
    for x in v {
        check32(x);
        check32(-x);
        check32(f32::from_bits(x.to_bits() + 1));
        check32(f32::from_bits(x.to_bits().saturating_sub(1)));
    }
}

#[test]
fn f64_random_sample() {
    random64(200_000 / DIV, 0x9e37_79b9_7f4a_7c15);
}

#[test]
fn f32_random_sample() {
    random32(200_000 / DIV, 0x1234_5678_9abc_def1);
}

/// Values whose layout is fixed notation (`0.0001` to `999999999999999.9`) and just past it:
/// random bit patterns have a decimal exponent in that range about once in a hundred, so they
/// get their own sample, of both kinds of value real documents hold: random binary fractions
/// (17 significant digits) and short decimals (a few digits, many integers).
fn fixed_notation(n: u64, seed: u64) {
    let mut r = Rng(seed);
    for _ in 0..n {
        let x = r.next();
        // A binary exponent from 2^-20 to 2^56 (decimal exponents -7 to 16).
        let biased = 1023 - 20 + (x >> 52) % 77;
        let v = f64::from_bits(biased << 52 | (x & ((1 << 52) - 1)));
        check64(v);
        check64(-v);
        zmij_agrees64(v);
        // A decimal of 1 to 17 digits with 0 to 8 of them after the point.
        let digits = 1 + (x >> 8) % 17;
        let m = r.next() % 10u64.pow(digits as u32);
        let d = f64::from(10u32.pow((x % 9) as u32));
        check64(m as f64 / d);
        zmij_agrees64(-(m as f64) / d);
        let f = f32::from_bits(r.next() as u32 % (30 << 23) + (112 << 23));
        check32(f);
        zmij_agrees32(f);
    }
}

#[test]
fn fixed_notation_sample() {
    fixed_notation(200_000 / DIV, 0x5eed_f1fe);
}

#[test]
#[ignore]
fn fixed_notation_full() {
    fixed_notation(10_000_000, 0x5eed_f1ff);
}

/// The full run: `cargo test --release -p structio-num --test float_write -- --ignored`.
#[test]
#[ignore]
fn f64_random_full() {
    random64(10_000_000, 0xdead_beef_cafe_f00d);
}

#[test]
#[ignore]
fn f32_random_full() {
    random32(1_000_000, 0x0bad_5eed_0bad_5eed);
}

/// Glaze writes floats with zmij (`glaze/util/zmij.hpp`); the `zmij` crate is the same
/// algorithm, so its digits are the ones Glaze prints.
fn zmij_agrees64(v: f64) {
    if !v.is_finite() {
        return;
    }
    let mut b = zmij::Buffer::new();
    let (d, e) = normalize(b.format_finite(v));
    assert_eq!(
        w64(v),
        glaze_layout(v.is_sign_negative(), &d, e, 15),
        "bits {:#x}",
        v.to_bits()
    );
}

fn zmij_agrees32(v: f32) {
    if !v.is_finite() {
        return;
    }
    let mut b = zmij::Buffer::new();
    let (d, e) = normalize(b.format_finite(v));
    assert_eq!(
        w32(v),
        glaze_layout(v.is_sign_negative(), &d, e, 6),
        "bits {:#x}",
        v.to_bits()
    );
}

#[test]
fn same_digits_as_zmij() {
    let mut r = Rng(0x7a31);
    for _ in 0..200_000 / DIV {
        zmij_agrees64(f64::from_bits(r.next()));
        zmij_agrees32(f32::from_bits(r.next() as u32));
    }
    for e in -1074..=1023 {
        zmij_agrees64(2f64.powi(e));
    }
    for t in 1..2000u64 {
        zmij_agrees64(f64::from_bits(t));
        zmij_agrees32(f32::from_bits(t as u32));
    }
}

#[test]
#[ignore]
fn same_digits_as_zmij_full() {
    let mut r = Rng(0x7a32);
    for _ in 0..10_000_000 {
        zmij_agrees64(f64::from_bits(r.next()));
    }
    for _ in 0..1_000_000 {
        zmij_agrees32(f32::from_bits(r.next() as u32));
    }
}
