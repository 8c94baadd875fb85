//! The firmware example's job done with serde-json-core 0.7 (heapless), for the size comparison
//! in docs/perf/firmware.md: the same types, the same text, the same checks, the same profile.
#![no_std]
#![no_main]

use serde_json_core_peer::{read_config, write_config, TEXT};

const PEER_TEXT: &[u8] = br#"{"name":"pump","rate_hz":100,"gains":[1.5,0.25,0.0],"enabled":true,"channels":[{"pin":3,"offset":-12,"scale":0.5},{"pin":4,"offset":7,"scale":1.25}],"network":{"ssid":"plant-floor","port":8080,"dhcp":false}}"#;

extern "C" {
    fn write(fd: i32, buf: *const u8, count: usize) -> isize;
}

fn print(bytes: &[u8]) {
    // SAFETY: `bytes` is a live slice; `write` reads at most `bytes.len()` bytes from it.
    unsafe {
        write(1, bytes.as_ptr(), bytes.len());
    }
}

/// Exit code 0 when the config reads, writes back byte-identical, and bad input is an error.
fn run() -> Result<(), &'static [u8]> {
    // black_box: the input must not be constant-folded away, or nothing would be measured.
    let input = core::hint::black_box(TEXT);
    let config = read_config(input).map_err(|_| &b"read failed\n"[..])?;
    if config.name != "pump"
        || config.channels.get(1).map(|c| c.offset) != Some(7)
        || config.network.port != 8080
    {
        return Err(b"wrong values\n");
    }
    let mut buf = [0u8; 256];
    let n = write_config(&config, &mut buf).map_err(|_| &b"write failed\n"[..])?;
    // `get`, not indexing: this file adds no panic path of its own to what the nm check sees.
    let written = buf.get(..n).unwrap_or_default();
    // serde-json-core writes floats with ryu (`0.0`, not `0`), so its text is compared with
    // its own expected spelling.
    if written != PEER_TEXT {
        // Nine channels into a `heapless::Vec<Channel, 8>`: an error.
        let nine = br#"{"name":"p","rate_hz":1,"gains":[0,0,0],"enabled":true,"channels":[{"pin":1,"offset":0,"scale":1},{"pin":2,"offset":0,"scale":1},{"pin":3,"offset":0,"scale":1},{"pin":4,"offset":0,"scale":1},{"pin":5,"offset":0,"scale":1},{"pin":6,"offset":0,"scale":1},{"pin":7,"offset":0,"scale":1},{"pin":8,"offset":0,"scale":1},{"pin":9,"offset":0,"scale":1}],"network":{"ssid":"s","port":1,"dhcp":true}}"#;
        if read_config(core::hint::black_box(nine)).is_ok() {
            return Err(b"nine channels read\n");
        }
        print(written);
        return Err(b"\nwritten text differs\n");
    }
    // A buffer too small is an error, never a truncated success.
    let mut small = [0u8; 64];
    match write_config(&config, &mut small) {
        Err(serde_json_core::ser::Error::BufferFull) => {}
        _ => return Err(b"small buffer not BufferFull\n"),
    }
    // An SSID longer than its 32 bytes is an error.
    let long = br#"{"name":"p","rate_hz":1,"gains":[0,0,0],"enabled":true,"channels":[],"network":{"ssid":"a-network-name-of-more-than-32-bytes","port":1,"dhcp":true}}"#;
    match read_config(core::hint::black_box(long)) {
        Err(_) => {}
        _ => return Err(b"long ssid not StringTooLong\n"),
    }
    print(written);
    print(b"\nserde-json-core peer: ok\n");
    Ok(())
}

#[no_mangle]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    match run() {
        Ok(()) => 0,
        Err(msg) => {
            print(msg);
            1
        }
    }
}
