//! One policy for numbers past the range of `f64`, in every API: a number whose correctly
//! rounded `f64` value is an infinity (`1e400`, `-1.8e308`, 400 digits) is
//! `ErrorKind::NumberOutOfRange` at its first byte; one that underflows reads as zero of its
//! sign (`1e-400`). The check runs over every API that looks at numbers (typed reads and
//! skips, Value, validate, minify, prettify, pointer, streams) and asserts they agree.

use structio_json::{ErrorKind, JsonRead, PrettyOptions, Reader};

/// A struct with no fields: every member is an unknown field, stepped over by the typed skip.
#[derive(Debug)]
struct NoFields;

impl<'de> JsonRead<'de> for NoFields {
    fn read_json(r: &mut Reader<'de>) -> structio_json::Result<Self> {
        let mut scratch = structio_json::KeyBuf::new();
        let mut more = !r.begin_object()?;
        while more {
            let at = r.offset();
            r.object_key(&mut scratch)?;
            r.unknown_field(at)?;
            more = r.object_next()?;
        }
        Ok(NoFields)
    }
}

fn many_digits(n: usize, exp: &str) -> String {
    format!("{}{}{exp}", "9", "0".repeat(n - 1))
}

fn cases() -> Vec<String> {
    let mut v: Vec<String> = [
        "0",
        "-0",
        "1",
        "1e308",
        "1e309",
        "1e400",
        "-1e400",
        "1E+400",
        "1e-400",
        "-1e-400",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.79769313486231580793728971405301e308",
        "1.7976931348623159e308",
        "-1.7976931348623159e308",
        "1.8e308",
        "4.9e-324",
        "2.4703282292062328e-324",
        "2.4703282292062327e-324",
        "0e999999999",
        "0.0e-999999999",
        "1e999999999999999999999",
        "1e-999999999999999999999",
        "18446744073709551616",
        "1e99",
        "1e100",
        "1e099",
        "1e0308",
        "1e00000000000000000000000000000309",
        "0.1e310",
        "0.01e310",
        "100e306",
        "1000e306",
        "-9223372036854775809",
        "12345678901234567890123456789e280",
        "123456789e299",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // Integers of 300, 308, 309 and 400 digits, and long mantissas whose exponent brings them
    // back into range or not.
    for n in [300, 308, 309, 310, 400] {
        v.push(many_digits(n, ""));
        v.push(format!("-{}", many_digits(n, "")));
    }
    v.push(many_digits(400, "e-100"));
    v.push(many_digits(400, "e-91"));
    v.push(many_digits(400, "e-92"));
    v.push(many_digits(250, "e60"));
    v.push(many_digits(250, "e59"));
    v.push(format!("0.{}1e309", "0".repeat(400)));
    v.push(format!("0.{}1e-300", "0".repeat(20)));
    v
}

type Verdict = Result<(), (ErrorKind, usize)>;

fn verdict<T>(r: structio_json::Result<T>) -> Verdict {
    r.map(|_| ()).map_err(|e| (e.kind(), e.offset()))
}

/// Every API's verdict on `doc`, by name.
fn all_verdicts(doc: &str) -> Vec<(&'static str, Verdict)> {
    let b = doc.as_bytes();
    let mut out = Vec::new();
    let pretty = PrettyOptions::default();
    out.push(("validate", verdict(structio_json::validate(b))));
    out.push(("minify", verdict(structio_json::minify(b, &mut Vec::new()))));
    out.push((
        "minify_trusted",
        verdict(structio_json::minify_trusted(b, &mut Vec::new())),
    ));
    out.push((
        "prettify",
        verdict(structio_json::prettify(b, &mut Vec::new(), &pretty)),
    ));
    out.push(("pointer", verdict(structio_json::pointer(b, ""))));
    out.push(("value", verdict(structio_value::from_slice(b))));
    out.push(("value_reader", verdict(structio_value::from_reader(b))));
    out.push((
        "stream",
        verdict(structio_json::from_reader::<_, structio_value::Value>(b)),
    ));
    out
}

#[test]
fn every_api_agrees_on_numbers_past_f64() {
    for number in cases() {
        let expected_ok = number.parse::<f64>().unwrap().is_finite();
        for doc in [
            number.clone(),
            format!("[1, {number}]"),
            format!("{{\"k\": [true, {number}]}}"),
        ] {
            let at = doc.find(number.as_str()).unwrap();
            let want: Verdict = if expected_ok {
                Ok(())
            } else {
                Err((ErrorKind::NumberOutOfRange, at))
            };
            for (api, got) in all_verdicts(&doc) {
                assert_eq!(got, want, "{api} on {doc:.80}");
            }
            // The typed skip of an unknown field.
            let member = format!("{{\"unknown\": {doc}}}");
            let got = verdict(structio_json::from_str::<NoFields>(&member));
            let want_member = want.map_err(|(k, o)| (k, o + 12));
            assert_eq!(got, want_member, "skip in {member:.80}");
            assert_eq!(
                verdict(structio_json::skip_value(member.as_bytes(), 0, 128)),
                want_member,
                "skip_value in {member:.80}"
            );
        }
        // Typed f64 and Value read the same value, bit for bit (underflow keeps its sign).
        let typed = structio_json::from_str::<f64>(&number);
        let value = structio_value::from_str(&number);
        match (typed, value) {
            (Ok(t), Ok(v)) => {
                assert!(expected_ok, "{number:.60}");
                let v = v.as_f64().unwrap();
                let exact = number.parse::<f64>().unwrap();
                assert_eq!(t.to_bits(), exact.to_bits(), "f64 {number:.60}");
                // Value keeps integers that fit 64 bits as integers; compare as f64.
                assert_eq!(v.to_bits(), exact.to_bits(), "Value {number:.60}");
            }
            (Err(t), Err(v)) => {
                assert!(!expected_ok, "{number:.60}");
                assert_eq!((t.kind(), t.offset()), (ErrorKind::NumberOutOfRange, 0));
                assert_eq!((v.kind(), v.offset()), (ErrorKind::NumberOutOfRange, 0));
            }
            (t, v) => panic!("{number:.60}: f64 {t:?}, Value {v:?}"),
        }
    }
}

#[test]
fn out_of_range_in_a_skipped_field_of_a_derived_read_is_an_error() {
    let e = structio_json::from_str::<NoFields>(r#"{"a": 1, "b": -1e400}"#).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::NumberOutOfRange, 14));
}
