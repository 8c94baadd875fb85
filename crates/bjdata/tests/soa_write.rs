//! Writing structure-of-arrays containers from derived records: both layouts read back, and
//! records that cannot be one are refused.
#![cfg(feature = "std")]

use structio_bjdata::{
    from_slice, to_vec_soa, Error, ErrorKind, Reader, SoaLayout, SoaType, SoaValue,
};

#[derive(structio_derive::Structio, Clone, Debug, PartialEq)]
#[structio(format = "structio_bjdata")]
struct Sample {
    id: u32,
    t: f64,
    level: i16,
    ok: bool,
    raw: u8,
}

#[derive(structio_derive::Structio)]
#[structio(format = "structio_bjdata")]
struct Named {
    id: u32,
    name: String,
}

fn samples() -> Vec<Sample> {
    (0..5)
        .map(|i| Sample {
            id: 1000 + i,
            t: f64::from(i) * 0.25 - 1.0,
            level: -300 + i as i16,
            ok: i % 2 == 0,
            raw: i as u8 * 40,
        })
        .collect()
}

fn expected(s: &Sample) -> Vec<(&'static str, SoaValue<'static>)> {
    vec![
        ("id", SoaValue::Int(i128::from(s.id))),
        ("t", SoaValue::Float(s.t)),
        ("level", SoaValue::Int(i128::from(s.level))),
        ("ok", SoaValue::Bool(s.ok)),
        ("raw", SoaValue::Int(i128::from(s.raw))),
    ]
}

#[test]
fn both_layouts_read_back() {
    let items = samples();
    for (layout, open) in [(SoaLayout::RowMajor, b'['), (SoaLayout::ColumnMajor, b'{')] {
        let doc = to_vec_soa(&items, layout).unwrap();
        assert_eq!(&doc[..3], &[open, b'$', b'{']);
        let soa = Reader::new(&doc).read_soa().unwrap();
        assert_eq!(soa.column_major, layout == SoaLayout::ColumnMajor);
        assert_eq!(soa.dims, vec![5]);
        assert_eq!(soa.schema[0], ("id", SoaType::Number(b'm')));
        assert_eq!(soa.schema[3], ("ok", SoaType::Bool));
        let want: Vec<_> = items.iter().map(expected).collect();
        assert_eq!(soa.records, want);
        // The whole document is one value.
        structio_bjdata::validate(&doc).unwrap();
    }
    // Row-major: the fields of the first record, back to back after the header.
    let doc = to_vec_soa(&items, SoaLayout::RowMajor).unwrap();
    let header = b"[${U\x02idmU\x01tDU\x05levelIU\x02okTU\x03rawU}#U\x05";
    assert!(doc.starts_with(header));
    let mut first = 1000u32.to_le_bytes().to_vec();
    first.extend_from_slice(&(-1.0f64).to_le_bytes());
    first.extend_from_slice(&(-300i16).to_le_bytes());
    first.extend_from_slice(b"T\x00");
    assert_eq!(&doc[header.len()..header.len() + first.len()], &first[..]);
    assert_eq!(doc.len(), header.len() + 5 * first.len());
}

#[test]
fn records_that_are_not_fixed_size_are_refused() {
    let named = [Named {
        id: 1,
        name: "x".into(),
    }];
    assert_eq!(
        to_vec_soa(&named, SoaLayout::RowMajor).unwrap_err(),
        Error::new(ErrorKind::Unrepresentable, 0)
    );
    // Not an object at all.
    assert_eq!(
        to_vec_soa(&[1u8, 2], SoaLayout::ColumnMajor).unwrap_err(),
        Error::new(ErrorKind::Unrepresentable, 0)
    );
    // Records whose fields change (an `Option` that is `None` in the second).
    #[derive(structio_derive::Structio)]
    #[structio(format = "structio_bjdata")]
    struct Maybe {
        v: Option<u8>,
    }
    let mixed = [Maybe { v: Some(1) }, Maybe { v: None }];
    assert_eq!(
        to_vec_soa(&mixed, SoaLayout::RowMajor).unwrap_err(),
        Error::new(ErrorKind::Unrepresentable, 0)
    );
    // An empty slice is an empty array.
    let empty: [Sample; 0] = [];
    assert_eq!(to_vec_soa(&empty, SoaLayout::RowMajor).unwrap(), b"[]");
    assert!(from_slice::<Vec<u8>>(b"[]").unwrap().is_empty());
}

#[test]
fn pybj_reads_both_layouts() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let script = "import sys, json, warnings\nwarnings.simplefilter('ignore')\nimport bjdata\n\
                  v = bjdata.loadb(bytes.fromhex(sys.stdin.read()))\n\
                  print(json.dumps(v.tolist()))";
    let items = samples();
    let want: Vec<serde_json::Value> = items
        .iter()
        .map(|s| serde_json::json!([s.id, s.t, s.level, s.ok, s.raw]))
        .collect();
    for layout in [SoaLayout::RowMajor, SoaLayout::ColumnMajor] {
        let doc = to_vec_soa(&items, layout).unwrap();
        let hex: String = doc.iter().map(|b| format!("{b:02x}")).collect();
        let child = Command::new("python3")
            .args(["-c", script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let Ok(mut child) = child else {
            eprintln!("skipped: python3 is not available");
            return;
        };
        child
            .stdin
            .take()
            .unwrap()
            .write_all(hex.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            if err.contains("No module named") {
                eprintln!("skipped: the `bjdata` package (pip install bjdata) is not available");
                return;
            }
            panic!("pybj failed on {layout:?}: {err}");
        }
        let got: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(got, want, "{layout:?}");
    }
}
