//! The firmware example's checks on a Cortex-M4 (`thumbv7em-none-eabihf`), run by `qemu.sh`
//! under `qemu-system-arm -machine mps2-an386` with semihosting: the console is the host's
//! stdout and the exit code is the host process's.
//!
//! It also measures the stack [`read_config`](structio_firmware_example::read_config) uses, by
//! painting: the words below the current stack pointer are filled with a pattern, the config is
//! read, and the lowest word no longer holding the pattern is how deep the call went.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::debug::{self, EXIT_FAILURE, EXIT_SUCCESS};
use cortex_m_semihosting::hio;
use structio_firmware_example::{check, read_config, LONG_SSID, NINE_CHANNELS, TEXT};

fn print(bytes: &[u8]) {
    if let Ok(mut out) = hio::hstdout() {
        let _ = out.write_all(bytes);
    }
}

/// The decimal digits of `n`, printed.
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

/// How far below the stack pointer painting reaches: more than any read of the config needs.
const PAINT_WORDS: usize = 4096;
const PAINT: u32 = 0x5AFE_C0DE;

/// The bytes of stack `read_config(input)` used, below the caller's frame.
#[inline(never)]
fn stack_of_read(input: &[u8]) -> usize {
    let sp = cortex_m::register::msp::read() as usize;
    // Leave this function's own frame alone: painting starts a little below the stack pointer.
    let top = (sp - 64) & !3;
    let bottom = top - PAINT_WORDS * 4;
    for addr in (bottom..top).step_by(4) {
        // SAFETY: [bottom, top) lies below the live stack, inside the 4 MiB RAM of the machine
        // (memory.x); nothing else uses it, and the writes are aligned words.
        unsafe { core::ptr::write_volatile(addr as *mut u32, PAINT) };
    }
    let _ = core::hint::black_box(read_config(core::hint::black_box(input)));
    let mut lowest = top;
    for addr in (bottom..top).step_by(4) {
        // SAFETY: as above; reading the same aligned words back.
        if unsafe { core::ptr::read_volatile(addr as *const u32) } != PAINT {
            lowest = addr;
            break;
        }
    }
    sp - lowest
}

#[entry]
fn main() -> ! {
    let code = match check(&mut |b| print(b)) {
        Ok(()) => {
            print(b"\nfirmware-qemu: read, written back byte-identical; BufferFull, StringTooLong, TooManyElements, UnexpectedEnd as expected\n");
            // The config, then the most over it and the bad inputs (which stop early).
            print(b"firmware-qemu: read_config stack: ");
            print_number(stack_of_read(TEXT));
            print(b" bytes for the config, ");
            let most = [TEXT, LONG_SSID, NINE_CHANNELS]
                .iter()
                .map(|t| stack_of_read(t))
                .max()
                .unwrap_or(0);
            print_number(most);
            print(b" bytes at most over it and the bad inputs\n");
            EXIT_SUCCESS
        }
        Err(msg) => {
            print(b"firmware-qemu: ");
            print(msg);
            EXIT_FAILURE
        }
    };
    debug::exit(code);
    loop {
        core::hint::spin_loop();
    }
}
