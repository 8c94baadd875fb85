//! Numbers of a hundred thousand digits and more whose exponent brings them back into range read
//! to their correctly rounded value through the typed reader (structio-num's own tests cover
//! every length and layout; this checks the reader passes them through whole).

use structio_json::{from_str, ErrorKind};

/// `0.`, 100,000 zeros, `1e100001`: exactly 1.
fn leading_zeros() -> String {
    format!("0.{}1e100001", "0".repeat(100_000))
}

/// 100,309 ones then `e-100309`: 0.111...
fn ones() -> String {
    format!("{}e-100309", "1".repeat(100_309))
}

#[test]
fn the_issues_examples_read_exactly() {
    let a = leading_zeros();
    assert_eq!(from_str::<f64>(&a).unwrap(), 1.0);
    assert_eq!(from_str::<f32>(&a).unwrap(), 1.0);
    assert_eq!(from_str::<f64>(&format!("-{a}")).unwrap(), -1.0);
    let b = ones();
    assert_eq!(from_str::<f64>(&b).unwrap(), 0.1111111111111111);
    assert_eq!(from_str::<f32>(&b).unwrap(), 0.11111111);
    // Inside a document, with the bytes after the number.
    let doc = format!("[{a}, {b}, 2]");
    assert_eq!(
        from_str::<Vec<f64>>(&doc).unwrap(),
        [1.0, 0.1111111111111111, 2.0]
    );
}

#[test]
fn long_numbers_past_the_range_are_out_of_range_at_their_first_byte() {
    // A million ones scaled to 1.1e309 and to 1.1e308: the first is past f64, the second is not.
    let ones = "1".repeat(1_000_000);
    let doc = format!("[0, {ones}e-999690]");
    let e = from_str::<Vec<f64>>(&doc).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NumberOutOfRange, 4));
    let v = from_str::<f64>(&format!("{ones}e-999691")).unwrap();
    assert_eq!(v, 1.1111111111111111e308);
    // No number of zeros a document can hold brings this exponent back.
    let doc = format!("0.{}1e+99999999999999999999", "0".repeat(100_000));
    let e = from_str::<f64>(&doc).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NumberOutOfRange, 0));
    // Too small for any float is zero, as for a short number.
    let doc = format!("0.{}1e-99999999999999999999", "0".repeat(1000));
    assert_eq!(from_str::<f64>(&doc).unwrap(), 0.0);
}
