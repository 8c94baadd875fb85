//! Per-value instruction counts, independent of machine load: run one case over 10,000 values
//! `reps` times, under callgrind, once with `reps = 0` and once with `reps = 10`, and divide the
//! difference by 100,000.
//!
//! `valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/count CASE PEER REPS`
//!
//! CASE: u64_short, u64_13, i64_short, f64_arbitrary, f64_short (`w_` to write, `r_` to read),
//! and `r_f64_canada`: coordinates as canada.json spells them (`-65.613616999999977`, 17
//! significant digits, 1-3 of them before the point, random sign).
//! PEER: structio, itoa, ryu, zmij, fast_float2, std; `structio_list` writes the whole array
//! of an integer case by `write_int_list` (four at a time with AVX2).

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

/// The peer `std`: the number at `pos` (up to a `,` or `]`) through `str::parse`, and its end.
fn std_token<T: std::str::FromStr>(t: &[u8], pos: usize) -> (T, usize)
where
    T::Err: std::fmt::Debug,
{
    let len = t[pos..]
        .iter()
        .position(|&b| b == b',' || b == b']')
        .unwrap();
    let text = std::str::from_utf8(&t[pos..pos + len]).unwrap();
    (text.parse().unwrap(), pos + len)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (case, peer) = (args[1].as_str(), args[2].as_str());
    let reps: usize = args[3].parse().unwrap();
    let mut r = Rng(1);
    let u_short = u64_short(&mut r);
    let u_13: Vec<u64> = (0..N)
        .map(|_| 1_000_000_000_000 + r.next() % 9_000_000_000_000)
        .collect();
    let i_short: Vec<i64> = u64_short(&mut r)
        .into_iter()
        .map(|v| {
            if r.next() & 1 == 1 {
                -(v as i64)
            } else {
                v as i64
            }
        })
        .collect();
    let mut f_arb = Vec::new();
    while f_arb.len() < N {
        let x = f64::from_bits(r.next());
        if x.is_finite() {
            f_arb.push(x);
        }
    }
    let f_short: Vec<f64> = (0..N)
        .map(|_| (r.next() % 100_000_000) as f64 / 100.0)
        .collect();
    // Longitudes and latitudes with six decimals, printed to 17 significant digits as
    // canada.json's writer did: the binary value's digits past the sixth decimal show.
    let f_canada: Vec<String> = (0..N)
        .map(|_| {
            let v = (r.next() % 180_000_000) as f64 / 1e6;
            let int_digits = if v >= 100.0 {
                3
            } else if v >= 10.0 {
                2
            } else {
                1
            };
            let s = format!("{v:.prec$}", prec = 17 - int_digits);
            if r.next() & 1 == 1 {
                format!("-{s}")
            } else {
                s
            }
        })
        .collect();
    let text = |v: Vec<String>| {
        let mut t = v.join(",").into_bytes();
        t.extend_from_slice(b"]                                ");
        t
    };
    let ints = |v: &[u64]| text(v.iter().map(|x| x.to_string()).collect());
    let floats = |v: &[f64]| {
        text(
            v.iter()
                .map(|x| ryu::Buffer::new().format_finite(*x).to_string())
                .collect(),
        )
    };

    let mut acc = 0u64;
    let mut out32 = [0u8; 32];
    let mut out40 = [0u8; 40];
    let mut list = vec![core::mem::MaybeUninit::<u8>::uninit(); N * 41];
    macro_rules! write_int {
        ($vals:expr) => {
            for _ in 0..reps {
                if peer == "structio_list" {
                    let (count, len) =
                        structio_num::write_int_list(black_box(&$vals), b',', &mut list);
                    acc += (count + len) as u64;
                    continue;
                }
                for &v in black_box(&$vals) {
                    match peer {
                        "structio" => {
                            let n = structio_num::write_int(v, &mut out40);
                            acc += (n + out40[n - 1] as usize) as u64;
                        }
                        "itoa" => {
                            let mut b = itoa::Buffer::new();
                            let s = b.format(v).as_bytes();
                            acc += (s.len() + s[s.len() - 1] as usize) as u64;
                        }
                        _ => panic!("peer"),
                    }
                }
            }
        };
    }
    macro_rules! write_float {
        ($vals:expr) => {
            for _ in 0..reps {
                for &v in black_box(&$vals) {
                    let s: &[u8] = match peer {
                        "structio" => {
                            let n = structio_num::write_f64(v, &mut out32);
                            &out32[..n]
                        }
                        "ryu" => {
                            let mut b = ryu::Buffer::new();
                            let s = b.format_finite(v).as_bytes();
                            acc += (s.len() + s[s.len() - 1] as usize) as u64;
                            continue;
                        }
                        "zmij" => {
                            let mut b = zmij::Buffer::new();
                            let s = b.format_finite(v).as_bytes();
                            acc += (s.len() + s[s.len() - 1] as usize) as u64;
                            continue;
                        }
                        _ => panic!("peer"),
                    };
                    acc += (s.len() + s[s.len() - 1] as usize) as u64;
                }
            }
        };
    }
    macro_rules! read_int {
        ($t:ty, $text:expr, $parse:expr) => {
            let t = $text;
            for _ in 0..reps {
                let t = black_box(&t[..]);
                let mut pos = 0;
                for _ in 0..N {
                    let (v, end): ($t, usize) = match peer {
                        "structio" => $parse(t, pos).unwrap(),
                        "std" => std_token(t, pos),
                        _ => panic!("peer"),
                    };
                    acc = acc.wrapping_add(v as u64);
                    pos = end + 1;
                }
            }
        };
    }
    macro_rules! read_float {
        ($t:ty, $text:expr, $parse:expr) => {
            let t = $text;
            for _ in 0..reps {
                let t = black_box(&t[..]);
                let mut pos = 0;
                for _ in 0..N {
                    let (v, end): ($t, usize) = match peer {
                        "structio" => $parse(t, pos).unwrap(),
                        "fast_float2" => {
                            let (v, len) = fast_float2::parse_partial(&t[pos..]).unwrap();
                            (v, pos + len)
                        }
                        "std" => std_token(t, pos),
                        _ => panic!("peer"),
                    };
                    acc = acc.wrapping_add(v.to_bits());
                    pos = end + 1;
                }
            }
        };
    }
    match case {
        "w_u64_short" => write_int!(u_short),
        "w_u64_13" => write_int!(u_13),
        "w_i64_short" => write_int!(i_short),
        "w_f64_arbitrary" => write_float!(f_arb),
        "w_f64_short" => write_float!(f_short),
        "r_u64_short" => {
            read_int!(u64, ints(&u_short), structio_num::parse_int::<u64>);
        }
        "r_u64_13" => {
            read_int!(u64, ints(&u_13), structio_num::parse_int::<u64>);
        }
        "r_i64_short" => {
            let t = text(i_short.iter().map(|x| x.to_string()).collect());
            read_int!(i64, t, structio_num::parse_int::<i64>);
        }
        "r_f64_arbitrary" => {
            read_float!(f64, floats(&f_arb), structio_num::parse_f64);
        }
        "r_f64_short" => {
            read_float!(f64, floats(&f_short), structio_num::parse_f64);
        }
        "r_f64_canada" => {
            read_float!(f64, text(f_canada), structio_num::parse_f64);
        }
        _ => panic!("case"),
    }
    println!("{acc}");
}
