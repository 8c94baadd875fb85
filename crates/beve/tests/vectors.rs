//! The project's hand-derived BEVE sample vectors (every type tag, must-accept and must-reject):
//! each accepted document is read through the public reader into canonical text and compared
//! with the expected value, and validated by `skip_value`; each rejected one is an error.
#![cfg(feature = "std")]

#[path = "support/vectors_table.rs"]
mod table;

use structio_beve::{header, BeveRead, Complex, KeyRead, Matrix, Reader, Result};
use table::VECTORS;

fn push_f64(out: &mut String, v: f64) {
    if v.fract() == 0.0 && v.abs() < 1e16 {
        out.push_str(&(v as i64).to_string());
    } else {
        out.push_str(&format!("{v:?}"));
    }
}

fn push_list<T>(out: &mut String, items: &[T], mut each: impl FnMut(&mut String, &T)) {
    out.push('[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        each(out, x);
    }
    out.push(']');
}

/// Reads one value of any kind as text, with the typed readers a user would pick for it.
fn text(r: &mut Reader<'_>, out: &mut String) -> Result<()> {
    let h = r.peek_header()?;
    match h {
        header::NULL => r.read_null().map(|()| out.push_str("null")),
        header::FALSE | header::TRUE => r
            .read_bool()
            .map(|b| out.push_str(if b { "true" } else { "false" })),
        header::STRING => r.read_str().map(|s| out.push_str(&format!("{s:?}"))),
        header::OBJECT => {
            let n = r.begin_object()?;
            out.push('{');
            for i in 0..n {
                if i > 0 {
                    out.push(',');
                }
                let key = std::str::from_utf8(r.object_key()?).unwrap();
                out.push_str(&format!("{key:?}:"));
                text(r, out)?;
            }
            r.end_object();
            out.push('}');
            Ok(())
        }
        0x53 => int_key_object::<u32>(r, out),
        0x2b => int_key_object::<i16>(r, out),
        header::GENERIC_ARRAY => {
            let n = r.begin_array()?;
            out.push('[');
            for i in 0..n {
                if i > 0 {
                    out.push(',');
                }
                text(r, out)?;
            }
            r.end_array();
            out.push(']');
            Ok(())
        }
        header::BOOL_ARRAY => {
            let v = Vec::<bool>::read_beve(r)?;
            push_list(out, &v, |o, b| {
                o.push_str(if *b { "true" } else { "false" })
            });
            Ok(())
        }
        header::STRING_ARRAY => {
            let v = Vec::<&str>::read_beve(r)?;
            push_list(out, &v, |o, s| o.push_str(&format!("{s:?}")));
            Ok(())
        }
        header::COMPLEX => {
            let sub = r.input()[r.offset() + 1];
            match sub {
                0x60 => {
                    let c = Complex::<f64>::read_beve(r)?;
                    push_list(out, &[c.re, c.im], |o, v| push_f64(o, *v));
                }
                0x28 => {
                    let c = Complex::<i16>::read_beve(r)?;
                    out.push_str(&format!("[{},{}]", c.re, c.im));
                }
                0x41 => {
                    let v = Vec::<Complex<f32>>::read_beve(r)?;
                    push_list(out, &v, |o, c| {
                        push_list(o, &[c.re, c.im], |o, v| push_f64(o, f64::from(*v)))
                    });
                }
                _ => {
                    let v = Vec::<Complex<f64>>::read_beve(r)?;
                    push_list(out, &v, |o, c| {
                        push_list(o, &[c.re, c.im], |o, v| push_f64(o, *v))
                    });
                }
            }
            Ok(())
        }
        header::MATRIX => {
            let m = Matrix::<f64>::read_beve(r)?;
            let layout = if m.layout == structio_beve::Layout::RowMajor {
                "layout_right"
            } else {
                "layout_left"
            };
            out.push_str(&format!("{{\"layout\":\"{layout}\",\"extents\":"));
            push_list(out, &m.extents, |o, e| o.push_str(&e.to_string()));
            out.push_str(",\"value\":");
            push_list(out, &m.data, |o, v| push_f64(o, *v));
            out.push('}');
            Ok(())
        }
        _ if h & 7 == 1 && (h >> 3) & 3 == 0 => r.read_number::<f64>().map(|v| push_f64(out, v)),
        _ if h & 7 == 1 && (h >> 3) & 3 == 1 => r
            .read_number::<i128>()
            .map(|v| out.push_str(&v.to_string())),
        _ if h & 7 == 1 => r
            .read_number::<u128>()
            .map(|v| out.push_str(&v.to_string())),
        _ if h & 7 == 4 || h == header::ALIGNED_ARRAY => {
            let element = if h == header::ALIGNED_ARRAY {
                r.input()[r.offset() + 1]
            } else {
                h
            };
            match (element >> 3) & 3 {
                0 => push_list(out, &Vec::<f64>::read_beve(r)?, |o, v| push_f64(o, *v)),
                1 => push_list(out, &Vec::<i128>::read_beve(r)?, |o, v| {
                    o.push_str(&v.to_string())
                }),
                _ => push_list(out, &Vec::<u128>::read_beve(r)?, |o, v| {
                    o.push_str(&v.to_string())
                }),
            }
            Ok(())
        }
        _ => r.skip_value().map(|()| out.push('?')),
    }
}

fn int_key_object<'de, K: KeyRead<'de> + ToString>(
    r: &mut Reader<'de>,
    out: &mut String,
) -> Result<()> {
    r.read_header()?;
    let n = r.read_size()?;
    out.push('{');
    for i in 0..n {
        if i > 0 {
            out.push(',');
        }
        let k = K::read_key(r)?;
        out.push_str(&format!("\"{}\":", k.to_string()));
        text(r, out)?;
    }
    out.push('}');
    Ok(())
}

#[test]
fn accepted_vectors_read_to_their_values() {
    let mut checked = 0;
    for &(name, accept, bytes, expected) in VECTORS {
        let Some(expected) = expected else { continue };
        assert!(accept, "{name}");
        let mut r = Reader::new(bytes);
        let mut out = String::new();
        text(&mut r, &mut out).unwrap_or_else(|e| panic!("{name}: {e}"));
        r.finish().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(out, expected, "{name}");
        checked += 1;
    }
    assert_eq!(checked, 53);
}

#[test]
fn accepted_vectors_validate_by_skipping() {
    for &(name, accept, bytes, _) in VECTORS {
        if !accept || name == "delimited_two_values" {
            continue;
        }
        let mut r = Reader::new(bytes);
        r.skip_value().unwrap_or_else(|e| panic!("{name}: {e}"));
        r.finish().unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn delimited_stream_and_legacy_type_tag() {
    let find = |n: &str| VECTORS.iter().find(|v| v.0 == n).unwrap().2;
    let items: Vec<u8> = structio_beve::documents(find("delimited_two_values"))
        .collect::<Result<_>>()
        .unwrap();
    assert_eq!(items, [1, 2]);
    let mut r = Reader::new(find("legacy_v1_type_tag"));
    assert_eq!(r.type_tag().unwrap(), Some(1));
    assert_eq!(r.read_str().unwrap(), "x");
    r.finish().unwrap();
}

#[test]
fn rejected_vectors_are_errors() {
    let mut checked = 0;
    for &(name, accept, bytes, _) in VECTORS {
        if accept {
            continue;
        }
        let mut r = Reader::new(bytes);
        let result = r.skip_value().and_then(|()| r.finish());
        assert!(result.is_err(), "{name} was accepted");
        checked += 1;
    }
    assert_eq!(checked, 13);
}
