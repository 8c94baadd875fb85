//! The short decimals of the typed readers' sixteen-byte path (`-1234.56`, `7.5`, `0.25`), the
//! long ones of their 32-byte path (`-65.613616999999977`), the zero integer parts with long
//! fractions and the short exponents that path also takes (`0.00123456789012345678`,
//! `1.5e-7`), and everything near them, against `str::parse` on the prefix the strict grammar
//! accepts: every count of integer digits (1-19) with 0-4, 9 and 15-19 fraction digits, zero
//! integer parts with 16-30 places and every count of leading zeros, exponents of 0-5 digits
//! with either sign, both signs and a `+`, every byte after the number, the number at the end
//! of the input and cut at every byte, and inputs of every length around the sixteen-byte
//! block and the 64-byte window.

use structio_num::{parse_f32, parse_f64, NumErrorKind};
use structio_testkit::Rng;

/// The strict JSON number grammar from `s[0]`: the end of the number, or the offset of the
/// byte that breaks the grammar (the length of `s` when it ends too soon).
fn grammar(s: &[u8]) -> Result<usize, usize> {
    structio_testkit::number_grammar(s, 0)
}

/// `parse_f64` (and, for every `f32_every`-th call, `parse_f32`) at `pos` against the grammar
/// and `str::parse`.
fn check(input: &[u8], pos: usize, with_f32: bool) {
    let text = &input[pos..];
    let got = parse_f64(input, pos);
    match grammar(text) {
        Ok(len) => {
            let s = core::str::from_utf8(&text[..len]).unwrap();
            let want = s.parse::<f64>().unwrap();
            let (v, end) = got.unwrap_or_else(|e| panic!("{input:?} at {pos}: {e:?}"));
            assert_eq!(v.to_bits(), want.to_bits(), "{input:?} at {pos}");
            assert_eq!(end, pos + len, "{input:?} at {pos}");
            if with_f32 {
                let want = s.parse::<f32>().unwrap();
                let (v, end) = parse_f32(input, pos).unwrap();
                assert_eq!(v.to_bits(), want.to_bits(), "f32 {input:?} at {pos}");
                assert_eq!(end, pos + len, "f32 {input:?} at {pos}");
            }
        }
        Err(off) => {
            let e = got.expect_err(&format!("{input:?} at {pos}"));
            assert_eq!(e.kind, NumErrorKind::Invalid, "{input:?} at {pos}");
            assert_eq!(e.offset, pos + off, "{input:?} at {pos}");
        }
    }
}

/// Digits of a number: `int` integer digits (the first `0` when `lead` asks, else 1-9 unless a
/// single digit), `frac` fraction digits after a `.` if any.
fn number(rng: &mut Rng, sign: &[u8], int: usize, frac: Option<usize>, lead: bool) -> Vec<u8> {
    let mut s = sign.to_vec();
    for k in 0..int {
        let d = if k == 0 && lead {
            0
        } else if k == 0 {
            1 + rng.below(9)
        } else {
            rng.below(10)
        };
        s.push(b'0' + d as u8);
    }
    if let Some(f) = frac {
        s.push(b'.');
        for _ in 0..f {
            s.push(b'0' + rng.below(10) as u8);
        }
    }
    s
}

/// Bytes that may follow a number and change how it reads.
const NEAR: &[u8] = b"0123456789.-+eE,] /:";

/// Feeds `num` to [`check`] after something, followed by every byte, then by filler of a
/// random length: short of sixteen bytes from the number, past them, and past the 64-byte
/// window.
fn every_next_byte(rng: &mut Rng, num: &[u8]) {
    for next in 0..=255u8 {
        let before = rng.below(3) as usize;
        let mut input = vec![b'['; before];
        input.extend_from_slice(num);
        input.push(next);
        let fill = match rng.below(4) {
            0 => 0,
            1 => rng.below(16),
            2 => rng.below(64),
            _ => 64,
        };
        for _ in 0..fill {
            input.push(NEAR[rng.below(NEAR.len() as u64) as usize]);
        }
        check(&input, before, next % 8 == 0);
    }
}

#[test]
fn every_shape_every_next_byte() {
    let mut rng = Rng::new(0x5eed_dec1_4a15);
    let signs: [&[u8]; 3] = [b"", b"-", b"+"];
    for int in 1..=19 {
        // Up to four places for the sixteen-byte path, then the long fractions of the 32-byte
        // one (`-65.613616999999977`), up to sixteen places and past them.
        for frac in [
            None,
            Some(0),
            Some(1),
            Some(2),
            Some(3),
            Some(4),
            Some(9),
            Some(15),
            Some(16),
            Some(17),
            Some(19),
        ] {
            for sign in signs {
                for lead in [false, true] {
                    let reps = if int <= 15 && frac.unwrap_or(0) <= 4 {
                        8
                    } else {
                        2
                    };
                    for _ in 0..reps {
                        let num = number(&mut rng, sign, int, frac, lead);
                        every_next_byte(&mut rng, &num);
                    }
                }
            }
        }
    }
}

#[test]
fn cut_at_every_byte() {
    let mut rng = Rng::new(0xc0ff_ee00_1234_5678);
    for int in 1..=19 {
        for frac in [None, Some(1), Some(2), Some(4), Some(15), Some(17)] {
            for sign in [&b""[..], b"-"] {
                for lead in [false, true] {
                    for _ in 0..20 {
                        let num = number(&mut rng, sign, int, frac, lead);
                        for cut in 0..=num.len() {
                            // The number cut at the end of the input, then cut and followed by
                            // a terminator with short and long inputs after it.
                            check(&num[..cut], 0, true);
                            let mut input = num[..cut].to_vec();
                            input.push(b',');
                            check(&input, 0, false);
                            input.resize(input.len() + 70, b' ');
                            check(&input, 0, false);
                        }
                    }
                }
            }
        }
    }
}

/// A zero integer part and `places` fraction digits of which the first `zeros` are `0`.
fn zero_point(rng: &mut Rng, sign: &[u8], places: usize, zeros: usize) -> Vec<u8> {
    let mut s = sign.to_vec();
    s.extend_from_slice(b"0.");
    for k in 0..places {
        let d = if k < zeros { 0 } else { rng.below(10) as u8 };
        s.push(b'0' + d);
    }
    s
}

#[test]
fn zero_integer_long_fractions() {
    // `0.00123456789012345678`: the 32-byte path takes up to 28 places when at most nineteen
    // digits follow the leading zeros.
    let mut rng = Rng::new(0x0dd_0a11_5eed);
    for places in 16..=30 {
        for zeros in 0..=places {
            for sign in [&b""[..], b"-", b"+"] {
                let num = zero_point(&mut rng, sign, places, zeros);
                every_next_byte(&mut rng, &num);
                for cut in 0..=num.len() {
                    check(&num[..cut], 0, false);
                    let mut input = num[..cut].to_vec();
                    input.resize(cut + 70, b',');
                    check(&input, 0, false);
                }
            }
        }
    }
}

#[test]
fn exponents_after_long_decimals() {
    // `1.5e-7`, `-2.25E+300`: the 32-byte path reads exponents of one to three digits and
    // leaves longer or missing ones to the usual reading.
    let mut rng = Rng::new(0xe4_90e5_0001);
    for int in 1..=19 {
        for places in [0, 1, 4, 9, 15, 16, 17, 19] {
            let frac = (places > 0).then_some(places);
            for _ in 0..4 {
                let mut num = if int == 1 && rng.below(3) == 0 {
                    let places = frac.unwrap_or(0) + rng.below(12) as usize;
                    let zeros = rng.below(places as u64 + 1) as usize;
                    zero_point(&mut rng, b"-", places, zeros)
                } else {
                    number(&mut rng, b"-", int, frac, false)
                };
                num.push(if rng.below(2) == 0 { b'e' } else { b'E' });
                match rng.below(3) {
                    0 => num.push(b'-'),
                    1 => num.push(b'+'),
                    _ => {}
                }
                for _ in 0..rng.below(6) {
                    num.push(b'0' + rng.below(10) as u8);
                }
                every_next_byte(&mut rng, &num);
                for cut in 0..=num.len() {
                    check(&num[..cut], 0, false);
                }
            }
        }
    }
}

/// Numbers, each from `next`, in one comma-separated array, read one after another as a typed
/// reader reads an array, each against `str::parse`.
fn read_texts(count: usize, mut next: impl FnMut() -> Vec<u8>) {
    let mut doc = Vec::new();
    let mut want = Vec::new();
    for _ in 0..count {
        let num = next();
        want.push(core::str::from_utf8(&num).unwrap().parse::<f64>().unwrap());
        doc.extend_from_slice(&num);
        doc.push(b',');
    }
    doc.pop();
    let mut pos = 0;
    for (k, w) in want.iter().enumerate() {
        let (v, end) = parse_f64(&doc, pos).unwrap_or_else(|e| panic!("number {k}: {e:?}"));
        assert_eq!(v.to_bits(), w.to_bits(), "number {k} at {pos}");
        assert!(end == doc.len() || doc[end] == b',', "number {k} at {pos}");
        pos = end + 1;
    }
}

/// A million numbers from `shape` (integer digits, fraction digits) in one array, as
/// [`read_texts`] reads them.
fn read_array(seed: u64, mut shape: impl FnMut(&mut Rng) -> (usize, Option<usize>)) {
    let mut rng = Rng::new(seed);
    read_texts(1_000_000, || {
        let (int, frac) = shape(&mut rng);
        let sign: &[u8] = if rng.next_u64() & 1 == 0 { b"-" } else { b"" };
        let lead = int == 1 && rng.below(4) == 0;
        number(&mut rng, sign, int, frac, lead)
    });
}

#[test]
fn random_short_decimals() {
    // The typed readers' benchmark shape and its neighbours: up to fifteen digits, up to four
    // of them after the `.`.
    read_array(0x0bad_cafe_f00d_0001, |rng| {
        let int = 1 + rng.below(15) as usize;
        let frac = rng.below(5) as usize;
        (int, (int + frac <= 15 && frac > 0).then_some(frac))
    });
}

#[test]
fn random_long_decimals() {
    // canada.json's shape and its neighbours: one to four integer digits and fifteen to
    // nineteen digits in all, so that some fit the 32-byte path's nineteen and some do not.
    read_array(0x0bad_cafe_f00d_0002, |rng| {
        let int = 1 + rng.below(4) as usize;
        (int, Some(15 + rng.below(6) as usize - int))
    });
}

#[test]
fn random_doubles_as_written() {
    // Random doubles from 1e-30 to 1e30 as Rust writes them: shortest digits, as a plain
    // decimal (`0.000012345678901234567`, `123456789012345680000`) and with an exponent
    // (`1.2345678901234567e-5`), as the typed readers meet them in the documents of a writer.
    let mut rng = Rng::new(0x0bad_cafe_f00d_0003);
    let mut k = 0u64;
    read_texts(1_000_000, || {
        k += 1;
        let mantissa = 1.0 + (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let v = mantissa * 10f64.powi(rng.below(61) as i32 - 30);
        let v = if k.is_multiple_of(2) { -v } else { v };
        match k % 3 {
            0 => format!("{v}"),
            1 => format!("{v:e}"),
            _ => format!("{v:E}"),
        }
        .into_bytes()
    });
}
