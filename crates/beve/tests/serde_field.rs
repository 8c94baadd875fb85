//! `#[structio(serde)]`: fields of serde types (chrono, uuid) inside `#[derive(Beve)]`
//! structs, read through `structio_beve::serde` over the derived reader and written through
//! its serializer over the derived writer.

use chrono::{DateTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};
use structio_beve::ErrorKind;
use uuid::Uuid;

#[derive(structio_derive::Beve, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Event {
    id: u64,
    #[structio(serde)]
    at: DateTime<Utc>,
    #[structio(serde)]
    uid: Uuid,
    #[structio(serde)]
    until: Option<DateTime<Utc>>,
    #[structio(serde)]
    samples: Vec<f64>,
    name: String,
}

#[derive(structio_derive::Beve, Serialize, Deserialize, Debug, PartialEq)]
enum Log {
    Start {
        #[structio(serde)]
        at: DateTime<Utc>,
    },
    Stop,
}

#[derive(structio_derive::Beve, Serialize, Deserialize, Debug, PartialEq)]
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
        samples: vec![0.5 * f64::from(i); i as usize % 4],
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
    let bytes = structio_beve::to_vec(&b).unwrap();
    assert_eq!(bytes, structio_beve::serde::to_vec(&b).unwrap());
    assert_eq!(structio_beve::from_slice::<Batch>(&bytes).unwrap(), b);
    assert_eq!(
        structio_beve::serde::from_slice::<Batch>(&bytes).unwrap(),
        b
    );
    let mut into = Batch {
        events: vec![event(9)],
        log: vec![],
    };
    structio_beve::read_into(&mut into, &bytes).unwrap();
    assert_eq!(into, b);
}

#[test]
fn a_missing_option_is_none_and_a_missing_value_is_an_error() {
    #[derive(Serialize)]
    struct Partial {
        id: u64,
        at: DateTime<Utc>,
        uid: Uuid,
        samples: Vec<f64>,
        name: &'static str,
    }
    let e = event(2);
    let p = Partial {
        id: 1,
        at: e.at,
        uid: e.uid,
        samples: vec![],
        name: "",
    };
    let doc = structio_beve::serde::to_vec(&p).unwrap();
    let read = structio_beve::from_slice::<Event>(&doc).unwrap();
    assert_eq!((read.at, read.until), (e.at, None));
    let mut into = event(2);
    structio_beve::read_into(&mut into, &doc).unwrap();
    assert_eq!(into.until, None);

    #[derive(Serialize)]
    struct NoAt {
        id: u64,
    }
    let doc = structio_beve::serde::to_vec(&NoAt { id: 1 }).unwrap();
    let err = structio_beve::from_slice::<Event>(&doc).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::MissingField("at"));
}

#[test]
fn errors_keep_their_offset() {
    #[derive(Serialize)]
    struct Wrong<'a> {
        id: u64,
        at: &'a str,
    }
    let doc = structio_beve::serde::to_vec(&Wrong {
        id: 1,
        at: "not a date",
    })
    .unwrap();
    let err = structio_beve::from_slice::<Event>(&doc).unwrap_err();
    assert_eq!(
        err.kind(),
        ErrorKind::Custom("custom error from a serde type")
    );
    // At the string's header: the object's header and count, `id`, its value, `at`.
    let at = doc.windows(2).position(|w| w == b"at").unwrap() + 2;
    assert_eq!(err.offset(), at);

    #[derive(Serialize)]
    struct NotAString {
        at: u32,
    }
    let doc = structio_beve::serde::to_vec(&NotAString { at: 3 }).unwrap();
    let err = structio_beve::from_slice::<Event>(&doc).unwrap_err();
    let at = doc.windows(2).position(|w| w == b"at").unwrap() + 2;
    assert_eq!(err.offset(), at);

    // The reader's own errors inside the field: a document cut short.
    let bytes = structio_beve::to_vec(&event(3)).unwrap();
    for cut in 1..bytes.len() {
        let err = structio_beve::from_slice::<Event>(&bytes[..cut]).unwrap_err();
        assert!(err.offset() <= cut, "{cut}: {err:?}");
    }

    // Writing: an error the type makes is placed at the bytes written so far.
    #[derive(structio_derive::Beve)]
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
    let err = structio_beve::to_vec(&Bad { a: 1, b: Fails }).unwrap_err();
    assert_eq!(
        err.kind(),
        ErrorKind::Custom("custom error from a serde type")
    );
    // Header and count (2 bytes), key `a` (2), its value (2), key `b` (2).
    assert_eq!(err.offset(), 8);
}
