//! Shared helpers of the integration tests: a seeded generator and a reference float layout.
#![allow(dead_code)]

/// xorshift64*: a fixed seed gives the same sample on every run, with no `rand` dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Significant digits (no leading or trailing zeros) and scientific exponent of a number's text.
pub fn normalize(s: &str) -> (String, i32) {
    let s = s.trim_start_matches('-');
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i32>().unwrap()),
        None => (s, 0),
    };
    let point = mant.find('.').unwrap_or(mant.len()) as i32;
    let all: String = mant.chars().filter(|c| *c != '.').collect();
    let lead = all.len() - all.trim_start_matches('0').len();
    let digits = all
        .trim_start_matches('0')
        .trim_end_matches('0')
        .to_string();
    if digits.is_empty() {
        return ("0".into(), 0);
    }
    (digits, exp + point - lead as i32 - 1)
}

/// Glaze's JSON layout of `digits * 10^e` (scientific), written independently of the crate.
pub fn glaze_layout(neg: bool, digits: &str, e: i32, max_fixed: i32) -> String {
    let mut s = String::new();
    if neg {
        s.push('-');
    }
    if digits == "0" {
        s.push('0');
        return s;
    }
    let n = digits.len() as i32;
    if (0..=max_fixed).contains(&e) {
        if n <= e + 1 {
            s.push_str(digits);
            s.push_str(&"0".repeat((e + 1 - n) as usize));
        } else {
            s.push_str(&digits[..(e + 1) as usize]);
            s.push('.');
            s.push_str(&digits[(e + 1) as usize..]);
        }
    } else if (-4..0).contains(&e) {
        s.push_str("0.");
        s.push_str(&"0".repeat((-e - 1) as usize));
        s.push_str(digits);
    } else {
        s.push_str(&digits[..1]);
        if n > 1 {
            s.push('.');
            s.push_str(&digits[1..]);
        }
        s.push('E');
        s.push_str(&e.to_string());
    }
    s
}

pub fn w64(v: f64) -> String {
    let mut out = [0u8; 32];
    let n = structio_num::write_f64(v, &mut out);
    String::from_utf8(out[..n].to_vec()).unwrap()
}

pub fn w32(v: f32) -> String {
    let mut out = [0u8; 32];
    let n = structio_num::write_f32(v, &mut out);
    String::from_utf8(out[..n].to_vec()).unwrap()
}

/// What Glaze writes for a finite `f64`: ryu's shortest digits in Glaze's layout.
pub fn expected64(v: f64) -> String {
    let mut b = ryu::Buffer::new();
    let (d, e) = normalize(b.format_finite(v));
    glaze_layout(v.is_sign_negative(), &d, e, 15)
}

/// The same for `f32`.
pub fn expected32(v: f32) -> String {
    let mut b = ryu::Buffer::new();
    let (d, e) = normalize(b.format_finite(v));
    glaze_layout(v.is_sign_negative(), &d, e, 6)
}
