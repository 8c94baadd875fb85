//! The stack serde-json-core's `read_config` uses on a Cortex-M4 under QEMU, measured the way
//! the structio example's `firmware-qemu` measures its own (painting below the stack pointer).
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::debug::{self, EXIT_FAILURE, EXIT_SUCCESS};
use cortex_m_semihosting::hio;
use serde_json_core_peer::{read_config, TEXT};

fn print(bytes: &[u8]) {
    if let Ok(mut out) = hio::hstdout() {
        let _ = out.write_all(bytes);
    }
}

fn print_number(mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        if let Some(d) = digits.get_mut(i) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    print(digits.get(i..).unwrap_or_default());
}

const PAINT_WORDS: usize = 4096;
const PAINT: u32 = 0x5AFE_C0DE;

#[inline(never)]
fn stack_of_read(input: &[u8]) -> (usize, bool) {
    let sp = cortex_m::register::msp::read() as usize;
    let top = (sp - 64) & !3;
    let bottom = top - PAINT_WORDS * 4;
    for addr in (bottom..top).step_by(4) {
        // SAFETY: [bottom, top) lies below the live stack, inside the machine's 4 MiB of RAM
        // (memory.x); nothing else uses it, and the writes are aligned words.
        unsafe { core::ptr::write_volatile(addr as *mut u32, PAINT) };
    }
    let ok = core::hint::black_box(read_config(core::hint::black_box(input))).is_ok();
    let mut lowest = top;
    for addr in (bottom..top).step_by(4) {
        // SAFETY: as above; reading the same aligned words back.
        if unsafe { core::ptr::read_volatile(addr as *const u32) } != PAINT {
            lowest = addr;
            break;
        }
    }
    (sp - lowest, ok)
}

#[entry]
fn main() -> ! {
    let (used, ok) = stack_of_read(TEXT);
    print(b"peer-qemu: serde-json-core read_config stack: ");
    print_number(used);
    print(b" bytes\n");
    debug::exit(if ok { EXIT_SUCCESS } else { EXIT_FAILURE });
    loop {
        core::hint::spin_loop();
    }
}
