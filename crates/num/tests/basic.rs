//! Edge cases of every function, checked against the standard library.

use structio_num::*;

fn w64(v: f64) -> String {
    let mut out = [0u8; 32];
    let n = write_f64(v, &mut out);
    String::from_utf8(out[..n].to_vec()).unwrap()
}

fn w32(v: f32) -> String {
    let mut out = [0u8; 32];
    let n = write_f32(v, &mut out);
    String::from_utf8(out[..n].to_vec()).unwrap()
}

#[test]
fn float_layout_matches_glaze() {
    let cases: &[(f64, &str)] = &[
        (1.0, "1"),
        (-1.0, "-1"),
        (0.0, "0"),
        (-0.0, "-0"),
        (1e15, "1000000000000000"),
        (1e16, "1E16"),
        (1.5e16, "1.5E16"),
        (123456789012345.6, "123456789012345.6"),
        (0.001, "0.001"),
        (0.0001, "0.0001"),
        (1.5e-4, "0.00015"),
        (1e-5, "1E-5"),
        (5e-324, "5E-324"),
        (1.7976931348623157e308, "1.7976931348623157E308"),
        (1234.56, "1234.56"),
        (0.1, "0.1"),
        (f64::NAN, "nan"),
        (f64::INFINITY, "inf"),
        (f64::NEG_INFINITY, "-inf"),
        (1e100, "1E100"),
        (1.25e-10, "1.25E-10"),
    ];
    for &(v, s) in cases {
        assert_eq!(w64(v), s, "{v:e}");
    }
    let cases: &[(f32, &str)] = &[
        (1.0, "1"),
        (1e6, "1000000"),
        (1e7, "1E7"),
        (0.1, "0.1"),
        (1e-5, "1E-5"),
        (3.4028235e38, "3.4028235E38"),
        (1e-45, "1E-45"),
        (-0.0, "-0"),
    ];
    for &(v, s) in cases {
        assert_eq!(w32(v), s, "{v:e}");
    }
}

#[test]
fn int_edges() {
    assert_eq!(parse_int::<u8>(b"255", 0), Ok((255, 3)));
    assert_eq!(
        parse_int::<u8>(b"256", 0).unwrap_err().kind,
        NumErrorKind::Overflow
    );
    assert_eq!(
        parse_int::<i64>(b"-9223372036854775808", 0),
        Ok((i64::MIN, 20))
    );
    assert_eq!(
        parse_int::<i64>(b"9223372036854775808", 0)
            .unwrap_err()
            .kind,
        NumErrorKind::Overflow
    );
    assert_eq!(
        parse_int::<u64>(b"-0", 0).unwrap_err(),
        NumError {
            kind: NumErrorKind::Invalid,
            offset: 0
        }
    );
    assert_eq!(parse_int::<i64>(b"-0", 0), Ok((0, 2)));
    assert_eq!(parse_int::<i64>(b"01", 0).unwrap_err().offset, 1);
    assert_eq!(parse_int::<i64>(b"1e5", 0).unwrap_err().offset, 1);
    assert_eq!(parse_int::<i64>(b"", 0).unwrap_err().offset, 0);
    assert_eq!(parse_int::<i64>(b"-", 0).unwrap_err().offset, 1);
    assert_eq!(
        parse_int::<i64>(b"1", 5).unwrap_err().kind,
        NumErrorKind::Invalid
    );
    let mut out = [0u8; 40];
    let n = write_int(i128::MIN, &mut out);
    assert_eq!(&out[..n], i128::MIN.to_string().as_bytes());
    assert_eq!(Buffer::new().format(u64::MAX), u64::MAX.to_string());
}

#[test]
fn float_parse_edges() {
    for s in [
        "0",
        "-0",
        "1.5",
        "1e5",
        "1E-5",
        "2.2250738585072014e-308",
        "5e-324",
        "1e400",
        "-1e400",
    ] {
        assert_eq!(
            parse_f64(s.as_bytes(), 0).unwrap().0.to_bits(),
            s.parse::<f64>().unwrap().to_bits(),
            "{s}"
        );
    }
    for s in ["01", "1.", ".5", "+1", "-", "1e", "", "1e+", "-a"] {
        assert!(parse_f64(s.as_bytes(), 0).is_err(), "{s}");
    }
    for s in ["+1", ".5", "1.", "007", "-.5e3"] {
        assert_eq!(
            parse_f64_lenient(s.as_bytes(), 0).unwrap().0,
            s.parse::<f64>().unwrap(),
            "{s}"
        );
    }
}
