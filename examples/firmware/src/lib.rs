//! A firmware-style configuration reader and writer: `no_std`, no allocator, `panic = "abort"`.
//!
//! The config is read from a byte buffer straight into fixed-size fields (`&str` borrowed from the
//! input, `heapless` strings and vectors, fixed arrays, integers, floats), then written back into
//! a stack buffer. [`read_config`] and [`write_config`] are the two entry points whose flash cost
//! `size-table.sh` measures (this crate built as a static library, linked with `--gc-sections`
//! from them) beside serde-json-core doing the same job (`serde-json-core-peer/`), and whose
//! panic freedom `no-panic.sh` proves at link time (feature `no-panic`).
//!
//! Two binaries run [`check`]: `src/main.rs` on the host (so that `.ci/firmware` can execute it)
//! and `src/bin/firmware-qemu.rs` on a Cortex-M4 under QEMU (`qemu.sh`).
#![no_std]

use structio_derive::Json;
use structio_json::{from_slice, to_slice, Error, ErrorKind};

/// One analog input.
#[derive(Json, Debug, PartialEq)]
pub struct Channel {
    pub pin: u8,
    pub offset: i16,
    pub scale: f32,
}

/// Network settings, nested in the configuration.
#[derive(Json, Debug, PartialEq)]
pub struct Network {
    pub ssid: heapless::String<32>,
    pub port: u16,
    pub dhcp: bool,
}

/// The whole configuration. `name` borrows from the input buffer.
#[derive(Json, Debug, PartialEq)]
pub struct Config<'a> {
    pub name: &'a str,
    pub rate_hz: u32,
    pub gains: [f64; 3],
    pub enabled: bool,
    pub channels: heapless::Vec<Channel, 8>,
    pub network: Network,
}

/// The function whose code size is measured: everything the read needs is inlined into it (or
/// into the few helpers it calls), so its symbol plus theirs is the cost of reading a config.
#[no_mangle]
#[inline(never)]
pub fn read_config(input: &[u8]) -> Result<Config<'_>, Error> {
    from_slice(input)
}

/// The writer's counterpart, measured the same way.
#[no_mangle]
#[inline(never)]
pub fn write_config(config: &Config<'_>, out: &mut [u8]) -> Result<usize, Error> {
    to_slice(config, out)
}

/// The config file the checks read and expect written back.
pub const TEXT: &[u8] = br#"{"name":"pump","rate_hz":100,"gains":[1.5,0.25,0],"enabled":true,"channels":[{"pin":3,"offset":-12,"scale":0.5},{"pin":4,"offset":7,"scale":1.25}],"network":{"ssid":"plant-floor","port":8080,"dhcp":false}}"#;

/// An SSID of 36 bytes, for a `heapless::String<32>`.
pub const LONG_SSID: &[u8] = br#"{"name":"p","rate_hz":1,"gains":[0,0,0],"enabled":true,"channels":[],"network":{"ssid":"a-network-name-of-more-than-32-bytes","port":1,"dhcp":true}}"#;

/// Nine channels, for a `heapless::Vec<Channel, 8>`.
pub const NINE_CHANNELS: &[u8] = br#"{"name":"p","rate_hz":1,"gains":[0,0,0],"enabled":true,"channels":[{"pin":1,"offset":0,"scale":1},{"pin":2,"offset":0,"scale":1},{"pin":3,"offset":0,"scale":1},{"pin":4,"offset":0,"scale":1},{"pin":5,"offset":0,"scale":1},{"pin":6,"offset":0,"scale":1},{"pin":7,"offset":0,"scale":1},{"pin":8,"offset":0,"scale":1},{"pin":9,"offset":0,"scale":1}],"network":{"ssid":"s","port":1,"dhcp":true}}"#;

/// Whether reading `input` fails with `kind`.
fn fails_with(input: &[u8], kind: ErrorKind) -> bool {
    // black_box: the input must not be constant-folded away, or nothing would be checked.
    matches!(read_config(core::hint::black_box(input)), Err(e) if e.kind() == kind)
}

/// Reads [`TEXT`], checks the values, writes it back byte-identical (handing the bytes to
/// `print`), and checks the error kinds of bad input: a buffer too small (`BufferFull`), a
/// too-long SSID (`StringTooLong`), nine channels into eight (`TooManyElements`) and a truncated
/// file (`UnexpectedEnd`). The error is a message for the console.
pub fn check(print: &mut dyn FnMut(&[u8])) -> Result<(), &'static [u8]> {
    let input = core::hint::black_box(TEXT);
    let config = read_config(input).map_err(|_| &b"read failed\n"[..])?;
    if config.name != "pump"
        || config.channels.get(1).map(|c| c.offset) != Some(7)
        || config.network.port != 8080
        || config.network.ssid != "plant-floor"
    {
        return Err(b"wrong values\n");
    }
    let mut buf = [0u8; 256];
    let n = write_config(&config, &mut buf).map_err(|_| &b"write failed\n"[..])?;
    // `get`, not indexing: this file adds no panic path of its own.
    let written = buf.get(..n).unwrap_or_default();
    if written != TEXT {
        return Err(b"written text differs\n");
    }
    // A buffer too small is an error, never a truncated success.
    let mut small = [0u8; 64];
    match write_config(&config, &mut small) {
        Err(e) if e.kind() == ErrorKind::BufferFull => {}
        _ => return Err(b"small buffer not BufferFull\n"),
    }
    if !fails_with(LONG_SSID, ErrorKind::StringTooLong) {
        return Err(b"long ssid not StringTooLong\n");
    }
    // One channel too many is an error, not a truncated config.
    if !fails_with(NINE_CHANNELS, ErrorKind::TooManyElements) {
        return Err(b"nine channels not TooManyElements\n");
    }
    let truncated = TEXT.get(..TEXT.len() / 2).unwrap_or_default();
    if !fails_with(truncated, ErrorKind::UnexpectedEnd) {
        return Err(b"truncated file not UnexpectedEnd\n");
    }
    print(written);
    Ok(())
}

#[cfg(feature = "no-panic")]
extern "C" {
    /// Defined nowhere: the image links only if no panic path is reachable from its roots.
    fn structio_firmware_panic_is_reachable() -> !;
}

#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    #[cfg(feature = "no-panic")]
    // SAFETY: never executed: calling it is only there to make a reachable panic a link error.
    unsafe {
        structio_firmware_panic_is_reachable()
    }
    #[cfg(all(not(feature = "no-panic"), target_os = "none", target_arch = "arm"))]
    {
        cortex_m_semihosting::debug::exit(cortex_m_semihosting::debug::EXIT_FAILURE);
        loop {
            core::hint::spin_loop();
        }
    }
    #[cfg(all(
        not(feature = "no-panic"),
        target_os = "none",
        not(target_arch = "arm")
    ))]
    loop {
        core::hint::spin_loop();
    }
    #[cfg(all(not(feature = "no-panic"), not(target_os = "none")))]
    {
        extern "C" {
            fn abort() -> !;
        }
        // SAFETY: `abort` takes no arguments and never returns.
        unsafe { abort() }
    }
}
