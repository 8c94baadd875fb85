//! Glaze's text layout, written independently of structio so that the documents (and the
//! byte-identity checks made against them) do not depend on the code under test.
//!
//! Compact output goes through serde_json with a formatter that lays doubles out as Glaze's zmij
//! port does: shortest round-trip digits, fixed notation for decimal exponents -4..=15 with no
//! `.0` on integral values, otherwise `dE[-]x` with an upper-case `E` and no `+`. String escapes
//! already agree (both escape `"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`; the documents hold no other
//! control characters). The prettified form follows `glz::prettify_json` with its defaults: three
//! spaces, a newline per array element, `": "` after a key, `[]` and `{}` when empty.

use serde::Serialize;
use std::io;

/// Appends `v` (finite) to `out` in Glaze's float layout.
pub fn write_f64_glaze(out: &mut Vec<u8>, v: f64) {
    if v == 0.0 {
        // Glaze writes the sign bit of -0.0 too; the documents never hold it.
        out.extend_from_slice(if v.is_sign_negative() { b"-0" } else { b"0" });
        return;
    }
    // `{:e}` gives the shortest round-trip digits, the same digits zmij picks.
    let sci = format!("{:e}", v.abs());
    let (mantissa, exp) = sci
        .split_once('e')
        .expect("LowerExp always has an exponent");
    let exp: i32 = exp.parse().expect("LowerExp exponent is an integer");
    let digits: Vec<u8> = mantissa.bytes().filter(|b| *b != b'.').collect();
    if v < 0.0 {
        out.push(b'-');
    }
    if (-4..=15).contains(&exp) {
        if exp < 0 {
            out.extend_from_slice(b"0.");
            out.extend(std::iter::repeat_n(b'0', (-exp - 1) as usize));
            out.extend_from_slice(&digits);
        } else {
            let int_len = exp as usize + 1;
            if digits.len() <= int_len {
                out.extend_from_slice(&digits);
                out.extend(std::iter::repeat_n(b'0', int_len - digits.len()));
            } else {
                out.extend_from_slice(&digits[..int_len]);
                out.push(b'.');
                out.extend_from_slice(&digits[int_len..]);
            }
        }
    } else {
        out.push(digits[0]);
        if digits.len() > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        out.push(b'E');
        out.extend_from_slice(exp.to_string().as_bytes());
    }
}

/// serde_json's compact formatter with Glaze's float layout.
struct GlazeFormatter;

impl serde_json::ser::Formatter for GlazeFormatter {
    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        let mut buf = Vec::with_capacity(32);
        write_f64_glaze(&mut buf, value);
        writer.write_all(&buf)
    }
}

/// `value` as compact JSON in Glaze's layout.
pub fn to_compact<T: Serialize>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, GlazeFormatter);
    value
        .serialize(&mut ser)
        .expect("serializing to a Vec cannot fail");
    out
}

/// Appends a newline and `depth` levels of three-space indent.
fn newline(out: &mut Vec<u8>, depth: usize) {
    out.push(b'\n');
    out.extend(std::iter::repeat_n(b' ', depth * 3));
}

/// Lays compact JSON out the way `glz::prettify_json` does (see the module docs).
///
/// The input is trusted to be valid JSON; this is a generator, not a validator.
pub fn prettify(compact: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(compact.len() * 2);
    let mut depth = 0usize;
    let mut i = 0;
    while i < compact.len() {
        let c = compact[i];
        match c {
            b'"' => {
                let start = i;
                i += 1;
                while compact[i] != b'"' {
                    i += if compact[i] == b'\\' { 2 } else { 1 };
                }
                out.extend_from_slice(&compact[start..=i]);
            }
            b'{' | b'[' => {
                out.push(c);
                depth += 1;
                if !matches!(compact.get(i + 1), Some(b'}' | b']')) {
                    newline(&mut out, depth);
                }
            }
            b'}' | b']' => {
                depth -= 1;
                if !matches!(compact[i - 1], b'{' | b'[') {
                    newline(&mut out, depth);
                }
                out.push(c);
            }
            b',' => {
                out.push(b',');
                newline(&mut out, depth);
            }
            b':' => out.extend_from_slice(b": "),
            b' ' | b'\n' | b'\r' | b'\t' => {}
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// Removes the whitespace between tokens (what `glz::minify_json` does).
pub fn minify(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c == b'"' {
            let start = i;
            i += 1;
            while text[i] != b'"' {
                i += if text[i] == b'\\' { 2 } else { 1 };
            }
            out.extend_from_slice(&text[start..=i]);
        } else if !matches!(c, b' ' | b'\n' | b'\r' | b'\t') {
            out.push(c);
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(v: f64) -> String {
        let mut out = Vec::new();
        write_f64_glaze(&mut out, v);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn floats_in_glaze_layout() {
        assert_eq!(f(1.0), "1");
        assert_eq!(f(-2.5), "-2.5");
        assert_eq!(f(1234.56), "1234.56");
        assert_eq!(f(1e15), "1000000000000000");
        assert_eq!(f(1e16), "1E16");
        assert_eq!(f(1.5e-5), "1.5E-5");
        assert_eq!(f(0.0001), "0.0001");
        assert_eq!(f(0.00012), "0.00012");
        assert_eq!(f(5e-324), "5E-324");
        assert_eq!(f(28928.082214423106), "28928.082214423106");
        assert_eq!(f(1.7976931348623157e308), "1.7976931348623157E308");
        assert_eq!(f(123456789012345680.0), "1.2345678901234568E17");
    }

    #[test]
    fn prettify_then_minify_is_identity() {
        let text = br#"{"a":[1,2,{"b":"x\"y,:{"}],"c":[],"d":{},"e":true}"#;
        let pretty = prettify(text);
        let expected = "{\n   \"a\": [\n      1,\n      2,\n      {\n         \"b\": \"x\\\"y,:{\"\n      }\n   ],\n   \"c\": [],\n   \"d\": {},\n   \"e\": true\n}";
        assert_eq!(String::from_utf8(pretty.clone()).unwrap(), expected);
        assert_eq!(minify(&pretty), text.to_vec());
    }
}
