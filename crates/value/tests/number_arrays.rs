//! Arrays whose elements are numbers have a path of their own in the JSON reader
//! (`json_leaf_array.rs`): their nodes are written straight into the free room of the reader's
//! chunk and the block is carved around them at `]`; at the first element that is not a
//! number, or that the room cannot hold, the array goes to the general loop with the elements
//! read so far. These tests compare its trees with serde_json's and its errors with the
//! general loop's, with a chunk in place (the path needs its free room): every length, every
//! element kind at every position, arrays beside arrays, and chunks running out mid-array.
//! An array of such arrays all of one length (rows) has its own nodes written in place too,
//! the rows carved from the room's other end; a row of another shape hands it over the same
//! way. Run them under Miri too: `cargo +nightly miri test -p structio-value --test
//! number_arrays`.

use structio_value::{from_slice, to_string, ErrorKind, Reader, Value};

/// The document read as serde_json reads it, written back by structio-value and read again by
/// serde_json: equal when the tree holds the same values in the same order and kinds.
fn assert_same_tree(text: &str, v: &Value) {
    let expected: serde_json::Value = serde_json::from_str(text).unwrap();
    let got: serde_json::Value = serde_json::from_str(&to_string(v)).unwrap();
    assert_eq!(got, expected, "{text}");
}

/// `text` as the second element of an array whose first carves a block, so that the reader has
/// a chunk with free room when `text` begins (a fresh reader has none), read by `reader`.
fn read_warm(reader: &mut Reader, text: &str) -> Result<Value, structio_value::Error> {
    let doc = format!("[{{\"carve\":[true]}},{text}]");
    reader.read(doc.as_bytes()).map(|mut v| {
        v.as_array_mut()
            .and_then(|a| a.remove(1))
            .unwrap_or(Value::NULL)
    })
}

/// Under Miri (about 10,000x slower) a smaller count.
fn size(n: usize, miri: usize) -> usize {
    if cfg!(miri) {
        miri
    } else {
        n
    }
}

/// Numbers of every kind the reader tells apart: small and long integers (the 8-19 digit arm),
/// negative ones, `u64::MAX` and `i64::MIN`, floats with fractions and exponents, and zero.
fn number(i: usize) -> String {
    match i % 12 {
        0 => format!("{i}"),
        1 => format!("-{i}"),
        2 => format!("{}.{}", i, i % 7),
        3 => format!("-{i}.25e-3"),
        4 => "18446744073709551615".to_owned(),
        5 => "-9223372036854775808".to_owned(),
        6 => format!("{}", 12_345_678_901u64 + i as u64),
        7 => "0".to_owned(),
        8 => "-0.0".to_owned(),
        9 => "1E308".to_owned(),
        10 => format!("-65.61361699999997{}", i % 10),
        _ => format!("{i}e2"),
    }
}

/// The separator before element `i`: none, a space, or indentation.
fn gap(i: usize) -> &'static str {
    ["", " ", "\n    ", "\t"][i % 4]
}

/// An array of `n` elements, `element(i)` each but `other` at `at`, with the separators `gap`
/// gives.
fn array_with(n: usize, at: usize, other: &str, element: impl Fn(usize) -> String) -> String {
    let elements: Vec<String> = (0..n)
        .map(|i| {
            if i == at {
                other.to_owned()
            } else {
                format!("{}{}", gap(i), element(i))
            }
        })
        .collect();
    format!("[{}]", elements.join(","))
}

fn numbers(n: usize, from: usize) -> String {
    let elements: Vec<String> = (0..n)
        .map(|i| format!("{}{}", gap(i + from), number(i + from)))
        .collect();
    format!("[{}{}]", elements.join(","), gap(n + from))
}

#[test]
fn arrays_of_numbers_of_every_length() {
    let mut reader = Reader::new();
    for n in 1..=size(70, 20) {
        for from in [0, 5] {
            let text = numbers(n, from);
            let v = read_warm(&mut reader, &text).unwrap();
            assert_eq!(v.as_array().map(|a| a.len()), Some(n));
            assert_same_tree(&text, &v);
        }
    }
}

/// An element that is not a number, at every position of arrays of every length: the array
/// goes on in the general loop with the numbers before it, and the elements after it (numbers
/// again) are read there too.
#[test]
fn an_element_of_another_kind_anywhere_hands_the_array_over() {
    let others = [
        "\"s\"",
        "\"a string longer than fourteen bytes\"",
        "\"esc\\n\"",
        "true",
        "false",
        "null",
        "[]",
        "{}",
        "[1,2]",
        "[\"x\"]",
        "{\"a\":1}",
        "[[3,4],[5]]",
    ];
    let mut reader = Reader::new();
    for n in 1..=size(12, 5) {
        for at in 0..n {
            for other in others {
                let text = array_with(n, at, other, number);
                let v = read_warm(&mut reader, &text).unwrap();
                assert_same_tree(&text, &v);
            }
        }
    }
}

/// Arrays of numbers one after another in an array are read in one run of the path; beside
/// other elements, empty arrays, inside objects and at several depths.
#[test]
fn arrays_of_numbers_beside_each_other() {
    let docs = [
        "[[1,2],[3,4],[5,6]]",
        "[ [1, 2] , [3,4] ,\n [5] ]",
        "[[1,2],[],[3]]",
        "[[1,2],\"s\",[3,4]]",
        "[[1,2],[3,\"x\"],[4]]",
        "[[1,2],{\"a\":[3]},[4,5]]",
        "[[1,2],[3,4]],",
        "{\"a\":[1,2],\"b\":[3],\"c\":[[4],[5,6]]}",
        "[[[1,2],[3,4]],[[5,6]],[[7],[8,9,10]]]",
        "[[1],[2],[3],[4],[5],[6],[7],[8],[9],[10],[11],[12],[13],[14],[15],[16],[17]]",
        "[[-1.5e3,2],[0,-0],[18446744073709551615,-9223372036854775808]]",
    ];
    let mut reader = Reader::new();
    for text in docs {
        // A trailing comma after a run is the enclosing array's to report.
        if let Some(body) = text.strip_suffix(',') {
            let e = read_warm(&mut reader, &format!("[{body},]")).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::TrailingComma, "{text}");
            continue;
        }
        let v = read_warm(&mut reader, text).unwrap();
        assert_same_tree(text, &v);
    }
}

/// `rows` arrays of `len` numbers in an array, with the separators `gap` gives.
fn matrix(rows: usize, len: usize) -> String {
    let rows: Vec<String> = (0..rows)
        .map(|r| format!("{}{}", gap(r), numbers(len, r * len)))
        .collect();
    format!("[{}]", rows.join(","))
}

/// Arrays of rows of one length, read in place with their rows (`leaf_run`): every row count
/// and length, on their own and nested, and the trees used afterwards (a row and the outer
/// array grown out of the chunk, a clone, both dropped).
#[test]
fn arrays_of_rows_of_one_length() {
    let mut reader = Reader::new();
    for rows in 1..=size(40, 4) {
        for len in 1..=size(5, 3) {
            let text = matrix(rows, len);
            let mut v = read_warm(&mut reader, &text).unwrap();
            assert_eq!(v.as_array().map(|a| a.len()), Some(rows), "{text}");
            assert_same_tree(&text, &v);
            let copy = v.clone();
            if let Some(a) = v.as_array_mut() {
                if let Some(row) = a.last_mut().and_then(Value::as_array_mut) {
                    row.push(7u64);
                }
                a.push(8u64);
            }
            assert_eq!(v[rows - 1].as_array().map(|r| r.len()), Some(len + 1));
            assert_eq!(v[rows], 8u64);
            drop(v);
            assert_same_tree(&text, &copy);
            // Two matrices in an array (the second one's run starts after the first closes),
            // and a matrix as an object's member.
            let nested = format!("[{text}, {text}]");
            assert_same_tree(&nested, &read_warm(&mut reader, &nested).unwrap());
            let member = format!("{{\"m\": {text}, \"n\": 1}}");
            assert_same_tree(&member, &read_warm(&mut reader, &member).unwrap());
        }
    }
}

/// A row of another length or kind, or an element that is not a row, at every position: the
/// outer array goes to the general loop with the rows before it, which reads the rest.
#[test]
fn a_row_of_another_shape_anywhere_hands_the_array_over() {
    let others = [
        "[1]",
        "[1,2,3]",
        "[]",
        "[\"s\"]",
        "[1,\"s\"]",
        "[1,[2]]",
        "[[1,2]]",
        "[1,{}]",
        "\"s\"",
        "7",
        "true",
        "null",
        "{}",
        "{\"a\":[1,2]}",
        "[-0.5,2e-3]",
    ];
    let mut reader = Reader::new();
    for rows in 1..=size(8, 3) {
        for at in 0..rows {
            for other in others {
                let text = array_with(rows, at, other, |r| numbers(2, r));
                let v = read_warm(&mut reader, &text).unwrap();
                assert_same_tree(&text, &v);
            }
        }
    }
}

/// A chunk whose free room ends in the middle of an array: the elements written so far move
/// to the stack and the general loop carves the array from the next chunk. One reader reads
/// documents of growing size (each sizes its first chunk from the one before, so each outgrows
/// it), then one array larger than a chunk.
#[test]
fn arrays_that_outgrow_the_chunk() {
    let mut reader = Reader::new();
    let mut k = 1;
    while k <= size(4000, 60) {
        let pairs: Vec<String> = (0..k)
            .map(|i| format!("[{},{}]", number(i), number(i + 3)))
            .collect();
        let long: Vec<String> = (0..k % 97 + 1).map(number).collect();
        let text = format!("[{},[{}]]", pairs.join(","), long.join(","));
        let v = reader.read(text.as_bytes()).unwrap();
        assert_same_tree(&text, &v);
        drop(v);
        k = k * 3 / 2 + 1;
    }
    // A document of one long string sizes the next chunk at about a byte of tree per byte of
    // text; an array of one-digit numbers (two bytes of text, sixteen of tree each) then fills
    // it part way through. Once more with the numbers inside arrays of two.
    // The rows of an array of rows (pairs, and rows of one and of three) fill the room from
    // its end while the array's nodes fill it from its start, until the two meet.
    for (n, width) in [
        (size(300_000, 600), 0),
        (size(100_000, 600), 2),
        (size(100_000, 600), 1),
        (size(100_000, 600), 3),
    ] {
        let long = format!("[\"{}\"]", "x".repeat(n * 2));
        drop(reader.read(long.as_bytes()).unwrap());
        let digits: Vec<String> = (0..n).map(|i| (i % 10).to_string()).collect();
        let text = if width > 0 {
            let rows: Vec<String> = digits
                .chunks(width)
                .map(|p| format!("[{}]", p.join(",")))
                .collect();
            format!("[{}]", rows.join(","))
        } else {
            format!("[{}]", digits.join(","))
        };
        let v = reader.read(text.as_bytes()).unwrap();
        assert_same_tree(&text, &v);
    }
}

/// Errors met while the path reads: after an element, the kind and offset the general loop
/// gives; in an element, the element is handed over and the general loop reports it.
#[test]
fn errors_have_the_general_loops_kind_and_offset() {
    use ErrorKind::*;
    let cases: &[(&str, ErrorKind, usize)] = &[
        ("[1 2]", ExpectedCommaOrArrayEnd, 3),
        ("[1,2 x]", ExpectedCommaOrArrayEnd, 5),
        ("[1,]", TrailingComma, 3),
        ("[1 , ]", TrailingComma, 5),
        ("[1,x]", ExpectedValue, 3),
        ("[1,-]", InvalidNumber, 4),
        ("[1,01]", InvalidNumber, 4),
        ("[1,1e400]", NumberOutOfRange, 3),
        ("[1,2.]", InvalidNumber, 5),
        ("[[1,2],[3 4]]", ExpectedCommaOrArrayEnd, 10),
        ("[[1,2],[3,]]", TrailingComma, 10),
        ("[[1,2],[3,4]x]", ExpectedCommaOrArrayEnd, 12),
        ("[[1,2],[3,4],]", TrailingComma, 13),
        ("{\"a\":[1,2}", ExpectedCommaOrArrayEnd, 9),
        // Within and after a run of rows: the general loop's answers.
        ("[[1,2],[3,4] [5,6]]", ExpectedCommaOrArrayEnd, 13),
        ("[[1,2],[3,4],[5,6],]", TrailingComma, 19),
        ("[[1,2],[3,4],[5,x]]", ExpectedValue, 16),
        ("[[1,2],[3,4],[5,6,]]", TrailingComma, 18),
        ("[[1,2],[3,4],[5,1e999]]", NumberOutOfRange, 16),
        ("[[1,2],[3,4],[5,6]}", ExpectedCommaOrArrayEnd, 18),
        ("[[[1,2],[3,4]],[[5,6]] x]", ExpectedCommaOrArrayEnd, 23),
    ];
    let prefix = "[{\"carve\":[true]},".len();
    let mut reader = Reader::new();
    for &(text, kind, offset) in cases {
        let e = read_warm(&mut reader, text).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, prefix + offset), "{text}");
        // The same text on its own, where the reader has no chunk yet for its first array.
        let e = Reader::new().read(text.as_bytes()).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (kind, offset), "{text} alone");
    }
    // Ending inside an array of numbers, at every byte.
    let text = "[[1,-2.5],[3e1, 4],[5,6]]";
    for end in 1..text.len() {
        let doc = format!("[{{\"carve\":[true]}},{}", &text[..end]);
        let e = reader.read(doc.as_bytes()).unwrap_err();
        assert!(
            matches!(e.kind(), UnexpectedEnd | InvalidNumber),
            "{} gave {:?}",
            &text[..end],
            e.kind()
        );
    }
    // The reader is whole after its errors.
    let v = read_warm(&mut reader, "[[1,2],[3]]").unwrap();
    assert_same_tree("[[1,2],[3]]", &v);
    assert_eq!(from_slice(b"[[1,2],[3]]").unwrap(), v);
}
