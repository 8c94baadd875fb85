//! On the host, a `no_std` binary still needs the C library for its entry (`main` is called by
//! the C runtime) and for `memcpy`/`memset`, which a firmware image gets from its own runtime;
//! rustc links with `-nodefaultlibs`, so name libc here. On a bare-metal target the QEMU binary
//! links with cortex-m-rt's script and this crate's `memory.x`.
use std::{env, fs, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=memory.x");
    println!("cargo:rerun-if-changed=build.rs");
    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("none") {
        println!("cargo:rustc-link-lib=c");
        return;
    }
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::copy("memory.x", out.join("memory.x")).expect("memory.x is readable");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rustc-link-arg-bin=firmware-qemu=-Tlink.x");
}
