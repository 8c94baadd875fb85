// A crate that renames the facade in its Cargo.toml (`sio = { package = "structio" }`) names
// the format through it.
#[derive(structio_derive::Json, Debug, PartialEq)]
#[structio(crate = "sio::json")]
struct Config {
    rate_hz: u32,
}

#[derive(structio_derive::Structio, Debug, PartialEq)]
#[structio(format = "sio::json", format = "sio::beve")]
enum Mode {
    Off,
    Level(u8),
}

#[derive(structio_derive::Structio, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[structio(format = "sio::json", format = "sio::beve")]
enum Key {
    A,
    B,
}

fn main() {
    let m = std::collections::BTreeMap::from([(Key::A, 1u8), (Key::B, 2)]);
    assert_eq!(sio::json::to_string(&m).unwrap(), r#"{"A":1,"B":2}"#);
    let bytes = sio::beve::to_vec(&m).unwrap();
    assert_eq!(sio::beve::from_slice::<std::collections::BTreeMap<Key, u8>>(&bytes).unwrap(), m);
    let c: Config = sio::json::from_str(r#"{"rate_hz":5}"#).unwrap();
    assert_eq!(c, Config { rate_hz: 5 });
    let bytes = sio::beve::to_vec(&Mode::Level(2)).unwrap();
    assert_eq!(sio::beve::from_slice::<Mode>(&bytes).unwrap(), Mode::Level(2));
    assert_eq!(sio::json::to_string(&Mode::Off).unwrap(), r#""Off""#);
}
