//! structio-num against itoa, ryu, zmij, core formatting, fast-float2 and `str::parse`, per
//! value over arrays of 10,000 values, all in one run.
//!
//! `RUSTFLAGS="-C target-cpu=native" cargo bench -p structio-benches --bench num -- --warm-up-time 1 --measurement-time 2`
//!
//! Writers format each value into a stack buffer and fold its length and last byte into an
//! accumulator, so every digit has to be produced. Readers walk one comma-separated text; the
//! `str::parse` peer is handed the numbers already split (it cannot find its own end), which
//! flatters it slightly.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::fmt::Write as _;
use std::hint::black_box;

const N: usize = 10_000;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// 1 to 7 digits, each length equally likely (as in the reference documents).
fn u64_short(r: &mut Rng) -> Vec<u64> {
    (0..N)
        .map(|_| {
            let digits = 1 + r.next() % 7;
            let lo = if digits == 1 {
                0
            } else {
                10u64.pow(digits as u32 - 1)
            };
            lo + r.next() % (10u64.pow(digits as u32) - lo)
        })
        .collect()
}

fn u64_13(r: &mut Rng) -> Vec<u64> {
    (0..N)
        .map(|_| 1_000_000_000_000 + r.next() % 9_000_000_000_000)
        .collect()
}

fn i64_short(r: &mut Rng) -> Vec<i64> {
    u64_short(r)
        .into_iter()
        .map(|v| {
            if r.next() & 1 == 1 {
                -(v as i64)
            } else {
                v as i64
            }
        })
        .collect()
}

fn f64_arbitrary(r: &mut Rng) -> Vec<f64> {
    let mut v = Vec::with_capacity(N);
    while v.len() < N {
        let x = f64::from_bits(r.next());
        if x.is_finite() {
            v.push(x);
        }
    }
    v
}

/// Like 1234.56: up to six digits before the point and two after.
fn f64_short(r: &mut Rng) -> Vec<f64> {
    (0..N)
        .map(|_| (r.next() % 100_000_000) as f64 / 100.0)
        .collect()
}

struct Sink {
    buf: [u8; 400],
    len: usize,
}
impl std::fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let b = s.as_bytes();
        self.buf[self.len..self.len + b.len()].copy_from_slice(b);
        self.len += b.len();
        Ok(())
    }
}

fn core_fmt<T: std::fmt::Display>(v: T, s: &mut Sink) -> usize {
    s.len = 0;
    let _ = write!(s, "{v}");
    s.len + s.buf[s.len - 1] as usize
}

/// Floats through `{:e}`: shortest digits like the others (`{}` spells out every digit of
/// 1e300).
fn core_fmt_exp(v: f64, s: &mut Sink) -> usize {
    s.len = 0;
    let _ = write!(s, "{v:e}");
    s.len + s.buf[s.len - 1] as usize
}

macro_rules! write_ints {
    ($c:expr, $name:expr, $vals:expr, $t:ty) => {{
        let vals: Vec<$t> = $vals;
        let mut g = $c.benchmark_group(concat!("write/", $name));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("structio", |b| {
            b.iter(|| {
                let mut out = [0u8; 40];
                let mut acc = 0usize;
                for &v in black_box(&vals) {
                    let n = structio_num::write_int(v, &mut out);
                    acc += n + out[n - 1] as usize;
                }
                acc
            })
        });
        // The whole array as one comma-separated list (the JSON writer's compact arrays).
        let mut list = vec![core::mem::MaybeUninit::<u8>::uninit(); N * 41];
        g.bench_function("structio_list", |b| {
            b.iter(|| {
                let (count, len) = structio_num::write_int_list(black_box(&vals), b',', &mut list);
                count + len
            })
        });
        g.bench_function("itoa", |b| {
            b.iter(|| {
                let mut buf = itoa::Buffer::new();
                let mut acc = 0usize;
                for &v in black_box(&vals) {
                    let s = buf.format(v).as_bytes();
                    acc += s.len() + s[s.len() - 1] as usize;
                }
                acc
            })
        });
        g.bench_function("core_fmt", |b| {
            b.iter(|| {
                let mut s = Sink {
                    buf: [0; 400],
                    len: 0,
                };
                let mut acc = 0usize;
                for &v in black_box(&vals) {
                    acc += core_fmt(v, &mut s);
                }
                acc
            })
        });
        g.finish();
    }};
}

macro_rules! write_floats {
    ($c:expr, $name:expr, $vals:expr) => {{
        let vals: Vec<f64> = $vals;
        let mut g = $c.benchmark_group(concat!("write/", $name));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("structio", |b| {
            b.iter(|| {
                let mut out = [0u8; 32];
                let mut acc = 0usize;
                for &v in black_box(&vals) {
                    let n = structio_num::write_f64(v, &mut out);
                    acc += n + out[n - 1] as usize;
                }
                acc
            })
        });
        g.bench_function("zmij", |b| {
            b.iter(|| {
                let mut buf = zmij::Buffer::new();
                let mut acc = 0usize;
                for &v in black_box(&vals) {
                    let s = buf.format_finite(v).as_bytes();
                    acc += s.len() + s[s.len() - 1] as usize;
                }
                acc
            })
        });
        g.bench_function("ryu", |b| {
            b.iter(|| {
                let mut buf = ryu::Buffer::new();
                let mut acc = 0usize;
                for &v in black_box(&vals) {
                    let s = buf.format_finite(v).as_bytes();
                    acc += s.len() + s[s.len() - 1] as usize;
                }
                acc
            })
        });
        g.bench_function("core_fmt", |b| {
            b.iter(|| {
                let mut s = Sink {
                    buf: [0; 400],
                    len: 0,
                };
                let mut acc = 0usize;
                for &v in black_box(&vals) {
                    acc += core_fmt_exp(v, &mut s);
                }
                acc
            })
        });
        g.finish();
    }};
}

/// The values as one comma-separated text (with a tail so the last value is not special) and
/// as separate strings.
fn text<T: std::fmt::Display>(vals: &[T]) -> (Vec<u8>, Vec<String>) {
    let strs: Vec<String> = vals.iter().map(|v| v.to_string()).collect();
    let mut t = strs.join(",").into_bytes();
    t.extend_from_slice(b"]                                ");
    (t, strs)
}

/// Floats as JSON writers emit them (shortest round trip).
fn float_text(vals: &[f64]) -> (Vec<u8>, Vec<String>) {
    let strs: Vec<String> = vals
        .iter()
        .map(|v| ryu::Buffer::new().format_finite(*v).to_string())
        .collect();
    let mut t = strs.join(",").into_bytes();
    t.extend_from_slice(b"]                                ");
    (t, strs)
}

macro_rules! read_ints {
    ($c:expr, $name:expr, $vals:expr, $t:ty) => {{
        let vals: Vec<$t> = $vals;
        let (t, strs) = text(&vals);
        let mut g = $c.benchmark_group(concat!("read/", $name));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("structio", |b| {
            b.iter(|| {
                let t = black_box(&t[..]);
                let mut pos = 0;
                let mut acc: $t = 0;
                for _ in 0..N {
                    let (v, end) = structio_num::parse_int::<$t>(t, pos).unwrap();
                    acc = acc.wrapping_add(v);
                    pos = end + 1;
                }
                acc
            })
        });
        g.bench_function("str_parse", |b| {
            b.iter(|| {
                let mut acc: $t = 0;
                for s in black_box(&strs) {
                    acc = acc.wrapping_add(s.parse::<$t>().unwrap());
                }
                acc
            })
        });
        g.finish();
    }};
}

macro_rules! read_floats {
    ($c:expr, $name:expr, $vals:expr) => {{
        let vals: Vec<f64> = $vals;
        let (t, strs) = float_text(&vals);
        let mut g = $c.benchmark_group(concat!("read/", $name));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("structio", |b| {
            b.iter(|| {
                let t = black_box(&t[..]);
                let mut pos = 0;
                let mut acc = 0.0;
                for _ in 0..N {
                    let (v, end) = structio_num::parse_f64(t, pos).unwrap();
                    acc += v;
                    pos = end + 1;
                }
                acc
            })
        });
        g.bench_function("fast_float2", |b| {
            b.iter(|| {
                let t = black_box(&t[..]);
                let mut pos = 0;
                let mut acc = 0.0;
                for _ in 0..N {
                    let (v, len): (f64, usize) = fast_float2::parse_partial(&t[pos..]).unwrap();
                    acc += v;
                    pos += len + 1;
                }
                acc
            })
        });
        g.bench_function("str_parse", |b| {
            b.iter(|| {
                let mut acc = 0.0;
                for s in black_box(&strs) {
                    acc += s.parse::<f64>().unwrap();
                }
                acc
            })
        });
        g.finish();
    }};
}

fn benches(c: &mut Criterion) {
    write_ints!(c, "u64_1-7", u64_short(&mut Rng(1)), u64);
    write_ints!(c, "u64_13", u64_13(&mut Rng(2)), u64);
    write_ints!(c, "i64_1-7", i64_short(&mut Rng(3)), i64);
    write_floats!(c, "f64_arbitrary", f64_arbitrary(&mut Rng(4)));
    write_floats!(c, "f64_short", f64_short(&mut Rng(5)));
    read_ints!(c, "u64_1-7", u64_short(&mut Rng(1)), u64);
    read_ints!(c, "u64_13", u64_13(&mut Rng(2)), u64);
    read_ints!(c, "i64_1-7", i64_short(&mut Rng(3)), i64);
    read_floats!(c, "f64_arbitrary", f64_arbitrary(&mut Rng(4)));
    read_floats!(c, "f64_short", f64_short(&mut Rng(5)));
}

criterion_group!(num, benches);
criterion_main!(num);
