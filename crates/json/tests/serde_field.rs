//! `#[structio(serde)]`: fields of serde types (chrono, uuid) inside `#[derive(Json)]`
//! structs, read through `structio_json::serde` over the derived reader and written through
//! its serializer over the derived writer.

use chrono::{DateTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};
use structio_json::ErrorKind;
use uuid::Uuid;

#[derive(structio_derive::Json, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Event {
    id: u64,
    #[structio(serde)]
    at: DateTime<Utc>,
    #[structio(serde)]
    uid: Uuid,
    #[structio(serde)]
    until: Option<DateTime<Utc>>,
    #[structio(serde, rename = "Tags")]
    #[serde(rename = "Tags")]
    tags: Vec<String>,
    name: String,
}

#[derive(structio_derive::Json, Serialize, Deserialize, Debug, PartialEq)]
enum Log {
    Start {
        #[structio(serde)]
        at: DateTime<Utc>,
    },
    Stop,
}

#[derive(structio_derive::Json, Serialize, Deserialize, Debug, PartialEq)]
struct Batch {
    events: Vec<Event>,
    log: Vec<Log>,
}

fn event(i: u32) -> Event {
    Event {
        id: u64::from(i),
        at: Utc.with_ymd_and_hms(2024, 2, 29, 12, 30, i % 60).unwrap(),
        uid: Uuid::from_u128(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef ^ u128::from(i)),
        until: i
            .is_multiple_of(2)
            .then(|| Utc.timestamp_opt(1_700_000_000 + i64::from(i), 5).unwrap()),
        tags: vec!["a\"b".into(); i as usize % 3],
        name: format!("event {i}"),
    }
}

fn batch() -> Batch {
    Batch {
        events: (0..5).map(event).collect(),
        log: vec![Log::Start { at: event(1).at }, Log::Stop],
    }
}

#[test]
fn round_trips_and_writes_what_the_serde_path_writes() {
    let b = batch();
    let bytes = structio_json::to_vec(&b).unwrap();
    assert_eq!(bytes, structio_json::serde::to_vec(&b).unwrap());
    assert_eq!(structio_json::from_slice::<Batch>(&bytes).unwrap(), b);
    // serde_json reads it as the same value, and structio reads serde_json's text.
    assert_eq!(serde_json::from_slice::<Batch>(&bytes).unwrap(), b);
    let text = serde_json::to_string(&b).unwrap();
    assert_eq!(structio_json::from_str::<Batch>(&text).unwrap(), b);
    // Laid out: the serde field is indented at its depth.
    let pretty = structio_json::to_string_pretty(&b).unwrap();
    assert_eq!(pretty, structio_json::serde::to_string_pretty(&b).unwrap());
    assert!(
        pretty.contains("\n         \"Tags\": [\n            \"a\\\"b\"\n         ],"),
        "{pretty}"
    );
    assert_eq!(structio_json::from_str::<Batch>(&pretty).unwrap(), b);
}

#[test]
fn reads_in_place_and_out_of_order() {
    let e = event(2);
    let text = format!(
        r#"{{ "name": "x", "Tags": ["t"], "until": null, "uid": "{}", "at": "{}", "id": 9, "extra": [1] }}"#,
        e.uid,
        e.at.to_rfc3339()
    );
    let read = structio_json::from_str::<Event>(&text).unwrap();
    assert_eq!(
        (read.id, read.at, read.uid, read.until),
        (9, e.at, e.uid, None)
    );
    let mut into = event(4);
    structio_json::read_into(&mut into, text.as_bytes()).unwrap();
    assert_eq!(into, read);
}

#[test]
fn a_missing_option_is_none_and_a_missing_value_is_an_error() {
    let at = event(0).at.to_rfc3339();
    let uid = Uuid::nil();
    let text = format!(r#"{{"id":1,"at":"{at}","uid":"{uid}","Tags":[],"name":""}}"#);
    assert_eq!(structio_json::from_str::<Event>(&text).unwrap().until, None);
    let mut e = event(2);
    structio_json::read_into(&mut e, text.as_bytes()).unwrap();
    assert_eq!(e.until, None);

    let text = format!(r#"{{"id":1,"uid":"{uid}","Tags":[],"name":""}}"#);
    let err = structio_json::from_str::<Event>(&text).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::MissingField("at"), text.len())
    );
    let err = structio_json::read_into(&mut e, text.as_bytes()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::MissingField("at"));
}

#[test]
fn errors_keep_their_offset() {
    // A serde type's own error is placed at the start of its value.
    let text = r#"{"id": 1, "at": "not a date", "uid": "x"}"#;
    let err = structio_json::from_str::<Event>(text).unwrap_err();
    assert_eq!(
        err.kind(),
        ErrorKind::Custom("custom error from a serde type")
    );
    assert_eq!(err.offset(), text.find("\"not").unwrap());
    assert_eq!((err.line(), err.column()), (1, 17));
    let err = structio_json::from_str::<Event>(r#"{"id":1,"at":12}"#).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::InvalidType("a string"), 13)
    );
    // The reader's errors inside the field keep theirs.
    let text = "{\"id\":1,\n\"Tags\": [\"a\", \"b\\q\"]}";
    let err = structio_json::from_str::<Event>(text).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidEscape);
    assert_eq!(err.line(), 2);
    assert_eq!(err.offset(), text.find("\\q").unwrap());
    let err = structio_json::from_str::<Event>(r#"{"id":1,"Tags":["a",]}"#).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::TrailingComma, 20));
    let err = structio_json::from_str::<Event>(r#"{"id":1,"Tags":["a""#).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEnd);
    // After the serde field, the derived reader goes on from where it stopped.
    let err = structio_json::from_str::<Event>(r#"{"id":1,"Tags":[] x}"#).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::ExpectedCommaOrObjectEnd, 18)
    );
    // Writing: an error the type makes is placed at the bytes written so far.
    #[derive(structio_derive::Json)]
    struct Bad {
        a: u8,
        #[structio(serde)]
        b: Fails,
    }
    #[derive(Deserialize)]
    struct Fails;
    impl Serialize for Fails {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("no"))
        }
    }
    let err = structio_json::to_vec(&Bad { a: 1, b: Fails }).unwrap_err();
    assert_eq!(
        err.kind(),
        ErrorKind::Custom("custom error from a serde type")
    );
    assert_eq!(err.offset(), r#"{"a":1,"b":"#.len());
    let mut buf = [0u8; 12];
    let err = structio_json::to_slice(&event(1), &mut buf).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BufferFull);
}

#[test]
fn borrowed_serde_fields_point_into_the_input() {
    #[derive(structio_derive::Json, Debug)]
    struct Msg<'a> {
        #[structio(serde)]
        #[allow(dead_code)]
        text: &'a str,
        #[structio(serde)]
        parts: (u8, &'a str),
    }
    let input = br#"{"text":"hello","parts":[1,"p"]}"#;
    let m = structio_json::from_slice::<Msg>(input).unwrap();
    assert!(std::ptr::eq(m.text.as_ptr(), input[9..].as_ptr()));
    assert_eq!(m.parts, (1, "p"));
    // An escaped string cannot be borrowed: serde's error, at the string.
    let err = structio_json::from_slice::<Msg>(br#"{"text":"a\n"}"#).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (ErrorKind::Custom("invalid type"), 8)
    );
}
