// Every attribute of serde's vocabulary that structio adds, in one type each.
use std::marker::PhantomData;
use structio_derive::Json;

mod millis {
    pub fn read(ms: u64) -> Result<std::time::Duration, &'static str> {
        Ok(std::time::Duration::from_millis(ms))
    }
    pub fn write(d: &std::time::Duration) -> u64 {
        d.as_millis() as u64
    }
}

#[derive(Json)]
struct Timing {
    #[structio(with = "millis")]
    period: std::time::Duration,
}

#[derive(Json)]
#[structio(transparent)]
struct Meters(f64);

#[derive(Json, Clone)]
#[structio(try_from = "u16", into = "u16")]
struct Port(u16);

impl TryFrom<u16> for Port {
    type Error = ();
    fn try_from(v: u16) -> Result<Self, ()> {
        if v == 0 { Err(()) } else { Ok(Port(v)) }
    }
}

impl From<Port> for u16 {
    fn from(p: Port) -> u16 {
        p.0
    }
}

#[derive(Json, Debug, PartialEq)]
enum Mode {
    Off,
    #[structio(other)]
    Unknown,
}

#[derive(Json)]
#[structio(bound = "")]
struct Marker<T> {
    #[structio(skip)]
    t: PhantomData<T>,
}

fn main() {
    let t: Timing = structio_json::from_str(r#"{"period":5}"#).unwrap();
    assert_eq!(t.period.as_millis(), 5);
    assert_eq!(structio_json::to_string(&Meters(1.5)).unwrap(), "1.5");
    assert!(structio_json::from_str::<Port>("0").is_err());
    assert_eq!(structio_json::to_string(&Port(8)).unwrap(), "8");
    assert_eq!(structio_json::from_str::<Mode>(r#""fast""#).unwrap(), Mode::Unknown);
    struct NotJson;
    let _: Marker<NotJson> = structio_json::from_str("{}").unwrap();
}
