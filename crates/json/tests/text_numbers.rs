//! Numbers through `minify`, `minify_trusted` and `prettify`: every generated number, valid or
//! not, cut at every length and followed by every byte, gives the output or the error (kind and
//! offset) of a byte-at-a-time reference of the JSON number grammar (the trusting tools, which
//! do not check a number's grammar, the output of the valid ones and no panic on the rest). The
//! text tools step over short numbers by masks of sixteen bytes; these documents put each number
//! both near the end of the input (the grammar walk's) and with room after it (the masks').

use structio_json::{minify, minify_trusted, prettify, prettify_trusted, ErrorKind, PrettyOptions};
use structio_testkit::Rng;

type Outcome = Result<Vec<u8>, (ErrorKind, usize)>;

/// The reference: the JSON number grammar a byte at a time from `i`, then no byte of the
/// number's alphabet right after it; the end, or the error the text tools report. A value past
/// the range of `f64` is `NumberOutOfRange` at the number's first byte.
fn ref_number(s: &[u8], i: usize) -> Result<usize, (ErrorKind, usize)> {
    let p = structio_testkit::number_grammar(s, i).map_err(|p| {
        if p >= s.len() {
            (ErrorKind::UnexpectedEnd, s.len())
        } else {
            (ErrorKind::InvalidNumber, p)
        }
    })?;
    if matches!(
        s.get(p),
        Some(b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
    ) {
        return Err((ErrorKind::InvalidNumber, p));
    }
    let text = std::str::from_utf8(&s[i..p]).unwrap();
    if text.parse::<f64>().unwrap().is_infinite() {
        return Err((ErrorKind::NumberOutOfRange, i));
    }
    Ok(p)
}

fn skip_ws(s: &[u8], mut p: usize) -> usize {
    while matches!(s.get(p), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        p += 1;
    }
    p
}

/// What minify must do with `doc`: an open array or object (`close` is its closing bracket) or
/// nothing, then a number at `start`, then anything; the minified document or the error. After
/// the number the reference walks only what the generated documents hold there: whitespace, a
/// comma, the one closing bracket, anything else.
fn expected(doc: &[u8], start: usize, close: Option<u8>) -> Outcome {
    let end = ref_number(doc, start)?;
    let mut p = skip_ws(doc, end);
    if let Some(close) = close {
        let expect = if close == b']' {
            ErrorKind::ExpectedCommaOrArrayEnd
        } else {
            ErrorKind::ExpectedCommaOrObjectEnd
        };
        match doc.get(p) {
            None => return Err((ErrorKind::UnexpectedEnd, doc.len())),
            Some(b',') => {
                p = skip_ws(doc, p + 1);
                // The documents hold nothing but the closing bracket after a comma.
                assert_eq!(doc.get(p), Some(&close));
                return Err((ErrorKind::TrailingComma, p));
            }
            Some(&b) if b == close => p = skip_ws(doc, p + 1),
            Some(_) => return Err((expect, p)),
        }
    }
    if p < doc.len() {
        return Err((ErrorKind::TrailingCharacters, p));
    }
    Ok(layout(close, &doc[start..end], false))
}

/// `number` alone, in an array or in an object under `"k"`: compact or in Glaze's layout.
fn layout(close: Option<u8>, number: &[u8], pretty: bool) -> Vec<u8> {
    let n = String::from_utf8(number.to_vec()).unwrap();
    match (close, pretty) {
        (None, _) => n,
        (Some(b']'), false) => format!("[{n}]"),
        (Some(b']'), true) => format!("[\n   {n}\n]"),
        (_, false) => format!("{{\"k\":{n}}}"),
        (_, true) => format!("{{\n   \"k\": {n}\n}}"),
    }
    .into_bytes()
}

fn run(tool: impl Fn(&[u8], &mut Vec<u8>) -> structio_json::Result<usize>, doc: &[u8]) -> Outcome {
    let mut out = Vec::new();
    match tool(doc, &mut out) {
        Ok(n) => {
            assert_eq!(n, out.len());
            Ok(out)
        }
        Err(e) => Err((e.kind(), e.offset())),
    }
}

/// A trusting tool against the checked tool's outcome: the same output wherever the document
/// is valid; on an invalid one it steps over a number by its bytes without the grammar, so it
/// may succeed with what it wrote (never panic, never run past the input).
fn trusted_agrees(got: Outcome, want: &Outcome, doc: &str) {
    if want.is_ok() {
        assert_eq!(&got, want, "trusting tool on {doc:?}");
    }
}

/// The four tools on `doc` against the reference.
fn check(doc: &[u8], start: usize, close: Option<u8>) {
    let want = expected(doc, start, close);
    let show = || String::from_utf8_lossy(doc).into_owned();
    assert_eq!(run(minify, doc), want, "minify {:?}", show());
    trusted_agrees(run(minify_trusted, doc), &want, &show());
    let pretty_want = match ref_number(doc, start) {
        Ok(end) => want.map(|_| layout(close, &doc[start..end], true)),
        Err(_) => want,
    };
    let pretty = run(|d, o| prettify(d, o, &PrettyOptions::default()), doc);
    assert_eq!(pretty, pretty_want, "prettify {:?}", show());
    let trusted = run(
        |d, o| prettify_trusted(d, o, &PrettyOptions::default()),
        doc,
    );
    trusted_agrees(trusted, &pretty_want, &show());
}

/// `token` in every context: alone (ending the input), in an array or object closed at once or
/// after padding, followed by every byte, and with the input cut right after it.
fn contexts(token: &[u8]) {
    // The token alone, and cut at every length: numbers ending the input.
    for cut in 1..=token.len() {
        let t = &token[..cut];
        if t[0] == b'-' || t[0].is_ascii_digit() {
            check(t, 0, None);
        }
    }
    // A token that is no number for the walk's dispatch, or holds a comma (whatever follows
    // is another element), is past what the reference walks.
    if !(token[0] == b'-' || token[0].is_ascii_digit()) || token.contains(&b',') {
        return;
    }
    // The reference agrees with serde_json on which tokens are numbers.
    let ours = matches!(ref_number(token, 0), Ok(end) if skip_ws(token, end) == token.len());
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(token).is_ok(),
        ours,
        "serde_json on {:?}",
        String::from_utf8_lossy(token)
    );
    for (open, close) in [(&b"["[..], b']'), (&b"{\"k\":"[..], b'}')] {
        let start = open.len();
        // Unclosed: the input ends right after the number.
        let mut doc = open.to_vec();
        doc.extend_from_slice(token);
        check(&doc, start, Some(close));
        for pad in [0usize, 1, 3, 17, 40] {
            // Every byte after the number, then the padding and the closing bracket.
            for c in 0..=255u8 {
                let mut doc = open.to_vec();
                doc.extend_from_slice(token);
                doc.push(c);
                doc.extend(std::iter::repeat_n(b' ', pad));
                doc.push(close);
                check(&doc, start, Some(close));
            }
            // Closed after the padding, and at the top level with line breaks after.
            let mut doc = open.to_vec();
            doc.extend_from_slice(token);
            doc.extend(std::iter::repeat_n(b' ', pad));
            doc.push(close);
            check(&doc, start, Some(close));
            let mut top = token.to_vec();
            top.extend(std::iter::repeat_n(b'\n', pad));
            check(&top, 0, None);
        }
    }
}

/// A number from the grammar's parts, or near one: random sign, digit runs of every length that
/// matters to sixteen-byte steps, fraction, exponent (huge ones too).
fn gen_number(rng: &mut Rng) -> Vec<u8> {
    let mut s = Vec::new();
    let digits = |rng: &mut Rng, s: &mut Vec<u8>, n: u64| {
        for _ in 0..n {
            s.push(b'0' + rng.below(10) as u8);
        }
    };
    if rng.below(2) == 0 {
        s.push(b'-');
    }
    match rng.below(10) {
        0 => s.push(b'0'),
        1 => {
            // Long integer parts, past the 200 digits that may need a range check.
            s.push(b'1' + rng.below(9) as u8);
            let n = *rng.pick(&[15, 16, 30, 199, 200, 250, 320]);
            digits(rng, &mut s, n);
        }
        _ => {
            s.push(b'1' + rng.below(9) as u8);
            let n = rng.below(17);
            digits(rng, &mut s, n);
        }
    }
    if rng.below(3) != 0 {
        s.push(b'.');
        let most = if rng.below(5) == 0 { 25 } else { 4 };
        let n = 1 + rng.below(most);
        digits(rng, &mut s, n);
    }
    if rng.below(4) == 0 {
        s.push(*rng.pick(b"eE"));
        if rng.below(2) == 0 {
            s.push(*rng.pick(b"+-"));
        }
        match rng.below(4) {
            0 => {
                let huge: [&[u8]; 5] = [b"400", b"308", b"309", b"999999", b"0400"];
                s.extend_from_slice(huge[rng.below(5) as usize]);
            }
            _ => {
                let n = 1 + rng.below(3);
                digits(rng, &mut s, n);
            }
        }
    }
    // Now and then a mutation: a byte of the alphabet inserted, replaced or dropped.
    if rng.below(4) == 0 && s.len() > 1 {
        let alphabet = b"0123456789.eE+-/ ,";
        let at = rng.below(s.len() as u64) as usize;
        match rng.below(3) {
            0 => s.insert(at, *rng.pick(alphabet)),
            1 => s[at] = *rng.pick(alphabet),
            _ => {
                s.remove(at);
            }
        }
    }
    if s.is_empty() {
        s.push(b'0');
    }
    s
}

#[test]
fn fixed_numbers_in_every_context() {
    let tokens: &[&[u8]] = &[
        b"0",
        b"-0",
        b"7",
        b"-7",
        b"1.",
        b"-1.",
        b"1e",
        b"1e+",
        b"1e-",
        b"1E",
        b".5",
        b"-.5",
        b"-",
        b"--1",
        b"-+1",
        b"01",
        b"-01",
        b"00",
        b"0.0",
        b"0.",
        b"0e1",
        b"0E+1",
        b"0.5e-3",
        b"1.5",
        b"-1234.56",
        b"7.5",
        b"0.25",
        b"-0.25",
        b"9999.99",
        b"1.2.3",
        b"1-2",
        b"1+2",
        b"1e5e5",
        b"1e+-5",
        b"1ee5",
        b"1.e5",
        b"1/2",
        b"-/",
        b"1e400",
        b"-1e400",
        b"1e-400",
        b"1e308",
        b"1.7976931348623157e308",
        b"1.7976931348623159e308",
        b"1e999999999",
        b"123456789012345",
        b"1234567890123456",
        b"12345678901234567",
        b"-12345678901234",
        b"-123456789012345",
        b"1.2345678901234",
        b"1.23456789012345",
        b"-1.2345678901234",
        b"1604.3421685554622",
        b"1.2608419218998973E-18",
        b"-0.18027494677574235",
        b"12.",
        b"12.e",
        b"1.2e",
        b"1.2E+",
        b"1.2E+3",
        b"1.2e03",
        b"-9.",
        b"-9.9",
    ];
    for t in tokens {
        contexts(t);
    }
    // Every digit before and after the dot, with and without a sign, at every length that
    // fits the sixteen-byte step and one past it.
    for int in 1..=17 {
        for frac in 0..=3 {
            for sign in [&b""[..], b"-"] {
                let mut t = sign.to_vec();
                t.extend((0..int).map(|k| b'1' + (k % 9) as u8));
                if frac > 0 {
                    t.push(b'.');
                    t.extend((0..frac).map(|k| b'0' + (k % 10) as u8));
                }
                contexts(&t);
            }
        }
    }
}

#[test]
fn generated_numbers_in_every_context() {
    let mut rng = Rng::new(0x6e75_6d62);
    for _ in 0..600 {
        let t = gen_number(&mut rng);
        contexts(&t);
    }
}

/// Many numbers in one laid-out document, as the benchmarks' documents: minified and
/// prettified back, one of them broken now and then.
#[test]
fn documents_of_numbers() {
    let mut rng = Rng::new(0x6d69_6e69);
    for round in 0..300 {
        let count = 1 + rng.below(40) as usize;
        let tokens: Vec<Vec<u8>> = (0..count).map(|_| gen_number(&mut rng)).collect();
        let mut laid = b"[".to_vec();
        let mut compact = b"[".to_vec();
        let mut starts = Vec::new();
        for (k, t) in tokens.iter().enumerate() {
            laid.extend_from_slice(if k == 0 { b"\n   " } else { b",\n   " });
            compact.extend_from_slice(if k == 0 { b"" } else { b"," });
            starts.push((laid.len(), compact.len()));
            laid.extend_from_slice(t);
            compact.extend_from_slice(t);
        }
        laid.extend_from_slice(b"\n]");
        compact.push(b']');
        // Tokens a walk would not take for a number at all (a stray byte first, or one that
        // ends it early) are the other tests' business.
        let starts_number = |t: &Vec<u8>| t[0] == b'-' || t[0].is_ascii_digit();
        let stray = |t: &Vec<u8>| t.iter().any(|&b| b == b' ' || b == b',' || b == b'/');
        if !tokens.iter().all(starts_number) || tokens.iter().any(stray) {
            continue;
        }
        // The first number the reference turns away decides the error in either form.
        let first_bad = |doc: &[u8], starts: &mut dyn Iterator<Item = usize>| {
            for (k, s) in starts.enumerate() {
                match ref_number(doc, s) {
                    Err(e) => return Some(e),
                    Ok(end) => assert_eq!(end, s + tokens[k].len()),
                }
            }
            None
        };
        let laid_bad = first_bad(&laid, &mut starts.iter().map(|s| s.0));
        let compact_bad = first_bad(&compact, &mut starts.iter().map(|s| s.1));
        let show = |d: &[u8]| format!("round {round}: {:?}", String::from_utf8_lossy(d));
        let want = |bad: Option<(ErrorKind, usize)>, ok: &[u8]| match bad {
            Some(e) => Err(e),
            None => Ok(ok.to_vec()),
        };
        let mut pretty = b"[".to_vec();
        for (k, t) in tokens.iter().enumerate() {
            pretty.extend_from_slice(if k == 0 { b"\n   " } else { b",\n   " });
            pretty.extend_from_slice(t);
        }
        pretty.extend_from_slice(b"\n]");
        assert_eq!(
            run(minify, &laid),
            want(laid_bad, &compact),
            "{}",
            show(&laid)
        );
        trusted_agrees(
            run(minify_trusted, &laid),
            &want(laid_bad, &compact),
            &show(&laid),
        );
        assert_eq!(
            run(|d, o| prettify(d, o, &PrettyOptions::default()), &compact),
            want(compact_bad, &pretty),
            "{}",
            show(&compact)
        );
    }
}
