//! The firmware example's checks on the host: the C runtime calls `main` and libc supplies
//! `memcpy` and `write`, so that `.ci/firmware` can execute it; nothing in the config code
//! depends on that. `src/bin/firmware-qemu.rs` runs the same checks on a Cortex-M4.
#![no_std]
#![no_main]

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
#[no_mangle]
pub extern "C" fn main(_argc: i32, _argv: *const *const u8) -> i32 {
    match structio_firmware_example::check(&mut |b| print(b)) {
        Ok(()) => {
            print(b"\nfirmware: ok\n");
            0
        }
        Err(msg) => {
            print(msg);
            1
        }
    }
}
