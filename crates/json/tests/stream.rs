//! Streams: `Documents`, `RawDocuments`, `from_reader` and `to_writer`, over readers that cut
//! the input at every byte, with errors placed by their offset in the whole stream.

use std::io::{self, Read};

use structio_derive::Json;
use structio_json::{
    from_reader, to_writer, Documents, Error, ErrorKind, RawDocuments, ReadOptions, IO_ERROR,
};

/// A reader that hands out at most `step` bytes per call (cycling through `steps`).
struct Chunked<'a> {
    data: &'a [u8],
    steps: &'a [usize],
    call: usize,
}

impl<'a> Chunked<'a> {
    fn new(data: &'a [u8], steps: &'a [usize]) -> Self {
        Chunked {
            data,
            steps,
            call: 0,
        }
    }
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let step = self.steps[self.call % self.steps.len()];
        self.call += 1;
        let n = step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// A reader whose first `read` returns two parts of the input, split at `cut`.
struct SplitAt<'a> {
    data: &'a [u8],
    cut: usize,
}

impl Read for SplitAt<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.cut.min(buf.len()).min(self.data.len()).max(
            // Once the cut is passed, hand out the rest.
            usize::from(self.cut == 0) * buf.len().min(self.data.len()),
        );
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        self.cut = self.cut.saturating_sub(n);
        Ok(n)
    }
}

#[derive(Json, Debug, PartialEq, Clone)]
#[structio(crate = "structio_json")]
struct Rec {
    id: u64,
    name: String,
    tags: Vec<String>,
    score: Option<f64>,
}

/// Any JSON value, kept as its text (checked by the validating skip).
#[derive(Debug, PartialEq)]
struct Any(Vec<u8>);

impl<'de> structio_json::JsonRead<'de> for Any {
    fn read_json(r: &mut structio_json::Reader<'de>) -> structio_json::Result<Self> {
        r.peek()?;
        let start = r.offset();
        r.skip_value()?;
        Ok(Any(r.input()[start..r.offset()].to_vec()))
    }
}

type Outcome<T> = Vec<Result<T, (ErrorKind, usize)>>;

fn collect<R: Read, T: for<'de> structio_json::JsonRead<'de>>(docs: Documents<R, T>) -> Outcome<T> {
    docs.map(|r| r.map_err(|e: Error| (e.kind(), e.offset())))
        .collect()
}

const STREAMS: &[&[u8]] = &[
    b"",
    b"\n\n  \n",
    b"{\"id\":1,\"name\":\"a\",\"tags\":[],\"score\":null}\n{\"id\":2,\"name\":\"b\\\"}\",\"tags\":[\"x\",\"]\"],\"score\":1.5}\n",
    b"{\"id\":1,\"name\":\"a\",\"tags\":[],\"score\":null}{\"id\":2,\"name\":\"\",\"tags\":[],\"score\":2}",
    b"\r\n\r\n{\"id\":1,\"name\":\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\",\"tags\":[\"\\u00e9\"],\"score\":-0.0}\r\n\r\n",
    // Truncated last document.
    b"{\"id\":1,\"name\":\"a\",\"tags\":[],\"score\":null}\n{\"id\":2,\"name\":\"b\",\"ta",
    // An error in the middle: the stream ends there.
    b"{\"id\":1,\"name\":\"a\",\"tags\":[],\"score\":null}\n{\"id\":2,\"name\":\"b\",\"tags\":[,],\"score\":1}\n{\"id\":3,\"name\":\"c\",\"tags\":[],\"score\":null}\n",
    // A type error.
    b"{\"id\":-1,\"name\":\"a\",\"tags\":[],\"score\":null}\n",
    // Stray closing bracket, then garbage.
    b"] {\"id\":1}",
    b"{\"id\":1,\"name\":\"a\",\"tags\":[],\"score\":null}}",
    b"{\"id\":1,\"name\":\"a\\",
    b"{\"id\":1,\"name\":\"a\xff\",\"tags\":[],\"score\":null}",
    b"{\"id\":1,\"name\":\"a\",\"tags\":[],\"score\":1e}",
];

const NUMBER_STREAMS: &[&[u8]] = &[
    b"1 2 3",
    b"1\n-2\n3.5e2\n",
    b"12345678901234567890 1",
    b"1x 2",
    // Garbage after a scalar, longer than the small buffers: stopped before they grow.
    b"1xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx 2",
    b"-12.5e3qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq",
    b"nullZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ",
    b"[1e999,1,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,]",
    b"1,2",
    b"[1][2]\"3\"{}",
    b"- 1",
    b"1.",
    b"1e400",
    b"true false null",
    b"truefalse",
    b"\"abc",
    b"[1, 2",
    b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]",
];

fn check_every_chunking<T>(stream: &[u8])
where
    T: for<'de> structio_json::JsonRead<'de> + PartialEq + std::fmt::Debug,
{
    let whole = collect(Documents::<_, T>::from_slice(stream));
    for steps in [&[1usize][..], &[2], &[7], &[1, 2, 7], &[3, 1]] {
        let chunked = collect(Documents::<_, T>::from_reader(Chunked::new(stream, steps)));
        assert_eq!(
            chunked,
            whole,
            "steps {steps:?} over {:?}",
            String::from_utf8_lossy(stream)
        );
    }
    for cut in 0..=stream.len() {
        let split = collect(Documents::<_, T>::from_reader(SplitAt {
            data: stream,
            cut,
        }));
        assert_eq!(
            split,
            whole,
            "cut {cut} in {:?}",
            String::from_utf8_lossy(stream)
        );
    }
    // A buffer smaller than the values: they grow it and give the same answers.
    for cap in [1, 3, 16] {
        let raw = RawDocuments::with_capacity(Chunked::new(stream, &[1, 5]), cap);
        let small = collect(Documents::<_, T>::from_raw(raw, ReadOptions::new()));
        assert_eq!(small, whole, "capacity {cap}");
    }
}

#[test]
fn every_chunking_gives_the_same_documents() {
    for s in STREAMS {
        check_every_chunking::<Rec>(s);
        check_every_chunking::<Any>(s);
    }
    for s in NUMBER_STREAMS {
        check_every_chunking::<f64>(s);
        check_every_chunking::<Any>(s);
    }
}

fn any(stream: &[u8]) -> Vec<Result<String, (ErrorKind, usize)>> {
    collect(Documents::<_, Any>::from_slice(stream))
        .into_iter()
        .map(|r| r.map(|a| String::from_utf8(a.0).unwrap()))
        .collect()
}

fn ok(s: &str) -> Result<String, (ErrorKind, usize)> {
    Ok(s.to_string())
}

#[test]
fn documents_and_errors_at_stream_offsets() {
    use ErrorKind::*;
    assert_eq!(any(b""), []);
    assert_eq!(any(b"\n\n\r\n \t"), []);
    assert_eq!(any(b"1 2\n\n[3]"), [ok("1"), ok("2"), ok("[3]")]);
    assert_eq!(
        any(b"[1][2]\"3\"{}"),
        [ok("[1]"), ok("[2]"), ok("\"3\""), ok("{}")]
    );
    // Truncated last document: its offset is the end of the stream.
    assert_eq!(any(b"[1]\n[2, 3"), [ok("[1]"), Err((UnexpectedEnd, 9))]);
    assert_eq!(any(b"[1]\n\"ab"), [ok("[1]"), Err((UnexpectedEnd, 7))]);
    // An error in the third line, at its offset in the stream; nothing after it.
    assert_eq!(
        any(b"{}\n[1]\n[1, x]\n[2]\n"),
        [ok("{}"), ok("[1]"), Err((ExpectedValue, 11))]
    );
    // Scalars end at a delimiter; anything else after them is trailing text.
    assert_eq!(any(b"truex 1"), [Err((TrailingCharacters, 4))]);
    assert_eq!(any(b"1 ] 2"), [ok("1"), Err((ExpectedValue, 2))]);
    assert_eq!(any(b"1,2"), [ok("1"), Err((ExpectedValue, 1))]);
    assert_eq!(any(b"[1]\n\xff"), [ok("[1]"), Err((ExpectedValue, 4))]);
    assert_eq!(any(b"\"a\xff\""), [Err((InvalidUtf8, 2))]);
    // The depth limit of the read options holds in a stream.
    let deep = [b"[".repeat(129), b"]".repeat(129)].concat();
    assert_eq!(any(&deep), [Err((DepthLimit, 128))]);
    // A type error is placed at the stream offset too.
    let mut docs = Documents::<_, u8>::from_slice(b"1\n2\n300\n4");
    assert_eq!(docs.next().unwrap().unwrap(), 1);
    assert_eq!(docs.next().unwrap().unwrap(), 2);
    let err = docs.next().unwrap().unwrap_err();
    assert_eq!((err.kind(), err.offset()), (NumberOutOfRange, 4));
    assert!(docs.next().is_none());
}

#[test]
fn byte_offset_follows_the_documents() {
    let mut docs = Documents::<_, u32>::from_slice(b" 1  22\n");
    assert_eq!(docs.byte_offset(), 0);
    docs.next();
    assert_eq!(docs.byte_offset(), 2);
    docs.next();
    assert_eq!(docs.byte_offset(), 6);
    assert!(docs.next().is_none());
    docs.end().unwrap();
}

#[test]
fn a_value_larger_than_the_buffer() {
    // 1 MB string and a 100k-element array through a 64-byte buffer, read 7 bytes at a time.
    let big = "é".repeat(500_000);
    let arr: Vec<u32> = (0..100_000).collect();
    let mut stream = Vec::new();
    to_writer(&mut stream, &big).unwrap();
    stream.push(b'\n');
    to_writer(&mut stream, &arr).unwrap();
    stream.extend_from_slice(b"\n\"small\"\n");
    let raw = RawDocuments::with_capacity(Chunked::new(&stream, &[7]), 64);
    let mut docs = Documents::<_, Any>::from_raw(raw, ReadOptions::new());
    assert_eq!(docs.next().unwrap().unwrap().0.len(), big.len() + 2);
    let second: Vec<u32> = structio_json::from_slice(&docs.next().unwrap().unwrap().0).unwrap();
    assert_eq!(second, arr);
    assert_eq!(docs.next().unwrap().unwrap().0, b"\"small\"");
    assert!(docs.next().is_none());
}

#[test]
fn an_invalid_value_larger_than_the_buffer_stops_early() {
    // An array that never closes, with an error near its start: reported without reading
    // the whole stream (the reader would hand out 16 MB of elements otherwise).
    struct Endless {
        sent: usize,
    }
    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let head = b"[1, x, ";
            for (i, b) in buf.iter_mut().enumerate() {
                let at = self.sent + i;
                *b = if at < head.len() {
                    head[at]
                } else {
                    b"1, "[at % 3]
                };
            }
            self.sent += buf.len();
            assert!(self.sent < 16 << 20, "read too far");
            Ok(buf.len())
        }
    }
    let mut docs = Documents::<_, Any>::from_raw(
        RawDocuments::with_capacity(Endless { sent: 0 }, 1024),
        ReadOptions::new(),
    );
    let err = docs.next().unwrap().unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::ExpectedValue, 4));
    assert!(docs.next().is_none());
}

#[test]
fn from_reader_reads_one_document() {
    let rec: Rec = from_reader(Chunked::new(
        b" {\"id\": 3, \"name\": \"n\", \"tags\": [\"t\"], \"score\": 0.5}\n\n",
        &[2],
    ))
    .unwrap();
    assert_eq!(rec.tags, ["t"]);
    let e = from_reader::<_, u8>(&b"1 2"[..]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::TrailingCharacters, 2));
    let e = from_reader::<_, u8>(&b"  "[..]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnexpectedEnd, 2));
    let e = from_reader::<_, Vec<u8>>(&b"[1,"[..]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::UnexpectedEnd, 3));
    let v: f64 = from_reader(&b"12.5"[..]).unwrap();
    assert_eq!(v, 12.5);
}

struct FailsAfter {
    left: usize,
}

impl Read for FailsAfter {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            return Err(io::Error::other("disk gone"));
        }
        let n = buf.len().min(self.left).min(4);
        buf[..n].fill(b' ');
        buf[0] = b'1';
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn io_errors_are_reported_at_their_offset() {
    let mut docs = Documents::<_, u8>::from_reader(FailsAfter { left: 8 });
    assert_eq!(docs.next().unwrap().unwrap(), 1);
    assert_eq!(docs.next().unwrap().unwrap(), 1);
    let e = docs.next().unwrap().unwrap_err();
    assert_eq!((e.kind(), e.offset()), (IO_ERROR, 8));
    assert_eq!(docs.take_io_error().unwrap().to_string(), "disk gone");
    assert!(docs.next().is_none());
    let e = from_reader::<_, u8>(FailsAfter { left: 0 }).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (IO_ERROR, 0));

    // Interrupted reads are retried.
    struct Interrupts(bool, &'static [u8]);
    impl Read for Interrupts {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.0 = !self.0;
            if self.0 {
                return Err(io::ErrorKind::Interrupted.into());
            }
            self.1.read(buf)
        }
    }
    assert_eq!(
        from_reader::<_, Vec<u8>>(Interrupts(false, b"[1, 2]")).unwrap(),
        [1, 2]
    );
}

#[test]
fn to_writer_writes_and_reports_the_writers_error() {
    let rec = Rec {
        id: 9,
        name: "q\"".into(),
        tags: vec!["a".into()],
        score: Some(f64::NAN),
    };
    let mut out = Vec::new();
    to_writer(&mut out, &rec).unwrap();
    assert_eq!(out, structio_json::to_vec(&rec).unwrap());
    // Larger than the 8 KiB chunk.
    let big: Vec<String> = (0..5000).map(|i| i.to_string()).collect();
    let mut out = Vec::new();
    to_writer(&mut out, &big).unwrap();
    assert_eq!(out, structio_json::to_vec(&big).unwrap());

    struct Full(usize);
    impl io::Write for Full {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.0 < buf.len() {
                return Err(io::Error::new(io::ErrorKind::StorageFull, "full"));
            }
            self.0 -= buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let e = to_writer(Full(100), &big).unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::StorageFull);
    let e = to_writer(Full(100), &[0u8; 200]).unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::StorageFull);

    struct Refuses;
    impl structio_json::JsonWrite for Refuses {
        fn write_json<S: structio_json::Sink>(
            &self,
            _: &mut structio_json::Writer<S>,
        ) -> structio_json::Result<()> {
            Err(Error::new(ErrorKind::Custom("no"), 0))
        }
    }
    let e = to_writer(Vec::new(), &Refuses).unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::InvalidData);
}

#[test]
fn a_long_number_past_range_then_invalid_is_reported_as_the_reader_sees_it() {
    // While the buffer grows, what is held of the number is out of range; the whole number
    // breaks the grammar at its second exponent, which is what a read of it reports.
    let doc = format!("{}E999{}E9 1", "9".repeat(100), "9".repeat(100));
    let want = structio_json::from_slice::<Any>(doc.split(' ').next().unwrap().as_bytes())
        .map(|_| ())
        .map_err(|e| (e.kind(), e.offset()));
    assert_eq!(want, Err((ErrorKind::InvalidNumber, 204)));
    for cap in [1, 16, 64] {
        let raw = RawDocuments::with_capacity(Chunked::new(doc.as_bytes(), &[3]), cap);
        let got = collect(Documents::<_, Any>::from_raw(raw, ReadOptions::new()));
        assert_eq!(
            got,
            [Err((ErrorKind::InvalidNumber, 204))],
            "capacity {cap}"
        );
    }
}

#[test]
fn a_character_cut_by_a_small_buffer_is_not_an_error() {
    // A four-byte character read a byte at a time into a buffer that starts at one byte: the
    // check made before each growth sees the character cut, at the same offset, more than
    // once; that is not invalid input.
    for stream in [
        "\"\u{1F600}\" 1",
        "[\"a\u{10FFFF}b\"]",
        "\"\u{20AC}\u{1F600}\"",
    ] {
        let whole = collect(Documents::<_, Any>::from_slice(stream.as_bytes()));
        assert!(whole.iter().all(Result::is_ok), "{stream}: {whole:?}");
        for steps in [&[1usize][..], &[2], &[1, 2, 3]] {
            let raw = RawDocuments::with_capacity(Chunked::new(stream.as_bytes(), steps), 1);
            let small = collect(Documents::<_, Any>::from_raw(raw, ReadOptions::new()));
            assert_eq!(small, whole, "{stream} in steps {steps:?}");
        }
    }
    // Invalid UTF-8 after a valid four-byte character: the same error, at the same offset,
    // whatever the buffer (a case the fuzz target found).
    let mut bad = b"\"\xf1\xad\xad\xad".to_vec();
    bad.extend_from_slice(&[0xad; 80]);
    bad.extend_from_slice(b"F*\\u88450");
    let whole = collect(Documents::<_, Any>::from_slice(&bad));
    assert_eq!(whole, [Err((ErrorKind::InvalidUtf8, 5))]);
    for steps in [&[1usize][..], &[33, 35, 3], &[2]] {
        let raw = RawDocuments::with_capacity(Chunked::new(&bad, steps), 1);
        let small = collect(Documents::<_, Any>::from_raw(raw, ReadOptions::new()));
        assert_eq!(small, whole, "steps {steps:?}");
    }
}

/// Garbage after a number or literal, from a stream that never ends: the error comes before
/// the buffer grows far (it grew to the end of the stream), with each reader's own error; and
/// a number out of range that is followed by more of the value is reported without reading on.
#[test]
fn garbage_after_a_scalar_stops_an_endless_stream() {
    struct Endless {
        head: &'static [u8],
        fill: u8,
        sent: usize,
    }
    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            for (i, b) in buf.iter_mut().enumerate() {
                *b = self.head.get(self.sent + i).copied().unwrap_or(self.fill);
            }
            self.sent += buf.len();
            assert!(self.sent < 16 << 20, "read too far");
            Ok(buf.len())
        }
    }
    let endless = |head, fill| Endless {
        head,
        fill,
        sent: 0,
    };
    let err = |r: structio_json::Result<()>| r.map_err(|e| (e.kind(), e.offset())).unwrap_err();
    let e = err(from_reader::<_, u32>(endless(b"1", b'x')).map(drop));
    assert_eq!(e, (ErrorKind::TrailingCharacters, 1));
    let e = err(from_reader::<_, Any>(endless(b"null", b'Z')).map(drop));
    assert_eq!(e, (ErrorKind::TrailingCharacters, 4));
    // A type error comes first, as over the whole value.
    let e = err(from_reader::<_, String>(endless(b"-1", b'x')).map(drop));
    assert_eq!(e, (ErrorKind::ExpectedString, 0));
    let e = err(from_reader::<_, Any>(endless(b"[1e999,1", b',')).map(drop));
    assert_eq!(e, (ErrorKind::NumberOutOfRange, 1));
    // Raw framing reports the garbage where it starts.
    let mut raw = RawDocuments::with_capacity(endless(b"true", b'q'), 64);
    let e = raw.next_raw().unwrap().unwrap_err();
    assert_eq!((e.kind(), e.offset()), (ErrorKind::TrailingCharacters, 4));
    assert!(raw.next_raw().is_none());
}
