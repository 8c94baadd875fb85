//! The inline float reader looks at a 64-byte window from the number's first byte; within the
//! last 64 bytes of the input it reads a zero-padded copy instead. Every shape of number, at
//! every distance from the end of the input, must read as `str::parse` reads it.

use structio_num::{parse_f32, parse_f64, parse_f64_lenient, parse_number, Number};

const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "7",
    "-65.613616999999977",
    "1234.56",
    "-0.5",
    "1e5",
    "1E-5",
    "2.5e+10",
    "123456789012345678",
    "1234567890123456789",
    "12345678901234567890",
    "0.0123456789012345678",
    "1.7976931348623157e308",
    "4.9e-324",
    "2.2250738585072011e-308",
    "1e400",
    "-1e-400",
    "9007199254740993",
    "123456789012345.6789",
    "1.0000000000000002",
    "0.30000000000000004e-2",
    "1234567890123456.789",
];

#[test]
fn every_distance_from_the_end() {
    for s in NUMBERS {
        let want64: f64 = s.parse().unwrap();
        let want32: f32 = s.parse().unwrap();
        for lead in [0usize, 1, 3] {
            for trail in 0..80 {
                for fill in [b' ', b','] {
                    let mut text = vec![b' '; lead];
                    text.extend_from_slice(s.as_bytes());
                    text.extend(std::iter::repeat_n(fill, trail));
                    let end = lead + s.len();
                    let (v, e) = parse_f64(&text, lead).unwrap();
                    assert_eq!((v.to_bits(), e), (want64.to_bits(), end), "{s} +{trail}");
                    let (v, e) = parse_f64_lenient(&text, lead).unwrap();
                    assert_eq!((v.to_bits(), e), (want64.to_bits(), end), "{s} +{trail}");
                    let (v, e) = parse_f32(&text, lead).unwrap();
                    assert_eq!((v.to_bits(), e), (want32.to_bits(), end), "{s} +{trail}");
                    let (n, e) = parse_number(&text, lead).unwrap();
                    assert_eq!(e, end, "{s} +{trail}");
                    match n {
                        Number::Int {
                            negative,
                            magnitude,
                        } => {
                            let digits = s.trim_start_matches('-');
                            assert_eq!(negative, s.starts_with('-'), "{s}");
                            assert_eq!(magnitude, digits.parse::<u64>().unwrap(), "{s}");
                        }
                        Number::Float(v) => {
                            assert_eq!(v.to_bits(), want64.to_bits(), "{s} +{trail}")
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn errors_at_every_distance_from_the_end() {
    for s in ["01", "1.", ".5", "-", "1e", "1e+", "-.5", "1.e5", "+1"] {
        for trail in 0..80 {
            let mut text = s.as_bytes().to_vec();
            text.extend(std::iter::repeat_n(b' ', trail));
            let e64 = parse_f64(&text, 0).unwrap_err();
            let en = parse_number(&text, 0).unwrap_err();
            assert_eq!((e64.kind, e64.offset), (en.kind, en.offset), "{s} +{trail}");
            // The offset does not depend on what follows the number.
            let mut bare = s.as_bytes().to_vec();
            bare.extend(std::iter::repeat_n(b' ', 100));
            let far = parse_f64(&bare, 0).unwrap_err();
            assert_eq!(
                (e64.kind, e64.offset),
                (far.kind, far.offset),
                "{s} +{trail}"
            );
        }
    }
}
