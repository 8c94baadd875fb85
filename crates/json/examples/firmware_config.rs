//! Reading and writing a device configuration with no allocator: integers, floats, bools,
//! `&str` borrowed from the input, fixed arrays, `heapless` strings and vectors, and nested
//! structs, written back into a `&mut [u8]`.
//!
//! ```sh
//! cargo run -p structio-json --example firmware_config --no-default-features --features heapless
//! ```
//!
//! The `JsonRead`/`JsonWrite` impls are written by hand through the same reader and writer
//! methods `#[derive(Json)]` calls, so this is also what the derive generates, spelled out.

use structio_json::{
    from_slice, to_slice, ErrorKind, JsonRead, JsonWrite, KeyBuf, Reader, Result, Sink, Writer,
};

/// One analog input.
#[derive(Debug, PartialEq)]
struct Channel {
    pin: u8,
    offset: i16,
    scale: f32,
}

/// Network settings, nested in the configuration.
#[derive(Debug, PartialEq)]
struct Network {
    ssid: heapless::String<32>,
    port: u16,
    dhcp: bool,
}

/// The whole configuration. `name` borrows from the input buffer.
#[derive(Debug, PartialEq)]
struct Config<'a> {
    name: &'a str,
    rate_hz: u32,
    gains: [f64; 3],
    enabled: bool,
    channels: heapless::Vec<Channel, 8>,
    network: Network,
}

/// Reads an object's members: `member` gets each key and returns `false` for one it does not
/// know, which the reader's policy then skips (or rejects, with `deny_unknown_fields`).
fn read_members<'de>(
    r: &mut Reader<'de>,
    mut member: impl FnMut(&[u8], &mut Reader<'de>) -> Result<bool>,
) -> Result<()> {
    if r.begin_object()? {
        return Ok(());
    }
    let mut scratch = KeyBuf::new();
    loop {
        let at = r.offset();
        // A key lives in the input or in `scratch`; copy it out so `r` is free again.
        let mut key = [0u8; 16];
        let raw = r.object_key(&mut scratch)?;
        let len = raw.len();
        if let Some(dst) = key.get_mut(..len) {
            dst.copy_from_slice(raw);
        }
        let known = len <= key.len() && member(&key[..len], r)?;
        if !known {
            r.unknown_field(at)?;
        }
        if !r.object_next()? {
            return Ok(());
        }
    }
}

/// A required field's value, or the `MissingField` error naming it.
fn required<T>(r: &Reader<'_>, value: Option<T>, name: &'static str) -> Result<T> {
    value.ok_or_else(|| r.missing_field(name))
}

impl<'de> JsonRead<'de> for Channel {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let (mut pin, mut offset, mut scale) = (None, None, None);
        read_members(r, |key, r| {
            match key {
                b"pin" => pin = Some(u8::read_json(r)?),
                b"offset" => offset = Some(i16::read_json(r)?),
                b"scale" => scale = Some(f32::read_json(r)?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        Ok(Channel {
            pin: required(r, pin, "pin")?,
            offset: required(r, offset, "offset")?,
            scale: required(r, scale, "scale")?,
        })
    }
}

impl<'de> JsonRead<'de> for Network {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let (mut ssid, mut port, mut dhcp) = (None, None, None);
        read_members(r, |key, r| {
            match key {
                b"ssid" => ssid = Some(heapless::String::read_json(r)?),
                b"port" => port = Some(u16::read_json(r)?),
                b"dhcp" => dhcp = Some(bool::read_json(r)?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        Ok(Network {
            ssid: required(r, ssid, "ssid")?,
            port: required(r, port, "port")?,
            dhcp: required(r, dhcp, "dhcp")?,
        })
    }
}

impl<'de> JsonRead<'de> for Config<'de> {
    fn read_json(r: &mut Reader<'de>) -> Result<Self> {
        let mut name = None;
        let mut rate_hz = None;
        let mut gains = None;
        let mut enabled = None;
        let mut channels = None;
        let mut network = None;
        read_members(r, |key, r| {
            match key {
                b"name" => name = Some(<&str>::read_json(r)?),
                b"rate_hz" => rate_hz = Some(u32::read_json(r)?),
                b"gains" => gains = Some(<[f64; 3]>::read_json(r)?),
                b"enabled" => enabled = Some(bool::read_json(r)?),
                b"channels" => channels = Some(heapless::Vec::read_json(r)?),
                b"network" => network = Some(Network::read_json(r)?),
                _ => return Ok(false),
            }
            Ok(true)
        })?;
        Ok(Config {
            name: required(r, name, "name")?,
            rate_hz: required(r, rate_hz, "rate_hz")?,
            gains: required(r, gains, "gains")?,
            enabled: required(r, enabled, "enabled")?,
            channels: required(r, channels, "channels")?,
            network: required(r, network, "network")?,
        })
    }
}

impl JsonWrite for Channel {
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.begin_object()?;
        w.field(true, b"\"pin\":")?;
        self.pin.write_json(w)?;
        w.field(false, b"\"offset\":")?;
        self.offset.write_json(w)?;
        w.field(false, b"\"scale\":")?;
        self.scale.write_json(w)?;
        w.end_object(false)
    }
}

impl JsonWrite for Network {
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.begin_object()?;
        w.field(true, b"\"ssid\":")?;
        self.ssid.write_json(w)?;
        w.field(false, b"\"port\":")?;
        self.port.write_json(w)?;
        w.field(false, b"\"dhcp\":")?;
        self.dhcp.write_json(w)?;
        w.end_object(false)
    }
}

impl JsonWrite for Config<'_> {
    fn write_json<S: Sink>(&self, w: &mut Writer<S>) -> Result<()> {
        w.begin_object()?;
        w.field(true, b"\"name\":")?;
        self.name.write_json(w)?;
        w.field(false, b"\"rate_hz\":")?;
        self.rate_hz.write_json(w)?;
        w.field(false, b"\"gains\":")?;
        self.gains.write_json(w)?;
        w.field(false, b"\"enabled\":")?;
        self.enabled.write_json(w)?;
        w.field(false, b"\"channels\":")?;
        self.channels.write_json(w)?;
        w.field(false, b"\"network\":")?;
        self.network.write_json(w)?;
        w.end_object(false)
    }
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

    println!("{}", core::str::from_utf8(&buf[..n]).unwrap_or_default());
    Ok(())
}
