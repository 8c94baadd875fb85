//! serde's derive vocabulary beyond renaming and skipping: `with` / `serialize_with` /
//! `deserialize_with`, `transparent`, `from` / `try_from` / `into`, `other` and `bound`, each
//! read and written through JSON and BEVE from one derive.

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::time::Duration;
use structio_derive::Structio;

fn json<'de, T>(v: &T, text: &'de mut String) -> T
where
    T: structio_json::JsonWrite + structio_json::JsonRead<'de>,
{
    *text = structio_json::to_string(v).unwrap();
    structio_json::from_str(text).unwrap()
}

fn beve<'de, T>(v: &T, bytes: &'de mut Vec<u8>) -> T
where
    T: structio_beve::BeveWrite + structio_beve::BeveRead<'de>,
{
    *bytes = structio_beve::to_vec(v).unwrap();
    structio_beve::from_slice(bytes).unwrap()
}

/// Both formats round-trip `v`; returns the JSON text.
fn both<T>(v: &T) -> String
where
    T: structio_json::JsonWrite
        + for<'de> structio_json::JsonRead<'de>
        + structio_beve::BeveWrite
        + for<'de> structio_beve::BeveRead<'de>
        + PartialEq
        + std::fmt::Debug,
{
    let mut text = String::new();
    assert_eq!(&json(v, &mut text), v);
    let mut bytes = Vec::new();
    assert_eq!(&beve(v, &mut bytes), v);
    text
}

// ---- with / serialize_with / deserialize_with -------------------------------------------

/// A `Duration` as whole milliseconds: the `with` module's two functions.
mod millis {
    use std::time::Duration;

    pub fn read(ms: u64) -> Result<Duration, &'static str> {
        Ok(Duration::from_millis(ms))
    }

    pub fn write(d: &Duration) -> u64 {
        d.as_millis() as u64
    }
}

/// An even number or a refusal.
fn even(v: u32) -> Result<u32, &'static str> {
    if v.is_multiple_of(2) {
        Ok(v)
    } else {
        Err("expected an even number")
    }
}

/// Written as a string of its hex digits, read back from one (borrowing the input).
fn hex_string(v: &u32) -> String {
    format!("{v:x}")
}

fn from_hex(s: &str) -> Result<u32, &'static str> {
    u32::from_str_radix(s, 16).map_err(|_| "expected hex digits")
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
struct Timing {
    #[structio(with = "millis")]
    period: Duration,
    #[structio(deserialize_with = "even")]
    step: u32,
    #[structio(serialize_with = "hex_string", deserialize_with = "from_hex")]
    mask: u32,
    #[structio(with = "millis", default)]
    grace: Duration,
}

#[test]
fn with_functions_round_trip() {
    let t = Timing {
        period: Duration::from_millis(1500),
        step: 4,
        mask: 0xbeef,
        grace: Duration::from_millis(3),
    };
    assert_eq!(
        both(&t),
        r#"{"period":1500,"step":4,"mask":"beef","grace":3}"#
    );
}

#[test]
fn with_function_errors_and_missing() {
    // The refusal is `Custom(message)` where the value starts.
    let text = r#"{"period":1,"step":3,"mask":"0"}"#;
    let e = structio_json::from_str::<Timing>(text).unwrap_err();
    assert_eq!(
        e.kind(),
        structio_json::ErrorKind::Custom("expected an even number")
    );
    assert_eq!(e.offset(), text.find('3').unwrap());
    let e = structio_json::from_str::<Timing>(r#"{"period":1,"step":2,"mask":"xyz"}"#).unwrap_err();
    assert_eq!(
        e.kind(),
        structio_json::ErrorKind::Custom("expected hex digits")
    );
    // A `with` field is required unless it has a default.
    let e = structio_json::from_str::<Timing>(r#"{"step":2,"mask":"0"}"#).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::MissingField("period"));
    let t: Timing = structio_json::from_str(r#"{"period":1,"step":2,"mask":"0"}"#).unwrap();
    assert_eq!(t.grace, Duration::ZERO);

    // BEVE: the same refusal, at the value's header.
    #[derive(Structio)]
    #[structio(format = "structio_beve")]
    struct Raw<'a> {
        period: u64,
        step: u32,
        mask: &'a str,
    }
    let bytes = structio_beve::to_vec(&Raw {
        period: 1,
        step: 5,
        mask: "a",
    })
    .unwrap();
    let e = structio_beve::from_slice::<Timing>(&bytes).unwrap_err();
    assert_eq!(
        e.kind(),
        structio_beve::ErrorKind::Custom("expected an even number")
    );
    // The value of `step` follows its key (`SIZE` 4 bytes, `step`) after `period`'s member.
    let key = bytes.windows(4).position(|w| w == b"step").unwrap();
    assert_eq!(e.offset(), key + 4);
}

#[test]
fn with_fields_read_into_reuses_the_struct() {
    use structio_json::JsonRead;
    let mut t: Timing =
        structio_json::from_str(r#"{"period":1,"step":2,"mask":"1","grace":9}"#).unwrap();
    let mut r = structio_json::Reader::new(br#"{"mask":"ff","step":8,"period":2}"#);
    t.read_json_into(&mut r).unwrap();
    assert_eq!(
        t,
        Timing {
            period: Duration::from_millis(2),
            step: 8,
            mask: 0xff,
            grace: Duration::ZERO
        }
    );
    let mut r = structio_json::Reader::new(br#"{"mask":"ff","step":8}"#);
    let e = t.read_json_into(&mut r).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::MissingField("period"));
}

/// `with` on unnamed fields: a newtype, a tuple struct and tuple variants.
#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
struct Hex(#[structio(serialize_with = "hex_string", deserialize_with = "from_hex")] u32);

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
struct Slot(#[structio(with = "millis")] Duration, u8);

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
enum Delay {
    Fixed(#[structio(with = "millis")] Duration),
    Range(
        #[structio(with = "millis")] Duration,
        #[structio(with = "millis")] Duration,
    ),
}

#[test]
fn with_on_unnamed_fields() {
    assert_eq!(both(&Hex(255)), r#""ff""#);
    assert_eq!(both(&Slot(Duration::from_millis(1500), 3)), "[1500,3]");
    assert_eq!(
        both(&Delay::Fixed(Duration::from_millis(5))),
        r#"{"Fixed":5}"#
    );
    assert_eq!(
        both(&Delay::Range(
            Duration::from_millis(1),
            Duration::from_millis(2)
        )),
        r#"{"Range":[1,2]}"#
    );
    let e = structio_json::from_str::<Hex>(r#""zz""#).unwrap_err();
    assert_eq!(
        e.kind(),
        structio_json::ErrorKind::Custom("expected hex digits")
    );
    assert_eq!(e.offset(), 0);
    let text = r#"{"Range":[1,"x"]}"#;
    let e = structio_json::from_str::<Delay>(text).unwrap_err();
    assert_eq!(e.offset(), text.find("\"x").unwrap());
    use structio_json::JsonRead;
    let mut h = Hex(1);
    h.read_json_into(&mut structio_json::Reader::new(br#""10""#))
        .unwrap();
    assert_eq!(h, Hex(16));
}

// ---- transparent ------------------------------------------------------------------------

#[derive(Structio, Debug, PartialEq, Clone)]
#[structio(format = "structio_json", format = "structio_beve", transparent)]
struct Meters(f64);

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve", transparent)]
struct Tags {
    names: Vec<String>,
    #[structio(skip)]
    cache: Option<usize>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve", transparent)]
struct Maybe {
    inner: Option<u8>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
struct Walk {
    length: Meters,
    tags: Tags,
    #[structio(default)]
    maybe: Maybe,
}

impl Default for Maybe {
    fn default() -> Self {
        Maybe { inner: Some(7) }
    }
}

/// A transparent newtype whose field has a `with` module.
#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve", transparent)]
struct Period(#[structio(with = "millis")] Duration);

#[test]
fn transparent_reads_and_writes_as_its_field() {
    assert_eq!(both(&Meters(2.5)), "2.5");
    assert_eq!(both(&Period(Duration::from_millis(250))), "250");
    let tags = Tags {
        names: vec!["a".into(), "b".into()],
        cache: None,
    };
    assert_eq!(both(&tags), r#"["a","b"]"#);
    let w = Walk {
        length: Meters(1.0),
        tags,
        maybe: Maybe { inner: None },
    };
    assert_eq!(both(&w), r#"{"length":1,"tags":["a","b"],"maybe":null}"#);
    // The skipped field takes its default on read.
    let t: Tags = structio_json::from_str(r#"["x"]"#).unwrap();
    assert_eq!(t.cache, None);
    // An `Option` inside is still optional when its key is absent.
    #[derive(Structio, Debug, PartialEq)]
    #[structio(format = "structio_json")]
    struct Holder {
        m: Maybe,
    }
    let h: Holder = structio_json::from_str("{}").unwrap();
    assert_eq!(h.m, Maybe { inner: None });
    // Errors are the field's own, at its offset.
    let e = structio_json::from_str::<Walk>(r#"{"length":"x","tags":[]}"#).unwrap_err();
    assert_eq!(e.offset(), 10);
}

#[test]
fn transparent_read_into() {
    use structio_json::JsonRead;
    let mut t = Tags {
        names: vec!["old".into()],
        cache: Some(3),
    };
    let mut r = structio_json::Reader::new(br#"["new","two"]"#);
    t.read_json_into(&mut r).unwrap();
    assert_eq!(
        t,
        Tags {
            names: vec!["new".into(), "two".into()],
            cache: None
        }
    );
}

// ---- from / try_from / into -------------------------------------------------------------

/// A port number that is never zero, read through `u16`.
#[derive(Structio, Debug, PartialEq, Clone, Copy)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    try_from = "u16",
    into = "u16"
)]
struct Port(u16);

impl TryFrom<u16> for Port {
    type Error = &'static str;
    fn try_from(v: u16) -> Result<Self, Self::Error> {
        if v == 0 {
            Err("port 0")
        } else {
            Ok(Port(v))
        }
    }
}

impl From<Port> for u16 {
    fn from(p: Port) -> u16 {
        p.0
    }
}

/// A colour written as `[r, g, b]` and read from it: `from` and `into` through a tuple.
#[derive(Structio, Debug, PartialEq, Clone)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    from = "(u8, u8, u8)",
    into = "(u8, u8, u8)"
)]
struct Rgb {
    r: u8,
    g: u8,
    b: u8,
}

impl From<(u8, u8, u8)> for Rgb {
    fn from((r, g, b): (u8, u8, u8)) -> Self {
        Rgb { r, g, b }
    }
}

impl From<Rgb> for (u8, u8, u8) {
    fn from(c: Rgb) -> Self {
        (c.r, c.g, c.b)
    }
}

/// `from` an `Option`: an absent key is still `None` first.
#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    from = "Option<u32>"
)]
struct Limit(u32);

impl From<Option<u32>> for Limit {
    fn from(v: Option<u32>) -> Self {
        Limit(v.unwrap_or(u32::MAX))
    }
}

/// Read as one thing, written normally: an enum read from its name, written as derived.
#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
struct Server {
    port: Port,
    colour: Rgb,
    limit: Limit,
}

#[test]
fn from_try_from_into_round_trip() {
    assert_eq!(both(&Port(8080)), "8080");
    assert_eq!(both(&Rgb { r: 1, g: 2, b: 3 }), "[1,2,3]");
    let s: Server = structio_json::from_str(r#"{"port":80,"colour":[0,0,255]}"#).unwrap();
    assert_eq!(
        s,
        Server {
            port: Port(80),
            colour: Rgb { r: 0, g: 0, b: 255 },
            limit: Limit(u32::MAX)
        }
    );
    let mut bytes = Vec::new();
    let back: Server = beve(
        &Server {
            port: Port(1),
            colour: Rgb { r: 9, g: 8, b: 7 },
            limit: Limit(0),
        },
        &mut bytes,
    );
    assert_eq!(back.port, Port(1));
}

#[test]
fn try_from_refusal_is_an_error_at_the_value() {
    let text = r#"{"port": 0,"colour":[0,0,0]}"#;
    let e = structio_json::from_str::<Server>(text).unwrap_err();
    assert_eq!(
        e.kind(),
        structio_json::ErrorKind::Custom("invalid value for Port")
    );
    // At the value itself.
    assert_eq!(e.offset(), text.find('0').unwrap());
    // The wire type's own errors come first, unchanged.
    let e = structio_json::from_str::<Port>("70000").unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::NumberOutOfRange);

    let bytes = structio_beve::to_vec(&0u16).unwrap();
    let e = structio_beve::from_slice::<Port>(&bytes).unwrap_err();
    assert_eq!(
        e.kind(),
        structio_beve::ErrorKind::Custom("invalid value for Port")
    );
    assert_eq!(e.offset(), 0);
}

// ---- other ------------------------------------------------------------------------------

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    rename_all = "lowercase"
)]
enum Mode {
    Off,
    Level(u8),
    #[structio(other)]
    Unknown,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve", tag = "kind")]
enum Event {
    Start {
        at: u32,
    },
    Stop,
    #[structio(other)]
    Other,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    tag = "t",
    content = "c"
)]
enum Msg {
    Ping,
    Data(Vec<u8>),
    #[structio(other)]
    Unsupported,
}

#[test]
fn other_catches_unknown_names() {
    use structio_json::from_str;
    // Externally tagged: an unknown unit name, and an unknown name with a payload (skipped).
    assert_eq!(from_str::<Mode>(r#""turbo""#).unwrap(), Mode::Unknown);
    assert_eq!(
        from_str::<Mode>(r#"{"turbo":{"x":[1,2]}}"#).unwrap(),
        Mode::Unknown
    );
    assert_eq!(from_str::<Mode>(r#"{"level":3}"#).unwrap(), Mode::Level(3));
    assert_eq!(from_str::<Mode>(r#""unknown""#).unwrap(), Mode::Unknown);
    assert_eq!(both(&Mode::Off), r#""off""#);
    assert_eq!(both(&Mode::Unknown), r#""unknown""#);
    // The catch-all still needs a well-formed value, and one member.
    assert!(from_str::<Mode>(r#"{"turbo":[1,}"#).is_err());
    let e = from_str::<Mode>(r#"{"turbo":1,"x":2}"#).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::UnknownField);

    // Internally tagged: the whole object is skipped.
    assert_eq!(
        from_str::<Event>(r#"{"kind":"pause","for":[1,2,3]}"#).unwrap(),
        Event::Other
    );
    assert_eq!(
        from_str::<Event>(r#"{"at":5,"kind":"Start"}"#).unwrap(),
        Event::Start { at: 5 }
    );
    assert_eq!(both(&Event::Stop), r#"{"kind":"Stop"}"#);
    let e = from_str::<Event>(r#"{"at":5}"#).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::MissingTag);

    // Adjacently tagged: the content of an unknown variant is skipped.
    assert_eq!(
        from_str::<Msg>(r#"{"t":"Blob","c":{"deep":[[]]}}"#).unwrap(),
        Msg::Unsupported
    );
    assert_eq!(
        from_str::<Msg>(r#"{"t":"Blob"}"#).unwrap(),
        Msg::Unsupported
    );
    assert_eq!(both(&Msg::Data(vec![1, 2])), r#"{"t":"Data","c":[1,2]}"#);
}

#[test]
fn other_in_beve() {
    // Documents written by a newer enum, read by this one.
    #[derive(Structio)]
    #[structio(format = "structio_beve", rename_all = "lowercase")]
    enum Newer {
        Turbo,
        Boost(Vec<f64>),
    }
    #[derive(Structio)]
    #[structio(format = "structio_beve", tag = "kind")]
    enum NewerEvent {
        Pause { seconds: f64 },
    }
    let b = structio_beve::to_vec(&Newer::Turbo).unwrap();
    assert_eq!(
        structio_beve::from_slice::<Mode>(&b).unwrap(),
        Mode::Unknown
    );
    let b = structio_beve::to_vec(&Newer::Boost(vec![1.0, 2.0])).unwrap();
    assert_eq!(
        structio_beve::from_slice::<Mode>(&b).unwrap(),
        Mode::Unknown
    );
    let b = structio_beve::to_vec(&NewerEvent::Pause { seconds: 0.5 }).unwrap();
    assert_eq!(
        structio_beve::from_slice::<Event>(&b).unwrap(),
        Event::Other
    );
}

// ---- bound ------------------------------------------------------------------------------

/// A marker type parameter that is never read or written: without `bound = ""`, the derive
/// would ask `Unit: Read` and `Unit: Write` of it.
#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve", bound = "")]
struct Tagged<U> {
    value: f64,
    #[structio(skip)]
    unit: PhantomData<U>,
}

#[derive(Debug, PartialEq)]
struct Celsius; // implements neither format's traits

/// Bounds on what is actually stored, named through the format's protocol module `__p`, so one
/// string serves every format the type derives.
trait Store {
    type Item;
}
struct Floats;
impl Store for Floats {
    type Item = f64;
}

#[derive(Structio)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    bound(read = "S::Item: __p::Read<'de>", write = "S::Item: __p::Write")
)]
struct Stored<S: Store> {
    items: Vec<S::Item>,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
struct Table {
    rows: BTreeMap<String, Tagged<Celsius>>,
}

#[test]
fn bound_replaces_inferred_bounds() {
    let t: Tagged<Celsius> = structio_json::from_str(r#"{"value":21.5}"#).unwrap();
    assert_eq!(t.value, 21.5);
    let mut rows = BTreeMap::new();
    rows.insert(
        "a".to_owned(),
        Tagged {
            value: 1.0,
            unit: PhantomData,
        },
    );
    assert_eq!(both(&Table { rows }), r#"{"rows":{"a":{"value":1}}}"#);

    let s: Stored<Floats> = structio_json::from_str(r#"{"items":[1.5,2]}"#).unwrap();
    assert_eq!(s.items, [1.5, 2.0]);
    assert_eq!(
        structio_json::to_string(&s).unwrap(),
        r#"{"items":[1.5,2]}"#
    );
    let b = structio_beve::to_vec(&s).unwrap();
    assert_eq!(
        structio_beve::from_slice::<Stored<Floats>>(&b)
            .unwrap()
            .items,
        s.items
    );
}

// ---- untagged variants in a tagged enum -------------------------------------------------

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve")]
enum Setting {
    Auto,
    Fixed(u32),
    #[structio(untagged)]
    Raw(f64),
    #[structio(untagged)]
    Text(String),
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_beve", tag = "type")]
enum Shape {
    Circle {
        r: f64,
    },
    #[structio(untagged)]
    Points {
        points: Vec<(f64, f64)>,
    },
    // A tuple variant, which an internally tagged enum cannot tag, can be untagged.
    #[structio(untagged)]
    Pair(f64, f64),
}

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    tag = "t",
    content = "c"
)]
enum Packet {
    Ack(u32),
    #[structio(untagged)]
    Bare(Vec<u8>),
}

#[test]
fn untagged_variants_after_the_tagged_ones() {
    use structio_json::from_str;
    assert_eq!(both(&Setting::Auto), r#""Auto""#);
    assert_eq!(both(&Setting::Fixed(3)), r#"{"Fixed":3}"#);
    assert_eq!(both(&Setting::Raw(1.5)), "1.5");
    assert_eq!(both(&Setting::Text("hi".into())), r#""hi""#);
    // A string that names no variant falls through to the untagged ones.
    assert_eq!(
        from_str::<Setting>(r#""Fixed""#).unwrap(),
        Setting::Text("Fixed".into())
    );
    #[derive(Structio, Debug)]
    #[structio(format = "structio_json")]
    struct Holder {
        s: Setting,
    }
    let text = r#"{"s": [1]}"#;
    let e = from_str::<Holder>(text).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::NoVariantMatched);
    assert_eq!(e.offset(), text.find('[').unwrap());

    assert_eq!(
        both(&Shape::Circle { r: 1.0 }),
        r#"{"type":"Circle","r":1}"#
    );
    let p = Shape::Points {
        points: vec![(0.0, 1.0)],
    };
    assert_eq!(both(&p), r#"{"points":[[0,1]]}"#);
    assert_eq!(
        from_str::<Shape>(r#"{"points":[],"type":"Square"}"#).unwrap(),
        Shape::Points { points: vec![] }
    );

    assert_eq!(both(&Shape::Pair(1.0, 2.0)), "[1,2]");

    assert_eq!(both(&Packet::Ack(1)), r#"{"t":"Ack","c":1}"#);
    assert_eq!(both(&Packet::Bare(vec![7])), "[7]");
}

// ---- rename_all_fields, variant skip_serializing / skip_deserializing ----------------

#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_beve",
    rename_all_fields = "camelCase"
)]
enum Command {
    Move {
        target_x: i32,
        target_y: i32,
    },
    #[structio(rename_all = "SCREAMING_SNAKE_CASE")]
    Stop {
        after_ms: u32,
    },
    #[structio(skip_deserializing)]
    Internal,
    #[structio(skip_serializing)]
    Legacy,
}

#[test]
fn rename_all_fields_and_one_way_skips() {
    use structio_json::{from_str, to_string};
    assert_eq!(
        both(&Command::Move {
            target_x: 1,
            target_y: 2
        }),
        r#"{"Move":{"targetX":1,"targetY":2}}"#
    );
    assert_eq!(
        both(&Command::Stop { after_ms: 5 }),
        r#"{"Stop":{"AFTER_MS":5}}"#
    );
    // Written but never read.
    assert_eq!(to_string(&Command::Internal).unwrap(), r#""Internal""#);
    let e = from_str::<Command>(r#""Internal""#).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::UnknownVariant);
    // Read but never written.
    assert_eq!(from_str::<Command>(r#""Legacy""#).unwrap(), Command::Legacy);
    let e = to_string(&Command::Legacy).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::UnknownVariant);
    let e = structio_beve::to_vec(&Command::Legacy).unwrap_err();
    assert_eq!(e.kind(), structio_beve::ErrorKind::UnknownVariant);
}

// ---- the same attributes in CBOR, and a conversion of an absent key --------------------

/// A level that must be given: `try_from` an `Option` refusing `None`.
#[derive(Structio, Debug, PartialEq)]
#[structio(
    format = "structio_json",
    format = "structio_cbor",
    try_from = "Option<u8>"
)]
struct Required(u8);

impl TryFrom<Option<u8>> for Required {
    type Error = ();
    fn try_from(v: Option<u8>) -> Result<Self, ()> {
        v.map(Required).ok_or(())
    }
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_json", format = "structio_cbor")]
struct Knob {
    level: Required,
    #[structio(with = "millis")]
    period: Duration,
    mode: CborMode,
}

#[derive(Structio, Debug, PartialEq)]
#[structio(format = "structio_cbor")]
enum CborMode {
    Off,
    #[structio(other)]
    Unknown,
    #[structio(untagged)]
    Raw(u8),
}

impl structio_json::JsonRead<'_> for CborMode {
    fn read_json(r: &mut structio_json::Reader<'_>) -> structio_json::Result<Self> {
        Ok(CborMode::Raw(structio_json::JsonRead::read_json(r)?))
    }
}

impl structio_json::JsonWrite for CborMode {
    fn write_json<S: structio_json::Sink>(
        &self,
        w: &mut structio_json::Writer<S>,
    ) -> structio_json::Result<()> {
        match self {
            CborMode::Raw(v) => structio_json::JsonWrite::write_json(v, w),
            _ => w.write_null(),
        }
    }
}

#[test]
fn cbor_and_absent_conversions() {
    let k = Knob {
        level: Required(3),
        period: Duration::from_millis(7),
        mode: CborMode::Raw(9),
    };
    let bytes = structio_cbor::to_vec(&k).unwrap();
    assert_eq!(structio_cbor::from_slice::<Knob>(&bytes).unwrap(), k);
    let bytes = structio_cbor::to_vec(&CborMode::Off).unwrap();
    assert_eq!(
        structio_cbor::from_slice::<CborMode>(&bytes).unwrap(),
        CborMode::Off
    );
    #[derive(Structio)]
    #[structio(format = "structio_cbor")]
    enum Newer {
        Turbo,
    }
    let bytes = structio_cbor::to_vec(&Newer::Turbo).unwrap();
    assert_eq!(
        structio_cbor::from_slice::<CborMode>(&bytes).unwrap(),
        CborMode::Unknown
    );
    let bytes = structio_cbor::to_vec(&Required(0)).unwrap();
    assert_eq!(
        structio_cbor::from_slice::<Required>(&bytes).unwrap(),
        Required(0)
    );
    let bytes = structio_cbor::to_vec(&()).unwrap(); // null
    let e = structio_cbor::from_slice::<Required>(&bytes).unwrap_err();
    assert_eq!(
        e.kind(),
        structio_cbor::ErrorKind::Custom("invalid value for Required")
    );

    // An absent key: `None` refused by the conversion is a missing field.
    let e = structio_json::from_str::<Knob>(r#"{"period":1,"mode":2}"#).unwrap_err();
    assert_eq!(e.kind(), structio_json::ErrorKind::MissingField("level"));
    let k: Knob = structio_json::from_str(r#"{"level":4,"period":1,"mode":2}"#).unwrap();
    assert_eq!(k.level, Required(4));
}
