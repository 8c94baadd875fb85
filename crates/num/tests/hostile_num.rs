//! Hostile digits: numbers of 10,000 digits, every position of a buffer (past its end too),
//! every prefix; each parser returns the value `str::parse` gives or an error, never a panic.

use structio_num::{parse_f32, parse_f64, parse_f64_lenient, parse_int, NumErrorKind};

fn long_numbers() -> Vec<String> {
    let d: String = (0..10_000)
        .map(|i| char::from(b'0' + (i * 7 % 10) as u8))
        .collect();
    let nz = format!("1{d}");
    vec![
        nz.clone(),
        format!("-{nz}"),
        format!("0.{d}"),
        format!("{nz}e-10000"),
        format!("{nz}e-10300"),
        format!("0.{}1", "0".repeat(10_000)),
        format!("{}e-9999", "9".repeat(10_000)),
        format!("1.{}", "0".repeat(10_000)),
        // Halfway between two doubles, decided only by the last of many digits.
        format!("9007199254740993{}1", "0".repeat(10_000)),
        format!("9007199254740993{}e-10000", "0".repeat(10_000)),
        format!("2.4703282292062327{}e-324", "0".repeat(10_000)),
        format!("2.4703282292062328{}e-324", "0".repeat(10_000)),
    ]
}

#[test]
fn ten_thousand_digits_agree_with_str_parse() {
    for s in long_numbers() {
        let b = s.as_bytes();
        let want: f64 = s.parse().unwrap();
        let (v, end) = parse_f64(b, 0).unwrap();
        assert_eq!(end, b.len());
        assert_eq!(v.to_bits(), want.to_bits(), "{:.40}...", s);
        let want32: f32 = s.parse().unwrap();
        let (v, _) = parse_f32(b, 0).unwrap();
        assert_eq!(v.to_bits(), want32.to_bits(), "{:.40}...", s);
        let (v, _) = parse_f64_lenient(b, 0).unwrap();
        assert_eq!(v.to_bits(), want.to_bits());
        // Integers: too long is Overflow at the first byte, or Invalid at a fraction.
        if let Err(e) = parse_int::<u64>(b, 0) {
            assert!(e.offset <= b.len());
        }
        if !s.contains(['.', 'e']) {
            let e = parse_int::<i128>(b, 0).unwrap_err();
            assert_eq!((e.kind, e.offset), (NumErrorKind::Overflow, 0));
        }
    }
}

#[test]
fn every_position_and_every_prefix() {
    let buf = b"[-0.0e+00,18446744073709551616,-9223372036854775809,1e-400,01,1.,-,2e,0x10,\xff]";
    for pos in 0..buf.len() + 3 {
        for end in pos.min(buf.len())..=buf.len() {
            let s = &buf[..end];
            if let Ok((v, e)) = parse_f64(s, pos) {
                let text = std::str::from_utf8(&s[pos..e]).unwrap();
                assert_eq!(
                    v.to_bits(),
                    text.parse::<f64>().unwrap().to_bits(),
                    "{text}"
                );
            }
            if let Ok((v, e)) = parse_int::<i64>(s, pos) {
                let text = std::str::from_utf8(&s[pos..e]).unwrap();
                assert_eq!(v, text.parse::<i64>().unwrap(), "{text}");
            }
            if let Ok((v, e)) = parse_int::<u128>(s, pos) {
                let text = std::str::from_utf8(&s[pos..e]).unwrap();
                assert_eq!(v, text.parse::<u128>().unwrap(), "{text}");
            }
            for r in [parse_int::<u8>(s, pos).err(), parse_f32(s, pos).err()]
                .into_iter()
                .flatten()
            {
                assert!(r.offset <= s.len().max(pos), "{r:?}");
            }
        }
    }
}
