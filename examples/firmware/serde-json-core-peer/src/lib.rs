//! The firmware example's job done with serde-json-core 0.7 (heapless), for the size and stack
//! comparison in docs/perf/firmware.md: the same types, the same entry points, the same profile.
#![no_std]

use serde::{Deserialize, Serialize};

/// One analog input.
#[derive(Deserialize, Serialize, Debug, PartialEq)]
pub struct Channel {
    pub pin: u8,
    pub offset: i16,
    pub scale: f32,
}

/// Network settings, nested in the configuration.
#[derive(Deserialize, Serialize, Debug, PartialEq)]
pub struct Network {
    pub ssid: heapless::String<32>,
    pub port: u16,
    pub dhcp: bool,
}

/// The whole configuration. `name` borrows from the input buffer.
#[derive(Deserialize, Serialize, Debug, PartialEq)]
pub struct Config<'a> {
    pub name: &'a str,
    pub rate_hz: u32,
    pub gains: [f64; 3],
    pub enabled: bool,
    pub channels: heapless::Vec<Channel, 8>,
    pub network: Network,
}

/// The function whose code size is measured, as in the structio example.
#[no_mangle]
#[inline(never)]
pub fn read_config(input: &[u8]) -> serde_json_core::de::Result<Config<'_>> {
    serde_json_core::from_slice(input).map(|(config, _used)| config)
}

/// The writer's counterpart, measured the same way.
#[no_mangle]
#[inline(never)]
pub fn write_config(config: &Config<'_>, out: &mut [u8]) -> serde_json_core::ser::Result<usize> {
    serde_json_core::to_slice(config, out)
}

/// The config file the checks read.
pub const TEXT: &[u8] = br#"{"name":"pump","rate_hz":100,"gains":[1.5,0.25,0],"enabled":true,"channels":[{"pin":3,"offset":-12,"scale":0.5},{"pin":4,"offset":7,"scale":1.25}],"network":{"ssid":"plant-floor","port":8080,"dhcp":false}}"#;

#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    #[cfg(all(target_os = "none", target_arch = "arm"))]
    {
        cortex_m_semihosting::debug::exit(cortex_m_semihosting::debug::EXIT_FAILURE);
        loop {
            core::hint::spin_loop();
        }
    }
    #[cfg(all(target_os = "none", not(target_arch = "arm")))]
    loop {
        core::hint::spin_loop();
    }
    #[cfg(not(target_os = "none"))]
    {
        extern "C" {
            fn abort() -> !;
        }
        // SAFETY: `abort` takes no arguments and never returns.
        unsafe { abort() }
    }
}
