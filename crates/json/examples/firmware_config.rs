//! Reading and writing a device configuration with no allocator: integers, floats, bools,
//! `&str` borrowed from the input, fixed arrays, `heapless` strings and vectors, and nested
//! structs, written back into a `&mut [u8]`.
//!
//! ```sh
//! cargo run -p structio-json --example firmware_config --no-default-features --features heapless
//! ```
//!
//! `#[derive(Json)]` works the same without std or alloc: the generated code calls only the
//! reader and writer methods, and `heapless::String<N>`/`heapless::Vec<T, N>` read and write
//! through the `heapless` feature, failing with `StringTooLong`/`TooManyElements` when the input
//! does not fit. `examples/firmware` is this config in a `#![no_std]` image for microcontrollers
//! (docs/perf/firmware.md: its flash and stack, and the link-time proof that it has no panic
//! path).

use structio_derive::Json;
use structio_json::{from_slice, to_slice, ErrorKind, Result};

/// One analog input.
#[derive(Json, Debug, PartialEq)]
struct Channel {
    pin: u8,
    offset: i16,
    scale: f32,
}

/// Network settings, nested in the configuration.
#[derive(Json, Debug, PartialEq)]
struct Network {
    ssid: heapless::String<32>,
    port: u16,
    dhcp: bool,
}

/// The whole configuration. `name` borrows from the input buffer.
#[derive(Json, Debug, PartialEq)]
struct Config<'a> {
    name: &'a str,
    rate_hz: u32,
    gains: [f64; 3],
    enabled: bool,
    channels: heapless::Vec<Channel, 8>,
    network: Network,
}

const TEXT: &str = r#"{"name":"pump","rate_hz":100,"gains":[1.5,0.25,0],"enabled":true,"channels":[{"pin":3,"offset":-12,"scale":0.5},{"pin":4,"offset":7,"scale":1.25}],"network":{"ssid":"plant-floor","port":8080,"dhcp":false}}"#;

fn main() -> Result<()> {
    let config: Config = from_slice(TEXT.as_bytes())?;
    assert_eq!(config.name, "pump");
    assert_eq!(config.channels[1].offset, 7);
    assert_eq!(config.network.ssid, "plant-floor");

    // Written back into a stack buffer: the same bytes.
    let mut buf = [0u8; 256];
    let n = to_slice(&config, &mut buf)?;
    assert_eq!(&buf[..n], TEXT.as_bytes());

    // A buffer too small is an error, never a truncated success.
    let mut small = [0u8; 64];
    let err = to_slice(&config, &mut small).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BufferFull);

    // A bad file names what went wrong and where.
    let bad = TEXT.replace("\"port\":8080", "\"port\":80800");
    let err = from_slice::<Config>(bad.as_bytes()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NumberOutOfRange);

    // An SSID longer than its 32 bytes is an error too.
    let long = TEXT.replace("plant-floor", "a-network-name-of-more-than-32-bytes");
    let err = from_slice::<Config>(long.as_bytes()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::StringTooLong);

    // Nine channels into a `heapless::Vec<Channel, 8>`: an error, not a truncated config.
    let channel = r#"{"pin":1,"offset":0,"scale":1}"#;
    let nine = TEXT.replace(
        r#"{"pin":3,"offset":-12,"scale":0.5},{"pin":4,"offset":7,"scale":1.25}"#,
        &[channel; 9].join(","),
    );
    let err = from_slice::<Config>(nine.as_bytes()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyElements);

    // A file cut short is an error at its end.
    let err = from_slice::<Config>(&TEXT.as_bytes()[..100]).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::UnexpectedEnd, 100));

    println!("{}", core::str::from_utf8(&buf[..n]).unwrap_or_default());
    Ok(())
}
