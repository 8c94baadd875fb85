//! Broken documents read into typed destinations: every error's full message, kind, offset and
//! path (JSON Pointer) asserted, and the error walk fed truncated and random input.
#![cfg(feature = "std")]

use std::collections::BTreeMap;

use structio_cbor::{
    describe_error, from_slice, read_into, validate, CborRead, Error, ErrorKind, ErrorKind::*,
    Found, Reader,
};
use structio_derive::Structio;

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Network {
    host: String,
    port: u16,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Config {
    name: String,
    network: Network,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Channel {
    pin: u8,
    label: String,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Board {
    channels: Vec<Channel>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
enum Mode {
    Fast,
    Slow,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor", deny_unknown_fields)]
struct Sensor {
    name: String,
    mode: Mode,
    rate_hz: u32,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Samples {
    samples: Vec<u8>,
    scale: [f32; 2],
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
struct Misc {
    tags: Vec<String>,
    flag: bool,
    maybe: Option<u8>,
    letter: char,
}

/// A head of major type `major` with argument `n`.
fn head(major: u8, n: usize) -> Vec<u8> {
    match n {
        0..=23 => vec![major | n as u8],
        24..=255 => vec![major | 24, n as u8],
        _ => [vec![major | 25], (n as u16).to_be_bytes().to_vec()].concat(),
    }
}

/// A text string.
fn st(s: &str) -> Vec<u8> {
    [head(0x60, s.len()), s.as_bytes().to_vec()].concat()
}

/// A map with text keys.
fn obj(members: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut out = head(0xa0, members.len());
    for (k, v) in members {
        out.extend(st(k));
        out.extend(v);
    }
    out
}

/// An array.
fn arr(items: &[Vec<u8>]) -> Vec<u8> {
    let mut out = head(0x80, items.len());
    for v in items {
        out.extend(v);
    }
    out
}

fn uint(v: u64) -> Vec<u8> {
    match v {
        0..=0xffff => head(0x00, v as usize),
        0x1_0000..=0xffff_ffff => [vec![0x1a], (v as u32).to_be_bytes().to_vec()].concat(),
        _ => [vec![0x1b], v.to_be_bytes().to_vec()].concat(),
    }
}
fn neg(v: i64) -> Vec<u8> {
    head(0x20, (-1 - v) as usize)
}
fn f64v(v: f64) -> Vec<u8> {
    [vec![0xfb], v.to_be_bytes().to_vec()].concat()
}
/// An RFC 8746 typed array: tag `tag` around the elements' bytes.
fn typed(tag: u8, bytes: &[u8]) -> Vec<u8> {
    [vec![0xd8, tag], head(0x40, bytes.len()), bytes.to_vec()].concat()
}
/// `count` f32 zeros as a little-endian typed array.
fn f32s(count: usize) -> Vec<u8> {
    typed(85, &vec![0; 4 * count])
}
const NULL: u8 = 0xf6;
const TRUE: u8 = 0xf5;

fn network(host: Vec<u8>, port: Vec<u8>) -> Vec<u8> {
    obj(&[("host", host), ("port", port)])
}

fn config(network: Vec<u8>) -> Vec<u8> {
    obj(&[("name", st("edge")), ("network", network)])
}

fn channel(pin: Vec<u8>) -> Vec<u8> {
    obj(&[("pin", pin), ("label", st("x"))])
}

fn board(bad_pin: Vec<u8>) -> Vec<u8> {
    let chans: Vec<Vec<u8>> = (0..4)
        .map(|i| {
            if i == 3 {
                channel(bad_pin.clone())
            } else {
                channel(uint(i))
            }
        })
        .collect();
    obj(&[("channels", arr(&chans))])
}

fn misc(tags: Vec<u8>, flag: Vec<u8>, maybe: Vec<u8>, letter: Vec<u8>) -> Vec<u8> {
    obj(&[
        ("tags", tags),
        ("flag", flag),
        ("maybe", maybe),
        ("letter", letter),
    ])
}

fn ok_misc() -> [Vec<u8>; 4] {
    [arr(&[st("a"), st("b")]), vec![TRUE], vec![NULL], st("z")]
}

/// Asserts the whole message, the kind, the offset and the path of `e`.
#[track_caller]
fn check(e: Error, message: &str, kind: ErrorKind, offset: usize, path: &str) {
    if std::env::var_os("PRINT").is_some() {
        println!(
            "CASE {:?} | {:?} | {} | {:?}",
            e.to_string(),
            e.kind(),
            e.offset(),
            e.path().as_str()
        );
        return;
    }
    assert_eq!(e.to_string(), message);
    assert_eq!(e.kind(), kind);
    assert_eq!(e.offset(), offset);
    assert_eq!(e.path().as_str(), path);
}

/// Runs `f` on a thread with room for the reader's recursive skip down to the depth limit in
/// an unoptimized build.
fn on_a_big_stack(f: impl FnOnce() -> Error + Send + 'static) -> Error {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

fn fail<'de, T: CborRead<'de> + std::fmt::Debug>(doc: &'de [u8]) -> Error {
    from_slice::<T>(doc).unwrap_err()
}

#[test]
fn wrong_types() {
    // The issue's `"port": "8080"` into a u16.
    let doc = config(network(st("db"), st("8080")));
    check(
        fail::<Config>(&doc),
        "invalid type: string \"8080\", expected u16 at /network/port, byte 33",
        InvalidType("u16"),
        33,
        "/network/port",
    );
    // A float into an integer.
    let doc = config(network(st("db"), f64v(80.5)));
    check(
        fail::<Config>(&doc),
        "invalid type: floating point `80.5`, expected u16 at /network/port, byte 33",
        InvalidType("u16"),
        33,
        "/network/port",
    );
    // Null into a u8, inside an array of structs.
    let doc = board(vec![NULL]);
    check(
        fail::<Board>(&doc),
        "invalid type: null, expected u8 at /channels/3/pin, byte 58",
        InvalidType("u8"),
        58,
        "/channels/3/pin",
    );
    // A boolean into a string.
    let doc = obj(&[
        ("name", vec![TRUE]),
        ("network", network(st("db"), uint(1))),
    ]);
    check(
        fail::<Config>(&doc),
        "invalid type: boolean, expected a string at /name, byte 6",
        InvalidType("a string"),
        6,
        "/name",
    );
    // An array into a struct.
    let doc = config(arr(&[st("db"), uint(1)]));
    check(
        fail::<Config>(&doc),
        "invalid type: array, expected an object at /network, byte 19",
        InvalidType("an object"),
        19,
        "/network",
    );
    // A string into a bool.
    let [t, _, m, l] = ok_misc();
    let doc = misc(t, st("yes"), m, l);
    check(
        fail::<Misc>(&doc),
        "invalid type: string \"yes\", expected a boolean at /flag, byte 16",
        InvalidType("a boolean"),
        16,
        "/flag",
    );
    // A negative number into Option<u8>: out of range, the number shown.
    let [t, f, _, l] = ok_misc();
    let doc = misc(t, f, neg(-5), l);
    check(
        fail::<Misc>(&doc),
        "number out of range for the destination type: `-5` at /maybe, byte 23",
        NumberOutOfRange,
        23,
        "/maybe",
    );
    // An integer into a Vec<String>: the element's index in the path.
    let [_, f, m, l] = ok_misc();
    let doc = misc(arr(&[st("a"), uint(7)]), f, m, l);
    check(
        fail::<Misc>(&doc),
        "invalid type: integer `7`, expected a string at /tags/1, byte 9",
        InvalidType("a string"),
        9,
        "/tags/1",
    );
    // A boolean into a char.
    let [t, f, m, _] = ok_misc();
    let doc = misc(t, f, m, vec![TRUE]);
    check(
        fail::<Misc>(&doc),
        "invalid type: boolean, expected a string at /letter, byte 31",
        InvalidType("a string"),
        31,
        "/letter",
    );
    // A float into an i64 at the root.
    check(
        fail::<i64>(&f64v(1.5)),
        "invalid type: floating point `1.5`, expected i64 at byte 0",
        InvalidType("i64"),
        0,
        "",
    );
    // A map into a Vec<u8>.
    let doc = obj(&[("samples", obj(&[])), ("scale", f32s(2))]);
    check(
        fail::<Samples>(&doc),
        "invalid type: object, expected an array at /samples, byte 9",
        InvalidType("an array"),
        9,
        "/samples",
    );
    // A text string into a map value with an integer key.
    let doc = [vec![0xa1], uint(7), st("v")].concat();
    check(
        fail::<BTreeMap<u8, u32>>(&doc),
        "invalid type: string \"v\", expected u32 at /7, byte 2",
        InvalidType("u32"),
        2,
        "/7",
    );
    // A single-precision float into an integer shows as single precision.
    let doc = [vec![0x81, 0xfa], 0.1f32.to_be_bytes().to_vec()].concat();
    check(
        fail::<Vec<u8>>(&doc),
        "invalid type: floating point `0.1`, expected u8 at /0, byte 1",
        InvalidType("u8"),
        1,
        "/0",
    );
}

#[test]
fn numbers_out_of_range() {
    let doc = board(uint(300));
    check(
        fail::<Board>(&doc),
        "number out of range for the destination type: `300` at /channels/3/pin, byte 58",
        NumberOutOfRange,
        58,
        "/channels/3/pin",
    );
    let doc = config(network(st("db"), uint(70000)));
    check(
        fail::<Config>(&doc),
        "number out of range for the destination type: `70000` at /network/port, byte 33",
        NumberOutOfRange,
        33,
        "/network/port",
    );
    // The third element of a typed i32 array does not fit a u8: its index in the path.
    let mut samples = Vec::new();
    for v in [1i32, 2, 300] {
        samples.extend(v.to_le_bytes());
    }
    let doc = obj(&[("samples", typed(78, &samples)), ("scale", f32s(2))]);
    check(
        fail::<Samples>(&doc),
        "number out of range for the destination type: `300` at /samples/2, byte 20",
        NumberOutOfRange,
        20,
        "/samples/2",
    );
    // A typed float array into integers: the first element named.
    let mut samples = Vec::new();
    samples.extend(2.0f64.to_le_bytes());
    samples.extend(2.5f64.to_le_bytes());
    let doc = obj(&[("samples", typed(86, &samples)), ("scale", f32s(2))]);
    check(
        fail::<Samples>(&doc),
        "invalid type: floating point `2.0`, expected u8 at /samples/0, byte 12",
        InvalidType("u8"),
        12,
        "/samples/0",
    );
    // A bignum (tag 2) past u64.
    let doc = [vec![0x81, 0xc2, 0x49, 1], vec![0; 8]].concat();
    check(
        fail::<Vec<u64>>(&doc),
        "number out of range for the destination type: `18446744073709551616` at /0, byte 1",
        NumberOutOfRange,
        1,
        "/0",
    );
}

#[test]
fn missing_fields_and_element_counts() {
    let doc = config(obj(&[("host", st("db"))]));
    check(
        fail::<Config>(&doc),
        "missing field `port` at /network, byte 28",
        MissingField("port"),
        28,
        "/network",
    );
    let doc = obj(&[("name", st("edge"))]);
    check(
        fail::<Config>(&doc),
        "missing field `network` at byte 11",
        MissingField("network"),
        11,
        "",
    );
    // Three elements into [f32; 2].
    let doc = obj(&[("samples", arr(&[])), ("scale", f32s(3))]);
    check(
        fail::<Samples>(&doc),
        "too many elements for the destination at /scale, byte 16",
        TooManyElements,
        16,
        "/scale",
    );
    // One element into [f32; 2].
    let doc = obj(&[("samples", arr(&[])), ("scale", f32s(1))]);
    check(
        fail::<Samples>(&doc),
        "too few elements for the destination at /scale, byte 16",
        TooFewElements,
        16,
        "/scale",
    );
    // Three into a tuple of two, inside a map.
    let doc = obj(&[("k", arr(&[uint(1), uint(2), uint(3)]))]);
    check(
        fail::<BTreeMap<String, (u8, u8)>>(&doc),
        "too many elements for the destination at /k, byte 3",
        TooManyElements,
        3,
        "/k",
    );
    // A char from a two-character string.
    let [t, f, m, _] = ok_misc();
    let doc = misc(t, f, m, st("ab"));
    check(
        fail::<Misc>(&doc),
        "expected a string of one character at /letter, byte 31",
        ExpectedChar,
        31,
        "/letter",
    );
    // A missing field of a map with indefinite length: after its break.
    let doc = [vec![0xbf], st("host"), st("db"), vec![0xff]].concat();
    check(
        fail::<Network>(&doc),
        "missing field `port` at byte 10",
        MissingField("port"),
        10,
        "",
    );
}

#[cfg(feature = "heapless")]
#[test]
fn too_many_for_heapless() {
    let doc = arr(&[st("a"), st("b"), st("c")]);
    check(
        fail::<heapless::Vec<heapless::String<4>, 2>>(&doc),
        "too many elements for the destination at byte 0",
        TooManyElements,
        0,
        "",
    );
    let doc = arr(&[st("a"), st("bcdefg")]);
    check(
        fail::<heapless::Vec<heapless::String<4>, 2>>(&doc),
        "string too long for the destination at /1, byte 3",
        StringTooLong,
        3,
        "/1",
    );
}

#[test]
fn truncated_input() {
    let doc = config(network(st("db"), uint(8080)));
    let cut = |n: usize| fail::<Config>(&doc[..n]);
    check(
        fail::<Config>(&[]),
        "unexpected end of input at byte 0",
        UnexpectedEnd,
        0,
        "",
    );
    // After the map's head: two entries cannot fit the bytes left.
    check(
        cut(1),
        "length larger than the bytes left at byte 0",
        LengthExceedsInput,
        0,
        "",
    );
    // Inside the first key.
    check(
        cut(3),
        "length larger than the bytes left at byte 0",
        LengthExceedsInput,
        0,
        "",
    );
    // Inside the string value of `name`.
    check(
        cut(8),
        "length larger than the bytes left at /name, byte 6",
        LengthExceedsInput,
        6,
        "/name",
    );
    // Inside the port number.
    check(
        cut(doc.len() - 1),
        "unexpected end of input at /network/port, byte 34",
        UnexpectedEnd,
        34,
        "/network/port",
    );
    // Before the port's value.
    check(
        cut(doc.len() - 3),
        "unexpected end of input at /network/port, byte 33",
        UnexpectedEnd,
        33,
        "/network/port",
    );
}

#[test]
fn invalid_utf8_and_heads() {
    let doc = config(network(vec![0x63, b'a', 0xff, b'b'], uint(1)));
    check(
        fail::<Config>(&doc),
        "invalid UTF-8 in string at /network/host, byte 27",
        InvalidUtf8,
        27,
        "/network/host",
    );
    // In a key.
    let doc = [0xa1, 0x64, b'n', b'a', 0xff, b'e', 0xf6];
    check(
        fail::<Config>(&doc),
        "invalid UTF-8 in string at /na�e, byte 4",
        InvalidUtf8,
        4,
        "/na�e",
    );
    // A break where an item is due.
    let doc = board(vec![0xff]);
    check(
        fail::<Board>(&doc),
        "invalid header byte 0xff at /channels/3/pin, byte 58",
        InvalidHeader(0xff),
        58,
        "/channels/3/pin",
    );
    // A reserved additional information.
    let doc = board(vec![0x1c]);
    check(
        fail::<Board>(&doc),
        "invalid header byte 0x1c at /channels/3/pin, byte 58",
        InvalidHeader(0x1c),
        58,
        "/channels/3/pin",
    );
    // A string claiming more bytes than are left.
    let doc = obj(&[("name", vec![0x78, 0x40, b'a'])]);
    check(
        fail::<Config>(&doc),
        "length larger than the bytes left at /name, byte 6",
        LengthExceedsInput,
        6,
        "/name",
    );
}

#[test]
fn depth_and_trailing_bytes() {
    // An unknown field skipped over 200 nested arrays hits the depth limit; the path keeps the
    // deepest segments.
    let mut deep = vec![0x81; 200];
    deep.push(NULL);
    let doc = obj(&[("name", st("edge")), ("extra", deep)]);
    check(
        on_a_big_stack(move || fail::<Config>(&doc)),
        "nesting too deep at …/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0, byte 144",
        DepthLimit,
        144,
        "/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0",
    );
    let doc = [config(network(st("db"), uint(1))), vec![NULL]].concat();
    check(
        fail::<Config>(&doc),
        "trailing bytes after the value at byte 34",
        TrailingBytes,
        34,
        "",
    );
}

#[test]
fn other_entry_points() {
    let doc = config(network(st("db"), st("8080")));
    let mut c = Config {
        name: String::new(),
        network: Network {
            host: String::new(),
            port: 0,
        },
    };
    check(
        read_into(&mut c, &doc).unwrap_err(),
        "invalid type: string \"8080\", expected u16 at /network/port, byte 33",
        InvalidType("u16"),
        33,
        "/network/port",
    );
    // A reader driven by hand; describe_error gives the same message.
    let mut r = Reader::new(&doc);
    let e = Config::read_cbor(&mut r).unwrap_err();
    let e = describe_error(&doc, e);
    assert_eq!(e.found(), Found::String);
    assert_eq!(e.found_text(), b"8080");
    check(
        e,
        "invalid type: string \"8080\", expected u16 at /network/port, byte 33",
        InvalidType("u16"),
        33,
        "/network/port",
    );
    // validate: no destination, the document's own errors.
    let doc = [vec![0xa1], st("a"), vec![0x82, 0x01, 0x1e]].concat();
    check(
        validate(&doc).unwrap_err(),
        "invalid header byte 0x1e at /a/1, byte 5",
        InvalidHeader(0x1e),
        5,
        "/a/1",
    );
}

/// A struct read by hand, denying unknown keys without naming the known ones.
#[derive(Debug)]
#[allow(dead_code)]
struct Strict {
    a: u8,
}

impl<'de> CborRead<'de> for Strict {
    fn read_cbor(r: &mut Reader<'de>) -> structio_cbor::Result<Self> {
        let mut items = r.begin_map()?;
        let mut a = None;
        while r.next(&mut items)? {
            let at = r.offset();
            if r.read_str()? == "a" {
                a = Some(u8::read_cbor(r)?);
            } else {
                return Err(r.error_at(at, UnknownField));
            }
        }
        a.map(|a| Strict { a }).ok_or_else(|| r.missing_field("a"))
    }
}

#[test]
fn unknown_keys_and_variants_by_hand() {
    let doc = arr(&[
        obj(&[("a", uint(1))]),
        obj(&[("a", uint(1)), ("rate_khz", uint(2))]),
    ]);
    let e = fail::<Vec<Strict>>(&doc);
    assert_eq!(e.found(), Found::String);
    assert_eq!(e.found_text(), b"rate_khz");
    check(
        e,
        "unknown field `rate_khz` at /1/rate_khz, byte 9",
        UnknownField,
        9,
        "/1/rate_khz",
    );
    let e = Error::new(UnknownVariant, 0).one_of(&["Fast", "Slow"]);
    check(
        describe_error(&st("X"), e),
        "unknown variant `X`, expected one of `Fast`, `Slow` at byte 0",
        UnknownVariant,
        0,
        "",
    );
    check(
        fail::<Vec<Strict>>(&[0x81, 0xa0]),
        "missing field `a` at /0, byte 2",
        MissingField("a"),
        2,
        "/0",
    );
    // A key that is no text.
    check(
        fail::<Strict>(&[0xa1, 0x01, 0x02]),
        "invalid type: integer `1`, expected a string at /1, byte 1",
        InvalidType("a string"),
        1,
        "/1",
    );
}

/// The messages once the derive names the fields and variants (`one_of`) and reports an enum
/// read from the wrong kind of value as `InvalidType("enum Mode")`. Ignored until that change
/// is merged; then run it and fix what differs.
#[test]
fn names_from_the_derive() {
    let doc = obj(&[
        ("name", st("s")),
        ("mode", st("Medium")),
        ("rate_hz", uint(1)),
    ]);
    check(
        fail::<Sensor>(&doc),
        "unknown variant `Medium`, expected one of `Fast`, `Slow` at /mode, byte 13",
        UnknownVariant,
        13,
        "/mode",
    );
    let doc = obj(&[
        ("name", st("s")),
        ("mode", st("Fast")),
        ("rate_khz", uint(1)),
    ]);
    check(
        fail::<Sensor>(&doc),
        "unknown field `rate_khz`, expected one of `name`, `mode`, `rate_hz` at /rate_khz, byte 18",
        UnknownField,
        18,
        "/rate_khz",
    );
    // The integer 3 into a unit-only enum.
    let doc = obj(&[("name", st("s")), ("mode", uint(3)), ("rate_hz", uint(1))]);
    check(
        fail::<Sensor>(&doc),
        "invalid type: integer `3`, expected enum Mode (one of `Fast`, `Slow`) at /mode, byte 13",
        InvalidType("enum Mode"),
        13,
        "/mode",
    );
}

/// The error walk on broken input: every prefix of valid documents, every byte replaced,
/// random bytes, and errors claiming any offset. It must return (no panic, no hang) every time.
#[test]
fn the_walk_survives_garbage() {
    let mut samples = Vec::new();
    for v in [1i32, 2, 300] {
        samples.extend(v.to_le_bytes());
    }
    let docs = [
        config(network(st("db"), uint(8080))),
        board(uint(1)),
        obj(&[("samples", typed(78, &samples)), ("scale", f32s(2))]),
        misc(arr(&[st("a")]), vec![TRUE], vec![0xc2, 0x41, 7], st("z")),
        vec![
            0xbf, 0x01, 0x9f, 0x7f, 0x61, b'a', 0xff, 0xff, 0x82, 0x01, 0x02, 0xa0, 0xff,
        ],
        vec![0xa1, 0x81, 0x01, 0xd8, 0x18, 0x42, 0x81, 0x00],
    ];
    let walk_all = |doc: &[u8]| {
        let _ = from_slice::<Config>(doc);
        let _ = from_slice::<Board>(doc);
        let _ = from_slice::<Samples>(doc);
        let _ = from_slice::<Misc>(doc);
        let _ = validate(doc);
        for at in 0..doc.len() + 2 {
            for kind in [
                MissingField("x"),
                WrongType {
                    expected: 0x00,
                    found: 0x61,
                },
                UnknownField,
            ] {
                let _ = describe_error(doc, Error::new(kind, at)).to_string();
            }
        }
    };
    for doc in &docs {
        for cut in 0..=doc.len() {
            walk_all(&doc[..cut]);
        }
        for i in 0..doc.len() {
            for b in [0x9f, 0xbf, 0xff, 0x81, 0xa1, 0xd8, 0x7f, 0x1c, 0x1b, 0x00] {
                let mut d = doc.clone();
                d[i] = b;
                walk_all(&d);
            }
        }
    }
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..2000 {
        let mut d = Vec::new();
        for _ in 0..(seed % 48) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            d.push((seed >> 24) as u8);
        }
        walk_all(&d);
    }
    // Deep nesting (and container keys, which the walk skips) ends the walk, not the process.
    for unit in [
        &[0x81u8][..],
        &[0x9f],
        &[0xa1, 0x61, b'k'],
        &[0xa1, 0x01],
        &[0xc1],
        &[0xa1],
    ] {
        let mut deep = unit.repeat(100_000);
        deep.push(0x1c);
        let _ = on_a_big_stack(move || {
            describe_error(&deep, Error::new(UnexpectedEnd, deep.len() - 1))
        });
    }
    let mut deep = [0x81].repeat(1000);
    deep.push(0x1c);
    assert!(describe_error(&deep, Error::new(UnexpectedEnd, 1000))
        .path()
        .is_cut());
}
